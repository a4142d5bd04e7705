"""An expired move clock: the computer finishes the move for the seat.

``expire`` is idempotent: it checks the version it was armed for, and the
computer's action goes through ``actions.submit`` with that version, so it
never fires twice. Deadlines live in the database, so a restarted process
finds them: the embedded server sweeps once a second, the distributed setup
arms a Celery task with an ETA per deadline plus a periodic sweep by Celery beat.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, transaction

from games.core import registry
from lobby.models import Match
from lobby.runtime import actions, computers, deadlines

log = logging.getLogger(__name__)

MAX_TIMEOUT_ACTIONS = 40


def expire(*, match_id: int, version: int) -> bool:
    """Handle an expired deadline armed for ``version``; False when there is nothing to do."""
    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",)).select_related("table").get(pk=match_id)
        due = deadlines.fires_at(match)
        if match.version != version or match.status != Match.Status.PLAYING or due is None or deadlines.now() < due:
            return False
        engine = registry.engine(match.game)
        seats = deadlines.human_seats_to_move(match, engine.load(match.state))
        if not seats:
            return False
        seat = seats[0]
        match.deadline = None
        actions.table_event(
            match=match,
            seat=seat,
            kind="zeit",
            text=f"Die Bedenkzeit von {match.players[seat]['name']} ist abgelaufen – "
            "der Computer übernimmt diesen Zug.",
        )
    level = match.table.bot_level
    for _ in range(MAX_TIMEOUT_ACTIONS):
        match = Match.objects.select_related("table").get(pk=match_id)
        state = engine.load(match.state)
        if match.status != Match.Status.PLAYING or seat not in engine.to_move(state):
            break
        choice = computers.choose_for(match=match, state=state, seat=seat, level=level, timeout=True)
        try:
            actions.submit(
                match_id=match_id, seat=seat, action=choice.action, expected_version=match.version, by_bot=True
            )
        except actions.StaleAction:
            break
    return True


def sweep() -> int:
    """Handle every deadline that is due (re-arms after a restart); returns how many fired."""
    due = deadlines.now() - timedelta(seconds=deadlines.GRACE_SECONDS)
    fired = 0
    for match_id, version in Match.objects.filter(status=Match.Status.PLAYING, deadline__lte=due).values_list(
        "pk", "version"
    ):
        try:
            fired += expire(match_id=match_id, version=version)
        except Exception:
            log.exception("clock expiry failed for match %s", match_id)
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
        while True:
            time.sleep(interval)
            try:
                sweep()
            except Exception:
                log.exception("deadline sweep failed")
            finally:
                close_old_connections()

    threading.Thread(target=loop, name="clock-sweeper", daemon=True).start()
