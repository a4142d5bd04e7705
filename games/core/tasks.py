from __future__ import annotations

from celery import shared_task


@shared_task(name="games.computer_move", acks_late=True, ignore_result=True)
def computer_move(match_id: int, seat: int, version: int) -> bool:
    """The computer acts for ``seat`` if the match is still at ``version`` (idempotent)."""
    from games.core import runtime

    return runtime.computer_move(match_id=match_id, seat=seat, version=version) is not None


@shared_task(name="games.expire_deadline", acks_late=True, ignore_result=True)
def expire_deadline(match_id: int, version: int) -> bool:
    """A move clock ran out (armed with an ETA); idempotent through the version."""
    from games.core import clock

    return clock.expire(match_id=match_id, version=version)


@shared_task(name="games.sweep_deadlines", ignore_result=True)
def sweep_deadlines() -> int:
    """Periodic safety net (Celery beat): deadlines whose task was lost still fire."""
    from games.core import clock

    return clock.sweep()
