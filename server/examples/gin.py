"""The Gin Rummy examples: constructed positions where the reader (seat 0) is to act.

Every position holds all 52 cards once: the two hands, the discard pile and a stock of the
rest. The reader's opponent deals (seat 1), so the reader is the non-dealer who is offered the
upcard first.
"""

from __future__ import annotations

from typing import Any

from server.examples.model import Example, Try
from server.games.cards import CARDS
from server.games.gin_rummy import DISCARD, DRAW, OFFER, Action, Match, Options

READER = 0
OPPONENT = 1


def position(
    mine: str,
    theirs: str,
    pile: str,
    *,
    phase: str,
    stock_top: str = "",
) -> Match:
    """A hand in play, written in card codes: the reader's hand, the opponent's, the discard
    pile (bottom first) and the next stock cards (first drawn first); the unused cards fill
    the stock under them."""
    hands = (tuple(mine.split()), tuple(theirs.split()))
    discards = tuple(pile.split())
    top = stock_top.split()
    used = [*hands[0], *hands[1], *discards, *top]
    if len(set(used)) != len(used):
        raise ValueError(
            f"a card twice in an example: {sorted(c for c in used if used.count(c) > 1)}"
        )
    rest = [c for c in CARDS if c not in set(used)]
    stock = (*rest, *reversed(top))
    if len(hands[0]) != (11 if phase == DISCARD else 10) or len(hands[1]) != 10:
        raise ValueError("the reader holds 10 cards (11 after drawing), the opponent 10")
    return Match(
        seed=0,
        options=Options(),
        scores=(0, 0),
        hand_no=0,
        dealer=OPPONENT,
        phase=phase,
        to_act=READER,
        hands=hands,
        stock=stock,
        discard_pile=discards,
        history=(),
    )


def _after(match: Match, *moves: tuple[int, dict[str, Any]]) -> Match:
    """The position after scripted moves of either seat (the opponent's are not the
    reader's to try: they set the scene)."""
    for seat, move in moves:
        match = match.apply(seat, Action.from_dict(move))
    return match


def _move(kind: str, card: str | None = None) -> dict[str, Any]:
    return {"type": kind} if card is None else {"type": kind, "card": card}


def _melds() -> Match:
    # Three sevens and the 5-6 of hearts: the 7 of hearts on the pile fits both. The engine
    # puts it in the run (two melds) rather than the set (one meld and more deadwood).
    return position(
        "7S 7D 7C 5H 6H 2C 3C KD QS 9S",
        "AS 4S JS 2H TH JH 4D 8D 6C KC",
        "3D 7H",
        phase=DRAW,
    )


def _just_taken() -> Match:
    return position(
        "4S 5S 6S 9H 9C KH JD 2D 3C 8D",
        "AS 2S QS AH 5H 7H 3D 6D TC JC",
        "4C 9D",
        phase=DRAW,
    )


def _offer() -> Match:
    return position(
        "3S 4S 5S 8H 8D JC QC 2H 6D TD",
        "AS 9S KS 3H 7H 4D AC 5C 7C KC",
        "6S",
        phase=OFFER,
    )


def _both_passed() -> Match:
    return _after(_offer(), (READER, _move("pass")), (OPPONENT, _move("pass")))


def _knock() -> Match:
    # The reader knocks with 3 of deadwood; the opponent lays 7-8 of hearts off on the run
    # and the 4 of clubs on the clubs, then counts what is left.
    return position(
        "4H 5H 6H 8S 8D 8C AC 2C 3C 3D KD",
        "7H 8H 4C QS QH QC 9S TS 2S 5D",
        "6C JD",
        phase=DISCARD,
    )


def _undercut() -> Match:
    # 8 of deadwood against 17; but the opponent lays off the 5 of hearts and the 9 of
    # hearts and is left with 3: an undercut.
    return position(
        "2H 3H 4H 9S 9D 9C 6C 7C 8C 8D KS",
        "JH QH KH TD JD QD 5H 9H AS 2D",
        "6D",
        phase=DISCARD,
    )


def _gin() -> Match:
    # Gin: no lay-offs, though the 4 of spades would fit the reader's run.
    return position(
        "AS 2S 3S 7H 7D 7C TC JC QC KC 9D",
        "4S 8H 8D 8S 2H 3H 4H JS QD KH",
        "9H",
        phase=DISCARD,
    )


def _gin_example(name: str, build, tries: tuple[Try, ...], open_hands: bool = False) -> Example:
    return Example("gin-rummy", name, build, tries, seat=READER, open_hands=open_hands)


EXAMPLES = (
    _gin_example(
        "melds",
        _melds,
        (
            Try("knock", (_move("knock", "KD"),), "must_draw_before_knock"),
            Try("take", (_move("draw_discard"),)),
        ),
    ),
    _gin_example(
        "just-taken",
        _just_taken,
        (
            Try("same", (_move("draw_discard"), _move("discard", "9D")), "discard_just_taken"),
            Try("other", (_move("draw_discard"), _move("discard", "KH"))),
        ),
    ),
    _gin_example(
        "upcard-offer",
        _offer,
        (
            Try("stock", (_move("draw_stock"),), "upcard_offer"),
            Try("take", (_move("take_upcard"),)),
            Try("pass", (_move("pass"),)),
        ),
    ),
    _gin_example(
        "both-passed",
        _both_passed,
        (
            Try("pile", (_move("draw_discard"),), "must_draw_stock"),
            Try("stock", (_move("draw_stock"),)),
        ),
    ),
    _gin_example(
        "knock",
        _knock,
        (
            Try("high", (_move("knock", "4H"),), "knock_too_high"),
            Try("knock", (_move("knock", "KD"),)),
        ),
        open_hands=True,
    ),
    _gin_example(
        "undercut",
        _undercut,
        (Try("knock", (_move("knock", "KS"),)),),
        open_hands=True,
    ),
    _gin_example(
        "gin",
        _gin,
        (
            Try("high", (_move("knock", "7H"),), "knock_too_high"),
            Try("gin", (_move("knock", "9D"),)),
        ),
        open_hands=True,
    ),
)
