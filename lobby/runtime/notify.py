"""Group messages to a table's connections: only the table id and the version."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

Message = tuple[str, dict[str, Any]]  # (group, message)

_local = threading.local()


@contextmanager
def collected() -> Iterator[list[Message]]:
    """Group messages raised on this thread meanwhile are collected, not sent.

    A table consumer runs its database work on a table thread and awaits it on the event loop:
    sending from the thread would hop back to the loop (``async_to_sync``) and wait there. The
    consumer sends the collected messages itself once the call returned (``send_collected``).
    """
    outer = getattr(_local, "pending", None)
    pending: list[Message] = []
    _local.pending = pending
    try:
        yield pending
    finally:
        _local.pending = outer


def _send(group: str, message: dict[str, Any]) -> None:
    pending = getattr(_local, "pending", None)
    if pending is not None:
        pending.append((group, message))
        return
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, message)


async def send_collected(layer: Any, pending: list[Message]) -> None:
    for group, message in pending:
        await layer.group_send(group, message)


def group_name(table_id: int) -> str:
    return f"tisch.{table_id}"


def table_changed(*, table_id: int, match_id: int, version: int, fresh: bool = False) -> None:
    """``fresh``: the table changed (seats, Nochmal) without a new game version."""
    _send(group_name(table_id), {"type": "table.changed", "match": match_id, "version": version, "fresh": fresh})


LOBBY_GROUP = "tische"


def lobby_group(table_id: int) -> str:
    return f"tische.{table_id}"


def lobby_changed(*, table_id: int) -> None:
    """The open tables changed: the lobby list and that table's waiting room re-render."""
    # The stamp lets every connection of a process share one rendering of the list (lobby/lobby_list.py).
    stamp = uuid.uuid4().hex
    for group in (LOBBY_GROUP, lobby_group(table_id)):
        _send(group, {"type": "lobby.changed", "table": table_id, "stamp": stamp})
