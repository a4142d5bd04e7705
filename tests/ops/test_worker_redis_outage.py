"""A Celery worker rides out a Redis outage of 30 s and carries on with the computer moves.

The worker talks to Redis through a local TCP proxy; the test cuts every link
and refuses new ones for 30 s (the shared Redis itself is never touched).
"""

from __future__ import annotations

import time

import pytest

from accounts import services as accounts
from lobby.models import ActionRecord, Match, Seat, Table
from lobby.runtime import actions
from tests.ops.proxy import tcp_proxy
from tests.ops.support import (
    celery_worker_args,
    flush_private_db,
    private_redis_url,
    process_env,
    publishing_to,
    redis_address,
    wait_until,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("distributed")]
REDIS_DB = 6
OUTAGE_SECONDS = 30


def computer_moves(match_id: int) -> int:
    return ActionRecord.objects.filter(match_id=match_id, by_bot=True).count()


def test_worker_survives_a_redis_outage_and_goes_on_moving(settings, processes):
    flush_private_db(REDIS_DB)
    with tcp_proxy(*redis_address()) as proxy:
        broker = private_redis_url(REDIS_DB, port=proxy.port)
        settings.CELERY_TASK_ALWAYS_EAGER = False
        settings.COMPUTER_DISPATCH = "auto"
        worker = processes("worker", celery_worker_args(), process_env(broker, TABLE_TEMPO_FACTOR="1"))
        host = accounts.register_user(username="zuschauer", password="Kleister-1929!")
        table = Table.objects.create(game="kleister", kind="solo", places=2, host=host, options={"tempo": "normal"})
        Seat.objects.create(table=table, index=0, bot_level="leicht", name="Esser")
        Seat.objects.create(table=table, index=1, bot_level="leicht", name="Kürten")
        with publishing_to(broker):  # the test process sends the first move to the worker's broker
            match = actions.start_match(table=table, seed=5)
            assert wait_until(lambda: computer_moves(match.pk) >= 2, seconds=60), "the worker made no computer moves"

            proxy.cut()
            time.sleep(OUTAGE_SECONDS)
            assert worker.poll() is None, "the worker exited during the outage"
            before = computer_moves(match.pk)
            proxy.start()

            def moved_on() -> bool:
                match.refresh_from_db()
                return computer_moves(match.pk) >= before + 2 or match.status != Match.Status.PLAYING

            assert wait_until(moved_on, seconds=60), "no computer move after Redis came back"
            assert worker.poll() is None
