"""Who is in each room this node holds, over every live node: a seat is connected when some
node has a socket of it, and the spectators are the sum of every node's. This node's part
comes from its own sockets (and is written to the store), the others' from the store's events.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from server.host import fanout
from server.host.clock import Clock
from server.host.members import Member
from server.host.replica import Replica
from server.store import Store, Unavailable

SPECTATORS_EVERY = 0.5
LEAVING_AFTER = 0.05
"""Seconds a seat's departure waits to be shown (arrivals never wait): the departures of a
room within it cost one change, and a socket back within it none."""


class Presence:
    """Given the store, ``name`` (this node's life: what its presence is kept under,
    :mod:`server.host.membership`) and its ``rooms`` (the replicas held, by id), a clock,
    ``spawn`` (the node's task group), ``live`` (the lives alive now: other entries, a dead
    node's or a former life's, never count), ``on_change``
    (told after a change of a room: the driver's turn), ``on_strangers`` (told of nodes with
    sockets in a room, not known to be alive) and ``catch_up`` (a replica brought up to its
    log)."""

    def __init__(
        self,
        store: Store,
        name: str,
        rooms: dict[str, Replica],
        clock: Clock,
        spawn: Callable[[Any], asyncio.Task],
        live: Callable[[], set[str]],
        on_change: Callable[[Replica], None],
        on_strangers: Callable[[set[str]], None],
        catch_up: Callable[[Replica], Awaitable[bool]],
    ) -> None:
        self.store = store
        self.name = name
        self.rooms = rooms
        self.clock = clock
        self.spawn = spawn
        self.live = live
        self.on_change = on_change
        self.on_strangers = on_strangers
        self.catch_up = catch_up

    def counts(self, replica: Replica) -> list[int]:
        """Sockets per audience over every live node."""
        live = self.live()
        counts = replica.local()
        for node, theirs in replica.others.items():
            if node in live:
                counts = [a + b for a, b in zip(counts, theirs, strict=False)]
        return counts

    def changed(
        self,
        replica: Replica,
        broadcast: bool = True,
        skip: Member | None = None,
        leaving: bool = False,
    ) -> None:
        """Recompute who is there from every live node; patch the views if that changed,
        and tell the store this node's part.

        A seat's arrival shows at once (the player's own view, and the grace period, need
        it); its departure after LEAVING_AFTER seconds (``leaving``: now), so that when a
        whole crowd goes at once (a network gone, a node's sockets cut) a room whose
        players both go costs one change, not one per socket, and a socket replaced within
        it shows nothing. A change of the spectator count shows at once after a quiet
        spell (a departure waiting with it: a seated socket that starts watching sees itself
        counted in its snapshot); more changes within SPECTATORS_EVERY seconds are shown
        together at its end, so a crowd joining a popular room costs one patch to everyone
        per interval, not one per newcomer."""
        room = replica.room
        counts = self.counts(replica)
        connected = [counts[i] > 0 for i in range(len(room.seats))]
        was = [s.connected for s in room.seats]
        arrived = any(c and not w for w, c in zip(was, connected, strict=False))
        left = any(w and not c for w, c in zip(was, connected, strict=False))
        seats_now = arrived or not broadcast or (left and leaving)
        crowd_now = counts[2] != room.spectators and replica.crowd is None
        if seats_now or crowd_now:  # a departure waiting goes with it
            if replica.leaving is not None:
                replica.leaving.cancel()
                replica.leaving = None
            self._show(replica, connected, counts[2], broadcast, skip)
            if not seats_now:
                self._quiet(replica)
        elif left and replica.leaving is None:
            replica.leaving = self.clock.call_later(LEAVING_AFTER, self._show_leaving, replica)
        if replica.local() != (replica.published or [0, 0, 0]) and replica.flushing is None:
            replica.flushing = self.spawn(self._publish(replica))

    def _show_leaving(self, replica: Replica) -> None:
        replica.leaving = None
        if self.rooms.get(replica.room.id) is replica:
            self.changed(replica, leaving=True)

    def _show(self, replica: Replica, connected, spectators, broadcast=True, skip=None) -> None:
        diffs = replica.room.set_presence(connected, spectators)
        if diffs is None:
            return
        frames = fanout.framed(replica, diffs)  # kept even when not sent: seqs have no gaps
        if broadcast:
            fanout.broadcast(replica, frames, skip=skip)
        self.on_change(replica)

    def _quiet(self, replica: Replica) -> None:
        replica.crowd = self.clock.call_later(SPECTATORS_EVERY, self._show_crowd, replica)

    def _show_crowd(self, replica: Replica) -> None:
        """The end of an interval: show the count if it moved meanwhile (and wait again)."""
        replica.crowd = None
        room = replica.room
        spectators = self.counts(replica)[2]
        if spectators != room.spectators:
            self._show(replica, [s.connected for s in room.seats], spectators)
            self._quiet(replica)

    async def _publish(self, replica: Replica) -> None:
        """Write this node's counts for the room until the store holds the latest."""
        delay = 0.05
        try:
            while (mine := replica.local()) != (replica.published or [0, 0, 0]):
                try:
                    await self.store.leases.set_presence(
                        replica.room.id, self.name, mine if any(mine) else None
                    )
                    heard = any(replica.published or ()) or replica.driven
                    replica.published = mine
                    if any(mine) and not heard:
                        await self._heard(replica)
                except Unavailable:
                    await self.clock.sleep(delay)
                    delay = min(2.0, delay * 2)
        finally:
            replica.flushing = None

    async def _heard(self, replica: Replica) -> None:
        """The store now tells this node the room's events (its sockets are in the room's
        presence): what changed before it did is read once."""
        await self.catch_up(replica)
        others = await self.store.leases.presence(replica.room.id)
        others.pop(self.name, None)
        self.strangers(others)
        if others != replica.others:
            replica.others = others
            self.changed(replica)

    def strangers(self, others: dict[str, list[int]]) -> None:
        strangers = set(others) - self.live()
        if strangers:
            self.on_strangers(strangers)

    def on_presence(self, event: dict[str, Any]) -> None:
        """Another node's sockets in a room changed (an event)."""
        replica = self.rooms.get(event["room"])
        if replica is None or event["node"] == self.name:
            return
        if event["counts"] is None:
            replica.others.pop(event["node"], None)
        else:
            replica.others[event["node"]] = event["counts"]
        self.changed(replica)

    def nodes_changed(self, gone: set[str], came: set[str]) -> None:
        """Nodes died or came back: recount the rooms they have sockets in."""
        for replica in self.rooms.values():
            if any(node in replica.others for node in gone | came):
                self.changed(replica)

    async def resync(self) -> None:
        """After events may have been lost: every held room's log and presence again, and
        this node's presence written again (the store may have lost it)."""
        for replica in list(self.rooms.values()):
            try:
                await self.catch_up(replica)
                others = await self.store.leases.presence(replica.room.id)
            except Unavailable:
                return
            others.pop(self.name, None)
            replica.others = others
            replica.published = None
            self.changed(replica)
