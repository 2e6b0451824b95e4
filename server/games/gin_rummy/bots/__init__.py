"""Gin Rummy bots: ``make_bot(level, seed).act(view) -> Action``.

Levels for the lobby: easy, normal, hard, expert. ``simple`` is the research baseline, used
only to measure the others with :mod:`server.games.gin_rummy.tournament`.
"""

from __future__ import annotations

from server.games.gin_rummy.bots.base import Bot
from server.games.gin_rummy.bots.expert import ExpertBot
from server.games.gin_rummy.bots.levels import EasyBot, HardBot, NormalBot
from server.games.gin_rummy.bots.simple import SimpleBot

LEVELS = ("easy", "normal", "hard", "expert")
_BOTS: dict[str, type[Bot]] = {
    "simple": SimpleBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` whose random choices are fixed by ``seed``."""
    try:
        cls = _BOTS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; try one of {', '.join(_BOTS)}") from None
    return cls(seed)


__all__ = ["LEVELS", "Bot", "make_bot"]
