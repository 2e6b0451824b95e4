"""The embedded store's leases, heartbeats and presence, in memory: one process owns the file,
so this node drives every room, but through the same code as a cluster."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from server.store.embedded.dues import Dues
from server.store.embedded.sqlite import Sqlite
from server.store.leases import LeaseStore


class EmbeddedLeases(LeaseStore):
    """``monotonic``: the clock leases run on (a test of the room host passes its fake
    clock's, so that a lease lapses when the test says). ``lapsed``: the active rooms of the
    file, none of them driven yet."""

    def __init__(
        self,
        sqlite: Sqlite,
        monotonic: Callable[[], float],
        lapsed: Iterable[str],
        dues: Dues | None = None,
    ) -> None:
        self._sqlite = sqlite
        self._dues = dues or Dues()  # the deadline index, which presence changes
        self._monotonic = monotonic
        # room -> (node, token, lapses at ms) for rooms with a lease; active rooms without
        # one are in _lapsed. Tokens only grow, per room, for the life of the process.
        self._leases: dict[str, tuple[str, int, int]] = {}
        self._tokens: dict[str, int] = {}
        self._lapsed: set[str] = set(lapsed)
        self._presence: dict[str, dict[str, list[int]]] = {}
        self._pulses: dict[str, int] = {}  # life -> ms of its last pulse

    def _ms(self) -> int:
        return int(self._monotonic() * 1000)

    # ---- what the rooms of the store change ----------------------------------------------------

    def token(self, room_id: str) -> int | None:
        """The room's latest fencing token (an append's fence must be it)."""
        return self._tokens.get(room_id)

    def lapse(self, room_id: str) -> None:
        """A room created: active, with no lease, so that a driver takes it at once."""
        self._lapsed.add(room_id)

    def forget(self, room_id: str) -> None:
        """A room finished: neither leased nor lapsed (its token stays)."""
        self._leases.pop(room_id, None)
        self._lapsed.discard(room_id)

    # ---- leases (in memory: one process) -----------------------------------------------------

    def _expire(self, room_id: str) -> None:
        held = self._leases.get(room_id)
        if held is not None and held[2] <= self._ms():
            del self._leases[room_id]
            self._lapsed.add(room_id)

    async def acquire(self, room_id: str, node: str, ttl_ms: int) -> int | None:
        self._expire(room_id)
        if room_id not in self._lapsed:
            return None  # held, or not an active room
        self._lapsed.discard(room_id)
        token = self._tokens.get(room_id, 0) + 1
        self._tokens[room_id] = token
        self._leases[room_id] = (node, token, self._ms() + ttl_ms)
        return token

    async def renew(self, leases: list[tuple[str, str, int]], ttl_ms: int) -> list[bool]:
        held = []
        for room_id, node, token in leases:
            self._expire(room_id)
            lease = self._leases.get(room_id)
            ok = lease is not None and lease[:2] == (node, token)
            if ok:
                self._leases[room_id] = (node, token, self._ms() + ttl_ms)
            held.append(ok)
        return held

    async def release(self, room_id: str, node: str, token: int) -> None:
        lease = self._leases.get(room_id)
        if lease is not None and lease[:2] == (node, token):
            del self._leases[room_id]
            self._lapsed.add(room_id)

    async def holders(self, room_ids: list[str]) -> list[str | None]:
        found = []
        for room_id in room_ids:
            self._expire(room_id)
            lease = self._leases.get(room_id)
            found.append(None if lease is None else lease[0])
        return found

    async def lapsed(self, limit: int) -> list[str]:
        now = self._ms()
        for room_id in [r for r, lease in self._leases.items() if lease[2] <= now]:
            self._expire(room_id)
        return sorted(self._lapsed)[:limit]

    # ---- nodes and presence (in memory) ----------------------------------------------------------

    async def heartbeat(self, node: str) -> dict[str, int]:
        return {node: 0}

    async def pulse(self, life: str) -> dict[str, int]:
        # every life pulsing through this store: one process, or a test's several hubs
        now = self._pulses[life] = self._ms()
        return {name: now - at for name, at in self._pulses.items()}

    async def leave_cluster(self, node: str) -> None:
        self._pulses.pop(node, None)
        for counts in self._presence.values():
            counts.pop(node, None)

    async def set_presence(self, room_id: str, node: str, counts: list[int] | None) -> None:
        room = self._presence.setdefault(room_id, {})
        if counts is None:
            room.pop(node, None)
            if not room:
                del self._presence[room_id]
        else:
            room[node] = list(counts)
        self._expire(room_id)
        held = self._leases.get(room_id)
        driver = None if held is None else held[0]
        if driver != node.partition("/")[0] and (held is not None or room_id in self._lapsed):
            self._dues.lower(room_id, 0)  # not the driver's: due now (LeaseStore.set_presence)
        self._sqlite.publish({"k": "presence", "room": room_id, "node": node, "counts": counts})

    async def presence(self, room_id: str) -> dict[str, list[int]]:
        return {node: list(c) for node, c in self._presence.get(room_id, {}).items()}
