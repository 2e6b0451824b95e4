"""One piece of work per key at a time (single flight), for what is slow to make and the
same for everyone who asks: a room loaded from the store, today's deal found, a review or a
replay's frames built."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, TypeVar

V = TypeVar("V")


class Flights(dict[Hashable, "asyncio.Future[Any]"]):
    """The work under way, by key. Whoever asks for a key while its work is under way waits
    for that work instead of starting another; a waiter that goes away (its request was
    cancelled) leaves the work running for the others, and for whatever keeps its result.
    A failure reaches every waiter, and the next ask starts the work again."""

    async def run(self, key: Hashable, work: Callable[[], Awaitable[V]]) -> V:
        flight = self.get(key)
        if flight is None:
            flight = asyncio.ensure_future(work())
            self[key] = flight
            flight.add_done_callback(functools.partial(self._landed, key))
        return await asyncio.shield(flight)

    def _landed(self, key: Hashable, flight: asyncio.Future[Any]) -> None:
        if self.get(key) is flight:
            del self[key]
        if not flight.cancelled():
            flight.exception()  # retrieved: every waiter may have gone (it is theirs to raise)
