"""The fragments' Jinja environment reads ``d.key`` on a plain dict as the item first (config/jinja2.py)."""

from __future__ import annotations

from types import SimpleNamespace

from django.template import engines


def render(source: str, **context) -> str:
    return engines["jinja2"].env.from_string(source).render(**context)


def test_a_dicts_key_an_objects_attribute_and_a_missing_one():
    assert render("{{ d.name }}", d={"name": "Paul"}) == "Paul"
    assert render("{{ o.name }}", o=SimpleNamespace(name="Erika")) == "Erika"
    assert render("[{{ d.nothing }}]", d={"name": "Paul"}) == "[]"
    assert render("{{ d.name.upper() }}", d={"name": "paul"}) == "PAUL"  # a str's method, after the item


def test_a_key_named_like_a_dict_method_is_the_item():
    assert render("{{ d.items }}", d={"items": 3}) == "3"
    assert render("{% for k, v in d.items() %}{{ k }}={{ v }}{% endfor %}", d={"a": 1}) == "a=1"
