"""Helpers for the solo-mode tests: play a human seat to the end through the runtime."""

from __future__ import annotations

import random

from games.core import registry
from lobby.models import Match, SoloRun
from lobby.runtime import actions


def current_match(run: SoloRun) -> Match:
    return Match.objects.filter(table=run.table).order_by("-number").first()


def finish(match: Match, *, seed: int = 1, pick=None) -> Match:  # type: ignore[no-untyped-def]
    """The human seat plays (random, or ``pick(legal)``) until the end; computers answer inline."""
    rng = random.Random(seed)
    engine = registry.engine(match.game)
    for _ in range(5000):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = engine.load(match.state)
        seat = engine.to_move(state)[0]
        legal = engine.legal_actions(state, seat)
        action = pick(legal) if pick else rng.choice(legal)
        actions.submit(match_id=match.pk, seat=seat, action=action, expected_version=match.version)
    raise AssertionError("game did not end")
