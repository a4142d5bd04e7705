"""Simultaneous decisions and one clock per waiting seat, with the test game (Zahlenduell)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import close_old_connections
from django.utils import timezone

from lobby.models import ActionRecord, Match
from lobby.runtime import actions, deadlines, expiry
from tests.lobby.runtime.testgame import engine as testgame

pytestmark = pytest.mark.django_db(transaction=True)


def clocked(make_table, humans: int, seconds: int = 30):  # type: ignore[no-untyped-def]
    table = make_table(humans=humans)
    table.clock_seconds = seconds
    table.save(update_fields=["clock_seconds"])
    return actions.start_match(table=table, seed=4)


def test_four_seats_acting_at_once_from_four_threads_are_all_accepted_once(make_table):
    match = actions.start_match(table=make_table(humans=4), seed=2)
    picks = {0: 1, 1: 2, 2: 3, 3: 3}
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def act(seat: int) -> None:
        try:
            barrier.wait()
            actions.submit(match_id=match.pk, seat=seat, action={"type": "pick", "n": picks[seat]}, expected_version=0)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=act, args=(seat,)) for seat in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    match.refresh_from_db()
    records = ActionRecord.objects.filter(match=match).order_by("version")
    assert match.version == 4 and sorted(r.seat for r in records) == [0, 1, 2, 3]
    # the stored state equals applying the four actions one after the other in the order they were stored
    state = testgame.new_game(seed=2, players=4, options={})
    for record in records:
        state, _ = testgame.apply(state, record.seat, record.action)
    assert testgame.dump(state) == match.state
    assert match.state["revealed"] == [[1, 2, 3, 3]] and match.state["points"] == [0, 1, 0, 0]


def test_each_waiting_seat_has_its_own_deadline_that_others_do_not_move(make_table, frozen):
    match = clocked(make_table, humans=3)
    start = [d["deadline"] for d in match.decisions]
    assert start[0] is not None and start == [start[0]] * 3
    frozen(20)
    actions.submit(match_id=match.pk, seat=1, action={"type": "pick", "n": 2}, expected_version=0)
    match.refresh_from_db()
    assert [d["deadline"] for d in match.decisions] == [start[0], None, start[0]]


def expire_due(match: Match) -> list[int]:
    match.refresh_from_db()
    return [s for s, d in enumerate(match.decisions) if expiry.expire(match_id=match.pk, seat=s, since=d["since"] or 0)]


@pytest.mark.parametrize("waiting", [1, 2, 3])
def test_expiry_plays_for_exactly_the_seats_whose_time_ran_out(make_table, frozen, waiting):
    match = clocked(make_table, humans=3)
    for seat in range(3 - waiting):
        actions.submit(match_id=match.pk, seat=seat, action={"type": "pick", "n": 1}, expected_version=0)
    frozen(30 + 9)
    assert expire_due(match) == []  # inside the Nachfrist
    frozen(2)
    assert expiry.sweep() == waiting
    match.refresh_from_db()
    bot = ActionRecord.objects.filter(match=match, by_bot=True)
    assert sorted(r.seat for r in bot) == list(range(3 - waiting, 3))
    assert all("Bedenkzeit" in r.events[0]["text"] for r in bot)
    assert match.state["round"] == 2  # every seat picked once
    # the new round's decisions got fresh deadlines from now on
    assert all(d["deadline"] == deadlines.now().timestamp() + 30 for d in match.decisions)
    assert expiry.sweep() == 0


def test_each_seat_expires_at_its_own_moment(make_table, frozen):
    match = clocked(make_table, humans=2)
    actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 1}, expected_version=0)
    actions.submit(match_id=match.pk, seat=1, action={"type": "pick", "n": 2}, expected_version=1)
    frozen(15)
    actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 3}, expected_version=2)
    frozen(26)  # 41 s after round 2 started: seat 1's time is up, seat 0 had chosen
    assert expiry.sweep() == 1
    match.refresh_from_db()
    assert match.state["round"] == 3
    assert ActionRecord.objects.get(match=match, by_bot=True).seat == 1
    frozen(14)  # round 3 started at the expiry: both clocks run from that moment
    assert expiry.sweep() == 0
    frozen(26)
    assert expiry.sweep() == 2


def test_an_expiry_armed_for_an_old_decision_does_nothing(make_table, frozen):
    match = clocked(make_table, humans=2)
    actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 1}, expected_version=0)
    actions.submit(match_id=match.pk, seat=1, action={"type": "pick", "n": 1}, expected_version=0)
    frozen(60)
    assert not expiry.expire(match_id=match.pk, seat=0, since=0)  # that decision was made by the human
    assert ActionRecord.objects.filter(match=match, by_bot=True).count() == 0


def test_a_crash_during_the_computers_move_keeps_the_deadline_and_it_fires_again(make_table, frozen, monkeypatch):
    match = clocked(make_table, humans=2)
    frozen(41)

    def crash(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("process dies")

    monkeypatch.setattr(actions, "apply_locked", crash)
    assert expiry.sweep() == 0  # both expiries failed and were logged
    match.refresh_from_db()
    assert match.version == 0 and all(d["deadline"] is not None for d in match.decisions)
    monkeypatch.undo()
    monkeypatch.setattr(deadlines, "now", lambda: timezone.now() + timedelta(seconds=41))
    assert expiry.sweep() == 2
    match.refresh_from_db()
    assert match.version == 2 and ActionRecord.objects.filter(match=match, by_bot=True).count() == 2
