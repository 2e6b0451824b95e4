"""A fair queue in front of the solver's worker processes.

Why: the solver workers are few (one per core) and a question holds one for up to its budget
(3 s for "can this still be won?"). Sent straight to the pool, questions were served first
come, first served, so one address with many sockets asking back to back kept the pool's
queue full and everyone else waited behind all of it (40 sockets from one address took another
player's answer from 0.00 s to a median of 5.8 s).

The rule: at most ``workers`` jobs run at once, one per worker, and the jobs waiting are kept
per client address, first come first served within an address. Whenever a worker frees up,
the next job is taken round-robin over the addresses that have work waiting; within one
address the same round-robin alternates its players (or, for a socket with no player, its
connections), so one player's many sockets do not starve another player behind the same
address (a family behind one NAT).

The round-robin goes in rounds: in each round every address with work waiting starts one job,
in the order the addresses came; an address already served in this round that asks again
waits for the next round, and an address not yet served (a newcomer) joins the current one.
Fairness argument: a newcomer's job waits for (1) the jobs running when it came, and the first
of those to end frees a worker for it, so at most one job's budget, and (2) at most one job
of each other address not yet served in this round: never for a second job of the same
address, however many it has waiting. With one address flooding, the newcomer's job is the
next to start. Each job is bounded by its own budget (the solver stops at its time and node
budgets), so "one job" is "one budget": one address can delay another's answer by about one
budget, whatever it sends.

Bounded: a cap on the jobs waiting per address and in total (beyond either, :class:`Full`),
and a job whose requester is gone before its turn is dropped, not run; cancelling the
coroutine that awaits a waiting job removes the job. What the round-robin remembers of the
keys it served in the current round is capped too (see :class:`Rounds`).
"""

from __future__ import annotations

import asyncio
import functools
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import Executor
from typing import Any, Protocol

PER_ADDRESS = 8
"""Jobs one address may have waiting (not counting those running)."""
TOTAL = 1000
"""Jobs that may be waiting in all (the node's own work is not counted against it)."""
MEMORY = 4096
"""Keys a round-robin level remembers as served in the current round, once their lanes are
empty (see :class:`Rounds`)."""


class Full(Exception):
    """Too many jobs waiting: the address's share, or the queue's."""


class Dropped(Exception):
    """The job's requester was gone when its turn came: it was not run."""


class Lane(Protocol):
    """A key's waiting items: a FIFO (:class:`Fifo`), or another level (:class:`Rounds`)."""

    def __len__(self) -> int: ...

    def add(self, path: tuple, item: Any) -> None: ...

    def take(self) -> Any: ...

    def remove(self, path: tuple, item: Any) -> bool: ...


class Fifo(deque):
    """The last level: first come, first served."""

    def add(self, path: tuple, item: Any) -> None:
        self.append(item)

    def take(self) -> Any:
        return self.popleft()

    def remove(self, path: tuple, item: Any) -> bool:  # type: ignore[override]
        try:
            super().remove(item)
        except ValueError:
            return False
        return True


class Rounds:
    """Round-robin over keys, each with a lane of waiting items (a :class:`Fifo`, or another
    :class:`Rounds` for a second level: the path of an item names its key at each level).

    Two ordered maps make the rounds: ``current`` holds the keys with work waiting that have
    not been served in this round, in the order they came; ``next`` those that have, in the
    order they were served. :meth:`take` serves the first key of ``current`` and moves it to
    the end of ``next`` (if it still has work); when ``current`` is empty the round ends and
    ``next`` becomes ``current``. A key that comes with work joins ``current`` (at the end),
    unless it was served in this round: then ``next``, so asking again, or leaving and coming
    back, never gives a key a second turn in a round. (This is start-time fair queueing with
    every job costing one: each key's tag is the round of its next job, always the current
    round or the next one.)

    ``served`` remembers the keys served in this round whose lanes are now empty; a round in
    which new keys keep coming could make it grow without end, so it keeps the last
    ``memory`` of them: a key forgotten this way may get a second turn in that round, after
    ``memory`` other keys had theirs.
    """

    def __init__(self, lane: Callable[[], Lane], memory: int = MEMORY) -> None:
        self.lane = lane
        self.memory = memory
        self.current: dict[Hashable, Lane] = {}
        self.next: dict[Hashable, Lane] = {}
        self.served: dict[Hashable, None] = {}  # ordered: the oldest is forgotten first
        self.count = 0
        self.round = 0  # how many rounds have ended (for tests and figures)

    def __len__(self) -> int:
        return self.count

    def waiting(self, key: Hashable) -> int:
        """Items waiting under ``key``."""
        lane = self._lane(key)
        return 0 if lane is None else len(lane)

    def _lane(self, key: Hashable) -> Lane | None:
        lane = self.current.get(key)
        return self.next.get(key) if lane is None else lane

    def add(self, path: tuple, item: Any) -> None:
        key, rest = path[0], path[1:]
        lane = self._lane(key)
        if lane is None:
            lane = self.lane()
            if key in self.served:  # it had its turn in this round
                del self.served[key]
                self.next[key] = lane
            else:
                self.current[key] = lane
        lane.add(rest, item)
        self.count += 1

    def take(self) -> Any:
        """The next item, round-robin over the keys; IndexError if none is waiting."""
        if not self.current:
            if not self.next:
                raise IndexError("nothing waiting")
            self.current, self.next = self.next, {}
            self.served.clear()
            self.round += 1
        key = next(iter(self.current))
        lane = self.current.pop(key)
        item = lane.take()
        self.count -= 1
        if len(lane):
            self.next[key] = lane
        else:
            self._remember(key)
        return item

    def remove(self, path: tuple, item: Any) -> bool:
        """Remove a waiting item; False if it was not waiting."""
        key, rest = path[0], path[1:]
        lane = self._lane(key)
        if lane is None or not lane.remove(rest, item):
            return False
        self.count -= 1
        if len(lane):
            return True
        if self.current.pop(key, None) is None:  # it was in next: served in this round
            del self.next[key]
            self._remember(key)
        return True

    def _remember(self, key: Hashable) -> None:
        self.served[key] = None
        if len(self.served) > self.memory:
            del self.served[next(iter(self.served))]


class Job:
    """One piece of solver work: what to run, for whom, and the future of its answer."""

    __slots__ = ("address", "alive", "args", "capped", "fn", "future", "started", "who")

    def __init__(self, address, who, fn, args, alive, capped, future) -> None:
        self.address, self.who = address, who
        self.fn, self.args = fn, args
        self.alive: Callable[[], bool] | None = alive
        self.capped: bool = capped
        self.future: asyncio.Future = future
        self.started = False


class FairQueue:
    """Jobs for ``executor``: at most ``workers`` running, the rest waiting round-robin over
    addresses, then over the players (or connections) of an address (see the module's
    docstring for the rule and why it is fair). Runs on the event loop: no locks."""

    def __init__(
        self,
        executor: Executor,
        workers: int,
        per_address: int = PER_ADDRESS,
        total: int = TOTAL,
        memory: int = MEMORY,
    ) -> None:
        if workers < 1:
            raise ValueError("a fair queue needs a worker")
        self.executor = executor
        self.workers = workers
        self.per_address = per_address
        self.total = total
        self.waiting = Rounds(functools.partial(Rounds, Fifo, memory), memory)
        self.running = 0
        self.capped = 0  # jobs waiting that the total cap counts (not the node's own work)

    async def run(
        self,
        address: Hashable,
        who: Hashable,
        fn: Callable[..., Any],
        *args: Any,
        alive: Callable[[], bool] | None = None,
        capped: bool = True,
        limit: int | None = None,
    ) -> Any:
        """``fn(*args)`` in a worker, in its turn (:meth:`submit`), and its answer;
        cancelled while it waits, the job is withdrawn (one that runs already runs to its
        end: a worker process cannot be interrupted, and its worker is busy until then)."""
        job = self.submit(address, who, fn, *args, alive=alive, capped=capped, limit=limit)
        try:
            return await job.future
        except asyncio.CancelledError:
            self.withdraw(job)
            raise

    def submit(
        self,
        address: Hashable,
        who: Hashable,
        fn: Callable[..., Any],
        *args: Any,
        alive: Callable[[], bool] | None = None,
        capped: bool = True,
        limit: int | None = None,
    ) -> Job:
        """Queue ``fn(*args)`` in the turn of ``address``, then of ``who`` within it, and
        start it at once if a worker is free; its answer comes in ``job.future``. ``alive``
        is asked when the turn comes: False drops the job (the future gets :class:`Dropped`).
        Raises :class:`Full`, and queues nothing, if ``capped`` and the address (``limit``,
        by default ``per_address``), or the queue, already has its cap of jobs waiting
        (uncapped: the node's own work)."""
        if capped:
            limit = self.per_address if limit is None else limit
            if self.waiting.waiting(address) >= limit:
                raise Full(f"{limit} questions from your address are waiting already.")
            if self.capped >= self.total:
                raise Full("The solver has all the questions it can take; try again later.")
        job = Job(address, who, fn, args, alive, capped, asyncio.get_running_loop().create_future())
        self.waiting.add((address, who), job)
        self.capped += capped
        self._dispatch()
        return job

    def withdraw(self, job: Job) -> bool:
        """Take a job out of the queue if it has not started (True), and cancel its future."""
        if not self.waiting.remove((job.address, job.who), job):
            return False
        self.capped -= job.capped
        job.future.cancel()
        return True

    def _dispatch(self) -> None:
        """Start waiting jobs while a worker is free, in their turn."""
        while self.running < self.workers and len(self.waiting):
            job = self.waiting.take()
            self.capped -= job.capped
            if job.alive is not None and not job.alive():
                if not job.future.done():
                    job.future.set_exception(Dropped("The requester was gone."))
                continue
            self._start(job)

    def _start(self, job: Job) -> None:
        job.started = True
        self.running += 1
        try:
            done = asyncio.wrap_future(self.executor.submit(job.fn, *job.args))
        except Exception as error:  # a pool shut down or broken: this job fails, not the queue
            self.running -= 1
            if not job.future.done():
                job.future.set_exception(error)
            return
        done.add_done_callback(functools.partial(self._finished, job))

    def _finished(self, job: Job, done: asyncio.Future) -> None:
        self.running -= 1
        if done.cancelled():  # the pool was shut down under it
            if not job.future.done():
                job.future.set_exception(Dropped("The solver stopped."))
        else:
            error = done.exception()  # retrieved even if nobody awaits the answer any more
            if not job.future.done():
                if error is not None:
                    job.future.set_exception(error)
                else:
                    job.future.set_result(done.result())
        self._dispatch()
