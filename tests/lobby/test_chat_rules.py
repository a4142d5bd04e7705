"""The chat's text rules as properties: whatever a client sends, a stored line is one clean line of 1 to 200
characters, or the refusal is a German IllegalAction."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.protocol import IllegalAction
from lobby import chat

ANYTHING = st.one_of(
    st.text(max_size=260),
    st.integers(),
    st.none(),
    st.booleans(),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=2),
)


@settings(max_examples=150, deadline=None)
@given(ANYTHING)
def test_clean_text_gives_one_clean_line_or_a_german_refusal(raw):  # type: ignore[no-untyped-def]
    try:
        text = chat.clean_text(raw)
    except IllegalAction as error:
        assert error.message and error.message[0].isupper()
        return
    assert isinstance(raw, str)
    assert 1 <= len(text) <= chat.MAX_LENGTH
    assert text == text.strip() and "  " not in text
    assert not any(unicodedata.category(ch).startswith("C") for ch in text)


@settings(max_examples=100, deadline=None)
@given(ANYTHING)
def test_ids_are_plain_positive_integers_or_refused(raw):  # type: ignore[no-untyped-def]
    try:
        value = chat._id_of(raw)
    except IllegalAction as error:
        assert error.message == chat.UNREADABLE
        return
    assert isinstance(value, int) and not isinstance(value, bool) and value > 0


def test_the_four_phrases_are_clean_lines():
    assert chat.PHRASES == ("Gut gespielt!", "Viel Glück!", "Danke!", "Einen Moment bitte")
    assert all(chat.clean_text(phrase) == phrase for phrase in chat.PHRASES)
