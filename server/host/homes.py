"""Where a room lives: its home is the node that drives it (holds its lease), and the
sockets of a room are asked to go there, so that in the steady state one node alone applies,
renders and diffs each room.

Every node can still serve every room (a replica kept current from the log), so a client
that ignores the hint plays on, correctly, at the old cost: each node holding the room's
sockets applies and renders it. A client that follows it opens its socket again with
``?home=<node>`` in the URL; the balancer sends such a socket to that node while it is up
(``deploy/haproxy.cfg``) and balances it as any other when it is down.

No hint can send a client round in circles: a socket that asked for another node that is
alive but landed here tells this node that the balancer does not route by home, and is
never told to move. The lease follows the sockets the other way: a room nobody drives is
taken at once by the node where its sockets arrive (instead of by the first node to scan).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from urllib.parse import parse_qs

from server.host.clock import REAL, Clock
from server.host.driver import Driver
from server.host.members import Member
from server.host.replica import Replica
from server.host.replicas import Replicas
from server.store import Unavailable
from server.store.leases import LeaseStore

NODE_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")
TELL_EVERY = 1.0
"""Seconds between looks for rooms held here whose home is elsewhere (after a take-over,
the sockets left on other nodes are told where the room went within about this long)."""


def asked_home(query: str) -> str | None:
    """The node a socket's URL asked for (``?home=node2``), if well formed."""
    asked = parse_qs(query).get("home", [""])[0]
    return asked if NODE_ID.fullmatch(asked) else None


class Homes:
    """Given what it uses: the leases in the store, this node's replicas and driver, its
    name, and ``live`` (the nodes alive now)."""

    def __init__(
        self,
        store: LeaseStore,
        replicas: Replicas,
        driver: Driver,
        node_id: str,
        live: Callable[[], set[str]],
        clock: Clock = REAL,
    ) -> None:
        self.store = store
        self.replicas = replicas
        self.driver = driver
        self.node_id = node_id
        self.live = live
        self.clock = clock

    def routable(self, member: Member) -> bool:
        """Whether the balancer in front of ``member`` routes by home: it asked for no node,
        for this one, or for one that is gone (the balancer chose another)."""
        asked = member.home
        return asked is None or asked == self.node_id or asked not in self.live()

    def _elsewhere(self, holder: str | None) -> str | None:
        if holder is not None and holder != self.node_id and holder in self.live():
            return holder
        return None

    async def hint(self, member: Member, replica: Replica) -> str | None:
        """The node ``member`` should use for this room, if not this one. A room nobody
        drives is taken here, where its sockets are."""
        if replica.driven or replica.room.status == "finished":
            return None
        room_id = replica.room.id
        try:
            (holder,) = await self.store.holders([room_id])
        except Unavailable:
            return None
        if holder is None:
            await self.driver.take(room_id)
            return None
        home = self._elsewhere(holder)
        if home is not None and self.routable(member):
            replica.home_told = home
            return home
        return None

    async def tell(self) -> None:
        """Tell sockets of rooms whose home is elsewhere where to go, for as long as the
        node runs (a take-over moved the lease, or a socket came back through the balancer
        to another node)."""
        while True:
            await self.clock.sleep(TELL_EVERY)
            with contextlib.suppress(Unavailable):
                await self.look()

    async def look(self) -> None:
        """One look: rooms held here, not driven here, with sockets of this node."""
        held = [
            r
            for r in self.replicas.rooms.values()
            if not r.driven and r.watched and r.room.status != "finished"
        ]
        if not held:
            return
        holders = await self.store.holders([r.room.id for r in held])
        for replica, holder in zip(held, holders, strict=True):
            if holder is None:
                await self.driver.take(replica.room.id)
                continue
            home = self._elsewhere(holder)
            if home is None or home == replica.home_told:
                continue
            replica.home_told = home
            message = {"t": "home", "room": replica.room.id, "node": home}
            for members in replica.subs.values():
                for member in members:
                    if self.routable(member):
                        member.send(message)
