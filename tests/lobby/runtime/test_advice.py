"""The Rat runs on its own pool: other tables keep moving while it thinks; one search per position."""

from __future__ import annotations

import json
import threading

import pytest
from channels.db import database_sync_to_async

from games.core.bots import Choice
from lobby.runtime import actions, computers
from tests.lobby.runtime.test_consumer import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_thinking_rat_delays_no_other_table_and_searches_once(make_table, monkeypatch):
    release = threading.Event()
    searches: list[int] = []

    def slow_advice(**kwargs):  # type: ignore[no-untyped-def]
        searches.append(kwargs["version"])
        release.wait(timeout=20)
        return Choice({"type": "pick", "n": 2}, "Die 2 ist heute gut.")

    monkeypatch.setattr(computers, "advice_for", slow_advice)
    solo = await database_sync_to_async(make_table)(humans=1, computers=1, kind="solo")
    await database_sync_to_async(actions.start_match)(table=solo, seed=1)
    live = await database_sync_to_async(make_table)(humans=2, prefix="live")
    await database_sync_to_async(actions.start_match)(table=live, seed=1)
    asker = await connect(solo.pk, solo.users[0])
    player = await connect(live.pk, live.users[0])
    await asker.receive_from()
    await player.receive_from()

    for _ in range(5):  # R pressed again and again
        await asker.send_to(text_data=json.dumps({"rat": True}))
    assert "denkt nach" in await receive_until(asker, "table-advice")
    # while the search still runs, a move at another table goes through and is seen
    await player.send_to(text_data=json.dumps({"action": {"type": "pick", "n": 1}, "version": 0}))
    assert "v1" in await receive_until(player, 'id="board"')
    assert searches == [searches[0]]  # five asks, one search
    release.set()
    assert "Die 2 ist heute gut" in await receive_until(asker, "Die 2 ist", tries=20)
    await asker.disconnect()
    await player.disconnect()
