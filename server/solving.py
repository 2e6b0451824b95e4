"""The solitaire solver as a service of the node: hints, "can this still be won?" and
winnable deals, worked out in the solver's worker processes, off the event loop."""

from __future__ import annotations

import asyncio
import secrets
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from server.games.cards import derive_seed
from server.games.solitaire import Solitaire, variant_for
from server.games.solitaire.deals import MAX_DEAL
from server.games.solitaire.hints import hint, still_winnable, winnable_number
from server.rooms import RoomError, check_meta
from server.rooms.connection import Connection

WINNABLE_TRIES, WINNABLE_SECONDS = 12, 1.0  # for "winnable deals only"


class Solving:
    def __init__(self, pool: ProcessPoolExecutor, solve_seconds: float) -> None:
        self.pool = pool
        self.solve_seconds = solve_seconds

    async def run(self, fn, *args):
        """Run solver work in the solver pool."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def _for(self, conn: Connection, fn, *args):
        """One question at a time per client: the solver workers are shared by everyone."""
        if conn.solving:
            raise RoomError("busy", "Wait for the answer to your last question.")
        conn.solving = True
        try:
            return await self.run(fn, *args)
        finally:
            conn.solving = False

    async def hint(self, conn: Connection, game: Solitaire) -> dict[str, Any]:
        """A hint from what the player has seen (the position and the one before it)."""
        return await self._for(conn, hint, replace(game, history=game.history[:1]))

    async def winnable(self, conn: Connection, game: Solitaire) -> dict[str, Any]:
        """Can the game still be won? The full-information verdict and its budget."""
        return await self._for(conn, still_winnable, replace(game, history=()), self.solve_seconds)

    async def winnable_meta(self, meta: dict[str, Any]) -> dict[str, Any]:
        """A new solitaire room's options with a random deal the solver has proved
        winnable within a second (up to WINNABLE_TRIES candidates)."""
        seed = secrets.randbits(64)
        check_meta({**meta, "seed": seed})  # a room it would refuse is not worth a solve
        numbers = [1 + derive_seed(seed, k) % MAX_DEAL for k in range(WINNABLE_TRIES)]
        variant = variant_for(meta["game"], meta.get("draw", 1))
        number, line = await self.run(winnable_number, variant, numbers, WINNABLE_SECONDS)
        if line is None:
            raise RoomError("busy", "No winnable deal was found in time; try again.")
        return {**meta, "number": number, "code": None, "daily": None}
