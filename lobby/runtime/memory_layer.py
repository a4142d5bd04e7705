"""The embedded default's channel layer: Channels' in-memory layer with its clean-up throttled.

``InMemoryChannelLayer`` walks every channel and every group membership on each
``receive`` and ``group_send`` to drop expired messages. With hundreds of table
connections that walk runs a thousand times a second and grows with the square
of the connections (ARCHITECTURE.md, "Speed": 18–22 % of the time). Expiry is
measured in seconds (messages: 60 s, group memberships: a day), so cleaning at
most twice a second changes nothing but the cost.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer

CLEAN_EVERY_SECONDS = 0.5


class ThrottledInMemoryChannelLayer(InMemoryChannelLayer):
    _last_clean = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._last_clean < CLEAN_EVERY_SECONDS:
            return
        self._last_clean = now
        super()._clean_expired()
