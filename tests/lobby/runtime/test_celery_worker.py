"""A real Celery worker makes a computer move through the same apply path.

With REDIS_URL (CI's distributed run) the worker is a separate `celery worker`
process on the Redis broker, using the test database. Without it, a worker
thread on Celery's in-memory broker.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from accounts import services as accounts
from config.celery import app
from lobby.models import ActionRecord, Seat, Table
from lobby.runtime import actions, dispatch, notify

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[3]


def wait_for_computer_move(match_id: int, seconds: float = 60) -> ActionRecord:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        record = ActionRecord.objects.filter(match_id=match_id, by_bot=True).first()
        if record is not None:
            return record
        time.sleep(0.2)
    raise AssertionError("the worker made no computer move")


def worker_database_url() -> str:
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    return f"{base}/{connection.settings_dict['NAME']}"


@pytest.fixture
def worker(settings):  # type: ignore[no-untyped-def]
    settings.COMPUTER_DISPATCH = "auto"
    redis_url = os.environ.get("REDIS_URL")
    if redis_url and connection.vendor == "postgresql":
        settings.CELERY_TASK_ALWAYS_EAGER = False
        env = {**os.environ, "DATABASE_URL": worker_database_url(), "TABLE_TEMPO_FACTOR": "0"}
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--loglevel=warning",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=ROOT,
            env=env,
        )
        yield "process"
        proc.terminate()
        proc.wait(timeout=20)
        return
    from celery.contrib.testing.worker import start_worker

    settings.CELERY_TASK_ALWAYS_EAGER = False
    saved = {key: app.conf[key] for key in ("task_always_eager", "broker_url", "broker_transport")}
    app.conf.update(task_always_eager=False, broker_url="memory://", broker_transport=None)
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            yield "thread"
    finally:
        app.conf.update(saved)


def test_worker_makes_the_computer_move(worker):
    """A real game (Speedkleister) whose first seat to move is a computer."""
    host = accounts.register_user(username="gastgeber", password="Kleister-1929!")
    table = Table.objects.create(game="kleister", kind="solo", places=2, host=host, options={"tempo": "schnell"})
    Seat.objects.create(table=table, index=0, bot_level="normal", name="Esser")
    Seat.objects.create(table=table, index=1, bot_level="leicht", name="Kürten")
    match = actions.start_match(table=table, seed=11)
    record = wait_for_computer_move(match.pk)
    assert record.action["type"] == "kleben"
    match.refresh_from_db()
    assert match.version >= 1
    assert ActionRecord.objects.filter(match=match, by_bot=False).count() == 0


def test_with_a_real_worker_a_computer_turn_is_sent_once_and_moves_though_notify_fails(worker, monkeypatch):
    """Points 2 and 3 of the hardening issue against the real worker (and, distributed, Redis)."""

    def fail(**kwargs):  # type: ignore[no-untyped-def]
        raise ConnectionError("Redis is gone")

    monkeypatch.setattr(notify, "table_changed", fail)
    sent: list[tuple] = []
    original = app.send_task

    def counting(name, *args, **kwargs):  # type: ignore[no-untyped-def]
        sent.append((name, kwargs.get("args")))
        return original(name, *args, **kwargs)

    monkeypatch.setattr(app, "send_task", counting)
    host = accounts.register_user(username="zweiter", password="Kleister-1929!")
    options = {"tempo": "turbo", "startspieler": 1}  # the computer begins
    table = Table.objects.create(game="kleister", kind="live", places=2, host=host, options=options)
    Seat.objects.create(table=table, index=0, user=host, name=host.username)
    Seat.objects.create(table=table, index=1, bot_level="normal", name="Rechner")
    match = actions.start_match(table=table, seed=4)
    assert match.decisions[1]["since"] == 0
    for _ in range(5):  # connects, reloads, spectators
        dispatch.schedule_computers(match_id=match.pk)
    record = wait_for_computer_move(match.pk)
    assert record.seat == 1
    if worker == "process":  # tasks go through the broker: exactly one was sent for this decision
        assert [args for name, args in sent if name == dispatch.COMPUTER_MOVE] == [(match.pk, 1, 0)]
    assert ActionRecord.objects.filter(match=match, by_bot=True).count() == 1
