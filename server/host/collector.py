"""The garbage collector run on a clock, in small steps, instead of when CPython's
allocation count says so.

Why: CPython collects the young generation when allocations less deallocations pass a
threshold (the app's: 50 000, so that a busy server does not collect all the time). A server
that replaces each busy room's state at every move frees about as much as it allocates, so
that count hardly moves while the young generation fills up with the rooms' new state, which
lives on. At 1 000 busy rooms a young collection came every 20-40 s and went through 26 000
to 57 000 objects scattered over the heap: 9-20 ms with the whole loop stopped (every socket
waits), and five such while the rooms' sockets connected (each socket leaves about 75
tracked objects).

Here the young generation is collected every STEP seconds, holding what the last step made (a
few hundred objects at play), and every BURST_STEP while a step finds more than BURST new
objects (a crowd connecting). The middle generation, which takes in what survives, is
collected once it has taken in about MIDDLE objects or MIDDLE_EVERY seconds have passed: it
too stays small. The oldest generation is collected every FULL_EVERY seconds (a pause of
about 0.1 s at 1 000 rooms), so that a cycle that outlived the middle generation is freed
in the end: measured at 1 000 busy rooms, a full collection after a minute of play found
nothing to free. The app's thresholds stay as they are, so a loop that stalls still collects.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Awaitable, Callable

STEP = 0.05
BURST_STEP = 0.01
BURST = 1_000
MIDDLE = 3_000
MIDDLE_EVERY = 0.1
FULL_EVERY = 600.0


class Pacer:
    """Which generation each step collects (0, 1 or 2, each collection taking the younger
    ones with it) and how long until the next step, from CPython's young count before it
    and the time: sans-I/O, so that a test drives it with made-up counts and times."""

    __slots__ = ("full_at", "middle_at", "taken")

    def __init__(self, now: float) -> None:
        self.taken = 0  # what the middle generation took in since it was last collected
        self.middle_at = now  # when that was
        self.full_at = now  # when the oldest one was

    def generation(self, now: float, young: int) -> int:
        """The generation to collect now, ``young`` being CPython's young count (what the
        young generation hands on at most)."""
        if now - self.full_at >= FULL_EVERY:
            self.full_at = self.middle_at = now
            self.taken = 0
            return 2
        self.taken += max(young, 0)
        if self.taken >= MIDDLE or now - self.middle_at >= MIDDLE_EVERY:
            self.taken, self.middle_at = 0, now
            return 1
        return 0

    @staticmethod
    def wait(young: int) -> float:
        """Seconds until the next step, ``young`` being the count this step found."""
        return BURST_STEP if young >= BURST else STEP


async def pace(
    clock: Callable[[], float] | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    collect: Callable[[int], int] = gc.collect,
    count: Callable[[], tuple[int, int, int]] = gc.get_count,
) -> None:
    """Collect on :class:`Pacer`'s steps for as long as the node runs. ``clock`` (the loop's
    by default), ``sleep``, ``collect`` and ``count``: a test's."""
    now = clock or asyncio.get_running_loop().time
    pacer = Pacer(now())
    young = 0
    while True:
        await sleep(pacer.wait(young))
        young = count()[0]
        collect(pacer.generation(now(), young))
