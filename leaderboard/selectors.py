"""Reads for the Bestenliste: rankings per game or over all games, all time or this month."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from accounts.models import User
from leaderboard.models import ScoreEntry

Period = Literal["alle", "monat"]
PERIODS: tuple[Period, ...] = ("alle", "monat")


@dataclass(frozen=True)
class RankingRow:
    rank: int  # shared on equal points: 1, 1, 3
    user_id: int
    username: str
    points: int
    games: int


def month_bounds(now: datetime | None = None) -> tuple[datetime, datetime]:
    """Start and end (exclusive) of the calendar month of ``now`` in Europe/Berlin (settings.TIME_ZONE)."""
    local = timezone.localtime(now or timezone.now(), ZoneInfo(settings.TIME_ZONE))
    start = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    if start.month == 12:
        end = start.replace(year=start.year + 1, month=1)
    else:
        end = start.replace(month=start.month + 1)
    return start, end


def _entries(*, game: str | None, period: Period, now: datetime | None) -> QuerySet[ScoreEntry]:
    if period not in PERIODS:
        raise ValueError(f"unknown period: {period!r}")
    # Guests appear in no list; deactivated players neither; voided entries count nowhere. Checked at
    # query time, so an upgraded guest counts from the moment of the upgrade (guest results were never stored).
    entries = ScoreEntry.objects.filter(user__is_guest=False, user__is_active=True, voided__isnull=True)
    if game is not None:
        entries = entries.filter(game=game)
    if period == "monat":
        start, end = month_bounds(now)
        entries = entries.filter(created__gte=start, created__lt=end)
    return entries


def _totals(entries: QuerySet[ScoreEntry]) -> QuerySet:
    return (
        entries.values("user_id", "user__username")
        .annotate(
            total=Sum("points"),
            # entries without a match (corrections) count as one game each
            games=Count("match", distinct=True) + Count("id", filter=Q(match__isnull=True)),
        )
        .order_by("-total", "user__username", "user_id")
    )


def ranking(
    *, game: str | None, period: Period = "alle", limit: int = 100, now: datetime | None = None
) -> list[RankingRow]:
    """The top ``limit`` players by total points (``game=None``: over all games)."""
    rows: list[RankingRow] = []
    for position, row in enumerate(_totals(_entries(game=game, period=period, now=now))[:limit], start=1):
        rank = rows[-1].rank if rows and rows[-1].points == row["total"] else position
        rows.append(RankingRow(rank, row["user_id"], row["user__username"], row["total"], row["games"]))
    return rows


def rank_of(*, user: User, game: str | None, period: Period = "alle", now: datetime | None = None) -> RankingRow | None:
    """The player's own row in that list, wherever it is; ``None`` if they are not in it."""
    if not user.is_authenticated or user.is_guest or not user.is_active:
        return None
    entries = _entries(game=game, period=period, now=now)
    mine = _totals(entries.filter(user=user)).first()
    if mine is None:
        return None
    ahead = _totals(entries).filter(total__gt=mine["total"]).count()
    return RankingRow(ahead + 1, user.pk, mine["user__username"], mine["total"], mine["games"])
