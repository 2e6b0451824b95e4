"""The solitaire solver as a service of the node: hints, "can this still be won?" and
winnable deals, worked out in the solver's worker processes, off the event loop.

The workers are shared by everyone, so the work goes through a fair queue
(:mod:`server.services.fair`): one job per worker at a time, and the jobs waiting taken round-robin
over client addresses, then over the players (or sockets) of one address. Every job is
bounded by its budget (a hint's 60 000 positions, about 0.1 s and at most about 0.3 s of CPU;
a verdict's ``solve_seconds``; a candidate deal's second), so one address can delay another's
answer by about one budget, however much it asks.
The exception is the node's own work through :meth:`Solving.run`: the search for a day's deal
(server/services/dailies.py, once a day per kind) tries its candidates in one job, and while
it runs it holds one worker for longer than a budget (the others still take turns).
"""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import replace
from typing import Any

from server.games.cards import derive_seed
from server.games.solitaire import Solitaire, variant_for
from server.games.solitaire.deals import MAX_DEAL
from server.games.solitaire.hints import hint, still_winnable, winnable_number
from server.rooms import RoomError, check_meta
from server.seeds import new_seed
from server.services.connection import Connection
from server.services.fair import PER_ADDRESS, TOTAL, Dropped, FairQueue, Full

WINNABLE_TRIES, WINNABLE_SECONDS = 12, 1.0  # for "winnable deals only"

SYSTEM = "(node)"
"""The queue's address of the node's own work (the day's deals): no client's address (those
are IPs), so it is one more turn of the round-robin, never refused."""
NEW_ROOMS = "(new rooms)"
"""The queue's address of the search for a winnable deal when no connection is named: every
such search shares this one turn of the round-robin, and only the queue's total cap counts
them (a search waits with one candidate at a time)."""


def who(conn: Connection) -> str:
    """Whose turn a question is within its address: the player's, else the socket's."""
    return f"player:{conn.player['id']}" if conn.player is not None else f"socket:{conn.id}"


class Solving:
    def __init__(
        self,
        pool: Executor,
        solve_seconds: float,
        workers: int | None = None,
        per_address: int = PER_ADDRESS,
        total: int = TOTAL,
    ) -> None:
        """``workers``: how many jobs run at once, by default the pool's own worker count
        (one job per worker process, so a job that starts runs at once)."""
        self.pool = pool
        self.solve_seconds = solve_seconds
        workers = workers or getattr(pool, "_max_workers", 1)
        self.queue = FairQueue(pool, workers, per_address, total)
        self.players: set[str] = set()  # ids of the players with a question being answered

    async def run(self, fn, *args):
        """Run the node's own solver work (the day's deals) in the solver pool: a turn of
        its own in the fair queue, never refused."""
        return await self.queue.run(
            SYSTEM, getattr(fn, "__name__", "work"), fn, *args, capped=False
        )

    async def _queued(self, conn: Connection | None, fn, *args):
        """``fn(*args)`` in the turn of ``conn``'s address and player (or socket); one
        queue turn of its own when no connection is named. Too many waiting, or the socket
        gone before the turn came: ``busy``."""
        try:
            if conn is None:
                return await self.queue.run(NEW_ROOMS, NEW_ROOMS, fn, *args, limit=self.queue.total)
            return await self.queue.run(
                conn.address, who(conn), fn, *args, alive=lambda: not conn.closed
            )
        except Full as full:
            raise RoomError("busy", str(full)) from None
        except Dropped:
            raise RoomError("busy", "The connection closed before the solver got to it.") from None

    async def _for(self, conn: Connection, fn, *args):
        """One question at a time per socket and per player (across the player's sockets):
        a question waits for its turn and then holds a worker for its whole budget, so more
        at once would only take a larger share of the solver."""
        if conn.solving:
            raise RoomError("busy", "Wait for the answer to your last question.")
        player = conn.player["id"] if conn.player is not None else None
        if player is not None and player in self.players:
            raise RoomError("busy", "Wait for the answer to your last question (another tab).")
        conn.solving = True
        if player is not None:
            self.players.add(player)
        try:
            return await self._queued(conn, fn, *args)
        finally:
            conn.solving = False
            self.players.discard(player)

    async def hint(self, conn: Connection, game: Solitaire) -> dict[str, Any]:
        """A hint from what the player has seen (the position and the one before it)."""
        return await self._for(conn, hint, replace(game, history=game.history[:1]))

    async def winnable(self, conn: Connection, game: Solitaire) -> dict[str, Any]:
        """Can the game still be won? The full-information verdict and its budget."""
        return await self._for(conn, still_winnable, replace(game, history=()), self.solve_seconds)

    async def winnable_meta(
        self, meta: dict[str, Any], conn: Connection | None = None
    ) -> dict[str, Any]:
        """A new solitaire room's options with a random deal the solver has proved
        winnable within a second (up to WINNABLE_TRIES candidates).

        Each candidate is a job of its own (one second at most), queued in the turn of
        ``conn``'s address and player when the creator's connection is given (else in a
        turn shared by every room being created): twelve candidates in one job would hold a
        worker for twelve seconds, twelve times the budget another address may be made to
        wait. The answer is the same: the first candidate proved winnable. Not one
        question at a time: a search for a deal is not a question about a game."""
        seed = new_seed()
        check_meta({**meta, "seed": seed})  # a room it would refuse is not worth a solve
        numbers = [1 + derive_seed(seed, k) % MAX_DEAL for k in range(WINNABLE_TRIES)]
        variant = variant_for(meta["game"], meta.get("draw", 1))
        for candidate in numbers:
            number, line = await self._queued(
                conn, winnable_number, variant, [candidate], WINNABLE_SECONDS
            )
            if line is not None:
                return {**meta, "number": number, "code": None, "daily": None}
        raise RoomError("busy", "No winnable deal was found in time; try again.")
