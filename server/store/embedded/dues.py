"""The embedded store's deadline index (:meth:`~server.store.rooms.RoomStore.due`), in memory:
per room group a heap of (due, room), and each room's entry.

A heap keeps superseded pairs until they come to its top (a pair is current while it is the
room's entry), so a read costs the rooms due and the pairs superseded since, never every room.
The starts of deadlines are on disk (a restart is this store's change of driver); the index is
rebuilt at open with every active room that has a deadline, due now (the rooms a ``Dues`` is
made with): an entry earlier than needed costs one look, after which the driver sets it."""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from server.store.keys import GROUPS, room_group

COMPACT_OVER = 256
"""Superseded pairs a group's heap may hold beyond its rooms' before it is rebuilt."""


class Dues:
    def __init__(self, rooms: Iterable[str] = ()) -> None:
        self._due: dict[str, int] = {}
        self._heaps: list[list[tuple[int, str]]] = [[] for _ in GROUPS]
        self._held = [0] * len(GROUPS)  # rooms with an entry, per group
        for room_id in rooms:
            self.set(room_id, 0)

    def set(self, room_id: str, due_ms: int | None) -> None:
        group = room_group(room_id)
        had = room_id in self._due
        if due_ms is None:
            if had:
                del self._due[room_id]
                self._held[group] -= 1
            return
        if not had:
            self._held[group] += 1
        self._due[room_id] = due_ms
        heap = self._heaps[group]
        heapq.heappush(heap, (due_ms, room_id))
        if len(heap) > 2 * self._held[group] + COMPACT_OVER:
            current = [(d, r) for d, r in set(heap) if self._due.get(r) == d]
            heapq.heapify(current)
            self._heaps[group] = current

    def lower(self, room_id: str, due_ms: int) -> None:
        held = self._due.get(room_id)
        if held is None or due_ms < held:
            self.set(room_id, due_ms)

    def due(self, now_ms: int, limit: int, groups: Iterable[int]) -> list[str]:
        found: list[tuple[int, str]] = []
        for group in sorted(set(groups)):
            heap, kept, seen = self._heaps[group], [], set()
            while heap and heap[0][0] <= now_ms and len(kept) < limit:
                due_ms, room_id = heapq.heappop(heap)
                if self._due.get(room_id) == due_ms and room_id not in seen:
                    seen.add(room_id)
                    kept.append((due_ms, room_id))
            for pair in kept:  # they stay due: a read changes nothing
                heapq.heappush(heap, pair)
            found += kept
        return [room_id for _, room_id in sorted(found)]
