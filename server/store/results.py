"""What finished games change for their players, kept as steps that are each atomic on its
own (one player's results; a rated pair's games of a day; the rating board; and one row of a
day's board, :meth:`server.store.dailies.DailyStore.rank`) and safe to repeat, so that no
step needs more than one Redis Cluster slot.
The rules that decide what changes are not here: :mod:`server.host.settlement` runs the
steps and :mod:`server.players.ledger` decides."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass
class Settled:
    """What one game changed for one player: their statistics now, their summary of the
    game (the newest of their last games), and, after a rated match that moved it, their
    rating now and its point in their rating history."""

    stats: dict[str, Any]
    game: dict[str, Any]
    rating: dict[str, Any] | None = None
    point: dict[str, Any] | None = None


@dataclass(frozen=True)
class Kept:
    """How many of a player's last games and rating points are kept."""

    games: int
    points: int


Fold = Callable[[dict[str, Any] | None, dict[str, Any] | None], Settled]
"""A game's change to one player, from their statistics and rating before it (None: none)."""


class ResultStore(ABC):
    """Players' results: statistics, last games, ratings and their history, the rating board,
    and the steps that count a finished game. The rating board's order is as of each
    player's last step: its rows show their ratings as they are when read."""

    @abstractmethod
    async def propose(self, game_id: str, plan: dict[str, Any]) -> dict[str, Any]:
        """Keep ``plan`` (what the rules decided a game changes, from what was stored when it
        finished) as the game's, unless one is kept already; the plan kept. Kept as long as
        the game's *counted* mark."""

    @abstractmethod
    async def settle_player(self, game_id: str, player_id: str, fold: Fold, kept: Kept) -> bool:
        """Apply ``fold`` to the player's statistics and rating as they are now, in one
        atomic step with a mark that the game was settled for the player: write what it
        returns (statistics, rating), add its game to their last games and its point to
        their rating history (keeping ``kept.games`` and ``kept.points`` of them). Done at
        most once per game and player: False, and nothing written, if it was before."""

    @abstractmethod
    async def count_pair(self, day: str, pair: tuple[str, str], game_id: str) -> None:
        """Count ``game_id`` among the rated matches of ``pair`` (its two player ids, in
        order) that UTC day: counting a game twice counts it once."""

    @abstractmethod
    async def pair_games(self, day: str, pair: tuple[str, str]) -> int:
        """How many rated matches of ``pair`` were counted that day."""

    @abstractmethod
    async def set_board_rating(self, player_id: str, rating: float | None) -> None:
        """Put the player on the rating board with ``rating``, or take them off (None)."""

    @abstractmethod
    async def mark_counted(self, game_id: str) -> bool:
        """Mark the game counted: True if it was not before (this caller counted it)."""

    @abstractmethod
    async def counted(self, game_id: str) -> bool:
        """Whether the game was marked counted."""

    @abstractmethod
    async def player_stats(self, player_id: str) -> dict[str, dict[str, Any]]:
        """The player's statistics, line -> counters (empty for none)."""

    @abstractmethod
    async def player_games(self, player_id: str) -> list[dict[str, Any]]:
        """The player's last games, newest first."""

    @abstractmethod
    async def player_rating(self, player_id: str) -> dict[str, Any] | None:
        """The player's rating record as of their last rated match, or None."""

    @abstractmethod
    async def rating_history(self, player_id: str) -> list[dict[str, Any]]:
        """The player's rating after each rated match, newest first."""

    @abstractmethod
    async def rating_board(self, limit: int) -> list[dict[str, Any]]:
        """Up to ``limit`` rating records (with ``player``) of the players on the rating board,
        highest rating first (ties: player id)."""
