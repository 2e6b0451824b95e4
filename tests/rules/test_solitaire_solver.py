"""The solver: its winning lines win under the real rules, its proofs of no win agree with a
brute-force search that prunes nothing, and a budget too small says unknown, never lost."""

from __future__ import annotations

import pytest
from solitaire_play import ladder_deal, winnable_by_brute_force

from server.games.solitaire import REFLECHI_DRAW1, REFLECHI_DRAW3, Solitaire
from server.games.solitaire.solver import LOST, UNKNOWN, WON, luby, solve
from tools.solve_range import main as solve_range


def replays_to_a_win(game: Solitaire, line) -> bool:
    for action in line:
        game = game.apply(action)
    return game.won


@pytest.mark.parametrize(
    "variant, number",
    [(REFLECHI_DRAW1, n) for n in (1, 2, 5, 7, 8)] + [(REFLECHI_DRAW3, n) for n in (4, 5, 8)],
)
def test_winning_lines_win_under_the_rules_in_both_draw_modes(variant, number):
    game = Solitaire.new(variant, number)
    result = solve(game, max_nodes=2_000_000, max_seconds=60.0)  # a node budget: deterministic
    assert result.verdict == WON and replays_to_a_win(game, result.line)


def test_easy_harp_lines_win_too():
    game = ladder_deal()
    result = solve(game, max_seconds=5.0)
    assert result.verdict == WON and replays_to_a_win(game, result.line)


@pytest.mark.parametrize("number", [63, 64, 79])
def test_a_proof_of_no_win_agrees_with_brute_force(number):
    game = Solitaire.new(REFLECHI_DRAW3, number)
    assert solve(game, max_nodes=2_000_000, max_seconds=60.0).verdict == LOST
    assert winnable_by_brute_force(game) is False


def test_a_budget_too_small_says_unknown_not_lost():
    result = solve(Solitaire.new(REFLECHI_DRAW3, 6), max_nodes=20)
    assert result.verdict == UNKNOWN and result.line is None


def test_the_solver_starts_from_any_position_not_only_the_deal():
    game = Solitaire.new(REFLECHI_DRAW1, 1)
    line = solve(game).line
    middle = game
    for action in line[:40]:
        middle = middle.apply(action)
    rest = solve(middle)
    assert rest.verdict == WON and replays_to_a_win(middle, rest.line)


def test_solve_range_prints_its_figures(capsys):
    solve_range(["reflechi", "--draw", "3", "--first", "60", "--count", "6", "--seconds", "0.3"])
    out = capsys.readouterr().out
    assert "winnable" in out and "proved lost" in out and "positions/s" in out
    assert "deals 60..65 (6)" in out


def test_avoiding_a_first_move_that_would_go_up_at_once_still_searches_the_others():
    game = Solitaire.new(REFLECHI_DRAW1, 1)
    first = solve(game).line[0]
    assert first == {"type": "move", "from": "c4", "to": "f"}  # the ace of hearts: dominant
    other = solve(game, avoid=first)
    assert other.verdict == WON and other.line[0] != first
    assert replays_to_a_win(game, other.line)


def test_restart_budgets_follow_the_luby_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
