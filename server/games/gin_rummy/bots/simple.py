"""The research baseline ("simple" player), for measurement only.

Takes the upcard or the top discard only if it would then belong to a meld, otherwise draws
from the stock; discards a random card among those that leave the least deadwood, never the
card just taken; knocks at the first chance.
"""

from __future__ import annotations

from server.games.gin_rummy.bots.base import Bot
from server.games.gin_rummy.bots.table import Table, discard_options
from server.games.gin_rummy.melds import candidate_melds


def completes_meld(hand: list[str], card: str) -> bool:
    """True if ``card`` belongs to some meld formed with ``hand``."""
    return any(card in meld for meld in candidate_melds([*hand, card]))


class SimpleBot(Bot):
    level = "simple"

    def take(self, table: Table) -> bool:
        return table.top is not None and completes_meld(table.hand, table.top)

    def discard(self, table: Table) -> tuple[str, bool]:
        options = discard_options(table.mask, table.hand, table.taken)
        least = min(dw for dw, _ in options)
        choices = sorted(c for dw, c in options if dw == least)
        card = table.rng(self.seed).choice(choices)
        return card, least <= 10
