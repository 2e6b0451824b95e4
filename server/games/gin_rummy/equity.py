"""A seat's chance to win a Gin Rummy match from a score, for the review's graph.

The review judges decisions in expected hand points; what a player wants to see over a
match is how their chance to win it went. That chance depends on the points each seat still
needs, and on how many points a hand is worth: :data:`HAND_POINTS` is that distribution,
measured between two expert bots (``bench/hand_points.py``). Each hand is taken as won by
either seat with equal chance (a dead hand scores nothing and is dealt again, so it drops
out), which is the match's value between two equal players; a stronger seat's edge is in the
playouts of the hand being played, not in this table.

``chance(need_me, need_opp)`` is filled by one pass of dynamic programming over the points
each seat needs: the chance at (i, j) is the mean, over who wins the next hand and what it
is worth, of the chance at the state that follows, and every state that follows needs fewer
points of one seat. So the table for needs up to ``n`` costs ``n * n * len(HAND_POINTS)``
steps once (100 points: 0.04 s, 500: 1.1 s), and answers in constant time after.
"""

from __future__ import annotations

HAND_POINTS: tuple[tuple[int, float], ...] = (
    (3, 0.0773),
    (8, 0.0945),
    (13, 0.0868),
    (18, 0.0902),
    (23, 0.1160),
    (28, 0.1478),
    (33, 0.1125),
    (38, 0.0704),
    (43, 0.0515),
    (48, 0.0421),
    (53, 0.0524),
    (58, 0.0241),
    (63, 0.0172),
    (69, 0.0069),
    (73, 0.0060),
    (78, 0.0017),
    (82, 0.0017),
    (92, 0.0009),
)
"""``(points, share)`` of a won hand, in 5-point bins each at its mean: 1 200 hands of the expert
against itself (``bench/hand_points.py --hands 1200 --levels expert expert``, 2026-12-04; a won
hand is worth 27.7 points on average, and 3 % of hands were dead)."""

_table: list[list[float]] = [[]]


def _grow(n: int) -> None:
    """Extend the table to needs up to ``n`` points (rows and columns 0..n)."""
    global _table
    total = sum(share for _, share in HAND_POINTS)
    half = [(points, share / total / 2) for points, share in HAND_POINTS]
    table = [[0.0] * (n + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        row = table[i]
        for j in range(n + 1):
            if i == 0:
                row[j] = 1.0  # nothing left to score: won (a hand ends the match at once)
                continue
            if j == 0:
                row[j] = 0.0
                continue
            value = 0.0
            for points, p in half:
                value += p * (table[max(0, i - points)][j] + row[max(0, j - points)])
            row[j] = value
    _table = table


def chance(need_me: int, need_opp: int) -> float:
    """The chance to win the match of a seat that needs ``need_me`` more points while the
    other needs ``need_opp`` (a need of 0 or less: that seat has won)."""
    if need_me <= 0:
        return 1.0
    if need_opp <= 0:
        return 0.0
    n = max(need_me, need_opp)
    if n >= len(_table):
        _grow(max(n, 100))
    return _table[need_me][need_opp]


def after_hand(scores: tuple[int, int], seat: int, target: int, points: int) -> float:
    """``seat``'s chance to win the match once a hand worth ``points`` from its side (positive:
    it scores them; negative: the other seat does; 0: a dead hand) is scored."""
    me, opp = scores[seat], scores[1 - seat]
    if points > 0:
        me += points
    elif points < 0:
        opp -= points
    return chance(target - me, target - opp)
