"""Lay-offs after a knock: the defender's best play, and the knocker's choice of melds.

After a knock (not after gin) the defender's cards may be added to the knocker's melds: a
run grows at either end, as often as the defender has the next card (8, then 9, then T onto
5-6-7); a 3-card set takes its fourth card; a 4-card set takes nothing. The knocker never lays
off. The defender may break one of their own melds to lay off, so lay-offs and the defender's
own melds are chosen together: every subset of the cards that could possibly be laid off is
tried, the subset must fit the knocker's melds at once, and the rest is arranged with least
deadwood. The few candidate cards (usually none to three) keep this small.

The knocker's melds are chosen by the engine: among all least-deadwood arrangements of the
knocker's hand, the one that leaves the defender the most deadwood after laying off.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from typing import NamedTuple

from server.games.cards import RANKS, SUITS
from server.games.gin_rummy.melds import (
    Arrangement,
    all_best_arrangements,
    arrange,
    is_run,
)


class LayOff(NamedTuple):
    """A defender's card and the index of the knocker's meld it was laid on."""

    card: str
    meld: int


class DefenderPlay(NamedTuple):
    """The defender's best answer to a knock: lay-offs, then their own arrangement."""

    layoffs: tuple[LayOff, ...]
    arrangement: Arrangement


def _targets(melds: Sequence[Sequence[str]], held: set[str]) -> dict[str, list[int]]:
    """For every defender card that could ever be laid off, the melds it could go on."""
    targets: dict[str, list[int]] = {}
    for index, meld in enumerate(melds):
        if is_run(meld):
            suit = meld[0][1]
            ranks = sorted(RANKS.index(c[0]) for c in meld)
            for step, start in ((-1, ranks[0] - 1), (1, ranks[-1] + 1)):
                r = start
                while 0 <= r < 13 and RANKS[r] + suit in held:
                    targets.setdefault(RANKS[r] + suit, []).append(index)
                    r += step
        elif len(meld) == 3:
            missing = next(meld[0][0] + s for s in SUITS if meld[0][0] + s not in meld)
            if missing in held:
                targets.setdefault(missing, []).append(index)
    return targets


def _fits(melds: Sequence[Sequence[str]], assignment: dict[int, list[str]]) -> bool:
    """True if each meld can take all the cards assigned to it."""
    for index, cards in assignment.items():
        meld = melds[index]
        if not is_run(meld):
            if len(cards) > 1:
                return False
            continue
        ranks = sorted({RANKS.index(c[0]) for c in meld} | {RANKS.index(c[0]) for c in cards})
        if ranks[-1] - ranks[0] + 1 != len(ranks):
            return False
    return True


def _assignment(melds: Sequence[Sequence[str]], cards: Sequence[str], targets) -> tuple | None:
    """One way to lay all of ``cards`` off at once, as ``((card, meld), ...)``, or None."""
    for choice in product(*(targets[c] for c in cards)):
        assignment: dict[int, list[str]] = {}
        for card, index in zip(cards, choice, strict=True):
            assignment.setdefault(index, []).append(card)
        if _fits(melds, assignment):
            return tuple(zip(cards, choice, strict=True))
    return None


def best_defence(knocker_melds: Sequence[Sequence[str]], defender: Sequence[str]) -> DefenderPlay:
    """The lay-offs and arrangement that leave the defender the least deadwood.

    On equal deadwood fewer cards are laid off (the defender keeps their own melds).
    """
    targets = _targets(knocker_melds, set(defender))
    candidates = sorted(targets)
    best = DefenderPlay((), arrange(defender))
    for size in range(1, len(candidates) + 1):
        for subset in combinations(candidates, size):
            placed = _assignment(knocker_melds, subset, targets)
            if placed is None:
                continue
            rest = [c for c in defender if c not in subset]
            arrangement = arrange(rest)
            if arrangement.deadwood < best.arrangement.deadwood:
                best = DefenderPlay(tuple(LayOff(c, m) for c, m in placed), arrangement)
    return best


def knocker_melds(
    knocker: Sequence[str], defender: Sequence[str]
) -> tuple[Arrangement, DefenderPlay]:
    """The knocker's least-deadwood arrangement that leaves the defender the most deadwood.

    Ties go to the arrangement with fewer melds (a long run stays whole on the table).
    """
    options = sorted(all_best_arrangements(knocker), key=lambda a: len(a.melds))
    best: tuple[Arrangement, DefenderPlay] | None = None
    for arrangement in options:
        defence = best_defence(arrangement.melds, defender)
        if best is None or defence.arrangement.deadwood > best[1].arrangement.deadwood:
            best = (arrangement, defence)
    assert best is not None
    return best
