"""What an example is: a start position, whose move it is, and the moves its text names.

An example knows no rule. It holds a function that builds its start position with a real
engine, and the moves the text asks the reader to try, each with the answer the text expects
(a refusal code, or None for a move that is allowed); ``tests/rules/test_examples.py`` checks those
expectations against the engine, so a text can never promise what the engine does not do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from server.games.gin_rummy import Action, IllegalAction, Match
from server.games.gin_rummy.melds import arrange
from server.games.solitaire import IllegalMove, Solitaire

GAME_SLUGS = {"gin-rummy": "gin_rummy", "easy-harp": "easy_harp", "reflechi": "reflechi"}
"""The games as they appear in addresses (``#/learn/easy-harp``), and their room names."""


class ExampleError(ValueError):
    """A request the examples endpoint refuses before the engine sees it."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        self.code = code
        self.message = message
        self.status = status
        super().__init__(f"{code}: {message}")


@dataclass(frozen=True)
class Try:
    """A move sequence from the start position that the text asks the reader to try.

    ``moves`` are the reader's actions in the engine's wire form; ``expect`` is the refusal
    code the last one gets, or None when every move is allowed."""

    name: str
    moves: tuple[dict[str, Any], ...]
    expect: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "moves": [dict(m) for m in self.moves], "expect": self.expect}


@dataclass(frozen=True)
class Example:
    """A named teaching position of one game.

    ``build`` returns the engine's start position: a :class:`Solitaire`, or for Gin Rummy a
    :class:`Match` where ``seat`` (the reader) is to act. ``open_hands`` shows both Gin hands
    (see the package docstring for why that is fine for constructed positions)."""

    game_slug: str
    name: str
    build: Callable[[], Match | Solitaire] = field(repr=False)
    tries: tuple[Try, ...]
    seat: int | None = None
    open_hands: bool = False

    @property
    def id(self) -> str:
        return f"{self.game_slug}/{self.name}"

    @property
    def game(self) -> str:
        """The game as rooms and views name it: gin_rummy, easy_harp, reflechi."""
        return GAME_SLUGS[self.game_slug]

    @cached_property
    def start(self) -> Match | Solitaire:
        # Positions are immutable: one build serves every request.
        return self.build()

    def view(self, position: Match | Solitaire) -> dict[str, Any]:
        """The engine's view of ``position`` for the reader: the live game's format."""
        if isinstance(position, Solitaire):
            return position.view()
        view = position.view(self.seat)
        if self.open_hands:
            view["open"] = [
                {"hand": list(hand), "melds": [list(m) for m in arrange(hand).melds]}
                for hand in position.hands
            ]
        return view

    def apply(self, position: Match | Solitaire, move: Any) -> Match | Solitaire:
        """The reader's ``move``, checked and applied by the engine (which raises its own
        refusal)."""
        if isinstance(position, Solitaire):
            return position.apply(move)
        assert self.seat is not None
        return position.apply(self.seat, Action.from_dict(move))

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "seat": self.seat,
            "tries": [t.to_dict() for t in self.tries],
        }


REFUSED = (IllegalAction, IllegalMove)
"""The engines' refusals: each carries ``code`` and ``message``."""
