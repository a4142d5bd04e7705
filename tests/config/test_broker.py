"""config/broker.py against a real Redis: a task's late ack on a channel its lost link closed.

A task that runs while the worker's Redis link drops finishes after the consumer
closed that channel; kombu's own QoS then fails its ack with an AttributeError and
Celery stops the worker ("Unrecoverable error"). Ours leaves the message for the
visibility timeout: it stays in the unacked hash and comes back to the queue once.
"""

from __future__ import annotations

import os
import time

import pytest
import redis as redis_lib
from kombu import Connection, Exchange, Queue

from tests.ops.proxy import tcp_proxy
from tests.ops.support import flush_private_db, private_redis_url, redis_address

pytestmark = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (CI's distributed run)")
REDIS_DB = 8
QUEUE = Queue("broker-test", Exchange("broker-test", type="direct"), routing_key="broker-test")


def connection(port: int | None = None) -> Connection:
    return Connection(
        private_redis_url(REDIS_DB, port=port),
        transport="config.broker:Transport",
        transport_options={"visibility_timeout": 1, "unacked_restore_throttle": 1},
    )


def unacked_tags() -> list[bytes]:
    host, port = redis_address()
    return list(redis_lib.Redis(host=host, port=port, db=REDIS_DB).hkeys("unacked"))


@pytest.mark.parametrize("finish", ["ack", "reject", "requeue"])
def test_a_late_ack_on_a_closed_channel_leaves_the_message_for_the_visibility_timeout(finish):
    flush_private_db(REDIS_DB)
    with tcp_proxy(*redis_address()) as proxy, connection(proxy.port) as conn:
        conn.Producer().publish({"move": 1}, exchange=QUEUE.exchange, routing_key="broker-test", declare=[QUEUE])
        channel = conn.channel()
        message = QUEUE(channel).get(no_ack=False)  # a worker took the task and runs it
        assert message is not None and message.payload == {"move": 1}
        assert len(unacked_tags()) == 1
        proxy.cut()  # the link drops meanwhile
        channel.close()  # the consumer closes the broken channel (its restore over the dead link fails)
        # As in the worker's log (tests/ops/test_worker_redis_outage.py): the closed channel has no
        # pool of connections left, and none can be made without its transport.
        channel._disconnect_pools()
        proxy.start()  # the consumer reconnects; now the task finishes on the closed channel
        if finish == "ack":
            message.ack()  # kombu's own QoS: AttributeError, and Celery stops the worker
        else:
            message.reject(requeue=finish == "requeue")
        assert len(unacked_tags()) == 1  # nothing was removed or restored over the closed channel

    time.sleep(1.5)  # past the visibility timeout
    with connection() as conn:
        channel = conn.channel()
        channel.qos.restore_visible()  # what every worker's consumer runs every few seconds
        again = QUEUE(channel).get(no_ack=False)
        assert again is not None and again.payload == {"move": 1}  # back once
        again.ack()
        assert unacked_tags() == []
        assert QUEUE(channel).get(no_ack=True) is None


def test_an_ack_on_a_live_channel_removes_the_message_at_once():
    flush_private_db(REDIS_DB)
    with connection() as conn:
        conn.Producer().publish({"move": 2}, exchange=QUEUE.exchange, routing_key="broker-test", declare=[QUEUE])
        channel = conn.channel()
        message = QUEUE(channel).get(no_ack=False)
        message.ack()
        assert unacked_tags() == []
    time.sleep(1.5)
    with connection() as conn:
        channel = conn.channel()
        channel.qos.restore_visible()
        assert QUEUE(channel).get(no_ack=True) is None
