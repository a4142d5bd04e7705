"""Group messages to a table's connections: only the table id and the version."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def group_name(table_id: int) -> str:
    return f"tisch.{table_id}"


def table_changed(*, table_id: int, match_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(
        group_name(table_id), {"type": "table.changed", "match": match_id, "version": version}
    )
