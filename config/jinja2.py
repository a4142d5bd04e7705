"""Jinja2 environment for the hot table fragments (see docs/benchmarks.md)."""

from __future__ import annotations

from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from jinja2 import Environment


def environment(**options) -> Environment:  # type: ignore[no-untyped-def]
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    env = Environment(**options)
    env.install_gettext_translations(translation, newstyle=True)  # type: ignore[attr-defined]
    env.globals.update({"static": static, "url": reverse})
    return env
