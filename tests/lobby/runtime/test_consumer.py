"""The table consumer with Channels' WebsocketCommunicator and the real ASGI stack."""

from __future__ import annotations

import json

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application
from lobby.models import Match
from lobby.runtime import actions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client.cookies[settings.SESSION_COOKIE_NAME].value


async def connect(table_id: int, user=None, origin: str = "http://127.0.0.1:8000") -> WebsocketCommunicator:
    headers = [(b"origin", origin.encode()), (b"host", b"127.0.0.1:8000")]
    if user is not None:
        cookie = await database_sync_to_async(session_cookie)(user)
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    communicator = WebsocketCommunicator(application, f"/ws/tisch/{table_id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def receive_until(communicator: WebsocketCommunicator, needle: str, tries: int = 10) -> str:
    for _ in range(tries):
        text = await communicator.receive_from(timeout=3)
        if needle in text:
            return text
    raise AssertionError(f"never received {needle!r}")


@pytest_asyncio.fixture
async def two_players(make_table):
    table = await database_sync_to_async(make_table)(humans=2)
    match = await database_sync_to_async(actions.start_match)(table=table, seed=3)
    a = await connect(table.pk, table.users[0])
    b = await connect(table.pk, table.users[1])
    yield table, match, a, b
    await a.disconnect()
    await b.disconnect()


async def test_each_connection_sees_only_its_own_hand(two_players):
    table, match, a, b = two_players
    first_a = await a.receive_from()
    first_b = await b.receive_from()
    assert 'id="board"' in first_a and "Platz 0: wähle" in first_a
    assert "Platz 1: wähle" in first_b and "Platz 0" not in first_b
    await a.send_to(text_data=json.dumps({"action": json.dumps({"type": "pick", "n": 2}), "version": "0"}))
    update_a = await receive_until(a, 'id="hand"')
    assert "gewählt 2" in update_a and 'hx-swap-oob="true"' in update_a
    update_b = await receive_until(b, 'id="board"')
    assert "gewählt 2" not in update_b  # b never learns a's secret pick
    assert 'id="hand"' not in update_b  # b's own hand did not change: not sent again


async def test_simultaneous_choices_from_the_same_version_both_stand(two_players):
    table, match, a, b = two_players
    await a.receive_from()
    await b.receive_from()
    await a.send_to(text_data=json.dumps({"action": {"type": "pick", "n": 1}, "version": 0}))
    await b.send_to(text_data=json.dumps({"action": {"type": "pick", "n": 3}, "version": 0}))
    await receive_until(b, "v2")
    match = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert match.version == 2 and match.state["revealed"] == [[1, 3]]


async def test_a_duplicated_frame_is_refused_quietly(two_players):
    table, match, a, b = two_players
    await a.receive_from()
    frame = json.dumps({"action": {"type": "pick", "n": 1}, "version": 0})
    await a.send_to(text_data=frame)
    await receive_until(a, "v1")
    await a.send_to(text_data=frame)  # a resend, e.g. after a reconnect
    assert await a.receive_nothing(timeout=0.5)
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == 1


async def test_a_resend_from_a_page_that_missed_its_update_brings_the_page_up_to_date(two_players, monkeypatch):
    """The seat's move committed, but its announcement never came (a lost message): the page still shows
    version 0 and the player clicks again. The resend is a duplicate, refused quietly, and the page
    gets the current state instead of silence."""
    from lobby.runtime import notify

    table, match, a, b = two_players
    await a.receive_from()
    monkeypatch.setattr(notify, "table_changed", lambda **kwargs: None)
    frame = json.dumps({"action": {"type": "pick", "n": 1}, "version": 0})
    await a.send_to(text_data=frame)
    assert await a.receive_nothing(timeout=0.5)  # committed, but not announced
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == 1
    await a.send_to(text_data=frame)
    update = await receive_until(a, 'id="board"')
    assert "v1" in update and "table-error" not in update
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == 1


async def test_an_unknown_version_is_refused_with_german_message_and_a_fresh_render(two_players):
    table, match, a, b = two_players
    await a.receive_from()
    await a.send_to(text_data=json.dumps({"action": {"type": "pick", "n": 2}, "version": 7}))
    error = await receive_until(a, "table-error")
    assert "Spielstand" in error
    assert "v0" in await receive_until(a, 'id="board"')
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == 0


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("kein json", "nicht lesen"),
        (json.dumps([1, 2]), "nicht lesen"),
        (json.dumps({"version": 0}), "unvollständig"),
        (json.dumps({"action": "{kaputt", "version": 0}), "unvollständig"),
        (json.dumps({"action": {"type": "pick", "n": 9}, "version": 0}), "Wähle 1, 2 oder 3"),
        ("x" * 10000, "nicht lesen"),
        ("[" * 1500 + "]" * 1500, "nicht lesen"),
        (json.dumps({"action": "[" * 1500 + "]" * 1500, "version": 0}), "nicht lesen"),
        (json.dumps({"action": json.dumps({"type": "pick", "n": [[[[[[[[1]]]]]]]]}), "version": 0}), "unvollständig"),
        ('{"action": {"type": "pick", "n": 1}, "version": 1e400}', "unvollständig"),
        (json.dumps({"action": {"type": "pick", "n": 1}, "version": True}), "unvollständig"),
        (json.dumps({"action": {"type": "pick", "n": 1}, "version": "-1"}), "unvollständig"),
        (json.dumps({"action": {"type": "pick", "n": 1.0}, "version": 0}), "nicht erlaubt"),
        (json.dumps({"action": {"type": "pick", "n": True}, "version": 0}), "Wähle 1, 2 oder 3"),
        (json.dumps({"action": {"type": "pick", "n": 1, "extra": 1}, "version": 0}), "nicht erlaubt"),
    ],
)
async def test_malformed_messages_get_german_error_and_change_nothing(two_players, message, expected):
    table, match, a, b = two_players
    await a.receive_from()
    await a.send_to(text_data=message)
    error = await receive_until(a, "table-error")
    assert expected in error
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == 0


async def test_spectator_cannot_act(make_table):
    table = await database_sync_to_async(make_table)(humans=2)
    await database_sync_to_async(actions.start_match)(table=table, seed=3)
    spectator = await connect(table.pk)
    first = await spectator.receive_from()
    assert 'id="board"' in first and 'id="hand"' in first and "Platz None" in first
    await spectator.send_to(text_data=json.dumps({"action": {"type": "pick", "n": 1}, "version": 0}))
    assert "nicht an diesem Tisch" in await receive_until(spectator, "table-error")
    await spectator.disconnect()


async def test_rate_limit(two_players, settings):
    table, match, a, b = two_players
    await a.receive_from()
    for _ in range(settings.WS_MESSAGE_BURST + 5):
        await a.send_to(text_data="{}")
    texts = [await a.receive_from() for _ in range(settings.WS_MESSAGE_BURST + 5)]
    assert any("Zu viele Nachrichten" in t for t in texts)


async def test_foreign_origin_is_rejected(make_table):
    table = await database_sync_to_async(make_table)(humans=2)
    await database_sync_to_async(actions.start_match)(table=table, seed=3)
    communicator = WebsocketCommunicator(
        application, f"/ws/tisch/{table.pk}/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected


async def test_unknown_table_is_closed(db):
    communicator = WebsocketCommunicator(
        application, "/ws/tisch/999999/", headers=[(b"origin", b"http://127.0.0.1:8000")]
    )
    connected, code = await communicator.connect()
    assert not connected


async def test_a_move_committed_while_a_connection_opens_is_not_missed(make_table, monkeypatch):
    """A connection listens to its table before it reads the table: a move that commits in between
    (a computer's right after a game starts, CI of session 16) still reaches the page."""
    from lobby.runtime import consumer

    table = await database_sync_to_async(make_table)(humans=2)
    match = await database_sync_to_async(actions.start_match)(table=table, seed=3)
    read = consumer._load_current

    def read_then_move(table_id: int):  # type: ignore[no-untyped-def]
        snap = read(table_id)
        if snap is not None and snap.version == 0:
            actions.submit(match_id=match.pk, seat=1, action={"type": "pick", "n": 2}, expected_version=0)
        return snap

    monkeypatch.setattr(consumer, "_load_current", read_then_move)
    a = await connect(table.pk, table.users[0])
    assert "v0" in await a.receive_from()
    assert "v1" in await receive_until(a, 'id="board"')
    await a.disconnect()
