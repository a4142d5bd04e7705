"""Where computer moves and move clocks run, by Celery task name.

- Distributed (REDIS_URL set): a Celery task on a worker, with the Tempo
  delay as its countdown; a move clock arms a task with an ETA.
- Embedded default (Celery eager): the same task, eagerly, in a small thread
  pool of the server process (the search pool, ``COMPUTER_WORKERS`` threads)
  after the Tempo delay, so the event loop never waits for a thinking computer
  (the strong one searches 0.8 s per decision); move clocks are swept by a thread
  (``lobby.runtime.expiry``).
- ``settings.COMPUTER_DISPATCH = "inline"`` (tests, simulations): right away in
  the calling thread, one move after the other (a loop, not a recursion).

Tasks are addressed by name (``lobby/tasks.py`` defines them), so this module
sits below the runtime modules that the tasks call.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections

from games.core import registry
from lobby.models import Match
from lobby.runtime import deadlines, decisions

log = logging.getLogger(__name__)

COMPUTER_MOVE = "lobby.computer_move"
EXPIRE_DEADLINE = "lobby.expire_deadline"
TEMPO_SECONDS = {"normal": 1.1, "schnell": 0.45, "turbo": 0.15}

# The search pool: a strong computer thinks ``SEARCH_TIME_FACTOR`` × 0.8 s per decision here, never on
# the event loop or a consumer's database thread; bounded, so many tables queue instead of thrashing.
_pool = ThreadPoolExecutor(max_workers=getattr(settings, "COMPUTER_WORKERS", 4), thread_name_prefix="computer")
_inline = threading.local()


def tempo_delay(tempo: str) -> float:
    factor = float(getattr(settings, "TABLE_TEMPO_FACTOR", 1.0))
    return TEMPO_SECONDS.get(tempo, TEMPO_SECONDS["normal"]) * factor


def _inline_mode() -> bool:
    return getattr(settings, "COMPUTER_DISPATCH", "auto") == "inline"


CLAIM_SECONDS = 20  # a claimed computer decision is not scheduled again for this long (< STALE_SECONDS)
STALE_SECONDS = 30  # a computer asked longer ago than this (far beyond any Tempo) is asked again


def claim(*, match_id: int, seat: int, version: int) -> bool:
    """True once per (match, seat, version) within CLAIM_SECONDS: one task per computer decision step.

    Django's cache (Redis in the distributed run: ``SET NX`` with expiry) makes connects, reloads
    and spectators harmless: they no longer start another search for the same computer turn.
    """
    return cache.add(f"computer:{match_id}:{seat}:{version}", 1, timeout=CLAIM_SECONDS)


def schedule_computer(*, match_id: int, seat: int, version: int, delay: float) -> bool:
    """Send the computer's task for this decision step unless it was sent already; True if sent."""
    if not claim(match_id=match_id, seat=seat, version=version):
        return False
    if _inline_mode():
        _run_inline(match_id, seat, version)
    elif settings.CELERY_TASK_ALWAYS_EAGER:
        _pool.submit(_run_after, delay, match_id, seat, version)
    else:
        current_app.send_task(COMPUTER_MOVE, args=(match_id, seat, version), countdown=delay)
    return True


def computer_seats_to_move(match: Match) -> list[int]:
    if match.status != Match.Status.PLAYING:
        return []
    state = registry.engine(match.game).load(match.state)
    return [seat for seat in registry.engine(match.game).to_move(state) if match.players[seat].get("bot")]


def schedule_computers(*, match_id: int) -> None:
    """Ask the computer seats that may act now to move (idempotent: tasks check the version)."""
    match = Match.objects.select_related("table").get(pk=match_id)
    delay = tempo_delay(match.table.options.get("tempo", "normal"))
    for seat in computer_seats_to_move(match):
        schedule_computer(match_id=match.pk, seat=seat, version=match.version, delay=delay)


def reschedule_stale(*, now: float) -> int:
    """Safety net (beat / the embedded sweeper): ask computers again whose task was lost.

    A computer seat to move that was asked more than STALE_SECONDS ago and has not acted
    gets a new task (the claim of the old one has expired by then). Returns how many.
    """
    asked = 0
    rows = Match.objects.filter(status=Match.Status.PLAYING).values_list(
        "pk", "version", "players", "decisions", "table__options"
    )
    for match_id, version, players, entries, options in rows:
        for seat, entry in enumerate(entries):
            since = decisions.waiting_since(entry)
            if since is None or not players[seat].get("bot") or since > now - STALE_SECONDS:
                continue
            delay = tempo_delay(options.get("tempo", "normal"))
            if schedule_computer(match_id=match_id, seat=seat, version=version, delay=delay):
                log.warning("computer turn re-scheduled: match %s seat %s", match_id, seat)
                asked += 1
    return asked


def _clocks_armed_by_tasks() -> bool:
    # Embedded: the sweeper thread finds due deadlines; tests call expire/sweep themselves.
    return not (settings.CELERY_TASK_ALWAYS_EAGER or _inline_mode())


def arm_clocks(*, match: Match, armed: list[tuple[int, int]]) -> None:
    """After a commit: a Celery task with an ETA for each decision that got a deadline (seat, since)."""
    if not _clocks_armed_by_tasks():
        return
    for seat, since in armed:
        deadline = match.decisions[seat]["deadline"]
        current_app.send_task(EXPIRE_DEADLINE, args=(match.pk, seat, since), eta=deadlines.fires_at(deadline))


def arm_all_clocks(*, match_id: int) -> None:
    """Arm every waiting seat's deadline of a match (after a start or a table event)."""
    if not _clocks_armed_by_tasks():
        return
    match = Match.objects.filter(pk=match_id).only("decisions", "status").first()
    if match is None or match.status != Match.Status.PLAYING:
        return
    armed = [(s, d["since"]) for s, d in enumerate(match.decisions) if d["deadline"] is not None]
    arm_clocks(match=match, armed=armed)


def _run_task(name: str, *args: int) -> None:
    current_app.tasks[name].apply(args=args)


def _run_after(delay: float, match_id: int, seat: int, version: int) -> None:
    time.sleep(delay)
    close_old_connections()
    try:
        _run_task(COMPUTER_MOVE, match_id, seat, version)
    except Exception:  # a thread must not die silently
        log.exception("computer move failed: match %s seat %s", match_id, seat)
    finally:
        close_old_connections()


def _run_inline(match_id: int, seat: int, version: int) -> None:
    queue = getattr(_inline, "queue", None)
    if queue is not None:  # already draining: just enqueue
        queue.append((match_id, seat, version))
        return
    _inline.queue = deque([(match_id, seat, version)])
    try:
        while _inline.queue:
            _run_task(COMPUTER_MOVE, *_inline.queue.popleft())
    finally:
        _inline.queue = None
