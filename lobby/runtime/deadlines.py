"""Move clocks: when a decision's time runs out (the server owns the clock).

A match with Bedenkzeit stores a deadline: when a human seat may act, it is
now + Bedenkzeit (or the game's own time for that decision). After the
deadline comes the Nachfrist; then the computer finishes the move for that
seat (``lobby.runtime.expiry``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from games.core import registry
from lobby.models import Match

GRACE_SECONDS = 10


def now() -> datetime:
    """The clock's time (tests replace this function to control time)."""
    return timezone.now()


def human_seats_to_move(match: Match, state: Any) -> list[int]:
    engine = registry.engine(match.game)
    return [seat for seat in engine.to_move(state) if not match.players[seat].get("bot")]


def deadline_for(match: Match, state: Any) -> datetime | None:
    """The deadline after this state: only with Bedenkzeit and a human to move."""
    seconds = registry.spec(match.game).clock_seconds(state, match.table.clock_seconds)
    if not seconds or not human_seats_to_move(match, state):
        return None
    return now() + timedelta(seconds=seconds)


def fires_at(match: Match) -> datetime | None:
    return match.deadline + timedelta(seconds=GRACE_SECONDS) if match.deadline else None
