"""The Klondike-family core both solitaires share: a pure, immutable position and its rules.

``Solitaire.new(variant, number)`` deals; ``position.apply(action)`` returns the next position
or raises :class:`IllegalMove` with a stable code and the sentence of the rule. Nothing here
does I/O, and a position never changes: undo keeps the last 100 positions.

Actions (the wire form is a dict):

* ``{"type": "stock"}``: turn cards from the stock onto the waste (1, or 3 in draw 3), or,
  when the stock is empty, turn the whole waste back into the stock in the same order;
* ``{"type": "move", "from": P, "to": Q, "count": n}``: explicit move. Piles are ``"waste"``,
  ``"c0"``.. (columns, left to right), ``"f0"``.. (foundation slots) and ``"f"`` (the first
  foundation slot that accepts the card). ``count`` (default 1) is how many cards from the end
  of a column move together;
* ``{"type": "tap", "from": P}``: send the top card of P to a foundation that accepts it;
* ``{"type": "double", "from": P}``: as tap, else a place on the tableau: the longest column
  first, then, for a king, an empty column;
* ``{"type": "undo"}``: take back the last action (of the last 100).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

from server.games.cards import is_red, rank_index
from server.games.solitaire.deals import Deal, daily_code, deal, encode, layout
from server.games.solitaire.variants import KING_RUNS, Variant

UNDO_LIMIT = 100
FOUNDATION_POINTS = 10
WASTE_TO_COLUMN_POINTS = 5
TURN_UP_POINTS = 5

REFUSALS: dict[str, str] = {
    "bad_action": "That is not a solitaire action.",
    "bad_pile": "There is no such pile.",
    "empty_pile": "There is no card there.",
    "face_down": "A face-down card cannot be moved; it turns up by itself when uncovered.",
    "one_card": (
        "Only one card moves at a time between columns; only a king-led run may move, "
        "and only into an empty column."
    ),
    "not_a_run": (
        "Cards move together only when they form a run: alternating colours, each one rank "
        "lower than the card under it."
    ),
    "waste_top": "Only the top card of the waste can be played.",
    "empty_needs_king": "Only a king (or a run led by a king) may go to an empty column.",
    "bad_build": "A card goes on a card of the opposite colour and exactly one rank higher.",
    "foundation_one": "Cards go to a foundation one at a time.",
    "foundation_order": (
        "A foundation takes the cards of its own suit one at a time, from the ace up to the king."
    ),
    "ace_to_empty": "An ace goes only to an empty foundation slot of its own suit.",
    "foundation_to_foundation": "A card taken back from a foundation goes to the tableau.",
    "to_waste": "Cards cannot be put on the waste or the stock.",
    "same_pile": "The card is already there.",
    "no_foundation": "No foundation takes this card yet.",
    "no_place": "This card has no place to go.",
    "stock_empty": "The stock and the waste are both empty.",
    "nothing_to_undo": "There is nothing to undo (only the last 100 actions can be undone).",
    "won": "The game is won: start a new one.",
}


class IllegalMove(ValueError):
    """A move the rules refuse: ``code`` is stable, ``message`` is the rule's sentence."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.message = REFUSALS[code]
        super().__init__(f"{code}: {self.message}")


def fits_on(card: str, under: str) -> bool:
    """``card`` may lie on ``under`` in a column: opposite colour, one rank lower."""
    return is_red(card) != is_red(under) and rank_index(card) + 1 == rank_index(under)


def is_run(cards: tuple[str, ...]) -> bool:
    return all(fits_on(b, a) for a, b in pairwise(cards))


FIELDS = {"stock": (), "undo": (), "tap": ("from",), "double": ("from",), "move": ("from", "to")}


def parse_action(action: Any) -> dict[str, Any]:
    """The clean wire form of an action (only its own fields, each of the right type), or
    :class:`IllegalMove` ``bad_action``: what is logged and replayed is exactly this."""
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str) or kind not in FIELDS:  # a list or a map is not hashable
        raise IllegalMove("bad_action")
    clean: dict[str, Any] = {"type": kind}
    for name in FIELDS[kind]:
        value = action.get(name)
        if not isinstance(value, str) or len(value) > 8:
            raise IllegalMove("bad_pile")
        clean[name] = value
    if kind == "move":
        count = action.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 104:
            raise IllegalMove("bad_action")
        clean["count"] = count
    return clean


def _pile(name: Any, columns: int, slots: int) -> tuple[str, int]:
    """Parse a pile name into (kind, index): ("waste", 0), ("c", i), ("f", i) or ("f", -1)."""
    if name == "waste":
        return "waste", 0
    if name == "f":
        return "f", -1
    digits = name[1:] if isinstance(name, str) else ""
    if len(digits) in (1, 2) and name[0] in "cf" and digits.isascii() and digits.isdigit():
        index = int(name[1:])
        if index < (columns if name[0] == "c" else slots):
            return name[0], index
    raise IllegalMove("bad_pile")


@dataclass(frozen=True, slots=True)
class Solitaire:
    variant: Variant
    number: int
    columns: tuple[tuple[str, ...], ...]  # bottom first
    hidden: tuple[int, ...]  # how many cards at the bottom of each column are face down
    stock: tuple[str, ...]  # the top is the last
    waste: tuple[str, ...]  # the top is the last
    foundations: tuple[tuple[str, ...], ...]
    score: int = 0
    moves: int = 0
    recycles: int = 0
    fan: int = 0  # waste cards shown fanned (the last draw in draw 3)
    earned: tuple[str, ...] = ()  # a code once per copy that has earned its foundation points
    history: tuple[Solitaire, ...] = ()  # earlier positions, the latest first, for undo
    day: str | None = None  # a day's deal (ISO date): its code is the daily code, no number

    @classmethod
    def new(cls, variant: Variant, number: int, dealt: Deal | None = None) -> Solitaire:
        """Deal ``number``; or lay out ``dealt`` (a deck order of your own) under that number."""
        dealt = dealt or deal(variant, number)
        return cls(
            variant=variant,
            number=number,
            columns=dealt.columns,
            hidden=tuple(len(c) - 1 if variant.face_down else 0 for c in dealt.columns),
            stock=tuple(reversed(dealt.stock)),
            waste=(),
            foundations=tuple(() for _ in variant.slots),
        )

    @classmethod
    def daily(cls, variant: Variant, day: str, order: list[str]) -> Solitaire:
        """The deal of ``day`` (an ISO date) from its deck order (see
        :mod:`server.services.dailies`): numbered 0, named by its daily code."""
        return replace(cls.new(variant, 0, layout(variant, list(order))), day=day)

    # ---- reading -------------------------------------------------------------------------

    @property
    def code(self) -> str:
        if self.day is not None:
            return daily_code(self.variant, dt.date.fromisoformat(self.day))
        return encode(self.variant, self.number)

    @property
    def won(self) -> bool:
        return sum(len(f) for f in self.foundations) == self.variant.cards

    def accepts(self, slot: int, card: str) -> bool:
        """Foundation ``slot`` takes ``card`` now."""
        if self.variant.slots[slot] != card[1]:
            return False
        pile = self.foundations[slot]
        return rank_index(card) == (rank_index(pile[-1]) + 1 if pile else 0)

    def view(self) -> dict[str, Any]:
        """What the player and spectators see: face-up cards and counts, never a face-down
        card or the stock order."""
        shown = max(self.fan, 1) if self.waste else 0
        return {
            "game": self.variant.game,
            "name": self.variant.name,
            "code": self.code,
            "number": None if self.day is not None else self.number,
            "draw": self.variant.draw,
            "columns": [
                {"down": down, "up": list(col[down:])}
                for col, down in zip(self.columns, self.hidden, strict=True)
            ],
            "stock": len(self.stock),
            "waste": list(self.waste[-shown:]) if shown else [],
            "waste_count": len(self.waste),
            "foundations": [
                {"suit": suit, "top": pile[-1] if pile else None, "count": len(pile)}
                for suit, pile in zip(self.variant.slots, self.foundations, strict=True)
            ],
            "score": self.score,
            "moves": self.moves,
            "recycles": self.recycles,
            "undo": len(self.history),
            "won": self.won,
        }

    # ---- acting --------------------------------------------------------------------------

    def apply(self, action: Any) -> Solitaire:
        """The position after ``action`` (a dict), or :class:`IllegalMove`."""
        action = parse_action(action)
        kind = action["type"]
        if kind == "undo":
            return self._undo()
        if self.won:
            raise IllegalMove("won")
        if kind == "stock":
            after = self._stock()
        elif kind == "move":
            after = self._move(action["from"], action["to"], action["count"])
        elif kind == "tap":
            after = self._tap(action["from"])
        else:
            after = self._double(action["from"])
        return replace(
            after, moves=self.moves + 1, history=(self._bare(), *self.history)[:UNDO_LIMIT]
        )

    def _bare(self) -> Solitaire:
        return replace(self, history=())

    def _undo(self) -> Solitaire:
        if not self.history:
            raise IllegalMove("nothing_to_undo")
        # The position before, with the points of what is undone gone; the counter stays.
        return replace(self.history[0], moves=self.moves, history=self.history[1:])

    def _scored(self, delta: int, **changes: Any) -> Solitaire:
        """Apply ``changes`` and ``delta`` points; the score never goes below 0."""
        return replace(self, score=max(0, self.score + delta), **changes)

    def _stock(self) -> Solitaire:
        if self.stock:
            n = min(self.variant.draw, len(self.stock))
            turned = tuple(reversed(self.stock[-n:]))
            return replace(self, stock=self.stock[:-n], waste=self.waste + turned, fan=n)
        if not self.waste:
            raise IllegalMove("stock_empty")
        return self._scored(
            -self.variant.recycle_cost,
            stock=tuple(reversed(self.waste)),
            waste=(),
            fan=0,
            recycles=self.recycles + 1,
        )

    def _top(self, kind: str, index: int) -> str:
        if kind == "waste":
            pile = self.waste
        elif kind == "c":
            pile = self.columns[index]
        else:
            pile = self.foundations[index]
        if not pile:
            raise IllegalMove("empty_pile")
        return pile[-1]

    def _move(self, source: Any, target: Any, count: int) -> Solitaire:
        v = self.variant
        src, si = _pile(source, v.columns, len(v.slots))
        dst, di = _pile(target, v.columns, len(v.slots))
        if dst == "waste":
            raise IllegalMove("to_waste")
        if (src, si) == (dst, di):
            raise IllegalMove("same_pile")
        if src == "f" and si < 0:
            raise IllegalMove("bad_pile")
        top = self._top(src, si)
        if src == "waste" and count > 1:
            raise IllegalMove("waste_top")
        if dst == "f":
            if count > 1:
                raise IllegalMove("foundation_one")
            if src == "f":
                raise IllegalMove("foundation_to_foundation")
            return self._to_foundation(src, si, top, di)
        # To a column.
        if src == "c":
            column = self.columns[si]
            if count > len(column) - self.hidden[si]:
                raise IllegalMove("face_down" if count <= len(column) else "empty_pile")
            cards = column[-count:]
        else:
            if count > 1:
                raise IllegalMove("waste_top" if src == "waste" else "foundation_one")
            cards = (top,)
        target_column = self.columns[di]
        if count > 1:
            if not is_run(cards):
                raise IllegalMove("one_card" if v.runs == KING_RUNS else "not_a_run")
            if v.runs == KING_RUNS and (rank_index(cards[0]) != 12 or target_column):
                raise IllegalMove("one_card")
        if not target_column:
            if rank_index(cards[0]) != 12:
                raise IllegalMove("empty_needs_king")
        elif not fits_on(cards[0], target_column[-1]):
            raise IllegalMove("bad_build")
        after = self._take(src, si, count)
        columns = list(after.columns)
        columns[di] = columns[di] + cards
        points = WASTE_TO_COLUMN_POINTS if src == "waste" else 0
        return after._scored(points, columns=tuple(columns))

    def _to_foundation(self, src: str, si: int, card: str, slot: int) -> Solitaire:
        slots = range(len(self.variant.slots)) if slot < 0 else (slot,)
        chosen = next((i for i in slots if self.accepts(i, card)), None)
        if chosen is None:
            if slot < 0:
                raise IllegalMove("no_foundation")
            if rank_index(card) == 0 and self.variant.decks == 2:
                raise IllegalMove("ace_to_empty")
            raise IllegalMove("foundation_order")
        after = self._take(src, si, 1)
        foundations = list(after.foundations)
        foundations[chosen] = foundations[chosen] + (card,)
        on_foundations = sum(f.count(card) for f in foundations)
        earned = after.earned
        points = 0
        if earned.count(card) < on_foundations:  # each copy earns its points once a game
            earned = (*earned, card)
            points = FOUNDATION_POINTS
        return after._scored(points, foundations=tuple(foundations), earned=earned)

    def _take(self, src: str, index: int, count: int) -> Solitaire:
        """Remove ``count`` cards from the end of a pile; turn up an uncovered card (+5)."""
        if src == "waste":
            return replace(self, waste=self.waste[:-1], fan=max(self.fan - 1, 0))
        if src == "f":
            foundations = list(self.foundations)
            foundations[index] = foundations[index][:-1]
            return replace(self, foundations=tuple(foundations))
        columns = list(self.columns)
        columns[index] = columns[index][:-count]
        hidden = list(self.hidden)
        points = 0
        if columns[index] and hidden[index] >= len(columns[index]):
            hidden[index] = len(columns[index]) - 1
            points = TURN_UP_POINTS
        return self._scored(points, columns=tuple(columns), hidden=tuple(hidden))

    def _tap(self, source: Any) -> Solitaire:
        return self._move(source, "f", 1)

    def _double(self, source: Any) -> Solitaire:
        """Foundation first; then the longest column it fits on; then, for a king, an empty
        column."""
        try:
            return self._move(source, "f", 1)
        except IllegalMove as refused:
            if refused.code in ("bad_pile", "empty_pile"):
                raise
        src, si = _pile(source, self.variant.columns, len(self.variant.slots))
        card = self._top(src, si)
        order = sorted(
            (i for i in range(self.variant.columns) if (src, si) != ("c", i)),
            key=lambda i: -len(self.columns[i]),
        )
        for i in order:
            column = self.columns[i]
            if column and fits_on(card, column[-1]):
                return self._move(source, f"c{i}", 1)
        alone = src == "c" and len(self.columns[si]) == 1  # a king alone gains nothing
        if rank_index(card) == 12 and not alone:
            for i in order:
                if not self.columns[i]:
                    return self._move(source, f"c{i}", 1)
        raise IllegalMove("no_place")
