"""The review of a Gin Rummy match: what each decision of a seat cost, in expected points.

Every decision a seat made (take or pass the upcard, the stock or the discard pile, which card
to discard, knock or play on, which card to knock with) is judged again, **from that seat's
view at that moment only**: the view a human in the seat was sent, read by the same
:func:`~server.games.gin_rummy.bots.table.read_view` the bots use. The alternatives are
played out to the end of the hand by the expert's playouts (C, :mod:`.bots._sim`) on deals of
the unseen cards drawn from what the seat has seen (:class:`.bots.belief.Belief`), every
alternative on the same deals (common random numbers). So a review never uses a card the
seat could not see then: it is a function of the seat's view alone, and comes out the same
whatever the opponent's hidden cards and the stock really were (tests/rules/test_review.py checks
that on reshuffled deals).

The decisions are the bots' own model of the game: taking the upcard (or the top discard) is
judged against drawing from the stock, and passing the upcard counts as not taking it (the
other seat's chance at the upcard is not played out). The points are the hand's points from
the seat's side (gin, undercut and knock bonuses included, lay-offs played by the engine's
rules), with the expert's bonus for points that win or lose the match.

Each decision also carries the seat's chance to win the match after the chosen and after the
best option: every playout's hand scored onto the match, then the chance from the score it
leaves (:mod:`..equity`), averaged. The replay's graph follows it over the match.

A decision is judged in two stages, because the best of ten options, each estimated from a
few hundred playouts, is the largest of ten noisy means: judged on the same playouts that
chose it, its lead over the chosen option is biased upward (the winner's curse), and good
play got marked. So:

1. **Choosing**: every option is played out on :data:`SELECT_SAMPLES` deals; the one with the
   best mean is the *candidate*. If it is the chosen option, the decision lost nothing. If
   even this biased lead is clearly below the smallest mark (:data:`BOUND` standard errors
   above it still under the threshold), no more is spent on it: it lost that little.
2. **Measuring**: the candidate and the chosen option are played out again on fresh deals (a
   seed of their own, the same deals for both): their mean paired difference is the loss,
   free of the choice's bias. While a mark's threshold lies within :data:`BOUND` standard
   errors of it, the batch doubles, up to :data:`MEASURE_MAX` playouts per option and within
   the review's :data:`REVIEW_BUDGET`.

A decision is marked (:data:`MARKS`) by the lower bound of its loss: the loss minus
:data:`BOUND` standard errors must reach the mark's threshold. A knock against playing on
whose difference is within the noise gets no mark, whichever way the mean leans. Playouts are
counted, not timed, so a review stays a function of the seat's view (and the seeds) alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from server.games.cards import CARDS
from server.games.gin_rummy.actions import Action
from server.games.gin_rummy.bots.expert import DISCARD, STOCK, TAKE, ExpertBot
from server.games.gin_rummy.bots.table import Table, discard_options, read_view
from server.games.gin_rummy.equity import after_hand
from server.games.gin_rummy.game import Match, new_match

INDEX = {c: i for i, c in enumerate(CARDS)}

SELECT_SAMPLES = 256
"""Stage 1: playouts per option to choose the candidate best (the standard error of a mean is
then about 1.3 points: the spread of a hand's points is about 20)."""

MEASURE_SAMPLES = 256
"""Stage 2: the first batch of fresh playouts per option for the candidate and the chosen."""

MEASURE_MAX = 4096
"""Stage 2's playouts per option at most, for one decision (the paired differences' standard
error is then about 0.2 points)."""

REVIEW_BUDGET = 600_000
"""Playouts (options times deals) a review may add beyond each decision's first measuring
batch, on the decisions whose mark is still undecided: about 2 s of one core."""

REVIEW_SEED = 0
"""The playouts' seed: a review is a function of the seat's view (and this seed) only."""

BOUND = 2.5
"""A mark needs the loss's lower bound, this many standard errors below its mean, to reach
the threshold (about one chance in 160 that a loss just under it is marked)."""

MARKS = (("blunder", 10.0), ("mistake", 4.0), ("inaccuracy", 1.5))
"""Thresholds in expected points, largest first, chosen from the losses of 12 043 decisions
of 54 bot matches to 100 (bench/review.py, 2026-12-03): half of all decisions lose nothing,
p90 3.1, p95 5.3, p98 9.1, p99 13.0 points.

* inaccuracy, 1.5: what 7 % of the expert's decisions lose and 21-24 % of the other levels';
* mistake, 4: about p92 of all decisions; 1.2 % of the expert's, 8-11 % of the others';
* blunder, 10: about p98.5; one decision in a thousand of the expert's, 1.5-2.9 % of the
  others' (most of them a knock made or missed).

(Those losses were measured on the playouts that chose the best: biased upward. Marks now
need the measured loss's lower bound to reach the threshold: :data:`BOUND`.)"""

DRAW_KINDS = {"take_upcard": TAKE, "draw_discard": TAKE, "pass": STOCK, "draw_stock": STOCK}


class Reviewer(ExpertBot):
    """The expert's playouts and utilities, spent as the two stages say. ``scale`` multiplies
    every count (a second, larger look at a decision: bench/review.py); ``budget`` is what
    the review may add to first batches (:data:`REVIEW_BUDGET`), spent as it goes."""

    def __init__(self, seed: int = REVIEW_SEED, scale: int = 1, budget: int | None = None):
        super().__init__(seed)
        self.scale = scale
        self.left = REVIEW_BUDGET * scale if budget is None else budget

    def choose(self, table: Table, deals: tuple, options: list) -> list[list[int]]:
        """Stage 1: every option's points on the choosing deals."""
        seed = table.rng(self.seed, "review").getrandbits(64)
        return self.sampled(deals, options, SELECT_SAMPLES * self.scale, seed)

    def measure(self, table: Table, deals: tuple, pair: list) -> tuple[list[float], list]:
        """Stage 2: the candidate's utility minus the chosen's on fresh deals, as many as the
        marks need (:func:`undecided`); and both options' points, for the chance to win."""
        rng = table.rng(self.seed, "review-measure")
        batch, most = MEASURE_SAMPLES * self.scale, MEASURE_MAX * self.scale
        diffs: list[float] = []
        points: list[list[int]] = [[], []]
        while True:
            found = self.sampled(deals, pair, batch, rng.getrandbits(64))
            rows = self.utilities(table, found)
            diffs += [a - b for a, b in zip(rows[0], rows[1], strict=True)]
            points = [points[0] + found[0], points[1] + found[1]]
            batch = min(len(diffs), most - len(diffs))
            loss, error = _mean(diffs), _error(diffs)
            if batch <= 0 or not undecided(loss, error) or self.left < 2 * batch:
                return diffs, points
            self.left -= 2 * batch


@dataclass
class Decision:
    """One decision of the seat, judged."""

    at: int  # index of the action in the match's log
    hand_no: int
    kind: str  # "draw" (upcard, stock or pile) or "discard" (a discard or a knock)
    chosen: dict[str, Any]
    best: dict[str, Any]
    chosen_points: float
    best_points: float
    loss: float
    error: float  # standard error of the loss
    options: int
    mark: str | None
    chance: float  # the seat's chance to win the match after the chosen option (0..1)
    best_chance: float  # the same after the best option

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _mean(row: list[float]) -> float:
    return sum(row) / len(row)


def _error(diffs: list[float]) -> float:
    """The standard error of the mean of ``diffs``."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return math.sqrt(var / n)


def mark_for(loss: float, error: float) -> str | None:
    """The mark of a loss of ``loss`` points whose standard error is ``error``: the largest
    whose threshold the lower bound (BOUND errors below the loss) reaches."""
    low = loss - BOUND * error
    return next((name for name, threshold in MARKS if low >= threshold), None)


def undecided(loss: float, error: float) -> bool:
    """Could more playouts change the mark? A threshold lies between the loss's lower and
    upper bounds."""
    return any(loss - BOUND * error < t <= loss + BOUND * error for _, t in MARKS)


def _as_action(option: tuple[int, int, int], phase: str) -> dict[str, Any]:
    kind, card, knock = option
    if kind == TAKE:
        return {"type": "take_upcard" if phase == "offer" else "draw_discard"}
    if kind == STOCK:
        return {"type": "pass" if phase == "offer" else "draw_stock"}
    return {"type": "knock" if knock else "discard", "card": CARDS[card]}


def options_of(table: Table) -> list[tuple[int, int, int]]:
    """The seat's alternatives at ``table``, as the playouts number them."""
    if table.phase in ("offer", "draw"):
        if table.top is None or table.stock_only:
            return [(STOCK, 0, 0)]
        return [(TAKE, 0, 0), (STOCK, 0, 0)]
    options: list[tuple[int, int, int]] = []
    for deadwood, card in discard_options(table.mask, table.hand, table.taken):
        options.append((DISCARD, INDEX[card], 0))
        if deadwood <= 10:
            options.append((DISCARD, INDEX[card], 1))
    return options


def chosen_option(action: dict[str, Any]) -> tuple[int, int, int]:
    kind = action["type"]
    if kind in DRAW_KINDS:
        return (DRAW_KINDS[kind], 0, 0)
    return (DISCARD, INDEX[action["card"]], int(kind == "knock"))


def judge_decision(
    view: dict[str, Any], action: dict[str, Any], at: int = 0, reviewer: Reviewer | None = None
) -> Decision | None:
    """The decision ``action`` taken at ``view`` (the acting seat's view), judged in two
    stages (module docstring); None when the seat had no choice (one option)."""
    table = read_view(view)
    options = options_of(table)
    if len(options) < 2:
        return None
    chosen = chosen_option(action)
    if chosen not in options:  # a knock with a card that may not knock: refused, never played
        return None
    reviewer = reviewer or Reviewer()
    deals = reviewer.deals(table)
    first = reviewer.choose(table, deals, options)
    rows = reviewer.utilities(table, first)
    means = [_mean(row) for row in rows]
    best = max(range(len(options)), key=lambda i: (means[i], -i))
    mine = options.index(chosen)
    judged = _Judged(table, at, options, chosen)
    if best == mine:
        return judged.decision(chosen, 0.0, 0.0, first[mine], first[mine], means[mine], means[mine])
    lead = [a - b for a, b in zip(rows[best], rows[mine], strict=True)]
    loss, error = _mean(lead), _error(lead)
    if loss + BOUND * error < MARKS[-1][1]:  # clearly below the smallest mark, even so
        return judged.decision(
            options[best], loss, error, first[mine], first[best], means[mine], means[best]
        )
    diffs, points = reviewer.measure(table, deals, [options[best], chosen])
    loss, error = _mean(diffs), _error(diffs)
    mean = [_mean(reviewer.utilities(table, [p])[0]) for p in points]
    candidate = options[best] if loss > 0 else chosen  # measured no better: nothing lost
    return judged.decision(candidate, loss, error, points[1], points[0], mean[1], mean[0])


@dataclass
class _Judged:
    """What a decision's judgement knows before its figures."""

    table: Table
    at: int
    options: list[tuple[int, int, int]]
    chosen: tuple[int, int, int]

    def decision(self, best, loss, error, mine, theirs, mine_mean, best_mean) -> Decision:
        """The Decision: ``mine`` and ``theirs`` are the chosen's and the best's points."""
        loss = max(0.0, loss)
        table = self.table
        return Decision(
            at=self.at,
            hand_no=table.hand_no,
            kind="draw" if table.phase in ("offer", "draw") else "discard",
            chosen=_as_action(self.chosen, table.phase),
            best=_as_action(best, table.phase),
            chosen_points=round(mine_mean, 2),
            best_points=round(max(best_mean, mine_mean), 2),
            loss=round(loss, 2),
            error=round(error, 2),
            options=len(self.options),
            mark=mark_for(loss, error),
            chance=round(_match_chance(table, mine), 3),
            best_chance=round(_match_chance(table, theirs if best != self.chosen else mine), 3),
        )


def _match_chance(table: Table, points: list[int]) -> float:
    """The seat's chance to win the match, over the playouts of one option: each playout's
    hand scored, then the chance from the score it leaves (:mod:`.equity`)."""
    cache: dict[int, float] = {}
    total = 0.0
    for p in points:
        if p not in cache:
            cache[p] = after_hand(table.scores, table.seat, table.target, p)
        total += cache[p]
    return total / len(points)


def decisions_of(
    seed: int, options: dict[str, Any] | None, actions: Iterable[tuple[int, Any]], seat: int
) -> Iterable[tuple[int, dict[str, Any], dict[str, Any]]]:
    """``(index, view, action)`` for each action ``seat`` took in the match, the view being
    the one the seat had just before it."""
    match: Match = new_match(seed, options)
    for at, (who, action) in enumerate(actions):
        act = action if isinstance(action, Action) else Action.from_dict(action)
        if who == seat and act.type != "next_hand":
            yield at, match.view(seat), act.to_dict()
        match = match.apply(who, act)


def review_seat(replay: dict[str, Any], seat: int) -> dict[str, Any]:
    """The review of ``seat`` in a finished match (a stored replay: seed, options, actions)."""
    reviewer = Reviewer(REVIEW_SEED)
    judged = [
        d
        for at, view, action in decisions_of(
            replay["seed"], replay.get("options"), replay["actions"], seat
        )
        if (d := judge_decision(view, action, at, reviewer)) is not None
    ]
    hands = sorted({d.hand_no for d in judged})
    return {
        "seat": seat,
        "decisions": [d.to_dict() for d in judged],
        **summary(judged),
        "hands": [{"hand_no": n, **summary([d for d in judged if d.hand_no == n])} for n in hands],
    }


def summary(judged: list[Decision]) -> dict[str, Any]:
    """Points lost by kind of decision, the marks counted, and one accuracy figure."""
    lost = {"draw": 0.0, "discard": 0.0}
    marks = {name: 0 for name, _ in MARKS}
    for d in judged:
        lost[d.kind] += d.loss
        if d.mark:
            marks[d.mark] += 1
    total = sum(d.loss for d in judged)
    per = total / len(judged) if judged else 0.0
    return {
        "lost": {k: round(v, 2) for k, v in lost.items()},
        "lost_per_decision": round(per, 3),
        "marks": marks,
        "accuracy": accuracy(judged),
    }


SCALE = 2.0
"""The mean loss per decision, in points, at which accuracy is 50."""


def accuracy(judged: list[Decision]) -> float:
    """100 when every choice was the best, falling towards 0 as the mean loss per decision
    grows: 100 x SCALE / (SCALE + mean loss). A loss has no natural ceiling (a lost match),
    so the figure maps it onto 0..100 smoothly rather than as a share of a maximum."""
    if not judged:
        return 100.0
    per = sum(d.loss for d in judged) / len(judged)
    return round(100.0 * SCALE / (SCALE + per), 1)
