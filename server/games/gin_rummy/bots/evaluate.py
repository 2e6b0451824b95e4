"""Measures the thinking bots share: how useful a card is to the opponent, how many draws
would improve a hand, and which cards sit next to which."""

from __future__ import annotations

from server.games.cards import RANKS
from server.games.gin_rummy.bots.belief import Belief
from server.games.gin_rummy.bots.table import best_after_draw
from server.games.gin_rummy.melds import CARD_BITS, deadwood_of_mask

NEIGHBOURS: dict[str, tuple[str, ...]] = {}
"""For each card: the cards of its rank and its suit neighbours up to two away."""


def _neighbours() -> None:
    from server.games.cards import CARDS, SUITS

    for card in CARDS:
        rank, suit = RANKS.index(card[0]), card[1]
        near = [card[0] + s for s in SUITS if s != suit]
        near += [RANKS[r] + suit for r in range(rank - 2, rank + 3) if 0 <= r < 13 and r != rank]
        NEIGHBOURS[card] = tuple(near)


_neighbours()


def meld_chance(card: str, prob) -> float:
    """Probability that a player holding cards with probabilities ``prob`` can meld ``card``.

    A set needs two more of the rank; a run needs the two cards below, the two above, or one
    on each side. The cards are treated as independent.
    """
    rank, suit = RANKS.index(card[0]), card[1]
    same = [prob(card[0] + s) for s in "SHDC" if s != suit]
    a, b, c = same
    p_set = a * b + a * c + b * c - 2 * a * b * c

    def p(r: int) -> float:
        return prob(RANKS[r] + suit) if 0 <= r < 13 else 0.0

    lo2, lo1, hi1, hi2 = p(rank - 2), p(rank - 1), p(rank + 1), p(rank + 2)
    miss_run = (1 - lo2 * lo1) * (1 - lo1 * hi1) * (1 - hi1 * hi2)
    return 1 - (1 - p_set) * miss_run


def stock_odds(belief: Belief) -> dict[str, float]:
    """For each unseen card, the chance it is the next stock card."""
    unseen = belief.unseen
    if not unseen:
        return {}
    q = {c: 1.0 - belief.prob(c) for c in unseen}
    total = sum(q.values()) or 1.0
    return {c: v / total for c, v in q.items()}


def potential(mask10: int, odds: dict[str, float]) -> float:
    """Expected deadwood saved by the next draw from the stock (0 if no card helps)."""
    now = deadwood_of_mask(mask10)
    if now == 0:
        return 0.0
    bits = CARD_BITS
    gain = 0.0
    for card, chance in odds.items():
        # Only a card next to one in the hand can complete a meld; any card below the
        # highest loose card could still replace it, which the cheap lower bound ignores.
        if not any(mask10 & bits[n] for n in NEIGHBOURS[card]):
            continue
        better = now - best_after_draw(mask10, card)
        if better > 0:
            gain += chance * better
    return gain
