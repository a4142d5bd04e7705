from __future__ import annotations

import pytest

from accounts import services
from accounts import view_settings as view

pytestmark = pytest.mark.django_db

URL = "/konto/ansicht/"
GOOD = {"sound": "1", "music": "orgel", "theme": "dunkel", "muted": "0", "game": "rk", "design": "tag"}


def test_new_accounts_start_quiet():
    user = services.register_user(username="grete", password="Kleister-1929!")
    assert user.sound is False and user.music is False and user.theme == "auto"
    assert view.for_page(user, "rk") == {"sound": False, "music": "aus", "theme": "auto", "muted": False, "design": ""}


def test_registered_player_saves_and_gets_them_back_per_game(client):
    user = services.register_user(username="grete", password="Kleister-1929!")
    client.force_login(user)
    assert client.post(URL, GOOD).json() == {"ok": True}
    assert (
        client.post(URL, {**GOOD, "game": "bg", "music": "abendrot", "design": "mittag", "muted": "1"}).status_code
        == 200
    )
    user.refresh_from_db()
    assert (user.sound, user.music, user.theme) == (True, True, "dunkel")
    assert view.for_page(user, "rk") == {
        "sound": True,
        "music": "orgel",
        "theme": "dunkel",
        "muted": True,
        "design": "tag",
    }
    assert view.for_page(user, "bg")["music"] == "abendrot"
    assert client.post(URL, {**GOOD, "music": "aus"}).status_code == 200
    user.refresh_from_db()
    assert user.music is False and view.for_page(user, "rk")["music"] == "aus"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"theme": "lila"}, "Unbekanntes Farbschema"),
        ({"sound": "ja"}, "muss 0 oder 1 sein"),
        ({"muted": ""}, "muss 0 oder 1 sein"),
        ({"game": "<script>"}, "Unbekanntes Spiel"),
        ({"game": "stumm"}, "Unbekanntes Spiel"),
        ({"music": "x" * 40}, "Unbekanntes Musikstück"),
        ({"design": "Tag!"}, "Unbekanntes Design"),
    ],
)
def test_bad_input_gets_a_german_message_and_changes_nothing(client, change, message):
    user = services.register_user(username="grete", password="Kleister-1929!")
    client.force_login(user)
    response = client.post(URL, {**GOOD, **change})
    assert response.status_code == 400
    assert message in response.json()["error"]
    user.refresh_from_db()
    assert (user.sound, user.theme, user.view_prefs) == (False, "auto", {})


def test_music_turned_on_in_the_profile_asks_for_the_games_first_piece():
    user = services.register_user(username="grete", password="Kleister-1929!")
    user.music = True
    user.save()
    assert view.for_page(user, "bg")["music"] == "an"


def test_guests_and_strangers_are_told_the_device_remembers(client):
    assert client.post(URL, GOOD).status_code == 403
    client.force_login(services.create_guest())
    response = client.post(URL, GOOD)
    assert response.status_code == 403 and "Gerät" in response.json()["error"]


def test_get_is_refused(client):
    client.force_login(services.register_user(username="grete", password="Kleister-1929!"))
    assert client.get(URL).status_code == 405


def test_csrf_is_required():
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(services.register_user(username="grete", password="Kleister-1929!"))
    assert client.post(URL, GOOD).status_code == 403
