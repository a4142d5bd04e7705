"""Celery tasks of the table runtime (addressed by name from ``lobby.runtime.dispatch``)."""

from __future__ import annotations

from celery import shared_task

from lobby import analysis, solo, solo_results
from lobby.runtime import computers, deadlines, dispatch, expiry, idle


@shared_task(name=dispatch.COMPUTER_MOVE, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def computer_move(match_id: int, seat: int, version: int) -> bool:
    """The computer acts for ``seat`` if the match is still at ``version`` (idempotent)."""
    return computers.computer_move(match_id=match_id, seat=seat, version=version) is not None


@shared_task(name=dispatch.EXPIRE_DEADLINE, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def expire_deadline(match_id: int, seat: int, since: int) -> bool:
    """A seat's move clock ran out (armed with an ETA); idempotent through the decision."""
    return expiry.expire(match_id=match_id, seat=seat, since=since)


@shared_task(name="lobby.reschedule_computers", ignore_result=True)
def reschedule_computers() -> int:
    """Periodic safety net (Celery beat): computer turns whose task was lost are asked again."""
    return dispatch.reschedule_stale(now=deadlines.now().timestamp())


@shared_task(name="lobby.abort_idle_matches", ignore_result=True)
def abort_idle_matches() -> int:
    """Periodic (Celery beat): staked games without a human action for 30 minutes end, stakes back."""
    return idle.abort_idle_matches()


@shared_task(name="lobby.sweep_deadlines", ignore_result=True)
def sweep_deadlines() -> int:
    """Periodic safety net (Celery beat): deadlines whose task was lost still fire."""
    return expiry.sweep()


@shared_task(name="lobby.rotate_daily", ignore_result=True)
def rotate_daily() -> int:
    """Midnight (Europe/Berlin): store today's daily puzzles and count solo matches whose
    post-commit step was lost. Not needed for correctness: seeds are computed from the date."""
    rows = solo.rotate_daily()
    solo_results.catch_up()
    return len(rows)


@shared_task(name=analysis.TASK, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def analyse_match(match_id: int, seat: int) -> int:
    """Post-game analysis of one seat's decisions; progress and result go into the cache."""
    return len(analysis.run(match_id=match_id, seat=seat)["decisions"])
