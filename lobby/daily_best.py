"""'So lief der Beste heute' (Speedrocket's rule text, "Tagesrätsel teilen"): the day's best first
attempt in the game's own one-line form, for a player who has finished an attempt today.

The line comes from the game (``DailyMode.best_line``: e.g. the heights per evening, not the moves);
this module only finds the day's leader in the Tagesliste and that attempt's match.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from accounts.models import User
from games.core import registry
from leaderboard import solo_selectors
from lobby.history import seat_of
from lobby.models import Match, SoloRun


@dataclass(frozen=True)
class BestToday:
    name: str
    points: int
    line: str


def may_see(user: User, game: str, day: date) -> bool:
    """Only after one's own attempt of the day is over (the line would otherwise hint at the puzzle)."""
    if not user.is_authenticated:
        return False
    return SoloRun.objects.filter(
        user=user, game=game, mode=SoloRun.Mode.DAILY, day=day, status=SoloRun.Status.FINISHED
    ).exists()


def best_today(game: str, day: date) -> BestToday | None:
    mode = registry.solo(game).daily
    if mode is None or mode.best_line is None:
        return None
    leaders = solo_selectors.daily_list(game=game, day=day, limit=1)
    if not leaders:
        return None
    leader = leaders[0]
    run = SoloRun.objects.filter(
        user_id=leader.user_id, game=game, mode=SoloRun.Mode.DAILY, day=day, counts=True
    ).first()
    match = Match.objects.filter(table_id=run.table_id, number=run.first_number).first() if run else None
    seat = seat_of(match, leader.user_id) if match else None
    if match is None or seat is None or not match.result:
        return None
    return BestToday(name=leader.username, points=leader.points, line=mode.best_line(match.result, seat))
