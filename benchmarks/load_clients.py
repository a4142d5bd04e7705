"""Real websocket clients for the load benchmark: four per table, one move per table per interval.

Every client is a ``websockets`` connection to a Daphne process with the
seat's session cookie and an Origin header, as a browser's would be. Per
table one coroutine drives the game: at each intended send time (table
offset + k × interval, spread evenly over the tables) it picks a random legal
action for the seat to move from the engine on a local replica of the state,
sends it from that seat's socket in the shape htmx's ``ws-send`` uses
(``{"action": <json>, "version": "<n>"}``) and waits until all four seats
have received the new version (``data-version`` of the page's version
fragment ``#tbl-v``, the same for every game). The next move of a table goes out at its intended time, or at
once when the previous one took longer: latency is always measured from the
intended send time, so a server that falls behind shows up in the numbers
instead of slowing the schedule down (no coordinated omission). A move is
measured when its last seat receives it inside the measured window (after
the warm-up); moves per second achieved are those completions per second.

With ``kill_after`` the first server process is killed (SIGKILL) that many
seconds into the measured window and started again on its port. Its tables'
clients reconnect and compare the version of the first render with their
replica: the move in flight was either committed (the server is one ahead:
the replica applies it) or not (the same version: it is chosen again); a
server behind the replica has lost a committed move (``lost_committed``, must
be 0).
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
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from benchmarks import load_tables
from benchmarks.load_servers import HOST, Usage

SEATS = load_tables.SEATS
#: The games whose tables the benchmark knows how to set up (benchmarks/load_tables.py).
GAMES = ("kleister", "neon", "rocket", "burg")
#: The fragment that carries the version a page shows (lobby/runtime/rendering.py, ``version_fragment``).
VERSION_ID = "tbl-v"
ERROR_MARK = 'id="table-error"'
#: Connections opened at the same time while setting up.
CONNECT_CONCURRENCY = 8


def version_parser() -> Callable[[str], int | None]:
    """The version in a frame's version fragment, or None when the frame has none."""
    tag = re.compile(r'<[^>]*\bid="' + re.escape(VERSION_ID) + r'"[^>]*>')
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
    kill_after: float = 0.0  # seconds into the measured window to kill the first server (0: never)


@dataclass
class Pending:
    """One move in flight: the version it makes and when each seat received it."""

    version: int
    intended: float
    received: dict[int, float] = field(default_factory=dict)
    error: str | None = None
    closed: bool = False  # a socket of the table closed while the move was in flight
    done: asyncio.Event = field(default_factory=asyncio.Event)


class Run:
    """The shared schedule and every counter of one load run."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.parse = version_parser()
        self.histogram = HdrHistogram(1, 600_000_000, 3)  # microseconds, up to 10 minutes
        self.lag = HdrHistogram(1, 600_000_000, 3)  # the clients' own event loop: microseconds late
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
        self.kills = 0
        self.resynced = 0  # tables that reconnected after a kill and matched their replica
        self.committed_unacknowledged = 0  # in-flight moves the killed server had committed
        self.not_committed = 0  # in-flight moves it had not: chosen again
        self.lost_committed = 0  # versions every seat had seen that the restarted server did not know

    def record(self, latency: float) -> None:
        self.moves += 1
        self.histogram.record_value(max(1, round(latency * 1e6)))

    def report(self) -> dict[str, Any]:
        ms = _in_ms(self.histogram)
        moves = self.moves or 1
        return {
            "moves": self.moves,
            "sent": self.sent,
            "completed": self.completed,
            "moves_per_s": round(self.moves / self.config.seconds, 1),
            "latency_ms": ms,
            # How late the driver's own loop woke up (a 10 ms timer, measured window): what of the
            # latency above is the clients' share, not the server's.
            "client_loop_lag_ms": _in_ms(self.lag),
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
            "kills": self.kills,
            "resynced_tables": self.resynced,
            "in_flight_committed": self.committed_unacknowledged,
            "in_flight_not_committed": self.not_committed,
            "lost_committed": self.lost_committed,
        }


def _in_ms(h: HdrHistogram) -> dict[str, float]:
    """A histogram of microseconds as p50, p90, p99, p999, max and mean in milliseconds."""
    ms = {}
    if h.get_total_count():
        for name, q in (("p50", 50), ("p90", 90), ("p99", 99), ("p999", 99.9)):
            ms[name] = round(h.get_value_at_percentile(q) / 1000, 2)
        ms["max"] = round(h.get_max_value() / 1000, 2)
        ms["mean"] = round(h.get_mean_value() / 1000, 2)
    return ms


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

    async def connect(self, expect_replica: bool = True) -> int:
        """Open the four sockets and wait for each one's first render; returns its version (the
        replica's, unless ``expect_replica`` is False: after a kill the server decides)."""
        timeout = self.run.config.timeout
        first_version = -1
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
            version = self.run.parse(text)
            if version is None or (expect_replica and version != self.version) or first_version not in (-1, version):
                raise RuntimeError(f"table {self.live.table_id}, seat {seat}: first render is v{version}")
            first_version = version
            self.seen[seat].add(version)
            if not self.run.extensions:
                self.run.extensions = [ext.name for ext in client.protocol.extensions] or ["none"]
            self.readers.append(asyncio.create_task(self.read(seat, client)))
        return first_version

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
        pending = self.pending
        if pending is not None:  # the server went away under this move
            pending.closed = True
            pending.done.set()

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
            try:
                await self.clients[seat].send(frame)
            except ConnectionClosed:  # the server went away between two moves
                pending.closed = True
                pending.done.set()
            run.sent += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(pending.done.wait(), config.timeout)
            self.pending = None
            if pending.closed and pending.error is None and len(pending.received) < SEATS:
                if not await self.resync(seat, action):
                    run.stopped_tables += 1
                    return
                step = math.ceil((loop.time() - run.t0 - self.offset) / config.interval)
                continue
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

    async def resync(self, seat: int, action: dict[str, Any]) -> bool:
        """After the server died: reconnect (until it is back) and line the replica up with it."""
        run, loop = self.run, asyncio.get_running_loop()
        await self.close()
        self.seen = [set() for _ in range(SEATS)]
        give_up = loop.time() + 60 + run.config.timeout
        while True:
            try:
                server_version = await self.connect(expect_replica=False)
                break
            except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed):
                await self.close()
                self.seen = [set() for _ in range(SEATS)]
                if loop.time() > give_up:
                    return False
                await asyncio.sleep(0.25)
        if server_version == self.version + 1:  # committed before the kill, never acknowledged
            self.state, _ = self.engine.apply(self.state, seat, action)
            self.version += 1
            run.committed_unacknowledged += 1
        elif server_version == self.version:
            run.not_committed += 1
        elif server_version < self.version:
            run.lost_committed += self.version - server_version
            return False
        else:
            run.errors.append(f"table {self.live.table_id}: v{server_version} after the kill, replica v{self.version}")
            return False
        run.resynced += 1
        return True

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
    tables: list[load_tables.LiveTable],
    *,
    ports: list[int],
    engine: ModuleType,
    config: Config,
    usage: Usage,
    kill: Callable[[], None] | None = None,
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
        lag = asyncio.create_task(_loop_lag(run))
        killer = asyncio.create_task(_kill(run, kill)) if kill is not None and config.kill_after > 0 else None
        await asyncio.gather(*(d.drive() for d in drivers))
        if killer is not None:
            await killer
        usage_report = await sampler
        await lag
    finally:
        await asyncio.gather(*(d.close() for d in drivers), return_exceptions=True)
    server_cpu_s = usage_report["server_cpu_percent"] / 100 * usage_report["wall_s"]
    return {
        **run.report(),
        "moves_wanted_per_s": round(len(tables) / config.interval, 1),
        # Server CPU time per measured move (all processes): 1000 / this is what the box could carry.
        "server_cpu_ms_per_move": round(server_cpu_s / run.moves * 1000, 2) if run.moves else None,
        **(
            {"server_instructions_per_move": round(usage_report["server_instructions"] / run.moves)}
            if "server_instructions" in usage_report and run.moves
            else {}
        ),
        "connect_s": round(connect_s, 2),
        **usage_report,
    }


async def _kill(run: Run, kill: Callable[[], None]) -> None:
    """Kill and restart the first server ``kill_after`` seconds into the measured window."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, run.measure_from + run.config.kill_after - loop.time()))
    if loop.time() < run.end:
        await asyncio.to_thread(kill)
        run.kills += 1


LAG_TICK = 0.01


async def _loop_lag(run: Run) -> None:
    """Record how late a 10 ms timer of the clients' loop fires over the measured seconds."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, run.measure_from - loop.time()))
    while loop.time() < run.end:
        due = loop.time() + LAG_TICK
        await asyncio.sleep(LAG_TICK)
        run.lag.record_value(max(1, round((loop.time() - due) * 1e6)))


async def _sample(run: Run, usage: Usage) -> dict[str, Any]:
    """Server CPU and RSS over the measured seconds (RSS sampled every second)."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, run.measure_from - loop.time()))
    usage.begin()
    while (left := run.end - loop.time()) > 0:
        await asyncio.sleep(min(1.0, left))
        usage.sample()
    return usage.end()
