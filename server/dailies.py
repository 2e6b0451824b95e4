"""Today's games: the same cards for everyone on every node, stored once and never changed.

Gin Rummy's deal comes from the deployment's daily secret (configured, or drawn once and
kept in the store) and the UTC date: a seed derived from a constant in the source would let
anyone compute today's cards. A solitaire's daily deal is the first of a date-derived
sequence of deals that the solver proves winnable within a node budget (not a time budget:
every node finds the same deal, however busy), stored with its winning line.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import os
import secrets
from typing import Any

from server.games.cards import derive_seed, shuffled, standard_deck
from server.games.solitaire import variant_for
from server.games.solitaire.deals import MAX_DEAL
from server.games.solitaire.hints import winnable_number
from server.rooms import SOLITAIRES
from server.solving import Solving
from server.store import Store

DAILY_SEED = 0x6361726472_6F6F6D  # mixed with the server's daily secret, then with the date
SOLITAIRE_DAILY_SEED = 0x736F6C6974_6169  # with the date: today's solitaire deals
DAILY_TRIES, DAILY_NODES, DAILY_SECONDS = 50, 2_000_000, 60.0  # candidates for a daily deal


def today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


class Dailies:
    def __init__(self, store: Store, solving: Solving) -> None:
        self.store = store
        self.solving = solving
        self._secret: int | None = None
        self._pending: dict[str, asyncio.Future] = {}

    async def gin(self, day: dt.date | None = None) -> dict[str, Any]:
        """Today's Gin Rummy deal: seed and first deal's card order."""
        day = day or today()
        seed = derive_seed(await self._daily_secret(), day.toordinal())
        deal = {
            "date": day.isoformat(),
            "game": "gin_rummy",
            "seed": seed,
            "deck": shuffled(standard_deck(), derive_seed(seed, 1)),
        }
        return await self.store.put_daily(f"gin_rummy:{day.isoformat()}", deal)

    async def solitaire(self, game: str, draw: int = 1, day: dt.date | None = None) -> dict:
        """Today's deal of a solitaire. One solve per day and variant on a node: concurrent
        asks wait for the same one (and nodes that solve at once store the same deal)."""
        day = day or today()
        variant = variant_for(game, draw)
        key = f"{game}-{variant.draw}:{day.isoformat()}"
        stored = await self.store.daily(key)
        if stored is not None:
            return stored
        pending = self._pending.get(key)
        if pending is None:
            pending = asyncio.ensure_future(self._find(key, variant, day))
            self._pending[key] = pending
            pending.add_done_callback(lambda _: self._pending.pop(key, None))
        return await asyncio.shield(pending)

    async def _find(self, key: str, variant, day: dt.date) -> dict[str, Any]:
        seed = derive_seed(SOLITAIRE_DAILY_SEED, day.toordinal())
        seed = derive_seed(seed, SOLITAIRES.index(variant.game) * 4 + variant.draw)
        numbers = [1 + derive_seed(seed, k) % MAX_DEAL for k in range(DAILY_TRIES)]
        number, line = await self.solving.run(
            winnable_number, variant, numbers, DAILY_SECONDS, DAILY_NODES
        )
        deal = {
            "date": day.isoformat(),
            "game": variant.game,
            "draw": variant.draw,
            "number": number,
            "line": line,  # None only if no candidate was proved winnable in time
        }
        return await self.store.put_daily(key, deal)

    async def _daily_secret(self) -> int:
        """The secret behind every daily seed: from CARDROOM_DAILY_SECRET, or drawn once and
        kept in the store (shared by every node)."""
        if self._secret is None:
            configured = os.environ.get("CARDROOM_DAILY_SECRET")
            if configured:
                value = int.from_bytes(hashlib.sha256(configured.encode()).digest()[:8], "big")
            else:
                drawn = {"value": secrets.randbits(64)}
                value = (await self.store.put_daily("secret", drawn))["value"]
            self._secret = value ^ DAILY_SEED
        return self._secret
