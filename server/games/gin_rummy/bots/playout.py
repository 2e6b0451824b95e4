"""Card bits and meld patterns for the expert's thinking; the playouts themselves are C.

Hands are 52-bit masks and cards single bits (``1 << (13 * suit + rank)``), as in
:mod:`server.games.gin_rummy.melds` and :mod:`._sim`, whose header describes the playout
policies. ``melds_with`` is the quick test the belief and the expert share: does a card make
a meld with two cards of a hand?
"""

from __future__ import annotations

from server.games.cards import CARDS

BITS = [1 << i for i in range(52)]
BIT_OF = {c: 1 << i for i, c in enumerate(CARDS)}


def _meld_patterns() -> dict[int, tuple[int, ...]]:
    """For each card bit: the pairs of other cards that would make a meld with it."""
    patterns = {}
    for i in range(52):
        suit, rank = divmod(i, 13)
        same = [13 * s + rank for s in range(4) if s != suit]
        pats = [
            BITS[a] | BITS[b]
            for a, b in ((same[0], same[1]), (same[0], same[2]), (same[1], same[2]))
        ]
        for lo, hi in ((-2, -1), (-1, 1), (1, 2)):
            if 0 <= rank + lo < 13 and 0 <= rank + hi < 13:
                pats.append(BITS[13 * suit + rank + lo] | BITS[13 * suit + rank + hi])
        patterns[BITS[i]] = tuple(pats)
    return patterns


MELD_PATTERNS = _meld_patterns()


def melds_with(mask: int, bit: int) -> bool:
    """True if the card ``bit`` forms a meld with two cards of ``mask``."""
    for p in MELD_PATTERNS[bit]:  # noqa: SIM110 (a plain loop is faster on this hot path)
        if mask & p == p:
            return True
    return False
