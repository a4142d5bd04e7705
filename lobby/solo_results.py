"""How a finished solo-mode match reaches its run and the solo lists.

``lobby.settlement.settle`` (inside the transaction of the last move) registers
``match_finished`` to run after the commit: only then is the last action in the
log, so the run can be re-computed from its record (seed, options, actions:
``replay_match``) before it enters a list. A run whose replay differs is
rejected (``SoloRun.Status.REJECTED``) and logged. A lost post-commit step (a
crash) is made up by ``catch_up`` (the midnight task and every daily page).
Decisions: docs/solo.md.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.core import registry
from games.core.protocol import IllegalAction
from games.core.solo import DailyMode, RecordMode
from games.core.translate import say_error
from leaderboard import services as leaderboard
from lobby.models import Match, SoloRun, Table
from lobby.runtime.replay import replay_match

log = logging.getLogger(__name__)

MODE_KEY = "modus"  # table option: "taeglich" or "rekord" (kept in every match record)
HUNT_ROUND, HUNT_SO_FAR = "durchgang", "bisher"  # a record hunt's match: its Durchgang, the points before it
HUNT_RECORD = "rekord_vorher"  # a record hunt's table: the player's record in its category (the one to beat)


def is_solo_mode(match: Match) -> bool:
    """A match of a daily puzzle or record hunt table: its results go to the solo lists only."""
    return match.options.get(MODE_KEY) in SoloRun.Mode.values


def _seat_of(match: Match, user_id: int) -> int:
    return next(i for i, p in enumerate(match.players) if p.get("user_id") == user_id and not p.get("bot"))


def _run_matches(run: SoloRun) -> list[Match]:
    numbers = range(run.first_number, run.first_number + run.rounds)
    return list(Match.objects.filter(table=run.table, number__in=numbers).order_by("number"))


def verified(run: SoloRun) -> bool:
    """Every match of the run is finished and its record replays to its stored state."""
    matches = _run_matches(run)
    if len(matches) != run.rounds or any(m.status != Match.Status.FINISHED for m in matches):
        return False
    for match in matches:
        try:
            check = replay_match(match)
            detail = check.detail if not check.matches else ""
        except IllegalAction as error:  # the record holds an action the rules refuse
            detail = say_error(error)
        if detail:
            log.warning("solo run %s: match %s does not replay (%s); not listed", run.pk, match.pk, detail)
            return False
    return True


def match_finished(match_id: int) -> SoloRun | None:
    """A solo-mode match ended (after the commit of its last move): count it for its run;
    the run's last match re-checks the run and lists it. Idempotent."""
    with transaction.atomic():
        match = Match.objects.select_related("table").get(pk=match_id)
        if match.status != Match.Status.FINISHED or not is_solo_mode(match):
            return None
        table = Table.objects.select_for_update().get(pk=match.table_id)
        run = SoloRun.objects.select_for_update().filter(table=table, status=SoloRun.Status.OPEN).first()
        if run is not None and match.number < run.first_number + run.done:
            return run  # counted before
        if run is not None and match.number != run.first_number + run.done:
            run.status, run.finished = SoloRun.Status.ABORTED, timezone.now()  # a match in between was left
            run.save(update_fields=["status", "finished"])
            run = None
        if run is None:
            if match.options.get(MODE_KEY) != SoloRun.Mode.RECORD or match.table.host_id is None:
                return None  # "Neue Partie" at a daily table: a free game, in no list
            mode = registry.solo(match.game).record
            if mode is None:
                return None
            run = SoloRun.objects.create(
                user_id=table.host_id,
                game=match.game,
                mode=SoloRun.Mode.RECORD,
                category=match.options.get("kategorie", ""),
                table=table,
                first_number=match.number,
                rounds=mode.rounds,
            )
        return _count(run, match, table)


def _count(run: SoloRun, match: Match, table: Table) -> SoloRun:
    modes = registry.solo(match.game)
    mode: DailyMode | RecordMode = modes.daily if run.mode == SoloRun.Mode.DAILY else modes.record  # type: ignore[assignment]
    seat = _seat_of(match, run.user_id)
    run.done += 1
    run.score = (run.score or 0) + mode.score(match.result, seat)
    won = mode.won(match.result, seat)
    run.won = won if run.done == 1 else run.won and won
    fields = ["done", "score", "won"]
    if run.done < run.rounds:
        table.options = mode.next_options(table.options, match.state, len(match.players))  # type: ignore[union-attr]
        # the next Durchgang's page says which one it is and what the hunt has so far (lobby.solo.hunt_progress)
        table.options = {**table.options, HUNT_ROUND: run.done + 1, HUNT_SO_FAR: run.score}
        table.save(update_fields=["options"])
    else:
        run.finished = timezone.now()
        run.status = SoloRun.Status.FINISHED if verified(run) else SoloRun.Status.REJECTED
        fields += ["finished", "status"]
        if run.mode == SoloRun.Mode.RECORD:  # the next hunt at this table starts fresh
            for key in ("startspieler", HUNT_ROUND, HUNT_SO_FAR):
                table.options.pop(key, None)
            if run.status == SoloRun.Status.FINISHED and run.counts:  # ... against the record as it is now
                best = table.options.get(HUNT_RECORD)
                table.options[HUNT_RECORD] = run.score if best is None else max(best, run.score)
            table.save(update_fields=["options"])
    run.save(update_fields=fields)
    if run.status == SoloRun.Status.FINISHED and run.counts:
        leaderboard.record_solo_score(
            user=run.user,
            game=run.game,
            mode=run.mode,
            category=run.category,
            day=run.day,
            points=run.score,
            won=run.won,
            run_id=run.pk,
        )
    return run


def catch_up(*, user: Any = None) -> int:
    """Finished matches whose post-commit step was lost (a crash): count them now (``user``: theirs)."""
    counted = 0
    runs = SoloRun.objects.filter(status=SoloRun.Status.OPEN).select_related("table")
    if user is not None:
        runs = runs.filter(user=user)
    for run in runs:
        number = run.first_number + run.done
        match = Match.objects.filter(table=run.table, number=number, status=Match.Status.FINISHED).first()
        if match is not None:
            match_finished(match.pk)
            counted += 1
    return counted
