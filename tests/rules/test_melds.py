"""Melds and deadwood, checked against the rules and against a brute-force reference.

The reference below is written from the rules alone and shares nothing with ``melds.py``:
it lists every meld in a hand by trying every group of cards, lists every way to lay down
pairwise disjoint melds, and takes the least deadwood over all of them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.games.cards import CardError
from server.games.gin_rummy.melds import (
    Arrangement,
    all_best_arrangements,
    arrange,
    best_discard,
    candidate_melds,
    card_value,
    deadwood,
    hand_mask,
    is_meld,
    is_run,
    is_set,
)

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = [rank + suit for suit in SUITS for rank in RANKS]
POINTS = dict(zip(RANKS, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], strict=True))

Layout = tuple[frozenset[str], ...]


def hand(text: str) -> list[str]:
    return text.split()


# ---- the reference, from the rules ---------------------------------------------------------


def points(cards: Iterator[str] | Sequence[str] | frozenset[str]) -> int:
    """Deadwood value: A = 1, 2..9 face value, T/J/Q/K = 10."""
    return sum(POINTS[card[0]] for card in cards)


def rule_is_set(cards: Sequence[str]) -> bool:
    """3 or 4 different cards of one rank."""
    return (
        3 <= len(cards) <= 4 and len(set(cards)) == len(cards) and len({c[0] for c in cards}) == 1
    )


def rule_is_run(cards: Sequence[str]) -> bool:
    """3 or more consecutive cards of one suit, ace low (no wrap past the king)."""
    if len(cards) < 3 or len({c[1] for c in cards}) != 1:
        return False
    ranks = sorted(RANKS.index(c[0]) for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(cards)))


def rule_is_meld(cards: Sequence[str]) -> bool:
    return rule_is_set(cards) or rule_is_run(cards)


def every_meld(cards: Sequence[str]) -> set[frozenset[str]]:
    """Every meld inside ``cards``: every group of 3+ cards sharing a rank or a suit, if a meld."""
    groups = [[c for c in cards if c[0] == r] for r in RANKS]
    groups += [[c for c in cards if c[1] == s] for s in SUITS]
    return {
        frozenset(group)
        for same in groups
        for size in range(3, len(same) + 1)
        for group in combinations(same, size)
        if rule_is_meld(group)
    }


def every_layout(cards: Sequence[str]) -> Iterator[Layout]:
    """Every way to lay down melds from ``cards``: each collection of pairwise disjoint melds."""
    melds = sorted(every_meld(cards), key=sorted)

    def extend(start: int, used: frozenset[str]) -> Iterator[Layout]:
        yield ()
        for i in range(start, len(melds)):
            if used.isdisjoint(melds[i]):
                for rest in extend(i + 1, used | melds[i]):
                    yield (melds[i], *rest)

    return extend(0, frozenset())


def layout_deadwood(cards: Sequence[str], layout: Layout) -> int:
    return points(cards) - sum(points(meld) for meld in layout)


def least_deadwood(cards: Sequence[str]) -> int:
    return min(layout_deadwood(cards, layout) for layout in every_layout(cards))


def best_layouts(cards: Sequence[str]) -> set[frozenset[frozenset[str]]]:
    layouts = [(layout_deadwood(cards, lay), frozenset(lay)) for lay in every_layout(cards)]
    least = min(value for value, _ in layouts)
    return {lay for value, lay in layouts if value == least}


def least_deadwood_after_discard(cards: Sequence[str], forbidden: str | None = None) -> int:
    """For 11 cards: the least deadwood of the 10 left, over every allowed discard."""
    return min(least_deadwood([c for c in cards if c != out]) for out in cards if out != forbidden)


def assert_consistent(cards: Sequence[str], arrangement: Arrangement) -> None:
    """Valid, disjoint melds; melds plus deadwood cards are the hand; deadwood adds up."""
    for meld in arrangement.melds:
        assert rule_is_meld(meld), (cards, meld)
    melded = [card for meld in arrangement.melds for card in meld]
    assert len(melded) == len(set(melded)), (cards, arrangement)
    assert Counter(melded) + Counter(arrangement.deadwood_cards) == Counter(cards), cards
    assert arrangement.deadwood == points(arrangement.deadwood_cards), (cards, arrangement)


def melds_of(arrangement: Arrangement) -> set[frozenset[str]]:
    return {frozenset(meld) for meld in arrangement.melds}


def dense_pool(low: int, width: int = 4) -> list[str]:
    """All cards of ``width`` consecutive ranks: hands from it are full of crossing melds."""
    return [r + s for r in RANKS[low : low + width] for s in SUITS]


def hands_of(size: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)


def dense_hands_of(size: int) -> st.SearchStrategy[list[str]]:
    return st.integers(0, len(RANKS) - 4).flatmap(
        lambda low: st.lists(
            st.sampled_from(dense_pool(low)), min_size=size, max_size=size, unique=True
        )
    )


def seeded_hands(seed: int, count: int, size: int) -> Iterator[list[str]]:
    """Half uniform random hands, half dense ones, from ``random.Random(seed)``."""
    rng = random.Random(seed)
    for i in range(count):
        pool = DECK if i % 2 else dense_pool(rng.randrange(len(RANKS) - 4 + 1))
        yield rng.sample(pool, size)


def test_the_reference_knows_the_rules():
    assert least_deadwood(hand("7S 7H 7D 7C 8C 9C")) == 0
    assert least_deadwood(hand("QS KS AS")) == 21
    assert best_layouts(hand("AS 2S 3S 4S 5S 6S")) == {
        frozenset({frozenset(hand("AS 2S 3S 4S 5S 6S"))}),
        frozenset({frozenset(hand("AS 2S 3S")), frozenset(hand("4S 5S 6S"))}),
    }


# ---- card values and melds ----------------------------------------------------------------


def test_ace_counts_one_pips_their_number_ten_and_faces_ten():
    assert [card_value(r + "S") for r in RANKS] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert all(card_value(card) == POINTS[card[0]] for card in DECK)


def test_a_set_is_three_or_four_cards_of_one_rank():
    assert is_set(hand("7S 7H 7D"))
    assert is_set(hand("7S 7H 7D 7C"))
    assert not is_set(hand("7S 7H"))
    assert not is_set(hand("7S 7H 8D"))
    assert not is_set(hand("7S 7S 7H"))
    assert is_meld(hand("KS KH KC"))


def test_a_run_is_three_or_more_consecutive_cards_of_one_suit():
    assert is_run(hand("4H 5H 6H"))
    assert is_run(hand("6H 4H 5H"))
    assert is_run(hand("9D TD JD QD KD"))
    assert not is_run(hand("4H 5H"))
    assert not is_run(hand("4H 5H 7H"))
    assert not is_run(hand("4H 5S 6H"))
    assert is_meld(hand("TC JC QC"))
    assert not is_meld(hand("TC JC QD"))


def test_ace_is_low_a_2_3_is_a_run():
    assert is_run(hand("AS 2S 3S"))
    assert arrange(hand("AS 2S 3S")) == Arrangement((("AS", "2S", "3S"),), (), 0)


@pytest.mark.parametrize("cards", ["QS KS AS", "KS AS 2S"])
def test_q_k_a_and_k_a_2_are_not_runs(cards):
    assert not is_run(hand(cards))
    assert not is_meld(hand(cards))
    assert arrange(hand(cards)).melds == ()
    assert deadwood(hand(cards)) == points(hand(cards))


@given(st.lists(st.sampled_from(DECK), min_size=3, max_size=5, unique=True))
def test_is_set_is_run_and_is_meld_follow_the_rules(cards):
    assert is_set(cards) == rule_is_set(cards)
    assert is_run(cards) == rule_is_run(cards)
    assert is_meld(cards) == rule_is_meld(cards)


@settings(max_examples=200)
@given(st.one_of(hands_of(10), hands_of(11), dense_hands_of(10)))
def test_candidate_melds_are_every_meld_in_the_hand(cards):
    found = candidate_melds(cards)
    assert len(found) == len(set(map(frozenset, found)))
    assert set(map(frozenset, found)) == every_meld(cards)


# ---- the least-deadwood arrangement: fixtures ---------------------------------------------


def test_empty_hand_has_no_deadwood():
    assert deadwood([]) == 0
    assert arrange([]) == Arrangement((), (), 0)


def test_shared_card_goes_to_the_run_when_that_leaves_less_deadwood():
    # 7S in the run leaves 7H 7D (14); in the set it would leave 8S 9S (17).
    cards = hand("7S 8S 9S 7H 7D KC")
    result = arrange(cards)
    assert melds_of(result) == {frozenset(hand("7S 8S 9S"))}
    assert sorted(result.deadwood_cards) == sorted(hand("7H 7D KC"))
    assert result.deadwood == 24 == deadwood(cards)


def test_shared_card_goes_to_the_set_when_that_leaves_less_deadwood():
    # 7S in the set leaves 5S 6S (11); in the run it would leave 7H 7D (14).
    cards = hand("5S 6S 7S 7H 7D KC")
    result = arrange(cards)
    assert melds_of(result) == {frozenset(hand("7S 7H 7D"))}
    assert sorted(result.deadwood_cards) == sorted(hand("5S 6S KC"))
    assert result.deadwood == 21 == deadwood(cards)


def test_a_four_card_set_lends_a_card_to_a_run():
    cards = hand("7S 7H 7D 7C 8C 9C")
    result = arrange(cards)
    assert melds_of(result) == {frozenset(hand("7S 7H 7D")), frozenset(hand("7C 8C 9C"))}
    assert result.deadwood_cards == ()
    assert result.deadwood == 0


def test_a_four_card_set_stays_whole_when_no_run_needs_the_card():
    cards = hand("7S 7H 7D 7C 8C 2H KD")
    result = arrange(cards)
    assert melds_of(result) == {frozenset(hand("7S 7H 7D 7C"))}
    assert sorted(result.deadwood_cards) == sorted(hand("8C 2H KD"))
    assert result.deadwood == 20


def test_a_six_card_run_is_one_meld():
    cards = hand("4H 5H 6H 7H 8H 9H KS")
    result = arrange(cards)
    assert melds_of(result) == {frozenset(hand("4H 5H 6H 7H 8H 9H"))}
    assert result.deadwood_cards == ("KS",)
    assert result.deadwood == 10


def test_a_ten_card_gin_hand_has_no_deadwood():
    cards = hand("AS 2S 3S 4S 9H 9D 9C KH KD KC")
    assert arrange(cards).deadwood == 0
    assert deadwood(cards) == 0


@pytest.mark.parametrize("bad", ["1S", "AX", "as", "10H", "A", "", "ASX", None, 7, ["AS"]])
def test_a_bad_card_code_is_refused(bad):
    cards = ["KS", bad, "2H"]
    for function in (hand_mask, arrange, deadwood):
        with pytest.raises(CardError):
            function(cards)


def test_a_hand_cannot_hold_the_same_card_twice():
    for cards in (hand("AS AS"), hand("7S 8S 9S 7S"), hand("2C 3C 4C 5C 6C 7C 8C 9C TC 2C")):
        for function in (hand_mask, arrange, deadwood, all_best_arrangements):
            with pytest.raises(CardError):
                function(cards)
    with pytest.raises(CardError):
        best_discard(hand("AS 2S 3S 4S 5S 6S 7S 8S 9S TS AS"))


# ---- the least-deadwood arrangement: against the reference -------------------------------


def check_arrangement(cards: list[str]) -> None:
    least = least_deadwood(cards)
    result = arrange(cards)
    assert_consistent(cards, result)
    assert result.deadwood == least, cards
    assert deadwood(cards) == least, cards


@settings(max_examples=300, deadline=None)
@given(hands_of(10))
def test_arrange_finds_the_least_deadwood_of_random_10_card_hands(cards):
    check_arrangement(cards)


@settings(max_examples=300, deadline=None)
@given(hands_of(11))
def test_arrange_finds_the_least_deadwood_of_random_11_card_hands(cards):
    check_arrangement(cards)


@settings(max_examples=300, deadline=None)
@given(st.one_of(dense_hands_of(10), dense_hands_of(11)))
def test_arrange_finds_the_least_deadwood_of_hands_full_of_crossing_melds(cards):
    check_arrangement(cards)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 13).flatmap(hands_of))
def test_arrange_finds_the_least_deadwood_of_hands_of_any_size(cards):
    check_arrangement(cards)


@pytest.mark.parametrize("size", [10, 11])
def test_arrange_finds_the_least_deadwood_of_thousands_of_seeded_hands(size):
    for cards in seeded_hands(seed=size, count=3000, size=size):
        check_arrangement(cards)


# ---- the best discard ---------------------------------------------------------------------


def check_best_discard(cards: list[str], forbidden: str | None = None) -> None:
    card, result = best_discard(cards, forbidden=forbidden)
    rest = [c for c in cards if c != card]
    assert card in cards
    assert card != forbidden
    assert card not in result.deadwood_cards
    assert all(card not in meld for meld in result.melds)
    assert_consistent(rest, result)
    assert result.deadwood == least_deadwood(rest), (cards, card)
    assert result.deadwood == least_deadwood_after_discard(cards, forbidden), (cards, card)


@settings(max_examples=150, deadline=None)
@given(st.one_of(hands_of(11), dense_hands_of(11)))
def test_best_discard_leaves_the_least_deadwood_over_all_eleven_discards(cards):
    check_best_discard(cards)


@settings(max_examples=150, deadline=None)
@given(st.one_of(hands_of(11), dense_hands_of(11)), st.integers(0, 10))
def test_best_discard_never_discards_the_card_just_taken(cards, taken):
    check_best_discard(cards, forbidden=cards[taken])


def test_best_discard_on_seeded_hands():
    rng = random.Random(2024)
    for cards in seeded_hands(seed=11, count=1000, size=11):
        check_best_discard(cards, forbidden=rng.choice([None, *cards]))


def test_best_discard_never_throws_back_the_card_just_taken_even_the_worst_one():
    # KD is the worst card, but it was just taken from the discard pile: the next worst goes.
    cards = hand("AS 2S 3S 4H 5H 6H 7C 8C 9C 2D KD")
    assert best_discard(cards)[0] == "KD"
    card, result = best_discard(cards, forbidden="KD")
    assert card == "2D"
    assert result.deadwood == 10


def test_best_discard_on_equal_deadwood_throws_the_higher_card_then_the_earlier_suit():
    # Either card leaves 10 deadwood: the king goes before the ten, KS before KH.
    melded = "AS 2S 3S 4H 5H 6H 7C 8C 9C"
    assert best_discard(hand(f"{melded} TS KD")) == ("KD", arrange(hand(f"{melded} TS")))
    assert best_discard(hand(f"{melded} KS KH")) == ("KS", arrange(hand(f"{melded} KH")))


# ---- every best arrangement ---------------------------------------------------------------


def check_all_best(cards: list[str]) -> None:
    least = least_deadwood(cards)
    found = all_best_arrangements(cards)
    for arrangement in found:
        assert_consistent(cards, arrangement)
        assert arrangement.deadwood == least, (cards, arrangement)
    layouts = [frozenset(melds_of(a)) for a in found]
    assert len(layouts) == len(set(layouts)), cards
    assert set(layouts) == best_layouts(cards), cards
    chosen = {card for meld in arrange(cards).melds for card in meld}
    assert chosen in [{card for meld in a.melds for card in meld} for a in found], cards


@settings(max_examples=200, deadline=None)
@given(st.one_of(hands_of(10), hands_of(11), dense_hands_of(10), dense_hands_of(11)))
def test_all_best_arrangements_are_exactly_the_least_deadwood_layouts(cards):
    check_all_best(cards)


def test_all_best_arrangements_on_seeded_hands():
    for cards in seeded_hands(seed=3, count=500, size=10):
        check_all_best(cards)


def test_all_best_arrangements_show_a_six_card_run_whole_and_split():
    cards = hand("4H 5H 6H 7H 8H 9H KS")
    assert {frozenset(melds_of(a)) for a in all_best_arrangements(cards)} == {
        frozenset({frozenset(hand("4H 5H 6H 7H 8H 9H"))}),
        frozenset({frozenset(hand("4H 5H 6H")), frozenset(hand("7H 8H 9H"))}),
    }
