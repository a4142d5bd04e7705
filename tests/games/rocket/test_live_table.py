"""Speedrocket at a live table through the real runtime: four seats draw at the same moment (threads and
four websocket connections), each seat's clock spans its whole Stopfen, and a lapsed clock stops the
drawing, pours sand on a pending misfire and buys by recommendation."""

from __future__ import annotations

import asyncio
import json
import re
import threading

import pytest
from channels.db import database_sync_to_async
from django.db import close_old_connections

from accounts import services as accounts
from games.rocket import engine as E
from lobby import services
from lobby.models import ActionRecord, Match
from lobby.runtime import actions, expiry
from tests.lobby.conftest import frozen  # noqa: F401 - the clock fixture
from tests.lobby.runtime.test_consumer import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("inline_computers")]
ZIEHEN = {"type": "ziehen"}


@pytest.fixture
def players(db):  # type: ignore[no-untyped-def]
    return [accounts.register_user(username=n, password="Kleister-1929!") for n in ("grete", "paul", "hans", "otto")]


def rocket_table(players, clock_seconds: int | None = 60) -> Match:  # type: ignore[no-untyped-def]
    table = services.open_table(
        host=players[0],
        game="rocket",
        places=len(players),
        options={"kurz": True, "rezepte": "standard"},
        clock_seconds=clock_seconds,
        bot_level="normal",
        stake=0,
        fill_computers=False,
    )
    for user in players[1:]:
        services.join_table(table_id=table.pk, user=user)
    return Match.objects.get(table=table)


def test_four_people_draw_at_the_same_moment_and_every_draw_stands(players):
    match = rocket_table(players)
    assert E.to_move(E.load(match.state)) == [0, 1, 2, 3]
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def draw(seat: int) -> None:
        try:
            barrier.wait()
            actions.submit(match_id=match.pk, seat=seat, action=ZIEHEN, expected_version=0)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=draw, args=(seat,)) for seat in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    match.refresh_from_db()
    state = E.load(match.state)
    assert match.version == 4 and state.phase == "stopfen"
    assert [len(p.chips) for p in state.seats] == [1, 1, 1, 1]
    assert ActionRecord.objects.filter(match=match, by_bot=False).count() == 4


@pytest.mark.asyncio
async def test_four_connections_draw_in_the_same_tick_and_each_sees_the_others_rockets_rise(players):
    match = await database_sync_to_async(rocket_table)(players)
    sockets = [await connect(match.table_id, user) for user in players]
    for socket in sockets:
        first = await socket.receive_from()
        assert all(f'id="rk-m-{i}"' in first for i in range(4))  # everyone's manufactory on every page
    frame = json.dumps({"action": json.dumps(ZIEHEN), "version": "0"})
    await asyncio.gather(*(socket.send_to(text_data=frame) for socket in sockets))
    for socket in sockets:
        risen: set[int] = set()
        for _ in range(20):
            text = await socket.receive_from(timeout=3)
            risen |= {int(s) for s in re.findall(r'id="rk-m-(\d)"[^>]*data-chips="1"', text)}
            if risen == {0, 1, 2, 3}:
                break
        assert risen == {0, 1, 2, 3}, "a page did not see every rocket rise"
    stored = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert stored.version == 4
    for socket in sockets:
        await socket.disconnect()


def test_the_clock_spans_the_whole_stopfen_and_then_the_computer_stops(players, frozen):  # noqa: F811
    match = rocket_table(players[:2])
    start = match.decisions[0]["deadline"]
    actions.submit(match_id=match.pk, seat=0, action=ZIEHEN, expected_version=0)
    match.refresh_from_db()
    assert match.decisions[0]["deadline"] == start, "a draw does not restart the clock"
    frozen(60 + 11)
    assert expiry.sweep() == 2
    match.refresh_from_db()
    state = E.load(match.state)
    assert state.phase == "vorstellung" and state.schritt == 1
    log = [r.action for r in ActionRecord.objects.filter(match=match, by_bot=True).order_by("version")]
    assert log[:2] == [{"type": "aufhoeren"}, {"type": "aufhoeren"}]


def test_after_the_clock_the_computer_pours_sand_on_a_pending_misfire_and_stops(players, frozen):  # noqa: F811
    match = rocket_table(players[:2])
    state = E.load(match.state)
    state.blaetter[0] = "buergermeister"  # a sheet that changes nothing while stuffing (no Funkenflug)
    p = state.seats[0]
    p.summe, p.grenze, p.beutel, p.eimer = p.grenze, p.grenze, ["W3"], True
    match.state = E.dump(state)
    match.save(update_fields=["state"])
    actions.submit(match_id=match.pk, seat=0, action=ZIEHEN, expected_version=0)
    match.refresh_from_db()
    assert E.load(match.state).seats[0].offen["art"] == "sand"
    frozen(60 + 11)
    assert expiry.expire(match_id=match.pk, seat=0, since=match.decisions[0]["since"])
    match.refresh_from_db()
    seat0 = E.load(match.state).seats[0]
    assert not seat0.fehl and not seat0.eimer and seat0.fertig and seat0.beutel == ["W3"]
    bot = [r.action for r in ActionRecord.objects.filter(match=match, seat=0, by_bot=True).order_by("version")]
    assert bot == [{"type": "sand"}, {"type": "aufhoeren"}]


def test_after_the_clock_the_computer_buys_by_recommendation(players, frozen):  # noqa: F811
    match = rocket_table(players[:2])
    for seat in (0, 1):
        actions.submit(match_id=match.pk, seat=seat, action={"type": "aufhoeren"}, expected_version=match.version)
        match.refresh_from_db()
    while E.load(match.state).phase == "vorstellung":
        state = E.load(match.state)
        seat = E.to_move(state)[0]
        actions.submit(match_id=match.pk, seat=seat, action={"type": "weiter"}, expected_version=match.version)
        match.refresh_from_db()
    assert E.load(match.state).phase == "handel"
    frozen(60 + 11)
    assert expiry.sweep() == 2
    match.refresh_from_db()
    state = E.load(match.state)
    assert state.phase == "stopfen" and state.abend == 2
    bot = [r.action["type"] for r in ActionRecord.objects.filter(match=match, by_bot=True).order_by("version")]
    assert set(bot) <= {"fehlzuendung", "einkaufen"} and bot.count("einkaufen") == 2


def test_the_log_says_why_a_computer_stops_and_why_it_buys(players):
    table = services.create_solo_table(
        user=players[0], game="rocket", options={"kurz": True}, computers=["normal"], tempo="normal"
    )
    match = Match.objects.get(table=table)
    for _ in range(200):  # the human stops at once, presses Weiter and buys nothing; the computer answers inline
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            break
        state = E.load(match.state)
        types = {r.action["type"] for r in ActionRecord.objects.filter(match=match, seat=1)}
        if {"aufhoeren", "einkaufen"} <= types:
            break
        if 0 not in E.to_move(state):
            continue
        legal = E.legal_actions(state, 0)
        action = next(
            a for a in legal if a in ({"type": "aufhoeren"}, {"type": "weiter"}, {"type": "einkaufen", "chips": []})
        )
        actions.submit(match_id=match.pk, seat=0, action=action, expected_version=match.version)
    records = ActionRecord.objects.filter(match=match, seat=1, by_bot=True).order_by("version")
    reasons: dict[str, list] = {}
    for r in records:
        reasons.setdefault(r.action["type"], []).extend(e for e in r.events if e["type"] == "grund")
    assert reasons["aufhoeren"] and all(e["seat"] == 1 for e in reasons["aufhoeren"])
    assert all("Gefahr" in e["text"] or "Beutel" in e["text"] for e in reasons["aufhoeren"])
    assert reasons["einkaufen"], "the computer's buy and its reason"
    assert not reasons.get("ziehen") and not reasons.get("weiter"), "no reason for every single draw"


def test_a_finished_live_game_goes_to_the_bestenliste_with_the_place_bonus(players):
    from leaderboard.models import ScoreEntry
    from tests.lobby.conftest import finish_randomly

    match = finish_randomly(rocket_table(players[:3], clock_seconds=None), seed=4)
    assert match.status == Match.Status.FINISHED
    result = match.result
    entries = {e.user_id: e.points for e in ScoreEntry.objects.filter(match=match)}
    for seat, user in enumerate(players[:3]):
        bonus = {1: 30, 2: 15}.get(result["places"][seat], 0)
        assert entries[user.pk] == result["points"][seat] + bonus
