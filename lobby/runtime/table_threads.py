"""Database work of the table consumers: a few threads of their own, one per shard of tables.

Channels' ``database_sync_to_async`` runs every consumer's database work of a
process on one shared thread, so one table's slow query delays every other
table. Here each table is served by the thread of its shard (``table_id %
TABLE_DB_THREADS``): the work of one table stays in order on one thread (one
writer per table in a process; across processes the match row lock decides),
and different tables proceed side by side.

A call goes to the thread with ``loop.run_in_executor`` in a copy of the caller's context
(contextvars: the active language, asgiref's locals), not through asgiref's ``sync_to_async``:
that wrapper builds several closures, a typing alias and a shielded future per call, about 3 %
of a move's CPU in the load benchmark's profile at 200 tables (docs/benchmarks.md, session 13).
A call cancelled before its thread started it is not run; one already running finishes.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.db import close_old_connections

from lobby.runtime import notify

T = TypeVar("T")

# SQLite has one writer at a time: threads there only wait on each other in its busy handler
# (measured: 50 tables fell from 72 to 37 moves/s with 4 threads), so the embedded default keeps one.
_DEFAULT = 1 if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3") else 4
_SHARDS = int(getattr(settings, "TABLE_DB_THREADS", None) or _DEFAULT)
_executors = [ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"table-db-{i}") for i in range(_SHARDS)]


def run_for_table(table_id: int, fn: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """``fn`` as an awaitable that runs on the table's own database thread."""
    executor = _executors[table_id % _SHARDS]

    def call(loop: asyncio.AbstractEventLoop, args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
        close_old_connections()  # as Channels does: drop broken or outdated connections
        try:
            with notify.called_from(loop):  # the table's group messages go to the loop without a wait
                return fn(*args, **kwargs)
        finally:
            close_old_connections()

    @wraps(fn)
    async def run(*args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()
        return await loop.run_in_executor(executor, context.run, call, loop, args, kwargs)

    return run
