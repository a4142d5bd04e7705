"""The Celery broker transport: kombu's Redis transport that survives a dropped Redis link.

kombu 5.7's Redis transport (the newest release) kills the worker at the first
dropped connection while it holds unacknowledged messages (every computer move
and clock task with a countdown or ETA is such a message):

1. the consumer loses the link and closes the broken connection; the channel's
   close tries to put the held messages back ("restore_unacked") over that
   same dead link, and fails with a connection error;
2. the close goes on, the transport forgets its connection, and a second
   restore on close builds a new Redis pool from the forgotten connection:
   ``AttributeError: 'NoneType' object has no attribute 'hostname'``. That is
   no connection error, so Celery stops with "Unrecoverable error".

Nothing is lost by not restoring over a dead link: kombu writes every
delivered message into Redis's "unacked" hash before the worker sees it, and
``restore_visible`` (run by every worker's consumer) puts it back into the
queue once the broker's ``visibility_timeout`` has passed (config/settings.py).
So here the restore on close is skipped when the link is gone; with the link
alive it happens as before (a warm shutdown hands the messages back at once).

3. A task that was running while the link dropped finishes after the consumer
   has closed that channel (and perhaps connected anew); its late ack goes to
   the closed channel, whose transport is gone, and fails the same way
   (``'NoneType' object has no attribute 'client'``): "Unrecoverable error"
   again. When an ack or reject on a closed channel fails, the message is left
   to the visibility timeout as well: it comes back once and its task finds its
   decision already made (every task checks the match version,
   docs/operations.md).
"""

from __future__ import annotations

import logging

from kombu.transport import redis

log = logging.getLogger(__name__)


class QoS(redis.QoS):
    def _link_lost(self) -> bool:
        """The channel is closed (no transport) or its transport lost its connection."""
        transport = self.channel.connection
        return transport is None or transport.client is None

    def restore_unacked_once(self, stderr=None):  # type: ignore[no-untyped-def]
        if self._link_lost():
            self._leave_for_visibility_timeout()
            return None
        try:
            return super().restore_unacked_once(stderr)
        except self.channel.connection.connection_errors:
            self._leave_for_visibility_timeout()
            return None

    def ack(self, delivery_tag):  # type: ignore[no-untyped-def]
        try:
            super().ack(delivery_tag)
        except (AttributeError, *redis.Transport.connection_errors):
            if self.channel.connection is not None:  # the channel is open: a real error
                raise
            self._forget(delivery_tag)

    def reject(self, delivery_tag, requeue=False):  # type: ignore[no-untyped-def]
        try:
            super().reject(delivery_tag, requeue=requeue)
        except (AttributeError, *redis.Transport.connection_errors):
            if self.channel.connection is not None:
                raise
            self._forget(delivery_tag)

    def _forget(self, delivery_tag) -> None:  # type: ignore[no-untyped-def]
        self._delivered.pop(delivery_tag, None)
        log.warning("Redis link lost: a finished task's message returns after the visibility timeout")

    def _leave_for_visibility_timeout(self) -> None:
        held = len(self._delivered)
        self._on_collect.cancel()
        self._delivered.clear()
        self._delivered.restored = True
        if held:
            log.warning("Redis link lost: %d unacknowledged message(s) return after the visibility timeout", held)


class Channel(redis.Channel):
    QoS = QoS


class Transport(redis.Transport):
    Channel = Channel
