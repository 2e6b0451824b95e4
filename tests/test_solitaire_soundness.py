"""The solver's "not winnable" is a proof under the rules as they are: cards may be taken back
from the foundations in both games, Easy Harp has two slots per suit, Réfléchi draws 1 or 3.

Named positions that an unsound shortcut got wrong, and a property test: small random endgames
of both games (most cards on the foundations, a few in the columns, the stock and the waste,
lower cards often under higher ones, so that a card needs a parent that only a take-back can
give), each proof of no win checked against the brute force of ``solitaire_play``, which
prunes nothing and takes cards back. The endgames are laid out on three or four columns (the
games' rules otherwise), so that the brute force sees the whole space in a moment.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from solitaire_play import winnable_by_brute_force

from server.games.cards import RANKS
from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3, Solitaire, _search
from server.games.solitaire.solver import LOST, WON, search_position, solve


def position(variant, columns, heights, stock=(), waste=(), hidden=None) -> Solitaire:
    """A position: ``columns`` bottom to top (a string of cards each), the height of each
    foundation slot, the stock in turning order and the waste bottom to top."""
    cols = tuple(tuple(c.split()) for c in columns)
    v = replace(variant, columns=len(cols))
    return Solitaire(
        variant=v,
        number=1,
        columns=cols,
        hidden=hidden or tuple(0 for _ in cols),
        stock=tuple(reversed(stock)),
        waste=tuple(waste),
        foundations=tuple(
            tuple(RANKS[k] + suit for k in range(h))
            for suit, h in zip(v.slots, heights, strict=True)
        ),
    )


def replays_to_a_win(game: Solitaire, line) -> bool:
    for action in line:
        game = game.apply(action)
    return game.won


def takes_back(line) -> bool:
    return any(a.get("from", "")[:1] == "f" and a["from"] != "f" for a in line)


# Issue 12: won by taking 4S back onto 5H and putting 3D on it; the old rule sent 5H up at
# once (both black foundations held a four) and answered "not winnable".
ISSUE_12 = position(
    REFLECHI_DRAW3,
    [
        "5D 6S 6C 2D 3D",
        "7D 5H",
        "KS QS JS TS 9S 8S 7S 5S",
        "KC QC JC TC 9C 8C 7C 5C",
        "KH QH JH TH 9H 8H 7H 6H",
        "KD QD JD TD 9D 8D 6D 4D",
        "",
    ],
    (4, 4, 1, 4),
)

# Found by the property test below with the old rule planted back: the old rule sent KS up
# (both red foundations held a queen), but 6C has to move off 5C, and its only parent is a
# red seven taken back from a foundation, in a run of take-backs onto KS and KH.
KING_TAKEN_BACK = position(
    REFLECHI_DRAW1,
    ["5C 6C", "KS", "7C 9C TC JC KC KD KH"],
    (12, 12, 12, 3),
    stock=["QC"],
    waste=["8C", "4C"],
)


# Draw 3: the ace of spades on the waste may go up, but not at once. Left there, it shifts
# the talon's grouping after the recycle so that 6H comes to the top (AS 4C 6H, then 5C);
# sent up, the talon is 4C 6H 5C and only 5C, which nothing takes, ever shows. No column can
# empty, so no king is taken back to start a run for 5C. The old solver sent any ace up from
# the waste at once and answered "not winnable".
TALON_REGROUPED = position(
    REFLECHI_DRAW3,
    ["KH QH JH TH 9H 8H 7H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "KC QC JC TC 9C 8C 7C 6C"],
    (0, 5, 13, 3),
    stock=["4C", "6H", "5C"],
    waste=["AS"],
)


def test_in_draw_3_an_ace_on_the_waste_is_not_sent_up_at_once():
    result = solve(TALON_REGROUPED, max_nodes=100_000, max_seconds=60.0)
    assert result.verdict == WON and replays_to_a_win(TALON_REGROUPED, result.line)
    assert winnable_by_brute_force(TALON_REGROUPED) is True
    after = TALON_REGROUPED.apply({"type": "move", "from": "waste", "to": "f"})
    assert winnable_by_brute_force(after) is False


@pytest.mark.parametrize("game", [ISSUE_12, KING_TAKEN_BACK], ids=["issue_12", "king_back"])
def test_positions_only_a_take_back_wins_are_winnable(game):
    result = solve(game, max_nodes=2_000_000, max_seconds=60.0)
    assert result.verdict == WON and replays_to_a_win(game, result.line)
    assert takes_back(result.line)


def test_the_small_one_agrees_with_brute_force_and_needs_a_take_back():
    assert winnable_by_brute_force(KING_TAKEN_BACK) is True
    assert winnable_by_brute_force(KING_TAKEN_BACK, take_backs=False) is False


@pytest.mark.slow
def test_the_issue_position_cannot_be_won_without_a_take_back():
    assert winnable_by_brute_force(ISSUE_12, take_backs=False) is False  # 10 s


VARIANTS = [REFLECHI_DRAW1, REFLECHI_DRAW3, EASY_HARP]
SHORT = [0, 0, 1, 1, 2, 3, 4, 5, 6, 8, 10]  # cards missing from a foundation slot
MOST_OFF = 14  # cards off the foundations at most


@st.composite
def endgames(draw) -> Solitaire:
    variant = draw(st.sampled_from(VARIANTS))
    ncols = draw(st.sampled_from([3, 4]))
    short, left = [], MOST_OFF
    for _ in variant.slots:
        short.append(min(draw(st.sampled_from(SHORT)), left))
        left -= short[-1]
    short[0] = max(short[0], 3 - sum(short[1:]))
    heights = [13 - s for s in short]
    cards = [
        RANKS[k] + suit
        for suit, h in zip(variant.slots, heights, strict=True)
        for k in range(h, 13)
    ]
    cards = draw(st.permutations(cards))
    piles = draw(st.lists(st.integers(0, ncols), min_size=len(cards), max_size=len(cards)))
    columns: list[list[str]] = [[] for _ in range(ncols)]
    talon: list[str] = []
    for card, pile in zip(cards, piles, strict=True):
        (talon if pile == ncols else columns[pile]).append(card)
    for column in columns:  # lower cards under higher ones: someone needs a parent
        if draw(st.booleans()):
            column.sort(key=lambda c: RANKS.index(c[0]))
    waste = draw(st.integers(0, len(talon)))
    hidden = None
    if variant.face_down:
        hidden = tuple(draw(st.integers(0, max(len(c) - 1, 0))) for c in columns)
    return position(
        variant, [" ".join(c) for c in columns], heights, talon[waste:], talon[:waste], hidden
    )


def check(game: Solitaire, budget: int) -> None:
    result = solve(game, max_nodes=200_000, max_seconds=60.0)  # a node budget: deterministic
    event(f"{game.variant.options} {result.verdict}")
    if result.verdict == WON:
        assert replays_to_a_win(game, result.line)
        if takes_back(result.line) and not winnable_by_brute_force(game, budget, False):
            event("won only by a take-back")
    elif result.verdict == LOST:
        truth = winnable_by_brute_force(game, budget)
        event(f"proof checked: {truth is not None}")
        assert truth is not True, game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endgames())
def test_every_proof_of_no_win_holds_against_brute_force(game):
    check(game, 3_000)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endgames())
def test_every_proof_of_no_win_holds_against_brute_force_many(game):
    check(game, 20_000)


def complete_pass(game: Solitaire, seed: int) -> tuple[bool, bool, int]:
    """The complete pass alone, its move order shuffled by ``seed`` (0: the plain order),
    without the dominance rule (see below)."""
    won, exhausted, nodes, _ = _search.search(
        *search_position(game), 400_000, 60.0, False, None, seed, False, True
    )
    return won, exhausted, nodes


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endgames(), st.integers(1, 2**32))
def test_a_complete_pass_without_a_win_sees_the_same_positions_in_any_order(game, seed):
    # An exhausted pass sees every position reachable under its moves, whatever the order: so
    # it counts the same keys in a shuffled order, as long as positions that share a key
    # (columns permuted, Easy Harp's slots swapped, in draw 1 the waste counts of a talon)
    # have the same moves up to the same renaming. Without the dominance rule they do; with
    # it they need not (which safe card goes up first depends on the column order, and in draw
    # 1 on the waste count: equally sound, but the counts differ), so it is off here: the
    # brute-force property above checks it. A table that lost or merged positions (a child
    # marked but never expanded, two talons or columns taken for one) would make the count
    # depend on which was met first.
    won, exhausted, nodes = complete_pass(game, 0)
    event(f"{game.variant.options} won {won} exhausted {exhausted}")
    if won or not exhausted:
        return
    assert complete_pass(game, seed) == (False, True, nodes), game


def test_a_dealt_game_the_old_solver_called_lost_is_won():
    # Réfléchi draw 3 deal 678: the old solver answered "not winnable" after 581 positions,
    # because it sent a card up from the waste at once (the regrouping above); it is won.
    game = Solitaire.new(REFLECHI_DRAW3, 678)
    result = solve(game, max_nodes=2_000_000, max_seconds=60.0)
    assert result.verdict == WON and replays_to_a_win(game, result.line)
