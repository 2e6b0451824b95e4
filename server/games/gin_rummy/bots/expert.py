"""The expert bot: every decision judged by playing the hand out, in C, against a mix of
opponents.

For each decision worth thinking about (take the top discard or draw from the stock; which
card to discard; knock or play on) the expert draws opponent hands from its
:class:`~server.games.gin_rummy.bots.belief.Belief` (the Bayes-updated chance of every unseen
card being held, hands in which a card the opponent took melds with nothing redrawn) and a
stock order for each, then plays every option out to the end of the hand on the same deals
(common random numbers, so the options are compared on equal luck). The playouts run in C
(:mod:`._sim`, a whole hand in a few microseconds) with the engine's scoring: lay-offs,
undercuts, gin.

What moved the figures (see the module docstring of :mod:`server.games.gin_rummy.bots`):

* every discard is judged, not only the hard bot's first three, and a knock is an option
  beside each discard that allows it;
* the opponent in a playout is not always the greedy player: the samples cycle through a mix
  (greedy, the research baseline's take-any-meld-card and random tie-break, a low knocker
  that waits for 5 or less, a gin waiter that knocks late), so a choice has to be good
  against more than one kind of player;
* more samples only for close decisions: a first round of ``samples`` deals; if the best two
  options are within ``close`` standard errors, ``more`` deals follow;
* the hard bot's choice is the baseline, and an alternative must beat it by ``confidence``
  standard errors of the paired differences (noise in a few dozen playouts does not pick a
  worse discard by chance);
* a match-point bonus makes a knock that ends the match, or a risk that loses it, count for
  more.

Thinking is bounded by a number of samples, not by the clock, so the bot stays a
deterministic function of (view, seed).
"""

from __future__ import annotations

import math

from server.games.cards import CARDS
from server.games.gin_rummy.bots import _sim
from server.games.gin_rummy.bots.belief import Belief
from server.games.gin_rummy.bots.levels import HardBot
from server.games.gin_rummy.bots.playout import BIT_OF
from server.games.gin_rummy.bots.table import Table, discard_options

MATCH_BONUS = 40

# Playout policies, as numbered in _sim.c.
GREEDY, SIMPLE, LOW_KNOCK, GIN_WAIT, TIMED = range(5)
# (own policy, opponent's policy) per sample, in turn.
POLICY_MIX = (
    (GREEDY, GREEDY),
    (GREEDY, SIMPLE),
    (GREEDY, GREEDY),
    (GREEDY, LOW_KNOCK),
    (GREEDY, GREEDY),
    (GREEDY, SIMPLE),
    (GREEDY, GREEDY),
    (GREEDY, GIN_WAIT),
)
INDEX = {c: i for i, c in enumerate(CARDS)}
DISCARD, TAKE, STOCK = 0, 1, 2


class ExpertBot(HardBot):
    level = "expert"
    samples = 96
    more = 320
    close = 2.0
    confidence = 1.5
    policies = POLICY_MIX

    def _utility(self, table: Table, points: int) -> float:
        me, opp = table.scores[table.seat], table.scores[table.opp]
        if points > 0 and me + points >= table.target:
            return points + MATCH_BONUS
        if points < 0 and opp - points >= table.target:
            return points - MATCH_BONUS
        return points

    def judge(self, table: Table, options: list[tuple[int, int, int]], salt: str):
        """Per option, the utility of each sampled deal (more deals when the call is close)."""
        return self.utilities(table, self.playouts(table, options, salt))

    def utilities(self, table: Table, points: list[list[int]]) -> list[list[float]]:
        """The playouts' hand points (from the seat's side) as utilities: with the bonus for
        points that win or lose the match."""
        utility = self._utility
        cache: dict[int, float] = {}
        return [
            [cache[p] if p in cache else cache.setdefault(p, utility(table, p)) for p in row]
            for row in points
        ]

    def playouts(self, table: Table, options: list[tuple[int, int, int]], salt: str):
        """Per option, the hand points (from the seat's side) of each sampled deal."""
        deals = self.deals(table)
        rng = table.rng(self.seed, salt)
        points = self.sampled(deals, options, self.samples, rng.getrandbits(64))
        if len(options) > 1 and _close(points, self.close):
            extra = self.sampled(deals, options, self.more, rng.getrandbits(64))
            points = [a + b for a, b in zip(points, extra, strict=True)]
        return points

    @staticmethod
    def deals(table: Table) -> tuple:
        """What the playouts draw deals from, for the seat at ``table``: its hand, the pile,
        the cards it knows the opponent holds, and every unseen card with its weight (the
        chance it is in the opponent's hand, from :class:`Belief`)."""
        belief = Belief(table)
        unseen = belief.unseen
        weights = [belief.weights[c] for c in unseen]
        pile = [INDEX[c] for c in table.pile]
        known = sum(BIT_OF[c] for c in belief.known)
        return (table.mask, pile, known, [INDEX[c] for c in unseen], weights, belief.unknown_count)

    def sampled(
        self, deals: tuple, options: list[tuple[int, int, int]], samples: int, seed: int
    ) -> list[list[int]]:
        """Per option, the points of ``samples`` playouts on deals drawn from ``deals``
        (:meth:`deals`) by ``seed``: every option on the same deals."""
        flat = [p for pair in self.policies for p in pair]
        return _sim.judge(*deals, options, samples, seed, flat)

    def take(self, table: Table) -> bool:
        """Take the top discard or draw blind, judged by playouts whatever the card: taking
        only cards that meld passed up a low card that lets the hand knock at once, and cards
        the playouts (and hard bots playing the hand out) value several points above a blind
        draw: 23 of the expert's 29 mistakes in 40 reviewed matches."""
        top = table.top
        if top is None:
            return False
        baseline = super().take(table)
        options = [(TAKE, 0, 0), (STOCK, 0, 0)] if baseline else [(STOCK, 0, 0), (TAKE, 0, 0)]
        results = self.judge(table, options, "draw")
        return (clearly_best(results, self.confidence) == 0) == baseline

    def discard(self, table: Table) -> tuple[str, bool]:
        options = discard_options(table.mask, table.hand, table.taken)
        least = min(dw for dw, _ in options)
        if least == 0:
            return next(c for dw, c in options if dw == 0), True
        scored = sorted(self.score_discards(table, options))
        deadwood = {c: dw for dw, c in options}
        first = scored[0][2]
        choices = [(first, self.should_knock(table, deadwood[first]))]
        for _, _, card, dw in scored:
            choices += [(card, False)] + ([(card, True)] if dw <= 10 else [])
        choices = list(dict.fromkeys(choices))
        if len(choices) == 1:
            return choices[0]
        results = self.judge(table, [(DISCARD, INDEX[c], int(k)) for c, k in choices], "discard")
        return choices[clearly_best(results, self.confidence)]


def _close(points: list[list[int]], margin: float) -> bool:
    """True if the best two options' paired difference is within ``margin`` standard errors."""
    means = sorted(range(len(points)), key=lambda i: -sum(points[i]))
    a, b = points[means[0]], points[means[1]]
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean <= margin * math.sqrt(var / n)


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
