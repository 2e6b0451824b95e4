"""The Store interface both implementations honour (one contract test suite runs on both).

A room's log is append-only and the append is the commit point of an action: it names the
index it expects to write, and fails with :class:`Conflict` if another writer got there
first, so two owners can never both extend one log.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

Entry = dict[str, Any]


class Conflict(Exception):
    """The log already has an entry at the index an append expected to write."""


class Store(ABC):
    @abstractmethod
    async def create_room(self, room_id: str, meta: dict[str, Any]) -> None:
        """Record a new room (its options, seed and seats) and mark it active.

        Room ids are unique: creating an existing room raises :class:`Conflict`.
        """

    @abstractmethod
    async def room_meta(self, room_id: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def append(self, room_id: str, index: int, entry: Entry) -> None:
        """Write ``entry`` at position ``index`` of the room's log, or raise Conflict."""

    @abstractmethod
    async def log(self, room_id: str) -> list[Entry]: ...

    @abstractmethod
    async def active_rooms(self) -> list[str]:
        """Rooms created and not yet finished: rebuilt from their logs after a restart."""

    @abstractmethod
    async def finish_room(self, room_id: str, replay: dict[str, Any]) -> None:
        """Store the replay of a finished game and retire the room from the active set.

        ``replay["finished_at"]`` is epoch seconds (a number); anything else is refused before
        anything is written.
        """

    @abstractmethod
    async def replay(self, game_id: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def replays(self, limit: int = 50) -> list[dict[str, Any]]:
        """Summaries of the latest finished games, newest first."""

    @abstractmethod
    async def daily(self, key: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def put_daily(self, key: str, deal: dict[str, Any]) -> dict[str, Any]:
        """Store ``deal`` under ``key`` unless one is there; return the stored deal."""

    @abstractmethod
    async def lobby_put(self, room_id: str, summary: dict[str, Any]) -> None: ...

    @abstractmethod
    async def lobby_remove(self, room_id: str) -> None: ...

    @abstractmethod
    async def lobby(self) -> list[dict[str, Any]]: ...

    async def ping(self) -> bool:
        """True when the store answers (readiness)."""
        return True

    @abstractmethod
    async def close(self) -> None:
        """Release connections and files."""


def replay_summary(replay: dict[str, Any]) -> dict[str, Any]:
    """The part of a replay the list of finished games shows."""
    keys = ("id", "game", "finished_at", "seats", "result", "daily")
    return {k: replay.get(k) for k in keys}
