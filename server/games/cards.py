"""Cards as two-character codes, decks, and the versioned seeded shuffle.

A card is a plain ``str``: rank then suit, ``"AS"``, ``"TD"``, ``"KH"``. Ranks are
``A23456789TJQK`` (ace low), suits ``SHDC`` (spades, hearts, diamonds, clubs). Plain strings
travel unchanged through MessagePack, logs and tests, so there is no card class to convert.

Shuffle algorithm 1 (``SHUFFLE_VERSION``), frozen forever because deal codes and replays
name it:

* the random stream is SplitMix64 (Steele, Lea, Flood 2014) started at the 64-bit seed:
  ``state += 0x9E3779B97F4A7C15``; ``z = state``;
  ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9``; ``z = (z ^ z >> 27) * 0x94D049BB133111EB``;
  output ``z ^ z >> 31`` (all arithmetic modulo 2**64);
* a uniform integer below ``n`` takes outputs until one is below ``2**64 - 2**64 % n``
  (rejection, so there is no modulo bias) and returns it modulo ``n``;
* Fisher-Yates from the end: for ``i`` from ``len - 1`` down to ``1``, swap position ``i``
  with position ``uniform(i + 1)``.

The input order is the canonical deck order of :func:`standard_deck` (or two of them, one after
the other, for :func:`double_deck`). Python's ``random`` module is never used: its algorithms
may change between Python versions, and a deal must rebuild identically forever.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SHUFFLE_VERSION = 1

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15

CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""The 52 codes in canonical order: AS..KS, AH..KH, AD..KD, AC..KC."""

_CARD_SET = frozenset(CARDS)


class CardError(ValueError):
    """A string that is not a card code."""


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in _CARD_SET


def check_card(code: object) -> str:
    """Return ``code`` if it is a card code, else raise :class:`CardError`."""
    if not is_card(code):
        raise CardError(f"{code!r} is not a card code (rank of A23456789TJQK, suit of SHDC)")
    return code  # type: ignore[return-value]


def rank_index(card: str) -> int:
    """0 for an ace up to 12 for a king."""
    return RANKS.index(card[0])


def suit_index(card: str) -> int:
    """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return SUITS.index(card[1])


def is_red(card: str) -> bool:
    return card[1] in "HD"


def standard_deck() -> list[str]:
    """A fresh 52-card deck in canonical order."""
    return list(CARDS)


def double_deck() -> list[str]:
    """Two decks, 104 cards, each code twice: the first deck in canonical order, then the second."""
    return list(CARDS) + list(CARDS)


def _check_seed(seed: int) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= _MASK64:
        raise ValueError(f"a seed is an integer from 0 to 2**64 - 1, not {seed!r}")
    return seed


def splitmix64(seed: int) -> Iterator[int]:
    """The endless SplitMix64 stream started at ``seed``: 64-bit outputs."""
    state = _check_seed(seed)
    while True:
        state = (state + _GOLDEN_GAMMA) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def derive_seed(seed: int, index: int) -> int:
    """Output number ``index`` (from 0) of the SplitMix64 stream seeded with ``seed``.

    Used to give each hand of a match, or each game of a sequence, a seed of its own that
    depends only on the parent seed and the position.
    """
    _check_seed(seed)
    if index < 0:
        raise ValueError("index must be >= 0")
    state = (seed + (index + 1) * _GOLDEN_GAMMA) & _MASK64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _uniform_below(stream: Iterator[int], n: int) -> int:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = next(stream)
        if x < limit:
            return x % n


def shuffled(cards: Sequence[str], seed: int, version: int = SHUFFLE_VERSION) -> list[str]:
    """Return a new list: ``cards`` shuffled by shuffle algorithm ``version`` from ``seed``."""
    if version != 1:
        raise ValueError(f"unknown shuffle version {version}")
    out = list(cards)
    stream = splitmix64(seed)
    for i in range(len(out) - 1, 0, -1):
        j = _uniform_below(stream, i + 1)
        out[i], out[j] = out[j], out[i]
    return out
