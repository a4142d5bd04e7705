"""Speedburg at live tables: "2 ziehen, 1 behalten" and "Weiter" by everyone at once, one clock per seat,
a building turn (build, then discard at two) as one decision, and the Windschutz over the websocket."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from channels.db import database_sync_to_async

from games.burg import engine as burg
from lobby import services
from lobby.models import ActionRecord, Match
from lobby.runtime import actions, deadlines, expiry
from tests.lobby.runtime.test_consumer import connect, receive_until

pytestmark = pytest.mark.django_db(transaction=True)


def burg_table(players, clock_seconds: int | None = 60, bauen: str = "verdeckt") -> Match:  # type: ignore[no-untyped-def]
    table = services.open_table(
        host=players[0],
        game="burg",
        places=len(players),
        options={"skizzenwahl": "zwei", "bauen": bauen},
        clock_seconds=clock_seconds,
        bot_level="leicht",
        stake=0,
        fill_computers=False,
    )
    for user in players[1:]:
        services.join_table(table_id=table.pk, user=user)
    return Match.objects.get(table=table)


def keep(match: Match, seat: int, which: int = 0) -> dict:
    return {"type": "skizze", "skizze": match.state["angebot"][seat][which]}


def play_until(match: Match, phase: str, seed: int = 1) -> Match:
    """The seats to move play random legal actions until the game reaches ``phase``."""
    rng = random.Random(seed)
    for _ in range(200):
        match.refresh_from_db()
        state = burg.load(match.state)
        if state.phase == phase:
            return match
        seat = burg.to_move(state)[0]
        action = rng.choice(burg.legal_actions(state, seat))
        actions.submit(match_id=match.pk, seat=seat, action=action, expected_version=match.version)
    raise AssertionError(f"never reached {phase}")


@pytest.mark.asyncio
async def test_four_people_keep_their_sketch_in_the_same_event_loop_tick(players):
    match = await database_sync_to_async(burg_table)(players)
    sockets = [await connect(match.table_id, user) for user in players]
    for socket in sockets:
        first = await socket.receive_from()
        assert 'data-phase="skizze"' in first and 'data-testid="sketch-choice"' in first
    frames = [json.dumps({"action": json.dumps(keep(match, seat, seat % 2)), "version": "0"}) for seat in range(4)]
    await asyncio.gather(*(socket.send_to(text_data=frame) for socket, frame in zip(sockets, frames, strict=True)))
    for socket in sockets:
        await receive_until(socket, 'data-phase="bauen"', tries=20)
    stored = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert stored.version == 4 and stored.state["phase"] == "bauen"
    assert stored.state["skizze"] == [stored.state["angebot"][s][s % 2] for s in range(4)]
    assert await database_sync_to_async(ActionRecord.objects.filter(match=stored, by_bot=False).count)() == 4
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.asyncio
async def test_both_press_weiter_at_the_same_moment_and_round_two_begins(players):
    match = await database_sync_to_async(burg_table)(players[:2], clock_seconds=None)
    match = await database_sync_to_async(play_until)(match, "wertung")
    a, b = await connect(match.table_id, players[0]), await connect(match.table_id, players[1])
    for socket in (a, b):
        text = await socket.receive_from()
        assert "Rundenwertung" in text and 'data-testid="weiter"' in text
    frame = json.dumps({"action": json.dumps({"type": "weiter"}), "version": str(match.version)})
    await asyncio.gather(a.send_to(text_data=frame), b.send_to(text_data=frame))
    for socket in (a, b):
        await receive_until(socket, 'data-runde="2"', tries=20)
    stored = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert stored.state["runde"] == 2 and stored.state["phase"] == "skizze"
    for socket in (a, b):
        await socket.disconnect()


@pytest.mark.asyncio
async def test_behind_the_windschutz_the_other_gets_only_the_count_over_the_socket(players):
    match = await database_sync_to_async(burg_table)(players[:2], clock_seconds=None)
    for seat in range(2):
        await database_sync_to_async(actions.submit)(
            match_id=match.pk, seat=seat, action=keep(match, seat), expected_version=seat
        )
    await database_sync_to_async(match.refresh_from_db)()
    a, b = await connect(match.table_id, players[0]), await connect(match.table_id, players[1])
    await a.receive_from()
    await b.receive_from()
    state = burg.load(match.state)
    mover = burg.to_move(state)[0]
    build = next(x for x in burg.legal_actions(state, mover) if x["type"] == "bauen")
    sockets = (a, b)
    await sockets[mover].send_to(text_data=json.dumps({"action": json.dumps(build), "version": str(match.version)}))
    watcher = await receive_until(sockets[1 - mover], f'id="bg-seat-{mover}"', tries=20)
    card = watcher.split(f'id="bg-seat-{mover}"', 1)[1].split("</article>", 1)[0]
    assert "1/6 Würfel" in card and "hinter dem Windschutz" in card and "bg-castle" not in card
    own = await receive_until(sockets[mover], 'id="bg-own"', tries=20)
    assert own.count("bg-die bg-m-") >= 1
    for socket in sockets:
        await socket.disconnect()


def test_the_clock_runs_for_everyone_at_once_and_the_computer_keeps_a_sketch_for_the_rest(players, frozen):
    match = burg_table(players[:3])
    start = match.decisions[0]["deadline"]
    assert [d["deadline"] for d in match.decisions] == [start] * 3
    assert start == pytest.approx(deadlines.now().timestamp() + 60)
    frozen(30)
    actions.submit(match_id=match.pk, seat=1, action=keep(match, 1, 1), expected_version=0)
    match.refresh_from_db()
    assert [d["deadline"] for d in match.decisions] == [start, None, start]
    frozen(41)  # 60 s + 10 s Nachfrist
    assert expiry.sweep() == 2
    match.refresh_from_db()
    assert sorted(r.seat for r in ActionRecord.objects.filter(match=match, by_bot=True)) == [0, 2]
    assert match.state["phase"] == "bauen" and match.state["skizze"][1] == keep(match, 1, 1)["skizze"]


def test_at_two_one_expiry_builds_and_discards_the_whole_turn(players, frozen):
    match = burg_table(players[:2])
    for seat in range(2):
        actions.submit(match_id=match.pk, seat=seat, action=keep(match, seat), expected_version=seat)
    match.refresh_from_db()
    state = burg.load(match.state)
    mover = burg.to_move(state)[0]
    since = match.decisions[mover]["since"]
    frozen(71)
    assert expiry.expire(match_id=match.pk, seat=mover, since=since)
    match.refresh_from_db()
    state = burg.load(match.state)
    assert state.turn == 1 and state.step == "bauen" and len(state.abgelegt) == 1
    assert burg.to_move(state) == [1 - mover]
    records = ActionRecord.objects.filter(match=match, by_bot=True).order_by("version")
    assert [r.action["type"] for r in records] == ["bauen", "ablegen"]


@pytest.mark.asyncio
async def test_a_sketch_not_offered_is_refused_in_german_and_changes_nothing(players):
    match = await database_sync_to_async(burg_table)(players[:2])
    socket = await connect(match.table_id, players[0])
    await socket.receive_from()
    wrong = next(nr for nr in range(1, 25) if nr not in match.state["angebot"][0])
    await socket.send_to(
        text_data=json.dumps({"action": json.dumps({"type": "skizze", "skizze": wrong}), "version": "0"})
    )
    text = await receive_until(socket, "table-error")
    assert "Skizze" in text or "nicht erlaubt" in text
    stored = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert stored.version == 0 and stored.state["skizze"] == [None, None]
    await socket.disconnect()
