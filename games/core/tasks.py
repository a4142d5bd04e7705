from __future__ import annotations

from celery import shared_task


@shared_task(name="games.computer_move", acks_late=True, ignore_result=True)
def computer_move(match_id: int, seat: int, version: int) -> bool:
    """The computer acts for ``seat`` if the match is still at ``version`` (idempotent)."""
    from games.core import runtime

    return runtime.computer_move(match_id=match_id, seat=seat, version=version) is not None
