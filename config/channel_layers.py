"""Channel layer settings: in-memory by default, channels-redis when REDIS_URL is set.

Sizes and timeouts are explained in docs/operations.md ("Channel layer").
"""

from __future__ import annotations

from typing import Any

# channels-redis waits for a consumer's next message with a blocking BZPOPMIN of
# 5 s (RedisChannelLayer.brpop_timeout). redis-py 8 reads with a 5 s socket
# timeout by default, so a quiet socket's wait was cut off and the consumer died
# (websocket closed with 1011 about 5 s after its last message; channels_redis#422).
# The read timeout must stay well above the blocking pop; it is finite so that a
# dead link is still noticed.
BLOCKING_POP_SECONDS = 5
SOCKET_TIMEOUT_SECONDS = 20

CAPACITY = 1000  # messages waiting per consumer channel before the layer drops new ones
EXPIRY_SECONDS = 30  # an undelivered message is dropped after this
GROUP_EXPIRY_SECONDS = 24 * 3600  # a table group's membership outlives any websocket session


def redis_host(url: str) -> dict[str, Any]:
    return {
        "address": url,
        "socket_timeout": SOCKET_TIMEOUT_SECONDS,
        "socket_connect_timeout": 5,
        "socket_keepalive": True,
        "health_check_interval": 30,
    }


def channel_layers(redis_url: str) -> dict[str, dict[str, Any]]:
    if not redis_url:
        # Channels' in-memory layer, its clean-up walk throttled (lobby/runtime/memory_layer.py).
        return {"default": {"BACKEND": "lobby.runtime.memory_layer.ThrottledInMemoryChannelLayer"}}
    return {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [redis_host(redis_url)],
                "capacity": CAPACITY,
                "expiry": EXPIRY_SECONDS,
                "group_expiry": GROUP_EXPIRY_SECONDS,
            },
        }
    }
