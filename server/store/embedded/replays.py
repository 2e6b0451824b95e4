"""The embedded store's replays (written as their rooms finish:
:meth:`~server.store.embedded.rooms.EmbeddedRooms.finish_room`) and reviews."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from server.store.base import replay_summary
from server.store.embedded.sqlite import Sqlite
from server.store.replays import ReplayStore


class EmbeddedReplays(ReplayStore):
    def __init__(self, sqlite: Sqlite) -> None:
        self._sqlite = sqlite

    async def replay(self, game_id: str) -> dict[str, Any] | None:
        rows = await self._sqlite.run(
            self._sqlite.query, "SELECT body FROM replays WHERE id = ?", (game_id,)
        )
        return json.loads(rows[0][0]) if rows else None

    async def replays(self, limit: int = 50) -> list[dict[str, Any]]:
        rows = await self._sqlite.run(
            self._sqlite.query, "SELECT body FROM replays ORDER BY finished DESC LIMIT ?", (limit,)
        )
        return [replay_summary(json.loads(r[0])) for r in rows]

    async def review(self, game_id: str, seat: int) -> dict[str, Any] | None:
        rows = await self._sqlite.run(
            self._sqlite.query,
            "SELECT body FROM reviews WHERE game = ? AND seat = ?",
            (game_id, seat),
        )
        return json.loads(rows[0][0]) if rows else None

    def _put_review(self, game_id: str, seat: int, review: dict[str, Any]) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            if not db.execute("SELECT 1 FROM replays WHERE id = ?", (game_id,)).fetchone():
                return False
            db.execute(
                "INSERT OR REPLACE INTO reviews (game, seat, body) VALUES (?, ?, ?)",
                (game_id, seat, json.dumps(review)),
            )
            return True

        return self._sqlite.transaction(work)

    async def put_review(self, game_id: str, seat: int, review: dict[str, Any]) -> bool:
        return await self._sqlite.run(self._put_review, game_id, seat, review)
