"""Issue 17: every table connection renders in its page's language (the cookie or Accept-Language of the
handshake); two players at one table each read their own language, errors and the Rat included."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from config.asgi import application
from games.core import registry
from tests.games.kleister.test_consumer import make_live_table
from tests.lobby.runtime.test_consumer import receive_until, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def connect(table_id: int, user, cookie: str = "", accept: str = "") -> WebsocketCommunicator:
    session = await database_sync_to_async(session_cookie)(user)
    cookies = f"{settings.SESSION_COOKIE_NAME}={session}" + (f"; {cookie}" if cookie else "")
    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000"), (b"cookie", cookies.encode())]
    if accept:
        headers.append((b"accept-language", accept.encode()))
    communicator = WebsocketCommunicator(application, f"/ws/tisch/{table_id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def test_each_connection_reads_its_own_language():
    table, users, match = await database_sync_to_async(make_live_table)()
    english = await connect(table.pk, users[0], cookie=f"{settings.LANGUAGE_COOKIE_NAME}=en", accept="de-DE")
    german = await connect(table.pk, users[1])
    first_en, first_de = await english.receive_from(), await german.receive_from()
    assert "Print shop" in first_en and "Druckerei" not in first_en
    assert "Druckerei" in first_de and "Print shop" not in first_de
    # a move: both get the log line, each in their language
    state = registry.engine("kleister").load(match.state)
    mover = [english, german][state.active]
    action = registry.engine("kleister").legal_actions(state, state.active)[0]
    await mover.send_to(text_data=json.dumps({"action": json.dumps(action), "version": "0"}))
    assert " pastes " in await receive_until(english, 'id="kl-log"')
    assert " klebt " in await receive_until(german, 'id="kl-log"')
    # an error: the late move is refused in the language of the one who sent it
    other = [english, german][1 - state.active]
    await other.send_to(text_data=json.dumps({"action": json.dumps(action), "version": "0"}))
    error = await receive_until(other, "table-error")
    if other is english:
        assert "too late" in error or "not your turn" in error
    else:
        assert "zu spät" in error or "nicht dran" in error
    # a move for a version the table does not know: refused in English, and the page gets the current one
    await english.send_to(text_data=json.dumps({"action": json.dumps(action), "version": "7"}))
    assert "does not know this position" in await receive_until(english, "table-error")
    await english.disconnect()
    await german.disconnect()


async def test_accept_language_picks_english_without_a_cookie():
    table, users, match = await database_sync_to_async(make_live_table)()
    english = await connect(table.pk, users[0], accept="en-US,en;q=0.9")
    assert "Print shop" in await english.receive_from()
    await english.disconnect()
