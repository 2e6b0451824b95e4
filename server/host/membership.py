"""Which nodes are alive: this node's heartbeat in the store, and the others' as it reads
them. A node's sockets count in a room's presence only while the node lives, so a node that
dies (its heartbeat older than NODE_TIMEOUT_MS) stops holding seats as connected.

A node is alive as one life of its process: it beats, and writes its presence, under a name
that carries a random id drawn at its start (``node/life``), so a node started again under
its old id after a crash is another life, and what its former life wrote never counts as
its sockets. The former life's heartbeat and presence are removed as soon as a newer life
of the node is heard, by whichever node hears it (the new life itself at its first beat);
a life nobody hears from for FORGET_AFTER_MS is removed the same way, but only a former
life is dead for good: a process that was stalled that long and beats again lives again
(and writes its presence again)."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable
from typing import Any

from server.host.clock import REAL, Clock
from server.logs import log
from server.store import Unavailable
from server.store.base import NODE_TIMEOUT_MS
from server.store.leases import LeaseStore

HEARTBEAT_SECONDS = 1.0
FORGET_AFTER_MS = 60_000  # a node silent this long is forgotten, with its presence
DEAD_KEPT_MS = 2 * FORGET_AFTER_MS  # a removed life is remembered as dead this long


def node_of(name: str) -> str:
    """The node a life's name (``node/life``) is of; a bare node id is its own."""
    return name.partition("/")[0]


class Membership:
    """``on_change(gone, came)`` is told whenever the set of live lives (``lives``: the
    names presence is kept under) changes; ``live`` holds the nodes they are of. ``life``:
    this process's random id (drawn here unless given). ``on_back()`` is told when this life
    beats after a silence long enough (half FORGET_AFTER_MS) that the others may have
    forgotten it and removed its presence: it writes it again. A life forgotten for its
    silence that beats again is alive again, to every node."""

    def __init__(
        self,
        store: LeaseStore,
        node_id: str,
        on_change: Callable[[set[str], set[str]], None],
        clock: Clock = REAL,
        life: str | None = None,
        on_back: Callable[[], None] = lambda: None,
    ) -> None:
        self.store = store
        self.id = node_id
        self.life = life or secrets.token_hex(8)
        self.name = f"{node_id}/{self.life}"  # this life's name: its heartbeat and presence
        self.on_change = on_change
        self.on_back = on_back
        self.clock = clock
        self._beaten: float | None = None  # clock time of this life's last beat
        self.live: set[str] = {node_id}
        self.lives: set[str] = {self.name}
        self._heard: dict[str, float] = {}  # life -> clock time it was last heard of
        # life -> clock time of its last heartbeat: which life of a node is the newest is
        # decided by heartbeats alone (an event of a former life may come late)
        self._beats: dict[str, float] = {}
        # Former lives removed (never alive again), with the clock time they were: kept
        # DEAD_KEPT_MS, long past any late event of theirs, so that a node restarted again
        # and again does not grow the set by one life per restart for as long as this runs.
        self._dead: dict[str, float] = {}
        self._looking: asyncio.Task | None = None

    @property
    def gone(self) -> set[str]:
        """The nodes this node has heard of and takes for dead now (none of their lives
        alive). A node it has not heard of yet (at start, before its first beats reach
        here) is not among them: not known alive, but not known dead either."""
        return {node_of(n) for n in (*self._heard, *self._dead)} - self.live

    async def beat(self) -> None:
        """Say this life lives; follow which lives do, and remove the heartbeat and presence
        of lives long gone or followed by a newer life of their node."""
        heard = await self.store.heartbeat(self.name)
        now = self.clock.monotonic()
        # Silent long enough to have been forgotten (the process stalled, or the store was
        # away): another node may have removed this life's presence with its heartbeat.
        back = self._beaten is not None and now - self._beaten > FORGET_AFTER_MS / 2000
        self._beaten = now
        for name, age in heard.items():
            self._beats[name] = now - age / 1000
            self._heard[name] = max(self._heard.get(name, 0.0), self._beats[name])
            if name in self._dead and self._beats[name] > self._dead[name]:
                # A life removed for its silence (a process stalled past FORGET_AFTER_MS,
                # not dead) that beats again lives: its heartbeat came after the removal,
                # which took its heartbeat out of the store. (A former life stays dead:
                # ``_former`` still names it.)
                del self._dead[name]
        for name in [n for n, age in heard.items() if age > FORGET_AFTER_MS] + self._former():
            await self.store.leave_cluster(name)
            self._heard.pop(name, None)
            self._beats.pop(name, None)
            self._dead[name] = now
        horizon = now - DEAD_KEPT_MS / 1000
        for name in [n for n, at in self._dead.items() if at < horizon]:
            del self._dead[name]
        self._recount()
        if back:
            self.on_back()

    def _former(self) -> list[str]:
        """Lives followed by a newer one of their node (a later heartbeat; of this node: any
        other than this one), which are dead."""
        newest: dict[str, str] = {}
        for name, at in self._beats.items():
            node = node_of(name)
            if node != self.id and (node not in newest or at > self._beats[newest[node]]):
                newest[node] = name
        mine = self.id
        return [
            n
            for n in self._beats
            if n != self.name and (node_of(n) == mine or newest.get(node_of(n), n) != n)
        ]

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

    def heard_from(self, name: str) -> None:
        """The life ``name`` just spoke (an event): it lives, even before its heartbeat
        reaches us."""
        if name not in self.lives and name not in self._dead:
            self._heard[name] = self.clock.monotonic()
            self._recount()

    def _recount(self) -> None:
        horizon = self.clock.monotonic() - NODE_TIMEOUT_MS / 1000
        former = set(self._former())
        dead = former | self._dead.keys()
        lives = {n for n, t in self._heard.items() if t >= horizon and n not in dead}
        lives.add(self.name)
        if lives != self.lives:
            gone, came = self.lives - lives, lives - self.lives
            self.lives = lives
            self.live = {node_of(n) for n in lives}
            log("nodes", live=sorted(lives), gone=sorted(gone), came=sorted(came))
            self.on_change(gone, came)
