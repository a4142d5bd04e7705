"""django-axes locks a user name only for the address that guessed wrong (name AND address)."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts import services

pytestmark = pytest.mark.django_db
PASSWORD = "Kleister-1929!"


def login(address: str, name: str, password: str) -> int:
    return Client(REMOTE_ADDR=address).post("/konto/anmelden/", {"username": name, "password": password}).status_code


def test_one_address_cannot_lock_a_name_out_for_everybody():
    services.register_user(username="paula", password=PASSWORD)
    services.register_user(username="otto", password=PASSWORD)
    for _ in range(5):
        login("203.0.113.7", "paula", "falsch")
    assert login("203.0.113.7", "paula", PASSWORD) == 429  # that name from that address is locked
    assert login("198.51.100.20", "paula", PASSWORD) == 302  # the real owner elsewhere logs in
    assert login("203.0.113.7", "otto", PASSWORD) == 302  # other names from that address are not locked
