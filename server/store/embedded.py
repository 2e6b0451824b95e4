"""The embedded store: SQLite in one file, used when no REDIS_URL is set.

All SQLite work runs on one dedicated thread (SQLite connections belong to the thread that
opened them), so the event loop never waits on disk. WAL mode keeps writes cheap; the log
table's primary key (room, index) makes an append at a taken index fail atomically.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from server.store.base import Conflict, Entry, Store, replay_summary

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, meta TEXT NOT NULL, active INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS log (room TEXT NOT NULL, idx INTEGER NOT NULL, entry TEXT NOT NULL,
                                PRIMARY KEY (room, idx));
CREATE TABLE IF NOT EXISTS replays (id TEXT PRIMARY KEY, finished REAL NOT NULL,
                                    body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS daily (key TEXT PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS lobby (room TEXT PRIMARY KEY, body TEXT NOT NULL);
"""


class EmbeddedStore(Store):
    def __init__(self, path: str) -> None:
        self.path = path
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._db: sqlite3.Connection | None = None
        self._pool.submit(self._open).result()

    def _open(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")  # an accepted action survives a power cut
        db.executescript(SCHEMA)
        # The lobby lists rooms of this process's life; a restart rebuilds it.
        db.execute("DELETE FROM lobby")
        self._db = db

    async def _run(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        assert self._db is not None
        return self._db.execute(sql, params).fetchall()

    async def create_room(self, room_id: str, meta: dict[str, Any]) -> None:
        try:
            await self._run(
                self._query,
                "INSERT INTO rooms (id, meta, active) VALUES (?, ?, 1)",
                (room_id, json.dumps(meta)),
            )
        except sqlite3.IntegrityError:
            raise Conflict(f"room {room_id} exists") from None

    async def room_meta(self, room_id: str) -> dict[str, Any] | None:
        rows = await self._run(self._query, "SELECT meta FROM rooms WHERE id = ?", (room_id,))
        return json.loads(rows[0][0]) if rows else None

    def _transaction(self, work) -> Any:
        """Run ``work(db)`` inside BEGIN IMMEDIATE .. COMMIT (rolled back on any error)."""
        db = self._db
        assert db is not None
        db.execute("BEGIN IMMEDIATE")
        try:
            result = work(db)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return result

    def _append(self, room_id: str, index: int, entry: Entry) -> None:
        def work(db: sqlite3.Connection) -> None:
            (count,) = db.execute("SELECT COUNT(*) FROM log WHERE room = ?", (room_id,)).fetchone()
            if count != index:
                raise Conflict(f"log of {room_id} has {count} entries, not {index}")
            db.execute(
                "INSERT INTO log (room, idx, entry) VALUES (?, ?, ?)",
                (room_id, index, json.dumps(entry)),
            )

        try:
            self._transaction(work)
        except sqlite3.IntegrityError:
            raise Conflict(f"entry {index} of {room_id} is taken") from None

    async def append(self, room_id: str, index: int, entry: Entry) -> None:
        await self._run(self._append, room_id, index, entry)

    async def log(self, room_id: str) -> list[Entry]:
        rows = await self._run(
            self._query, "SELECT entry FROM log WHERE room = ? ORDER BY idx", (room_id,)
        )
        return [json.loads(r[0]) for r in rows]

    async def active_rooms(self) -> list[str]:
        rows = await self._run(self._query, "SELECT id FROM rooms WHERE active = 1")
        return [r[0] for r in rows]

    def _finish(self, room_id: str, replay: dict[str, Any]) -> None:
        finished_at = float(replay.get("finished_at", time.time()))

        def work(db: sqlite3.Connection) -> None:
            db.execute("UPDATE rooms SET active = 0 WHERE id = ?", (room_id,))
            db.execute(
                "INSERT OR REPLACE INTO replays (id, finished, body) VALUES (?, ?, ?)",
                (replay["id"], finished_at, json.dumps(replay)),
            )
            db.execute("DELETE FROM lobby WHERE room = ?", (room_id,))

        self._transaction(work)

    async def finish_room(self, room_id: str, replay: dict[str, Any]) -> None:
        await self._run(self._finish, room_id, replay)

    async def replay(self, game_id: str) -> dict[str, Any] | None:
        rows = await self._run(self._query, "SELECT body FROM replays WHERE id = ?", (game_id,))
        return json.loads(rows[0][0]) if rows else None

    async def replays(self, limit: int = 50) -> list[dict[str, Any]]:
        rows = await self._run(
            self._query, "SELECT body FROM replays ORDER BY finished DESC LIMIT ?", (limit,)
        )
        return [replay_summary(json.loads(r[0])) for r in rows]

    async def daily(self, key: str) -> dict[str, Any] | None:
        rows = await self._run(self._query, "SELECT body FROM daily WHERE key = ?", (key,))
        return json.loads(rows[0][0]) if rows else None

    async def put_daily(self, key: str, deal: dict[str, Any]) -> dict[str, Any]:
        await self._run(
            self._query,
            "INSERT OR IGNORE INTO daily (key, body) VALUES (?, ?)",
            (key, json.dumps(deal)),
        )
        stored = await self.daily(key)
        assert stored is not None
        return stored

    async def lobby_put(self, room_id: str, summary: dict[str, Any]) -> None:
        await self._run(
            self._query,
            "INSERT OR REPLACE INTO lobby (room, body) VALUES (?, ?)",
            (room_id, json.dumps(summary)),
        )

    async def lobby_remove(self, room_id: str) -> None:
        await self._run(self._query, "DELETE FROM lobby WHERE room = ?", (room_id,))

    async def lobby(self) -> list[dict[str, Any]]:
        rows = await self._run(self._query, "SELECT body FROM lobby ORDER BY room")
        return [json.loads(r[0]) for r in rows]

    async def close(self) -> None:
        def _close() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        await self._run(_close)
        self._pool.shutdown(wait=True)
