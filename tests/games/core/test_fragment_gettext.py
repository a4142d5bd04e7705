"""The fragments' fast ``_()``: the same HTML as Jinja's own new-style gettext, in every language."""

from __future__ import annotations

import pytest
from django.utils import translation
from jinja2 import Environment

from games.core import fragments

TEMPLATES = [
    '{{ _("Nehmen") }}',
    '{{ gettext("Keine Karten") }}',
    '{{ _("%(pct)s %% Gefahr sind zu heiß.", pct=40) }}',
    '{{ _("Hallo %(name)s", name="<b>Ada</b>") }}',
    '{{ _("a < b, kein Platzhalter") }}',
    "{% trans %}Nehmen{% endtrans %}",
    "{% trans n=3 %}{{ n }} Karte{% pluralize %}{{ n }} Karten{% endtrans %}",
    '{{ ngettext("%(num)d Karte auf der Hand", "%(num)d Karten auf der Hand", 2) }}',
    '<p title="{{ _("Nehmen") }}">{{ _("überlegt") }}</p>',
]


def jinja_reference(language: str, autoescape: bool) -> Environment:
    """Jinja's own new-style callables over the same catalog."""
    catalog = translation.trans_real.translation(language)
    env = Environment(extensions=["jinja2.ext.i18n"], autoescape=autoescape)
    env.install_gettext_callables(catalog.gettext, catalog.ngettext, newstyle=True)  # type: ignore[attr-defined]
    return env


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("source", TEMPLATES)
def test_fast_gettext_renders_what_jinja_renders(source: str, language: str) -> None:
    env = fragments._environment(language)
    expected = jinja_reference(language, env.autoescape).from_string(source).render()
    with translation.override("de" if language == "en" else "en"):  # the active language plays no part
        assert env.from_string(source).render() == expected
        assert env.from_string(source).render() == expected  # a second time: from the cache


@pytest.mark.parametrize("autoescape", [True, False])
def test_without_autoescape_the_text_stays_plain(autoescape: bool) -> None:
    fast = fragments.template_gettext(translation.trans_real.translation("en").gettext)
    env = Environment(extensions=["jinja2.ext.i18n"], autoescape=autoescape)
    env.globals.update({"gettext": fast, "_": fast})
    expected = jinja_reference("en", autoescape)
    for source in ('{{ _("Nehmen") }}', '{{ _("Hallo %(name)s", name="<b>") }}', '{{ _("a < b") }}'):
        assert env.from_string(source).render() == expected.from_string(source).render()


def test_each_language_its_catalog_and_variables_escaped() -> None:
    source = '{{ _("Nehmen") }} {{ _("%(pct)s %% Gefahr sind zu heiß.", pct="<5>") }}'
    assert fragments._environment("de").from_string(source).render() == "Nehmen &lt;5&gt; % Gefahr sind zu heiß."
    assert fragments._environment("en").from_string(source).render() == "Take &lt;5&gt; % danger is too hot."
