"""Channel layer settings: in-memory by default, channels-redis's pub/sub layer (local connections first)
when REDIS_URL is set.

Sizes, timeouts and the choice of layer are explained in docs/operations.md ("Channel layer").
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

# redis-py 8 reads with a 5 s socket timeout by default; a quiet link must not be cut off
# (channels_redis#422 with the list-based layer). The read timeout is finite so that a dead
# link is still noticed.
SOCKET_TIMEOUT_SECONDS = 20


def redis_host(url: str) -> dict[str, Any]:
    return {
        "address": url,
        "socket_timeout": SOCKET_TIMEOUT_SECONDS,
        "socket_connect_timeout": 5,
        "socket_keepalive": True,
        "health_check_interval": 30,
    }


def prefix(redis_url: str) -> str:
    """Pub/sub channels are shared by every Redis database: the database number keeps sites (and test
    servers) on one Redis apart, as the numbered databases do for everything else."""
    path = urlsplit(redis_url).path.strip("/")
    return f"spielcenter{path or '0'}"


def channel_layers(redis_url: str) -> dict[str, dict[str, Any]]:
    if not redis_url:
        # Channels' in-memory layer, its clean-up walk throttled (lobby/runtime/memory_layer.py).
        return {"default": {"BACKEND": "lobby.runtime.memory_layer.ThrottledInMemoryChannelLayer"}}
    return {
        "default": {
            # channels-redis's pub/sub layer: one subscription per process and group, Redis pushes each
            # message once per process; this process's own connections get it first without Redis
            # (lobby/runtime/redis_layer.py, docs/operations.md, docs/benchmarks.md).
            "BACKEND": "lobby.runtime.redis_layer.LocalFirstPubSubChannelLayer",
            "CONFIG": {"hosts": [redis_host(redis_url)], "prefix": prefix(redis_url)},
        }
    }
