"""Actions a Gin Rummy seat can take, and the refusals the engine answers with.

An action is a small frozen value with a wire form (``{"type": "discard", "card": "KS"}``)
and a repr that pastes back as code. Input from outside goes through :meth:`Action.from_dict`,
which checks shape and card codes; the engine then checks the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from server.games.cards import is_card

TAKE_UPCARD = "take_upcard"
PASS = "pass"
DRAW_STOCK = "draw_stock"
DRAW_DISCARD = "draw_discard"
DISCARD = "discard"
KNOCK = "knock"
NEXT_HAND = "next_hand"

WITH_CARD = frozenset({DISCARD, KNOCK})
TYPES = frozenset({TAKE_UPCARD, PASS, DRAW_STOCK, DRAW_DISCARD, DISCARD, KNOCK, NEXT_HAND})

REFUSALS: dict[str, str] = {
    "bad_action": "That is not a Gin Rummy action.",
    "not_a_seat": "Only the two seated players can act.",
    "not_your_turn": "It is not your turn.",
    "upcard_offer": "The first turn starts with the upcard offer: take the upcard or pass.",
    "not_upcard_offer": "Taking or passing the upcard is only possible on the first turn.",
    "must_draw_stock": (
        "Both players passed the upcard, so the non-dealer starts by drawing from the stock."
    ),
    "already_drew": "You have already drawn this turn; discard a card or knock.",
    "must_draw_first": "Draw a card from the stock or the discard pile before you discard.",
    "must_draw_before_knock": "Draw a card from the stock or the discard pile before you knock.",
    "card_not_in_hand": "That card is not in your hand.",
    "discard_just_taken": "You cannot discard the card you just took from the discard pile.",
    "knock_too_high": ("You can knock only when your deadwood after the discard is 10 or less."),
    "hand_in_play": "The hand is still being played.",
    "hand_over": "The hand is over; start the next hand to play on.",
    "match_over": "The match is over.",
}
"""Every refusal code and the sentence of the rule it names."""


class IllegalAction(ValueError):
    """An action the rules refuse. ``code`` is stable; ``message`` is the rule's sentence."""

    def __init__(self, code: str, message: str | None = None) -> None:
        self.code = code
        self.message = message or REFUSALS[code]
        super().__init__(f"{code}: {self.message}")

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True, slots=True)
class Action:
    """One move: ``type`` and, for ``discard`` and ``knock``, the ``card``."""

    type: str
    card: str | None = None

    def __repr__(self) -> str:
        if self.card is None:
            return f"Action({self.type!r})"
        return f"Action({self.type!r}, {self.card!r})"

    def __str__(self) -> str:
        return self.type if self.card is None else f"{self.type} {self.card}"

    def to_dict(self) -> dict[str, str]:
        if self.card is None:
            return {"type": self.type}
        return {"type": self.type, "card": self.card}

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """Parse the wire form, refusing anything malformed with ``bad_action``."""
        if not isinstance(data, dict) or set(data) - {"type", "card"}:
            raise IllegalAction("bad_action")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in TYPES:
            raise IllegalAction("bad_action")
        card = data.get("card")
        if kind in WITH_CARD:
            if not is_card(card):
                raise IllegalAction("bad_action", "A discard or a knock names one card, like 'KS'.")
        elif card is not None:
            raise IllegalAction("bad_action")
        return cls(kind, card)


def take_upcard() -> Action:
    return Action(TAKE_UPCARD)


def pass_upcard() -> Action:
    return Action(PASS)


def draw_stock() -> Action:
    return Action(DRAW_STOCK)


def draw_discard() -> Action:
    return Action(DRAW_DISCARD)


def discard(card: str) -> Action:
    return Action(DISCARD, card)


def knock(card: str) -> Action:
    return Action(KNOCK, card)


def next_hand() -> Action:
    return Action(NEXT_HAND)
