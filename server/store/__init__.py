"""Persistence: room logs, finished-game replays, daily deals, the lobby, leases, presence.

:func:`open_store` picks the Redis store when ``REDIS_URL`` (one Redis) or
``REDIS_SENTINELS`` (a primary found through Redis Sentinel) is set, and the embedded SQLite
store otherwise, so one command starts a working server on a bare machine.
"""

from __future__ import annotations

import os

from server.store.base import Conflict, Fenced, Store, Unavailable


def _sentinels(spec: str) -> list[tuple[str, int]]:
    """``host:port,host:port`` -> [(host, port), ...]"""
    found = []
    for item in spec.split(","):
        host, _, port = item.strip().rpartition(":")
        found.append((host, int(port)))
    return found


def open_store(redis_url: str | None = None, path: str | None = None, prefix: str = "") -> Store:
    env = os.environ
    redis_url = redis_url if redis_url is not None else env.get("REDIS_URL")
    sentinels = env.get("REDIS_SENTINELS")
    if redis_url or sentinels:
        from server.store.redis_store import RedisStore

        return RedisStore(
            redis_url or None,
            prefix=prefix or env.get("REDIS_PREFIX", "cardroom"),
            sentinels=_sentinels(sentinels) if sentinels else None,
            service=env.get("REDIS_SENTINEL_SERVICE", "cardroom"),
            wait_replicas=int(env.get("REDIS_WAIT_REPLICAS", 0)),
            wait_ms=int(env.get("REDIS_WAIT_MS", 500)),
        )
    from server.store.embedded import EmbeddedStore

    return EmbeddedStore(path or env.get("CARDROOM_DB", "cardroom.sqlite3"))


__all__ = ["Conflict", "Fenced", "Store", "Unavailable", "open_store"]
