"""A seat's chance to win a match from a score (server/games/gin_rummy/equity.py): the
table, checked against matches simulated hand by hand from the same hand-points
distribution, and its shape."""

from __future__ import annotations

import math
import random

from hypothesis import given
from hypothesis import strategies as st

from server.games.gin_rummy.equity import HAND_POINTS, after_hand, chance

needs = st.integers(min_value=1, max_value=150)


def simulated(need_me: int, need_opp: int, matches: int, rng: random.Random) -> float:
    """The share of ``matches`` won, each played hand by hand: a fair coin picks who wins a
    hand, the distribution picks its points."""
    points = [p for p, _ in HAND_POINTS]
    shares = [s for _, s in HAND_POINTS]
    won = 0
    for _ in range(matches):
        me, opp = need_me, need_opp
        while me > 0 and opp > 0:
            value = rng.choices(points, shares)[0]
            if rng.random() < 0.5:
                me -= value
            else:
                opp -= value
        won += me <= 0
    return won / matches


def test_the_table_agrees_with_simulated_matches():
    rng = random.Random(5)
    for need_me, need_opp in ((100, 100), (40, 100), (100, 15), (5, 60), (25, 30), (250, 200)):
        n = 4000
        share = simulated(need_me, need_opp, n, rng)
        p = chance(need_me, need_opp)
        error = math.sqrt(max(p * (1 - p), 1e-4) / n)
        assert abs(share - p) < 4 * error, (need_me, need_opp, share, p)


@given(needs, needs)
def test_the_two_seats_chances_add_up_to_one(need_me, need_opp):
    assert math.isclose(chance(need_me, need_opp) + chance(need_opp, need_me), 1.0, abs_tol=1e-9)


@given(needs, needs)
def test_needing_fewer_points_never_lowers_the_chance(need_me, need_opp):
    here = chance(need_me, need_opp)
    assert chance(need_me - 1, need_opp) >= here - 1e-12
    assert chance(need_me, need_opp + 1) >= here - 1e-12


def test_equal_needs_are_even_and_a_won_match_is_certain():
    assert chance(100, 100) == 0.5 or math.isclose(chance(100, 100), 0.5)
    assert chance(0, 40) == 1.0 and chance(-5, 40) == 1.0
    assert chance(40, 0) == 0.0
    # A hand worth 30 to seat 1 at 80-90 of 100 wins seat 1 the match.
    assert after_hand((80, 90), 1, 100, 30) == 1.0
    assert after_hand((80, 90), 0, 100, -30) == 0.0
    # A dead hand changes nothing.
    assert after_hand((30, 60), 0, 100, 0) == chance(70, 40)
