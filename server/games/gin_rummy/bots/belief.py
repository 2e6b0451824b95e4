"""Where the opponent's unknown cards probably are: a weight for every unseen card.

Naive Bayes over the opponent's public choices. Every unseen card starts with weight 1 (the
prior: the opponent's unknown cards are a uniform draw from the unseen ones). Each choice
multiplies the weights of the cards that would meld with the card concerned (the other three
of its rank, its suit neighbours one and two away) by a likelihood ratio:

* the opponent took a card: holding its partners made the take likely, so they go up;
* it passed the upcard or drew from the stock instead of the top discard: it probably holds
  none of the partners that would have made the card useful, so they go down;
* it discarded a card: players rarely throw away a card they can meld, so partners go down.

``prob(card)`` scales the weights so they add up to the number of unknown cards in the
opponent's hand; :meth:`Belief.sample` draws opponent hands in proportion to the weights.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from server.games.cards import RANKS, SUITS
from server.games.gin_rummy.bots.playout import melds_with
from server.games.gin_rummy.bots.table import Table
from server.games.gin_rummy.melds import CARD_BITS

# Likelihood ratios: (same rank, suit neighbour one away, suit neighbour two away).
TOOK = (3.0, 3.0, 1.6)
DECLINED = (0.3, 0.35, 0.7)
DISCARDED = (0.4, 0.5, 0.8)
RATIOS = {"took": TOOK, "declined": DECLINED, "discarded": DISCARDED}


def partners(card: str) -> Iterable[tuple[str, int]]:
    """Cards that meld with ``card``, with their kind: 0 same rank, 1 or 2 suit distance."""
    rank, suit = RANKS.index(card[0]), card[1]
    for s in SUITS:
        if s != suit:
            yield card[0] + s, 0
    for step in (1, 2):
        for r in (rank - step, rank + step):
            if 0 <= r < 13:
                yield RANKS[r] + suit, step


class Belief:
    """Weights over the unseen cards for being in the opponent's hand."""

    attempts = 8
    require_melds = True

    def __init__(self, table: Table) -> None:
        self.unseen = table.unseen
        self.known = set(table.opp_known)
        self.unknown_count = max(0, 10 - len(self.known))
        weights = dict.fromkeys(self.unseen, 1.0)
        for kind, card in table.signals:
            ratios = RATIOS[kind]
            for other, relation in partners(card):
                if other in weights:
                    weights[other] *= ratios[relation]
        self.weights = weights
        total = sum(weights.values())
        self._scale = self.unknown_count / total if total else 0.0

    def prob(self, card: str) -> float:
        """Probability that ``card`` is in the opponent's hand (1 for a known card)."""
        if card in self.known:
            return 1.0
        return min(1.0, self.weights.get(card, 0.0) * self._scale)

    def sample(self, rng: random.Random) -> tuple[list[str], list[str]]:
        """One opponent hand (known cards + a weighted draw) and the rest as a shuffled stock.

        Weighted sampling without replacement by exponential keys (Efraimidis-Spirakis). A
        player takes a discard to meld it, so hands in which a card the opponent took and
        still holds melds with nothing are redrawn (a few times at most).
        """
        for _ in range(self.attempts):
            keyed = sorted(
                self.unseen,
                key=lambda c: rng.random() ** (1.0 / self.weights[c]),
                reverse=True,
            )
            hand = list(self.known) + keyed[: self.unknown_count]
            if self._plausible(hand):
                break
        stock = keyed[self.unknown_count :]
        rng.shuffle(stock)
        return hand, stock

    def _plausible(self, hand: list[str]) -> bool:
        if not self.known or not self.require_melds:
            return True
        mask = sum(CARD_BITS[c] for c in hand)
        return all(melds_with(mask ^ CARD_BITS[c], CARD_BITS[c]) for c in self.known)
