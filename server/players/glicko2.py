"""Glicko-2 ratings, as published by Mark Glickman ("Example of the Glicko-2 system",
http://www.glicko.net/glicko/glicko2.pdf): a rating, its deviation (how sure the rating
is) and a volatility (how erratic the player's results are).

The steps below are numbered as in the paper. The system constant tau is 0.5 here (the paper
suggests 0.3 to 1.2), the convergence tolerance 0.000001 as in the paper.

How this server uses it: every finished rated Gin Rummy match is one rating period for both
players (one game each), and a player's deviation first grows with the days since their last
rated match, as over that many empty rating periods (step 6 of the paper applied once per
day, fractionally), up to the deviation of a new player. A match abandoned by forfeit is a
loss for the one who left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5
EPSILON = 0.000001
NEW_RATING, NEW_RD, NEW_VOLATILITY = 1500.0, 350.0, 0.06
PERIOD_SECONDS = 86_400.0
"""One day: how fast an idle player's deviation grows."""


@dataclass(frozen=True)
class Rating:
    rating: float = NEW_RATING
    rd: float = NEW_RD
    volatility: float = NEW_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, games: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``games`` (opponent, score: 1 a win,
    0.5 a draw, 0 a loss). With no games only the deviation grows (step 6)."""
    # Step 2: to the Glicko-2 scale.
    mu = (player.rating - NEW_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, min(NEW_RD, SCALE * math.sqrt(phi**2 + sigma**2)), sigma)
    opponents = [((o.rating - NEW_RATING) / SCALE, o.rd / SCALE, s) for o, s in games]
    # Step 3: the estimated variance of the rating from the game outcomes alone.
    v = 1.0 / sum(_g(pj) ** 2 * _e(mu, mj, pj) * (1 - _e(mu, mj, pj)) for mj, pj, _ in opponents)
    # Step 4: the estimated improvement.
    improvement = sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in opponents)
    delta = v * improvement
    # Step 5: the new volatility.
    sigma_new = _volatility(phi, sigma, delta, v, tau)
    # Step 6: the pre-rating-period deviation.
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    # Step 7: the new deviation and rating.
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    # Step 8: back to the Glicko scale.
    return Rating(SCALE * mu_new + NEW_RATING, SCALE * phi_new, sigma_new)


def idle(player: Rating, seconds: float) -> Rating:
    """The rating after ``seconds`` without a rated game: the deviation grows as over that
    many days of empty rating periods, never past a new player's."""
    periods = max(0.0, seconds) / PERIOD_SECONDS
    if periods == 0:
        return player
    phi = player.rd / SCALE
    grown = SCALE * math.sqrt(phi * phi + periods * player.volatility**2)
    return Rating(player.rating, min(NEW_RD, grown), player.volatility)


def match(
    a: Rating, b: Rating, a_won: bool, a_idle: float = 0.0, b_idle: float = 0.0
) -> tuple[Rating, Rating]:
    """Both players' ratings after one match between them (its own rating period), each
    first aged by the seconds since their last rated match."""
    a0, b0 = idle(a, a_idle), idle(b, b_idle)
    score = 1.0 if a_won else 0.0
    return rate(a0, [(b0, score)]), rate(b0, [(a0, 1.0 - score)])
