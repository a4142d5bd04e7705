"""Database work of the table consumers: a few threads of their own, one per shard of tables.

Channels' ``database_sync_to_async`` runs every consumer's database work of a
process on one shared thread, so one table's slow query delays every other
table. Here each table is served by the thread of its shard (``table_id %
TABLE_DB_THREADS``): the work of one table stays in order on one thread (one
writer per table in a process; across processes the match row lock decides),
and different tables proceed side by side.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import wraps
from typing import Any, TypeVar

from asgiref.sync import sync_to_async
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

    def call(loop: asyncio.AbstractEventLoop, *args: Any, **kwargs: Any) -> T:
        close_old_connections()  # as Channels does: drop broken or outdated connections
        try:
            with notify.called_from(loop):  # the table's group messages go to the loop without a wait
                return fn(*args, **kwargs)
        finally:
            close_old_connections()

    on_thread = sync_to_async(call, thread_sensitive=False, executor=_executors[table_id % _SHARDS])

    @wraps(fn)
    async def run(*args: Any, **kwargs: Any) -> T:
        return await on_thread(asyncio.get_running_loop(), *args, **kwargs)

    return run
