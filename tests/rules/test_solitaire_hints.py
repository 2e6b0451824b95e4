"""Hints use only what the player has seen (never the clock either), never undo the last
move, and lead to a win once everything is seen; "can this still be won?" answers from the
full position."""

from __future__ import annotations

import inspect
import itertools
import random
from dataclasses import replace
from types import SimpleNamespace
from unittest import mock
from unittest.mock import ANY

from hypothesis import given, settings
from hypothesis import strategies as st

from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3, Solitaire, solver
from server.games.solitaire.hints import (
    heuristic_move,
    hint,
    legal_moves,
    seen_all,
    still_winnable,
    undoes_last,
    unseen_places,
    winnable_number,
)
from server.games.solitaire.solver import LOST, UNKNOWN, WON, solve


def through_the_stock(game: Solitaire) -> Solitaire:
    """Turn the whole stock once and recycle it: every stock card has been seen."""
    while game.stock:
        game = game.apply({"type": "stock"})
    return game.apply({"type": "stock"})


def test_face_down_cards_do_not_change_the_hint():
    game = Solitaire.new(EASY_HARP, 3)
    columns = [list(c) for c in game.columns]
    columns[8][0], columns[7][0] = columns[7][0], columns[8][0]  # two face-down cards swap
    other = replace(game, columns=tuple(map(tuple, columns)))
    assert other.columns != game.columns and other.view() == game.view()
    first, second = hint(game), hint(other)
    assert first == {**second, "seconds": ANY} and first["action"] is not None
    assert first["verdict"] == UNKNOWN and not first["seen_all"]


def test_the_stock_order_is_unseen_until_the_stock_has_been_turned_once():
    game = Solitaire.new(REFLECHI_DRAW3, 4)
    shuffled = list(game.stock)
    random.Random(1).shuffle(shuffled)
    other = replace(game, stock=tuple(shuffled))
    assert not seen_all(game)
    assert hint(game) == {**hint(other), "seconds": ANY}
    assert seen_all(through_the_stock(game))


def busy(step: float):
    """The solver's clock on a server so busy that ``step`` seconds pass between any two of
    its readings (a second: every time budget is spent before the search starts)."""
    ticks = itertools.count()
    return mock.patch.object(solver, "budget_clock", lambda cpu_clock=False: next(ticks) * step)


def permute_unseen(game: Solitaire, rng: random.Random) -> Solitaire:
    """The same sight with the unseen cards dealt otherwise."""
    face_down, stock_unseen = unseen_places(game)
    unseen = [game.columns[i][k] for i, k in face_down] + (list(game.stock) * stock_unseen)
    rng.shuffle(unseen)
    columns = [list(c) for c in game.columns]
    for i, k in face_down:
        columns[i][k] = unseen.pop()
    return replace(
        game,
        columns=tuple(map(tuple, columns)),
        stock=tuple(unseen) if stock_unseen else game.stock,
    )


def test_a_busy_server_gives_the_same_hint():
    """Issue 35: the same position got "wins in 2 of 4" once and "3 of 4" another time.
    A hint has no time budget, and however slowly the solver runs the answer is the same."""
    assert "seconds" not in inspect.signature(hint).parameters
    for game in (Solitaire.new(EASY_HARP, 3), Solitaire.new(REFLECHI_DRAW3, 4)):
        first = hint(game)
        assert first["wins"] > 0 and first["samples"] == 4
        for step in (0.0005, 0.005, 0.05, 1.0, 1000.0):
            with busy(step):
                assert hint(game) == {**first, "seconds": ANY}, step


def test_a_search_that_cannot_start_still_ends_the_hint():
    """Without a time budget (here a clock that stands still), only positions end a solve:
    a search that enters none (its table's memory refused) must not be restarted for ever.
    The hint is then the heuristic move (no sample won)."""
    calls = itertools.count(1)

    def refused(*args):
        assert next(calls) < 10_000, "the solver restarts a search that cannot start"
        return False, False, 0, []

    game = Solitaire.new(REFLECHI_DRAW1, 7)
    fake = SimpleNamespace(search=refused, release=lambda: None)
    with mock.patch.object(solver, "_search", fake), busy(0.0):
        found = hint(game)
    assert found["wins"] == 0 and found["nodes"] == 0
    assert found["action"] == heuristic_move(game) is not None


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from([EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3]),
    st.integers(1, 10**6),
    st.booleans(),
    st.sampled_from([0.001, 0.02, 1.0]),
)
def test_a_hint_depends_on_the_seen_position_only(variant, seed, turned, step):
    """Random positions, seen or not: the hint is the same on a busy server, and with the
    unseen cards dealt otherwise (the position before, which tells an undo, put aside: it
    would need dealing otherwise too)."""
    rng = random.Random(seed)
    game = Solitaire.new(variant, 1 + seed % 5000)
    if turned:
        game = through_the_stock(game)
    for _ in range(rng.randrange(0, 30)):
        game = game.apply(rng.choice(legal_moves(game)))
    first = hint(game)
    bare = replace(game, history=())
    other = permute_unseen(bare, rng)
    assert other.view() == bare.view()
    with busy(step):
        assert hint(game) == {**first, "seconds": ANY}
        assert hint(other) == {**hint(bare), "seconds": ANY}


def test_once_everything_is_seen_following_hints_wins():
    game = through_the_stock(Solitaire.new(REFLECHI_DRAW1, 2))
    assert solve(game).verdict == WON
    for _ in range(400):
        found = hint(game, nodes=2_000_000)
        assert found["verdict"] == WON and found["seen_all"]
        game = game.apply(found["action"])
        if game.won:
            break
    assert game.won


def test_moving_a_card_back_is_an_undo_and_other_moves_are_not():
    undone = 0
    for number in range(1, 200):
        game = Solitaire.new(REFLECHI_DRAW1, number)
        for move in legal_moves(game):
            if move["type"] != "move" or move["to"] == "f":
                continue
            after = game.apply(move)
            back = {"type": "move", "from": move["to"], "to": move["from"], "count": move["count"]}
            if back in legal_moves(after):
                assert undoes_last(after, back)
                if undone < 12:  # the hint there is never the move back
                    assert hint(after, nodes=20_000)["action"] != back
                undone += 1
            assert not any(undoes_last(after, a) for a in legal_moves(after) if a != back)
    assert undone >= 3


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3]), st.integers(1, 10**6))
def test_a_hint_is_legal_and_never_undoes_the_last_move(variant, seed):
    rng = random.Random(seed)
    game = Solitaire.new(variant, 1 + seed % 5000)
    for _ in range(rng.randrange(1, 40)):
        game = game.apply(rng.choice(legal_moves(game)))
    found = hint(game, nodes=20_000)
    assert found["action"] is not None
    game.apply(found["action"])  # legal: raises otherwise
    assert not undoes_last(game, found["action"])


def test_can_it_still_be_won_answers_yes_no_or_unknown_with_its_budget():
    lost = still_winnable(Solitaire.new(REFLECHI_DRAW3, 63), seconds=5.0)
    assert lost["verdict"] == LOST and lost["budget_seconds"] == 5.0 and lost["nodes"] > 0
    won = still_winnable(Solitaire.new(REFLECHI_DRAW1, 1), seconds=5.0)
    assert won["verdict"] == WON and "line" not in won


def test_the_first_winnable_number_comes_with_a_line_that_wins():
    number, line = winnable_number(REFLECHI_DRAW3, [63, 64, 1, 2], seconds=5.0)
    assert number == 1  # 63 and 64 are proved lost
    game = Solitaire.new(REFLECHI_DRAW3, number)
    for action in line:
        game = game.apply(action)
    assert game.won
