"""Reference opponents for the tournament tool, written to fixed descriptions.

They measure the product's bots against kinds of players the levels are not: they are not
lobby levels and no room can seat them (:func:`server.games.gin_rummy.bots.make_bot` does not
know them). Both take the top discard as the normal bot does (when it joins a meld and
lowers the deadwood) and otherwise discard the card leaving the least deadwood, the higher
card on ties; they differ in what they refuse to do.

* ``defensive``: never discards a card adjacent to or matching one the opponent took from the
  discard pile this hand (the same rank, or the same suit one rank away), and knocks only at
  deadwood 5 or less, or gin. Only when every allowed discard is such a card (a rare 11-card
  hand) does it throw the one leaving the least deadwood anyway.
* ``cautious`` (cautious to be undercut): waits for gin while the stock is long (more than
  ``long_stock`` cards) and only then knocks, at 10 or less: it knocks late.
"""

from __future__ import annotations

from server.games.cards import RANKS
from server.games.gin_rummy.bots import make_bot
from server.games.gin_rummy.bots.base import Bot
from server.games.gin_rummy.bots.levels import NormalBot
from server.games.gin_rummy.bots.table import Table, discard_options
from server.games.gin_rummy.melds import VALUES


def feeds(card: str, taken: str) -> bool:
    """True if ``card`` matches the rank of ``taken`` or sits next to it in its suit."""
    if card[0] == taken[0]:
        return card != taken
    return card[1] == taken[1] and abs(RANKS.index(card[0]) - RANKS.index(taken[0])) == 1


def _least(options: list[tuple[int, str]]) -> tuple[int, str]:
    return min(options, key=lambda o: (o[0], -VALUES[o[1]], o[1]))


class DefensiveBot(NormalBot):
    level = "defensive"
    knock_at = 5

    def discard(self, table: Table) -> tuple[str, bool]:
        options = discard_options(table.mask, table.hand, table.taken)
        safe = [o for o in options if not any(feeds(o[1], t) for t in table.opp_taken)]
        left, card = _least(safe or options)
        return card, left <= self.knock_at


class CautiousBot(NormalBot):
    level = "cautious"
    long_stock = 10

    def discard(self, table: Table) -> tuple[str, bool]:
        left, card = _least(discard_options(table.mask, table.hand, table.taken))
        return card, left == 0 or (left <= 10 and table.stock_count <= self.long_stock)


REFERENCES: dict[str, type[Bot]] = {"defensive": DefensiveBot, "cautious": CautiousBot}
NAMES = ("expert", "hard", "normal", "easy", "simple", *REFERENCES)
"""Everything the tournament tool can seat: the lobby levels, the baseline, the references."""


def player(name: str, seed: int = 0) -> Bot:
    """A level's bot, the research baseline or a reference opponent."""
    if name in REFERENCES:
        return REFERENCES[name](seed)
    try:
        return make_bot(name, seed)
    except ValueError:
        raise ValueError(f"unknown player {name!r}; try one of {', '.join(NAMES)}") from None
