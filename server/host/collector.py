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

Here the young generation is collected every STEP seconds together with the middle one
(CPython's collection of generation 1), holding what the last step made: a few hundred objects
at play, a few thousand when a crowd connects (steps every BURST_STEP while a step finds more
than BURST new objects). What survives goes straight to the oldest generation, so each object
that lives longer than a step is walked once, at the step after it was made: a young and a
middle collection apart (the middle one by time or size) walked it twice, for 3 % more CPU an
action at 1 000 rooms (bench/RESULTS.md). The oldest generation is collected every
FULL_EVERY seconds (a pause of about 0.1 s at 1 000 rooms), so that a cycle that outlived its
step is freed in the end: measured at 1 000 busy rooms, a full collection after a minute of
play found nothing to free. The app's thresholds stay as they are, so a loop that stalls
still collects.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Awaitable, Callable

STEP = 0.05
BURST_STEP = 0.01
BURST = 1_000
FULL_EVERY = 600.0


class Pacer:
    """Which generation each step collects (1, the young and middle ones, or 2, all three)
    and how long until the next step, from CPython's young count and the time: sans-I/O, so
    that a test drives it with made-up counts and times."""

    __slots__ = ("full_at",)

    def __init__(self, now: float) -> None:
        self.full_at = now  # when the oldest generation was last collected

    def generation(self, now: float) -> int:
        """The generation to collect now."""
        if now - self.full_at >= FULL_EVERY:
            self.full_at = now
            return 2
        return 1

    @staticmethod
    def wait(young: int) -> float:
        """Seconds until the next step, ``young`` being CPython's young count at this one
        (what the last step made, less what it freed)."""
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
        collect(pacer.generation(now()))
