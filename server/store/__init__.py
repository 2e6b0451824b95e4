"""Persistence: room logs, finished-game replays, daily deals, the lobby, leases, presence.

:func:`open_store` picks the Redis store when the settings name one Redis (``REDIS_URL``)
or a primary found through Redis Sentinel (``REDIS_SENTINELS``), and the embedded SQLite store
otherwise, so one command starts a working server on a bare machine.
"""

from __future__ import annotations

from server.config import StoreSettings
from server.store.base import Conflict, Fenced, Store, Unavailable


def open_store(settings: StoreSettings) -> Store:
    if settings.redis:
        from server.store.redis_store import RedisStore

        return RedisStore(
            settings.redis_url,
            prefix=settings.prefix,
            sentinels=list(settings.sentinels) or None,
            service=settings.sentinel_service,
            wait_replicas=settings.wait_replicas,
            wait_ms=settings.wait_ms,
        )
    from server.store.embedded import EmbeddedStore

    return EmbeddedStore(settings.db_path)


__all__ = ["Conflict", "Fenced", "Store", "Unavailable", "open_store"]
