"""The chat panel on the table page (server-side render): who sees which controls and lines."""

from __future__ import annotations

import pytest

from accounts import services as accounts
from lobby import services
from lobby.models import ChatMessage, ChatMute, Seat, Table
from lobby.runtime import actions
from moderation import services as moderation
from tests.lobby.test_live import open_kleister

pytestmark = pytest.mark.django_db(transaction=True)


def page_of(client, user, table) -> str:  # type: ignore[no-untyped-def]
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client.get(f"/tisch/{table.pk}/").content.decode()


@pytest.fixture
def live(players):  # type: ignore[no-untyped-def]
    table = open_kleister(players[0], places=2)
    services.join_table(table_id=table.pk, user=players[1])
    ChatMessage.objects.create(table=table, user=players[1], name="paul", text="<i>Servus</i>")
    return table


def test_a_player_sees_the_lines_escaped_and_can_write(client, live, players):
    page = page_of(client, players[0], live)
    assert 'data-testid="chat"' in page and "&lt;i&gt;Servus&lt;/i&gt;" in page and "<i>Servus</i>" not in page
    assert 'name="chat"' in page and 'data-testid="chat-input"' in page and "Einen Moment bitte" in page
    assert 'name="chat_mute"' in page  # another player's line


def test_a_spectator_reads_but_cannot_write(client, live):
    outsider = accounts.register_user(username="zaungast", password="Kleister-1929!")
    page = page_of(client, outsider, live)
    assert "Servus" in page and 'data-testid="chat-input"' not in page and "Viel Glück!" not in page


def test_a_guest_gets_the_phrases_only(client, players):
    guest = accounts.create_guest()
    table = open_kleister(players[0], places=2)
    services.join_table(table_id=table.pk, user=guest)
    page = page_of(client, guest, table)
    assert "Gut gespielt!" in page and 'data-testid="chat-input"' not in page
    assert "Als Gast sendest du die vorgegebenen Sätze" in page


def test_a_muted_writers_lines_are_hidden_for_the_one_who_muted(client, live, players):
    ChatMute.objects.create(user=players[0], muted=players[1])
    page = page_of(client, players[0], live)
    assert "Servus" not in page and "paul wieder zeigen" in page
    assert "Servus" in page_of(client, players[1], live)


def test_a_player_muted_by_an_admin_sees_why(client, live, players, django_user_model):
    chef = django_user_model.objects.create_superuser("chef", password="Chef-Passwort-1")
    moderation.mute_user(user=players[0], period="1h", reason="Spam", by=chef)
    page = page_of(client, players[0], live)
    assert 'data-testid="chat-banned"' in page and "Grund: Spam" in page and 'data-testid="chat-input"' not in page


def test_solo_tables_have_no_chat(client, players):
    table = Table.objects.create(game="kleister", kind="solo", places=2, host=players[0], options={"spielart": "kurz"})
    Seat.objects.create(table=table, index=0, user=players[0], name="grete")
    Seat.objects.create(table=table, index=1, bot_level="leicht", name="Esser")
    actions.start_match(table=table, seed=1)
    assert 'data-testid="chat"' not in page_of(client, players[0], table)
