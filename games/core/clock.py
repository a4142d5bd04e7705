"""Move clocks: the server owns them.

A match with Bedenkzeit stores one deadline: when a human seat may act, it is
now + Bedenkzeit. After the deadline comes the Nachfrist (10 s); then the
computer finishes the move for that seat at the table's strength. ``expire``
is idempotent: it checks the version it was armed for, and the computer's
action goes through ``runtime.submit`` with that version, so it never fires
twice. Deadlines live in the database, so a restarted process finds them:
the embedded server sweeps once a second, the distributed setup arms a Celery
task with an ETA per deadline plus a periodic sweep by Celery beat.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections, transaction
from django.utils import timezone

from lobby.models import Match

log = logging.getLogger(__name__)

GRACE_SECONDS = 10
MAX_TIMEOUT_ACTIONS = 40


def now() -> datetime:
    """The clock's time (tests replace this function to control time)."""
    return timezone.now()


def human_seats_to_move(match: Match, state: Any) -> list[int]:
    from games.core import registry

    engine = registry.engine(match.game)
    return [seat for seat in engine.to_move(state) if not match.players[seat].get("bot")]


def deadline_for(match: Match, state: Any) -> datetime | None:
    """The deadline after this state: only with Bedenkzeit and a human to move."""
    from games.core import registry

    seconds = match.table.clock_seconds
    engine = registry.engine(match.game)
    if hasattr(engine, "decision_seconds"):  # a game may time one decision differently
        seconds = engine.decision_seconds(state, seconds)
    if not seconds or not human_seats_to_move(match, state):
        return None
    return now() + timedelta(seconds=seconds)


def fires_at(match: Match) -> datetime | None:
    return match.deadline + timedelta(seconds=GRACE_SECONDS) if match.deadline else None


def expire(*, match_id: int, version: int) -> bool:
    """Handle an expired deadline armed for ``version``; False when there is nothing to do."""
    from games.core import registry, runtime

    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",)).select_related("table").get(pk=match_id)
        due = fires_at(match)
        if match.version != version or match.status != Match.Status.PLAYING or due is None or now() < due:
            return False
        engine = registry.engine(match.game)
        seats = human_seats_to_move(match, engine.load(match.state))
        if not seats:
            return False
        seat = seats[0]
        match.deadline = None
        runtime.table_event(
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
        choice = runtime.choose_for(match=match, state=state, seat=seat, level=level, timeout=True)
        try:
            runtime.submit(
                match_id=match_id, seat=seat, action=choice.action, expected_version=match.version, by_bot=True
            )
        except runtime.StaleAction:
            break
        if getattr(engine, "TIMEOUT_ENDS_AFTER_ONE_ACTION", False):
            break
    return True


def sweep() -> int:
    """Handle every deadline that is due (re-arms after a restart); returns how many fired."""
    due = now() - timedelta(seconds=GRACE_SECONDS)
    fired = 0
    for match_id, version in Match.objects.filter(status=Match.Status.PLAYING, deadline__lte=due).values_list(
        "pk", "version"
    ):
        try:
            fired += expire(match_id=match_id, version=version)
        except Exception:
            log.exception("clock expiry failed for match %s", match_id)
    return fired


def schedule(*, match_id: int) -> None:
    """After a commit: arm a Celery task for the match's deadline (distributed setup only)."""
    if settings.CELERY_TASK_ALWAYS_EAGER or getattr(settings, "COMPUTER_DISPATCH", "auto") == "inline":
        return  # embedded: the sweeper thread finds it; tests call expire/sweep themselves
    match = Match.objects.filter(pk=match_id).only("deadline", "version", "status").first()
    if match is None or match.deadline is None or match.status != Match.Status.PLAYING:
        return
    from games.core import tasks

    tasks.expire_deadline.apply_async(args=(match_id, match.version), eta=fires_at(match))


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
