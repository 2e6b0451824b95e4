"""The days' deals, each day's boards, and each player's first attempt at a board."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class DailyStore(ABC):
    """Today's deals and their boards."""

    @abstractmethod
    async def daily(self, key: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def put_daily(self, key: str, deal: dict[str, Any]) -> dict[str, Any]:
        """Store ``deal`` under ``key`` unless one is there; return the stored deal."""

    @abstractmethod
    async def claim_attempt(self, board: str, date: str, player_id: str, claim: str) -> str:
        """Record ``claim`` (the caller's: a room, ranked or not) as
        the player's first attempt at a daily board that day unless one is recorded; the
        claim recorded."""

    @abstractmethod
    async def attempt(self, board: str, date: str, player_id: str) -> str | None:
        """The player's claimed first attempt at a board that day, or None."""

    @abstractmethod
    async def daily_board(
        self, board: str, date: str, limit: int, player_id: str | None = None
    ) -> dict[str, Any]:
        """A day's board: ``total`` entries, the best ``limit`` ``rows`` (best first, ties by
        player id, each with its ``rank``: 1 + how many are strictly better), and ``me``: the
        row of ``player_id`` with its rank among everyone, or None."""

    @abstractmethod
    async def rank(self, board: str, date: str, player_id: str, score: float, row: dict) -> bool:
        """Enter the player's ``row`` with ``score`` on a day's board unless an entry of
        theirs is there (whether it was entered now)."""

    @abstractmethod
    async def board_size(self, board: str, date: str) -> int:
        """How many entries a day's board holds."""


def ranked(rows: list[tuple[str, float, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Rows (player, score, row) best first -> rows with their ranks, as
    :meth:`DailyStore.daily_board` answers them (1 + how many are strictly better)."""
    out, rank, last = [], 0, None
    for i, (_, score, row) in enumerate(rows):
        if score != last:
            rank, last = i + 1, score
        out.append({"rank": rank, **row})
    return out
