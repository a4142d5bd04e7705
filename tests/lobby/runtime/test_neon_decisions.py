"""Simultaneous decisions and per-seat clocks with a real game: Speedneon's facade choice and snake pivot."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from channels.db import database_sync_to_async
from django.db import close_old_connections

from games.neon import engine as neon
from lobby import services
from lobby.models import ActionRecord, Match
from lobby.runtime import actions, deadlines, expiry
from tests.lobby.runtime.test_consumer import connect, receive_until

pytestmark = pytest.mark.django_db(transaction=True)


def neon_table(players, clock_seconds: int | None = 60) -> Match:  # type: ignore[no-untyped-def]
    table = services.open_table(
        host=players[0],
        game="neon",
        places=len(players),
        options={"ausgabe": "klassisch"},
        clock_seconds=clock_seconds,
        bot_level="leicht",
        stake=0,
        fill_computers=False,
    )
    for user in players[1:]:
        services.join_table(table_id=table.pk, user=user)
    return Match.objects.get(table=table)


def choice(match: Match, seat: int) -> dict:
    return {"type": "fassade", "fassade": match.state["angebot"][seat][0]}


def test_four_people_choose_their_facade_at_the_same_moment(players):
    match = neon_table(players)
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def choose(seat: int) -> None:
        try:
            barrier.wait()
            actions.submit(match_id=match.pk, seat=seat, action=choice(match, seat), expected_version=0)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=choose, args=(seat,)) for seat in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    match.refresh_from_db()
    assert match.version == 4 and match.state["phase"] == "spiel"
    assert match.state["fassade"] == [match.state["angebot"][s][0] for s in range(4)]
    assert ActionRecord.objects.filter(match=match, by_bot=False).count() == 4


def test_the_45_seconds_run_for_everyone_from_the_same_start_and_the_computer_picks_for_the_rest(players, frozen):
    match = neon_table(players[:3])
    start = match.decisions[0]["deadline"]
    assert [d["deadline"] for d in match.decisions] == [start] * 3
    assert start == pytest.approx(deadlines.now().timestamp() + 45)
    frozen(30)
    actions.submit(match_id=match.pk, seat=1, action=choice(match, 1), expected_version=0)
    match.refresh_from_db()
    assert [d["deadline"] for d in match.decisions] == [start, None, start]  # not moved by seat 1
    frozen(25)  # 45 s + 10 s Nachfrist
    assert expiry.sweep() == 2
    match.refresh_from_db()
    bot = ActionRecord.objects.filter(match=match, by_bot=True).order_by("version")
    assert sorted(r.seat for r in bot) == [0, 2]
    assert match.state["phase"] == "spiel"
    assert match.state["fassade"][1] == choice(match, 1)["fassade"]


def play_to_the_pivot(match: Match) -> tuple[Match, int]:
    """Choose facades, then let seats pass until the seat at the snake's turn makes its first of two turns."""
    for seat in range(2):
        actions.submit(match_id=match.pk, seat=seat, action=choice(match, seat), expected_version=match.version)
        match.refresh_from_db()
    state = neon.load(match.state)
    first = neon.to_move(state)[0]
    actions.submit(match_id=match.pk, seat=first, action={"type": "passen"}, expected_version=match.version)
    match.refresh_from_db()
    pivot = neon.to_move(neon.load(match.state))[0]
    assert pivot != first
    return match, pivot


def test_at_the_snake_pivot_one_expiry_plays_one_turn(players, frozen):
    match, pivot = play_to_the_pivot(neon_table(players[:2]))
    since = match.decisions[pivot]["since"]
    frozen(60 + 11)
    assert expiry.expire(match_id=match.pk, seat=pivot, since=since)
    match.refresh_from_db()
    state = neon.load(match.state)
    assert neon.to_move(state) == [pivot], "the pivot seat's second turn is its own again"
    entry = match.decisions[pivot]
    assert entry["since"] == match.version and entry["deadline"] == pytest.approx(deadlines.now().timestamp() + 60)
    assert not expiry.expire(match_id=match.pk, seat=pivot, since=since)  # that decision is done
    assert expiry.sweep() == 0  # the second turn has its own 60 s


@pytest.mark.asyncio
async def test_four_connections_choose_facades_in_the_same_event_loop_tick(players):
    match = await database_sync_to_async(neon_table)(players)
    sockets = [await connect(match.table_id, user) for user in players]
    for socket in sockets:
        await socket.receive_from()
    frames = [json.dumps({"action": json.dumps(choice(match, seat)), "version": "0"}) for seat in range(4)]
    await asyncio.gather(*(socket.send_to(text_data=frame) for socket, frame in zip(sockets, frames, strict=True)))
    for socket in sockets:
        await receive_until(socket, 'data-phase="spiel"', tries=20)
    stored = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert stored.version == 4 and stored.state["phase"] == "spiel"
    for socket in sockets:
        await socket.disconnect()
