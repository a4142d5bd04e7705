"""Group messages to a table's connections: only the table id and the version.

A move is committed on its table's thread (``table_threads``), called from a consumer on the
event loop. Its group message is handed to that loop without waiting for it
(``call_soon_threadsafe``): the thread is free for the table's next call at once, instead of
waiting until the loop, busy rendering other tables, has come round to it. Messages of one
thread keep their order (the loop runs its callbacks first in, first out). Anywhere else (a
worker, a sweeper, a test) the message is sent and waited for as before.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

_caller = threading.local()
_in_flight: set[asyncio.Task[None]] = set()  # strong references until each send is done


@contextmanager
def called_from(loop: asyncio.AbstractEventLoop) -> Iterator[None]:
    """Table messages raised on this thread meanwhile go to ``loop`` without waiting."""
    outer = getattr(_caller, "loop", None)
    _caller.loop = loop
    try:
        yield
    finally:
        _caller.loop = outer


def _start(layer: Any, group: str, message: dict[str, Any]) -> None:
    task = asyncio.get_running_loop().create_task(layer.group_send(group, message))
    _in_flight.add(task)
    task.add_done_callback(_finished)


def _finished(task: asyncio.Task[None]) -> None:
    _in_flight.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.error("table group message failed", exc_info=task.exception())


def _send_table_message(group: str, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    loop = getattr(_caller, "loop", None)
    if loop is not None and loop.is_running():
        loop.call_soon_threadsafe(_start, layer, group, message)
        return
    async_to_sync(layer.group_send)(group, message)


def group_name(table_id: int) -> str:
    return f"tisch.{table_id}"


def table_changed(*, table_id: int, match_id: int, version: int, fresh: bool = False) -> None:
    """``fresh``: the table changed (seats, Nochmal) without a new game version."""
    message = {"type": "table.changed", "match": match_id, "version": version, "fresh": fresh}
    _send_table_message(group_name(table_id), message)


LOBBY_GROUP = "tische"


def lobby_group(table_id: int) -> str:
    return f"tische.{table_id}"


def lobby_changed(*, table_id: int) -> None:
    """The open tables changed: the lobby list and that table's waiting room re-render."""
    layer = get_channel_layer()
    if layer is None:
        return
    # The stamp lets every connection of a process share one rendering of the list (lobby/lobby_list.py).
    stamp = uuid.uuid4().hex
    for group in (LOBBY_GROUP, lobby_group(table_id)):
        async_to_sync(layer.group_send)(group, {"type": "lobby.changed", "table": table_id, "stamp": stamp})
