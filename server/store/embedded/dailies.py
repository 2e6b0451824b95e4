"""The embedded store's days' deals, boards and first attempts. A board's size is kept beside
it (``board_sizes``: a COUNT would read the whole board)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from server.store.dailies import DailyStore, ranked
from server.store.embedded.sqlite import Sqlite


def board_size(db: sqlite3.Connection, board: str, date: str) -> int:
    row = db.execute(
        "SELECT n FROM board_sizes WHERE board = ? AND date = ?", (board, date)
    ).fetchone()
    return row[0] if row else 0


class EmbeddedDailies(DailyStore):
    def __init__(self, sqlite: Sqlite) -> None:
        self._sqlite = sqlite

    async def daily(self, key: str) -> dict[str, Any] | None:
        rows = await self._sqlite.run(
            self._sqlite.query, "SELECT body FROM daily WHERE key = ?", (key,)
        )
        return json.loads(rows[0][0]) if rows else None

    async def put_daily(self, key: str, deal: dict[str, Any]) -> dict[str, Any]:
        await self._sqlite.run(
            self._sqlite.query,
            "INSERT OR IGNORE INTO daily (key, body) VALUES (?, ?)",
            (key, json.dumps(deal)),
        )
        stored = await self.daily(key)
        assert stored is not None
        return stored

    def _claim(self, board: str, date: str, player_id: str, claim: str) -> str:
        db = self._sqlite.db
        assert db is not None
        db.execute(
            "INSERT OR IGNORE INTO attempts (board, date, player, room) VALUES (?, ?, ?, ?)",
            (board, date, player_id, claim),
        )
        return db.execute(
            "SELECT room FROM attempts WHERE board = ? AND date = ? AND player = ?",
            (board, date, player_id),
        ).fetchone()[0]

    async def claim_attempt(self, board: str, date: str, player_id: str, claim: str) -> str:
        return await self._sqlite.run(self._claim, board, date, player_id, claim)

    async def attempt(self, board: str, date: str, player_id: str) -> str | None:
        rows = await self._sqlite.run(
            self._sqlite.query,
            "SELECT room FROM attempts WHERE board = ? AND date = ? AND player = ?",
            (board, date, player_id),
        )
        return rows[0][0] if rows else None

    def _daily_board(
        self, board: str, date: str, limit: int, player_id: str | None
    ) -> dict[str, Any]:
        db = self._sqlite.db
        assert db is not None
        total = board_size(db, board, date)
        top = db.execute(
            "SELECT player, score, body FROM boards WHERE board = ? AND date = ? "
            "ORDER BY score DESC, player LIMIT ?",
            (board, date, max(0, limit)),
        ).fetchall()
        me = None
        if player_id is not None:
            mine = db.execute(
                "SELECT score, body FROM boards WHERE board = ? AND date = ? AND player = ?",
                (board, date, player_id),
            ).fetchone()
            if mine is not None:
                (better,) = db.execute(
                    "SELECT COUNT(*) FROM boards WHERE board = ? AND date = ? AND score > ?",
                    (board, date, mine[0]),
                ).fetchone()
                me = {"rank": better + 1, **json.loads(mine[1])}
        rows = ranked([(p, score, json.loads(body)) for p, score, body in top])
        return {"total": total, "rows": rows, "me": me}

    async def daily_board(
        self, board: str, date: str, limit: int, player_id: str | None = None
    ) -> dict[str, Any]:
        return await self._sqlite.run(self._daily_board, board, date, limit, player_id)

    def _rank(self, board: str, date: str, player_id: str, score: float, row: dict) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            added = db.execute(
                "INSERT OR IGNORE INTO boards (board, date, player, score, body) "
                "VALUES (?, ?, ?, ?, ?)",
                (board, date, player_id, score, json.dumps(row)),
            ).rowcount
            if added:
                db.execute(
                    "INSERT INTO board_sizes (board, date, n) VALUES (?, ?, 1) "
                    "ON CONFLICT (board, date) DO UPDATE SET n = n + 1",
                    (board, date),
                )
            return added > 0

        return self._sqlite.transaction(work)

    async def rank(self, board: str, date: str, player_id: str, score: float, row: dict) -> bool:
        return await self._sqlite.run(self._rank, board, date, player_id, score, row)

    async def board_size(self, board: str, date: str) -> int:
        assert self._sqlite.db is not None
        return await self._sqlite.run(board_size, self._sqlite.db, board, date)
