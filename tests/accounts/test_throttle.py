"""New accounts and guests per client address: at most 5 an hour (each brings Taler), refused with HTTP 429."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from accounts.models import User
from lobby.models import Table

pytestmark = pytest.mark.django_db
PASSWORD = "Kleister-1929!"


@pytest.fixture(autouse=True)
def production_limit(settings):  # type: ignore[no-untyped-def]
    settings.NEW_ACCOUNTS_PER_ADDRESS = 5  # the production value (the test settings raise it for the suite)


@pytest.fixture
def address() -> str:
    """A documentation address no other test uses (counters live in the cache, maybe a shared Redis)."""
    return f"2001:db8::{uuid.uuid4().hex[:4]}:{uuid.uuid4().hex[:4]}"


def register(address: str, name: str) -> int:
    data = {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    return Client(REMOTE_ADDR=address).post("/konto/registrieren/", data).status_code


def play_as_guest(address: str) -> int:
    return Client(REMOTE_ADDR=address).post("/konto/gast/").status_code


def test_the_sixth_guest_from_one_address_within_an_hour_is_refused_in_german(address):
    assert [play_as_guest(address) for _ in range(5)] == [302] * 5
    response = Client(REMOTE_ADDR=address).post("/konto/gast/")
    assert response.status_code == 429
    assert "Zu viele neue Konten" in response.content.decode()
    assert User.objects.filter(is_guest=True).count() == 5


def test_registrations_and_guests_share_the_quota_and_other_addresses_are_not_affected(address):
    assert [play_as_guest(address) for _ in range(3)] == [302] * 3
    assert register(address, "erna") == 302
    assert register(address, "fritz") == 302
    assert register(address, "gustav") == 429
    assert not User.objects.filter(username="gustav").exists()
    assert register("2001:db8::1:2", "gustav") == 302


def test_a_refused_form_does_not_count(address):
    for _ in range(6):
        data = {"username": "hanna", "password1": PASSWORD, "password2": "anders"}
        assert Client(REMOTE_ADDR=address).post("/konto/registrieren/", data).status_code == 200
    assert register(address, "hanna") == 302


def test_upgrading_a_guest_counts_because_it_opens_a_wallet(address):
    client = Client(REMOTE_ADDR=address)
    for _ in range(2):
        client.post("/konto/gast/")
        data = {"username": f"gast{uuid.uuid4().hex[:6]}", "password1": PASSWORD, "password2": PASSWORD}
        assert client.post("/konto/registrieren/", data).status_code == 302
        client.post("/konto/abmelden/")
    client.post("/konto/gast/")
    assert (
        client.post(
            "/konto/registrieren/", {"username": "ida", "password1": PASSWORD, "password2": PASSWORD}
        ).status_code
        == 429
    )


def test_the_form_itself_is_still_shown(address):
    assert [play_as_guest(address) for _ in range(5)] == [302] * 5
    assert Client(REMOTE_ADDR=address).get("/konto/registrieren/").status_code == 200


def test_guest_next_only_goes_to_this_site(address):
    evil = Client(REMOTE_ADDR=address).post("/konto/gast/", {"next": "https://evil.example/"})
    assert evil.status_code == 302 and evil["Location"] == "/"
    local = Client(REMOTE_ADDR=address).post("/konto/gast/", {"next": "/tische/"})
    assert local["Location"] == "/tische/"


FREE_GAME = {"computers": "1", "level": "leicht", "spielart": "kurz", "buersten": "5", "karren": "6", "tempo": "normal"}


def test_a_visitor_starting_a_free_game_or_a_puzzle_becomes_a_guest_and_that_counts(address):
    starts = [
        ("/spiele/kleister/", FREE_GAME),
        ("/spiele/kleister/taeglich/", {}),
        ("/spiele/kleister/rekordjagd/", {"kategorie": "leicht"}),
        ("/spiele/kleister/", FREE_GAME),
    ]
    assert [Client(REMOTE_ADDR=address).post(url, data).status_code for url, data in starts] == [302] * 4
    assert play_as_guest(address) == 302  # the fifth new account from this address
    refused = Client(REMOTE_ADDR=address).post("/spiele/kleister/", FREE_GAME)
    assert refused.status_code == 429 and "Zu viele neue Konten" in refused.content.decode()
    assert Client(REMOTE_ADDR=address).post("/spiele/kleister/taeglich/").status_code == 429
    assert User.objects.filter(is_guest=True).count() == 5
    assert Table.objects.count() == 4


def test_a_guest_or_player_starting_a_game_is_never_refused_by_the_quota(address):
    guest = Client(REMOTE_ADDR=address)
    guest.post("/konto/gast/")
    assert [play_as_guest(address) for _ in range(4)] == [302] * 4  # the quota is used up
    assert guest.post("/spiele/kleister/", FREE_GAME).status_code == 302
    assert guest.post("/spiele/kleister/taeglich/").status_code == 302
    assert User.objects.filter(is_guest=True).count() == 5
