"""Rooms in the store: each room's log, its deadlines, the active rooms, and the lobby of
public rooms (:mod:`server.store.base` says why the log is the source of truth)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from server.store.base import Entry


class RoomStore(ABC):
    """Rooms and their logs: the log of each room is the source of truth, and an append the
    commit point of an action."""

    @abstractmethod
    async def create_room(self, room_id: str, meta: dict[str, Any]) -> None:
        """Record a new room (its options, seed and seats), mark it active and put it in the
        lease index with a lapsed lease (so a driver takes it at once).

        Room ids are unique: creating an existing room raises :class:`Conflict`.
        """

    @abstractmethod
    async def room_meta(self, room_id: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def append(
        self, room_id: str, index: int, entry: Entry, fence: int | None = None, node: str = ""
    ) -> None:
        """Write ``entry`` at position ``index`` of the room's log and tell the other nodes
        that hold the room (an ``entry`` event; at least those with sockets in it, by its
        presence, and its driver; never need the writer, ``node``, be told), or raise
        :class:`Conflict`. With ``fence`` (an automatic entry of the driver), raise
        :class:`Fenced` unless it is the room's latest token."""

    async def durable(self, room_id: str) -> None:
        """Return once the room's log is kept as the store promises for an acknowledged
        entry (on Redis with REDIS_WAIT_REPLICAS: held by that many replicas), else raise
        :class:`Unavailable`: a command found already applied is acknowledged no sooner
        than its first answer would have been."""
        return None

    @abstractmethod
    async def log(self, room_id: str, start: int = 0) -> list[Entry]:
        """The room's log from index ``start`` on."""

    @abstractmethod
    async def lengths(self, room_ids: list[str]) -> list[int]:
        """How many entries each room's log holds (one round trip for all)."""

    @abstractmethod
    async def active_rooms(self) -> list[str]:
        """Rooms created and not yet finished."""

    @abstractmethod
    async def active_count(self) -> int:
        """How many rooms are active in the whole deployment."""

    @abstractmethod
    async def is_active(self, room_id: str) -> bool:
        """The room was created and is not finished."""

    @abstractmethod
    async def deadlines(self, room_id: str) -> dict[str, int]:
        """The room's deadlines: name -> when it started (wall-clock ms). They are kept in
        the store, not by the driver, so that a driver taking the room over goes on from the
        same starts (a seat's grace does not start again with each new driver)."""

    @abstractmethod
    async def set_deadline(
        self, room_id: str, name: str, start_ms: int | None, period_ms: int | None = None
    ) -> int | None:
        """Record that the room's deadline ``name`` (a short name: ``grace:0``, ``unjoined``)
        started at ``start_ms``, unless a start is recorded for it; the start recorded now.
        The first start recorded stays: a driver that takes over and names the time of its
        own clock does not move the deadline. An inactive room records nothing (None).

        With ``period_ms`` (how long the deadline runs), the same atomic step lowers the
        room's entry in the deadline index (:meth:`due`) to the recorded start plus the
        period (or adds it): the room is due no later than its deadline.

        ``None`` forgets the name (and returns None); the index is left as it is (an entry
        earlier than needed costs one look, after which the driver sets it: :meth:`set_due`).
        A room holds at most :data:`~server.store.keys.DEADLINES_PER_ROOM` names, each at
        most :data:`DEADLINE_NAME` characters: more is refused (ValueError) before anything
        is written. The room's deadlines go when it finishes."""

    # ---- the deadline index: which rooms their driver must look at again, and by when ----

    @abstractmethod
    async def due(self, now_ms: int, limit: int, groups: list[int] | None = None) -> list[str]:
        """The active rooms of ``groups`` (room groups, :func:`~server.store.keys.room_group`;
        None: every group) whose entry in the deadline index is at or before ``now_ms``,
        earliest first: at most ``limit`` of each group. One read of each group, whatever the
        rooms held (on Redis: one pipeline); nothing is changed (a room stays due until its
        driver sets it again, :meth:`set_due`, or it finishes)."""

    @abstractmethod
    async def set_due(self, room_id: str, due_ms: int | None) -> None:
        """Set the room's entry in the deadline index to ``due_ms`` (wall ms), up or down;
        None removes it. An inactive room is never added. The driver's, after it looked at the
        room: what is due next by the deadlines it runs."""

    @abstractmethod
    async def look_by(self, room_id: str, due_ms: int) -> None:
        """Lower the room's entry in the deadline index to ``due_ms`` (add it if absent; an
        inactive room is never added). :meth:`~server.store.leases.LeaseStore.set_presence`
        does the same, with 0, in its own step, when the node writing is not the room's
        driver: a driver that missed the event still looks at the room at its next sweep."""

    @abstractmethod
    async def finish_room(self, room_id: str, replay: dict[str, Any] | None) -> None:
        """Store the replay of a finished game (None: a room where nothing was played keeps
        none), retire the room from the active set, the lease index, the deadline index and
        the lobby, and forget its deadlines. Idempotent: finishing twice stores the same replay.

        ``replay["finished_at"]`` is epoch seconds (a number); anything else is refused before
        anything is written.
        """


class LobbyStore(ABC):
    """The lobby: public rooms' summaries, versioned."""

    @abstractmethod
    async def put(self, room_id: str, summary: dict[str, Any] | None) -> None:
        """Set (or with None remove) a public room's summary and tell every node (a
        ``lobby`` event carrying the lobby's new version)."""

    async def remove(self, room_id: str) -> None:
        await self.put(room_id, None)

    @abstractmethod
    async def snapshot(self) -> tuple[int, dict[str, dict[str, Any]]]:
        """The lobby's version and every room in it, read at one instant."""

    async def listed(self) -> list[dict[str, Any]]:
        _, rooms = await self.snapshot()
        return [rooms[k] for k in sorted(rooms)]
