"""Which nodes are alive: this node's heartbeat in the store, and the others' as it reads
them. A node's sockets count in a room's presence only while the node lives, so a node that
dies (its heartbeat older than NODE_TIMEOUT_MS) stops holding seats as connected."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from server.host.clock import REAL, Clock
from server.logs import log
from server.store import Unavailable
from server.store.base import NODE_TIMEOUT_MS
from server.store.leases import LeaseStore

HEARTBEAT_SECONDS = 1.0
FORGET_AFTER_MS = 60_000  # a node silent this long is forgotten, with its presence


class Membership:
    """``on_change(gone, came)`` is told whenever the set of live nodes changes."""

    def __init__(
        self,
        store: LeaseStore,
        node_id: str,
        on_change: Callable[[set[str], set[str]], None],
        clock: Clock = REAL,
    ) -> None:
        self.store = store
        self.id = node_id
        self.on_change = on_change
        self.clock = clock
        self.live: set[str] = {node_id}
        self._heard: dict[str, float] = {}  # node -> clock time it was last heard of
        self._looking: asyncio.Task | None = None

    async def beat(self) -> None:
        """Say this node lives; follow which nodes do, and forget nodes long gone."""
        heard = await self.store.heartbeat(self.id)
        now = self.clock.monotonic()
        for node, age in heard.items():
            self._heard[node] = max(self._heard.get(node, 0.0), now - age / 1000)
            if age > FORGET_AFTER_MS:
                await self.store.leave_cluster(node)
                self._heard.pop(node, None)
        self._recount()

    async def run(self) -> None:
        """Beat every HEARTBEAT_SECONDS for as long as the node runs."""
        while True:
            with contextlib.suppress(Unavailable):
                await self.beat()
            await self.clock.sleep(HEARTBEAT_SECONDS)

    def look(self, spawn: Callable[[Any], asyncio.Task]) -> None:
        """Read the heartbeats now, not at the next beat: nodes were seen (sockets in a
        room) that this node does not know to be alive, and a node alive that it has not
        heard yet would have its players shown as gone until then."""
        if self._looking is None or self._looking.done():
            self._looking = spawn(self._look())

    async def _look(self) -> None:
        # at most five looks a second: a dead node's presence, found in every room loaded
        # after it died, asks again and again
        with contextlib.suppress(Unavailable):
            await self.beat()
        await self.clock.sleep(0.2)

    def heard_from(self, node: str) -> None:
        """``node`` just spoke (an event): it lives, even before its heartbeat reaches us."""
        if node not in self.live:
            self._heard[node] = self.clock.monotonic()
            self._recount()

    def _recount(self) -> None:
        horizon = self.clock.monotonic() - NODE_TIMEOUT_MS / 1000
        live = {n for n, t in self._heard.items() if t >= horizon} | {self.id}
        if live != self.live:
            gone, came = self.live - live, live - self.live
            self.live = live
            log("nodes", live=sorted(live), gone=sorted(gone), came=sorted(came))
            self.on_change(gone, came)
