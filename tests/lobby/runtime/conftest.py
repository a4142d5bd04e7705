from __future__ import annotations

import pytest

from accounts import services as accounts
from games.core import registry
from lobby.models import Seat, Table


@pytest.fixture(autouse=True)
def testgame(monkeypatch, settings):  # type: ignore[no-untyped-def]
    """Register the tiny simultaneous test game; computers move inline."""
    monkeypatch.setitem(registry.GAME_PACKAGES, "testspiel", "tests.lobby.runtime.testgame")
    settings.COMPUTER_DISPATCH = "inline"
    settings.TABLE_TEMPO_FACTOR = 0


@pytest.fixture
def make_table(db):  # type: ignore[no-untyped-def]
    def make(humans: int = 2, computers: int = 0, kind: str = "live", prefix: str = "spieler") -> Table:
        users = [accounts.register_user(username=f"{prefix}{i}", password="Kleister-1929!") for i in range(humans)]
        table = Table.objects.create(game="testspiel", kind=kind, places=humans + computers, host=users[0])
        for i, user in enumerate(users):
            Seat.objects.create(table=table, index=i, user=user, name=user.username)
        for j in range(computers):
            Seat.objects.create(table=table, index=humans + j, bot_level="normal", name=f"Computer {j + 1}")
        table.users = users
        return table

    return make
