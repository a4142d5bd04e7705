"""A table page that stays quiet for 30 s keeps its websocket and gets the next update (real Daphne, real Redis).

With redis-py 8 the channel layer's blocking read was cut after 5 s and the
server closed the websocket with 1011 (channels_redis#422).
"""

from __future__ import annotations

import asyncio
import sys
import time
import urllib.request

import pytest
from django.db import connection

from accounts import services as accounts
from config.channel_layers import channel_layers
from games.core import registry
from lobby import services
from lobby.models import Match
from lobby.runtime import actions
from tests.ops.proxy import free_port
from tests.ops.support import flush_private_db, private_redis_url, process_env, wait_until
from tests.ops.wsclient import WebSocket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("distributed")]
REDIS_DB = 5
QUIET_SECONDS = 30


def site_answers(base: str) -> bool:
    try:
        return urllib.request.urlopen(base + "/", timeout=2).status == 200
    except OSError:
        return False


async def listen(socket: WebSocket, seconds: float) -> list[tuple[str, object]]:
    """Everything the server sends within ``seconds``."""
    received: list[tuple[str, object]] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            message = await asyncio.wait_for(socket.receive(), timeout=left)
        except TimeoutError:
            break
        received.append(message)
        if message[0] == "close":
            break
    return received


def test_a_silent_table_socket_stays_open_for_30_seconds_and_gets_the_next_update(settings, processes):
    flush_private_db(REDIS_DB)
    layer_url = private_redis_url(REDIS_DB)
    settings.CHANNEL_LAYERS = channel_layers(layer_url)  # the test's own moves reach Daphne's layer
    settings.COMPUTER_DISPATCH = "inline"
    settings.TABLE_TEMPO_FACTOR = 0
    port = free_port()
    daphne = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"]
    server = processes("daphne", daphne, process_env(layer_url, COMPUTER_DISPATCH="inline"))
    base = f"http://127.0.0.1:{port}"
    assert wait_until(lambda: site_answers(base), seconds=30), "Daphne did not start"

    guest = accounts.create_guest()
    table = services.create_solo_table(user=guest, game="kleister", options={"spielart": "kurz"}, computers=["leicht"])
    match = Match.objects.get(table=table)
    engine = registry.engine("kleister")
    assert list(engine.to_move(engine.load(match.state))) == [0], "the human is to move: nothing happens meanwhile"

    def human_moves() -> None:  # in a worker thread: its own database connection, closed after
        try:
            match.refresh_from_db()
            state = engine.load(match.state)
            action = engine.legal_actions(state, 0)[0]
            actions.submit(match_id=match.pk, seat=0, action=action, expected_version=match.version)
        finally:
            connection.close()

    async def scenario() -> tuple[list, list]:
        socket = await WebSocket.connect("127.0.0.1", port, f"/ws/tisch/{table.pk}/")
        first = await listen(socket, 3)  # the full render on connect
        quiet = await listen(socket, QUIET_SECONDS)
        await asyncio.to_thread(human_moves)
        update = await listen(socket, 10)
        await socket.close()
        return first + quiet, update

    before, update = asyncio.run(scenario())
    assert before and all(kind == "text" for kind, _ in before), f"the socket was closed while quiet: {before[-1:]}"
    assert server.poll() is None
    assert any(kind == "text" and "hx-swap-oob" in str(text) for kind, text in update), "no update after the move"
