"""A log as an append: which lines a connection sends, and that the page's log is then the new one."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from games.core.fragments import LogKey, LogLines, out_of_band, render_fragment
from lobby.runtime.log_append import appended, new_lines, update

LOG, LINE = "games/kleister/log.html", "games/kleister/log_line.html"


def page_after(shown: list, lines: list, count: int) -> list:
    """The page's lines (oldest first) after an append of the newest ``count`` of ``lines`` (table.js)."""
    return (shown + lines[len(lines) - count :])[-len(lines) :] if lines else []


def test_a_growing_log_sends_the_new_lines():
    assert new_lines("ab", "abc") == 1
    assert new_lines("ab", "abcd") == 2
    assert new_lines("abc", "abc") == 0


def test_a_full_log_drops_its_oldest_lines():
    assert new_lines("abcd", "cdef") == 2
    assert new_lines("abcd", "bcde") == 1


def test_repeated_lines_take_the_fewest_new_ones_that_give_the_log():
    assert new_lines("aaa", "aaa") == 0
    assert new_lines("aaa", "aab") == 1  # drop one "a", add "b"
    assert new_lines("abab", "abab") == 0
    assert new_lines("abab", "baba") == 1
    assert new_lines("aab", "aba") == 1  # drop "a", add "a"


def test_without_a_common_line_there_is_no_append():
    assert new_lines("abc", "xyz") is None
    assert new_lines("", "abc") is None  # an empty log on the page: the whole element is as short
    assert new_lines("abc", "") is None  # a new match with an empty log


def test_a_shorter_log_is_a_trim_without_new_lines():
    assert new_lines("abcd", "cd") == 0


@given(st.lists(st.sampled_from("ab"), max_size=7), st.lists(st.sampled_from("ab"), max_size=7))
def test_the_page_shows_exactly_the_new_log_and_no_fewer_lines_would_do(shown, lines):
    count = new_lines(shown, lines)
    fits = [n for n in range(len(lines) + 1) if page_after(shown, lines, n) == lines]
    if count is None:
        assert set(fits) <= {len(lines)}  # only all of it: the whole element is as good
    else:
        assert count == min(fits) < len(lines)


def log(*texts: str) -> tuple[LogKey, str]:
    return render_fragment(LogLines(LOG, {}, LINE, [{"cls": "kl-ev-kleben", "text": t} for t in texts]), "de")


def items(html: str) -> list[str]:
    return re.findall(r"<li[^>]*>.*?</li>", html)


def test_an_update_prepends_the_new_lines_and_says_how_many_to_keep():
    before, _ = log("eins", "zwei")
    after, html = log("zwei", "drei", "vier")
    sent = update(before, after, html)
    assert sent == (
        '<ol id="kl-log" hx-swap-oob="afterbegin" data-keep="3">'
        '<li class="kl-ev-kleben">vier</li><li class="kl-ev-kleben">drei</li></ol>'
    )
    # the page (newest first): trim to keep minus the new lines, then the new lines on top
    page = items(log("eins", "zwei")[1])
    page = items(sent) + page[: 3 - len(items(sent))]
    assert page == items(html)


def test_the_whole_log_after_a_force_a_first_render_or_another_element():
    before, _ = log("eins")
    after, html = log("eins", "zwei")
    whole = out_of_band(html)
    assert 'hx-swap-oob="true"' in whole and whole.count("<li") == 2
    assert update(None, after, html) == whole  # force or a fresh connection
    assert update(b"another fragment's key", after, html) == whole
    english = render_fragment(LogLines(LOG, {}, LINE, [{"cls": "kl-ev-kleben", "text": "eins"}]), "en")[0]
    assert update(english, after, html) == whole  # the element changed (here: its language)
    assert update(log("x", "y")[0], after, html) == whole  # no line in common


def test_no_new_line_but_a_trim_is_an_empty_append():
    assert appended(log("zwei")[0], 0) == '<ol id="kl-log" hx-swap-oob="afterbegin" data-keep="1"></ol>'
    assert update(log("eins", "zwei")[0], *log("zwei")) == appended(log("zwei")[0], 0)


def test_other_fragments_are_sent_whole():
    assert update(b"old", b"new", '<div id="x">a</div>') == '<div hx-swap-oob="true" id="x">a</div>'
