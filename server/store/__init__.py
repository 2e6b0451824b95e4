"""Persistence: one object per concern, each with its own small interface (rooms and their
logs, the lobby, leases and presence, players, their results, today's deals and boards,
replays, seeks and rematches, friends: :mod:`server.store.rooms` and its neighbours) and one
implementation per backend (:mod:`server.store.embedded`, :mod:`server.store.redis_store`),
held together by a :class:`Store` that also carries the events between nodes. One contract
suite per concern (tests/store/test_store_*.py) runs on both backends. A part of the server
is given the concerns it uses.

:func:`open_store` picks the Redis store when the settings name one Redis (``REDIS_URL``)
or a primary found through Redis Sentinel (``REDIS_SENTINELS``), and the embedded SQLite store
otherwise, so one command starts a working server on a bare machine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator

from server.config import StoreSettings
from server.store.base import DEFAULT_LIMITS, Conflict, Event, Fenced, Limits, Unavailable
from server.store.dailies import DailyStore
from server.store.friends import FriendStore
from server.store.leases import LeaseStore
from server.store.players import PlayerStore
from server.store.replays import ReplayStore
from server.store.results import ResultStore
from server.store.rooms import LobbyStore, RoomStore
from server.store.seeks import SeekStore


class Store(ABC):
    """Every concern of the store, one object each, and the events between nodes."""

    rooms: RoomStore
    lobby: LobbyStore
    leases: LeaseStore
    players: PlayerStore
    results: ResultStore
    dailies: DailyStore
    replays: ReplayStore
    seeks: SeekStore
    friends: FriendStore

    @abstractmethod
    def events(self, node: str = "") -> AsyncIterator[Event]:
        """What nodes tell each other, for as long as the store is open: ``resync`` first
        and after any loss, then ``entry``, ``presence``, ``lobby`` and ``signed_out``
        events: those for every node, and those for ``node`` (the entries and presence of
        rooms it holds: see :meth:`~server.store.rooms.RoomStore.append`)."""

    async def ping(self) -> bool:
        """True when the store answers (readiness)."""
        return True

    @abstractmethod
    async def close(self) -> None:
        """Release connections and files."""


def open_store(settings: StoreSettings, limits: Limits = DEFAULT_LIMITS) -> Store:
    """``limits``: the rules' times and sizes (the app passes them from the rules)."""
    if settings.redis:
        from server.store.redis_store import RedisStore

        return RedisStore(
            settings.redis_url,
            prefix=settings.prefix,
            sentinels=list(settings.sentinels) or None,
            service=settings.sentinel_service,
            wait_replicas=settings.wait_replicas,
            wait_ms=settings.wait_ms,
            cluster_nodes=list(settings.cluster_nodes) or None,
            limits=limits,
            commit_ms=settings.commit_ms,
        )
    from server.store.embedded import EmbeddedStore

    return EmbeddedStore(settings.db_path, limits=limits, commit_ms=settings.commit_ms)


__all__ = ["Conflict", "Fenced", "Limits", "Store", "Unavailable", "open_store"]
