"""Another player's daily puzzle of today cannot be watched over the table's websocket either."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from accounts import services as accounts
from config.asgi import application
from lobby import solo
from tests.lobby.solo_helpers import current_match

from .test_consumer import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def _daily_of_grete():
    grete = accounts.register_user(username="grete", password="Kleister-1929!")
    match = current_match(solo.start_daily(user=grete, game="kleister"))
    return grete, match


async def test_a_stranger_is_refused_and_the_player_is_served():
    grete, match = await database_sync_to_async(_daily_of_grete)()
    stranger = WebsocketCommunicator(
        application,
        f"/ws/tisch/{match.table_id}/",
        headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")],
    )
    connected, code = await stranger.connect()
    assert not connected and code == 4403
    player = await connect(match.table_id, grete)
    assert 'id="kl-center"' in await player.receive_from(timeout=3)
    await player.disconnect()
