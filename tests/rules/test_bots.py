"""Bots: each level's signature behaviour, legality, determinism, and no peeking."""

import pytest
from gin_positions import position

from server.games.gin_rummy import DISCARD, Action, new_match
from server.games.gin_rummy.bots import LEVELS, make_bot
from server.games.gin_rummy.bots.belief import Belief
from server.games.gin_rummy.bots.table import read_view
from server.games.gin_rummy.melds import (
    VALUES,
    arrange,
    arrangement_of_mask,
    deadwood_of_mask,
    hand_mask,
)

ALL = (*LEVELS, "simple")


def after_opponent_took(card, hand0, hand1, pile, discard, stock_top=""):
    """Seat 1 takes ``card`` from the discard pile and throws ``discard``; seat 0 to draw."""
    match = position(hand0, hand1, f"{pile} {card}", stock_top, dealer=0, to_act=1)
    match = match.apply(1, Action("draw_discard")).apply(1, Action("discard", discard))
    assert match.to_act == 0
    return match


def test_easy_will_not_knock_at_9_deadwood():
    # After throwing the king, 9D is left: a knock is legal, but easy waits for less.
    match = position(
        "AS 2S 3S 4H 5H 6H 7C 7D 7S 9D KC",
        "2D 3D 4D 5C 6C 8C 8H 9H TH QS",
        phase=DISCARD,
        to_act=0,
    )
    assert Action("knock", "KC") in match.legal_actions(0)
    action = make_bot("easy", 1).act(match.view(0))
    assert action.type == "discard"
    low = position(
        "AS 2S 3S 4H 5H 6H 7C 7D 7S 2D KC",
        "9D 3D 4D 5C 6C 8C 8H 9H TH QS",
        phase=DISCARD,
        to_act=0,
    )
    assert make_bot("easy", 1).act(low.view(0)) == Action("knock", "KC")


def test_normal_takes_a_discard_that_completes_a_meld():
    match = position(
        "AS 2S 4H 5H 9D 9C KC QD JH 8S", "2D 3D 4D 5C 6C 8C 8H 9H TH QS", "3S", to_act=0
    )
    assert make_bot("normal", 1).act(match.view(0)) == Action("draw_discard")
    other = position(
        "AS 2S 4H 5H 9D 9C KC QD JH 8S", "2D 3D 4D 5C 6C 8C 8H 9H TH QS", "7D", to_act=0
    )
    assert make_bot("normal", 1).act(other.view(0)) == Action("draw_stock")


@pytest.mark.parametrize(("taken", "safe"), [("QC", "KD"), ("QD", "KC")])
def test_hard_does_not_feed_the_card_the_opponent_is_collecting(taken, safe):
    # Seat 0 draws TD onto 8D-9D and holds KC, KD loose: either discard leaves 10. The
    # opponent just took a queen from the discard pile; the king of that suit would extend
    # it, so hard throws the other king.
    risky = "KC" if safe == "KD" else "KD"
    match = after_opponent_took(
        taken,
        "AS 2S 3S 4H 5H 6H 8D 9D KC KD",
        "2C 3C 4C 5S 6S 7S 8H 9H TH JS",
        "",
        "JS",
        "TD",
    )
    match = match.apply(0, Action("draw_stock"))
    assert match.knock_deadwood(0)[risky] == match.knock_deadwood(0)[safe] == 10
    action = make_bot("hard", 1).act(match.view(0))
    assert action.card == safe


def test_expert_belief_raises_the_cards_around_one_the_opponent_took():
    match = after_opponent_took(
        "7C", "AS 2S 3S 4H 5H 6H 9D TD JD KS", "2C 3C 4C 5S 6S 7S 8H 9H TH JS", "", "JS"
    )
    belief = Belief(read_view(match.view(0)))
    assert belief.prob("7C") == 1.0
    unrelated = belief.prob("QH")
    for near in ("6C", "8C", "7H", "7D"):
        assert belief.prob(near) > 1.5 * unrelated, near
    assert abs(sum(belief.prob(c) for c in belief.unseen) - 9) < 1e-6


def test_passing_the_upcard_lowers_the_cards_that_would_have_melded_with_it():
    match = new_match(3)
    nd, upcard = match.to_act, match.discard_pile[-1]
    match = match.apply(nd, Action("pass"))
    table = read_view(match.view(match.dealer))
    belief = Belief(table)
    base = 1.0
    for card in belief.unseen:
        if card[0] == upcard[0]:
            assert belief.weights[card] < base
    assert table.opp_declined == [upcard]


@pytest.mark.parametrize("level", ALL)
def test_bots_play_only_legal_moves_to_the_end_of_a_hand(level):
    bot, rival = make_bot(level, 7), make_bot("simple", 8)
    for seed in range(2 if level == "expert" else 6):
        match = new_match(seed)
        hand = match.hand_no
        while match.hand_no == hand and not match.is_over and match.result is None:
            seat = match.to_act
            player = bot if seat == 0 else rival
            action = player.act(match.view(seat))
            assert action in match.legal_actions(seat)
            match = match.apply(seat, action)
        assert match.result is not None


@pytest.mark.parametrize("level", ALL)
def test_no_bot_takes_back_a_card_it_threw_in_the_same_hand(level):
    """So two bots cannot pass the same cards back and forth for ever (module docstring of
    bots/base.py): the card seat 1 threw is the top of the pile again, and it draws blind
    even when the card would meld."""
    match = position(
        "2C 3C 9D 9H 5S 6S JS QD KD 4H", "AS 2S 3S 4D 5D 6D 8C 9C TC 7C", "KC", to_act=1
    )
    match = match.apply(1, Action("draw_discard")).apply(1, Action("discard", "7C"))
    match = match.apply(0, Action("draw_discard")).apply(0, Action("discard", "4H"))
    match = match.apply(1, Action("draw_discard")).apply(1, Action("discard", "KC"))
    match = match.apply(0, Action("draw_discard")).apply(0, Action("discard", "7C"))
    assert match.discard_pile[-1] == "7C" and match.to_act == 1
    assert "7C" in {c for m in arrange([*match.hands[1], "7C"]).melds for c in m}  # it melds
    assert make_bot(level, 3).act(match.view(1)) == Action("draw_stock")


def test_the_expert_and_the_hard_bot_that_once_passed_cards_for_ever_end_their_hands():
    """The match where they did (the tournament's pair 295 of seed 11): every hand ends
    within the actions a hand can take when no card is taken from the pile a third time."""
    from server.games.cards import derive_seed
    from tools.tournament import player

    seed = derive_seed(11, 295)
    bots = {1: player("expert", derive_seed(seed, 100)), 0: player("hard", derive_seed(seed, 101))}
    match, actions = new_match(seed, {"target": 100}), 0
    while not match.is_over and match.hand_no < 3:
        if match.result is not None:
            match, actions = match.apply(0, Action("next_hand")), 0
            continue
        seat = match.to_act
        match = match.apply(seat, bots[seat].act(match.view(seat)))
        actions += 1
        assert actions <= 2 * (31 + 2 * 52), "a hand that does not end"


@pytest.mark.parametrize("level", ALL)
def test_a_bot_is_a_function_of_view_and_seed(level):
    match = new_match(11)
    for _ in range(6):
        seat = match.to_act
        view = match.view(seat)
        first = make_bot(level, 5).act(view)
        assert make_bot(level, 5).act(view) == first
        match = match.apply(seat, first)


def swap_hidden(match, seat):
    """The same position for ``seat``'s eyes: one hidden opponent card swapped with the
    bottom of the stock."""
    from dataclasses import replace

    opp = 1 - seat
    public = {e.get("card") for e in match.history}
    hidden = next(c for c in match.hands[opp] if c not in public)
    bottom = match.stock[0]
    hands = list(match.hands)
    hands[opp] = tuple(bottom if c == hidden else c for c in match.hands[opp])
    stock = (hidden, *match.stock[1:])
    return replace(match, hands=tuple(hands), stock=stock)


@pytest.mark.parametrize("level", ALL)
def test_no_bot_sees_hidden_cards(level):
    for seed in (1, 2, 3):
        match = new_match(seed)
        for _ in range(7):
            seat = match.to_act
            twin = swap_hidden(match, seat)
            assert twin.hands[1 - seat] != match.hands[1 - seat]
            assert twin.view(seat) == match.view(seat)
            action = make_bot(level, 9).act(match.view(seat))
            assert make_bot(level, 9).act(twin.view(seat)) == action
            match = match.apply(seat, action)


def test_unknown_levels_are_refused():
    with pytest.raises(ValueError):
        make_bot("grandmaster")


# ---- the expert's playouts (C) ----------------------------------------------------------


def _knock_hands(rng, count):
    """``count`` pairs (10-card hand of deadwood <= 10, another 10-card hand), built from
    random runs and sets plus low loose cards; the other hand often lays off on them."""
    from server.games.cards import CARDS, RANKS, SUITS

    made = 0
    while made < count:
        mine: list[str] = []
        for _ in range(rng.choice((2, 3, 3))):
            if rng.random() < 0.5:
                rank = rng.randrange(13)
                meld = [RANKS[rank] + s for s in rng.sample(SUITS, rng.choice((3, 3, 4)))]
            else:
                start, suit = rng.randrange(11), rng.choice(SUITS)
                length = min(rng.choice((3, 3, 4, 5)), 13 - start)
                meld = [RANKS[r] + suit for r in range(start, start + length)]
            if not set(meld) & set(mine) and len(mine) + len(meld) <= 10:
                mine += meld
        low = [c for c in CARDS if c not in mine and RANKS.index(c[0]) < 5]
        mine += rng.sample(low, 10 - len(mine))
        if deadwood_of_mask(hand_mask(mine)) > 10:
            continue
        rest = [c for c in CARDS if c not in mine]
        made += 1
        yield mine, rng.sample(rest, 10)


def test_the_c_playouts_score_as_the_engine_does():
    import random

    from server.games.gin_rummy.bots import _sim
    from server.games.gin_rummy.scoring import score_knock

    rng = random.Random(4)
    kinds = set()
    for mine, theirs in _knock_hands(rng, 1500):
        a, b = hand_mask(mine), hand_mask(theirs)
        assert _sim.deadwood(a) == deadwood_of_mask(a), mine
        assert _sim.deadwood(b) == deadwood_of_mask(b), theirs
        result = score_knock(0, (mine, theirs), mine[0])
        kinds.add(result.kind)
        expected = result.points if result.winner == 0 else -result.points
        assert _sim.knock_points(a, b) == expected, (mine, theirs)
    assert kinds == {"knock", "undercut", "gin"}


def _expert_table(seed=11, plies=9):
    match = new_match(seed)
    bot = make_bot("expert", 1)
    for _ in range(plies):
        seat = match.to_act
        match = match.apply(seat, bot.act(match.view(seat)))
    while match.phase != DISCARD:
        seat = match.to_act
        match = match.apply(seat, bot.act(match.view(seat)))
    return match, read_view(match.view(match.to_act))


def test_the_expert_judges_options_on_the_same_deals_and_the_same_seed_gives_the_same_answer():
    from server.games.gin_rummy.bots.expert import DISCARD as OPT
    from server.games.gin_rummy.bots.expert import INDEX

    _, table = _expert_table()
    bot = make_bot("expert", 3)
    card = table.hand[0]
    options = [(OPT, INDEX[card], 0), (OPT, INDEX[card], 0)]
    first = bot.judge(table, options, "x")
    assert first[0] == first[1]  # the same option on the same deals plays out the same
    assert bot.judge(table, options, "x") == first
    assert make_bot("expert", 4).judge(table, options, "x") != first


def test_close_decisions_get_more_deals():
    from server.games.gin_rummy.bots.expert import DISCARD as OPT
    from server.games.gin_rummy.bots.expert import INDEX, ExpertBot

    _, table = _expert_table()
    bot = make_bot("expert", 3)
    twins = [(OPT, INDEX[table.hand[0]], 0)] * 2
    assert len(bot.judge(table, twins, "x")[0]) == ExpertBot.samples + ExpertBot.more
    # Throwing the lowest card of a meld against the highest loose one is no contest.
    arrangement = arrangement_of_mask(table.mask)
    loose = max(arrangement.deadwood_cards, key=lambda c: VALUES[c], default=None)
    melded = [c for m in arrangement.melds for c in m if c != table.taken]
    if loose and melded and loose != table.taken:
        clear = [(OPT, INDEX[loose], 0), (OPT, INDEX[melded[0]], 0)]
        assert len(bot.judge(table, clear, "x")[0]) == ExpertBot.samples


def test_the_playout_mix_holds_more_than_one_kind_of_opponent():
    from server.games.gin_rummy.bots.expert import POLICY_MIX

    assert len({opp for _, opp in POLICY_MIX}) >= 3


def test_the_c_playouts_refuse_bad_input():
    from server.games.gin_rummy.bots import _sim

    with pytest.raises(ValueError, match="card numbers"):
        _sim.judge(1, [60], 0, [], [], 0, [(0, 0, 0)], 1, 1, [0, 0])
    with pytest.raises(ValueError, match="options"):
        _sim.judge(1, [], 0, [1, 2], [1.0, 1.0], 0, [(0, 5, 0)], 1, 1, [0, 0])
