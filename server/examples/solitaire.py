"""The Easy Harp and Solitaire Réfléchi examples: deals by code, and constructed positions.

A constructed position holds the whole deck (two for Easy Harp): the cards the text names,
then face-down cards and a stock dealt from the rest in a fixed shuffled order, so a board
looks like a game in progress and every card that turns up is a real card of the deck.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from server.examples.model import Example, Try
from server.games.cards import double_deck, shuffled, standard_deck
from server.games.solitaire import (
    EASY_HARP,
    REFLECHI_DRAW1,
    REFLECHI_DRAW3,
    Solitaire,
    Variant,
    decode,
)

POOL_SEED = 0x4C45_4152_4E00  # "LEARN": the order of the cards nobody names
NUMBER = 1  # constructed positions carry a deal number only because a view shows a code


def position(
    variant: Variant,
    columns: list[tuple[int | str, str | int]],
    *,
    waste: str = "",
    fan: int | None = None,
    foundations: dict[int, str] | None = None,
) -> Solitaire:
    """A position written in card codes.

    ``columns`` are ``(down, up)`` pairs, left to right: ``down`` is a number of face-down
    cards (taken from the cards nobody names) or their codes, bottom first; ``up`` is the
    face-up cards, bottom first, or a number of cards from the rest. ``waste`` is bottom
    first; ``fan`` how many of its top cards are shown fanned (draw 3); ``foundations`` maps a
    slot to its cards, ace first. The remaining cards form the stock."""
    foundations = foundations or {}
    named = [c for _, up in columns if isinstance(up, str) for c in up.split()]
    named += [c for down, _ in columns if isinstance(down, str) for c in down.split()]
    named += waste.split() + [c for cards in foundations.values() for c in cards.split()]
    pool = _unnamed(variant, named)

    def deal(n: int) -> tuple[str, ...]:
        taken = tuple(pool[:n])
        del pool[:n]
        return taken

    built, hidden = [], []
    for down, up in columns:
        under = tuple(down.split()) if isinstance(down, str) else deal(down)
        face = tuple(up.split()) if isinstance(up, str) else deal(up)
        if not variant.face_down and under:
            raise ValueError(f"{variant.name} has no face-down cards")
        built.append(under + face)
        hidden.append(len(under))
    if len(built) != variant.columns:
        raise ValueError(f"{variant.name} has {variant.columns} columns")
    shown = tuple(waste.split())
    return Solitaire(
        variant=variant,
        number=NUMBER,
        columns=tuple(built),
        hidden=tuple(hidden),
        stock=tuple(pool),
        waste=shown,
        foundations=tuple(tuple(foundations.get(i, "").split()) for i in range(len(variant.slots))),
        fan=fan if fan is not None else (1 if shown else 0),
    )


def _unnamed(variant: Variant, named: list[str]) -> list[str]:
    """The cards of the variant's deck nobody named, in a fixed shuffled order."""
    deck = double_deck() if variant.decks == 2 else standard_deck()
    left = Counter(deck)
    left.subtract(named)
    if any(n < 0 for n in left.values()):
        raise ValueError(
            f"more copies than the deck holds: {[c for c, n in left.items() if n < 0]}"
        )
    pool = []
    for card in shuffled(deck, POOL_SEED):
        if left[card] > 0:
            left[card] -= 1
            pool.append(card)
    return pool


def dealt(code: str, *moves: dict[str, Any]) -> Solitaire:
    """A deal by its code, after ``moves``."""
    variant, number = decode(code)
    game = Solitaire.new(variant, number)
    for move in moves:
        game = game.apply(move)
    return game


def move(source: str, target: str, count: int = 1) -> dict[str, Any]:
    return {"type": "move", "from": source, "to": target, "count": count}


def tap(source: str) -> dict[str, Any]:
    return {"type": "tap", "from": source}


def double(source: str) -> dict[str, Any]:
    return {"type": "double", "from": source}


# ---- Easy Harp -------------------------------------------------------------------------------


def _built_run() -> Solitaire:
    # A built run 8♠ 7♥ 6♣ whose first card would fit the 9♦: still one card at a time.
    return position(
        EASY_HARP,
        [
            (3, "8S 7H 6C"),
            (1, "9D"),
            (2, "7D"),
            (4, "QC"),
            (2, "4H"),
            (5, "JD"),
            (1, "2S"),
            (6, "TC"),
            (3, "5D"),
        ],
    )


def _king_run() -> Solitaire:
    return position(
        EASY_HARP,
        [
            (3, "KS QH JC"),
            (0, ""),
            (2, "9H"),
            (4, "3D"),
            (1, "TS"),
            (5, "6H"),
            (2, "QD"),
            (6, "8C"),
            (3, "2C"),
        ],
    )


def _empty_column() -> Solitaire:
    # The queen would uncover a face-down card, but only a king may go to the empty column.
    return position(
        EASY_HARP,
        [
            (2, "9C"),
            (1, "5H"),
            (3, "JS"),
            (4, "8D"),
            (0, ""),
            (2, "3S"),
            (5, "QD"),
            (6, "TH"),
            (3, "4C"),
        ],
        waste="2D KC",
    )


def _four_places() -> Solitaire:
    # Two decks: the 6♠ on the waste has four red sevens to go to; the black 7 takes nothing.
    return position(
        EASY_HARP,
        [
            (1, "JD"),
            (2, "7H"),
            (3, "7C"),
            (1, "7D"),
            (4, "KH"),
            (2, "7H"),
            (0, "3C"),
            (6, "7D"),
            (3, "TS"),
        ],
        waste="QS 6S",
    )


def _foundations() -> Solitaire:
    # Eight slots, two per suit, each with its suit: the first hearts slot holds an ace.
    return position(
        EASY_HARP,
        [
            (2, "AH"),
            (1, "9S"),
            (3, "3H"),
            (2, "KD"),
            (1, "5C"),
            (4, "JH"),
            (2, "TD"),
            (5, "6S"),
            (3, "2H"),
        ],
        foundations={1: "AH"},
    )


# ---- Solitaire Réfléchi ----------------------------------------------------------------------

FIRST_DEAL = "TF1-D1N-AAAAAAB"


def _ordered_run() -> Solitaire:
    # 9♥ 8♣ 7♦ is a run and moves as one onto the 10♣; with the K♠ under it, it is not.
    return position(
        REFLECHI_DRAW1,
        [(0, "KS 9H 8C 7D"), (0, "2H 5S TC"), (0, 3), (0, 1), (0, 5), (0, 4), (0, 6)],
    )


def _reflechi_empty_column() -> Solitaire:
    return position(
        REFLECHI_DRAW1,
        [(0, 2), (0, "KD QC JH"), (0, 3), (0, ""), (0, 4), (0, "4S QH JS"), (0, 5)],
    )


def _draw_three() -> Solitaire:
    # Three cards turned: only the last, the A♠, can be played; playing it frees the 9♦.
    return position(
        REFLECHI_DRAW3,
        [(0, "4C"), (0, "2D 8H"), (0, "QH JC TS"), (0, 4), (0, 5), (0, 3), (0, 6)],
        waste="5C 9D AS",
        fan=3,
    )


def _eh(name: str, build, tries: tuple[Try, ...]) -> Example:
    return Example("easy-harp", name, build, tries)


def _tf(name: str, build, tries: tuple[Try, ...]) -> Example:
    return Example("reflechi", name, build, tries)


EASY_HARP_EXAMPLES = (
    _eh(
        "built-run",
        _built_run,
        (
            Try("run", (move("c0", "c1", 3),), "one_card"),
            Try("one", (move("c0", "c2"),)),
        ),
    ),
    _eh(
        "king-run",
        _king_run,
        (
            Try("queen", (move("c0", "c1", 2),), "one_card"),
            Try("king", (move("c0", "c1", 3),)),
        ),
    ),
    _eh(
        "empty-column",
        _empty_column,
        (
            Try("queen", (move("c6", "c4"),), "empty_needs_king"),
            Try("king", (move("waste", "c4"),)),
            Try("then", (move("waste", "c4"), move("c6", "c4"))),
        ),
    ),
    _eh(
        "four-places",
        _four_places,
        (
            Try("black", (move("waste", "c2"),), "bad_build"),
            Try("red", (move("waste", "c5"),)),
            Try("double", (double("waste"),)),
        ),
    ),
    _eh(
        "foundations",
        _foundations,
        (
            Try("slot", (move("c0", "f0"),), "ace_to_empty"),
            Try("order", (move("c2", "f1"),), "foundation_order"),
            Try("tap", (tap("c0"),)),
        ),
    ),
)

REFLECHI_EXAMPLES = (
    _tf(
        "unordered-run",
        lambda: dealt(FIRST_DEAL),
        (
            Try("stack", (move("c5", "c6", 2),), "not_a_run"),
            Try("ace", (tap("c4"),)),
            Try("ten", (tap("c4"), move("c2", "c4"))),
        ),
    ),
    _tf(
        "ordered-run",
        _ordered_run,
        (
            Try("king", (move("c0", "c1", 4),), "not_a_run"),
            Try("run", (move("c0", "c1", 3),)),
        ),
    ),
    _tf(
        "empty-column",
        _reflechi_empty_column,
        (
            Try("queen", (move("c5", "c3", 2),), "empty_needs_king"),
            Try("king", (move("c1", "c3", 3),)),
        ),
    ),
    _tf(
        "draw-three",
        _draw_three,
        (
            Try("middle", (move("waste", "c2", 2),), "waste_top"),
            Try("last", (tap("waste"),)),
            Try("freed", (tap("waste"), move("waste", "c2"))),
        ),
    ),
)

EXAMPLES = EASY_HARP_EXAMPLES + REFLECHI_EXAMPLES
