"""Today's games: the same cards for everyone on every node, stored once and never changed.

Every daily deal comes from the deployment's daily secret (``CARDROOM_DAILY_SECRET``, or
drawn once and kept in the store) and the UTC date, through HMAC-SHA256: nothing in the
source gives a day's cards, and the derivation is one-way, so a day's seed made public once
the day is over (a Gin Rummy replay holds its seed) tells nothing of the secret or of any
other day. (SplitMix64 is not one-way: a seed derived from the secret with it would give the
secret back.)

A solitaire's deal of the day is not a numbered deal (the face-up cards of a numbered deal
identify it among the 999 999 in seconds, with its winning line): it is the first of
DAILY_TRIES deck orders shuffled from the day's seed that the solver proves winnable within a
node budget (not a time budget: every node finds the same deal, however busy), stored with
its deck order and its winning line under a set-if-absent key, so exactly one deal is the
day's even when two nodes find one at the same moment. Its daily code
(``EH1-N-D20261201``, :func:`server.games.solitaire.deals.daily_code`) names it; nothing about
it leaves the server before the day is over, and after it the code rebuilds it from the store
(:meth:`Dailies.past_solitaire`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from collections.abc import Callable
from typing import Any

from server.config import utc_now
from server.flights import Flights
from server.games.cards import derive_seed, double_deck, shuffled, standard_deck
from server.games.solitaire import Variant, variant_for
from server.games.solitaire.hints import winnable_order
from server.seeds import new_key
from server.services.solving import Solving
from server.store.dailies import DailyStore

DAILY_TRIES, DAILY_NODES, DAILY_SECONDS = 50, 2_000_000, 60.0  # candidates for a daily deal
SOLITAIRE_KINDS = (("easy_harp", 1), ("reflechi", 1), ("reflechi", 3))
"""Every solitaire and draw that has a deal of the day."""


def kind_name(game: str, draw: int) -> str:
    """``easy_harp``, ``reflechi_draw1``, ``reflechi_draw3``: as ``/api/daily`` names them."""
    return game if game == "easy_harp" else f"{game}_draw{draw}"


def day_seed(key: bytes, kind: str, day: dt.date) -> int:
    """The 64-bit seed of ``kind``'s deal of ``day``: HMAC-SHA256, keyed with the secret."""
    digest = hmac.new(key, f"cardroom-daily:{kind}:{day.isoformat()}".encode(), hashlib.sha256)
    return int.from_bytes(digest.digest()[:8], "big")


def solitaire_orders(variant: Variant, seed: int) -> list[list[str]]:
    """The candidate deck orders of a day's deal, in the order they are tried."""
    deck = double_deck() if variant.decks == 2 else standard_deck()
    return [shuffled(deck, derive_seed(seed, k)) for k in range(DAILY_TRIES)]


def solitaire_key(variant: Variant, day: dt.date) -> str:
    return f"{variant.game}-{variant.draw}:{day.isoformat()}"


class Dailies:
    def __init__(
        self,
        store: DailyStore,
        solving: Solving,
        clock: Callable[[], dt.datetime] = utc_now,
        secret: str | None = None,
    ) -> None:
        self.store = store
        self.solving = solving
        self.clock = clock
        self.configured = secret
        self._key: bytes | None = None
        self._pending = Flights()

    def today(self) -> dt.date:
        """Today in UTC, by this node's clock (a test sets the clock through the config)."""
        return self.clock().astimezone(dt.UTC).date()

    def is_over(self, day: str | dt.date | None) -> bool:
        """``day`` (an ISO date) is over: its daily deals and replays are public. None (not
        a daily game) is."""
        if day is None:
            return True
        return str(day) < self.today().isoformat()

    async def gin(self, day: dt.date | None = None) -> dict[str, Any]:
        """Today's Gin Rummy deal: seed and first deal's card order."""
        day = day or self.today()
        seed = day_seed(await self.secret(), "gin_rummy", day)
        deal = {
            "date": day.isoformat(),
            "game": "gin_rummy",
            "seed": seed,
            "deck": shuffled(standard_deck(), derive_seed(seed, 1)),
        }
        return await self.store.put_daily(f"gin_rummy:{day.isoformat()}", deal)

    async def solitaire(self, game: str, draw: int = 1, day: dt.date | None = None) -> dict:
        """Today's deal of a solitaire (``date``, ``game``, ``draw``, ``order``: the deck
        order, ``line``: its winning line). One solve per day and variant on a node:
        concurrent asks wait for the same one; nodes that solve at once store one deal."""
        day = day or self.today()
        variant = variant_for(game, draw)
        key = solitaire_key(variant, day)
        stored = await self.store.daily(key)
        if stored is not None:
            return stored
        return await self._pending.run(key, lambda: self._find(key, variant, day))

    async def past_solitaire(self, variant: Variant, day: dt.date) -> dict[str, Any] | None:
        """The stored deal of a day that is over; None for a day not over, or one whose deal
        this server never dealt (or no longer keeps). Never solves: a code names a deal
        that was the day's, not one found now."""
        if not self.is_over(day):
            return None
        return await self.store.daily(solitaire_key(variant, day))

    async def _find(self, key: str, variant: Variant, day: dt.date) -> dict[str, Any]:
        kind = f"{variant.game}-{variant.draw}"
        orders = solitaire_orders(variant, day_seed(await self.secret(), kind, day))
        index, line = await self.solving.run(
            winnable_order, variant, orders, DAILY_SECONDS, DAILY_NODES
        )
        deal = {
            "date": day.isoformat(),
            "game": variant.game,
            "draw": variant.draw,
            "order": orders[index],
            "line": line,  # None only if no candidate was proved winnable in time
        }
        return await self.store.put_daily(key, deal)

    async def secret(self) -> bytes:
        """The key behind every daily seed: the configured secret (CARDROOM_DAILY_SECRET),
        or one drawn once and kept in the store (shared by every node; the first node to
        draw one sets it)."""
        if self._key is None:
            if self.configured:
                self._key = hashlib.sha256(self.configured.encode()).digest()
            else:
                drawn = {"key": new_key()}
                kept = await self.store.put_daily("secret", drawn)
                if "key" in kept:
                    self._key = bytes.fromhex(kept["key"])
                else:  # drawn by an earlier version: a 64-bit value
                    self._key = int(kept["value"]).to_bytes(8, "big")
        return self._key
