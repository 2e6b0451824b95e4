"""Persistence: room logs, finished-game replays, daily deals and the lobby.

:func:`open_store` picks the Redis store when ``REDIS_URL`` is set and the embedded SQLite
store otherwise, so one command starts a working server on a bare machine.
"""

from __future__ import annotations

import os

from server.store.base import Conflict, Store


def open_store(redis_url: str | None = None, path: str | None = None, prefix: str = "") -> Store:
    redis_url = redis_url if redis_url is not None else os.environ.get("REDIS_URL")
    if redis_url:
        from server.store.redis_store import RedisStore

        return RedisStore(redis_url, prefix=prefix or os.environ.get("REDIS_PREFIX", "cardroom"))
    from server.store.embedded import EmbeddedStore

    return EmbeddedStore(path or os.environ.get("CARDROOM_DB", "cardroom.sqlite3"))


__all__ = ["Conflict", "Store", "open_store"]
