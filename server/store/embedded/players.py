"""The embedded store's players: their records, allowances (in memory) and networks, and
what finished games change for them, counted in one transaction each."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from server.players import ledger, pairing
from server.store.base import Conflict, fingerprint, with_last
from server.store.embedded.dailies import board_size
from server.store.embedded.sqlite import Sqlite
from server.store.keys import ATTEMPT_TTL, COUNTED_TTL, DAILY_TTL, PLAYER_TTL, RATING_BOARD
from server.store.players import PlayerStore

ALLOWANCES = 100_000
"""Rate-limit windows kept in memory at most (old windows go first)."""


class EmbeddedPlayers(PlayerStore):
    """``pool``: the pool of seekers (:mod:`server.store.embedded.seeks`), which a reset of
    a player's secret holds while it is written."""

    def __init__(self, sqlite: Sqlite, pool: pairing.Pool) -> None:
        self._sqlite = sqlite
        self._pool = pool
        self._allowances: dict[tuple[str, int], int] = {}

    # ---- players ---------------------------------------------------------------------------------

    def _create_player(self, record: dict[str, Any], secret_hash: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            # Players not seen for PLAYER_TTL are forgotten (the index on seen keeps it cheap).
            db.execute("DELETE FROM players WHERE seen < ?", (time.time() - PLAYER_TTL,))
            db.execute(
                "INSERT INTO players (id, secret, body, seen) VALUES (?, ?, ?, ?)",
                (record["id"], secret_hash, json.dumps(record), record["seen"]),
            )

        try:
            self._sqlite.transaction(work)
        except sqlite3.IntegrityError:
            raise Conflict(f"player {record['id']} or its secret exists") from None

    async def create_player(self, record: dict[str, Any], secret_hash: str) -> None:
        await self._sqlite.run(self._create_player, record, secret_hash)

    async def _player_where(self, column: str, value: str) -> dict[str, Any] | None:
        """A player seen within PLAYER_TTL, by ``id`` or ``secret`` (its hash)."""
        sql = f"SELECT body FROM players WHERE {column} = ? AND seen >= ?"
        rows = await self._sqlite.run(self._sqlite.query, sql, (value, time.time() - PLAYER_TTL))
        return json.loads(rows[0][0]) if rows else None

    async def player(self, player_id: str) -> dict[str, Any] | None:
        return await self._player_where("id", player_id)

    async def player_by_secret(self, secret_hash: str) -> dict[str, Any] | None:
        return await self._player_where("secret", secret_hash)

    def _update_player(
        self, player_id: str, changes: dict[str, Any], secret_hash: str | None
    ) -> dict[str, Any] | None:
        def work(db: sqlite3.Connection) -> dict[str, Any] | None:
            row = db.execute(
                "SELECT body, secret FROM players WHERE id = ? AND seen >= ?",
                (player_id, time.time() - PLAYER_TTL),
            ).fetchone()
            if row is None or (secret_hash is not None and row[1] != secret_hash):
                return None
            record = {**json.loads(row[0]), **changes}
            record["seen"] = max(record["seen"], time.time())
            db.execute(
                "UPDATE players SET body = ?, seen = ? WHERE id = ?",
                (json.dumps(record), record["seen"], player_id),
            )
            return record

        return self._sqlite.transaction(work)

    async def update_player(
        self, player_id: str, changes: dict[str, Any], secret_hash: str | None = None
    ) -> dict[str, Any] | None:
        return await self._sqlite.run(self._update_player, player_id, changes, secret_hash)

    async def reset_secret(self, player_id: str, secret_hash: str, current: str) -> bool:
        # The file is written on another thread: the pool pairs no seek of the player until
        # the change is over, and drops it if the secret changed. To a sweep, the seek ends
        # at the same instant as the old secret.
        rows = 0
        self._pool.hold(player_id)
        try:
            rows = await self._sqlite.run(
                self._sqlite.changed,
                "UPDATE players SET secret = ? WHERE id = ? AND secret = ?",
                (secret_hash, player_id, current),
            )
        finally:
            kept = fingerprint(secret_hash) if rows > 0 else None
            self._pool.release(player_id, kept, int(time.time() * 1000))
        if rows:
            event = {"k": "signed_out", "player": player_id, "keep": fingerprint(secret_hash)}
            self._sqlite.publish(event)
        return rows > 0

    async def allow(self, bucket: str, limit: int, window_s: int) -> bool:
        window = int(time.time() // window_s)
        key = (bucket, window)
        count = self._allowances.get(key, 0)
        if count >= limit:
            return False
        if key not in self._allowances and len(self._allowances) >= ALLOWANCES:
            for old in [k for k in self._allowances if k[1] < window]:
                del self._allowances[old]  # windows that are over
            if len(self._allowances) >= ALLOWANCES:
                return False  # a flood of distinct buckets in one window: refuse the rest
        self._allowances[key] = count + 1
        return True

    def _note_network(self, player_id: str, tag: str, at: float) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO player_networks (player, tag, seen) VALUES (?, ?, ?) "
                "ON CONFLICT (player, tag) DO UPDATE SET seen = max(seen, excluded.seen)",
                (player_id, tag, at),
            )
            forgotten = at - ledger.SHARED_NETWORK_DAYS * 86_400
            db.execute(
                "DELETE FROM player_networks WHERE player = ? AND (seen < ? OR tag NOT IN "
                "(SELECT tag FROM player_networks WHERE player = ? ORDER BY seen DESC, tag "
                "LIMIT ?))",
                (player_id, forgotten, player_id, ledger.NETWORKS_KEPT),
            )

        self._sqlite.transaction(work)

    async def note_network(self, player_id: str, tag: str, at: float) -> None:
        await self._sqlite.run(self._note_network, player_id, tag, at)

    @staticmethod
    def _networks(db: sqlite3.Connection, player_id: str) -> dict[str, float]:
        sql = "SELECT tag, seen FROM player_networks WHERE player = ?"
        return {tag: seen for tag, seen in db.execute(sql, (player_id,))}

    async def networks(self, player_id: str) -> dict[str, float]:
        assert self._sqlite.db is not None
        return await self._sqlite.run(self._networks, self._sqlite.db, player_id)

    # ---- what finished games change for their players --------------------------------------------

    def _record_game(self, replay: dict[str, Any]) -> bool:
        want = ledger.wanted(replay)
        now = time.time()

        def work(db: sqlite3.Connection) -> bool:
            if db.execute("SELECT 1 FROM counted WHERE game = ?", (replay["id"],)).fetchone():
                return False
            self._sweep(db, now)
            changes = ledger.settle(replay, **self._before(db, want))
            self._write_changes(db, want, changes, now)
            db.execute("INSERT INTO counted (game, at) VALUES (?, ?)", (replay["id"], now))
            return True

        return self._sqlite.transaction(work)

    @staticmethod
    def _body(db: sqlite3.Connection, sql: str, *params: Any) -> Any:
        """The JSON of the first column of the one row ``sql`` reads, or None."""
        row = db.execute(sql, params).fetchone()
        return json.loads(row[0]) if row else None

    def _before(self, db: sqlite3.Connection, want: ledger.Wanted) -> dict[str, Any]:
        """What :func:`server.players.ledger.settle` needs besides the replay, as stored."""
        stats_sql = "SELECT body FROM player_stats WHERE player = ?"
        stats = {p: self._body(db, stats_sql, p) for p in want.players}
        ratings_sql = "SELECT body FROM ratings WHERE player = ?"
        ratings = {p: self._body(db, ratings_sql, p) for p in want.rated or ()}
        addresses, pair_count = {}, 0
        if want.rated is not None:
            for player in want.rated:
                record = self._body(db, "SELECT body FROM players WHERE id = ?", player)
                addresses[player] = with_last(self._networks(db, player), record)
            row = db.execute(
                "SELECT n FROM rated_pairs WHERE date = ? AND a = ? AND b = ?",
                (want.day, *ledger.pair_key(want.rated)),
            ).fetchone()
            pair_count = row[0] if row else 0
        attempts, size = {}, 0
        if want.board is not None:
            sql = "SELECT room FROM attempts WHERE board = ? AND date = ? AND player = ?"
            for player in want.players:
                row = db.execute(sql, (*want.board, player)).fetchone()
                attempts[player] = row[0] if row else None
            size = board_size(db, *want.board)
        return {
            "stats": stats,
            "ratings": ratings,
            "attempts": attempts,
            "board_size": size,
            "addresses": addresses,
            "pair_count": pair_count,
        }

    def _write_changes(
        self, db: sqlite3.Connection, want: ledger.Wanted, changes: ledger.Changes, now: float
    ) -> None:
        if changes.pair_counted:
            assert want.rated is not None
            db.execute(
                "INSERT INTO rated_pairs (date, a, b, n) VALUES (?, ?, ?, 1) "
                "ON CONFLICT (date, a, b) DO UPDATE SET n = n + 1",
                (want.day, *ledger.pair_key(want.rated)),
            )
        for player, (score, row) in changes.ranked.items():
            assert want.board is not None
            added = db.execute(
                "INSERT OR IGNORE INTO boards (board, date, player, score, body) "
                "VALUES (?, ?, ?, ?, ?)",
                (*want.board, player, score, json.dumps(row)),
            ).rowcount
            # The board's size, kept beside it (a COUNT would read the whole board).
            db.execute(
                "INSERT INTO board_sizes (board, date, n) VALUES (?, ?, ?) "
                "ON CONFLICT (board, date) DO UPDATE SET n = n + excluded.n",
                (*want.board, added),
            )
        for player, body in changes.ratings.items():
            db.execute(
                "INSERT OR REPLACE INTO ratings (player, rating, rd, body, at) "
                "VALUES (?, ?, ?, ?, ?)",
                (player, body["rating"], body["rd"], json.dumps(body), now),
            )
        for player, point in changes.history.items():
            self._keep_last(
                db, "rating_history", "at", player, point["game"], point["at"], point,
                ledger.RATING_HISTORY,
            )  # fmt: skip
        for player, body in changes.stats.items():
            db.execute(
                "INSERT OR REPLACE INTO player_stats (player, body, at) VALUES (?, ?, ?)",
                (player, json.dumps(body), now),
            )
        for player, game in changes.games.items():
            self._keep_last(
                db, "player_games", "finished", player, game["id"], game["finished_at"], game,
                ledger.RECENT_GAMES,
            )  # fmt: skip

    @staticmethod
    def _keep_last(
        db: sqlite3.Connection,
        table: str,
        when: str,
        player: str,
        game: str,
        at: float,
        body: dict[str, Any],
        keep: int,
    ) -> None:
        """Add one of a player's rows (games, rating points) and keep their last ``keep``."""
        db.execute(
            f"INSERT OR REPLACE INTO {table} (player, game, {when}, body) VALUES (?, ?, ?, ?)",
            (player, game, at, json.dumps(body)),
        )
        db.execute(
            f"DELETE FROM {table} WHERE player = ? AND game NOT IN (SELECT game FROM {table} "
            f"WHERE player = ? ORDER BY {when} DESC, game DESC LIMIT ?)",
            (player, player, keep),
        )

    @staticmethod
    def _sweep(db: sqlite3.Connection, now: float) -> None:
        """Forget what outlived its time (the Redis store's keys expire by TTL)."""
        db.execute("DELETE FROM counted WHERE at < ?", (now - COUNTED_TTL,))
        db.execute("DELETE FROM player_stats WHERE at < ?", (now - PLAYER_TTL,))
        db.execute("DELETE FROM player_games WHERE finished < ?", (now - PLAYER_TTL,))
        db.execute("DELETE FROM ratings WHERE at < ?", (now - PLAYER_TTL,))
        forgotten = now - ledger.SHARED_NETWORK_DAYS * 86_400
        db.execute("DELETE FROM player_networks WHERE seen < ?", (forgotten,))
        day = time.strftime("%Y-%m-%d", time.gmtime(now - DAILY_TTL))
        db.execute("DELETE FROM boards WHERE date < ?", (day,))
        db.execute("DELETE FROM board_sizes WHERE date < ?", (day,))
        day = time.strftime("%Y-%m-%d", time.gmtime(now - ATTEMPT_TTL))
        db.execute("DELETE FROM attempts WHERE date < ?", (day,))
        db.execute("DELETE FROM rating_history WHERE at < ?", (now - PLAYER_TTL,))
        day = time.strftime("%Y-%m-%d", time.gmtime(now - ledger.PAIR_TTL))
        db.execute("DELETE FROM rated_pairs WHERE date < ?", (day,))

    async def record_game(self, replay: dict[str, Any]) -> bool:
        return await self._sqlite.run(self._record_game, replay)

    async def player_stats(self, player_id: str) -> dict[str, dict[str, Any]]:
        rows = await self._sqlite.run(
            self._sqlite.query, "SELECT body FROM player_stats WHERE player = ?", (player_id,)
        )
        return json.loads(rows[0][0]) if rows else {}

    async def player_games(self, player_id: str) -> list[dict[str, Any]]:
        rows = await self._sqlite.run(
            self._sqlite.query,
            "SELECT body FROM player_games WHERE player = ? ORDER BY finished DESC, game DESC "
            "LIMIT ?",
            (player_id, ledger.RECENT_GAMES),
        )
        return [json.loads(r[0]) for r in rows]

    async def player_rating(self, player_id: str) -> dict[str, Any] | None:
        rows = await self._sqlite.run(
            self._sqlite.query, "SELECT body FROM ratings WHERE player = ?", (player_id,)
        )
        return json.loads(rows[0][0]) if rows else None

    async def rating_history(self, player_id: str) -> list[dict[str, Any]]:
        rows = await self._sqlite.run(
            self._sqlite.query,
            "SELECT body FROM rating_history WHERE player = ? ORDER BY at DESC, game DESC LIMIT ?",
            (player_id, ledger.RATING_HISTORY),
        )
        return [json.loads(r[0]) for r in rows]

    async def rating_board(self, limit: int) -> list[dict[str, Any]]:
        rows = await self._sqlite.run(
            self._sqlite.query,
            "SELECT player, body FROM ratings WHERE rd < ? AND (json_type(body, '$.networks') "
            "IS NULL OR json_array_length(body, '$.networks') >= ?) "
            "ORDER BY rating DESC, player LIMIT ?",
            (ledger.RATED_RD, ledger.NETWORKS_TO_ESTABLISH, min(limit, RATING_BOARD)),
        )
        return [{**json.loads(body), "player": player} for player, body in rows]
