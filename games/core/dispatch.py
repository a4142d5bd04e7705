"""Where computer moves run.

- Distributed (REDIS_URL set): a Celery task on a worker, with the Tempo
  delay as its countdown.
- Embedded default (Celery eager): the same task, eagerly, in a small thread
  pool of the server process after the Tempo delay, so the event loop never
  waits for a thinking computer.
- ``settings.COMPUTER_DISPATCH = "inline"`` (tests, simulations): right away in
  the calling thread, one move after the other (a loop, not a recursion).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)

TEMPO_SECONDS = {"normal": 1.1, "schnell": 0.45, "turbo": 0.15}

_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="computer")
_inline = threading.local()


def tempo_delay(tempo: str) -> float:
    factor = float(getattr(settings, "TABLE_TEMPO_FACTOR", 1.0))
    return TEMPO_SECONDS.get(tempo, TEMPO_SECONDS["normal"]) * factor


def schedule_computer(*, match_id: int, seat: int, version: int, delay: float) -> None:
    from games.core import tasks

    mode = getattr(settings, "COMPUTER_DISPATCH", "auto")
    if mode == "inline":
        _run_inline(match_id, seat, version)
    elif settings.CELERY_TASK_ALWAYS_EAGER:
        _pool.submit(_run_after, delay, match_id, seat, version)
    else:
        tasks.computer_move.apply_async(args=(match_id, seat, version), countdown=delay)


def _run_after(delay: float, match_id: int, seat: int, version: int) -> None:
    from games.core import tasks

    time.sleep(delay)
    close_old_connections()
    try:
        tasks.computer_move.apply(args=(match_id, seat, version))
    except Exception:  # a thread must not die silently
        log.exception("computer move failed: match %s seat %s", match_id, seat)
    finally:
        close_old_connections()


def _run_inline(match_id: int, seat: int, version: int) -> None:
    from games.core import runtime

    queue = getattr(_inline, "queue", None)
    if queue is not None:  # already draining: just enqueue
        queue.append((match_id, seat, version))
        return
    _inline.queue = deque([(match_id, seat, version)])
    try:
        while _inline.queue:
            args = _inline.queue.popleft()
            runtime.computer_move(match_id=args[0], seat=args[1], version=args[2])
    finally:
        _inline.queue = None
