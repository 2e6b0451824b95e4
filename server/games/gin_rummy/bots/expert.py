"""The expert bot: a belief over the opponent's hand, judged by determinized Monte Carlo.

For each decision worth thinking about (take the top discard or not; which card to discard;
knock or play on) the expert draws opponent hands from its :class:`Belief` (the Bayes-updated
chance of every unseen card being held) and a random stock order for each, then plays every
option out to the end of the hand on the same samples (common random numbers, so the options
are compared on equal luck). The option with the best average result wins. A match-point
bonus makes a knock that ends the match, or a risk that loses it, count for more.

Thinking is bounded by a number of samples, not by the clock, so the bot stays a
deterministic function of (view, seed).
"""

from __future__ import annotations

from server.games.gin_rummy.bots.belief import Belief
from server.games.gin_rummy.bots.levels import HardBot
from server.games.gin_rummy.bots.playout import (
    BIT_OF,
    greedy_discard,
    knock_points,
    melds_with,
    play_out,
)
from server.games.gin_rummy.bots.table import Table, discard_options

MATCH_BONUS = 40


class ExpertBot(HardBot):
    level = "expert"
    samples = 100
    candidates = 3
    confidence = 2.0

    def _utility(self, table: Table, points: int) -> float:
        me, opp = table.scores[table.seat], table.scores[table.opp]
        if points > 0 and me + points >= table.target:
            return points + MATCH_BONUS
        if points < 0 and opp - points >= table.target:
            return points - MATCH_BONUS
        return points

    def _deals(self, table: Table, salt: str):
        belief = Belief(table)
        rng = table.rng(self.seed, salt)
        pile = [BIT_OF[c] for c in table.pile]
        for _ in range(self.samples):
            hand, stock = belief.sample(rng)
            yield sum(BIT_OF[c] for c in hand), [BIT_OF[c] for c in stock], pile

    def take(self, table: Table) -> bool:
        top = table.top
        if top is None or not melds_with(table.mask, BIT_OF[top]):
            return False
        top_bit = BIT_OF[top]
        totals = [0.0, 0.0]  # stock, take
        for opp, stock, pile in self._deals(table, "draw"):
            for option in (0, 1):
                deck, heap = list(stock), list(pile)
                if option:
                    mask = table.mask | heap.pop()
                    forbidden = top_bit
                else:
                    mask = table.mask | deck.pop()
                    forbidden = 0
                card, left = greedy_discard(mask, forbidden)
                mask ^= card
                if left <= 10:
                    points = knock_points(mask, opp)
                else:
                    heap.append(card)
                    points = 0 if len(deck) <= 2 else play_out([mask, opp], deck, heap, 1)
                totals[option] += self._utility(table, points)
        return totals[1] > totals[0]

    def discard(self, table: Table) -> tuple[str, bool]:
        options = discard_options(table.mask, table.hand, table.taken)
        least = min(dw for dw, _ in options)
        if least == 0:
            return next(c for dw, c in options if dw == 0), True
        ranked = self.ranked_discards(table, options)
        deadwood = {c: dw for dw, c in options}
        first = ranked[0]
        # The hard bot's choice is the baseline; the samples must show an alternative is
        # clearly better (paired difference beyond ``confidence`` standard errors), so noise
        # in a few dozen playouts does not pick a worse discard by chance.
        choices = [(first, self.should_knock(table, deadwood[first]))]
        for card in ranked[: self.candidates]:
            choices += [(card, False)] + ([(card, True)] if deadwood[card] <= 10 else [])
        choices += [(c, True) for dw, c in options if dw == least <= 10]
        choices = list(dict.fromkeys(choices))
        if len(choices) == 1:
            return choices[0]
        results: list[list[float]] = [[] for _ in choices]
        for opp, stock, pile in self._deals(table, "discard"):
            for i, (card, knock) in enumerate(choices):
                mask = table.mask ^ BIT_OF[card]
                if knock:
                    points = knock_points(mask, opp)
                elif table.stock_count <= 2:
                    points = 0
                else:
                    points = play_out([mask, opp], list(stock), [*pile, BIT_OF[card]], 1)
                results[i].append(self._utility(table, points))
        return choices[clearly_best(results, self.confidence)]

    def ranked_discards(self, table: Table, options) -> list[str]:
        """Discards in the hard bot's order of preference (best first)."""
        scored = self.score_discards(table, options)
        return [card for _, _, card, _ in sorted(scored)]


def clearly_best(results: list[list[float]], confidence: float) -> int:
    """Index of the option with the best mean if it beats option 0 by ``confidence``
    standard errors of the paired differences; otherwise 0."""
    means = [sum(r) / len(r) for r in results]
    best = max(range(len(results)), key=lambda i: (means[i], -i))
    if best == 0:
        return 0
    diffs = [a - b for a, b in zip(results[best], results[0], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return best if mean > confidence * (var / n) ** 0.5 else 0
