"""A computer move held by a worker that dies is made by the next worker, exactly once.

The computer's Tempo makes its task wait (a countdown) in the worker that
received it; the test kills that worker with SIGKILL, starts a new one and
checks that the computer moves within 30 s, with no page reconnecting and no
Celery beat running (acks_late plus the broker's visibility timeout).
"""

from __future__ import annotations

import signal
import time

import pytest
import redis

from accounts import services as accounts
from lobby.models import ActionRecord, Seat, Table
from lobby.runtime import actions
from tests.ops.support import (
    celery_worker_args,
    flush_private_db,
    kill_group,
    private_redis_url,
    process_env,
    publishing_to,
    redis_address,
    wait_until,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("distributed")]
REDIS_DB = 7


def held_messages() -> int:
    host, port = redis_address()
    return redis.Redis(host=host, port=port, db=REDIS_DB).hlen("unacked")


def test_a_killed_workers_computer_move_is_made_once_by_the_next_worker(settings, processes):
    flush_private_db(REDIS_DB)
    broker = private_redis_url(REDIS_DB)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.COMPUTER_DISPATCH = "auto"
    settings.TABLE_TEMPO_FACTOR = 8  # Tempo "normal": the computer waits 8.8 s before it moves
    env = process_env(broker, TABLE_TEMPO_FACTOR="8")
    first = processes("worker-1", celery_worker_args(), env)
    host = accounts.register_user(username="wartende", password="Kleister-1929!")
    table = Table.objects.create(game="kleister", kind="solo", places=2, host=host, options={"tempo": "normal"})
    Seat.objects.create(table=table, index=0, bot_level="normal", name="Esser")
    Seat.objects.create(table=table, index=1, user=host, name=host.username)
    with publishing_to(broker):  # the test process sends the first move to the worker's broker
        match = actions.start_match(table=table, seed=6)  # seed 6: the computer (seat 0) begins
        assert wait_until(lambda: held_messages() == 1, seconds=30), "the worker did not take the computer's task"
        kill_group(first, signal.SIGKILL)
        first.wait(timeout=10)
        killed_at = time.monotonic()
        assert not ActionRecord.objects.filter(match=match).exists()

        processes("worker-2", celery_worker_args(), env)
        record = wait_until(lambda: ActionRecord.objects.filter(match=match, by_bot=True).first(), seconds=30)
        assert record is not None, "no computer move within 30 s after the worker was killed"
        assert time.monotonic() - killed_at <= 30
        time.sleep(3)  # no second copy of the task moves again (a next move would wait 8.8 s)
        match.refresh_from_db()
        assert ActionRecord.objects.filter(match=match).count() == 1
        assert match.version == 1
