"""The fragment contract: a Fragment is rendered once per distinct input and keyed by its input."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import fragments, translate
from games.core.fragments import Fragment, attr_json, render_fragment, to_html

TEMPLATE = "games/core/error.html"


@pytest.fixture(autouse=True)
def cold_cache():
    fragments.clear_render_cache()
    yield
    fragments.clear_render_cache()


def count_renders(monkeypatch) -> list[str]:
    calls: list[str] = []
    original = fragments.render_template

    def counting(name, context, lang=None):
        calls.append(name)
        return original(name, context, lang)

    monkeypatch.setattr(fragments, "render_template", counting)
    return calls


def test_equal_inputs_render_once_and_share_key(monkeypatch):
    calls = count_renders(monkeypatch)
    first = render_fragment(Fragment(TEMPLATE, {"message": "Nicht dran."}))
    second = render_fragment(Fragment(TEMPLATE, {"message": "Nicht dran."}))
    assert first == second
    assert "Nicht dran." in first[1]
    assert calls == [TEMPLATE]


def test_a_different_input_renders_again_with_another_key(monkeypatch):
    calls = count_renders(monkeypatch)
    one = render_fragment(Fragment(TEMPLATE, {"message": "A"}))
    two = render_fragment(Fragment(TEMPLATE, {"message": "B"}))
    assert one[0] != two[0] and one[1] != two[1]
    assert len(calls) == 2


def test_true_and_one_are_different_inputs():
    assert Fragment(TEMPLATE, {"x": True}).key() != Fragment(TEMPLATE, {"x": 1}).key()


def test_only_plain_data_is_accepted():
    with pytest.raises(ValueError):
        Fragment(TEMPLATE, {"f": lambda: 1}).key()


def test_ready_html_is_its_own_key():
    assert render_fragment("<p id='x'>a</p>") == ("<p id='x'>a</p>", "<p id='x'>a</p>")
    assert to_html({"x": "<p id='x'>a</p>", "e": Fragment(TEMPLATE, {"message": "M"})})["x"] == "<p id='x'>a</p>"


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(fragments, "RENDER_CACHE_SIZE", 3)
    for n in range(10):
        render_fragment(Fragment(TEMPLATE, {"message": str(n)}))
    assert len(fragments._rendered) == 3


def test_one_input_is_rendered_once_per_language(monkeypatch):
    from django.utils import translation

    calls = count_renders(monkeypatch)
    fragment = Fragment("games/core/advice.html", {"thinking": True})
    with translation.override("de"):
        de_key, de_html = render_fragment(fragment)
        assert render_fragment(fragment) == (de_key, de_html)
    with translation.override("en"):
        en_key, en_html = render_fragment(fragment)
    assert "Der Computer denkt nach" in de_html and "The computer is thinking" in en_html
    assert de_key != en_key and len(calls) == 2


def test_the_same_input_renders_once_per_language():
    """A fragment's HTML depends on the language it is rendered in: the cache and the key keep them apart."""
    fragment = fragments.Fragment("games/core/error.html", {"message": "x"})
    fragments.clear_render_cache()
    de_key, _ = fragments.render_fragment(fragment, "de")
    en_key, _ = fragments.render_fragment(fragment, "en")
    assert de_key != en_key
    # each language its own catalog, whatever the active language is (and in any order)
    advice = fragments.Fragment("games/core/advice.html", {"thinking": True})
    assert "The computer is thinking" in fragments.render_fragment(advice, "en")[1]
    assert "Der Computer denkt nach" in fragments.render_fragment(advice, "de")[1]
    assert "The computer is thinking" in fragments.render_fragment(advice, "en")[1]
    assert fragments.render_fragment(fragment, "de")[0] == de_key


# ------------------------------------------------------------------ a log: the element and each line on their own

LOG, LINE = "games/kleister/log.html", "games/kleister/log_line.html"


def kleister_log(*texts: str) -> fragments.LogLines:
    return fragments.LogLines(LOG, {}, LINE, [{"cls": "kl-ev-kleben", "text": t} for t in texts])


def test_a_log_is_its_element_with_the_lines_newest_first():
    key, html = render_fragment(kleister_log("eins", "zwei", "<drei>"), "de")
    assert html == (
        '<ol id="kl-log" class="kl-log" aria-label="Verlauf" reversed>'
        '<li class="kl-ev-kleben">&lt;drei&gt;</li><li class="kl-ev-kleben">zwei</li>'
        '<li class="kl-ev-kleben">eins</li></ol>'
    )
    assert isinstance(key, fragments.LogKey) and (key.tag, key.id) == ("ol", "kl-log")
    assert key.html == ('<li class="kl-ev-kleben">eins</li>', '<li class="kl-ev-kleben">zwei</li>',
                        '<li class="kl-ev-kleben">&lt;drei&gt;</li>')  # fmt: skip
    assert to_html({"kl-log": kleister_log("eins")})["kl-log"].count("<li") == 1


def test_each_line_has_its_own_key_and_is_rendered_once(monkeypatch):
    calls = count_renders(monkeypatch)
    short, _ = render_fragment(kleister_log("eins", "zwei"), "de")
    longer, _ = render_fragment(kleister_log("eins", "zwei", "eins"), "de")
    assert calls == [LOG, LINE, LINE]  # the element once, "eins" and "zwei" once each
    assert longer.lines[:2] == short.lines and longer.lines[2] == longer.lines[0]
    assert longer.element == short.element and longer != short
    assert render_fragment(kleister_log("eins", "zwei"), "de")[0] == short
    english, _ = render_fragment(kleister_log("eins", "zwei"), "en")
    assert english.element != short.element and set(english.lines).isdisjoint(short.lines)


def test_a_log_key_compares_its_input_only():
    assert kleister_log("a", "b").key() == kleister_log("a", "b").key() != kleister_log("b", "a").key()
    with pytest.raises(ValueError):
        fragments.LogLines(LOG, {}, LINE, [{"text": lambda: 1}]).key()


@pytest.mark.parametrize("element", ['<ol id="x"><li>fest</li></ol>', "<ol></ol>", "<ol id='x'></ol> <p></p>"])
def test_a_log_element_must_render_empty_with_an_id(monkeypatch, element):
    original = fragments.render_template
    monkeypatch.setattr(
        fragments, "render_template", lambda n, c, lang=None: element if n == "x" else original(n, c, lang)
    )
    with pytest.raises(ValueError):
        render_fragment(fragments.LogLines("x", {}, LINE, [{"cls": "c", "text": "t"}]), "de")


def test_remembered_data_is_built_once_per_input_and_language():
    from games.core import translate

    built: list[tuple] = []

    @fragments.remembered
    def panel(seat: int, cards: list[int]) -> dict:
        built.append((seat, tuple(cards)))
        return {"seat": seat, "text": translate.gettext("Schließen")}

    first = panel(1, [3, 4])
    assert panel(1, [3, 4]) is first and len(built) == 1  # an equal input (a new list) is not built again
    assert panel(1, [4, 3]) is not first and panel(2, [3, 4])["seat"] == 2 and len(built) == 3
    with translate.rendering_in("en"):
        english = panel(1, [3, 4])
    assert english["text"] == "Close" and first["text"] == "Schließen" and len(built) == 4
    fragments.clear_render_cache()
    assert panel(1, [3, 4]) == first and len(built) == 5  # forgotten with the rendered HTML


def test_a_compiled_template_keeps_its_globals_as_one_dict(monkeypatch):
    """Jinja copies a template's globals into each render's context: a plain dict copies in a few µs,
    the ChainMap Jinja keeps them in in about 18 (docs/benchmarks.md, session 9). Same output, same globals."""
    env = fragments._environment("de")
    monkeypatch.setattr(env, "auto_reload", False)
    monkeypatch.setattr(fragments, "_templates", {})
    name, data = "games/core/advice.html", {"thinking": True}
    expected = env.get_template(name).render(data)
    chained = dict(env.get_template(name).globals)
    html = fragments.render_template(name, data, "de")
    template = fragments._templates[("de", name)]
    assert type(template.globals) is dict and template.globals == chained
    assert html == expected and "Der Computer denkt nach" in html


def test_a_log_line_of_the_same_event_object_is_built_and_keyed_once(monkeypatch):
    """The runtime carries a log's event dicts from version to version: per_object builds each event's line
    once, and render_line keys and renders a line whose item is the very same object only once."""
    built: list[str] = []

    @fragments.per_object
    def line(event):  # type: ignore[no-untyped-def]
        built.append(event["text"])
        return {"cls": "kl-ev-kleben", "text": event["text"]}

    keyed: list[str] = []
    original = fragments.Fragment.key
    monkeypatch.setattr(fragments.Fragment, "key", lambda self: keyed.append(self.template) or original(self))
    events = [{"text": "eins"}, {"text": "zwei"}]
    first = render_fragment(fragments.LogLines(LOG, {}, LINE, [line(e) for e in events]), "de")
    events = [*events[1:], {"text": "drei"}]  # the next version: the same "zwei" object and a new event
    second = render_fragment(fragments.LogLines(LOG, {}, LINE, [line(e) for e in events]), "de")
    assert built == ["eins", "zwei", "drei"] and keyed.count(LINE) == 3
    assert first[0].lines[1] == second[0].lines[0] and "drei" in second[1] and "eins" not in second[1]
    # an equal event that is another object (loaded anew from the database) is built and keyed again
    render_fragment(fragments.LogLines(LOG, {}, LINE, [line({"text": "zwei"})]), "de")
    assert built[-1] == "zwei" and keyed.count(LINE) == 4
    # the language is part of what is remembered
    with translate.rendering_in("en"):
        line(events[0])
    assert built[-1] == "zwei" and len(built) == 5


class _Attributes(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.found.append(dict(attrs))


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
        max_leaves=8,
    )
)
@settings(max_examples=200, deadline=None)
def test_attr_json_reads_back_from_a_single_quoted_attribute_and_never_breaks_out(value):
    parser = _Attributes()
    parser.feed(f"<div data-x='{attr_json(value)}' data-y=\"1\"></div>")
    parser.close()
    assert parser.found == [{"data-x": json.dumps(value, separators=(",", ":"), ensure_ascii=False), "data-y": "1"}]


def test_attr_json_escapes_only_what_a_single_quoted_attribute_needs():
    assert attr_json({"a": 'Spieler\'s <b> & "x"'}) == '{"a":"Spieler&#39;s &lt;b&gt; &amp; \\"x\\""}'
