"""What keeps a node's process healthy, apart from its rooms: memory handed back to the
system, and the event loop's lag measured."""

from __future__ import annotations

import asyncio
import ctypes

from server import metrics


def _malloc_trim():
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc: nothing to trim
        return None


_TRIM = _malloc_trim()


def trim_memory() -> None:
    """Return the allocator's free pages to the system (glibc's ``malloc_trim``)."""
    if _TRIM is not None:
        _TRIM(0)


async def trims(every: float) -> None:
    """Hand freed memory back every ``every`` seconds. The allocator keeps the pages of freed
    objects (a crowd of sockets gone, finished rooms) for reuse, so without this the resident
    size stays at its peak long after the load has gone. The call takes a millisecond or two
    on a few hundred MiB, off the loop's thread (it holds no GIL). 0 turns it off."""
    while every > 0:
        await asyncio.sleep(every)
        await asyncio.to_thread(trim_memory)


async def watch_lag(interval: float = 0.05, clock=None, sleep=asyncio.sleep) -> None:
    """Measure how late the loop wakes a sleeper: the event-loop lag (each sample in a
    histogram, the worst of each five seconds, and the worst since the start, in /metrics).
    ``clock`` (the loop's by default) and ``sleep``: a test's fake time."""
    now = clock or asyncio.get_running_loop().time
    worst = 0.0
    window_worst, window_start = 0.0, now()
    while True:
        before = now()
        await sleep(interval)
        lag = max(0.0, now() - before - interval)
        metrics.LOOP_LAGS.observe(lag)
        window_worst = max(window_worst, lag)
        if lag > worst:
            worst = lag
            metrics.LOOP_LAG_MAX.set(lag)
        if now() - window_start >= 5.0:
            metrics.LOOP_LAG.set(window_worst)
            metrics.TASKS.set(len(asyncio.all_tasks()))
            window_worst, window_start = 0.0, now()
