"""Jinja2 environment for the hot table fragments (see docs/benchmarks.md)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation

from games.core.bars import number
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


class Template(jinja2.Template):
    """Jinja's template with ``{% import "…/_macros.html" as m %}`` cheaper on every render.

    Jinja reuses the imported file's module unless the importing template has globals the imported one
    lacks, and finds out by a set difference against a ``ChainMap``'s keys, which runs in Python on
    every render (about 3 % of a Speedneon move's rendering). Here that difference is taken against the
    imported template's global names as a frozenset, made once: the globals are set when the
    environment is made (``environment`` below). Names added to a template later only make the check
    fail more often, and then Jinja's own check decides.
    """

    _global_names: frozenset[str] | None = None

    def _get_default_module(self, ctx: Any = None) -> Any:
        if ctx is not None and self._module is not None:
            names = self._global_names
            if names is None:
                names = self._global_names = frozenset(self.globals)
            if ctx.globals_keys <= names:
                return self._module
        return super()._get_default_module(ctx)


class Environment(jinja2.Environment):
    """Jinja's environment with ``d.key`` on a plain dict read as the item first.

    The fragments' inputs are plain dicts, and Jinja looks an attribute up before an item: every
    ``d.key`` raised and caught an AttributeError first (8 % of a Speedburg move's rendering,
    docs/benchmarks.md, session 15). The one difference: a key named like a dict method (``items``,
    ``get``…) now hides the method; no template calls those methods, and no input has such a key.
    """

    template_class = Template

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def environment(**options) -> Environment:  # type: ignore[no-untyped-def]
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    env = Environment(**options)
    env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.globals.update({"static": static, "url": reverse, "say": say})
    env.filters["say"] = say  # a text of an engine or computer (games.core.text) in the active language
    env.filters["num"] = number  # a score that may be negative, with a real minus sign (games.core.bars)
    return env
