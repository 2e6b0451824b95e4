"""Glicko-2 as published: the worked example of Glickman's paper is the golden test."""

from __future__ import annotations

import pytest

from server.players.glicko2 import NEW_RD, Rating, idle, match, rate


def test_the_worked_example_of_glickmans_paper():
    # "Example of the Glicko-2 system": a 1500 player (RD 200, volatility 0.06) beats a 1400
    # (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300), with tau = 0.5.
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = rate(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    player = Rating(1500, 200, 0.06)
    after = rate(player, [])
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.rd == pytest.approx(173.7178 * ((200 / 173.7178) ** 2 + 0.06**2) ** 0.5)


def test_idle_days_widen_the_deviation_up_to_a_new_players():
    player = Rating(1800, 60, 0.06)
    assert idle(player, 0).rd == 60
    assert 60 < idle(player, 86_400).rd < idle(player, 30 * 86_400).rd < NEW_RD
    assert idle(player, 10_000 * 86_400).rd == NEW_RD


def test_a_match_moves_both_ratings_by_the_same_amount_between_equals():
    winner, loser = match(Rating(), Rating(), a_won=True)
    assert winner.rating > 1500 > loser.rating
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)
    assert winner.rd < 350 and loser.rd < 350


def test_an_upset_moves_ratings_more_than_an_expected_result():
    strong, weak = Rating(1900, 80), Rating(1500, 80)
    expected, _ = match(strong, weak, a_won=True)
    upset, _ = match(strong, weak, a_won=False)
    assert 1900 - upset.rating > expected.rating - 1900 > 0
