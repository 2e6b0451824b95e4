"""The embedded store: SQLite in one file, used when no REDIS_URL is set.

Reads and writes run on one dedicated thread (SQLite connections belong to the thread that
opened them), so the event loop never waits on disk. WAL mode keeps writes cheap; the log
table's primary key (room, index) makes an append at a taken index fail atomically.

Checkpoints (copying the WAL into the database file) run on a second thread with a connection
of their own, not inside a commit: SQLite's automatic checkpoint runs in the commit that
fills the WAL, and that commit then took 70-300 ms with a group of 40-70 actions waiting in
it (bench/load.py play at 1 000 rooms). A passive checkpoint never blocks the writer, and the
writer's commits never wait for it; what a crash leaves in the WAL is replayed on the next
open, so durability is the WAL's, as before.

One process owns the file, so what only matters between nodes lives in this process's
memory: leases (this node drives every room, but through the same code as a cluster),
presence, heartbeats, and the events, which go straight back to this process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from server.players import boards, ledger, pairing
from server.rooms import rematch
from server.store.base import (
    Conflict,
    Entry,
    Event,
    Fenced,
    Store,
    check_deadline,
    fingerprint,
    replay_summary,
    with_last,
)
from server.store.keys import (
    ATTEMPT_TTL,
    COUNTED_TTL,
    DAILY_TTL,
    DEADLINES_PER_ROOM,
    PLAYER_TTL,
    RATING_BOARD,
)

ALLOWANCES = 100_000
"""Rate-limit windows kept in memory at most (old windows go first)."""
CHECKPOINT_EVERY = 500
"""Appends after which the checkpointer copies the WAL into the database file (at 1 000 busy
rooms the WAL then peaked at 3.8 MB: bench/RESULTS.md)."""
TAIL_PAGES = 64
"""Pages a checkpoint pass may leave behind for the writer's thread to copy (_checkpoint)."""
BACKSTOP_PAGES = 16_384
"""WAL pages (64 MiB) past which the appending connection checkpoints by itself: only when
the checkpointer has fallen that far behind, which it does not under load (bench/RESULTS.md)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, meta TEXT NOT NULL, active INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS log (room TEXT NOT NULL, idx INTEGER NOT NULL, entry TEXT NOT NULL,
                                PRIMARY KEY (room, idx));
CREATE TABLE IF NOT EXISTS deadlines (room TEXT NOT NULL, name TEXT NOT NULL,
                                      start INTEGER NOT NULL, PRIMARY KEY (room, name));
CREATE TABLE IF NOT EXISTS replays (id TEXT PRIMARY KEY, finished REAL NOT NULL,
                                    body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS daily (key TEXT PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reviews (game TEXT NOT NULL, seat INTEGER NOT NULL, body TEXT NOT NULL,
                                    PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, secret TEXT NOT NULL UNIQUE,
                                    body TEXT NOT NULL, seen REAL NOT NULL);
CREATE INDEX IF NOT EXISTS players_seen ON players (seen);
CREATE TABLE IF NOT EXISTS counted (game TEXT PRIMARY KEY, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS player_stats (player TEXT PRIMARY KEY, body TEXT NOT NULL,
                                         at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS player_games (player TEXT NOT NULL, game TEXT NOT NULL,
                                         finished REAL NOT NULL, body TEXT NOT NULL,
                                         PRIMARY KEY (player, game));
CREATE TABLE IF NOT EXISTS player_networks (player TEXT NOT NULL, tag TEXT NOT NULL,
                                            seen REAL NOT NULL, PRIMARY KEY (player, tag));
CREATE INDEX IF NOT EXISTS player_networks_seen ON player_networks (seen);
CREATE TABLE IF NOT EXISTS ratings (player TEXT PRIMARY KEY, rating REAL NOT NULL,
                                    rd REAL NOT NULL, body TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS ratings_rating ON ratings (rating);
CREATE TABLE IF NOT EXISTS rating_history (player TEXT NOT NULL, game TEXT NOT NULL,
                                           at REAL NOT NULL, body TEXT NOT NULL,
                                           PRIMARY KEY (player, game));
CREATE TABLE IF NOT EXISTS attempts (board TEXT NOT NULL, date TEXT NOT NULL,
                                     player TEXT NOT NULL, room TEXT NOT NULL,
                                     PRIMARY KEY (board, date, player));
CREATE TABLE IF NOT EXISTS boards (board TEXT NOT NULL, date TEXT NOT NULL,
                                   player TEXT NOT NULL, score REAL NOT NULL, body TEXT NOT NULL,
                                   PRIMARY KEY (board, date, player));
CREATE INDEX IF NOT EXISTS boards_order ON boards (board, date, score DESC, player);
CREATE TABLE IF NOT EXISTS board_sizes (board TEXT NOT NULL, date TEXT NOT NULL,
                                        n INTEGER NOT NULL, PRIMARY KEY (board, date));
CREATE TABLE IF NOT EXISTS rated_pairs (date TEXT NOT NULL, a TEXT NOT NULL, b TEXT NOT NULL,
                                        n INTEGER NOT NULL, PRIMARY KEY (date, a, b));
"""


class EmbeddedStore(Store):
    """``monotonic``: the clock leases run on (a test of the room host passes its fake
    clock's, so that a lease lapses when the test says)."""

    def __init__(self, path: str, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.path = path
        self._monotonic = monotonic
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._db: sqlite3.Connection | None = None
        # room -> (node, token, lapses at ms) for rooms with a lease; active rooms without
        # one are in _lapsed. Tokens only grow, per room, for the life of the process.
        self._leases: dict[str, tuple[str, int, int]] = {}
        self._tokens: dict[str, int] = {}
        self._lapsed: set[str] = set()
        self._presence: dict[str, dict[str, list[int]]] = {}
        self._lobby_version = 0
        self._lobby: dict[str, dict[str, Any]] = {}
        self._queue: asyncio.Queue[Event] | None = None
        self._allowances: dict[tuple[str, int], int] = {}
        self._pool_of_seeks = pairing.Pool()
        self._rematches: dict[str, tuple[dict[str, Any], float]] = {}
        # Log lengths as this process wrote them (it is the file's only writer): the periodic
        # check of every held replica reads them here, not with a query per room on the one
        # SQLite thread that the appends wait for.
        self._lengths_known: dict[str, int] = {}
        self._appends: list[tuple[str, int, str, asyncio.Future]] = []
        self._writing = False  # a batch is due or with the writer's thread (_write_batch)
        self._checkpointer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="checkpoint")
        self._checkpoint_db: sqlite3.Connection | None = None  # the checkpointer's own
        self._checkpointing: asyncio.Future | None = None
        self._unchecked = 0  # appends since the last checkpoint started
        self._tail_due = False  # the writer copies what the last pass left (_checkpoint)
        self.checkpoints = 0  # passes made (for tests and benches)
        active = self._pool.submit(self._open).result()
        self._lapsed.update(active)
        self._active = set(active)

    def _ms(self) -> int:
        return int(self._monotonic() * 1000)

    def _open(self) -> list[str]:
        db = sqlite3.connect(self.path, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")  # an accepted action survives a power cut
        db.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")  # see _checkpoint
        db.executescript(SCHEMA)
        # The lobby lists rooms of this process's life (a restart rebuilds it): it lives in
        # memory, since a disk sync per spectator count would cap the lobby's changes at
        # what the disk syncs in a second. Files of earlier versions had it as a table.
        db.execute("DROP TABLE IF EXISTS lobby")
        self._db = db
        return [r[0] for r in db.execute("SELECT id FROM rooms WHERE active = 1")]

    async def _run(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        assert self._db is not None
        return self._db.execute(sql, params).fetchall()

    def _publish(self, event: Event) -> None:
        if self._queue is not None:
            self._queue.put_nowait(event)

    # ---- rooms and logs ------------------------------------------------------------------

    async def create_room(self, room_id: str, meta: dict[str, Any]) -> None:
        try:
            await self._run(
                self._query,
                "INSERT INTO rooms (id, meta, active) VALUES (?, ?, 1)",
                (room_id, json.dumps(meta)),
            )
        except sqlite3.IntegrityError:
            raise Conflict(f"room {room_id} exists") from None
        self._lapsed.add(room_id)
        self._active.add(room_id)

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

    def _append_batch(
        self, batch: list[tuple[str, int, str]], known: dict[str, int]
    ) -> list[Exception | None]:
        """Write a batch of appends with one disk sync for all of them (the group commit
        that lets one SQLite file take thousands of actions a second). Each append succeeds
        or conflicts on its own; none is acknowledged before the sync.

        ``known`` holds the log lengths this process wrote (it is the file's only writer,
        and this thread its only writer thread); others are counted here once. The rows
        then go in as one statement, which SQLite makes one atomic transaction: every
        SQLite call gives up the GIL and has to win it back from the event loop's thread
        (up to the interpreter's switch interval while that thread is busy), so a
        transaction of a statement per row made a busy server's appends wait tens of
        milliseconds."""
        assert self._db is not None
        if self._tail_due:  # see _checkpoint
            self._tail_due = False
            self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        lengths = dict(known)
        for room_id in {b[0] for b in batch} - lengths.keys():
            (lengths[room_id],) = self._db.execute(
                "SELECT COALESCE(MAX(idx) + 1, 0) FROM log WHERE room = ?", (room_id,)
            ).fetchone()
        results: list[Exception | None] = []
        rows = []
        for room_id, index, body in batch:
            if lengths[room_id] != index:
                length = lengths[room_id]
                results.append(Conflict(f"log of {room_id} has {length} entries, not {index}"))
                continue
            lengths[room_id] = index + 1
            rows.append((room_id, index, body))
            results.append(None)
        if rows:
            self._db.execute(
                "INSERT INTO log (room, idx, entry) SELECT json_extract(value, '$[0]'), "
                "json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?)",
                (json.dumps(rows),),
            )
        return results

    async def append(
        self, room_id: str, index: int, entry: Entry, fence: int | None = None, node: str = ""
    ) -> None:
        if fence is not None and fence != self._tokens.get(room_id):
            raise Fenced(f"a newer driver holds {room_id}")
        done = asyncio.get_running_loop().create_future()
        self._appends.append((room_id, index, json.dumps(entry), done))
        if not self._writing:  # the batch goes at the end of this step, with the step's others
            self._writing = True
            asyncio.get_running_loop().call_soon(self._write_batch)
        await done
        self._publish({"k": "entry", "room": room_id, "index": index, "entry": entry})

    def _write_batch(self) -> None:
        """Hand the appends waiting to the writer's thread as one batch: those of the
        loop's step that found no batch on its way (so that a step's appends share one disk
        sync), then, each time a batch ends, those that came while it was on its way.

        Its end comes back to the loop as one callback (:meth:`_written`) that settles
        every append of the batch and hands on the next: the appenders go on at the loop's
        next step. Through a task awaiting the thread, they went on two steps later (the
        task woken, then the appenders), and on a busy loop every step waits behind all
        that is ready: at 1 000 busy rooms, the tail of an action's latency."""
        batch, self._appends = self._appends, []
        known = {b[0]: self._lengths_known[b[0]] for b in batch if b[0] in self._lengths_known}
        loop = asyncio.get_running_loop()
        try:
            work = self._pool.submit(self._append_batch, [b[:3] for b in batch], known)
        except RuntimeError as closed:  # the store is closing: nothing of it is written
            self._writing = False
            self._settle(batch, [closed] * len(batch))
            return
        work.add_done_callback(lambda w: loop.call_soon_threadsafe(self._written, batch, w))

    def _written(self, batch: list[tuple[str, int, str, asyncio.Future]], work) -> None:
        """A batch's end, on the loop: the next batch handed on, then this one settled."""
        try:
            results = work.result()
        except Exception as failed:  # the whole transaction: nothing of it was written
            results = [failed] * len(batch)
        for (room_id, index, _, _), result in zip(batch, results, strict=True):
            if result is None:  # written, whether or not anyone still waits for it
                known = self._lengths_known.get(room_id, 0)
                self._lengths_known[room_id] = max(known, index + 1)
        self._unchecked += len(batch)
        if self._unchecked >= CHECKPOINT_EVERY and self._checkpointing is None:
            self._unchecked = 0
            loop = asyncio.get_running_loop()
            with contextlib.suppress(RuntimeError):  # the store is closing: no more passes
                self._checkpointing = loop.run_in_executor(self._checkpointer, self._checkpoint)
                self._checkpointing.add_done_callback(self._checkpointed)
        if self._appends:  # the thread starts on them while this batch is settled
            self._write_batch()
        else:
            self._writing = False
        self._settle(batch, results)

    @staticmethod
    def _settle(
        batch: list[tuple[str, int, str, asyncio.Future]], results: list[Exception | None]
    ) -> None:
        for (_, _, _, done), result in zip(batch, results, strict=True):
            if done.done():
                continue
            if result is None:
                done.set_result(None)
            else:
                done.set_exception(result)

    def _checkpoint(self) -> None:
        """Copy the WAL into the database file, on the checkpointer's thread; then ask the
        writer for the tail.

        Why a tail: the writer starts the WAL over from its beginning (so the file stops
        growing) only when one of its transactions begins with every page of the WAL
        copied. A pass made beside steady appends always ends behind, by what was committed
        while it ran, so the WAL would grow until BACKSTOP_PAGES. The writer's thread
        therefore copies what is left before its next batch (:meth:`_append_batch`): at
        most about TAIL_PAGES pages when the passes here caught up, and no commit can come
        between that copy and the writer's next transaction, which then starts the WAL
        over."""
        if self._checkpoint_db is None:
            self._checkpoint_db = sqlite3.connect(self.path, isolation_level=None)
        before = None
        for _ in range(4):  # each pass copies what came during the last, so they shorten
            busy, logged, _copied = self._checkpoint_db.execute(
                "PRAGMA wal_checkpoint(PASSIVE)"
            ).fetchone()
            self.checkpoints += 1
            if busy or (before is not None and logged - before <= TAIL_PAGES):
                break
            before = logged
        self._tail_due = True

    def _checkpointed(self, done: asyncio.Future) -> None:
        self._checkpointing = None
        if not done.cancelled() and done.exception() is not None:
            # The next one may do better; the writer's own checkpoint is the backstop.
            logging.getLogger("cardroom").warning("checkpoint failed: %r", done.exception())

    async def log(self, room_id: str, start: int = 0) -> list[Entry]:
        rows = await self._run(
            self._query,
            "SELECT entry FROM log WHERE room = ? AND idx >= ? ORDER BY idx",
            (room_id, start),
        )
        return [json.loads(r[0]) for r in rows]

    def _lengths(self, room_ids: list[str]) -> list[int]:
        assert self._db is not None
        sql = "SELECT COUNT(*) FROM log WHERE room = ?"
        return [self._db.execute(sql, (r,)).fetchone()[0] for r in room_ids]

    async def lengths(self, room_ids: list[str]) -> list[int]:
        # What is known is read before the await: a room finished meanwhile leaves
        # _lengths_known (4 580 rooms closing at once made the periodic check fail here).
        known = {r: self._lengths_known[r] for r in room_ids if r in self._lengths_known}
        unknown = [r for r in room_ids if r not in known]
        if unknown:  # rooms of the file this process has not appended to yet
            counted = await self._run(self._lengths, unknown)
            for room_id, n in zip(unknown, counted, strict=True):
                known[room_id] = max(n, self._lengths_known.get(room_id, n))
                if room_id in self._active:  # kept for active rooms only, as appends do
                    self._lengths_known.setdefault(room_id, n)
        return [known[r] for r in room_ids]

    async def active_rooms(self) -> list[str]:
        rows = await self._run(self._query, "SELECT id FROM rooms WHERE active = 1")
        return [r[0] for r in rows]

    async def active_count(self) -> int:
        return len(self._active)

    async def is_active(self, room_id: str) -> bool:
        sql = "SELECT 1 FROM rooms WHERE id = ? AND active = 1"
        return bool(await self._run(self._query, sql, (room_id,)))

    def _finish(self, room_id: str, replay: dict[str, Any] | None) -> None:
        finished_at = float(replay.get("finished_at", time.time())) if replay else 0.0

        def work(db: sqlite3.Connection) -> None:
            db.execute("UPDATE rooms SET active = 0 WHERE id = ?", (room_id,))
            db.execute("DELETE FROM deadlines WHERE room = ?", (room_id,))
            if replay is not None:
                db.execute(
                    "INSERT OR REPLACE INTO replays (id, finished, body) VALUES (?, ?, ?)",
                    (replay["id"], finished_at, json.dumps(replay)),
                )

        self._transaction(work)

    async def finish_room(self, room_id: str, replay: dict[str, Any] | None) -> None:
        await self._run(self._finish, room_id, replay)
        listed = self._lobby.pop(room_id, None) is not None
        self._lengths_known.pop(room_id, None)  # bounded by the active rooms
        self._active.discard(room_id)
        self._leases.pop(room_id, None)
        self._lapsed.discard(room_id)
        if listed:
            self._lobby_version += 1
            self._publish(
                {"k": "lobby", "v": self._lobby_version, "room": room_id, "summary": None}
            )

    async def deadlines(self, room_id: str) -> dict[str, int]:
        sql = "SELECT name, start FROM deadlines WHERE room = ?"
        return dict(await self._run(self._query, sql, (room_id,)))

    def _set_deadline(self, room_id: str, name: str, start_ms: int) -> int | None:
        # On disk, not in memory as leases are: a restart is this store's change of driver.
        def work(db: sqlite3.Connection) -> int | None:
            row = db.execute(
                "SELECT start FROM deadlines WHERE room = ? AND name = ?", (room_id, name)
            ).fetchone()
            if row is not None:
                return row[0]
            sql = "SELECT 1 FROM rooms WHERE id = ? AND active = 1"
            if db.execute(sql, (room_id,)).fetchone() is None:
                return None
            sql = "SELECT COUNT(*) FROM deadlines WHERE room = ?"
            if db.execute(sql, (room_id,)).fetchone()[0] >= DEADLINES_PER_ROOM:
                raise ValueError(f"room {room_id} holds {DEADLINES_PER_ROOM} deadlines already")
            db.execute(
                "INSERT INTO deadlines (room, name, start) VALUES (?, ?, ?)",
                (room_id, name, start_ms),
            )
            return start_ms

        return self._transaction(work)

    async def set_deadline(self, room_id: str, name: str, start_ms: int | None) -> int | None:
        check_deadline(name, start_ms)
        if start_ms is None:
            sql = "DELETE FROM deadlines WHERE room = ? AND name = ?"
            await self._run(self._query, sql, (room_id, name))
            return None
        return await self._run(self._set_deadline, room_id, name, start_ms)

    # ---- replays and dailies ---------------------------------------------------------------

    async def replay(self, game_id: str) -> dict[str, Any] | None:
        rows = await self._run(self._query, "SELECT body FROM replays WHERE id = ?", (game_id,))
        return json.loads(rows[0][0]) if rows else None

    async def replays(self, limit: int = 50) -> list[dict[str, Any]]:
        rows = await self._run(
            self._query, "SELECT body FROM replays ORDER BY finished DESC LIMIT ?", (limit,)
        )
        return [replay_summary(json.loads(r[0])) for r in rows]

    async def review(self, game_id: str, seat: int) -> dict[str, Any] | None:
        rows = await self._run(
            self._query, "SELECT body FROM reviews WHERE game = ? AND seat = ?", (game_id, seat)
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

        return self._transaction(work)

    async def put_review(self, game_id: str, seat: int, review: dict[str, Any]) -> bool:
        return await self._run(self._put_review, game_id, seat, review)

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
            self._transaction(work)
        except sqlite3.IntegrityError:
            raise Conflict(f"player {record['id']} or its secret exists") from None

    async def create_player(self, record: dict[str, Any], secret_hash: str) -> None:
        await self._run(self._create_player, record, secret_hash)

    async def _player_where(self, column: str, value: str) -> dict[str, Any] | None:
        """A player seen within PLAYER_TTL, by ``id`` or ``secret`` (its hash)."""
        sql = f"SELECT body FROM players WHERE {column} = ? AND seen >= ?"
        rows = await self._run(self._query, sql, (value, time.time() - PLAYER_TTL))
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

        return self._transaction(work)

    async def update_player(
        self, player_id: str, changes: dict[str, Any], secret_hash: str | None = None
    ) -> dict[str, Any] | None:
        return await self._run(self._update_player, player_id, changes, secret_hash)

    async def reset_secret(self, player_id: str, secret_hash: str, current: str) -> bool:
        # The file is written on another thread: the pool pairs no seek of the player until
        # the change is over, and drops it if the secret changed. To a sweep, the seek ends
        # at the same instant as the old secret.
        rows = 0
        self._pool_of_seeks.hold(player_id)
        try:
            rows = await self._run(
                self._changed,
                "UPDATE players SET secret = ? WHERE id = ? AND secret = ?",
                (secret_hash, player_id, current),
            )
        finally:
            kept = fingerprint(secret_hash) if rows > 0 else None
            self._pool_of_seeks.release(player_id, kept, int(time.time() * 1000))
        if rows:
            event = {"k": "signed_out", "player": player_id, "keep": fingerprint(secret_hash)}
            self._publish(event)
        return rows > 0

    def _changed(self, sql: str, params: tuple) -> int:
        assert self._db is not None
        return self._db.execute(sql, params).rowcount

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

        self._transaction(work)

    async def note_network(self, player_id: str, tag: str, at: float) -> None:
        await self._run(self._note_network, player_id, tag, at)

    @staticmethod
    def _networks(db: sqlite3.Connection, player_id: str) -> dict[str, float]:
        sql = "SELECT tag, seen FROM player_networks WHERE player = ?"
        return {tag: seen for tag, seen in db.execute(sql, (player_id,))}

    async def networks(self, player_id: str) -> dict[str, float]:
        assert self._db is not None
        return await self._run(self._networks, self._db, player_id)

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

        return self._transaction(work)

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
            size = self._board_size(db, *want.board)
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
        return await self._run(self._record_game, replay)

    async def player_stats(self, player_id: str) -> dict[str, dict[str, Any]]:
        rows = await self._run(
            self._query, "SELECT body FROM player_stats WHERE player = ?", (player_id,)
        )
        return json.loads(rows[0][0]) if rows else {}

    async def player_games(self, player_id: str) -> list[dict[str, Any]]:
        rows = await self._run(
            self._query,
            "SELECT body FROM player_games WHERE player = ? ORDER BY finished DESC, game DESC "
            "LIMIT ?",
            (player_id, ledger.RECENT_GAMES),
        )
        return [json.loads(r[0]) for r in rows]

    async def player_rating(self, player_id: str) -> dict[str, Any] | None:
        rows = await self._run(
            self._query, "SELECT body FROM ratings WHERE player = ?", (player_id,)
        )
        return json.loads(rows[0][0]) if rows else None

    async def rating_history(self, player_id: str) -> list[dict[str, Any]]:
        rows = await self._run(
            self._query,
            "SELECT body FROM rating_history WHERE player = ? ORDER BY at DESC, game DESC LIMIT ?",
            (player_id, ledger.RATING_HISTORY),
        )
        return [json.loads(r[0]) for r in rows]

    async def rating_board(self, limit: int) -> list[dict[str, Any]]:
        rows = await self._run(
            self._query,
            "SELECT player, body FROM ratings WHERE rd < ? AND (json_type(body, '$.networks') "
            "IS NULL OR json_array_length(body, '$.networks') >= ?) "
            "ORDER BY rating DESC, player LIMIT ?",
            (ledger.RATED_RD, ledger.NETWORKS_TO_ESTABLISH, min(limit, RATING_BOARD)),
        )
        return [{**json.loads(body), "player": player} for player, body in rows]

    def _claim(self, board: str, date: str, player_id: str, claim: str) -> str:
        assert self._db is not None
        self._db.execute(
            "INSERT OR IGNORE INTO attempts (board, date, player, room) VALUES (?, ?, ?, ?)",
            (board, date, player_id, claim),
        )
        return self._db.execute(
            "SELECT room FROM attempts WHERE board = ? AND date = ? AND player = ?",
            (board, date, player_id),
        ).fetchone()[0]

    async def claim_attempt(self, board: str, date: str, player_id: str, claim: str) -> str:
        return await self._run(self._claim, board, date, player_id, claim)

    async def attempt(self, board: str, date: str, player_id: str) -> str | None:
        rows = await self._run(
            self._query,
            "SELECT room FROM attempts WHERE board = ? AND date = ? AND player = ?",
            (board, date, player_id),
        )
        return rows[0][0] if rows else None

    @staticmethod
    def _board_size(db: sqlite3.Connection, board: str, date: str) -> int:
        row = db.execute(
            "SELECT n FROM board_sizes WHERE board = ? AND date = ?", (board, date)
        ).fetchone()
        return row[0] if row else 0

    def _daily_board(
        self, board: str, date: str, limit: int, player_id: str | None
    ) -> dict[str, Any]:
        assert self._db is not None
        db = self._db
        total = self._board_size(db, board, date)
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
        rows = boards.ranked([(p, score, json.loads(body)) for p, score, body in top])
        return {"total": total, "rows": rows, "me": me}

    async def daily_board(
        self, board: str, date: str, limit: int, player_id: str | None = None
    ) -> dict[str, Any]:
        return await self._run(self._daily_board, board, date, limit, player_id)

    # ---- leases (in memory: one process) -----------------------------------------------------

    def _expire(self, room_id: str) -> None:
        held = self._leases.get(room_id)
        if held is not None and held[2] <= self._ms():
            del self._leases[room_id]
            self._lapsed.add(room_id)

    async def acquire(self, room_id: str, node: str, ttl_ms: int) -> int | None:
        self._expire(room_id)
        if room_id not in self._lapsed:
            return None  # held, or not an active room
        self._lapsed.discard(room_id)
        token = self._tokens.get(room_id, 0) + 1
        self._tokens[room_id] = token
        self._leases[room_id] = (node, token, self._ms() + ttl_ms)
        return token

    async def renew(self, leases: list[tuple[str, str, int]], ttl_ms: int) -> list[bool]:
        held = []
        for room_id, node, token in leases:
            self._expire(room_id)
            lease = self._leases.get(room_id)
            ok = lease is not None and lease[:2] == (node, token)
            if ok:
                self._leases[room_id] = (node, token, self._ms() + ttl_ms)
            held.append(ok)
        return held

    async def release(self, room_id: str, node: str, token: int) -> None:
        lease = self._leases.get(room_id)
        if lease is not None and lease[:2] == (node, token):
            del self._leases[room_id]
            self._lapsed.add(room_id)

    async def holders(self, room_ids: list[str]) -> list[str | None]:
        found = []
        for room_id in room_ids:
            self._expire(room_id)
            lease = self._leases.get(room_id)
            found.append(None if lease is None else lease[0])
        return found

    async def lapsed(self, limit: int) -> list[str]:
        now = self._ms()
        for room_id in [r for r, lease in self._leases.items() if lease[2] <= now]:
            self._expire(room_id)
        return sorted(self._lapsed)[:limit]

    # ---- nodes and presence (in memory) ----------------------------------------------------------

    async def heartbeat(self, node: str) -> dict[str, int]:
        return {node: 0}

    async def leave_cluster(self, node: str) -> None:
        for counts in self._presence.values():
            counts.pop(node, None)

    async def set_presence(self, room_id: str, node: str, counts: list[int] | None) -> None:
        room = self._presence.setdefault(room_id, {})
        if counts is None:
            room.pop(node, None)
            if not room:
                del self._presence[room_id]
        else:
            room[node] = list(counts)
        self._publish({"k": "presence", "room": room_id, "node": node, "counts": counts})

    async def presence(self, room_id: str) -> dict[str, list[int]]:
        return {node: list(c) for node, c in self._presence.get(room_id, {}).items()}

    # ---- lobby -------------------------------------------------------------------------------

    async def lobby_put(self, room_id: str, summary: dict[str, Any] | None) -> None:
        if summary is None:
            if self._lobby.pop(room_id, None) is None:
                return
        elif room_id not in self._active:
            return  # not an active room (a late write after its end)
        else:
            self._lobby[room_id] = json.loads(json.dumps(summary))  # a copy, as stored
        self._lobby_version += 1
        self._publish({"k": "lobby", "v": self._lobby_version, "room": room_id, "summary": summary})

    async def lobby_snapshot(self) -> tuple[int, dict[str, dict[str, Any]]]:
        return self._lobby_version, json.loads(json.dumps(self._lobby))

    # ---- rematch offers --------------------------------------------------------------------------

    # In memory, as the pool: an offer lives a minute. Each step does not yield, and the
    # offers are kept in the order they were written, so the lapsed ones go from the front.

    async def rematch(self, room_id: str, change) -> dict[str, Any]:
        now = time.monotonic()
        kept = self._rematches.get(room_id)
        made = _copy(change(_copy(kept[0]) if kept and kept[1] >= now else None))
        self._rematches.pop(room_id, None)
        self._rematches[room_id] = (made, now + rematch.KEEP_SECONDS)
        while next(iter(self._rematches.values()))[1] < now:
            self._rematches.pop(next(iter(self._rematches)))
        return _copy(made)

    async def rematch_state(self, room_id: str) -> dict[str, Any] | None:
        kept = self._rematches.get(room_id)
        return None if kept is None or kept[1] < time.monotonic() else _copy(kept[0])

    # ---- quick pairing ---------------------------------------------------------------------------

    # The pool lives in memory, as presence and the lobby do: seeks are sockets waiting,
    # and a restart ends every socket. Each step is one call that does not yield (the
    # transaction of this one-process store); a copy goes in and out, as stored.

    async def seek(self, seek: dict[str, Any], room: str, seed: int, now_ms: int) -> Any:
        return _copy(self._pool_of_seeks.seek(_copy(seek), room, seed, now_ms))

    async def unseek(self, player: str, conn: str | None = None) -> bool:
        return self._pool_of_seeks.unseek(player, conn)

    async def sweep(
        self, node: str, now_ms: int, alive: list[str] | None, rooms: list[tuple[str, int]]
    ) -> tuple[list[dict[str, Any]], list[str]] | None:
        swept = _copy(self._pool_of_seeks.sweep(node, now_ms, alive, rooms))
        return None if swept is None else (swept[0], swept[1])

    async def pairing(self, player: str) -> dict[str, Any] | None:
        return _copy(self._pool_of_seeks.paired.get(player))

    async def seek_of(self, player: str) -> dict[str, Any] | None:
        return _copy(self._pool_of_seeks.seeks.get(player))

    async def seekers(self) -> list[dict[str, Any]]:
        return _copy(list(self._pool_of_seeks.seeks.values()))

    async def announce(self, event: Event) -> None:
        self._publish(_copy(event))

    # ---- events ----------------------------------------------------------------------------------

    async def events(self, node: str = "") -> AsyncIterator[Event]:
        self._queue = asyncio.Queue()
        yield {"k": "resync"}
        while True:
            yield await self._queue.get()

    async def close(self) -> None:
        def _close_checkpoints() -> None:
            if self._checkpoint_db is not None:
                self._checkpoint_db.close()
                self._checkpoint_db = None

        def _close() -> None:
            if self._db is not None:
                self._db.close()  # the last connection: SQLite checkpoints and drops the WAL
                self._db = None

        if self._checkpointing is not None:
            await asyncio.wait([self._checkpointing])
        await asyncio.get_running_loop().run_in_executor(self._checkpointer, _close_checkpoints)
        self._checkpointer.shutdown(wait=True)
        await self._run(_close)
        self._pool.shutdown(wait=True)


def _copy(value: Any) -> Any:
    """A deep copy through JSON, as a store hands back what it keeps (tuples as lists)."""
    return None if value is None else json.loads(json.dumps(value))
