"""The Rat off the consumer's database thread: a bounded pool of its own, one search per position.

All websocket database work of a process shares one thread, so a search there
would delay every move of every table. Here a search runs on a small pool
(``ADVICE_WORKERS`` threads); the consumer awaits it without blocking. A
result is cached per (match, version, seat), and a second ask for the same
position while it runs waits for the same search: a guest pressing R eight
times a second starts one search per position.
"""

from __future__ import annotations

from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from threading import Lock

from django.conf import settings

from games.core.bots import Choice
from lobby.runtime import computers
from lobby.runtime.snapshot import Snapshot

_CACHE_SIZE = 256
_pool = ThreadPoolExecutor(max_workers=getattr(settings, "ADVICE_WORKERS", 2), thread_name_prefix="rat")
_futures: OrderedDict[tuple[int, int, int], Future[Choice]] = OrderedDict()
_lock = Lock()


def advise(snap: Snapshot, seat: int) -> Future[Choice]:
    """The Rat for ``seat`` at the snapshot's position (a running or finished search, shared)."""
    key = (snap.match_id, snap.version, seat)
    with _lock:
        future = _futures.get(key)
        if future is None:
            future = _pool.submit(
                computers.advice_for,
                game=snap.game,
                state_data=snap.state,
                seed=snap.seed,
                version=snap.version,
                seat=seat,
            )
            _futures[key] = future
            while len(_futures) > _CACHE_SIZE:
                _futures.popitem(last=False)
        else:
            _futures.move_to_end(key)
    return future
