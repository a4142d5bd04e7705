"""The embedded default's channel layer: Channels' in-memory layer with its clean-up throttled.

``InMemoryChannelLayer`` walks every channel and every group membership on each
``receive`` and ``group_send`` to drop expired messages. With hundreds of table
connections that walk runs a thousand times a second and grows with the square
of the connections (ARCHITECTURE.md, "Speed": 18–22 % of the time). Expiry is
measured in seconds (messages: 60 s, group memberships: a day), so cleaning at
most twice a second changes nothing but the cost.

A group message is put on each member's queue directly: the library starts a
task per member and waits for them all (each send only puts a message on a queue
and never waits), and builds a new queue on every send and receive even when the
channel has one.

Its queues belong to the event loop the connections receive on (the server's). A computer's
move in the embedded default commits on a thread of the search pool, whose ``async_to_sync``
runs the group message on a loop of its own; asyncio's queues are not thread-safe, and a
message put from there could land on a queue that the server's loop had just dropped as empty
(the connection never saw that move: a free game stalled with the page showing a computer to
move). So a message sent from any other loop is handed to the receivers' loop and put there.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine
from contextlib import suppress
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

CLEAN_EVERY_SECONDS = 0.5
HAND_OVER_SECONDS = 10.0  # a loop that did not run a handed-over message for this long is stopping

log = logging.getLogger(__name__)


async def _on(home: asyncio.AbstractEventLoop, call: Coroutine[Any, Any, None]) -> None:
    """Run ``call`` on the receivers' loop and wait for it; a loop that stopped meanwhile (the server
    shuts down) drops it after a while instead of keeping the calling thread forever."""
    try:
        await asyncio.wait_for(asyncio.wrap_future(asyncio.run_coroutine_threadsafe(call, home)), HAND_OVER_SECONDS)
    except TimeoutError:
        log.warning("channel layer message dropped: the server's event loop did not take it")


class ThrottledInMemoryChannelLayer(InMemoryChannelLayer):
    _last_clean = 0.0
    _home: asyncio.AbstractEventLoop | None = None  # the loop the connections receive on

    def _elsewhere(self) -> asyncio.AbstractEventLoop | None:
        """The receivers' loop if the caller runs on another one (a computer's thread), else None."""
        home = self._home
        if home is None or not home.is_running():
            return None
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        return None if here is home else home

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._last_clean < CLEAN_EVERY_SECONDS:
            return
        self._last_clean = now
        super()._clean_expired()

    def _queue(self, channel: str) -> asyncio.Queue:  # type: ignore[type-arg]
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        return queue

    def _put(self, channel: str, message: dict[str, Any]) -> None:
        try:
            self._queue(channel).put_nowait((time.time() + self.expiry, deepcopy(message)))
        except asyncio.QueueFull:
            raise ChannelFull(channel)

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        home = self._elsewhere()
        if home is not None:
            await _on(home, self.send(channel, message))
            return
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        self._put(channel, message)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        home = self._elsewhere()
        if home is not None:
            await _on(home, self.group_send(group, message))
            return
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            with suppress(ChannelFull):  # as the library: a full member misses the message, the others get it
                self._put(channel, message)

    async def receive(self, channel: str) -> dict[str, Any]:
        self.require_valid_channel_name(channel)
        self._home = asyncio.get_running_loop()
        self._clean_expired()
        queue = self._queue(channel)
        try:
            _, message = await queue.get()
        finally:
            if queue.empty():
                self.channels.pop(channel, None)
        return message
