"""Helpers of the operations tests: real processes (Celery workers, Daphne) against the real Redis and PostgreSQL.

They run only in the distributed setup (REDIS_URL and a PostgreSQL DATABASE_URL).
Each test uses its own Redis database number (5-9), so the rest of the suite
(which uses databases 0 and 1) never sees its messages, and flushes only that
one database.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import redis
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def redis_address() -> tuple[str, int]:
    url = urlsplit(os.environ["REDIS_URL"])
    return url.hostname or "127.0.0.1", url.port or 6379


def private_redis_url(db: int, *, port: int | None = None) -> str:
    """A Redis URL on this test's own database number (5-9), optionally through a proxy port."""
    assert 5 <= db <= 9, "operations tests use Redis databases 5-9 only"
    host, real_port = redis_address()
    return f"redis://{host}:{port or real_port}/{db}"


def flush_private_db(db: int) -> None:
    host, port = redis_address()
    redis.Redis(host=host, port=port, db=db, socket_connect_timeout=5).flushdb()


def worker_database_url() -> str:
    """The URL of the database pytest created for this run (the worker must see the test's rows)."""
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    return f"{base}/{connection.settings_dict['NAME']}"


def process_env(redis_url: str, **extra: str) -> dict[str, str]:
    return {**os.environ, "DATABASE_URL": worker_database_url(), "REDIS_URL": redis_url, **extra}


def celery_worker_args(*extra: str) -> list[str]:
    """The README's worker command (default prefork pool), quiet and without broadcast chatter."""
    return [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=info", "--concurrency=2", *extra]


def wait_until(condition: Callable[[], object], *, seconds: float, interval: float = 0.2) -> object:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    return None


def kill_group(proc: subprocess.Popen, sig: int = signal.SIGKILL) -> None:
    """Signal a process started in its own session and all its children (a prefork pool)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)


@contextlib.contextmanager
def publishing_to(broker_url: str) -> Iterator[None]:
    """The test process sends its Celery tasks to ``broker_url``, and afterwards to the suite's broker again.

    Celery caches its connection and producer pools per app; both are dropped on
    the way in and out, so no later test publishes through this test's broker.
    """
    from config.celery import app

    def drop_pools() -> None:
        if app._pool is not None:
            app._pool.force_close_all()
            app._pool = None
        app.amqp._producer_pool = None

    saved = app.conf.broker_url
    drop_pools()
    app.conf.broker_url = broker_url
    try:
        yield
    finally:
        drop_pools()
        app.conf.broker_url = saved
