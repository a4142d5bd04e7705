"""The embedded channel layer cleans up at most twice a second, and still delivers and expires."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer

from lobby.runtime import memory_layer
from lobby.runtime.memory_layer import ThrottledInMemoryChannelLayer


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run ``scenario`` on a fresh event loop in its own thread (independent of any loop of the suite)."""
    in_thread(lambda: asyncio.run(scenario()))


def in_thread(call: Callable[[], object]) -> None:
    """``call`` on a thread of its own, as a computer's search thread (whatever loop the test's thread has)."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            call()
        except BaseException as error:  # noqa: BLE001 - re-raised below
            errors.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), "the sending thread is stuck"
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


def test_a_group_message_reaches_every_member_in_order_each_with_its_own_copy():
    async def scenario() -> None:
        layer = ThrottledInMemoryChannelLayer()
        members = [await layer.new_channel() for _ in range(4)]
        for channel in members:
            await layer.group_add("tisch.3", channel)
        for version in range(3):
            await layer.group_send("tisch.3", {"type": "table.changed", "version": version, "seen": []})
        firsts = []
        for channel in members:
            got = [await layer.receive(channel) for _ in range(3)]
            assert [m["version"] for m in got] == [0, 1, 2]
            firsts.append(got[0])
        firsts[0]["seen"].append("changed")  # changing one member's message changes no other's
        assert [m["seen"] for m in firsts[1:]] == [[], [], []]
        assert layer.channels == {}  # emptied queues are dropped, as the library does

    run(scenario)


def test_a_full_member_misses_the_group_message_and_the_others_get_it():
    async def scenario() -> None:
        layer = ThrottledInMemoryChannelLayer(capacity=1)
        full, free = await layer.new_channel(), await layer.new_channel()
        for channel in (full, free):
            await layer.group_add("tisch.4", channel)
        await layer.send(full, {"type": "waiting"})
        await layer.group_send("tisch.4", {"type": "table.changed"})
        assert (await layer.receive(full))["type"] == "waiting"
        assert (await layer.receive(free))["type"] == "table.changed"
        try:
            await layer.send(free, {"type": "one"})
            await layer.send(free, {"type": "two"})
        except Exception as error:  # noqa: BLE001 - the type is what is checked
            assert type(error).__name__ == "ChannelFull"
        else:
            raise AssertionError("a direct send to a full channel must raise ChannelFull")

    run(scenario)


def test_a_message_from_another_thread_is_put_by_the_receivers_loop():
    """A computer's move commits on a thread with a loop of its own; its message must not touch the
    receivers' queues from there (asyncio queues are not thread-safe: a message could be lost)."""
    layer = ThrottledInMemoryChannelLayer()
    put_on: set[int] = set()
    plain_put = layer._put

    def recording_put(channel: str, message: dict) -> None:
        put_on.add(threading.get_ident())
        plain_put(channel, message)

    layer._put = recording_put  # type: ignore[method-assign]
    ready = threading.Event()
    got: list[int] = []
    home: list[int] = []
    count = 300

    async def receiver() -> None:
        home.append(threading.get_ident())
        channel = await layer.new_channel()
        await layer.group_add("tisch.5", channel)
        first = asyncio.create_task(layer.receive(channel))
        await asyncio.sleep(0)  # the receive has started: the layer knows the receivers' loop
        ready.set()
        got.append((await asyncio.wait_for(first, 10))["version"])
        while len(got) < count:
            got.append((await asyncio.wait_for(layer.receive(channel), 10))["version"])

    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(receiver())
        except BaseException as error:  # noqa: BLE001 - re-raised below
            errors.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    assert ready.wait(10)
    in_thread(
        lambda: [  # as a computer's thread does it (lobby/runtime/notify.py)
            async_to_sync(layer.group_send)("tisch.5", {"type": "table.changed", "version": version})
            for version in range(count)
        ]
    )
    thread.join(20)
    if errors:
        raise errors[0]
    assert got == list(range(count))  # every message, in order
    assert put_on == set(home)  # and every one put by the receivers' own loop


def test_a_message_the_receivers_loop_never_takes_is_dropped_after_a_while(monkeypatch):
    """A server shutting down stops its loop: a computer's thread must not wait for it forever."""
    monkeypatch.setattr(memory_layer, "HAND_OVER_SECONDS", 0.2)
    warned: list[str] = []  # the module's logger, whatever the suite's logging set-up does with it
    monkeypatch.setattr(memory_layer.log, "warning", lambda message, *args: warned.append(message % args))
    layer = ThrottledInMemoryChannelLayer()
    ready, release = threading.Event(), threading.Event()

    async def stuck_receiver() -> None:
        channel = await layer.new_channel()
        task = asyncio.create_task(layer.receive(channel))
        await asyncio.sleep(0)  # the layer knows the receivers' loop
        ready.set()
        release.wait(10)  # the loop does not turn (blocked, as a stopping server's)
        task.cancel()

    thread = threading.Thread(target=lambda: asyncio.run(stuck_receiver()))
    thread.start()
    assert ready.wait(10)
    in_thread(lambda: async_to_sync(layer.group_send)("tisch.6", {"type": "table.changed"}))  # dropped, not stuck
    release.set()
    thread.join(10)
    assert warned and "channel layer message dropped" in warned[0]
