"""Deal codes and dealing algorithm 1, shared by both solitaires.

A deal code is ``<GAME><VERSION>-<OPTIONS>-<NUMBER>``: ``EH1-N-AAAAAAF`` is Easy Harp deal 5,
``TF1-D1N-AAAAAAB`` Solitaire Réfléchi draw 1 deal 1. NUMBER is the deal number (1..999 999)
in base 26, letters A=0..Z=25, seven of them, most significant first.

A daily code is ``<GAME><VERSION>-<OPTIONS>-D<YYYYMMDD>``: ``EH1-N-D20261201`` is the Easy Harp
deal of the day 1 December 2026 (UTC), ``TF1-D3N-D20261201`` Réfléchi draw 3's. A day's deals
come from the server's daily secret, not from the numbered deals: the code names the day's deal
on the server that dealt it, which rebuilds it from its store once that day is over (and
refuses it, saying nothing, before).

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

import datetime as dt
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
_DAILY = re.compile(r"^([A-Z]{2})(\d+)-([A-Z0-9]+)-D(\d{8})$")


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


def daily_code(variant: Variant, day: dt.date) -> str:
    """The daily code of ``variant``'s deal of ``day``: ``EH1-N-D20261201``."""
    return f"{variant.code}{DEAL_VERSION}-{variant.options}-D{day:%Y%m%d}"


def _variant(game: str, version: str, options: str) -> Variant:
    if int(version) != DEAL_VERSION:
        raise DealCodeError(f"Dealing algorithm {version} does not exist (this server has 1).")
    variant = VARIANTS.get((game, options))
    if variant is None:
        raise DealCodeError(f"{game}{version}-{options} is not a game and options of this server.")
    return variant


def decode_daily(code: object) -> tuple[Variant, dt.date] | None:
    """The variant and the day a daily code names; None if ``code`` is not in the daily
    form; :class:`DealCodeError` if it is, but names no game or no date."""
    found = _DAILY.match(code.strip().upper()) if isinstance(code, str) else None
    if found is None:
        return None
    game, version, options, digits = found.groups()
    variant = _variant(game, version, options)
    try:
        day = dt.date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:
        raise DealCodeError(f"D{digits} is not a date (D and YYYYMMDD, e.g. D20261201).") from None
    return variant, day


def decode(code: object) -> tuple[Variant, int]:
    """The variant and the deal number a code names, or :class:`DealCodeError`."""
    if not isinstance(code, str):
        raise DealCodeError("A deal code is text such as EH1-N-AAAAAAF.")
    found = _CODE.match(code.strip().upper())
    if found is None:
        raise DealCodeError(
            "A deal code looks like EH1-N-AAAAAAF or TF1-D1N-AAAAAAB: game, version, "
            "options and seven letters (or, for a day's deal, D and the date: EH1-N-D20261201)."
        )
    game, version, options, letters = found.groups()
    variant = _variant(game, version, options)
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
