"""``frames.match_legal``: the server's own legal action equal in value and type, or none."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lobby.runtime import frames

LEGAL = [
    {"type": "play", "cards": [3, 3], "column": 1},
    {"type": "play", "cards": [3], "column": 1},
    {"type": "pass"},
    {"type": "flag", "on": True},
]


def test_the_server_s_own_copy_is_returned() -> None:
    sent = {"column": 1, "cards": [3, 3], "type": "play"}
    found = frames.match_legal(sent, LEGAL)
    assert found is LEGAL[0]


def test_equal_values_of_another_type_are_refused() -> None:
    assert frames.match_legal({"type": "play", "cards": [3.0, 3], "column": 1}, LEGAL) is None
    assert frames.match_legal({"type": "play", "cards": [3, 3], "column": True}, LEGAL) is None
    assert frames.match_legal({"type": "flag", "on": 1}, LEGAL) is None


def test_an_action_that_is_not_legal_is_refused() -> None:
    assert frames.match_legal({"type": "play", "cards": [3, 3, 3], "column": 1}, LEGAL) is None
    assert frames.match_legal({"type": "pass", "extra": 1}, LEGAL) is None
    assert frames.match_legal({"type": "pass"}, []) is None


scalars = st.one_of(st.integers(-3, 3), st.sampled_from([0.0, 1.0, 2.5, True, False, None]), st.sampled_from("ab"))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=6)
actions = st.dictionaries(st.sampled_from(["type", "x", "y"]), values, max_size=3)


@settings(max_examples=300)
@given(action=actions, legal=st.lists(actions, max_size=6))
def test_it_finds_what_canonical_json_finds(action: dict[str, Any], legal: list[dict[str, Any]]) -> None:
    key = frames.canonical(action)
    expected = next((candidate for candidate in legal if frames.canonical(candidate) == key), None)
    assert frames.match_legal(action, legal) is expected
