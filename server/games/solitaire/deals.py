"""Deal codes and dealing algorithm 1, shared by both solitaires.

A deal code is ``<GAME><VERSION>-<OPTIONS>-<NUMBER>``: ``EH1-N-AAAAAAF`` is Easy Harp deal 5,
``TF1-D1N-AAAAAAB`` Solitaire Réfléchi draw 1 deal 1. NUMBER is the deal number (1..999 999)
in base 26, letters A=0..Z=25, seven of them, most significant first.

Dealing algorithm 1, frozen forever (codes written today must rebuild the same deal):

* the deck is :func:`~server.games.cards.standard_deck` (Réfléchi) or
  :func:`~server.games.cards.double_deck` (Easy Harp), shuffled with shuffle algorithm 1 from
  the seed ``derive_seed(GAME_SEEDS[game], number)``; the draw mode does not change the deal;
* the columns are dealt one after the other from the front of the shuffled order: column 1
  takes one card, column 2 the next two, and so on; in each column the first card taken is
  at the bottom and the last one on top (the only face-up card in Easy Harp);
* the cards left form the stock, the first of them on top (the first to be turned).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from server.games.cards import derive_seed, double_deck, shuffled, standard_deck
from server.games.solitaire.variants import VARIANTS, Variant

DEAL_VERSION = 1
MAX_DEAL = 999_999
LETTERS = 7
GAME_SEEDS = {"EH": 0x4548_0001, "TF": 0x5446_0001}
"""The seed of each game's deal sequence ("EH" and "TF" in ASCII, then the version)."""

_CODE = re.compile(r"^([A-Z]{2})(\d+)-([A-Z0-9]+)-([A-Z]{7})$")


class DealCodeError(ValueError):
    """A deal code or number that names no deal; the message says what is wrong."""


def check_number(number: object) -> int:
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= MAX_DEAL:
        raise DealCodeError(f"A deal number is a whole number from 1 to {MAX_DEAL:,}.")
    return number


def encode(variant: Variant, number: int) -> str:
    """The deal code of ``number`` in ``variant``."""
    n = check_number(number)
    letters = []
    for _ in range(LETTERS):
        n, digit = divmod(n, 26)
        letters.append(chr(ord("A") + digit))
    return f"{variant.code}{DEAL_VERSION}-{variant.options}-{''.join(reversed(letters))}"


def decode(code: object) -> tuple[Variant, int]:
    """The variant and the deal number a code names, or :class:`DealCodeError`."""
    if not isinstance(code, str):
        raise DealCodeError("A deal code is text such as EH1-N-AAAAAAF.")
    found = _CODE.match(code.strip().upper())
    if found is None:
        raise DealCodeError(
            "A deal code looks like EH1-N-AAAAAAF or TF1-D1N-AAAAAAB: game, version, "
            "options and seven letters."
        )
    game, version, options, letters = found.groups()
    if int(version) != DEAL_VERSION:
        raise DealCodeError(f"Dealing algorithm {version} does not exist (this server has 1).")
    variant = VARIANTS.get((game, options))
    if variant is None:
        raise DealCodeError(f"{game}{version}-{options} is not a game and options of this server.")
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A")
    if not 1 <= number <= MAX_DEAL:
        raise DealCodeError(f"A deal number is from 1 to {MAX_DEAL:,}; this code names {number}.")
    return variant, number


@dataclass(frozen=True, slots=True)
class Deal:
    columns: tuple[tuple[str, ...], ...]  # bottom first
    stock: tuple[str, ...]  # top first


def deck_order(variant: Variant, number: int) -> list[str]:
    """The shuffled deck of deal ``number``: the golden vectors pin this."""
    deck = double_deck() if variant.decks == 2 else standard_deck()
    return shuffled(deck, derive_seed(GAME_SEEDS[variant.code], check_number(number)))


def deal(variant: Variant, number: int) -> Deal:
    return layout(variant, deck_order(variant, number))


def layout(variant: Variant, order: list[str]) -> Deal:
    """Columns and stock from a deck order, by dealing algorithm 1."""
    columns, at = [], 0
    for size in range(1, variant.columns + 1):
        columns.append(tuple(order[at : at + size]))
        at += size
    return Deal(tuple(columns), tuple(order[at:]))
