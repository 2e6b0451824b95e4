"""Who drives each room and who is in it: leases with fencing tokens (one driver per room),
nodes' heartbeats, and the presence of each node's sockets in rooms."""

from __future__ import annotations

from abc import ABC, abstractmethod


class LeaseStore(ABC):
    """Leases (one driver per room, with fencing tokens), heartbeats and presence."""

    @abstractmethod
    async def acquire(self, room_id: str, node: str, ttl_ms: int) -> int | None:
        """Take the room's lease for ``ttl_ms`` if nobody holds it and the room is active;
        the new fencing token (greater than every earlier one), or None."""

    @abstractmethod
    async def renew(self, leases: list[tuple[str, str, int]], ttl_ms: int) -> list[bool]:
        """Extend each ``(room, node, token)`` lease still held; whether each still is."""

    @abstractmethod
    async def release(self, room_id: str, node: str, token: int) -> None:
        """Give a held lease up now (a graceful stop), so another node takes it at once."""

    @abstractmethod
    async def lapsed(self, limit: int) -> list[str]:
        """Up to ``limit`` active rooms whose lease has lapsed (nobody drives them)."""

    @abstractmethod
    async def holders(self, room_ids: list[str]) -> list[str | None]:
        """The node holding each room's lease now (None: nobody), in one round trip: the
        room's home (:mod:`server.host.homes`)."""

    @abstractmethod
    async def heartbeat(self, node: str) -> dict[str, int]:
        """Say ``node`` is alive; every node known, with how long ago (ms) it was heard."""

    @abstractmethod
    async def pulse(self, life: str) -> dict[str, int]:
        """Say the life ``life`` (``node/life``) runs now: its pulse, a beat a few times a
        second whose lapse shows its players' friends it is gone well before its heartbeat
        is old (:mod:`server.host.pulse`); every life's pulse known, with how long ago (ms,
        by the store's one clock) it was given."""

    @abstractmethod
    async def leave_cluster(self, node: str) -> None:
        """Forget ``node``: its heartbeat, its pulse and its presence in every room."""

    @abstractmethod
    async def set_presence(self, room_id: str, node: str, counts: list[int] | None) -> None:
        """Record how many of ``node``'s sockets are in each audience of the room (None: no
        more), and tell every node (a ``presence`` event). In the same step, when ``node``
        (a life, ``node/life``) is not of the room's driver by its lease and the room is
        active, its entry in the deadline index goes to 0 (due now:
        :meth:`~server.store.rooms.RoomStore.look_by`): the driver learns of the change at
        its next sweep even if the event never reaches it."""

    @abstractmethod
    async def presence(self, room_id: str) -> dict[str, list[int]]:
        """Every node's counts for the room (dead nodes' included: readers filter)."""
