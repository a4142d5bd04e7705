"""An imported macro file's module is made once and reused, as Jinja does, with a cheaper check
(config/jinja2.py ``Template``); a template with globals of its own still gets a module that sees them."""

from __future__ import annotations

import jinja2

from config.jinja2 import Environment

MACROS = '{% macro hello(name) %}{{ greeting|default("Hallo") }} {{ name }}{% endmacro %}'
PAGE = '{% import "macros.html" as m %}{{ m.hello(who) }}'


def env() -> Environment:
    return Environment(loader=jinja2.DictLoader({"macros.html": MACROS, "page.html": PAGE}))


def test_the_imported_module_is_made_once_and_reused(monkeypatch):
    jinjas_own = jinja2.Template._get_default_module
    calls: list[int] = []

    def counted(self, ctx=None):  # type: ignore[no-untyped-def]
        calls.append(1)
        return jinjas_own(self, ctx)

    monkeypatch.setattr(jinja2.Template, "_get_default_module", counted)
    environment = env()
    page = environment.get_template("page.html")
    assert [page.render(who=name) for name in ("Anna", "Bert")] == ["Hallo Anna", "Hallo Bert"]
    macros = environment.get_template("macros.html")
    module = macros._module
    assert module is not None
    page.render(who="Carla")
    assert macros._module is module
    assert len(calls) == 1  # only the first import made the module; later ones took the cheap check


def test_a_template_with_globals_of_its_own_imports_a_module_that_sees_them():
    environment = env()
    environment.get_template("page.html").render(who="Anna")  # the shared module exists
    own = environment.get_template("page.html", globals={"greeting": "Moin"})
    assert own.render(who="Dora") == "Moin Dora"
