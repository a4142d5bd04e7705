"""The per-seat decision rule on its own (lobby/runtime/decisions.py)."""

from __future__ import annotations

import pytest

from games.core.protocol import IllegalAction
from lobby.runtime import decisions as D


def start(players: int, to_move: list[int], clocks: dict[int, float | None] | None = None) -> list[dict]:
    return D.advance(D.empty(players), version=0, to_move=to_move, keys={}, acting=None, clocks=clocks or {})


def test_every_seat_to_move_starts_a_decision_at_the_start():
    entries = start(3, [0, 2], {0: 100.0, 2: None})
    assert [e["since"] for e in entries] == [0, None, 0]
    assert [e["deadline"] for e in entries] == [100.0, None, None]


def test_another_seats_action_neither_restarts_a_decision_nor_moves_its_deadline():
    entries = start(3, [0, 1, 2], {0: 100.0, 1: 100.0, 2: 100.0})
    entries = D.advance(entries, version=1, to_move=[0, 2], keys={}, acting=1, clocks={0: 130.0, 2: 130.0})
    assert [e["since"] for e in entries] == [0, None, 0]
    assert [e["deadline"] for e in entries] == [100.0, None, 100.0]
    assert entries[1]["acted"] == 1


def test_without_a_key_each_own_action_starts_a_new_decision():
    entries = start(1, [0], {0: 100.0})
    entries = D.advance(entries, version=1, to_move=[0], keys={}, acting=0, clocks={0: 140.0})
    assert entries[0]["since"] == 1 and entries[0]["deadline"] == 140.0


def test_with_the_same_key_the_decision_goes_on_over_own_actions():
    entries = D.advance(D.empty(1), version=0, to_move=[0], keys={0: ("zug", 1)}, acting=None, clocks={0: 100.0})
    entries = D.advance(entries, version=1, to_move=[0], keys={0: ("zug", 1)}, acting=0, clocks={0: 140.0})
    assert entries[0]["since"] == 0 and entries[0]["deadline"] == 100.0
    entries = D.advance(entries, version=2, to_move=[0], keys={0: ("zug", 2)}, acting=0, clocks={0: 150.0})
    assert entries[0]["since"] == 2 and entries[0]["deadline"] == 150.0  # the snake pivot: a new turn


def test_a_seat_that_became_a_computer_loses_its_deadline():
    entries = start(2, [0, 1], {0: 100.0, 1: 100.0})
    entries = D.advance(entries, version=1, to_move=[0, 1], keys={}, acting=None, clocks={0: 130.0, 1: None})
    assert entries[0]["deadline"] == 100.0 and entries[1]["deadline"] is None


def test_check_accepts_a_page_from_any_version_since_the_decision_started():
    entries = start(2, [0, 1])
    entries = D.advance(entries, version=1, to_move=[1], keys={}, acting=0, clocks={})
    D.check(entries, seat=1, version=0, current=1, to_move=[1])
    D.check(entries, seat=1, version=1, current=1, to_move=[1])


def test_check_refuses_a_duplicate_quietly():
    entries = start(2, [0, 1])
    entries = D.advance(entries, version=1, to_move=[1], keys={}, acting=0, clocks={})
    with pytest.raises(D.DuplicateAction):
        D.check(entries, seat=0, version=0, current=1, to_move=[1])


def test_check_refuses_a_page_from_before_the_decision_started_as_stale():
    entries = start(2, [0])
    entries = D.advance(entries, version=1, to_move=[1], keys={}, acting=0, clocks={})
    with pytest.raises(D.StaleAction) as error:
        D.check(entries, seat=1, version=0, current=1, to_move=[1])
    assert not isinstance(error.value, D.DuplicateAction)


@pytest.mark.parametrize("version", [-1, 2])
def test_check_refuses_versions_the_table_never_had(version):
    with pytest.raises(D.StaleAction):
        D.check(start(1, [0]), seat=0, version=version, current=1, to_move=[0])


def test_check_refuses_a_seat_that_is_not_to_move():
    with pytest.raises(IllegalAction, match="nicht dran"):
        D.check(start(2, [0]), seat=1, version=0, current=0, to_move=[0])


def test_due_lists_only_seats_past_deadline_and_grace_earliest_first():
    entries = start(3, [0, 1, 2], {0: 100.0, 1: 90.0, 2: 200.0})
    assert D.due(entries, now=105.0, grace=10) == [1]
    assert D.due(entries, now=110.0, grace=10) == [1, 0]
    assert D.earliest(entries) == 90.0
