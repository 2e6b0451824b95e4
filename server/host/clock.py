"""Time as the room host sees it: one object given to every part that waits or reads the
time, so that a test drives the host in fake time ("after 60 s the seat forfeits" runs in
milliseconds, and never flakes on a busy machine) while the server runs on the loop's."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, Protocol


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def monotonic(self) -> float:
        """Seconds on a clock that never goes back (leases, delays)."""
        ...

    def wall_ms(self) -> int:
        """Epoch milliseconds: when an entry was written (every node reads the same)."""
        ...

    async def sleep(self, seconds: float) -> None: ...

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer: ...


class LoopClock:
    """The real time: the event loop's timers, the system's clocks."""

    def monotonic(self) -> float:
        return time.monotonic()

    def wall_ms(self) -> int:
        return int(time.time() * 1000)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        return asyncio.get_running_loop().call_later(delay, callback, *args)


REAL = LoopClock()
