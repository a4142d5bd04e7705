"""Jinja2 environment for the hot table fragments (see docs/benchmarks.md)."""

from __future__ import annotations

from functools import lru_cache

from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from jinja2 import Environment

from games.core.translate import say


@lru_cache(maxsize=4096)
def _gettext(language: str | None, message: str) -> str:
    return translation.gettext(message)


@lru_cache(maxsize=4096)
def _ngettext(language: str | None, singular: str, plural: str, n: int) -> str:
    return translation.ngettext(singular, plural, n)


def gettext(message: str) -> str:
    """Django's gettext, remembered per active language: a fragment calls it dozens of times."""
    return _gettext(translation.get_language(), message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _ngettext(translation.get_language(), singular, plural, n)


def environment(**options) -> Environment:  # type: ignore[no-untyped-def]
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    env = Environment(**options)
    env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.globals.update({"static": static, "url": reverse, "say": say})
    env.filters["say"] = say  # a text of an engine or computer (games.core.text) in the active language
    return env
