"""Reads for the solo lists: the Tagesliste of a day, the Serie, the records of all time.

Only verified results are stored (``SoloScore``, see lobby.solo_results); guests
and deactivated players are filtered out here, at read time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Max, QuerySet

from accounts.models import User
from leaderboard.models import SoloScore


@dataclass(frozen=True)
class SoloRow:
    rank: int  # shared on equal points: 1, 1, 3
    user_id: int
    username: str
    points: int
    won: bool = False


def _listed() -> QuerySet[SoloScore]:
    return SoloScore.objects.filter(user__is_guest=False, user__is_active=True)


def _ranked(rows: list[tuple[int, str, int, bool]]) -> list[SoloRow]:
    out: list[SoloRow] = []
    for position, (user_id, name, points, won) in enumerate(rows, start=1):
        rank = out[-1].rank if out and out[-1].points == points else position
        out.append(SoloRow(rank, user_id, name, points, won))
    return out


def daily_list(*, game: str, day: date, limit: int = 100) -> list[SoloRow]:
    """The day's first attempts, best first (ties by name)."""
    entries = (
        _listed()
        .filter(game=game, mode=SoloScore.Mode.DAILY, day=day)
        .order_by("-points", "user__username", "user_id")
        .values_list("user_id", "user__username", "points", "won")
    )
    return _ranked(list(entries[:limit]))


def record_list(*, game: str, category: str, limit: int = 100) -> list[SoloRow]:
    """Rekorde aller Zeiten in ``category``: each player's best result, best first."""
    best = (
        _listed()
        .filter(game=game, mode=SoloScore.Mode.RECORD, category=category)
        .values("user_id", "user__username")
        .annotate(best=Max("points"))
        .order_by("-best", "user__username", "user_id")
    )
    return _ranked([(r["user_id"], r["user__username"], r["best"], False) for r in best[:limit]])


def personal_records(*, user: User, game: str) -> dict[str, int]:
    """Category -> the player's best record-hunt result (the guest's own too)."""
    rows = (
        SoloScore.objects.filter(user=user, game=game, mode=SoloScore.Mode.RECORD)
        .values("category")
        .annotate(best=Max("points"))
    )
    return {r["category"]: r["best"] for r in rows}


def daily_days(*, user: User, game: str) -> set[date]:
    return set(SoloScore.objects.filter(user=user, game=game, mode=SoloScore.Mode.DAILY).values_list("day", flat=True))


@dataclass(frozen=True)
class Streak:
    current: int  # days in a row up to today (or up to yesterday while today is still open)
    best: int


def streak_of(days: set[date], today: date) -> Streak:
    """The Serie: consecutive calendar days with a listed daily attempt."""
    current = 0
    day = today if today in days else today - timedelta(days=1)
    while day in days:
        current += 1
        day -= timedelta(days=1)
    best = run = 0
    previous: date | None = None
    for day in sorted(days):
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    return Streak(current, best)


def streak(*, user: User, game: str, today: date) -> Streak:
    return streak_of(daily_days(user=user, game=game), today)
