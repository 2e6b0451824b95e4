"""The rooms this node holds in memory, each a replica kept current from the room's log.

A node holds a room while one of its sockets is in it or while it drives it, and lets it go
once nobody here has used it for a while. The replica's log side (commit, catch-up, reload)
is :mod:`server.host.commits`, who is there :mod:`server.host.presence`, and what its sockets
are sent :mod:`server.host.fanout`. Views and diffs stay on the node: each replica sends its
own sockets the patches of their audience.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from server import metrics
from server.flights import Flights
from server.host import fanout
from server.host.clock import REAL, Clock
from server.host.commits import Commits
from server.host.members import Member
from server.host.presence import Presence
from server.host.replica import ROOM_ID, Replica, no_room, unavailable
from server.rooms import Room, make_room
from server.store import Store, Unavailable

SENT_HOME_UNLOAD = 2.0
"""Seconds a replica stays unused once its sockets were told the room lives on another node
(they reconnect there): not the idle_unload kept for sockets that may come back here."""


class Replicas:
    """Given what it uses: the store, this node's name, ``spawn`` (the node's task group),
    ``live`` (the nodes alive now), how long an unused replica stays (``idle_unload``) and a
    finished one (``finished_linger``), and who is told what: ``on_change`` after every change
    of a room (the driver's turn), ``on_reload`` when a room was rebuilt from a log shorter
    than this node's copy (the driver starts its timers and bots again on the new copy),
    ``on_strangers`` of nodes with sockets in a room that this node does not know to be alive
    (a node that just started, or just came back: the node looks at the heartbeats now).
    ``name``: this node's life, as its presence is kept (``live`` then names lives)."""

    def __init__(
        self,
        store: Store,
        node_id: str,
        spawn: Callable[[Any], asyncio.Task],
        live: Callable[[], set[str]],
        idle_unload: float = 30.0,
        finished_linger: float = 60.0,
        clock: Clock = REAL,
        on_change: Callable[[Replica], None] = lambda replica: None,
        on_reload: Callable[[Replica], None] = lambda replica: None,
        on_strangers: Callable[[set[str]], None] = lambda nodes: None,
        name: str | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.node_id = node_id
        self.name = name or node_id  # this node's life, as its presence is kept
        self.idle_unload = idle_unload
        self.finished_linger = finished_linger
        self.rooms: dict[str, Replica] = {}
        self._loading = Flights()
        self.presence = Presence(
            store, self.name, self.rooms, clock, spawn, live, on_change, on_strangers,
            catch_up=lambda replica: self.commits.catch_up(replica),
        )  # fmt: skip
        self.commits = Commits(
            store, node_id, self.rooms, clock, spawn, self.presence, on_change, on_reload,
            on_finished=self._idle,
        )  # fmt: skip

    # ---- holding rooms -----------------------------------------------------------------

    async def get(self, room_id: Any) -> Replica:
        """The replica of ``room_id``, loaded from the store if this node does not hold it."""
        if not isinstance(room_id, str) or not ROOM_ID.fullmatch(room_id):
            raise no_room()
        replica = self.rooms.get(room_id)
        if replica is not None:
            return replica
        return await self._loading.run(room_id, lambda: self._load(room_id))

    async def _load(self, room_id: str) -> Replica:
        try:
            meta = await self.store.rooms.room_meta(room_id)
            if meta is None:
                raise no_room()
            entries = await self.store.rooms.log(room_id)
            others = await self.store.leases.presence(room_id)
        except Unavailable:
            raise unavailable() from None
        room = make_room(room_id, meta, watched=())  # audiences render once someone follows
        room.load(entries)
        return await self.hold(room, others)

    async def hold(self, room: Room, others: dict[str, list[int]] | None = None) -> Replica:
        """Keep ``room`` as a replica; entries appended since it was read are caught up."""
        replica = Replica(room, others={k: v for k, v in (others or {}).items()})
        replica.others.pop(self.name, None)
        self.presence.strangers(replica.others)
        self.rooms[room.id] = replica
        metrics.ROOMS.set(len(self.rooms))
        self.presence.changed(replica, broadcast=False)
        self._idle(replica)
        with contextlib.suppress(Unavailable):  # the next event, check or resume fills it in
            await self.commits.catch_up(replica)
        return replica

    def _idle(self, replica: Replica) -> None:
        """Drop the replica later if nobody here uses it by then (and this node does not
        drive it); a finished room lingers for people still reading its last table."""
        if replica.unload_timer is not None:
            replica.unload_timer.cancel()
            replica.unload_timer = None
        if replica.watched or replica.driven:
            return
        finished = replica.room.status == "finished"
        delay = self.finished_linger if finished else self.idle_unload
        if replica.home_told is not None and not finished:
            delay = min(delay, SENT_HOME_UNLOAD)  # its sockets went to the room's home
        replica.unload_timer = self.clock.call_later(delay, self._unload, replica)

    def _unload(self, replica: Replica) -> None:
        replica.unload_timer = None
        if replica.watched or replica.driven or self.rooms.get(replica.room.id) is not replica:
            return
        del self.rooms[replica.room.id]
        metrics.ROOMS.set(len(self.rooms))

    def set_driven(self, replica: Replica, driven: bool) -> None:
        replica.driven = driven
        self._idle(replica)

    # ---- sockets -------------------------------------------------------------------------

    async def attach(
        self,
        conn: Member,
        replica: Replica,
        audience: str,
        seat: int | None,
        since: int | None = None,
        epoch: str | None = None,
    ) -> None:
        """Subscribe ``conn`` to an audience and bring it up to date.

        The replica first catches up with the log; the change this makes (a spectator more,
        a seat connected) is then broadcast to the others, and ``conn`` gets the patches
        after ``since`` (if kept and the epoch matches) or a snapshot, so it never sees a
        patch of another audience or a patch ahead of its catch-up.
        """
        try:
            await self.commits.catch_up(replica)
        except Unavailable:
            raise unavailable() from None
        if conn.closed:
            # Its socket ended meanwhile, and what it held was dropped then: subscribed now,
            # it would hold its seat "connected" for ever (no grace, no end).
            return
        if replica.room.id in conn.rooms:
            self.detach(conn, replica.room.id)
        fanout.subscribe(conn, replica, audience, seat)
        self.presence.changed(replica, skip=conn)
        self._idle(replica)
        fanout.bring_up_to_date(conn, replica, audience, since, epoch)

    def detach(self, conn: Member, room_id: str) -> None:
        audience, _ = conn.rooms.pop(room_id)
        replica = self.rooms.get(room_id)
        if replica is None:
            return
        fanout.unsubscribe(conn, replica, audience)
        self.presence.changed(replica)
        self._idle(replica)

    def drop_socket(self, conn: Member) -> None:
        for room_id in list(conn.rooms):
            self.detach(conn, room_id)
