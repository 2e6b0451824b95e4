"""The review of a Gin Rummy match: what each decision of a seat cost, in expected points.

Every decision a seat made (take or pass the upcard, the stock or the discard pile, which card
to discard, knock or play on, which card to knock with) is judged again, **from that seat's
view at that moment only**: the view a human in the seat was sent, read by the same
:func:`~server.games.gin_rummy.bots.table.read_view` the bots use. The alternatives are
played out to the end of the hand by the expert's playouts (C, :mod:`.bots._sim`) on deals of
the unseen cards drawn from what the seat has seen (:class:`.bots.belief.Belief`), every
alternative on the same deals (common random numbers). So a review never uses a card the
seat could not see then: it is a function of the seat's view alone, and comes out the same
whatever the opponent's hidden cards and the stock really were (tests/test_review.py checks
that on reshuffled deals).

The decisions are the bots' own model of the game: taking the upcard (or the top discard) is
judged against drawing from the stock, and passing the upcard counts as not taking it (the
other seat's chance at the upcard is not played out). The points are the hand's points from
the seat's side (gin, undercut and knock bonuses included, lay-offs played by the engine's
rules), with the expert's bonus for points that win or lose the match.

Each decision also carries the seat's chance to win the match after the chosen and after the
best option: every playout's hand scored onto the match, then the chance from the score it
leaves (:mod:`..equity`), averaged. The replay's graph follows it over the match.

A decision's *loss* is the best alternative's mean minus the chosen one's. It is marked
(:data:`MARKS`) only when it is both large and clear: at least the mark's threshold, and more
than :data:`CLEAR` standard errors of the paired differences (a few hundred playouts leave
noise; a mark must not be a coin flip).
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

REVIEW_SAMPLES = 512
"""Playouts per alternative: the standard error of a mean is then about 1 point (the spread of
a hand's points is about 20), fine enough for marks from 2 points up."""

REVIEW_SEED = 0
"""The playouts' seed: a review is a function of the seat's view (and this seed) only."""

CLEAR = 2.0
"""A loss is marked only if the better option beats the chosen one by this many standard
errors of the paired differences."""

MARKS = (("blunder", 10.0), ("mistake", 4.0), ("inaccuracy", 1.5))
"""Thresholds in expected points, largest first, chosen from the losses of 12 043 decisions
of 54 bot matches to 100 (bench/review.py, 2026-12-03): half of all decisions lose nothing,
p90 3.1, p95 5.3, p98 9.1, p99 13.0 points.

* inaccuracy, 1.5: what 7 % of the expert's decisions lose and 21-24 % of the other levels';
* mistake, 4: about p92 of all decisions; 1.2 % of the expert's, 8-11 % of the others';
* blunder, 10: about p98.5; one decision in a thousand of the expert's, 1.5-2.9 % of the
  others' (most of them a knock made or missed).

A mark also needs the loss to be clear of the playouts' noise (:data:`CLEAR`)."""

DRAW_KINDS = {"take_upcard": TAKE, "draw_discard": TAKE, "pass": STOCK, "draw_stock": STOCK}


class Reviewer(ExpertBot):
    """The expert's judge with a fixed number of playouts (no early stop, no extra round):
    every alternative gets the same care, close or not."""

    samples = REVIEW_SAMPLES
    more = 0
    close = -math.inf


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


def _paired_error(a: list[float], b: list[float]) -> float:
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return math.sqrt(var / n)


def mark_for(loss: float, error: float) -> str | None:
    """The mark of a loss of ``loss`` points, ``error`` its standard error."""
    if loss <= CLEAR * error:
        return None
    return next((name for name, threshold in MARKS if loss >= threshold), None)


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
    """The decision ``action`` taken at ``view`` (the acting seat's view), judged; None when
    the seat had no choice (one option)."""
    table = read_view(view)
    options = options_of(table)
    if len(options) < 2:
        return None
    chosen = chosen_option(action)
    if chosen not in options:  # a knock with a card that may not knock: refused, never played
        return None
    reviewer = reviewer or Reviewer(REVIEW_SEED)
    points = reviewer.playouts(table, options, "review")
    rows = reviewer.utilities(table, points)
    means = [_mean(row) for row in rows]
    best = max(range(len(options)), key=lambda i: (means[i], -i))
    mine = options.index(chosen)
    loss = max(0.0, means[best] - means[mine])
    error = _paired_error(rows[best], rows[mine]) if best != mine else 0.0
    return Decision(
        at=at,
        hand_no=table.hand_no,
        kind="draw" if table.phase in ("offer", "draw") else "discard",
        chosen=_as_action(chosen, table.phase),
        best=_as_action(options[best], table.phase),
        chosen_points=round(means[mine], 2),
        best_points=round(means[best], 2),
        loss=round(loss, 2),
        error=round(error, 2),
        options=len(options),
        mark=mark_for(loss, error),
        chance=round(_match_chance(table, points[mine]), 3),
        best_chance=round(_match_chance(table, points[best]), 3),
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
