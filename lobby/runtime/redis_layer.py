"""The distributed channel layer: channels-redis's pub/sub layer, local connections first.

With tables routed to processes by table id (docs/operations.md, "Tables stick to one Daphne process"), every
connection of a table sits in the process that commits its moves. The library's layer still sends
each table message through Redis and back, one ``PUBLISH`` at a time under a lock per process: a
process could publish once per turn of its busy event loop, and its own connections waited for the
round trip. This layer

- hands a group message to the group's connections in this process at once (the bytes Redis would
  have brought), and a message to one of its own channels without Redis at all;
- still publishes every group message for the other processes, stamped with this process's
  origin, and drops its own messages when Redis brings them back;
- publishes in order but in batches: what the loop raises while a batch is on the wire goes out
  as the next batch in one pipeline, so a busy loop costs one round trip per batch, not per
  message. ``group_send`` returns once its own message is written, as before.

Nothing else of the library changes: subscriptions, the receive loop, reconnects, serialization.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer, RedisSingleShardConnection
from channels_redis.utils import _wrap_close, decode_hosts

#: length of the origin stamp in front of every published message
ORIGIN_BYTES = 16


class LocalFirstPubSubChannelLayer(RedisPubSubChannelLayer):
    """``RedisPubSubChannelLayer`` whose per-loop layers are ``LocalFirstLoopLayer``."""

    def _get_layer(self) -> LocalFirstLoopLayer:
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = LocalFirstLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
        return layer


class LocalFirstLoopLayer(RedisPubSubLoopLayer):
    def __init__(self, hosts: Any = None, **kwargs: Any) -> None:
        super().__init__(hosts=hosts, **kwargs)
        self.origin = uuid.uuid4().bytes
        self._shards = [BatchingShard(host, self) for host in decode_hosts(hosts)]

    def _deliver_here(self, channel: str, data: bytes) -> None:
        queue = self.channels.get(channel)
        if queue is not None:
            queue.put_nowait(data)

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        if channel in self.channels:  # one of this process's own connections: no other process has it
            self._deliver_here(channel, self.channel_layer.serialize(message))
            return
        await super().send(channel, message)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        data = self.channel_layer.serialize(message)
        group_channel = self._get_group_channel_name(group)
        for channel in tuple(self.groups.get(group_channel, ())):
            self._deliver_here(channel, data)
        await self._get_shard(group_channel).publish(group_channel, data)


class BatchingShard(RedisSingleShardConnection):
    """One Redis connection of the layer: stamped, batched publishing; own messages dropped on receipt."""

    def __init__(self, host: dict[str, Any], channel_layer: LocalFirstLoopLayer) -> None:
        super().__init__(host, channel_layer)
        self._waiting: list[tuple[str, bytes]] = []
        self._batch_written: asyncio.Future[None] | None = None  # the batch now collecting messages
        self._wire: asyncio.Lock = asyncio.Lock()  # one batch on the wire at a time: order is kept
        self._writers: set[asyncio.Future[None]] = set()  # strong references until each batch is written

    async def publish(self, channel: str, message: bytes) -> None:
        self._ensure_redis()
        self._waiting.append((channel, self.channel_layer.origin + message))
        written = self._batch_written
        if written is None:  # this message opens a batch; a task takes it to Redis
            written = self._batch_written = asyncio.get_running_loop().create_future()
            self._writers.add(writer := asyncio.ensure_future(self._write_batch(written)))
            writer.add_done_callback(self._writers.discard)
        await asyncio.shield(written)  # a cancelled sender does not cancel the others' batch

    async def _write_batch(self, written: asyncio.Future[None]) -> None:
        async with self._wire:  # the previous batch is written; everything raised meanwhile goes now
            batch, self._waiting, self._batch_written = self._waiting, [], None
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except Exception as error:
                written.set_exception(error)
                return
            written.set_result(None)

    def _receive_message(self, message: dict[str, Any] | None) -> None:
        if message is None:
            return
        data = message["data"]
        if data[:ORIGIN_BYTES] == self.channel_layer.origin:
            return  # delivered to this process's connections when it was sent
        super()._receive_message({**message, "data": data[ORIGIN_BYTES:]})
