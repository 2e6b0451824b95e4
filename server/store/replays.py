"""What outlives a room: finished games' replays and their players' reviews."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class ReplayStore(ABC):
    """Finished games' replays and reviews."""

    @abstractmethod
    async def replay(self, game_id: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def replays(self, limit: int = 50) -> list[dict[str, Any]]:
        """Summaries of the latest finished games, newest first."""

    @abstractmethod
    async def review(self, game_id: str, seat: int) -> dict[str, Any] | None:
        """The review of ``seat`` in the finished game ``game_id``, if one was made."""

    @abstractmethod
    async def put_review(self, game_id: str, seat: int, review: dict[str, Any]) -> bool:
        """Keep ``review`` with the game's replay: as long as the replay is kept, and only if
        it is (False, and nothing kept, for a game with no replay). One per (game, seat): a
        second replaces the first."""
