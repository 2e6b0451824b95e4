"""Reviews of finished games, made once in the bot workers and kept with the replay.

A Gin Rummy review (:mod:`server.games.gin_rummy.review`) judges every decision of one seat
by the expert's playouts: about a second of one core for a match to 100, more for longer
matches (it grows with the decisions, each a fixed number of playouts). So a review is
made at most once per (game, seat): asked again, it is read from the store
(:meth:`~server.store.base.Archive.put_review` keeps it as long as the replay), and asked
while it is being made, the request waits for the one under way.

Bounded: the work goes through a :class:`~server.services.fair.FairQueue` in front of the
bot pool, one review at a time (the bots, which play live games, keep the other workers),
at most :data:`PER_ADDRESS` waiting per client address and :data:`TOTAL` in all; beyond
that the request is refused with ``busy``. Each review's own work is bounded by its playouts
(no clock: the same game gets the same review).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor
from typing import Any

from server.games.gin_rummy.review import review_seat
from server.services.fair import FairQueue, Full

WORKERS = 1
PER_ADDRESS = 2
TOTAL = 32


class ReviewBusy(Exception):
    """Too many reviews waiting (the address's share, or the node's)."""


class Reviews:
    def __init__(self, store, pool: Executor) -> None:
        self.store = store
        self.queue = FairQueue(pool, WORKERS, PER_ADDRESS, TOTAL)
        self.flights: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}

    async def review(self, replay: dict[str, Any], seat: int, address: str) -> dict[str, Any]:
        """The review of ``seat`` in the finished game ``replay`` (a Gin Rummy match)."""
        key = (replay["id"], seat)
        kept = await self.store.review(*key)
        if kept is not None:
            return kept
        flight = self.flights.get(key)
        if flight is None:
            flight = asyncio.ensure_future(self._make(replay, seat, address))
            self.flights[key] = flight
            flight.add_done_callback(lambda _: self.flights.pop(key, None))
        # A request that goes away leaves the review to be made for the others and the store.
        return await asyncio.shield(flight)

    async def _make(self, replay: dict[str, Any], seat: int, address: str) -> dict[str, Any]:
        try:
            made = await self.queue.run(address, address, review_seat, replay, seat)
        except Full as full:
            raise ReviewBusy(str(full)) from None
        await self.store.put_review(replay["id"], seat, made)
        return made
