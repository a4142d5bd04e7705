"""Solo modes: daily puzzles (seed per game and day), record hunts, and how their results get listed.

- The daily seed is an HMAC of the game and the date (Europe/Berlin) under a server
  secret: every process computes the same seed without coordination; the midnight
  task only stores today's row (``DailyPuzzle``) and is never needed for correctness.
- The first daily attempt of a player, game and day counts; that is decided when the
  attempt starts (a unique constraint) and nothing later changes it.
- How a finished match reaches its run and a list: ``lobby.solo_results``.

What each game offers comes from its ``games/<slug>/solo.py`` (``registry.solo``).
Decisions: docs/solo.md.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from games.core import registry
from games.core.protocol import IllegalAction
from games.core.solo import DailyMode, RecordMode
from games.core.text import N_, tx
from leaderboard import solo_selectors
from lobby import services, solo_results
from lobby.models import DailyPuzzle, Match, SoloRun
from lobby.solo_results import HUNT_RECORD, HUNT_ROUND, HUNT_SO_FAR, MODE_KEY

BERLIN = ZoneInfo("Europe/Berlin")


# ---------------------------------------------------------------- days and seeds


def berlin_day(now: datetime | None = None) -> date:
    """The calendar day in Europe/Berlin: the day boundary of daily puzzles (SUPPLEMENT)."""
    return timezone.localtime(now or timezone.now(), BERLIN).date()


def _secret() -> bytes:
    return (getattr(settings, "DAILY_SEED_SECRET", "") or settings.SECRET_KEY).encode()


def daily_seed(game: str, day: date) -> int:
    """The seed of ``game``'s puzzle on ``day``: 63 bits of HMAC-SHA256(secret, "daily:game:day").

    Internal: callers pass only today (``today_puzzle``); no page or API returns a seed.
    """
    digest = hmac.new(_secret(), f"daily:{game}:{day.isoformat()}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def daily_mode(game: str) -> DailyMode:
    mode = registry.solo(game).daily
    if mode is None:
        raise IllegalAction(tx("%(game)s hat kein Tagesrätsel.", game=registry.engine(game).NAME))
    return mode


def record_mode(game: str) -> RecordMode:
    mode = registry.solo(game).record
    if mode is None:
        raise IllegalAction(tx("%(game)s hat keine Rekordjagd.", game=registry.engine(game).NAME))
    return mode


@dataclass(frozen=True)
class Puzzle:
    game: str
    day: date
    seed: int


def today_puzzle(game: str, now: datetime | None = None) -> Puzzle:
    """Today's puzzle (the stored row if the midnight task wrote it, else computed: the same)."""
    daily_mode(game)
    day = berlin_day(now)
    seed = DailyPuzzle.objects.filter(game=game, day=day).values_list("seed", flat=True).first()
    return Puzzle(game, day, seed if seed is not None else daily_seed(game, day))


def rotate_daily(now: datetime | None = None) -> list[DailyPuzzle]:
    """Store today's puzzle of every game that has one (the midnight beat task; idempotent)."""
    day = berlin_day(now)
    rows = []
    for game in registry.slugs():
        if registry.solo(game).daily is not None:
            row, _ = DailyPuzzle.objects.get_or_create(game=game, day=day, defaults={"seed": daily_seed(game, day)})
            rows.append(row)
    return rows


# ---------------------------------------------------------------- tables


def _lock_user(user: User) -> None:
    """Serialise a player's solo starts (two tabs): one row lock on the player."""
    User.objects.select_for_update().filter(pk=user.pk).first()


def open_runs(user: User, game: str | None = None) -> list[SoloRun]:
    """The player's solo runs still to be played (aborted ones are closed on the way)."""
    runs = SoloRun.objects.filter(user=user, status=SoloRun.Status.OPEN).select_related("table").order_by("-created")
    if game is not None:
        runs = runs.filter(game=game)
    out = []
    for run in runs:
        current = Match.objects.filter(table=run.table).order_by("-number").first()
        if current is not None and current.status == Match.Status.ABORTED:
            SoloRun.objects.filter(pk=run.pk, status=SoloRun.Status.OPEN).update(
                status=SoloRun.Status.ABORTED, finished=timezone.now()
            )
            continue
        out.append(run)
    return out


def start_daily(*, user: User, game: str, now: datetime | None = None) -> SoloRun:
    """Start today's attempt, or return today's open one (a reload, a second tab).

    The first attempt of the day counts; the unique constraint decides it once, here.
    """
    mode = daily_mode(game)
    puzzle = today_puzzle(game, now)
    with transaction.atomic():
        _lock_user(user)
        solo_results.catch_up(user=user)  # a finished attempt whose post-commit step was lost is closed first
        for run in open_runs(user, game):
            if run.mode == SoloRun.Mode.DAILY and run.day == puzzle.day:
                return run
        first = not SoloRun.objects.filter(
            user=user, game=game, mode=SoloRun.Mode.DAILY, day=puzzle.day, counts=True
        ).exists()
        # whether this attempt counts, for the table bar (the run below decides it for the lists)
        extra = {MODE_KEY: SoloRun.Mode.DAILY, "tag": puzzle.day.isoformat(), "rat": False, DAILY_COUNTS: first}
        table = services.create_solo_table(
            user=user,
            game=game,
            options=mode.options,
            computers=mode.computers,
            tempo=mode.tempo,
            seed=puzzle.seed,
            extra_options=extra,
        )
        fields = {"user": user, "game": game, "mode": SoloRun.Mode.DAILY, "day": puzzle.day, "table": table}
        try:
            with transaction.atomic():
                return SoloRun.objects.create(counts=True, **fields)
        except IntegrityError:  # the day's first attempt exists: this one is practice
            return SoloRun.objects.create(counts=False, **fields)


def open_hunt(user: User, game: str, category: str) -> SoloRun | None:
    """The player's record hunt in ``category`` that is still to be played, if any."""
    return next((r for r in open_runs(user, game) if r.mode == SoloRun.Mode.RECORD and r.category == category), None)


def give_up_hunt(*, run: SoloRun, user: User) -> None:
    """End an open record hunt without a result (its running game ends without scoring)."""
    current = Match.objects.filter(table=run.table).order_by("-number").first()
    if current is not None and current.status == Match.Status.PLAYING:
        services.leave_match(table_id=run.table_id, user=user)
    SoloRun.objects.filter(pk=run.pk, status=SoloRun.Status.OPEN).update(
        status=SoloRun.Status.ABORTED, finished=timezone.now()
    )


def start_record(*, user: User, game: str, category: str) -> SoloRun:
    """Start a record hunt in ``category`` (e.g. the computers' strength): its first match. One hunt per
    category is open at a time: an open one is ended first (``give_up_hunt``)."""
    mode = record_mode(game)
    if category not in dict(mode.categories):
        raise IllegalAction(N_("Diese Stufe gibt es für die Rekordjagd nicht."))
    running = open_hunt(user, game, category)
    if running is not None:
        give_up_hunt(run=running, user=user)
    options, computers, tempo = mode.setup(category)
    with transaction.atomic():
        _lock_user(user)
        extra = {MODE_KEY: SoloRun.Mode.RECORD, "kategorie": category, "rat": False}  # the Rat: free games only
        best = solo_selectors.personal_records(user=user, game=game).get(category)
        if best is not None:  # the record to beat, shown at the table (``hunt_progress``)
            extra[HUNT_RECORD] = best
        table = services.create_solo_table(
            user=user, game=game, options=options, computers=computers, tempo=tempo, extra_options=extra
        )
        return SoloRun.objects.create(
            user=user, game=game, mode=SoloRun.Mode.RECORD, category=category, table=table, rounds=mode.rounds
        )


def daily_attempts(user: User, game: str, day: date) -> list[SoloRun]:
    return list(SoloRun.objects.filter(user=user, game=game, mode=SoloRun.Mode.DAILY, day=day).order_by("created"))


def may_watch(options: dict, viewer_seat: int | None) -> bool:
    """Whether someone not at the game may watch it: anyone, except another player's daily puzzle before
    its day is over (it would show today's shuffle before one's own attempt). For the live table, its
    websocket and the step-by-step page alike."""
    day = options.get("tag")
    if viewer_seat is None and options.get(MODE_KEY) == "taeglich" and day:
        return day < berlin_day().isoformat()
    return True


DAILY_COUNTS = "zaehlt"  # table option of a daily attempt: it is the day's first (it counts) or practice


def daily_badge(game: str, options: dict, number: int) -> dict[str, Any] | None:  # type: ignore[type-arg]
    """A daily attempt's table bar badge: the puzzle's name and whether the attempt counts (None: unknown,
    a table from before the option); None for any other match ("Neue Partie" at a daily table is free)."""
    mode = registry.solo(game).daily
    if options.get(MODE_KEY) != SoloRun.Mode.DAILY or number != 1 or mode is None:
        return None
    return {"name": mode.name, "zaehlt": options.get(DAILY_COUNTS)}


def hunt_progress(game: str, options: dict) -> dict[str, int | None] | None:
    """A match of a record hunt: which Durchgang it is (``durchgang``), of how many (``von``, 1 for a
    hunt of one game), the hunt's points before it (``bisher``) and the player's record in its category
    when the hunt began (``rekord``, None: the first hunt there); None for any other match."""
    if options.get(MODE_KEY) != SoloRun.Mode.RECORD:
        return None
    mode = registry.solo(game).record
    if mode is None:
        return None
    return {
        "durchgang": int(options.get(HUNT_ROUND, 1)),
        "von": mode.rounds,
        "bisher": int(options.get(HUNT_SO_FAR, 0)),
        "rekord": options.get(HUNT_RECORD),
    }
