"""The embedded store's results: players' statistics, last games, ratings and their history,
the rating board, and the steps that count a finished game (:mod:`server.store.results`),
each step one transaction on the SQLite thread.

Tables: ``settlements`` (a game's plan), ``settled`` (a game settled for a player, written
in the player's step), ``pair_games`` (a pair's rated matches of a day, one row a game),
``rating_board`` (who is on it and the rating it orders them by), ``counted`` (the game's
mark), and the players' own: ``player_stats``, ``player_games``, ``ratings``,
``rating_history``. What outlived its time goes when a game is marked counted
(:func:`~server.store.embedded.players.sweep`).
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from server.store.base import DEFAULT_LIMITS, Limits
from server.store.embedded.players import sweep
from server.store.embedded.sqlite import Sqlite
from server.store.keys import RATING_BOARD
from server.store.results import Fold, Kept, ResultStore


def _body(db: sqlite3.Connection, sql: str, *params: Any) -> Any:
    """The JSON of the first column of the one row ``sql`` reads, or None."""
    row = db.execute(sql, params).fetchone()
    return json.loads(row[0]) if row else None


def _keep_last(
    db: sqlite3.Connection,
    table: str,
    when: str,
    player: str,
    row: tuple[str, float, dict[str, Any]],
    keep: int,
) -> None:
    """Add one of a player's rows (``row``: its game, its time, its body: a last game, a
    rating point), and keep their last ``keep``: the latest by their time, and of rows of
    one time the last written (their rowid grows with each insert)."""
    game, at, body = row
    db.execute(
        f"INSERT OR REPLACE INTO {table} (player, game, {when}, body) VALUES (?, ?, ?, ?)",
        (player, game, at, json.dumps(body)),
    )
    db.execute(
        f"DELETE FROM {table} WHERE player = ? AND rowid NOT IN (SELECT rowid FROM {table} "
        f"WHERE player = ? ORDER BY {when} DESC, rowid DESC LIMIT ?)",
        (player, player, keep),
    )


class EmbeddedResults(ResultStore):
    def __init__(self, sqlite: Sqlite, limits: Limits = DEFAULT_LIMITS) -> None:
        self._sqlite = sqlite
        self._limits = limits

    async def _transaction(self, work) -> Any:
        return await self._sqlite.run(self._sqlite.transaction, work)

    async def _query(self, sql: str, *params: Any) -> list[tuple]:
        return await self._sqlite.run(self._sqlite.query, sql, params)

    # ---- the steps that count a game -------------------------------------------------------------

    async def propose(self, game_id: str, plan: dict[str, Any]) -> dict[str, Any]:
        def work(db: sqlite3.Connection) -> dict[str, Any]:
            db.execute(
                "INSERT OR IGNORE INTO settlements (game, plan, at) VALUES (?, ?, ?)",
                (game_id, json.dumps(plan), time.time()),
            )
            return _body(db, "SELECT plan FROM settlements WHERE game = ?", game_id)

        return await self._transaction(work)

    async def settle_player(self, game_id: str, player_id: str, fold: Fold, kept: Kept) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            mark = (player_id, game_id)
            if db.execute("SELECT 1 FROM settled WHERE player = ? AND game = ?", mark).fetchone():
                return False
            stats = _body(db, "SELECT body FROM player_stats WHERE player = ?", player_id)
            rating = _body(db, "SELECT body FROM ratings WHERE player = ?", player_id)
            settled = fold(stats, rating)
            now = time.time()
            db.execute(
                "INSERT OR REPLACE INTO player_stats (player, body, at) VALUES (?, ?, ?)",
                (player_id, json.dumps(settled.stats), now),
            )
            if settled.rating is not None:
                db.execute(
                    "INSERT OR REPLACE INTO ratings (player, rating, rd, body, at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (
                        player_id,
                        settled.rating["rating"],
                        settled.rating["rd"],
                        json.dumps(settled.rating),
                        now,
                    ),
                )
            row = (settled.game["id"], settled.game.get("finished_at", now), settled.game)
            _keep_last(db, "player_games", "finished", player_id, row, kept.games)
            if settled.point is not None:
                row = (settled.point["game"], settled.point.get("at", now), settled.point)
                _keep_last(db, "rating_history", "at", player_id, row, kept.points)
            db.execute("INSERT INTO settled (player, game, at) VALUES (?, ?, ?)", (*mark, now))
            return True

        return await self._transaction(work)

    async def count_pair(self, day: str, pair: tuple[str, str], game_id: str) -> None:
        await self._query(
            "INSERT OR IGNORE INTO pair_games (date, a, b, game) VALUES (?, ?, ?, ?)",
            day,
            *pair,
            game_id,
        )

    async def pair_games(self, day: str, pair: tuple[str, str]) -> int:
        rows = await self._query(
            "SELECT COUNT(*) FROM pair_games WHERE date = ? AND a = ? AND b = ?", day, *pair
        )
        return rows[0][0]

    async def set_board_rating(self, player_id: str, rating: float | None) -> None:
        def work(db: sqlite3.Connection) -> None:
            if rating is None:
                db.execute("DELETE FROM rating_board WHERE player = ?", (player_id,))
                return
            db.execute(
                "INSERT OR REPLACE INTO rating_board (player, rating) VALUES (?, ?)",
                (player_id, rating),
            )
            # At most RATING_BOARD players: those past the board's end go.
            db.execute(
                "DELETE FROM rating_board WHERE player IN (SELECT player FROM rating_board "
                "ORDER BY rating DESC, player LIMIT -1 OFFSET ?)",
                (RATING_BOARD,),
            )

        await self._transaction(work)

    async def mark_counted(self, game_id: str) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            now = time.time()
            added = db.execute(
                "INSERT OR IGNORE INTO counted (game, at) VALUES (?, ?)", (game_id, now)
            ).rowcount
            if added:
                sweep(
                    db, now, self._limits
                )  # once per game counted, as the Redis store's keys expire
            return added > 0

        return await self._transaction(work)

    async def counted(self, game_id: str) -> bool:
        return bool(await self._query("SELECT 1 FROM counted WHERE game = ?", game_id))

    # ---- what they read --------------------------------------------------------------------------

    async def player_stats(self, player_id: str) -> dict[str, dict[str, Any]]:
        rows = await self._query("SELECT body FROM player_stats WHERE player = ?", player_id)
        return json.loads(rows[0][0]) if rows else {}

    async def player_games(self, player_id: str) -> list[dict[str, Any]]:
        rows = await self._query(
            "SELECT body FROM player_games WHERE player = ? ORDER BY finished DESC, rowid DESC",
            player_id,
        )
        return [json.loads(r[0]) for r in rows]

    async def player_rating(self, player_id: str) -> dict[str, Any] | None:
        rows = await self._query("SELECT body FROM ratings WHERE player = ?", player_id)
        return json.loads(rows[0][0]) if rows else None

    async def rating_history(self, player_id: str) -> list[dict[str, Any]]:
        rows = await self._query(
            "SELECT body FROM rating_history WHERE player = ? ORDER BY at DESC, rowid DESC",
            player_id,
        )
        return [json.loads(r[0]) for r in rows]

    async def rating_board(self, limit: int) -> list[dict[str, Any]]:
        rows = await self._query(
            "SELECT b.player, r.body FROM rating_board b JOIN ratings r ON r.player = b.player "
            "ORDER BY b.rating DESC, b.player LIMIT ?",
            max(0, min(limit, RATING_BOARD)),
        )
        return [{**json.loads(body), "player": player} for player, body in rows]
