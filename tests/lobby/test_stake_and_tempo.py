"""Issue 8, points 13 and 16: who cannot afford a stake sees why before clicking; Speedneon's live Tempo."""

from __future__ import annotations

import pytest
from django.utils import timezone

from accounts import services as accounts
from accounts.models import Wallet
from lobby import presenters, services
from lobby.forms import open_table_form
from lobby.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def staked_table(host, stake: int = 50) -> Table:  # type: ignore[no-untyped-def]
    return services.open_table(
        host=host, game="kleister", places=3, options={}, clock_seconds=120, bot_level="leicht",
        stake=stake, fill_computers=False,
    )  # fmt: skip


@pytest.fixture
def poor_paul(db):  # type: ignore[no-untyped-def]
    paul = accounts.register_user(username="paul", password="Kleister-1929!")
    # 20 Taler left after today's Tagesgeld (so the first visit does not top them up again)
    Wallet.objects.filter(user=paul).update(balance=20, last_allowance=timezone.localdate())
    return paul


def test_reason_names_stake_and_balance(grete, poor_paul):
    table = staked_table(grete)
    assert presenters.cannot_sit_reason(table, poor_paul) == "Einsatz 50 Taler – du hast nur 20 Taler."
    assert presenters.cannot_sit_reason(table, grete) is None  # 1.000 Taler are enough
    assert presenters.cannot_sit_reason(staked_table(grete, stake=0), poor_paul) is None


def test_guest_gets_the_guest_reason(grete):
    table = staked_table(grete)
    assert presenters.cannot_sit_reason(table, accounts.create_guest()) == "Gäste spielen nur an Tischen ohne Einsatz."


def test_waiting_room_and_lobby_show_a_disabled_button_with_the_reason(client, grete, poor_paul):
    table = staked_table(grete)
    client.force_login(poor_paul, backend="django.contrib.auth.backends.ModelBackend")
    room = client.get(f"/tisch/{table.pk}/").content.decode()
    assert 'disabled aria-describedby="why-not" data-testid="join">Hinsetzen</button>' in room
    assert "Einsatz 50 Taler – du hast nur 20 Taler." in room
    assert f'action="/tisch/{table.pk}/platz/"' not in room
    lobby = client.get("/tische/").content.decode()
    assert f'data-testid="join-disabled-{table.pk}"' in lobby and "du hast nur 20 Taler" in lobby


def test_who_can_afford_it_gets_the_join_form(client, grete):
    table = staked_table(grete)
    rich = accounts.register_user(username="hans", password="Kleister-1929!")
    client.force_login(rich, backend="django.contrib.auth.backends.ModelBackend")
    room = client.get(f"/tisch/{table.pk}/").content.decode()
    assert f'action="/tisch/{table.pk}/platz/"' in room and "du hast nur" not in room


NEON = {"neon-places": "2", "neon-clock": "120", "neon-bot_level": "normal", "neon-stake": "0"}


def test_neon_live_table_form_offers_the_tempo_of_the_rule_text():
    form = open_table_form("neon")
    assert [value for value, _ in form.fields["tempo"].choices] == ["normal", "schnell"]
    assert "tempo" not in open_table_form("kleister").fields


def test_neon_live_table_is_opened_with_tempo_schnell(client, grete):
    client.force_login(grete, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post("/tische/neu/neon/", {**NEON, "neon-ausgabe": "blackout", "neon-tempo": "schnell"})
    table = Table.objects.get()
    assert response.status_code == 302
    assert table.options["tempo"] == "schnell" and table.options["ausgabe"] == "blackout"
    assert "Tempo Schnell" in client.get("/tische/").content.decode()


def test_neon_live_table_without_tempo_is_normal(client, grete):
    client.force_login(grete, backend="django.contrib.auth.backends.ModelBackend")
    client.post("/tische/neu/neon/", {**NEON, "neon-ausgabe": "klassisch"})
    assert Table.objects.get().options["tempo"] == "normal"
