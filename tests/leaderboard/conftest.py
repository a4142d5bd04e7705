from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from accounts import services as accounts
from accounts.models import User
from games.core import registry
from lobby.models import Match, Table

_numbers = itertools.count(1)


@pytest.fixture(autouse=True)
def second_game(monkeypatch):  # type: ignore[no-untyped-def]
    """A second registered game (the tiny test game "Zahlenduell") next to Speedkleister."""
    monkeypatch.setitem(registry.GAME_PACKAGES, "testspiel", "tests.lobby.runtime.testgame")


@pytest.fixture
def player(db) -> Callable[[str], User]:  # type: ignore[no-untyped-def]
    def make(name: str) -> User:
        return accounts.register_user(username=name, password="Kleister-1929!")

    return make


@pytest.fixture
def match(db) -> Callable[..., Match]:  # type: ignore[no-untyped-def]
    """A new finished match of ``game`` (each call: a new table)."""

    def make(game: str = "kleister") -> Match:
        host = accounts.register_user(username=f"wirt{next(_numbers)}", password="Kleister-1929!")
        table = Table.objects.create(game=game, kind="live", places=2, host=host, options={})
        return Match.objects.create(table=table, game=game, seed=1, options={}, players=[], state={})

    return make
