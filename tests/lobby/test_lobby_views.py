from __future__ import annotations

import pytest

from accounts import services as accounts
from lobby.models import Seat, Table

pytestmark = pytest.mark.django_db(transaction=True)

FORM = {
    "kleister-places": "3",
    "kleister-clock": "120",
    "kleister-bot_level": "normal",
    "kleister-stake": "10",
    "kleister-spielart": "normal",
    "kleister-buersten": "5",
    "kleister-karren": "6",
}


@pytest.fixture
def grete(client):
    user = accounts.register_user(username="grete", password="Kleister-1929!")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return user


def test_lobby_page_lists_open_tables_and_forms(client, grete):
    html = client.get("/tische/").content.decode()
    assert "Offene Tische" in html and "Tisch eröffnen" in html and 'ws-connect="/ws/tische/"' in html


def test_open_table_via_form_then_waiting_room(client, grete):
    response = client.post("/tische/neu/kleister/", FORM)
    table = Table.objects.get()
    assert response["Location"] == f"/tisch/{table.pk}/"
    assert table.stake == 10 and table.clock_seconds == 120
    html = client.get(response["Location"]).content.decode()
    assert "grete" in html and "Partie starten" in html


@pytest.mark.parametrize(
    ("field", "value"), [("kleister-places", "9"), ("kleister-stake", "7"), ("kleister-clock", "5")]
)
def test_bad_form_input_keeps_page_and_creates_nothing(client, grete, field, value):
    response = client.post("/tische/neu/kleister/", {**FORM, field: value})
    assert response.status_code == 200
    assert "keine gültige Auswahl" in response.content.decode()
    assert not Table.objects.exists()


def test_guest_gets_a_clear_message_for_staked_tables(client):
    accounts_guest = accounts.create_guest()
    client.force_login(accounts_guest, backend="django.contrib.auth.backends.ModelBackend")
    html = client.get("/tische/").content.decode()
    assert "nur an Tischen ohne Einsatz" in html
    response = client.post("/tische/neu/kleister/", FORM)
    assert "Gäste spielen nur an Tischen ohne Einsatz" in response.content.decode()


def test_join_start_and_errors_through_views(client, grete, django_user_model):
    client.post("/tische/neu/kleister/", {**FORM, "kleister-stake": "0"})
    table = Table.objects.get()
    paul = accounts.register_user(username="paul", password="Kleister-1929!")
    from django.test import Client

    other = Client()
    other.force_login(paul, backend="django.contrib.auth.backends.ModelBackend")
    html = other.get(f"/tisch/{table.pk}/").content.decode()
    assert "Hinsetzen" in html
    other.post(f"/tisch/{table.pk}/platz/")
    response = other.post(f"/tisch/{table.pk}/start/", follow=True)
    assert "Nur wer den Tisch eröffnet hat" in response.content.decode()
    client.post(f"/tisch/{table.pk}/start/")
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert 'id="kl-hand"' in other.get(f"/tisch/{table.pk}/").content.decode()
    assert Seat.objects.filter(table=table).count() == 2


def test_actions_on_unknown_table_are_404_and_need_post(client, grete):
    assert client.post("/tisch/99999/platz/").status_code == 404
    assert client.get("/tische/neu/kleister/").status_code == 405
    assert client.post("/tische/neu/schach/", FORM).status_code == 404


def test_the_waiting_room_forms_post_with_their_token_before_any_script_ran(client, grete):
    """A click on "Hinsetzen" right after the page loaded (table.js not run yet) must not be refused."""
    from django.test import Client

    client.post("/tische/neu/kleister/", {**FORM, "kleister-stake": "0"})
    table = Table.objects.get()
    paul = accounts.register_user(username="paul", password="Kleister-1929!")
    other = Client(enforce_csrf_checks=True)
    other.force_login(paul, backend="django.contrib.auth.backends.ModelBackend")
    html = other.get(f"/tisch/{table.pk}/").content.decode()
    join_form = html[html.index(f'action="/tisch/{table.pk}/platz/"') :]
    token = join_form.split('name="csrfmiddlewaretoken" value="', 1)[1].split('"', 1)[0]
    assert token
    response = other.post(f"/tisch/{table.pk}/platz/", {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert Seat.objects.filter(table=table, user=paul).exists()


def test_the_clock_label_speaks_the_readers_language():
    from django.utils import translation

    from lobby.presenters import clock_label

    assert (clock_label(None), clock_label(120), clock_label(30)) == ("ohne Uhr", "2 Minuten", "30 s")
    with translation.override("en"):
        assert (clock_label(None), clock_label(120)) == ("no clock", "2 minutes")
