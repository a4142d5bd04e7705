"""Issue 8, point 11: a wrong password says so, and from the third failure the page warns of the lock."""

from __future__ import annotations

import pytest

from accounts import services

pytestmark = pytest.mark.django_db

PASSWORD = "Kleister-1929!"


def login(client, password: str) -> str:  # type: ignore[no-untyped-def]
    return client.post("/konto/anmelden/", {"username": "paul", "password": password}).content.decode()


def test_first_two_failures_say_the_combination_is_wrong_without_warning(client):
    services.register_user(username="paul", password=PASSWORD)
    for _ in range(2):
        html = login(client, "falsch")
        assert "Name und Passwort passen nicht zusammen" in html
        assert "Bitte Benutzername und Passwort eingeben" not in html
        assert 'data-testid="lock-warning"' not in html


def test_third_and_fourth_failure_warn_of_the_15_minute_lock(client):
    services.register_user(username="paul", password=PASSWORD)
    login(client, "falsch")
    login(client, "falsch")
    third = login(client, "falsch")
    assert "Das war der 3. Fehlversuch. Noch 2 Versuche" in third
    assert "Nach dem 5. Fehlversuch ist die Anmeldung für diesen Namen 15 Minuten gesperrt." in third
    fourth = login(client, "falsch")
    assert "Das war der 4. Fehlversuch. Noch 1 Versuch:" in fourth


def test_empty_fields_ask_for_what_is_missing(client):
    html = client.post("/konto/anmelden/", {"username": "paul", "password": ""}).content.decode()
    assert "Bitte gib dein Passwort ein." in html
    assert "Name und Passwort passen nicht zusammen" not in html


def test_a_blocked_player_with_the_right_password_learns_that_the_account_is_blocked_and_why(client):
    user = services.register_user(username="paul", password=PASSWORD)
    user.is_active, user.deactivation_reason = False, "Beleidigungen im Chat"
    user.save(update_fields=["is_active", "deactivation_reason"])
    html = login(client, PASSWORD)
    assert "Dieses Konto ist gesperrt: Beleidigungen im Chat" in html and "_auth_user_id" not in client.session
    wrong = login(client, "falsch")  # without the password nobody learns that the account exists
    assert "Name und Passwort passen nicht zusammen" in wrong and "gesperrt:" not in wrong
