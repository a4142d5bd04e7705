"""Real websocket clients for the load benchmark: four per table, one move per table per interval.

Every client is a ``websockets`` connection to a Daphne process with the
seat's session cookie and an Origin header, as a browser's would be. Per
table one coroutine drives the game: at each intended send time (table
offset + k × interval, spread evenly over the tables) it picks a random legal
action for the seat to move from the engine on a local replica of the state,
sends it from that seat's socket in the shape htmx's ``ws-send`` uses
(``{"action": <json>, "version": "<n>"}``) and waits until all four seats
have received the new version (``data-version`` of the game's status
fragment). The next move of a table goes out at its intended time, or at
once when the previous one took longer: latency is always measured from the
intended send time, so a server that falls behind shows up in the numbers
instead of slowing the schedule down (no coordinated omission). A move is
measured when its last seat receives it inside the measured window (after
the warm-up); moves per second achieved are those completions per second.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from django.db import connections
from hdrh.histogram import HdrHistogram
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from benchmarks import load_tables
from benchmarks.load_servers import HOST, Usage

SEATS = load_tables.SEATS
#: The fragment that carries the version a seat sees (``data-version="N"``): the runtime's ``#tbl-v``, the
#: one place a table page keeps its version (lobby/runtime/rendering.py), whatever the game.
STATUS_IDS = {"kleister": "tbl-v", "neon": "tbl-v"}
ERROR_MARK = 'id="table-error"'
#: Connections opened at the same time while setting up.
CONNECT_CONCURRENCY = 8


def version_parser(game: str) -> Callable[[str], int | None]:
    """The version in a frame's version fragment, or None when the frame has none."""
    tag = re.compile(r'<[^>]*\bid="' + re.escape(STATUS_IDS[game]) + r'"[^>]*>')
    version = re.compile(r'\bdata-version="(\d+)"')

    def parse(text: str) -> int | None:
        found = tag.search(text)
        if found is None:
            return None
        number = version.search(found.group(0))
        return int(number.group(1)) if number else None

    return parse


@dataclass
class Config:
    game: str
    seconds: float
    warmup: float
    interval: float = 0.2
    timeout: float = 10.0
    seed: int = 1
    cookie_name: str = "sessionid"


@dataclass
class Pending:
    """One move in flight: the version it makes and when each seat received it."""

    version: int
    intended: float
    received: dict[int, float] = field(default_factory=dict)
    error: str | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)


class Run:
    """The shared schedule and every counter of one load run."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.parse = version_parser(config.game)
        self.histogram = HdrHistogram(1, 600_000_000, 3)  # microseconds, up to 10 minutes
        self.t0 = self.measure_from = self.end = 0.0
        self.moves = 0
        self.sent = 0  # every move sent, warm-up included
        self.completed = 0  # every move all four seats received, warm-up included
        self.lost = 0
        self.duplicated = 0
        self.errors: list[str] = []
        self.stopped_tables = 0
        self.restarts = 0
        self.bytes = 0
        self.messages = 0
        self.other_messages = 0  # frames that arrived while no move of their table was in flight
        self.extensions: list[str] = []

    def record(self, latency: float) -> None:
        self.moves += 1
        self.histogram.record_value(max(1, round(latency * 1e6)))

    def report(self) -> dict[str, Any]:
        h = self.histogram
        ms = {}
        if h.get_total_count():
            for name, q in (("p50", 50), ("p90", 90), ("p99", 99), ("p999", 99.9)):
                ms[name] = round(h.get_value_at_percentile(q) / 1000, 2)
            ms["max"] = round(h.get_max_value() / 1000, 2)
            ms["mean"] = round(h.get_mean_value() / 1000, 2)
        moves = self.moves or 1
        return {
            "moves": self.moves,
            "sent": self.sent,
            "completed": self.completed,
            "moves_per_s": round(self.moves / self.config.seconds, 1),
            "latency_ms": ms,
            "lost": self.lost,
            "duplicated": self.duplicated,
            "errors": len(self.errors),
            "error_samples": self.errors[:3],
            "stopped_tables": self.stopped_tables,
            "restarts": self.restarts,
            "bytes_per_move": round(self.bytes / moves),
            "messages_per_move": round(self.messages / moves, 2),
            "other_messages": self.other_messages,
            "websocket_extensions": self.extensions,
        }


class TableDriver:
    """The four clients of one table and the coroutine that plays it."""

    def __init__(self, live: load_tables.LiveTable, *, port: int, engine: ModuleType, run: Run, offset: float):
        self.live, self.port, self.engine, self.run, self.offset = live, port, engine, run, offset
        self.rng = random.Random(run.config.seed * 7919 + live.table_id)
        self.clients: list[ClientConnection] = []
        self.readers: list[asyncio.Task[None]] = []
        self.pending: Pending | None = None
        self._load(live)

    def _load(self, live: load_tables.LiveTable) -> None:
        self.live = live
        self.state = self.engine.load(live.state)
        self.version = live.version
        self.seen: list[set[int]] = [set() for _ in range(SEATS)]

    async def connect(self) -> None:
        """Open the four sockets and wait for each one's first render (the current version)."""
        timeout = self.run.config.timeout
        url = f"ws://{HOST}:{self.port}/ws/tisch/{self.live.table_id}/"
        for seat, cookie in enumerate(self.live.cookies):
            client = await connect(
                url,
                origin=f"http://{HOST}:{self.port}",  # type: ignore[arg-type]
                additional_headers={"Cookie": f"{self.run.config.cookie_name}={cookie}"},
                open_timeout=timeout,
                ping_interval=None,
                max_size=None,
            )
            self.clients.append(client)
            first = await asyncio.wait_for(client.recv(), timeout)
            text = first if isinstance(first, str) else first.decode()
            if self.run.parse(text) != self.version:
                raise RuntimeError(f"table {self.live.table_id}, seat {seat}: first render is not v{self.version}")
            self.seen[seat].add(self.version)
            if not self.run.extensions:
                self.run.extensions = [ext.name for ext in client.protocol.extensions] or ["none"]
            self.readers.append(asyncio.create_task(self.read(seat, client)))

    async def close(self) -> None:
        for client in self.clients:
            await client.close()
        for reader in self.readers:
            reader.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)
        self.clients, self.readers = [], []

    async def read(self, seat: int, client: ClientConnection) -> None:
        run = self.run
        loop = asyncio.get_running_loop()
        try:
            async for frame in client:
                now = loop.time()
                text = frame if isinstance(frame, str) else frame.decode()
                pending = self.pending
                if pending is None:
                    run.other_messages += 1
                if run.measure_from <= now < run.end:
                    run.bytes += len(text.encode())
                    run.messages += 1
                if ERROR_MARK in text:
                    run.errors.append(text[:300])
                    if pending is not None:
                        pending.error = text
                        pending.done.set()
                version = run.parse(text)
                if version is None:
                    continue
                if version in self.seen[seat]:
                    run.duplicated += 1
                    continue
                self.seen[seat].add(version)
                if pending is not None and version == pending.version:
                    pending.received[seat] = now
                    if len(pending.received) == SEATS:
                        pending.done.set()
        except ConnectionClosed:
            pass

    async def drive(self) -> None:
        """Play until the end of the schedule; a table whose update went missing stops (replica unsure)."""
        run, config, engine = self.run, self.run.config, self.engine
        loop = asyncio.get_running_loop()
        step = 0
        while True:
            intended = run.t0 + self.offset + step * config.interval
            if intended >= run.end:
                return
            if (delay := intended - loop.time()) > 0:
                await asyncio.sleep(delay)
            if loop.time() >= run.end:
                return  # bounded: nothing is sent after the end, however far behind the server is
            if engine.is_over(self.state):
                await self.restart()
                step = math.ceil((loop.time() - run.t0 - self.offset) / config.interval)
                continue
            seat = engine.to_move(self.state)[0]
            action = self.rng.choice(engine.legal_actions(self.state, seat))
            pending = Pending(version=self.version + 1, intended=intended)
            self.pending = pending
            frame = json.dumps({"action": json.dumps(action), "version": str(self.version)})
            await self.clients[seat].send(frame)
            run.sent += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(pending.done.wait(), config.timeout)
            self.pending = None
            if pending.error is not None or len(pending.received) < SEATS:
                if pending.error is None:
                    run.lost += SEATS - len(pending.received)
                run.stopped_tables += 1
                return
            run.completed += 1
            done = max(pending.received.values())
            if run.measure_from <= done < run.end:  # measured: completed inside the window
                run.record(done - intended)
            self.state, _ = engine.apply(self.state, seat, action)
            self.version += 1
            step += 1

    async def restart(self) -> None:
        """The match ended: a new one at the same table (not timed), then the four clients reconnect."""
        await self.close()
        seed = self.run.config.seed * 104_729 + self.live.table_id * 31 + self.run.restarts
        self._load(await asyncio.to_thread(_restart, self.live, seed))
        await self.connect()
        self.run.restarts += 1


def _restart(live: load_tables.LiveTable, seed: int) -> load_tables.LiveTable:
    try:
        return load_tables.restart(live, seed=seed)
    finally:
        connections.close_all()


async def run_load(
    tables: list[load_tables.LiveTable], *, ports: list[int], engine: ModuleType, config: Config, usage: Usage
) -> dict[str, Any]:
    """Connect every client, play the schedule (warm-up, then the measured seconds), close."""
    run = Run(config)
    drivers = [
        TableDriver(
            live,
            port=ports[live.table_id % len(ports)],  # sticky by table id
            engine=engine,
            run=run,
            offset=config.interval * number / len(tables),
        )
        for number, live in enumerate(tables)
    ]
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def connect(driver: TableDriver) -> None:
        async with gate:
            await driver.connect()

    loop = asyncio.get_running_loop()
    started = loop.time()
    try:
        await asyncio.gather(*(connect(d) for d in drivers))
        connect_s = loop.time() - started
        run.other_messages = 0
        run.t0 = loop.time() + 0.1
        run.measure_from = run.t0 + config.warmup
        run.end = run.measure_from + config.seconds
        sampler = asyncio.create_task(_sample(run, usage))
        await asyncio.gather(*(d.drive() for d in drivers))
        usage_report = await sampler
    finally:
        await asyncio.gather(*(d.close() for d in drivers), return_exceptions=True)
    server_cpu_s = usage_report["server_cpu_percent"] / 100 * usage_report["wall_s"]
    return {
        **run.report(),
        "moves_wanted_per_s": round(len(tables) / config.interval, 1),
        # Server CPU time per measured move (all processes): 1000 / this is what the box could carry.
        "server_cpu_ms_per_move": round(server_cpu_s / run.moves * 1000, 2) if run.moves else None,
        "connect_s": round(connect_s, 2),
        **usage_report,
    }


async def _sample(run: Run, usage: Usage) -> dict[str, Any]:
    """Server CPU and RSS over the measured seconds (RSS sampled every second)."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, run.measure_from - loop.time()))
    usage.begin()
    while (left := run.end - loop.time()) > 0:
        await asyncio.sleep(min(1.0, left))
        usage.sample()
    return usage.end()
