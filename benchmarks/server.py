"""Benchmark helpers for ``manage.py bench`` (numbers and method in docs/benchmarks.md).

Two halves:

- engine side (Django-free, runs in the calling process): full random games
  per second and the strong computer's milliseconds per decision;
- server side (``django_side``): the websocket round trip of a 4-seat live
  table and the fragment render times. It runs in a child process
  (``spawn_server_side``) against a throwaway SQLite file with production-like
  settings, so the developer's database, the Redis layer and DEBUG never
  touch the numbers.

Every timing is ``time.perf_counter`` around one call; nothing here asserts a
timing (tests only check that the command runs and reports its keys).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import inspect
import itertools
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from games.core.rng import draw_rng
from games.core.search import DEFAULT_SECONDS

JSON = dict[str, Any]

#: Seats of the websocket and render benchmarks (the ARCHITECTURE.md "Speed" shape).
TABLE_SEATS = 4
#: Marker the worker prints in front of its JSON result line.
RESULT_MARK = "BENCH-RESULT "


# --------------------------------------------------------------------------- statistics


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0–100) with linear interpolation between closest ranks."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    pos = (len(ordered) - 1) * q / 100
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def ms_stats(seconds: list[float], *percentiles: int) -> JSON:
    """Median, the given percentiles, mean and max of durations in seconds, as milliseconds."""
    out: JSON = {"n": len(seconds)}
    if not seconds:
        return out
    ms = [s * 1000 for s in seconds]
    out["median_ms"] = round(statistics.median(ms), 3)
    for p in percentiles:
        out[f"p{p}_ms"] = round(percentile(ms, p), 3)
    out["mean_ms"] = round(statistics.fmean(ms), 3)
    out["max_ms"] = round(max(ms), 3)
    return out


def us(seconds: float) -> float:
    return round(seconds * 1e6, 1)


# --------------------------------------------------------------------------- machine


def machine_info() -> JSON:
    cpu = platform.processor() or platform.machine()
    memory = None
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = round(int(line.split()[1]) / 1024 / 1024, 1)
                break
    except OSError:
        pass
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "memory_gib": memory,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load_average": load_average(),
    }


def load_average() -> list[float] | None:
    """1, 5 and 15 minute load averages: other work on the box shows in every timing."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


# --------------------------------------------------------------------------- engine side


def table_seats(engine: ModuleType) -> int:
    """4 seats, clamped to what the game allows."""
    return max(engine.MIN_PLAYERS, min(engine.MAX_PLAYERS, TABLE_SEATS))


def options_for(engine: ModuleType, players: int) -> JSON:
    return engine.clean_options(engine.default_options(), players)


def random_game(engine: ModuleType, *, seed: int, players: int, options: JSON) -> tuple[Any, int]:
    """One game of random legal actions from the engine only; returns (final state, actions)."""
    state = engine.new_game(seed=seed, players=players, options=options)
    rng = random.Random(seed)
    actions = 0
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        actions += 1
    return state, actions


def bench_random(engine: ModuleType, *, games: int, seed: int) -> JSON:
    """Full random games per second (new_game, then legal_actions/apply until is_over)."""
    players = table_seats(engine)
    options = options_for(engine, players)
    actions = 0
    started = time.perf_counter()
    for number in range(games):
        _, n = random_game(engine, seed=seed + number, players=players, options=options)
        actions += n
    seconds = time.perf_counter() - started
    return {
        "players": players,
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 1),
        "actions_per_game": round(actions / games, 1),
        "actions_per_s": round(actions / seconds),
    }


def default_budget(bot: Callable[..., Any]) -> int | None:
    """The ``budget`` keyword's default of a bot function (None if it has none)."""
    try:
        parameter = inspect.signature(bot).parameters.get("budget")
    except (TypeError, ValueError):
        return None
    if parameter is None or parameter.default is inspect.Parameter.empty:
        return None
    return parameter.default


def bench_strong(
    engine: ModuleType,
    bots: ModuleType,
    *,
    decisions: int,
    seed: int,
    level: str = "stark",
    walker: str = "normal",
    stride: int = 5,
) -> JSON:
    """Milliseconds (and, for a time-budgeted search, playouts) per decision of the strong computer
    at its default budget (Speedkleister, Speedneon: 0.8 s per decision).

    Seeded games are played by the ``walker`` level (realistic positions, fast);
    at every ``stride``-th position where the seat to move has more than one
    legal action, the strong bot is asked from that seat's view and timed.
    Forced positions (one legal action) are not decisions and are skipped.
    """
    strong = bots.BOTS[level]
    walk = bots.BOTS.get(walker) or strong
    players = table_seats(engine)
    options = options_for(engine, players)
    times: list[float] = []
    playouts: list[int] = []
    game = 0
    while len(times) < decisions:
        game_seed = seed + game
        state = engine.new_game(seed=game_seed, players=players, options=options)
        walk_rng = draw_rng(game_seed, 7_777_777)
        bot_rng = draw_rng(game_seed, 8_888_888)
        position = 0
        while not engine.is_over(state) and len(times) < decisions:
            seat = engine.to_move(state)[0]
            view = engine.view(state, seat)
            legal = engine.legal_actions(state, seat)
            if len(legal) > 1:
                if position % stride == 0:
                    started = time.perf_counter()
                    choice = strong(view, legal, bot_rng)
                    times.append(time.perf_counter() - started)
                    playouts.append(getattr(choice, "playouts", 0))
                position += 1
            state, _ = engine.apply(state, seat, walk(view, legal, walk_rng).action)
        game += 1
    searched = sorted(p for p in playouts if p)
    return {
        "level": level,
        "budget": default_budget(strong) if not getattr(bots, "TIMED_SEARCH", False) else f"{DEFAULT_SECONDS} s",
        "median_playouts": statistics.median(searched) if searched else None,
        "min_playouts": searched[0] if searched else None,
        "players": players,
        "positions_from": walker if walker in bots.BOTS else level,
        "games": game,
        **ms_stats(times, 95),
    }


# --------------------------------------------------------------------------- server side (child process)


def spawn_server_side(
    slugs: list[str], *, moves: int, render_positions: int, render_reps: int, seed: int, debug: bool = False
) -> JSON:
    """Run ``manage.py bench --server-side`` in a child process against a throwaway SQLite file.

    The child gets ``DATABASE_URL`` pointing at a fresh file in a temporary
    directory (migrated there, deleted afterwards), no ``REDIS_URL`` (in-memory
    channel layer, eager Celery: nothing reaches a shared Redis), and
    ``DJANGO_DEBUG=0`` with a throwaway secret (production template and query
    settings) unless ``debug``. Returns the child's JSON result.
    """
    from django.conf import settings

    workdir = tempfile.mkdtemp(prefix="spielcenter-bench-")
    try:
        env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "SQLITE_TEST_NAME"}}
        env.update(
            {
                "DATABASE_URL": f"sqlite:///{Path(workdir) / 'bench.sqlite3'}",
                "DJANGO_SETTINGS_MODULE": "config.settings",
                "FAST_PASSWORD_HASHER": "1",  # four throwaway users, no PBKDF2 rounds
                "AXES_ENABLED": "0",
                "LOG_LEVEL": "ERROR",
            }
        )
        if not debug:
            env.update({"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "bench-" + os.urandom(16).hex()})
        command = [
            sys.executable,
            str(Path(settings.BASE_DIR) / "manage.py"),
            "bench",
            "--server-side",
            f"--moves={moves}",
            f"--render-positions={render_positions}",
            f"--render-reps={render_reps}",
            f"--seed={seed}",
        ]
        for slug in slugs:
            command.append(f"--game={slug}")
        done = subprocess.run(
            command, env=env, cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=900, check=False
        )
        for line in reversed(done.stdout.splitlines()):
            if line.startswith(RESULT_MARK):
                return json.loads(line[len(RESULT_MARK) :])
        raise RuntimeError(
            f"server-side benchmark failed (exit {done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
        )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def django_side(slugs: list[str], *, moves: int, render_positions: int, render_reps: int, seed: int) -> JSON:
    """In the child process: migrate the throwaway database, then measure each game."""
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    if connection.vendor != "sqlite" or "spielcenter-bench-" not in str(connection.settings_dict["NAME"]):
        raise RuntimeError("the server-side benchmark only runs against its own throwaway SQLite file")
    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        journal = cursor.fetchone()[0]
        cursor.execute("PRAGMA synchronous")
        synchronous = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}.get(cursor.fetchone()[0])
    out: JSON = {
        "settings": {
            "debug": settings.DEBUG,
            "database": f"sqlite (temporary file, journal_mode={journal}, synchronous={synchronous})",
            "conn_max_age": connection.settings_dict.get("CONN_MAX_AGE"),
            "channel_layer": settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1],
            "migrate_s": round(time.perf_counter() - started, 2),
        },
        "games": {},
    }
    for slug in slugs:
        game: JSON = {}
        game["render"] = bench_render(slug, positions=render_positions, reps=render_reps, seed=seed)
        # The consumer renders through the game's ui module: without one there is no table page to measure.
        has_ui = game["render"] is not None
        game["ws"] = asyncio.run(bench_ws(slug, moves=moves, seed=seed)) if moves and has_ui else None
        out["games"][slug] = game
    return out


# --------------------------------------------------------------------------- fragment renders


def _positions(engine: ModuleType, *, players: int, options: JSON, seed: int, count: int) -> list[tuple[Any, list]]:
    """``count`` positions spread over seeded random games, each with its event log (last 40)."""
    from lobby.runtime.snapshot import LOG_LENGTH

    out: list[tuple[Any, list]] = []
    game = 0
    while len(out) < count:
        state = engine.new_game(seed=seed + game, players=players, options=options)
        rng = random.Random(seed + game)
        log: list = []
        trail = [(state, [])]
        while not engine.is_over(state):
            seat = engine.to_move(state)[0]
            state, events = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            log = (log + events)[-LOG_LENGTH:]
            trail.append((state, log))
        # Evenly spaced after the start; the last one is the end board.
        need = count - len(out)
        out.extend(trail[round((i + 1) * (len(trail) - 1) / need)] for i in range(need))
        game += 1
    return out


def _collect(per: dict[str, JSON], calls: list[tuple[str, float, str]], kind: str, rendered: dict[str, str]) -> None:
    """Add template calls to the per-template table; name the fragment each one became."""
    by_html = {html: key for key, html in rendered.items()}
    for name, seconds, html in calls:
        entry = per.setdefault(name, {"kind": kind, "fragment": None, "t": [], "bytes": []})
        entry["t"].append(seconds)
        entry["bytes"].append(len(html.encode()))
        entry["fragment"] = entry["fragment"] or by_html.get(html)


@contextmanager
def _template_probe(modules: list[ModuleType], sink: list[tuple[str, float, str]]) -> Iterator[None]:
    """Time every ``render_template`` call made through these modules (name, seconds, html)."""
    originals = {m: m.render_template for m in modules if hasattr(m, "render_template")}

    def timed(original: Callable[..., str]) -> Callable[..., str]:
        def render_template(name: str, context: JSON, lang: str | None = None) -> str:
            started = time.perf_counter()
            html = original(name, context, lang)
            sink.append((name, time.perf_counter() - started, html))
            return html

        return render_template

    for module, original in originals.items():
        module.render_template = timed(original)
    try:
        yield
    finally:
        for module, original in originals.items():
            module.render_template = original


def _snapshot(slug: str, *, key: int, version: int, state: Any, log: list, options: JSON, engine: ModuleType) -> Any:
    """A live table's snapshot built without the database (only the fields this Snapshot class has)."""
    from dataclasses import fields

    from lobby.runtime.snapshot import Snapshot

    names = options["names"]
    players = [{"name": name, "user_id": i + 1, "bot": None} for i, name in enumerate(names)]
    seats = [{"index": i, "name": name, "user_id": i + 1, "bot": None, "ready": False} for i, name in enumerate(names)]
    values = {
        "table_id": 0,
        "match_id": key,
        "number": 1,
        "version": version,
        "game": slug,
        "kind": "live",
        "status": "playing",
        "options": options,
        "table_options": {},
        "players": players,
        "state": engine.dump(state),
        "result": None,
        "log": log,
        "deadline": None,
        "table": {
            "status": "playing",
            "kind": "live",
            "stake": 0,
            "clock": None,
            "places": len(names),
            "host_id": 1,
            "reserved_until": None,
            "seats": seats,
        },
        "loaded": state,
    }
    known = {f.name for f in fields(Snapshot)}
    return Snapshot(**{k: v for k, v in values.items() if k in known})


#: Match ids of the render benchmark's snapshots: negative, never a real match, never reused.
_fake_match_ids = itertools.count(-1_000_000, -1)


def bench_render(slug: str, *, positions: int, reps: int, seed: int) -> JSON | None:
    """Fragment render times of one game from seeded positions (no database).

    What the server does per move, per position: ``fragments.render`` for the
    first seat (the public part is rendered then and cached: "cold") and for
    every other seat ("warm": view + private fragments only). Separately the
    public part alone (``view(None)`` + ``public_fragments``). Per template:
    size, time, and whether its fragment came out identical for all seats.
    Templates are rendered once before timing (compiled and cached).
    """
    from games.core import fragments, registry
    from lobby.runtime import rendering

    try:
        game_ui = registry.ui(slug)
    except ImportError:
        return None
    engine = registry.engine(slug)
    players = table_seats(engine)
    names = [f"Spieler {i + 1}" for i in range(players)]
    options = {**options_for(engine, players), "names": names}
    spots = _positions(engine, players=players, options=options, seed=seed, count=positions)
    modules = [game_ui, fragments]

    view_t: list[float] = []
    public_t: list[float] = []
    cold_t: list[float] = []
    warm_t: list[float] = []
    per: dict[str, JSON] = {}
    same: dict[str, list[bool]] = {}
    calls: list[tuple[str, float, str]] = []
    for state, log in spots:  # warm-up: compile every template once
        key = next(_fake_match_ids)
        snap = _snapshot(slug, key=key, version=0, state=state, log=log, options=options, engine=engine)
        for seat in range(players):
            rendering.render(snap, seat)
    for version, (state, log) in enumerate(spots):
        for rep in range(reps):
            key = next(_fake_match_ids)  # a fresh (match, version) key: the public cache is cold for it
            fragments.clear_render_cache()  # and no fragment of this position was rendered before
            snap = _snapshot(slug, key=key, version=version, state=state, log=log, options=options, engine=engine)
            started = time.perf_counter()
            for seat in range(players):
                engine.view(state, seat)
            view_t.append((time.perf_counter() - started) / players)

            seats_html: list[dict[str, str]] = []
            with _template_probe(modules, calls):
                for seat in range(players):
                    mark = len(calls)
                    started = time.perf_counter()
                    html = rendering.render(snap, seat)
                    (cold_t if seat == 0 else warm_t).append(time.perf_counter() - started)
                    seats_html.append(html)
                    _collect(per, calls[mark:], "private", html)
                mark = len(calls)
                started = time.perf_counter()
                fragments.clear_render_cache()
                fragments.to_html(
                    game_ui.public_fragments(fragments.FragmentContext(snap, engine.view(state, None), None, names))
                )
                public_t.append(time.perf_counter() - started)
                for name in {name for name, _, _ in calls[mark:]}:
                    per[name]["kind"] = "public"
            if rep == 0:
                for fragment in seats_html[0]:
                    same.setdefault(fragment, []).append(len({html.get(fragment) for html in seats_html}) == 1)

    templates = {}
    for name, data in sorted(per.items(), key=lambda item: -statistics.median(item[1]["t"])):
        started = time.perf_counter()
        for _ in range(200):
            fragments.jinja().get_template(name)
        lookup = (time.perf_counter() - started) / 200
        templates[name] = {
            "kind": data["kind"],
            "fragment": data["fragment"],
            "bytes": round(statistics.median(data["bytes"])),
            "median_us": us(statistics.median(data["t"])),
            "lookup_us": us(lookup),
        }
    cold_ms, warm_ms = statistics.median(cold_t) * 1000, statistics.median(warm_t) * 1000
    return {
        "players": players,
        "positions": len(spots),
        "reps": reps,
        "view_us": us(statistics.median(view_t)),
        "public": ms_stats(public_t, 95),
        "seat_cold": ms_stats(cold_t, 95),
        "seat_warm": ms_stats(warm_t, 95),
        "per_move_ms": round(cold_ms + (players - 1) * warm_ms, 3),
        "templates": templates,
        "fragments_same_for_all_seats": {k: round(sum(v) / len(v), 2) for k, v in sorted(same.items())},
    }


# --------------------------------------------------------------------------- websocket round trip


class _Probe:
    """Counts queries and new database connections per thread, and times submit and render calls."""

    def __init__(self) -> None:
        self.queries: dict[int, int] = {}
        self.connections: dict[int, int] = {}
        self.sql: dict[int, list[str]] = {}
        self.submits: list[tuple[float, float, int]] = []  # (start, end, thread)
        self.renders: list[tuple[float, float, int]] = []

    def query(self, execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        thread = threading.get_ident()
        self.queries[thread] = self.queries.get(thread, 0) + 1
        self.sql.setdefault(thread, []).append(" ".join(str(sql).split())[:90])
        return execute(sql, params, many, context)

    def connected(self, sender, connection, **kwargs) -> None:  # type: ignore[no-untyped-def]
        thread = threading.get_ident()
        self.connections[thread] = self.connections.get(thread, 0) + 1
        if self.query not in connection.execute_wrappers:
            connection.execute_wrappers.append(self.query)

    def timing(self, fn: Callable[..., Any], sink: list[tuple[float, float, int]]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                sink.append((started, time.perf_counter(), threading.get_ident()))

        timed.__wrapped__ = fn  # type: ignore[attr-defined]
        return timed


async def _next_text(communicator: Any, timeout: float) -> str | None:
    """The next text frame, or None after ``timeout`` (without cancelling the application)."""
    try:
        message = await asyncio.wait_for(communicator.output_queue.get(), timeout)
    except TimeoutError:
        if communicator.future.done():
            communicator.future.result()  # re-raises the consumer's error
        return None
    if message.get("type") != "websocket.send":
        raise RuntimeError(f"unexpected websocket message: {message!r}")
    return message.get("text") or ""


def _setup_table(slug: str, seats: int, seed: int) -> tuple[Any, list[str], JSON]:
    """4 registered users at a live table, the match started; returns (table, session cookies, state)."""
    from django.test import Client

    from accounts.services import register_user
    from games.core import registry
    from lobby.models import Seat, Table
    from lobby.runtime import actions as runtime

    engine = registry.engine(slug)
    users = [register_user(username=f"bench-{slug}-{i}", password="Bench-Kleister-1929!") for i in range(seats)]
    table = Table.objects.create(
        game=slug, kind=Table.Kind.LIVE, places=seats, options=options_for(engine, seats), host=users[0]
    )
    for index, user in enumerate(users):
        Seat.objects.create(table=table, index=index, user=user, name=user.username)
    match = runtime.start_match(table=table, seed=seed)
    cookies = []
    for user in users:
        client = Client()
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        cookies.append(client.cookies[_session_cookie_name()].value)
    return table, cookies, match.state


def _session_cookie_name() -> str:
    from django.conf import settings

    return settings.SESSION_COOKIE_NAME


def _restart(table: Any, seed: int) -> JSON:
    from lobby.runtime import actions as runtime

    return runtime.start_match(table=table, seed=seed).state


async def bench_ws(slug: str, *, moves: int, seed: int, gap: float = 0.005, timeout: float = 5.0) -> JSON:
    """Server time from a received websocket action to all seats' fragments sent (4 human seats).

    Drives ``config.asgi.application`` with one ``WebsocketCommunicator`` per
    seat. For every move: the seat to move sends one of ``legal_actions``
    (as htmx's ws-send would: form values, the action as a JSON string); the
    clock runs from just before ``send_to`` until each of the 4 connections has
    received its fragment message for the new version. ``gap`` seconds of
    idle time separate moves, so each is measured on a quiet table.
    """
    from django.conf import settings

    from games.core import registry

    engine = registry.engine(slug)
    seats = table_seats(engine)
    # The per-connection rate limit guards against flooding humans; the benchmark drives faster on purpose.
    limits = settings.WS_MESSAGES_PER_SECOND, settings.WS_MESSAGE_BURST
    settings.WS_MESSAGES_PER_SECOND, settings.WS_MESSAGE_BURST = 1e9, 10**9
    try:
        return await _drive_table(slug, engine, seats, moves=moves, seed=seed, gap=gap, timeout=timeout)
    finally:
        settings.WS_MESSAGES_PER_SECOND, settings.WS_MESSAGE_BURST = limits


def _drain(communicators: list[Any]) -> int:
    """Drop messages nobody waits for (e.g. a table refresh after a match ends); returns how many."""
    dropped = 0
    for communicator in communicators:
        while not communicator.output_queue.empty():
            communicator.output_queue.get_nowait()
            dropped += 1
    return dropped


async def _drive_table(
    slug: str, engine: ModuleType, seats: int, *, moves: int, seed: int, gap: float, timeout: float
) -> JSON:
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator
    from django.db.backends.signals import connection_created

    from config.asgi import application
    from lobby.runtime import actions as runtime
    from lobby.runtime import rendering as render_module
    from lobby.runtime.table_threads import run_for_table

    table, cookies, data = await database_sync_to_async(_setup_table)(slug, seats, seed)
    communicators = []
    for cookie in cookies:
        headers = [
            (b"origin", b"http://127.0.0.1:8000"),
            (b"host", b"127.0.0.1:8000"),
            (b"cookie", f"{_session_cookie_name()}={cookie}".encode()),
        ]
        communicator = WebsocketCommunicator(application, f"/ws/tisch/{table.pk}/", headers=headers)
        connected, _ = await communicator.connect(timeout=timeout)
        if not connected:
            raise RuntimeError("websocket connection refused")
        if await _next_text(communicator, timeout) is None:
            raise RuntimeError("no first render after connecting")
        communicators.append(communicator)

    probe = _Probe()
    submit, render = runtime.submit, render_module.render_parts
    runtime.submit = probe.timing(submit, probe.submits)
    render_module.render_parts = probe.timing(render, probe.renders)
    connection_created.connect(probe.connected)

    def watch_open_connection() -> None:  # persistent connections were opened before the probe
        from django.db import connection

        connection.ensure_connection()
        probe.connected(None, connection)

    await run_for_table(table.pk, watch_open_connection)()
    rng = random.Random(seed)
    state, version, restarts = engine.load(data), 0, 0
    totals: list[float] = []
    to_submit: list[float] = []
    in_submit: list[float] = []
    rendering: list[float] = []
    queries: list[int] = []
    opened: list[int] = []
    missing = errors = extra = 0
    sample: list[str] = []
    cpu_started = time.process_time()
    try:
        for _ in range(moves):
            seat = engine.to_move(state)[0]
            action = rng.choice(engine.legal_actions(state, seat))
            message = json.dumps({"action": json.dumps(action), "version": str(version)})
            probe.submits.clear()
            probe.renders.clear()
            q0, c0 = dict(probe.queries), dict(probe.connections)
            for lines in probe.sql.values():
                lines.clear()
            started = time.perf_counter()
            await communicators[seat].send_to(text_data=message)
            for communicator in communicators:
                text = await _next_text(communicator, timeout)
                if text is None:
                    missing += 1
                elif 'id="table-error"' in text:
                    errors += 1
            totals.append(time.perf_counter() - started)
            await asyncio.sleep(gap)  # let the sender's handler finish (connection close) outside the clock
            extra += _drain(communicators)
            if probe.submits:
                begin, end, thread = probe.submits[0]
                to_submit.append(begin - started)
                in_submit.append(end - begin)
                # Only the thread that ran the move (the consumers' sync thread), not e.g. a clock sweeper.
                queries.append(probe.queries.get(thread, 0) - q0.get(thread, 0))
                opened.append(probe.connections.get(thread, 0) - c0.get(thread, 0))
                sample = list(probe.sql.get(thread, []))
            rendering.append(sum(end - begin for begin, end, _ in probe.renders))
            state, _ = engine.apply(state, seat, action)
            version += 1
            if engine.is_over(state):
                restarts += 1
                data = await database_sync_to_async(_restart)(table, seed + restarts)
                for communicator in communicators:
                    await _next_text(communicator, timeout)  # the new match's first render, not timed
                await asyncio.sleep(gap)
                _drain(communicators)
                state, version = engine.load(data), 0
        cpu = time.process_time() - cpu_started
    finally:
        runtime.submit, render_module.render_parts = submit, render
        connection_created.disconnect(probe.connected)
        for communicator in communicators:
            await communicator.disconnect()
    if errors or missing:
        raise RuntimeError(f"websocket benchmark: {errors} error fragments, {missing} missing updates")
    return {
        "seats": seats,
        "moves": moves,
        "matches": restarts + 1,
        "extra_messages": extra,
        "gap_ms": gap * 1000,
        **ms_stats(totals, 95, 99),
        "breakdown_median_ms": {
            "receive_to_submit": round(statistics.median(to_submit) * 1000, 3),
            "submit": round(statistics.median(in_submit) * 1000, 3),
            "render_all_seats": round(statistics.median(rendering) * 1000, 3),
        },
        # CPU of the whole process (server, and the communicators acting as browsers) per move:
        # 1000 / this is roughly the moves per second one process could carry.
        "cpu_ms_per_move": round(cpu / moves * 1000, 3),
        "queries_per_move": round(statistics.fmean(queries), 2),
        "db_connections_per_move": round(statistics.fmean(opened), 2),
        "queries_of_last_move": sample,
    }
