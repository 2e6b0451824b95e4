"""Properties of random legal play: card conservation, hidden information, replay."""

import dataclasses
import itertools

from gin_positions import hidden_from, strings_in
from hypothesis import given, settings
from hypothesis import strategies as st

from server.games.cards import CARDS
from server.games.gin_rummy import Action, Match, new_match, replay
from server.games.gin_rummy.game import _evolve
from server.games.gin_rummy.melds import deadwood


def play(seed, choices):
    """Random legal play steered by ``choices``; returns every position and the log."""
    match = new_match(seed, {"target": 60})
    positions, log = [match], []
    for choice in choices:
        if match.is_over:
            break
        seat = match.to_act if match.to_act is not None else choice % 2
        legal = match.legal_actions(seat)
        knocks = [a for a in legal if a.type == "knock"]
        # Knock often enough that hands end by knocks and gins, not only dead hands.
        action = (
            knocks[choice % len(knocks)] if knocks and choice % 3 else legal[choice % len(legal)]
        )
        match = match.apply(seat, action)
        positions.append(match)
        log.append((seat, action.to_dict()))
    return positions, log


games = given(
    seed=st.integers(0, 2**64 - 1),
    choices=st.lists(st.integers(0, 1000), min_size=50, max_size=400),
)


@settings(max_examples=60, deadline=None)
@games
def test_all_52_cards_are_always_present_exactly_once(seed, choices):
    positions, _ = play(seed, choices)
    for m in positions:
        held = [*m.hands[0], *m.hands[1], *m.stock, *m.discard_pile]
        assert sorted(held) == sorted(CARDS)


@settings(max_examples=60, deadline=None)
@games
def test_no_view_holds_a_hidden_card_or_the_stock_order(seed, choices):
    """Views rendered together (as a room renders its audiences, sharing the public part)
    as well as alone."""
    positions, _ = play(seed, choices)
    viewers = [0, 1, None]
    for m in positions:
        together = m.views(viewers)
        for viewer, view in zip(viewers, together, strict=True):
            seen = set(strings_in(view))
            leaked = seen & hidden_from(m, viewer)
            assert not leaked, f"seat {viewer} sees {leaked} in phase {m.phase}"
            assert view == m.view(viewer)


@settings(max_examples=40, deadline=None)
@games
def test_every_position_is_its_fields_as_dataclasses_replace_would_build_it(seed, choices):
    """Moves build positions by copying fields (_evolve), not with dataclasses.replace: no
    position may hold anything but its fields (a misspelt change, a cached value carried
    to the next position), and each must be what replace builds."""
    names = {f.name for f in dataclasses.fields(Match)}
    positions, _ = play(seed, choices)
    for m in positions:
        assert set(vars(m)) == names
        moved = _evolve(m, ply=m.ply + 7, taken=None)
        assert moved == dataclasses.replace(m, ply=m.ply + 7, taken=None)


@settings(max_examples=40, deadline=None)
@games
def test_the_legal_types_a_view_shows_are_those_of_the_legal_actions(seed, choices):
    positions, _ = play(seed, choices)
    for match in positions:
        for seat in (0, 1, 2):
            types = [a.type for a in match.legal_actions(seat)]
            assert match.legal_types(seat) == list(dict.fromkeys(types))


@games
def test_replaying_the_log_from_the_seed_gives_the_same_state(seed, choices):
    positions, log = play(seed, choices)
    assert replay(seed, log, {"target": 60}) == positions[-1]


@settings(max_examples=40, deadline=None)
@games
def test_hand_sizes_turns_and_scores_stay_consistent(seed, choices):
    positions, _ = play(seed, choices)
    for before, after in itertools.pairwise(positions):
        assert after.scores[0] >= before.scores[0] and after.scores[1] >= before.scores[1]
        if after.phase in ("draw", "offer"):
            assert [len(h) for h in after.hands] == [10, 10]
        if after.phase == "discard":
            assert len(after.hands[after.to_act]) == 11
        if after.result is not None and after.result.kind in ("knock", "gin"):
            knocker = after.result.knocker
            assert deadwood(after.hands[knocker]) <= 10
            assert after.result.winner == knocker


def test_a_whole_match_of_random_legal_play_ends_with_a_winner_at_the_target():
    positions, _ = play(2024, [(i * 7919) % 1001 for i in range(20000)])
    final = positions[-1]
    assert final.is_over and final.scores[final.winner] >= 60
    assert (
        sum(h.points for h in final.past if h.winner == final.winner) == final.scores[final.winner]
    )
    assert isinstance(final.legal_actions(0), list) and Action(
        "next_hand"
    ) not in final.legal_actions(0)
