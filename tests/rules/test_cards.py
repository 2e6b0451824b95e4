"""Card codes and shuffle algorithm 1, pinned by golden vectors."""

import pytest

from server.games.cards import (
    CARDS,
    CardError,
    check_card,
    derive_seed,
    double_deck,
    is_red,
    rank_index,
    shuffled,
    splitmix64,
    standard_deck,
    suit_index,
)


def test_a_deck_is_52_distinct_codes_in_canonical_order():
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert deck[:3] == ["AS", "2S", "3S"]
    assert deck[12:14] == ["KS", "AH"]
    assert deck[-1] == "KC"


def test_a_double_deck_holds_every_card_twice():
    deck = double_deck()
    assert len(deck) == 104
    assert all(deck.count(c) == 2 for c in CARDS)


def test_card_parts():
    assert rank_index("AS") == 0 and rank_index("TD") == 9 and rank_index("KH") == 12
    assert suit_index("AS") == 0 and suit_index("KC") == 3
    assert is_red("QH") and is_red("2D") and not is_red("2S") and not is_red("JC")


@pytest.mark.parametrize("bad", ["1S", "AX", "as", "10H", "", None, 12, "ASS"])
def test_bad_codes_are_refused(bad):
    with pytest.raises(CardError):
        check_card(bad)


def test_splitmix64_matches_the_published_reference_stream():
    # Reference values of Vigna's splitmix64.c started at state 0.
    stream = splitmix64(0)
    assert [next(stream) for _ in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]


def test_derive_seed_is_the_indexed_output_of_the_stream():
    stream = splitmix64(123456789)
    outputs = [next(stream) for _ in range(5)]
    assert [derive_seed(123456789, i) for i in range(5)] == outputs


# Golden vectors of shuffle algorithm 1: a deal code or a replay written today must rebuild
# the same cards forever. Never edit these; a new algorithm gets a new version number.
GOLDEN_52 = {
    1: (
        "7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S 2H JD 5D 7D 4D 2S AH 6C KS KD TD TC JC "
        "TH 8C QS 4C 6S 7S AC 5S AD KC 6D QC QD QH 9H 3H 3C AS 4S 2D 8S TS 3D 2C 9D 7C"
    ),
    2**64 - 1: (
        "JS KC 7C 4S AH JD 5H 2D AD 7H 6H 6C 4H AC 4C 7D 3H 2H 9D QD 8H 3C 5C 9C AS 8C "
        "QH TH 7S QC 9S 4D JH KD KS 6D 9H 8D 8S TD 6S KH 2C 3D QS JC 3S 5D TC 2S TS 5S"
    ),
}


@pytest.mark.parametrize("seed", sorted(GOLDEN_52))
def test_shuffle_v1_golden_vectors(seed):
    assert " ".join(shuffled(standard_deck(), seed)) == GOLDEN_52[seed]


def test_shuffle_is_a_permutation_and_leaves_its_input_alone():
    deck = standard_deck()
    out = shuffled(deck, 99)
    assert deck == standard_deck()
    assert sorted(out) == sorted(deck) and out != deck


def test_fisher_yates_draws_each_swap_from_the_stream():
    # Rebuild algorithm 1 from its documented description, independently of shuffled().
    deck = standard_deck()
    stream = splitmix64(7)
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = 2**64 - 2**64 % n
        x = next(stream)
        while x >= limit:
            x = next(stream)
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    assert shuffled(standard_deck(), 7) == deck


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", True])
def test_seeds_are_64_bit_unsigned_integers(seed):
    with pytest.raises(ValueError):
        shuffled(standard_deck(), seed)


def test_unknown_shuffle_version_is_refused():
    with pytest.raises(ValueError):
        shuffled(standard_deck(), 1, version=2)
