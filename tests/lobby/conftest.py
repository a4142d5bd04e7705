from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts import services as accounts
from games.core import registry
from lobby.models import Match
from lobby.runtime import actions, deadlines


@pytest.fixture
def frozen(monkeypatch):  # type: ignore[no-untyped-def]
    """The clock's time under the test's control: ``frozen(seconds)`` moves it on."""
    current = {"now": timezone.now()}
    monkeypatch.setattr(deadlines, "now", lambda: current["now"])

    def advance(seconds: float) -> None:
        current["now"] += timedelta(seconds=seconds)

    return advance


@pytest.fixture(autouse=True)
def _computers_inline(inline_computers):  # type: ignore[no-untyped-def]
    """Every lobby test: computers move at once (tests/conftest.py)."""


@pytest.fixture
def players(db):  # type: ignore[no-untyped-def]
    return [accounts.register_user(username=n, password="Kleister-1929!") for n in ("grete", "paul", "hans", "otto")]


def finish_randomly(match: Match, seed: int = 1) -> Match:
    """Human seats play random legal actions, computers answer inline, until the end."""
    rng = random.Random(seed)
    engine = registry.engine(match.game)
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = engine.load(match.state)
        seat = engine.to_move(state)[0]
        action = rng.choice(engine.legal_actions(state, seat))
        actions.submit(match_id=match.pk, seat=seat, action=action, expected_version=match.version)
    raise AssertionError("game did not end")
