"""``manage.py bench_load``: the real server under load from real websocket clients.

Two processes of ours plus the servers (method and numbers in docs/benchmarks.md,
"Load benchmark"):

- the command (``run``) makes the throwaway database (a temporary SQLite file,
  or with ``--distributed`` a fresh PostgreSQL database and a private Redis
  database 10-15), starts the driver in its own process group, waits for it
  with a time limit, and always drops the database afterwards;
- the driver (``drive``, ``manage.py bench_load --driver``, settings read from
  the benchmark's environment) migrates, creates the tables and sessions,
  starts N ``daphne config.asgi:application`` processes, runs the clients
  (``benchmarks.load_clients``) and stops the servers.

The driver's environment is production-like: ``DJANGO_DEBUG=0`` with a
throwaway secret key, ``DJANGO_ALLOWED_HOSTS=127.0.0.1``, no SSL redirect
(plain HTTP on loopback; the clients send the session cookie themselves, so
its Secure flag does not matter).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from benchmarks.load_tables import POSTGRES_PREFIX, SQLITE_DIR_PREFIX
from benchmarks.server import load_average, machine_info

JSON = dict[str, Any]
RESULT_MARK = "BENCH-LOAD-RESULT "
REDIS_DATABASES = range(10, 16)
REDIS_CLAIM_KEY = "spielcenter:bench-load:claimed"
#: Variables of ours the developer may have set that would change what is measured.
CLEARED = {
    "DATABASE_URL",
    "REDIS_URL",
    "SQLITE_TEST_NAME",
    "FAST_PASSWORD_HASHER",
    "TABLE_TEMPO_FACTOR",
    "TABLE_CLOCK_FACTOR",
    "COMPUTER_DISPATCH",
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS",
    "DJANGO_CSRF_TRUSTED_ORIGINS",
    "DJANGO_SECURE_SSL_REDIRECT",
    "DJANGO_HSTS_SECONDS",
    "DJANGO_SETTINGS_MODULE",
}


@dataclass
class Options:
    game: str = "kleister"
    tables: int = 10
    seconds: float = 20.0
    warmup: float = 3.0
    processes: int = 1
    distributed: bool = False
    interval: float = 0.2
    timeout: float = 10.0
    seed: int = 1
    kill_after: float = 0.0
    floor: str = ""  # "tiny" or "bare": the stack with parts of a move taken out (benchmarks/floor.py)
    callgrind: bool = False  # the servers under valgrind's callgrind: instructions per move (load_callgrind.py)

    def argv(self) -> list[str]:
        out = []
        for item in fields(self):
            value = getattr(self, item.name)
            flag = "--" + item.name.replace("_", "-")
            if isinstance(value, bool):
                out += [flag] if value else []
            elif value == "":
                continue  # an unset text option: the default
            else:
                out.append(f"{flag}={value}")
        return out

    def time_limit(self) -> float:
        """Upper bound for the whole driver: setup, schedule, the last moves' timeout, shutdown."""
        return (
            180
            + self.tables * 3
            + self.warmup
            + self.seconds
            + 2 * self.timeout
            + (90 if self.kill_after else 0)
            + (1200 if self.callgrind else 0)  # start-up and set-up under valgrind
        )


# --------------------------------------------------------------------------- the command's side


def base_env(source: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in (os.environ if source is None else source).items() if k not in CLEARED}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-load-" + secrets.token_hex(24),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "LOG_LEVEL": env.get("LOG_LEVEL", "WARNING"),
        }
    )
    return env


def create_postgres(url: str) -> tuple[str, Callable[[], None]]:
    """A fresh database ``spielcenter_bench_<random>`` next to the one ``url`` names, and its drop."""
    import psycopg

    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql"}:
        raise RuntimeError("--distributed needs DATABASE_URL pointing to PostgreSQL")
    name = f"{POSTGRES_PREFIX}{secrets.token_hex(4)}"
    maintenance = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(maintenance, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with psycopg.connect(maintenance, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return urlunsplit(parts._replace(path=f"/{name}")), drop


def claim_redis(url: str) -> tuple[str, Callable[[], None]]:
    """An empty Redis database numbered 10-15 claimed for this run; the release empties it again."""
    import redis

    parts = urlsplit(url)
    token = secrets.token_hex(8).encode()
    for number in random.sample(list(REDIS_DATABASES), len(REDIS_DATABASES)):
        candidate = urlunsplit(parts._replace(path=f"/{number}"))
        client = redis.Redis.from_url(candidate, socket_connect_timeout=5)
        if client.dbsize() == 0 and client.set(REDIS_CLAIM_KEY, token, nx=True, ex=3600):

            def release(client: redis.Redis = client) -> None:
                if client.get(REDIS_CLAIM_KEY) == token:
                    client.flushdb()

            return candidate, release
    raise RuntimeError("no empty Redis database among 10-15 for the benchmark")


def run(options: Options, *, environ: dict[str, str] | None = None) -> JSON:
    """The whole benchmark: throwaway database, the driver (bounded), cleanup. Returns the report."""
    from django.conf import settings

    environ = dict(os.environ if environ is None else environ)
    before = load_average()
    machine = machine_info()
    workdir = tempfile.mkdtemp(prefix=SQLITE_DIR_PREFIX)
    cleanups: list[Callable[[], None]] = [lambda: shutil.rmtree(workdir, ignore_errors=True)]
    env = base_env(environ)
    env["BENCH_LOAD_DIR"] = workdir
    try:
        if options.distributed:
            if not environ.get("DATABASE_URL") or not environ.get("REDIS_URL"):
                raise RuntimeError("--distributed needs DATABASE_URL (PostgreSQL) and REDIS_URL")
            env["DATABASE_URL"], drop = create_postgres(environ["DATABASE_URL"])
            cleanups.append(drop)
            env["REDIS_URL"], release = claim_redis(environ["REDIS_URL"])
            cleanups.append(release)
        else:
            env["DATABASE_URL"] = f"sqlite:///{Path(workdir) / 'load.sqlite3'}"
        report = spawn_driver(options, env=env, root=Path(settings.BASE_DIR))
    finally:
        for cleanup in reversed(cleanups):
            cleanup()
    report.update(
        {
            "options": asdict(options),
            "machine": machine,
            "load_average_before": before,
            "load_average_after": load_average(),
        }
    )
    return report


def spawn_driver(options: Options, *, env: dict[str, str], root: Path) -> JSON:
    """Run the driver in its own process group; on a timeout or an error the whole group is killed."""
    command = [sys.executable, str(root / "manage.py"), "bench_load", "--driver", *options.argv()]
    process = subprocess.Popen(
        command,
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    clean = False
    try:
        out, err = process.communicate(timeout=options.time_limit())
        clean = process.returncode == 0
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"bench_load driver still running after {options.time_limit():.0f} s: killed")
    finally:
        if not clean:
            _kill_group(process)
    for line in reversed(out.splitlines()):
        if line.startswith(RESULT_MARK):
            return json.loads(line[len(RESULT_MARK) :])
    raise RuntimeError(f"bench_load driver failed (exit {process.returncode}):\n{out[-2000:]}\n{err[-4000:]}")


def _kill_group(process: subprocess.Popen) -> None:  # type: ignore[type-arg]
    """The driver and every server it started (they share its process group)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.communicate()


# --------------------------------------------------------------------------- the driver's side


def drive(options: Options) -> JSON:
    """In the driver process: database, tables, servers, clients; the servers always stop."""
    from django.conf import settings
    from django.db import connection, connections

    from benchmarks import load_callgrind, load_clients, load_servers, load_tables
    from games.core import registry

    if options.game not in load_clients.GAMES:
        raise RuntimeError(f"bench_load knows {', '.join(load_clients.GAMES)}, not {options.game!r}")
    database = load_tables.check_throwaway_database()
    started = time.perf_counter()
    load_tables.migrate()
    migrate_s = time.perf_counter() - started
    tables = load_tables.create_tables(options.game, options.tables, seed=options.seed)
    setup_s = time.perf_counter() - started - migrate_s
    server_settings = {
        "debug": settings.DEBUG,
        "database": database,
        "conn_max_age": connection.settings_dict.get("CONN_MAX_AGE"),
        "channel_layer": settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1],
        "processes": options.processes,
        "application": load_servers.APPLICATIONS[options.floor],
    }
    connections.close_all()
    # The servers get the driver's environment without the driver's fast password hashing.
    server_env = {k: v for k, v in os.environ.items() if k != "FAST_PASSWORD_HASHER"}
    if options.callgrind:
        server_env["PYTHONHASHSEED"] = "0"  # the same dict and set orders in every run: repeatable counts
    logs = Path(os.environ.get("BENCH_LOAD_DIR") or tempfile.gettempdir())
    application = load_servers.APPLICATIONS[options.floor]
    root = Path(settings.BASE_DIR)
    wrapper = load_callgrind.prefix(logs) if options.callgrind else None
    servers = load_servers.start(
        options.processes,
        env=server_env,
        root=root,
        logs=logs,
        application=application,
        wrapper=wrapper,
        timeout=600 if options.callgrind else 60,
    )
    try:
        config = load_clients.Config(
            game=options.game,
            seconds=options.seconds,
            warmup=options.warmup,
            interval=options.interval,
            timeout=options.timeout,
            seed=options.seed,
            cookie_name=settings.SESSION_COOKIE_NAME,
            kill_after=options.kill_after,
        )
        usage = load_servers.Usage(servers, callgrind=options.callgrind)

        def kill() -> None:  # a crash of the first server, and its restart on the same port
            usage.before_kill(0)
            servers[0] = load_servers.kill_and_restart(servers[0], env=server_env, root=root, application=application)
            usage.replaced(0, servers[0])

        result = asyncio.run(
            load_clients.run_load(
                tables,
                ports=[s.port for s in servers],
                engine=registry.engine(options.game),
                config=config,
                usage=usage,
                kill=kill,
            )
        )
        crashed = [s.port for s in servers if s.process.poll() is not None]
        if crashed or result["errors"] or result["lost"] or result["lost_committed"]:
            result["server_log_tail"] = servers[0].log_tail(2000)
        result["servers_crashed"] = crashed
    finally:
        load_servers.stop(servers)
    return {
        "game": options.game,
        "tables": options.tables,
        "clients": options.tables * load_tables.SEATS,
        "mode": "distributed" if options.distributed else "embedded",
        "settings": server_settings,
        "migrate_s": round(migrate_s, 2),
        "setup_s": round(setup_s, 2),
        **result,
    }


# --------------------------------------------------------------------------- the readable table


def readable(report: JSON) -> list[str]:
    """The report as a few aligned lines (the JSON line carries every number)."""
    from games.core import registry

    o, m, s, lat = report["options"], report["machine"], report["settings"], report["latency_ms"]
    name = registry.engine(report["game"]).NAME
    rows = [
        ("moves/s wanted / achieved", f"{report['moves_wanted_per_s']} / {report['moves_per_s']}"),
        ("moves measured", f"{report['moves']} in {o['seconds']} s (after {o['warmup']} s warm-up)"),
        (
            "latency p50 / p90 / p99 / max",
            " / ".join(str(lat.get(k, "-")) for k in ("p50", "p90", "p99", "max")) + " ms",
        ),
        (
            "server CPU",
            f"{report['server_cpu_percent']} % (per process {report['server_cpu_percent_per_process']}), "
            f"{report['server_cpu_ms_per_move']} ms CPU per move",
        ),
        ("server RSS", f"{report['server_rss_mib']} MiB (per process {report['server_rss_mib_per_process']})"),
        *(
            [("server instructions per move", f"{report['server_instructions_per_move']:,} (callgrind)")]
            if "server_instructions_per_move" in report
            else []
        ),
        ("client CPU (this driver)", f"{report['client_cpu_percent']} %"),
        (
            "client loop lag p50 / p99 / max",
            " / ".join(str(report["client_loop_lag_ms"].get(k, "-")) for k in ("p50", "p99", "max")) + " ms",
        ),
        ("bytes received per move", f"{report['bytes_per_move']} (all 4 seats, {report['messages_per_move']} frames)"),
        (
            "lost / duplicated / errors",
            f"{report['lost']} / {report['duplicated']} / {report['errors']} "
            f"(stopped tables {report['stopped_tables']}, restarts {report['restarts']})",
        ),
        *(
            [
                (
                    "kill: resynced / lost committed",
                    f"{report['resynced_tables']} tables / {report['lost_committed']} "
                    f"(in flight: {report['in_flight_committed']} committed, "
                    f"{report['in_flight_not_committed']} not)",
                )
            ]
            if report.get("kills")
            else []
        ),
        ("load average before / after", f"{report['load_average_before']} / {report['load_average_after']}"),
    ]
    width = max(len(label) for label, _ in rows)
    head = (
        f"Load benchmark: {name}, {report['tables']} tables x 4 seats ({report['clients']} websocket clients), "
        f"{s['processes']} Daphne process(es), {report['mode']} ({s['database'].split(' ')[0]}, {s['channel_layer']}, "
        f"DEBUG={s['debug']}, CONN_MAX_AGE={s['conn_max_age']})"
    )
    host = f"machine: {m['nproc']} CPUs ({m['cpu']}), {m['memory_gib']} GiB, Python {m['python']}, {m['date']}"
    return [head, host, *(f"  {label.ljust(width)}  {value}" for label, value in rows)]
