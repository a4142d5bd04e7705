"""The embedded channel layer cleans up at most twice a second, and still delivers and expires."""

from __future__ import annotations

import asyncio

import pytest
from channels.layers import InMemoryChannelLayer

from lobby.runtime import memory_layer
from lobby.runtime.memory_layer import ThrottledInMemoryChannelLayer

pytestmark = pytest.mark.asyncio


async def test_the_clean_up_walk_runs_once_per_interval(monkeypatch):
    walks: list[int] = []
    monkeypatch.setattr(InMemoryChannelLayer, "_clean_expired", lambda self: walks.append(1))
    layer = ThrottledInMemoryChannelLayer()
    channel = await layer.new_channel()
    await layer.group_add("tisch.1", channel)
    for _ in range(50):
        await layer.group_send("tisch.1", {"type": "table.changed"})
        await layer.receive(channel)
    assert len(walks) == 1


async def test_messages_still_expire_once_the_interval_passed(monkeypatch):
    monkeypatch.setattr(memory_layer, "CLEAN_EVERY_SECONDS", 0.0)
    layer = ThrottledInMemoryChannelLayer(expiry=0.01)
    channel = await layer.new_channel()
    await layer.group_add("tisch.2", channel)
    await layer.send(channel, {"type": "old"})
    await asyncio.sleep(0.05)
    await layer.group_send("tisch.2", {"type": "new"})  # cleans: the old message and the membership go
    assert "tisch.2" not in layer.groups or channel not in layer.groups["tisch.2"]
