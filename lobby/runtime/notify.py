"""Group messages to a table's connections: only the table id and the version."""

from __future__ import annotations

import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def group_name(table_id: int) -> str:
    return f"tisch.{table_id}"


def table_changed(*, table_id: int, match_id: int, version: int, fresh: bool = False) -> None:
    """``fresh``: the table changed (seats, Nochmal) without a new game version."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "table.changed", "match": match_id, "version": version, "fresh": fresh}
    async_to_sync(layer.group_send)(group_name(table_id), message)


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
