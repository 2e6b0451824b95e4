"""Melds and deadwood: the exact least-deadwood arrangement of a Gin Rummy hand.

A set is 3 or 4 cards of one rank; a run is 3 or more consecutive cards of one suit, ace low
(A-2-3 is a run, Q-K-A and K-A-2 are not). A card belongs to at most one meld; the cards in no
meld are the deadwood, counted A = 1, 2..9 at face value, T/J/Q/K = 10.

Why it is fast (the bots call it millions of times): a hand is a 52-bit mask, 13 bits per
suit. Runs never cross suits, so the best runs-only arrangement of one suit is a table lookup
over the 8 192 possible 13-bit masks, computed once at import. Sets are the only thing that
ties suits together, and only ranks held in three or four suits can form one; a random
10-card hand usually has none, so the answer is four lookups. Otherwise each such rank is
either left to the runs, melded whole, or (with four cards) melded as one of its four
3-card subsets, and the few combinations are tried against the tables. The search is exact:
every arrangement is some choice of sets plus the best runs of what remains.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import NamedTuple

from server.games.cards import CARDS, RANKS, SUITS, CardError

VALUES: dict[str, int] = {c: min(RANKS.index(c[0]) + 1, 10) for c in CARDS}
"""Deadwood value of every card: A = 1, 2..9 face value, T/J/Q/K = 10."""

_RANK_VALUES = [min(r + 1, 10) for r in range(13)]
_FULL13 = (1 << 13) - 1
_BIT: dict[str, int] = {c: 1 << i for i, c in enumerate(CARDS)}
CARD_BITS = _BIT
"""Each card's bit in a hand mask: ``1 << (13 * suit + rank)``."""


class Arrangement(NamedTuple):
    """One way to lay a hand out: its melds, its unmatched cards and their total value."""

    melds: tuple[tuple[str, ...], ...]
    deadwood_cards: tuple[str, ...]
    deadwood: int


_new = tuple.__new__


def card_value(card: str) -> int:
    """Deadwood value of one card."""
    return VALUES[card]


def hand_mask(cards: Iterable[str]) -> int:
    """The 52-bit mask of ``cards`` (bit ``13 * suit + rank``); refuses bad or repeated codes."""
    cards = list(cards)
    try:
        mask = sum(map(_BIT.__getitem__, cards))
    except (KeyError, TypeError):
        bad = next(c for c in cards if not (isinstance(c, str) and c in _BIT))
        raise CardError(f"{bad!r} is not a card code") from None
    if mask.bit_count() != len(cards):
        raise CardError("a hand cannot hold the same card twice")
    return mask


def _best_runs_table() -> tuple[list[int], list[tuple[int, ...]]]:
    """For every 13-bit mask: least deadwood using runs only, and the run masks achieving it.

    Dynamic programming on the lowest card: it is either unmatched or starts a run upwards.
    On equal deadwood the longer run wins, so a 6-card run stays one meld.
    """
    size = 1 << 13
    best = [0] * size
    runs: list[tuple[int, ...]] = [()] * size
    for mask in range(1, size):
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        value, chosen = best[rest] + _RANK_VALUES[low], runs[rest]
        run = 1 << low
        top = low
        while top + 1 < 13 and mask >> (top + 1) & 1:
            top += 1
            run |= 1 << top
            if top - low >= 2:
                rest_run = mask & ~run
                if best[rest_run] <= value:
                    value, chosen = best[rest_run], (run, *runs[rest_run])
        best[mask] = value
        runs[mask] = chosen
    return best, runs


def _codes(mask: int, suit: int) -> tuple[str, ...]:
    return tuple(RANKS[r] + SUITS[suit] for r in range(13) if mask >> r & 1)


def _suit_tables() -> tuple[list[int], list[list[tuple[int, tuple, tuple]]]]:
    best, runs = _best_runs_table()
    # Which ranks each mask holds, worked out once for the four suits (a server and each
    # worker build these tables at import: most of their cost went to doing this per suit).
    ranks = [tuple(r for r in range(13) if mask >> r & 1) for mask in range(1 << 13)]
    melded = [sum(chosen) for chosen in runs]  # a mask's runs never overlap
    tables = []
    for suit in range(4):
        names = [RANKS[r] + SUITS[suit] for r in range(13)]
        codes = [tuple(names[r] for r in held) for held in ranks]
        tables.append(
            [
                (best[m], tuple(codes[run] for run in runs[m]), codes[m & ~melded[m]])
                for m in range(1 << 13)
            ]
        )
    return best, tables


_DW, _TABLES = _suit_tables()
_T0, _T1, _T2, _T3 = _TABLES


def _set_options() -> list[list[list[tuple[int, tuple[str, ...]]]]]:
    """``options[rank][suit_pattern]``: the ways to use that rank's cards as a set.

    Each option is ``(mask of the cards melded, the set's codes)``; the empty option leaves
    the cards to the runs. Four cards give the whole set and each 3-card subset.
    """
    options: list[list[list[tuple[int, tuple[str, ...]]]]] = []
    for rank in range(13):
        per_pattern: list[list[tuple[int, tuple[str, ...]]]] = []
        for pattern in range(16):
            suits = [s for s in range(4) if pattern >> s & 1]
            choices: list[tuple[int, tuple[str, ...]]] = []
            if len(suits) >= 3:
                groups = (
                    [suits]
                    if len(suits) == 3
                    else [suits] + [[s for s in suits if s != out] for out in suits]
                )
                for group in groups:
                    mask = sum(1 << (13 * s + rank) for s in group)
                    choices.append((mask, tuple(RANKS[rank] + SUITS[s] for s in group)))
            choices.append((0, ()))
            per_pattern.append(choices)
        options.append(per_pattern)
    return options


_SET_OPTIONS = _set_options()


def _triples(s: int, h: int, d: int, c: int) -> int:
    """Ranks (13-bit mask) held in at least three suits."""
    return (s & h & (d | c)) | (d & c & (s | h))


def _set_combinations(m: int, triples: int):
    s, h, d, c = m & _FULL13, (m >> 13) & _FULL13, (m >> 26) & _FULL13, m >> 39
    per_rank = []
    while triples:
        low = triples & -triples
        rank = low.bit_length() - 1
        pattern = (
            (s >> rank & 1) | (h >> rank & 1) << 1 | (d >> rank & 1) << 2 | (c >> rank & 1) << 3
        )
        per_rank.append(_SET_OPTIONS[rank][pattern])
        triples ^= low
    return product(*per_rank)


def deadwood_of_mask(m: int) -> int:
    """Least deadwood of the hand given as a 52-bit mask."""
    s, h, d, c = m & _FULL13, (m >> 13) & _FULL13, (m >> 26) & _FULL13, m >> 39
    t = (s & h & (d | c)) | (d & c & (s | h))
    if not t:
        dw = _DW
        return dw[s] + dw[h] + dw[d] + dw[c]
    return _best_sets(m, t)[0]


def _best_sets(m: int, triples: int) -> tuple[int, tuple, int]:
    """Try every choice of sets: ``(least deadwood, the sets chosen, the cards left to runs)``."""
    dw = _DW
    best = 1 << 30
    best_combo: tuple = ()
    best_rest = m
    for combo in _set_combinations(m, triples):
        rest = m
        for melded, _ in combo:
            rest &= ~melded
        value = (
            dw[rest & _FULL13]
            + dw[(rest >> 13) & _FULL13]
            + dw[(rest >> 26) & _FULL13]
            + dw[rest >> 39]
        )
        if value < best:
            best, best_combo, best_rest = value, combo, rest
    return best, best_combo, best_rest


def arrangement_of_mask(m: int) -> Arrangement:
    """The least-deadwood :class:`Arrangement` of the hand given as a 52-bit mask."""
    s, h, d, c = m & _FULL13, (m >> 13) & _FULL13, (m >> 26) & _FULL13, m >> 39
    t = (s & h & (d | c)) | (d & c & (s | h))
    if not t:
        a, b, e, f = _T0[s], _T1[h], _T2[d], _T3[c]
        return _new(
            Arrangement,
            (a[1] + b[1] + e[1] + f[1], a[2] + b[2] + e[2] + f[2], a[0] + b[0] + e[0] + f[0]),
        )
    best, best_combo, best_rest = _best_sets(m, t)
    a = _T0[best_rest & _FULL13]
    b = _T1[(best_rest >> 13) & _FULL13]
    e = _T2[(best_rest >> 26) & _FULL13]
    f = _T3[best_rest >> 39]
    sets = tuple(codes for melded, codes in best_combo if melded)
    return _new(
        Arrangement,
        (a[1] + b[1] + e[1] + f[1] + sets, a[2] + b[2] + e[2] + f[2], best),
    )


def arrange(cards: Iterable[str]) -> Arrangement:
    """The arrangement of ``cards`` with the least deadwood (exact, for any number of cards)."""
    return arrangement_of_mask(hand_mask(cards))


def deadwood(cards: Iterable[str]) -> int:
    """Least deadwood of ``cards``."""
    return deadwood_of_mask(hand_mask(cards))


def best_discard(cards: Sequence[str], forbidden: str | None = None) -> tuple[str, Arrangement]:
    """For an 11-card hand: the discard leaving the least deadwood, and that arrangement.

    ``forbidden`` is a card that may not be discarded (the one just taken from the discard
    pile). On equal deadwood the higher card goes (it would cost more if the hand were caught
    with it later), then the earlier suit in ``SHDC`` order.
    """
    m = hand_mask(cards)
    bit = _BIT
    best = 1 << 30
    choice = None
    choice_key = (-1, 0)
    for card in cards:
        if card == forbidden:
            continue
        value = deadwood_of_mask(m - bit[card])
        if value < best or (value == best and _discard_key(card) > choice_key):
            best, choice, choice_key = value, card, _discard_key(card)
    if choice is None:
        raise ValueError("no card may be discarded")
    return choice, arrangement_of_mask(m - bit[choice])


def _discard_key(card: str) -> tuple[int, int]:
    return (RANKS.index(card[0]), -SUITS.index(card[1]))


def is_set(cards: Sequence[str]) -> bool:
    return (
        3 <= len(cards) <= 4 and len({c[0] for c in cards}) == 1 and len(set(cards)) == len(cards)
    )


def is_run(cards: Sequence[str]) -> bool:
    if len(cards) < 3 or len({c[1] for c in cards}) != 1:
        return False
    ranks = sorted(RANKS.index(c[0]) for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def is_meld(cards: Sequence[str]) -> bool:
    return is_set(cards) or is_run(cards)


def candidate_melds(cards: Iterable[str]) -> list[tuple[str, ...]]:
    """Every meld that can be formed from ``cards``: all sets and all runs (sub-runs included)."""
    held = set(cards)
    found: list[tuple[str, ...]] = []
    for rank in RANKS:
        same = [rank + s for s in SUITS if rank + s in held]
        if len(same) >= 3:
            found.append(tuple(same))
        if len(same) == 4:
            found.extend(tuple(c for c in same if c != out) for out in same)
    for suit in SUITS:
        for start in range(13):
            run = []
            for r in range(start, 13):
                card = RANKS[r] + suit
                if card not in held:
                    break
                run.append(card)
                if len(run) >= 3:
                    found.append(tuple(run))
    return found


def all_best_arrangements(cards: Sequence[str]) -> list[Arrangement]:
    """Every arrangement that reaches the least deadwood (melds as a set of disjoint melds).

    Slower than :func:`arrange`; the engine uses it once per knock to choose, among them,
    the knocker's melds. A run of six or more also appears split into shorter runs.
    """
    cards = list(cards)
    hand_mask(cards)
    target = deadwood(cards)
    melds = candidate_melds(cards)
    results: list[Arrangement] = []

    def search(start: int, used: frozenset[str], chosen: list[tuple[str, ...]]) -> None:
        loose = [c for c in cards if c not in used]
        value = sum(VALUES[c] for c in loose)
        if value == target:
            results.append(Arrangement(tuple(chosen), tuple(loose), value))
        for i in range(start, len(melds)):
            meld = melds[i]
            if used.isdisjoint(meld):
                chosen.append(meld)
                search(i + 1, used | frozenset(meld), chosen)
                chosen.pop()

    search(0, frozenset(), [])
    return results
