"""Reads for Meine Partien and replays: a player's games, statistics, the state at any step.

A guest's games are stored with the guest (a real user row) and carried over when it
registers (the upgrade keeps the row); they are shown only to that user.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy

from accounts.models import User
from games.core import registry
from games.core.translate import say
from leaderboard import solo_selectors
from leaderboard.models import ScoreEntry
from lobby.models import ActionRecord, Match, SoloRun, Table
from lobby.solo_results import MODE_KEY

MODE_LABELS = {
    "frei": gettext_lazy("Freie Partie"),
    "live": gettext_lazy("Mit anderen"),
    "taeglich": gettext_lazy("Tagesrätsel"),
    "rekord": gettext_lazy("Rekordjagd"),
    "meisterbrief": gettext_lazy("Meisterbrief"),
}


def mode_label(mode: str, game: str) -> str:
    """The mode's name in the active language; a daily puzzle by the game's own name ("Tagesstrand")."""
    daily = registry.solo(game).daily if mode == "taeglich" else None
    if daily is not None:
        return gettext(daily.name)
    return str(MODE_LABELS.get(mode, MODE_LABELS["frei"]))


@dataclass(frozen=True)
class GameRow:
    match: Match
    game: str
    game_name: str
    mode: str  # German label
    practice: bool
    seat: int
    points: int | None
    place: int | None
    won: bool  # beat the target where the result has one (Speedneon's Solovariante), else place 1
    target: int | None  # that target, shown instead of the place (alone there is no place to win)
    players: int
    when: datetime
    status: str
    voided: str = ""  # the reason, when the moderation voided this game's Bestenliste entry
    left: bool = False  # the player left during the game: a computer finished it, its result is not theirs
    ranked: bool = True  # its points are on the Bestenliste's scale (the game would count them there)


@dataclass(frozen=True)
class VoidedEntry:
    game_name: str
    points: int
    kind: str  # German label
    when: datetime
    voided: datetime
    reason: str


def _tables_of(user: User) -> Q:
    """Every table the player sat at: as host, in a seat, or (left early) through a penalty entry."""
    left = ScoreEntry.objects.filter(user=user, match__isnull=False).values("match__table_id")
    return Q(table__host=user) | Q(table__seats__user=user) | Q(table_id__in=left)


def seat_of(match: Match, user_id: int | None) -> int | None:
    if user_id is None:
        return None
    return next((i for i, p in enumerate(match.players) if p.get("user_id") == user_id), None)


def ranked(game: str, result: dict[str, Any], seat: int, players: int) -> bool:
    """Whether the game would count this result on the Bestenliste (its points are on that scale)."""
    if not result.get("points"):
        return False
    try:
        return registry.engine(game).leaderboard_points(result, seat, players, math.inf) is not None
    except (KeyError, IndexError, TypeError):  # a result stored before a key the formula reads: as before
        return True


def mode_of(match: Match) -> str:
    mode = match.options.get(MODE_KEY)
    # A daily attempt is its table's first match; "Neue Partie" there is a free game (new seed).
    if mode == "rekord" or (mode == "taeglich" and match.number == 1):
        return mode
    if match.options.get("stufe") is not None:  # a Meisterbrief level (Speedrocket's only option of that name)
        return "meisterbrief"
    return "frei" if match.table.kind == Table.Kind.SOLO else "live"


def won(result: dict[str, Any], seat: int, game: str | None = None, mode: str = "") -> bool:
    """A win: in a daily puzzle or a record hunt as that mode counts one (Speedrocket alone: no
    Fehlzündung; Speedburg alone: none, as its Tagesliste), else the target beaten where the result names
    one ("won"), else first place."""
    if not result:
        return False
    modes = registry.solo(game) if game else None
    solo_mode = None
    if modes is not None:
        solo_mode = modes.daily if mode == "taeglich" else modes.record if mode == "rekord" else None
    if solo_mode is not None:
        return bool(solo_mode.won(result, seat))
    if "won" in result:
        return bool(result["won"])
    places = result.get("places") or []
    return seat < len(places) and places[seat] == 1


def finished_games(user: User, game: str | None = None) -> list[GameRow]:
    matches = (
        Match.objects.filter(_tables_of(user), status=Match.Status.FINISHED)
        .select_related("table")
        .distinct()
        .order_by("-finished", "-pk")
    )
    if game:
        matches = matches.filter(game=game)
    practice = set(
        SoloRun.objects.filter(user=user, mode=SoloRun.Mode.DAILY, counts=False).values_list("table_id", flat=True)
    )
    voided = dict(
        ScoreEntry.objects.filter(user=user, voided__isnull=False, match__isnull=False).values_list(
            "match_id", "void_reason"
        )
    )
    rows = []
    for match in matches:
        seat = seat_of(match, user.pk)
        if seat is None:
            continue
        result = match.result or {}
        mode = mode_of(match)
        # A seat the player left was played to the end by a computer ("Computer (für NAME)", the same
        # user id): the game is listed, but its points, place and win are the computer's, not theirs.
        left = bool(match.players[seat].get("left"))
        if left:
            result = {}
        rows.append(
            GameRow(
                match=match,
                game=match.game,
                game_name=registry.engine(match.game).NAME,
                mode=mode_label(mode, match.game),
                practice=mode == "taeglich" and match.table_id in practice,
                seat=seat,
                points=result["points"][seat] if result.get("points") else None,
                place=result["places"][seat] if result.get("places") else None,
                won=won(result, seat, match.game, mode),
                target=result.get("target"),
                players=len(match.players),
                when=match.finished or match.started,
                status=match.status,
                voided=voided.get(match.pk, ""),
                left=left,
                ranked=ranked(match.game, result, seat, len(match.players)),
            )
        )
    return rows


def voided_entries(user: User) -> list[VoidedEntry]:
    """The player's Bestenliste entries the moderation voided, newest first, with the reason."""
    entries = ScoreEntry.objects.filter(user=user, voided__isnull=False).order_by("-voided", "-id")
    return [
        VoidedEntry(
            game_name=registry.engine(e.game).NAME if e.game in registry.slugs() else e.game,
            points=e.points,
            kind=e.get_kind_display(),
            when=e.created,
            voided=e.voided,
            reason=e.void_reason,
        )
        for e in entries
    ]


@dataclass
class GameStats:
    game: str
    name: str
    games: int = 0
    wins: int = 0
    best: int | None = None
    average: float | None = None
    win_streak: int = 0  # the longest run of won games in a row
    serie: int = 0  # daily puzzle: days in a row up to today
    best_serie: int = 0
    records: list[tuple[str, int]] = field(default_factory=list)  # (category label, best result)
    collection: dict[str, Any] | None = None  # e.g. Speedburg's Skizzenbuch ("17/24")


def statistics(user: User, rows: list[GameRow], today: Any) -> list[GameStats]:
    out = []
    for slug in registry.slugs():
        mine = [r for r in rows if r.game == slug and r.points is not None]
        stats = GameStats(slug, registry.engine(slug).NAME)
        stats.games = len(mine)
        stats.wins = sum(1 for r in mine if r.won)
        # Best and average over the games the Bestenliste would count: a game alone on another scale
        # (Speedburg's Rekordpunkte, Speedrocket alone) has its own lists, the records.
        against = [r for r in mine if r.ranked]
        if against:
            stats.best = max(r.points for r in against)  # type: ignore[type-var]
            stats.average = round(sum(r.points for r in against) / len(against), 1)  # type: ignore[misc]
        run = 0
        for row in sorted(mine, key=lambda r: r.when):
            run = run + 1 if row.won else 0
            stats.win_streak = max(stats.win_streak, run)
        if registry.solo(slug).daily is not None:
            streak = solo_selectors.streak(user=user, game=slug, today=today)
            stats.serie, stats.best_serie = streak.current, streak.best
        record = registry.solo(slug).record
        if record is not None:
            best = solo_selectors.personal_records(user=user, game=slug)
            stats.records = [(label, best[key]) for key, label in record.categories if key in best]
        collect = registry.spec(slug).collection
        if collect is not None:
            found = collect([(r.match.result, r.seat) for r in mine], best_serie=stats.best_serie)
            stats.collection = {**found, "text": say(found["text"])}  # in the reader's language
        out.append(stats)
    return out


def open_solo_games(user: User) -> list[dict[str, Any]]:
    """Solo tables still to be played on: a running match, or a record hunt between Durchgänge."""
    out = []
    tables = Table.objects.filter(host=user, kind=Table.Kind.SOLO).exclude(status=Table.Status.CLOSED)
    runs = {r.table_id: r for r in SoloRun.objects.filter(user=user, status=SoloRun.Status.OPEN)}
    for table in tables.order_by("-created"):
        current = Match.objects.filter(table=table).order_by("-number").first()
        run = runs.get(table.pk)
        playing = current is not None and current.status == Match.Status.PLAYING
        if not playing and run is None:
            continue
        if run is not None and current is not None and current.status == Match.Status.ABORTED:
            continue
        mode = table.options.get(MODE_KEY) or "frei"
        label = mode_label(mode, table.game)
        if run is not None and run.rounds > 1:
            label += " – " + gettext("Durchgang %(n)s von %(of)s") % {
                "n": min(run.done + 1, run.rounds),
                "of": run.rounds,
            }
        out.append({"table": table, "game": registry.engine(table.game).NAME, "mode": label, "run": run})
    return out


# ---------------------------------------------------------------- replay


@dataclass(frozen=True)
class Step:
    state: Any
    log: list[dict[str, Any]]
    number: int  # engine actions applied
    total: int


def replay_steps(match: Match) -> list[ActionRecord]:
    return list(ActionRecord.objects.filter(match=match, system=False).order_by("version"))


def state_at(match: Match, records: list[ActionRecord], step: int) -> Step:
    """The state after the first ``step`` engine actions of the record, re-computed from the seed."""
    engine = registry.engine(match.game)
    step = max(0, min(step, len(records)))
    state = engine.new_game(seed=match.seed, players=len(match.players), options=match.options)
    log: list[dict[str, Any]] = []
    for record in records[:step]:
        state, events = engine.apply(state, record.seat, record.action)
        log.extend(record.events or events)
    return Step(state, log[-40:], step, len(records))
