"""The embedded store's players: their records, allowances (in memory) and networks; and the
sweep of what outlived its time in the tables of players, results and boards."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from server.store.base import DEFAULT_LIMITS, Conflict, Limits, fingerprint
from server.store.embedded.seeks import EmbeddedSeeks
from server.store.embedded.sqlite import Sqlite
from server.store.keys import ATTEMPT_TTL, COUNTED_TTL, DAILY_TTL, PAIR_TTL, PLAYER_TTL
from server.store.players import PlayerStore, allowance_window

ALLOWANCES = 100_000
"""Rate-limit windows kept in memory at most (old windows go first)."""


def sweep(db: sqlite3.Connection, now: float, limits: Limits = DEFAULT_LIMITS) -> None:
    """Forget what outlived its time (the Redis store's keys expire by TTL), run in the
    transaction that marks a game counted (:mod:`server.store.embedded.results`)."""
    for table, column in (("counted", "at"), ("settled", "at"), ("settlements", "at")):
        db.execute(f"DELETE FROM {table} WHERE {column} < ?", (now - COUNTED_TTL,))
    db.execute("DELETE FROM player_stats WHERE at < ?", (now - PLAYER_TTL,))
    db.execute("DELETE FROM player_games WHERE finished < ?", (now - PLAYER_TTL,))
    db.execute(
        "DELETE FROM rating_board WHERE player IN (SELECT player FROM ratings WHERE at < ?)",
        (now - PLAYER_TTL,),
    )
    db.execute("DELETE FROM ratings WHERE at < ?", (now - PLAYER_TTL,))
    db.execute("DELETE FROM rating_history WHERE at < ?", (now - PLAYER_TTL,))
    forgotten = now - limits.shared_network_days * 86_400
    db.execute("DELETE FROM player_networks WHERE seen < ?", (forgotten,))
    day = time.strftime("%Y-%m-%d", time.gmtime(now - DAILY_TTL))
    db.execute("DELETE FROM boards WHERE date < ?", (day,))
    db.execute("DELETE FROM board_sizes WHERE date < ?", (day,))
    day = time.strftime("%Y-%m-%d", time.gmtime(now - ATTEMPT_TTL))
    db.execute("DELETE FROM attempts WHERE date < ?", (day,))
    day = time.strftime("%Y-%m-%d", time.gmtime(now - PAIR_TTL))
    db.execute("DELETE FROM pair_games WHERE date < ?", (day,))


class EmbeddedPlayers(PlayerStore):
    """``seeks``: the pool of seekers, which a reset of a player's secret holds while it is
    written; ``limits``: how long a reset's mark and a network are kept."""

    def __init__(
        self, sqlite: Sqlite, seeks: EmbeddedSeeks, limits: Limits = DEFAULT_LIMITS
    ) -> None:
        self._sqlite = sqlite
        self._pool = seeks
        self._limits = limits
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
            self._pool.release(player_id, kept, self._limits.reset_ms)
        if rows:
            event = {"k": "signed_out", "player": player_id, "keep": fingerprint(secret_hash)}
            self._sqlite.publish(event)
        return rows > 0

    async def allow(self, bucket: str, limit: int, window_s: int) -> bool:
        window, _ = allowance_window(window_s, time.time())
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
            forgotten = at - self._limits.shared_network_days * 86_400
            db.execute(
                "DELETE FROM player_networks WHERE player = ? AND (seen < ? OR tag NOT IN "
                "(SELECT tag FROM player_networks WHERE player = ? ORDER BY seen DESC, tag "
                "LIMIT ?))",
                (player_id, forgotten, player_id, self._limits.networks_kept),
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
