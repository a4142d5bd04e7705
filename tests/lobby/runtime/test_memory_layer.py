"""The embedded channel layer cleans up at most twice a second, and still delivers and expires."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable

from channels.layers import InMemoryChannelLayer

from lobby.runtime import memory_layer
from lobby.runtime.memory_layer import ThrottledInMemoryChannelLayer


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run ``scenario`` on a fresh event loop in its own thread (independent of any loop of the suite)."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as error:  # noqa: BLE001 - re-raised below
            errors.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


def test_the_clean_up_walk_runs_once_per_interval(monkeypatch):
    walks: list[int] = []
    monkeypatch.setattr(InMemoryChannelLayer, "_clean_expired", lambda self: walks.append(1))

    async def scenario() -> None:
        layer = ThrottledInMemoryChannelLayer()
        channel = await layer.new_channel()
        await layer.group_add("tisch.1", channel)
        for _ in range(50):
            await layer.group_send("tisch.1", {"type": "table.changed"})
            await layer.receive(channel)

    run(scenario)
    assert len(walks) == 1


def test_messages_still_expire_once_the_interval_passed(monkeypatch):
    monkeypatch.setattr(memory_layer, "CLEAN_EVERY_SECONDS", 0.0)

    async def scenario() -> None:
        layer = ThrottledInMemoryChannelLayer(expiry=0.01)
        channel = await layer.new_channel()
        await layer.group_add("tisch.2", channel)
        await layer.send(channel, {"type": "old"})
        await asyncio.sleep(0.05)
        await layer.group_send("tisch.2", {"type": "new"})  # cleans: the old message and the membership go
        assert "tisch.2" not in layer.groups or channel not in layer.groups["tisch.2"]

    run(scenario)
