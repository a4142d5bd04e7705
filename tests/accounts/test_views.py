from __future__ import annotations

import pytest
from django.urls import reverse

from accounts import services
from accounts.models import User, Wallet

pytestmark = pytest.mark.django_db

PASSWORD = "Kleister-1929!"


def test_register_shows_balance_and_ledger(client):
    response = client.post(
        "/konto/registrieren/", {"username": "grete", "password1": PASSWORD, "password2": PASSWORD}, follow=True
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "1.000 Taler" in html
    assert "Startguthaben" in html


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"username": "grete", "password1": "123", "password2": "123"}, "zu kurz"),
        ({"username": "grete", "password1": PASSWORD, "password2": PASSWORD + "x"}, "nicht identisch"),
        ({"username": "Gast-0001", "password1": PASSWORD, "password2": PASSWORD}, "für Gäste reserviert"),
        ({"username": "", "password1": PASSWORD, "password2": PASSWORD}, "Dieses Feld ist zwingend erforderlich"),
        ({"username": "x" * 31, "password1": PASSWORD, "password2": PASSWORD}, "höchstens 30 Zeichen (deiner hat 31)"),
    ],
)
def test_bad_registration_input_gets_german_message_and_keeps_input(client, data, message):
    response = client.post("/konto/registrieren/", data)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    if data["username"]:
        assert f'value="{data["username"]}"' in html
    assert not User.objects.filter(username=data["username"] or "-").exists()


def test_duplicate_username_is_refused(client):
    services.register_user(username="grete", password=PASSWORD)
    response = client.post("/konto/registrieren/", {"username": "Grete", "password1": PASSWORD, "password2": PASSWORD})
    assert "schon vergeben" in response.content.decode()
    assert User.objects.filter(username__iexact="grete").count() == 1


def test_login_logout_and_password_change(client):
    services.register_user(username="paul", password=PASSWORD)
    response = client.post("/konto/anmelden/", {"username": "paul", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/konto/").status_code == 200
    response = client.post(
        "/konto/passwort/",
        {"old_password": PASSWORD, "new_password1": "Neues-Plakat-77", "new_password2": "Neues-Plakat-77"},
        follow=True,
    )
    assert "Passwort ist geändert" in response.content.decode()
    client.post("/konto/abmelden/")
    assert client.get("/konto/").status_code == 302
    response = client.post("/konto/anmelden/", {"username": "paul", "password": "Neues-Plakat-77"})
    assert response.status_code == 302


def test_wrong_password_message_is_german(client):
    services.register_user(username="paul", password=PASSWORD)
    response = client.post("/konto/anmelden/", {"username": "paul", "password": "falsch"})
    html = response.content.decode()
    assert "Name und Passwort passen nicht zusammen" in html
    assert "eingeben" not in html  # both were entered: the page must not ask for them (issue 8, point 11)


def test_login_is_locked_after_repeated_failures(client):
    services.register_user(username="paul", password=PASSWORD)
    for _ in range(5):
        client.post("/konto/anmelden/", {"username": "paul", "password": "falsch"})
    response = client.post("/konto/anmelden/", {"username": "paul", "password": PASSWORD})
    assert response.status_code == 429
    assert "Zu viele Fehlversuche" in response.content.decode()


def test_guest_button_creates_guest_and_upgrade_keeps_user(client):
    response = client.post("/konto/gast/", follow=True)
    html = response.content.decode()
    assert "Gast – ohne Einsatz" in html
    guest = User.objects.get(is_guest=True)
    assert not Wallet.objects.filter(user=guest).exists()
    response = client.post(
        "/konto/registrieren/", {"username": "neu", "password1": PASSWORD, "password2": PASSWORD}, follow=True
    )
    user = User.objects.get(username="neu")
    assert user.pk == guest.pk and not user.is_guest
    assert "1.000 Taler" in response.content.decode()


def test_guest_endpoint_needs_post(client):
    assert client.get("/konto/gast/").status_code == 405
    assert not User.objects.exists()


def test_start_page_is_german_and_has_no_fake_tiles(client):
    html = client.get(reverse("home")).content.decode()
    assert "Spielcenter" in html
    assert 'lang="de"' in html
    assert "django_htmx/htmx-2.min.js" in html


def test_unknown_url_is_a_german_404(client):
    response = client.get("/gibt-es-nicht/")
    assert response.status_code == 404
    assert "Seite nicht gefunden" in response.content.decode()


def test_csrf_is_enforced(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/konto/gast/").status_code == 403
