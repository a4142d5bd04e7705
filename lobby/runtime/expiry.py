"""An expired move clock: the computer finishes that seat's decision.

Each waiting seat has its own deadline (``lobby.runtime.decisions``). When it
plus the Nachfrist has passed, ``expire`` lets the computer play exactly that
seat's current decision, never the next one of the same seat, and stores its
actions, the cleared deadline and a log line in one transaction: a crash
leaves either the old deadline (which fires again) or the finished decision.
It is idempotent: it checks the decision it was armed for (``since``).
Deadlines live in the database, so a restarted process finds them: the
embedded server sweeps once a second, the distributed setup arms a Celery task
with an ETA per deadline plus a periodic sweep by Celery beat.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, transaction

from games.core import registry
from games.core.text import said, tx
from lobby.models import Match
from lobby.runtime import actions, computers, deadlines, decisions, dispatch, idle, snapshot

log = logging.getLogger(__name__)

MAX_TIMEOUT_ACTIONS = 40
RESCHEDULE_EVERY = 15  # sweeps (seconds) between two looks for lost computer tasks


def expire(*, match_id: int, seat: int, since: int) -> bool:
    """Play the decision of ``seat`` that started at version ``since`` if its time is up."""
    with transaction.atomic():
        match = actions.lock_match(match_id)
        if match.status != Match.Status.PLAYING or not 0 <= seat < len(match.players):
            return False
        spec = registry.spec(match.game)
        state = spec.engine.load(match.state)
        entry = actions.current_decisions(match, spec, state)[seat]
        deadline = entry["deadline"]
        if entry["since"] != since or deadline is None or deadlines.now() < deadlines.fires_at(deadline):
            return False
        if match.players[seat].get("bot"):
            return False
        previous = snapshot.get(match_id, match.version)
        name = match.players[seat]["name"]
        note = {
            "type": "zeit",
            "seat": seat,
            **said(tx("Die Bedenkzeit von %(name)s ist abgelaufen – der Computer übernimmt diesen Zug.", name=name)),
        }
        events: list[dict] = []
        for _ in range(MAX_TIMEOUT_ACTIONS):
            choice = computers.choose_for(
                match=match, state=state, seat=seat, level=match.table.bot_level, timeout=True
            )
            state, new_events = actions.apply_locked(
                match, spec, state, seat, choice.action, by_bot=True, extra_events=[] if events else [note]
            )
            events += new_events
            if match.status != Match.Status.PLAYING or match.decisions[seat]["since"] != since:
                break  # the decision is over (the seat's next one has its own clock)
        actions.follow_up(match, previous, events)
    return True


def sweep() -> int:
    """Handle every seat's deadline that is due (re-arms after a restart); returns how many fired."""
    now = deadlines.now()
    due_before = now - timedelta(seconds=deadlines.grace())
    fired = 0
    for match_id, entries in Match.objects.filter(status=Match.Status.PLAYING, deadline__lte=due_before).values_list(
        "pk", "decisions"
    ):
        for seat in decisions.due(entries, now=now.timestamp(), grace=deadlines.grace()):
            try:
                fired += expire(match_id=match_id, seat=seat, since=entries[seat]["since"])
            except Exception:
                log.exception("clock expiry failed for match %s seat %s", match_id, seat)
    return fired


_sweeper_started = False
_sweeper_lock = threading.Lock()


def start_embedded_sweeper(interval: float = 1.0) -> None:
    """Embedded default: one daemon thread per server process sweeps due deadlines.

    Started by the first table connection of a process (so also after a restart).
    """
    global _sweeper_started
    if not settings.CELERY_TASK_ALWAYS_EAGER or not settings.CLOCK_SWEEPER:
        return
    with _sweeper_lock:
        if _sweeper_started:
            return
        _sweeper_started = True

    def loop() -> None:
        rounds = 0
        while True:
            time.sleep(interval)
            rounds += 1
            try:
                sweep()
                if rounds % RESCHEDULE_EVERY == 0:
                    dispatch.reschedule_stale(now=deadlines.now().timestamp())
                    idle.abort_idle_matches()
            except Exception:
                log.exception("deadline sweep failed")
            finally:
                close_old_connections()

    threading.Thread(target=loop, name="clock-sweeper", daemon=True).start()
