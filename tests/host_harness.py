"""The room host in one process, in fake time: the real replicas and driver on a real
embedded store, a clock that moves only when the test says, and members that record what
they are sent. "After 60 s the seat forfeits" then runs in milliseconds and never flakes on
a busy machine.

Time moves by :meth:`FakeClock.advance`, which fires the timers due one instant at a time
and, at each, lets everything that can happen at that instant happen (:meth:`settle`): every
task of the test's loop is done or waits for the fake clock. A task that waits for the
store's thread is waited for in real time (a few milliseconds), never skipped.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Any

import msgpack

from server.config import Config
from server.host import members
from server.host.bots import Bots
from server.host.driver import Driver
from server.host.replicas import Replica
from server.host.tasks import Tasks
from server.rooms import AUDIENCES, check_meta, make_room
from server.rooms.room import new_token
from server.store.embedded import EmbeddedStore

CONFIG = Config(
    node_id="n1",
    grace_seconds=60.0,
    bot_delay=0.8,
    max_timeouts=3,
    unjoined_seconds=600.0,
    lease_ms=2000,
    scan_seconds=0.25,
    bot_workers=1,
    solver_workers=1,
)
"""A host's settings in these tests: a minute's grace, a two-second lease, one worker of each
kind (each test replaces the node's id, and what it is about)."""


class FakeTimer:
    def __init__(self, when: float, callback: Callable[..., Any], args: tuple) -> None:
        self.when, self.callback, self.args = when, callback, args
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """:class:`server.host.clock.Clock` on a timeline of its own."""

    def __init__(self, start: float = 1000.0, wall_ms: int = 1_800_000_000_000) -> None:
        self.now = start
        self._wall0 = wall_ms - int(start * 1000)
        self._timers: list[tuple[float, int, FakeTimer]] = []
        self._order = itertools.count()
        self._sleeps: set[asyncio.Future] = set()

    def monotonic(self) -> float:
        return self.now

    def wall_ms(self) -> int:
        return self._wall0 + int(self.now * 1000)

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> FakeTimer:
        timer = FakeTimer(self.now + max(0.0, delay), callback, args)
        heapq.heappush(self._timers, (timer.when, next(self._order), timer))
        return timer

    async def sleep(self, seconds: float) -> None:
        done = asyncio.get_running_loop().create_future()
        self._sleeps.add(done)
        timer = self.call_later(seconds, lambda: done.done() or done.set_result(None))
        try:
            await done
        finally:
            timer.cancel()
            self._sleeps.discard(done)

    def _fire_due(self) -> bool:
        fired = False
        while self._timers and self._timers[0][0] <= self.now:
            _, _, timer = heapq.heappop(self._timers)
            if not timer.cancelled:
                timer.callback(*timer.args)
                fired = True
        return fired

    def _waiting(self, task: asyncio.Task) -> bool:
        """The task waits for this clock (or is done): it has nothing to do at this instant."""
        if task.done():
            return True
        waiter = task._fut_waiter  # asyncio's own record of what a task awaits
        return waiter is not None and waiter in self._sleeps and not waiter.done()

    async def settle(self, within: float = 10.0) -> None:
        """Let everything due at this instant happen: fire the timers due, and wait until
        every other task of the loop waits for this clock again."""
        deadline = time.monotonic() + within
        me = asyncio.current_task()
        quiet = 0
        while quiet < 3:  # a few empty rounds in a row: callbacks scheduled by the last one
            fired = self._fire_due()
            await asyncio.sleep(0)
            busy = [t for t in asyncio.all_tasks() if t is not me and not self._waiting(t)]
            quiet = 0 if fired or busy else quiet + 1
            if busy:
                assert time.monotonic() < deadline, f"the host never settled: {busy}"
                await asyncio.sleep(0.001)  # the store's thread is at work: real time

    async def advance(self, seconds: float) -> None:
        """Move ``seconds`` on, one due timer at a time, settling at each instant."""
        target = self.now + seconds
        await self.settle()
        while self._timers and self._timers[0][0] <= target:
            self.now = max(self.now, self._timers[0][0])
            await self.settle()
        self.now = target
        await self.settle()


class Recorder:
    """A socket that keeps every message written to it, unpacked."""

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []

    def send(self, frame: bytes) -> int:
        self.received.append(msgpack.unpackb(frame))
        return 0

    def send_shared(self, shared: Any) -> int:
        raise AssertionError("a crowd of this size is not used here")

    def close(self, code: int, reason: str = "") -> None:
        raise AssertionError(f"the host closed a socket: {code} {reason}")


class Member(members.Member):
    """A socket as the host sees one (server.host.members.Member) over a socket that
    records what it is sent (``received``)."""

    __slots__ = ("recorder",)

    def __init__(self) -> None:
        self.recorder = Recorder()
        super().__init__(self.recorder)

    @property
    def received(self) -> list[dict[str, Any]]:
        return self.recorder.received


class Host:
    """One node's room host: replicas and driver on ``store``, in ``clock``'s time."""

    def __init__(
        self,
        store: EmbeddedStore,
        clock: FakeClock,
        config: Config,
        node_id: str = "n1",
        live: Callable[[], set[str]] | None = None,
    ) -> None:
        self.store, self.clock, self.config, self.id = store, clock, config, node_id
        self.tasks = Tasks(sleep=clock.sleep)
        # the nodes alive (a test of several nodes passes one set for all; by default this
        # node alone, so that no other node's sockets count)
        live = live or (lambda: {node_id})
        self.driver = Driver(store, node_id, config, Bots().think, self.tasks.spawn, live, clock)
        self.replicas = self.driver.replicas

    def run_loops(self) -> None:
        """The driver's scan, renewals and sweep, as a node runs them."""
        self.tasks.keep("scan", self.driver.scan)
        self.tasks.keep("renew", self.driver.renew)
        self.tasks.keep("sweep", self.driver.sweep)

    async def create(self, room_id: str, **options: Any) -> Replica:
        """A room as the services make one: stored, held, driven by this node."""
        meta = check_meta({**options, "seed": options.get("seed", 7), "created_at": 0})
        await self.store.rooms.create_room(room_id, meta)
        replica = await self.replicas.hold(make_room(room_id, meta, watched=()))
        assert await self.driver.take(room_id)
        return replica

    async def sit(self, replica: Replica, seat: int, name: str = "P") -> Member:
        """A member takes ``seat`` and follows it."""
        token = new_token()
        await self.replicas.commits.write(
            replica, lambda: replica.room.join_entry(seat, name, token)
        )
        member = Member()
        await self.replicas.attach(member, replica, AUDIENCES[seat], seat)
        return member

    async def watch(self, replica: Replica) -> Member:
        """A member follows the room as a spectator."""
        member = Member()
        await self.replicas.attach(member, replica, "spectators", None)
        return member

    async def close(self) -> None:
        await self.tasks.close()
        await self.driver.release_all()
