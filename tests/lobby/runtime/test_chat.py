"""The table chat over the table's websocket: lines reach the group escaped, every refusal is German."""

from __future__ import annotations

import json

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async

from accounts import services as accounts
from lobby import chat
from lobby.models import ChatMessage, ChatMute, Seat, Table
from lobby.moderation import close_table
from lobby.runtime import actions
from moderation import services as moderation
from tests.lobby.runtime.test_consumer import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

db = database_sync_to_async


async def say(communicator, **frame) -> None:  # type: ignore[no-untyped-def]
    await communicator.send_to(text_data=json.dumps(frame))


async def drain(communicator) -> None:  # type: ignore[no-untyped-def]
    """Read the first render after connecting (an empty chat sends nothing more)."""
    assert "tbl-v" in await communicator.receive_from(timeout=3)


@pytest_asyncio.fixture
async def table_of_two(make_table):
    table = await db(make_table)(humans=2)
    await db(actions.start_match)(table=table, seed=3)
    a = await connect(table.pk, table.users[0])
    b = await connect(table.pk, table.users[1])
    await drain(a)
    await drain(b)
    yield table, a, b
    await a.disconnect()
    await b.disconnect()


def stored(table: Table) -> list[str]:
    return list(ChatMessage.objects.filter(table=table).order_by("id").values_list("text", flat=True))


async def test_a_line_reaches_everyone_escaped_and_is_stored(table_of_two):
    table, a, b = table_of_two
    await say(a, chat="  <script>alert(1)</script>   Hallo & tschüss  ", HEADERS={"HX-Request": "true"})
    for communicator in (a, b):
        html = await receive_until(communicator, "chat-line")
        assert 'hx-swap-oob="beforeend:#chat-list"' in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt; Hallo &amp; tschüss" in html
        assert "<script>" not in html
        assert "spieler0" in html
    assert await db(stored)(table) == ["<script>alert(1)</script> Hallo & tschüss"]


async def test_the_writer_gets_no_mute_button_for_their_own_line(table_of_two):
    _table, a, b = table_of_two
    await say(a, chat="Hallo")
    own = await receive_until(a, "chat-line")
    other = await receive_until(b, "chat-line")
    assert 'name="chat_mute"' not in own and 'name="chat_mute"' in other


async def test_rate_limit_refuses_with_a_german_message(table_of_two, monkeypatch):
    monkeypatch.setattr(chat, "RATE_SECONDS", 3600)  # however slow the machine, all lines fall in one window
    table, a, _b = table_of_two
    for number in range(chat.RATE_MESSAGES):
        await say(a, chat=f"Nachricht {number}")
        await receive_until(a, f"Nachricht {number}")
    await say(a, chat="eine zu viel")
    error = await receive_until(a, "table-error")
    assert "Nicht so schnell" in error
    assert len(await db(stored)(table)) == chat.RATE_MESSAGES


@pytest.mark.parametrize(
    ("frame", "expected"),
    [
        ({"chat": "x" * 201}, "höchstens 200 Zeichen"),
        ({"chat": "   "}, "Bitte schreib zuerst etwas."),
        ({"chat": 5}, "kann der Chat nicht lesen"),
        ({"chat": ["a"]}, "kann der Chat nicht lesen"),
        ({"chat_mute": "abc"}, "kann der Chat nicht lesen"),
        ({"chat_mute": True}, "kann der Chat nicht lesen"),
        ({"chat_mute": "999999"}, "gibt es nicht"),
        ({"chat_unmute": "12"}, "gibt es nicht"),
    ],
)
async def test_bad_chat_frames_get_german_errors_and_store_nothing(table_of_two, frame, expected):
    table, a, _b = table_of_two
    await say(a, **frame)
    assert expected in await receive_until(a, "table-error")
    assert await db(stored)(table) == []


async def test_exactly_200_characters_are_accepted(table_of_two):
    table, a, _b = table_of_two
    await say(a, chat="ä" * 200)
    await receive_until(a, "chat-line")
    assert await db(stored)(table) == ["ä" * 200]


async def test_a_guest_sends_phrases_but_no_free_text(make_table):
    table = await db(make_table)(humans=1)

    def seat_guest():  # type: ignore[no-untyped-def]
        guest = accounts.create_guest()
        Seat.objects.create(table=table, index=1, user=guest, name=guest.username)
        Table.objects.filter(pk=table.pk).update(places=2)
        actions.start_match(table=Table.objects.get(pk=table.pk), seed=3)
        return guest

    guest = await db(seat_guest)()
    g = await connect(table.pk, guest)
    await drain(g)
    await say(g, chat="Hallo zusammen")
    assert "Als Gast kannst du nur die vorgegebenen Sätze senden" in await receive_until(g, "table-error")
    await say(g, chat="Gut gespielt!")
    assert "Gut gespielt!" in await receive_until(g, "chat-line")
    assert await db(stored)(table) == ["Gut gespielt!"]
    await g.disconnect()


async def test_a_user_muted_by_an_admin_is_refused_until_the_mute_is_lifted(table_of_two, django_user_model):
    table, a, _b = table_of_two

    def mute():  # type: ignore[no-untyped-def]
        chef = django_user_model.objects.create_superuser("chef", password="Chef-Passwort-1")
        return chef, moderation.mute_user(user=table.users[0], period="24h", reason="Beleidigungen", by=chef)

    chef, ban = await db(mute)()
    await say(a, chat="Hallo")
    error = await receive_until(a, "table-error")
    assert "stummgeschaltet" in error and "Grund: Beleidigungen" in error
    assert await db(stored)(table) == []
    await db(moderation.lift_ban)(ban=ban, reason="Entschuldigung angenommen", by=chef)
    await say(a, chat="Entschuldigung")
    await receive_until(a, "Entschuldigung")


async def test_a_spectator_and_a_solo_table_have_no_chat(make_table):
    table = await db(make_table)(humans=2)
    await db(actions.start_match)(table=table, seed=3)
    outsider = await db(accounts.register_user)(username="zaungast", password="Kleister-1929!")
    spectator = await connect(table.pk, outsider)
    await drain(spectator)
    await say(spectator, chat="Ich will auch")
    assert "Nur wer an diesem Tisch spielt" in await receive_until(spectator, "table-error")
    await spectator.disconnect()

    solo = await db(make_table)(humans=1, computers=1, kind="solo", prefix="solo")
    await db(actions.start_match)(table=solo, seed=3)
    alone = await connect(solo.pk, solo.users[0])
    await say(alone, chat="Hallo")
    assert "nur an Tischen mit anderen" in await receive_until(alone, "table-error")
    await alone.disconnect()


async def test_a_player_mutes_another_for_themselves_only(table_of_two):
    table, a, b = table_of_two
    await say(a, chat="nervig")
    await receive_until(a, "nervig")
    line_id = await db(lambda: ChatMessage.objects.get(table=table).pk)()
    await receive_until(b, "nervig")
    await say(b, chat_mute=str(line_id))
    refreshed = await receive_until(b, 'id="chat-mutes"')
    assert "nervig" not in refreshed and "spieler0 wieder zeigen" in refreshed
    assert await db(lambda: ChatMute.objects.filter(user=table.users[1], muted=table.users[0]).count())() == 1

    await say(a, chat="noch mehr")
    assert "noch mehr" in await receive_until(a, "chat-line")  # the writer still sees it
    await say(b, chat="Ruhe bitte")
    # b's next line is its own: a's line, sent before, never reached b
    assert "Ruhe bitte" in await receive_until(b, "chat-line")
    assert "Ruhe bitte" in await receive_until(a, "Ruhe bitte")  # a mute does not silence b for a

    await say(a, chat_mute=str(line_id))
    assert "Dich selbst kannst du nicht stummschalten" in await receive_until(a, "table-error")

    def line_elsewhere():  # type: ignore[no-untyped-def]
        other = Table.objects.create(game="testspiel", kind="live", places=2, host=table.users[0])
        return ChatMessage.objects.create(table=other, user=table.users[0], name="spieler0", text="anderswo").pk

    await say(b, chat_mute=str(await db(line_elsewhere)()))  # only lines of this table can be muted from here
    assert "gibt es nicht" in await receive_until(b, "table-error")
    mute_id = await db(lambda: ChatMute.objects.get(user=table.users[1]).pk)()
    await say(b, chat_unmute=str(mute_id))
    assert "noch mehr" in await receive_until(b, 'id="chat-list"')


async def test_an_admin_closing_the_table_tells_every_page(table_of_two, django_user_model):
    table, a, b = table_of_two
    chef = await db(django_user_model.objects.create_superuser)("chef", password="Chef-Passwort-1")
    await db(close_table)(table_id=table.pk, reason="Test", by=chef)
    for communicator in (a, b):
        seen = ""
        for _ in range(10):
            seen += await communicator.receive_from(timeout=3)
            if 'id="table-notice"' in seen and 'data-testid="table-closed"' in seen:
                break
        assert "Ein Admin hat diesen Tisch geschlossen" in seen  # the banner and a chat line
        assert 'data-testid="table-closed"' in seen  # the table bar: no Nochmal any more
        assert 'data-testid="again"' not in seen
        assert '<div id="chat-write" hx-swap-oob="true" hidden></div>' in seen  # no more writing there
    await say(a, chat="Warum?")
    assert "Dieser Tisch ist geschlossen" in await receive_until(a, "table-error")


async def test_a_reconnect_gets_the_lines_written_while_away(table_of_two):
    table, a, b = table_of_two
    await b.disconnect()
    await say(a, chat="Bist du noch da?")
    await receive_until(a, "Bist du noch da?")
    again = await connect(table.pk, table.users[1])
    assert "Bist du noch da?" in await receive_until(again, 'id="chat-list"')
    await again.disconnect()
