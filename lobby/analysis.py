"""Post-game analysis: the strong computer looks at each of a player's own decisions again.

For every action a seat took itself in a finished match (not those the computer
made for it when its clock ran out), the record is replayed up to that moment
and the game's ``bots.assess`` gets exactly what the seat saw then (its
``view`` and its legal actions, never the state), plus the action that was
taken. It answers with its options and the points it expects each to bring at
the end; the result says whether ``stark`` would have chosen differently and
what that cost in expected points, with the three costliest decisions on top.

It runs as the Celery task ``lobby.analyse_match`` (embedded default: a pool
of its own, ``ANALYSIS_WORKERS`` threads, so it never holds up a table's
computers; ``COMPUTER_DISPATCH = "inline"``: right away in the caller) and
writes its progress into Django's cache; the page polls it. The result is
cached per (match, seat); with a fixed playout count per decision it is the
same whenever it is computed again.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections

from games.core import registry
from games.core.rng import draw_rng
from games.core.search import Assessment, Budget
from games.core.text import fixed
from games.core.translate import say
from lobby import history
from lobby.models import Match

log = logging.getLogger(__name__)

TASK = "lobby.analyse_match"
RESULT_SECONDS = 30 * 24 * 3600  # a finished analysis is kept this long
FAILED_SECONDS = 60  # a failed one may be asked again after this
STALE_SECONDS = 120  # a running analysis without progress for this long is started again
TOP = 3  # the costliest decisions shown on top
NOTEWORTHY = 0.05  # expected points below this are no cost worth naming

RUNNING, DONE, FAILED = "laeuft", "fertig", "fehler"

_pool = ThreadPoolExecutor(max_workers=getattr(settings, "ANALYSIS_WORKERS", 1), thread_name_prefix="analyse")


def available(game: str) -> bool:
    """Does the game's strong computer offer the analysis (its bots module has ``assess``)?"""
    return registry.spec(game).assess is not None


def analysable_games() -> set[str]:
    return {slug for slug in registry.slugs() if available(slug)}


def cache_key(match_id: int, seat: int) -> str:
    return f"analysis:v1:{match_id}:{seat}"


def status(match_id: int, seat: int) -> dict[str, Any] | None:
    """The analysis as far as it got: ``{"status", "done", "total", ...}``, or None if never asked."""
    return cache.get(cache_key(match_id, seat))


def request(match: Match, seat: int) -> dict[str, Any]:
    """Start the analysis of ``seat``'s decisions unless it is cached or running; returns its status."""
    key = cache_key(match.pk, seat)
    current = cache.get(key)
    if current is not None and not _stale(current):
        return current
    total = len(own_decisions(history.replay_steps(match), seat))
    entry = {"status": RUNNING, "done": 0, "total": total, "updated": time.time()}
    if current is None:
        if not cache.add(key, entry, timeout=RESULT_SECONDS):  # someone else started it just now
            return cache.get(key) or entry
    else:
        cache.set(key, entry, timeout=RESULT_SECONDS)
    try:
        _dispatch(match.pk, seat)
    except Exception:  # the broker is away (or inline: the search failed): say so, try again later
        log.exception("analysis could not run: match %s seat %s", match.pk, seat)
        failed = {"status": FAILED, "done": 0, "total": total, "updated": time.time()}
        cache.set(key, failed, timeout=FAILED_SECONDS)
        return failed
    return cache.get(key) or entry  # inline it is done already


def _stale(entry: dict[str, Any]) -> bool:
    return entry["status"] == RUNNING and time.time() - entry.get("updated", 0) > STALE_SECONDS


def _dispatch(match_id: int, seat: int) -> None:
    if getattr(settings, "COMPUTER_DISPATCH", "auto") == "inline":
        run(match_id=match_id, seat=seat)
    elif settings.CELERY_TASK_ALWAYS_EAGER:
        _pool.submit(_run_in_pool, match_id, seat)
    else:
        current_app.send_task(TASK, args=(match_id, seat))


def _run_in_pool(match_id: int, seat: int) -> None:
    close_old_connections()
    try:
        current_app.tasks[TASK].apply(args=(match_id, seat))
    except Exception:  # a pool thread must not die silently; run() has marked the failure
        log.exception("analysis failed: match %s seat %s", match_id, seat)
    finally:
        close_old_connections()


def own_decisions(records: list[Any], seat: int) -> list[int]:
    """Indices of the records that are ``seat``'s own decisions (not the computer's after a timeout)."""
    return [i for i, r in enumerate(records) if r.seat == seat and not r.by_bot]


def run(*, match_id: int, seat: int) -> dict[str, Any]:
    """Assess every own decision of ``seat`` in the finished match; progress goes into the cache."""
    key = cache_key(match_id, seat)
    try:
        result = _analyse(match_id, seat, key)
    except Exception:
        cache.set(key, {"status": FAILED, "done": 0, "total": 0, "updated": time.time()}, timeout=FAILED_SECONDS)
        raise
    cache.set(key, result, timeout=RESULT_SECONDS)
    return result


def _analyse(match_id: int, seat: int, key: str) -> dict[str, Any]:
    match = Match.objects.get(pk=match_id, status=Match.Status.FINISHED)
    spec = registry.spec(match.game)
    engine = spec.engine
    records = history.replay_steps(match)
    mine = set(own_decisions(records, seat))
    budget = Budget(playouts=int(getattr(settings, "ANALYSIS_PLAYOUTS", 1200)))
    state = engine.new_game(seed=match.seed, players=len(match.players), options=match.options)
    decisions: list[dict[str, Any]] = []
    done = 0
    for index, record in enumerate(records):
        if index in mine:
            # Only what the seat knew at this moment: its view and its legal actions.
            view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
            rng = draw_rng(match.seed, 3_000_000 + index * 8 + seat)
            assessment = spec.assess(view, legal, record.action, rng, budget=budget)  # type: ignore[misc]
            if assessment is not None:
                decisions.append(_decision(index, assessment))
            done += 1
            cache.set(
                key,
                {"status": RUNNING, "done": done, "total": len(mine), "updated": time.time()},
                timeout=RESULT_SECONDS,
            )
        state, _ = engine.apply(state, record.seat, record.action)
    costly = sorted((d for d in decisions if d["cost"] >= NOTEWORTHY), key=lambda d: -d["cost"])[:TOP]
    return {
        "status": DONE,
        "done": done,
        "total": len(mine),
        "updated": time.time(),
        "decisions": decisions,
        "top": [d["step"] for d in costly],
        "differs": sum(1 for d in decisions if d["differs"]),
        "cost": round(sum(d["cost"] for d in decisions), 2),
        "playouts": budget.playouts,
    }


def _decision(index: int, assessment: Assessment) -> dict[str, Any]:
    """Plain data for the page: the step (actions before this one), the options, the verdict."""
    return {
        "step": index,
        "differs": assessment.differs,
        "cost": round(assessment.cost, 2),
        "chosen": assessment.chosen,
        "options": [
            {"label": o.label, "points": round(o.points, 2), "playouts": o.playouts} for o in assessment.options
        ],
        "playouts": assessment.playouts,
    }


def present(entry: dict[str, Any]) -> dict[str, Any]:
    """What the page shows: progress, the three costliest decisions, every decision, in the active language."""
    total = max(entry.get("total", 0), 0)
    done = min(entry.get("done", 0), total)
    out: dict[str, Any] = {
        "status": entry["status"],
        "running": entry["status"] == RUNNING,
        "failed": entry["status"] == FAILED,
        "done": done,
        "total": total,
        "percent": round(100 * done / total) if total else 100,
    }
    if entry["status"] != DONE:
        return out
    rows = [_row(d) for d in entry["decisions"]]
    by_step = {row["step"]: row for row in rows}
    out.update(
        rows=rows,
        top=[by_step[step] for step in entry["top"]],
        differs=entry["differs"],
        assessed=len(rows),
        cost=decimal(entry["cost"]),
        playouts=entry["playouts"],
    )
    return out


def decimal(x: float) -> str:
    """One decimal in the active language ("2,5", "2.5")."""
    return say(fixed(x))


def _row(decision: dict[str, Any]) -> dict[str, Any]:
    options = decision["options"]
    chosen, best = options[decision["chosen"]], options[0]
    return {
        "step": decision["step"],
        "number": decision["step"] + 1,  # the how-many-th action of the game
        "differs": decision["differs"],
        "cost": decimal(decision["cost"]),
        "costly": decision["cost"] >= NOTEWORTHY,
        "chosen": say(chosen["label"]),
        "chosen_points": decimal(chosen["points"]),
        "best": say(best["label"]),
        "best_points": decimal(best["points"]),
        "options": [
            {
                "label": say(o["label"]),
                "points": decimal(o["points"]),
                "chosen": i == decision["chosen"],
                "best": i == 0,
            }
            for i, o in enumerate(options)
        ],
    }
