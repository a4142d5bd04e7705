"""Move clocks: when a decision's time runs out (the server owns the clock).

At a table with Bedenkzeit every waiting human seat has its own deadline: when
its decision starts, now + Bedenkzeit (or the game's own time for that
decision), stored with the seat's decision (``lobby.runtime.decisions``) and
never moved by the other seats' actions. After the deadline comes the
Nachfrist; then the computer finishes that seat's decision
(``lobby.runtime.expiry``).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from games.core import registry
from games.core.registry import GameSpec
from lobby.models import Match

GRACE_SECONDS = 10  # the Nachfrist


def factor() -> float:
    """``TABLE_CLOCK_FACTOR`` scales every Bedenkzeit and the Nachfrist (browser tests shorten them)."""
    return float(getattr(settings, "TABLE_CLOCK_FACTOR", 1.0))


def grace() -> float:
    return GRACE_SECONDS * factor()


def now() -> datetime:
    """The clock's time (tests replace this function to control time)."""
    return timezone.now()


def human_seats_to_move(match: Match, state: Any) -> list[int]:
    engine = registry.engine(match.game)
    return [seat for seat in engine.to_move(state) if not match.players[seat].get("bot")]


def clocks_for(match: Match, spec: GameSpec, state: Any, to_move: list[int]) -> dict[int, float | None]:
    """Per seat to move: the deadline (epoch seconds) a decision starting now gets.

    Only humans at a table with Bedenkzeit (or with the game's own time for this
    decision) have one; computers and "ohne" have none.
    """
    seconds = spec.clock_seconds(state, match.table.clock_seconds)
    if not seconds:
        return dict.fromkeys(to_move)
    end = now().timestamp() + seconds * factor()
    return {seat: None if match.players[seat].get("bot") else end for seat in to_move}


def fires_at(deadline: float) -> datetime:
    """When an expired deadline is handled: after the Nachfrist."""
    return datetime.fromtimestamp(deadline, tz=UTC) + timedelta(seconds=grace())
