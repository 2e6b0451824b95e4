"""What one finished game changes for its players, computed from what the store holds now.

The store reads what :func:`wanted` names (each player's statistics, ratings, first attempts
of the day), calls :func:`settle`, and writes the :class:`Changes` together with the game's
*counted* mark in one transaction: a game is counted exactly once, whichever node finishes
it, however often, and a node that dies mid-way has written nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from server.players import stats as statistics

RECENT_GAMES = 50
"""A player's last games kept (each links to its replay)."""


@dataclass
class Wanted:
    players: list[str]  # whose statistics the game changes


@dataclass
class Changes:
    stats: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> new statistics
    games: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> game summary

    @property
    def empty(self) -> bool:
        return not self.stats


def wanted(replay: dict[str, Any]) -> Wanted:
    return Wanted(players=[p for _, p in statistics.seats_counted(replay)])


def settle(replay: dict[str, Any], stats: dict[str, dict[str, Any] | None]) -> Changes:
    """The changes of one game, given each counted player's statistics before it."""
    changes = Changes()
    for seat, player in statistics.seats_counted(replay):
        changes.stats[player] = statistics.fold_player(stats.get(player), replay, seat)
        changes.games[player] = statistics.game_summary(replay, seat)
    return changes
