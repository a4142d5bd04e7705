"""The live lobby list and waiting room over websockets; several players at one table."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from accounts import services as accounts
from config.asgi import application
from games.core import registry
from lobby import lobby_list, services
from lobby.models import Match
from tests.lobby.runtime.test_consumer import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def open_table(host, places=3):  # type: ignore[no-untyped-def]
    return services.open_table(
        host=host,
        game="kleister",
        places=places,
        options={},
        clock_seconds=60,
        bot_level="leicht",
        stake=0,
        fill_computers=False,
    )


async def lobby_socket(path: str = "/ws/tische/") -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1:8000")])
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def test_lobby_list_updates_without_reload():
    lobby = await lobby_socket()
    assert "Gerade ist kein Tisch offen" in await lobby.receive_from()
    host = await database_sync_to_async(accounts.register_user)(username="grete", password="Kleister-1929!")
    table = await database_sync_to_async(open_table)(host)
    update = await receive_until(lobby, f"lobby-table-{table.pk}")
    assert "Speedkleister" in update and "1/3" in update and "60 s" in update
    await lobby.disconnect()


async def test_waiting_room_shows_who_sits_down():
    host = await database_sync_to_async(accounts.register_user)(username="grete", password="Kleister-1929!")
    paul = await database_sync_to_async(accounts.register_user)(username="paul", password="Kleister-1929!")
    table = await database_sync_to_async(open_table)(host)
    room = await lobby_socket(f"/ws/tische/{table.pk}/")
    assert "paul" not in await room.receive_from()
    await database_sync_to_async(services.join_table)(table_id=table.pk, user=paul)
    assert "paul" in await receive_until(room, "paul")
    await room.disconnect()


async def test_three_players_at_one_table_each_get_the_update():
    users = [
        await database_sync_to_async(accounts.register_user)(username=n, password="Kleister-1929!")
        for n in ("grete", "paul", "hans")
    ]
    table = await database_sync_to_async(open_table)(users[0])
    for user in users[1:]:
        await database_sync_to_async(services.join_table)(table_id=table.pk, user=user)  # full: starts
    match = await database_sync_to_async(Match.objects.get)(table=table)
    sockets = [await connect(table.pk, user) for user in users]
    for socket in sockets:
        first = await socket.receive_from()
        assert 'id="tbl-bar"' in first and "Bedenkzeit" in first
        assert "Bedenkzeit du" not in first
    engine = registry.engine("kleister")
    state = engine.load(match.state)
    mover = state.active
    action = engine.legal_actions(state, mover)[0]
    await sockets[mover].send_to(text_data=json.dumps({"action": action, "version": 0}))
    for socket in sockets:
        assert 'data-version="1"' in await receive_until(socket, 'data-version="1"')
    for socket in sockets:
        await socket.disconnect()


async def test_lobby_socket_refuses_messages_politely():
    lobby = await lobby_socket()
    await lobby.receive_from()
    await lobby.send_to(text_data="hallo")
    assert "nichts zu senden" in await lobby.receive_from()
    await lobby.disconnect()


async def test_a_lobby_change_is_rendered_once_for_every_connection(players, monkeypatch):
    builds: list[int] = []
    original = lobby_list.build

    def counting_build():  # type: ignore[no-untyped-def]
        builds.append(1)
        return original()

    sockets = [await lobby_socket() for _ in range(5)]
    for socket in sockets:
        await socket.receive_from()
    monkeypatch.setattr(lobby_list, "build", counting_build)
    table = await database_sync_to_async(open_table)(players[0])
    for socket in sockets:
        assert f"lobby-table-{table.pk}" in await receive_until(socket, "lobby-list")
    assert len(builds) == 1  # one load and render of the open tables, shared by five connections
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.parametrize("path", ["/ws/gibtsnicht/", "/ws/tisch/abc/", "/ws/tisch/1.234/"])
async def test_an_unknown_websocket_path_closes_cleanly_with_4404(path):
    communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1:8000")])
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_output(timeout=3)) == {"type": "websocket.close", "code": 4404}
    await communicator.disconnect()


async def test_a_missing_table_is_refused_with_4404(db):
    communicator = WebsocketCommunicator(
        application, "/ws/tisch/999999/", headers=[(b"origin", b"http://127.0.0.1:8000")]
    )
    connected, code = await communicator.connect()
    assert not connected and code == 4404
