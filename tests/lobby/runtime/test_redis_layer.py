"""The distributed channel layer (lobby/runtime/redis_layer.py) against the real Redis: two layers stand for two
processes. A group message reaches every member exactly once, this process's members without Redis; the other
process gets the messages in the order they were sent; messages raised together go out as one batch."""

from __future__ import annotations

import asyncio
import functools
import os
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from config.channel_layers import redis_host
from lobby.runtime import redis_layer
from lobby.runtime.redis_layer import LocalFirstPubSubChannelLayer

REDIS = os.environ.get("REDIS_URL", "")
pytestmark = pytest.mark.skipif(not REDIS, reason="needs REDIS_URL (CI's distributed run)")
QUIET = 0.3  # long enough for Redis to bring back anything still under way


def on_own_loop(test):  # type: ignore[no-untyped-def]
    """Run an async test on a fresh event loop in a thread of its own, as a server process runs the layer
    (the test thread may still count a loop as running: Playwright's sync API in the browser tests)."""

    @functools.wraps(test)
    def run(*args, **kwargs):  # type: ignore[no-untyped-def]
        with ThreadPoolExecutor(max_workers=1) as thread:
            return thread.submit(asyncio.run, test(*args, **kwargs)).result()

    return run


def two_processes() -> tuple[LocalFirstPubSubChannelLayer, LocalFirstPubSubChannelLayer]:
    prefix = f"layertest{uuid.uuid4().hex[:8]}"  # pub/sub channels are shared by every test and server
    config = {"hosts": [redis_host(REDIS.rsplit("/", 1)[0] + "/5")], "prefix": prefix}
    return LocalFirstPubSubChannelLayer(**config), LocalFirstPubSubChannelLayer(**config)


async def one_member_each(group: str) -> tuple[LocalFirstPubSubChannelLayer, LocalFirstPubSubChannelLayer, str, str]:
    """Two processes with one connection each in ``group``, their subscriptions in place."""
    here, there = two_processes()
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add(group, mine)
    await there.group_add(group, theirs)
    await asyncio.sleep(QUIET)
    return here, there, mine, theirs


async def receive_all(layer: LocalFirstPubSubChannelLayer, channel: str) -> list[dict]:
    """Everything the channel gets until it has been quiet for a moment."""
    got = []
    while True:
        try:
            got.append(await asyncio.wait_for(layer.receive(channel), QUIET))
        except TimeoutError:
            return got


async def close(*layers: LocalFirstPubSubChannelLayer) -> None:
    for layer in layers:
        await layer.flush()


@on_own_loop
async def test_a_group_message_reaches_each_member_once_here_without_redis_and_there_through_it():
    here, there, mine, theirs = await one_member_each("tisch.7")

    await here.group_send("tisch.7", {"type": "table.changed", "version": 3})
    assert here._get_layer().channels[mine].qsize() == 1  # delivered before the publish returned

    assert await receive_all(here, mine) == [{"type": "table.changed", "version": 3}]  # not again via Redis
    assert await receive_all(there, theirs) == [{"type": "table.changed", "version": 3}]
    await close(here, there)


@on_own_loop
async def test_the_other_process_gets_the_messages_in_the_order_they_were_sent_in_one_batch(monkeypatch):
    here, there, _mine, theirs = await one_member_each("tisch.8")
    batches = []
    write = redis_layer.BatchingShard._write_batch

    async def counted(shard, written):  # type: ignore[no-untyped-def]
        batches.append(len(shard._waiting))
        await write(shard, written)

    monkeypatch.setattr(redis_layer.BatchingShard, "_write_batch", counted)

    await asyncio.gather(*(here.group_send("tisch.8", {"type": "t", "version": v}) for v in range(40)))

    assert [m["version"] for m in await receive_all(there, theirs)] == list(range(40))
    assert batches == [40]  # raised in one turn of the loop: one round trip
    await close(here, there)


@on_own_loop
async def test_a_message_to_a_channel_goes_to_its_own_process_only():
    here, there = two_processes()
    mine, theirs = await here.new_channel(), await there.new_channel()
    await asyncio.sleep(QUIET)

    await here.send(mine, {"type": "chat.message", "text": "hier"})
    await here.send(theirs, {"type": "chat.message", "text": "dort"})

    assert await receive_all(here, mine) == [{"type": "chat.message", "text": "hier"}]
    assert await receive_all(there, theirs) == [{"type": "chat.message", "text": "dort"}]
    await close(here, there)


@on_own_loop
async def test_a_member_that_left_gets_nothing_and_a_group_without_members_here_still_reaches_there():
    here, there, mine, theirs = await one_member_each("tisch.9")
    await here.group_discard("tisch.9", mine)

    await here.group_send("tisch.9", {"type": "table.changed", "version": 1})

    assert await receive_all(here, mine) == []
    assert await receive_all(there, theirs) == [{"type": "table.changed", "version": 1}]
    await close(here, there)
