"""Two people at one Speedkleister table: each connection sees only its own hand and gets only what changed."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from channels.db import database_sync_to_async

from accounts import services as accounts
from games.core import registry
from lobby.models import Match, Seat, Table
from lobby.runtime import actions
from tests.lobby.runtime.test_consumer import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def make_live_table():
    users = [accounts.register_user(username=n, password="Kleister-1929!") for n in ("grete", "paul")]
    table = Table.objects.create(game="kleister", kind="live", places=2, host=users[0], options={})
    for i, user in enumerate(users):
        Seat.objects.create(table=table, index=i, user=user, name=user.username)
    match = actions.start_match(table=table, seed=21)
    return table, users, match


def hand_of(html: str) -> list[int]:
    """The cards of the kl-hand-data fragment in an update (the page builds the hand from them)."""
    found = re.search(r'<i [^>]*id="kl-hand-data"[^>]*data-cards="([^"]*)"', html)
    return sorted(json.loads(unescape(found.group(1))))


async def test_each_player_sees_own_hand_and_stale_moves_are_refused():
    table, users, match = await database_sync_to_async(make_live_table)()
    engine = registry.engine("kleister")
    state = engine.load(match.state)
    a = await connect(table.pk, users[0])
    b = await connect(table.pk, users[1])
    first_a, first_b = await a.receive_from(), await b.receive_from()
    assert hand_of(first_a) == sorted(engine.view(state, 0)["hand"])
    assert hand_of(first_b) == sorted(engine.view(state, 1)["hand"])
    mover = state.active
    conns = [a, b]
    action = engine.legal_actions(state, mover)[0]
    await conns[mover].send_to(text_data=json.dumps({"action": json.dumps(action), "version": "0"}))
    update = await receive_until(conns[1 - mover], 'id="kl-status"')
    # only what changed is sent: the mover's column, not the other (empty) one, not the fixed card texts
    assert f'id="kl-col-{mover}"' in update and f'id="kl-col-{1 - mover}"' not in update
    assert 'id="kl-infotext"' not in update and 'id="kl-send"' not in update
    # the other player sends for the old version: refused in German, nothing changes
    await conns[1 - mover].send_to(text_data=json.dumps({"action": json.dumps(action), "version": "0"}))
    error = await receive_until(conns[1 - mover], "table-error")
    assert "zu spät" in error or "nicht dran" in error
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == 1
    await a.disconnect()
    await b.disconnect()
