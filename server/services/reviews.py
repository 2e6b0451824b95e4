"""Reviews of finished games, made once in the bot workers and kept with the replay: a Gin
Rummy seat's decisions, or where a solitaire was lost (seat 0, its only one).

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

from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from server.flights import Flights
from server.games.gin_rummy.review import review_seat
from server.games.solitaire.hindsight import analyse, start_of
from server.rooms import RoomError
from server.services.connection import Connection
from server.services.fair import FairQueue, Full
from server.services.replays import finished

HINDSIGHT_BUDGET = {"solve_nodes": 2_000_000, "max_nodes": 16_000_000}
"""A solitaire's "where it was lost" in the bot worker: 2 M positions a solve, 16 M in all.
bench/hindsight.py with these budgets (100 lost games, 2026-12-04): 86 % decided, CPU p50
0.06 s, p95 7.1 s, max 11.1 s, peak RSS 676 MiB (Easy Harp's solver table the largest); 4 M /
24 M decided 88 % at 1.3 GiB. A smaller budget says "not sure" more often, never something
false."""


def hindsight(replay: dict[str, Any]) -> dict[str, Any]:
    """Where a finished solitaire was lost (:mod:`server.games.solitaire.hindsight`), and the
    views along the line it shows (``line_views``: the board after each of its moves, from
    the position after ``line_from`` actions), so that a browser can play it back with the
    replay's own board."""
    start = start_of(replay)
    actions = [a for _, a in replay["actions"]]
    result = analyse(start, actions, **HINDSIGHT_BUDGET)
    # Where the line starts: before the losing move, at the end (still winnable), or at the
    # deal (a won game's shorter win).
    at = {"lost_at": result["move_index"], "still_winnable": len(actions)}.get(result["verdict"], 0)
    views = []
    if result.get("line"):
        game = start
        for action in actions[:at]:
            game = game.apply(action)
        for action in result["line"]:
            game = game.apply(action)
            views.append(game.view())
    return {**result, "line_from": at, "line_views": views}


FORMAT = 3
"""The reviews' format: a review kept in an older one is made again when asked (2: each
Gin Rummy decision has the seat's chance to win the match; 3: losses measured apart from the
playouts that chose the best, marks by their lower bound)."""


def _made(replay: dict[str, Any], seat: int) -> dict[str, Any]:
    """The work of one review, in a worker process."""
    if replay.get("game") == "gin_rummy":
        return {**review_seat(replay, seat), "format": FORMAT}
    return {**hindsight(replay), "format": FORMAT}


WORKERS = 1
PER_ADDRESS = 2
TOTAL = 32


class ReviewBusy(Exception):
    """Too many reviews waiting (the address's share, or the node's)."""


class Reviews:
    def __init__(self, store, pool: Executor, daily_over: Callable[[str | None], bool]) -> None:
        """``daily_over(day)``: is a daily game of ``day`` (None: not a daily) over for
        everyone (its replay public)?"""
        self.store = store
        self.queue = FairQueue(pool, WORKERS, PER_ADDRESS, TOTAL)
        self.flights = Flights()
        self.daily_over = daily_over

    async def so_far(self, conn: Connection, replay: dict[str, Any], seat: int) -> dict[str, Any]:
        """A player's own review of the hands finished so far in a match still in play (asked
        between hands): made each time it is asked (the match goes on, so it is not kept),
        through the same queue."""
        try:
            made = await self.queue.run(conn.address, conn.address, _made, replay, seat)
        except Full as full:
            raise RoomError("busy", str(full)) from None
        return {"room": replay["id"], "seat": seat, **made}

    async def asked(self, conn: Connection, room: str, seat: int) -> dict[str, Any]:
        """The ``review`` request: who may see what. A finished match's reviews are shown as
        its replay is, to anyone; a day's game before its day is over only to its own
        player (the identity that held the seat), their own seat's. Never a game in play."""
        replay = await finished(self.store, room)
        if seat not in range(len(replay.get("seats") or [])):
            raise RoomError("bad_seat", "That game has no such seat.")
        if not self.daily_over(replay.get("daily")):
            holder = (replay["seats"][seat] or {}).get("player")
            if conn.player is None or holder != conn.player["id"]:
                raise RoomError(
                    "daily_not_over",
                    "Today's game is reviewed by its own player now, by others tomorrow (UTC).",
                )
        try:
            review = await self.review(replay, seat, conn.address)
        except ReviewBusy as busy:
            raise RoomError("busy", str(busy)) from None
        return {"room": room, "seat": seat, **review}

    async def review(self, replay: dict[str, Any], seat: int, address: str) -> dict[str, Any]:
        """The review of ``seat`` in the finished game ``replay`` (a Gin Rummy match)."""
        key = (replay["id"], seat)
        kept = await self.store.replays.review(*key)
        if kept is not None and kept.get("format") == FORMAT:
            return kept
        # A request that goes away leaves the review to be made for the others and the store.
        return await self.flights.run(key, lambda: self._make(replay, seat, address))

    async def _make(self, replay: dict[str, Any], seat: int, address: str) -> dict[str, Any]:
        try:
            made = await self.queue.run(address, address, _made, replay, seat)
        except Full as full:
            raise ReviewBusy(str(full)) from None
        await self.store.replays.put_review(replay["id"], seat, made)
        return made
