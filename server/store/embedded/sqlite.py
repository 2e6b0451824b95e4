"""What every concern of the embedded store shares: the one SQLite file, its thread and
connection, the checkpointer, and the events, which go straight back to this process.

Reads and writes run on one dedicated thread (SQLite connections belong to the thread that
opened them), so the event loop never waits on disk. WAL mode keeps writes cheap; the log
table's primary key (room, index) makes an append at a taken index fail atomically.

Checkpoints (copying the WAL into the database file) run on a second thread with a connection
of their own, not inside a commit: SQLite's automatic checkpoint runs in the commit that
fills the WAL, and that commit then took 70-300 ms with a group of 40-70 actions waiting in
it (bench/load.py play at 1 000 rooms). A passive checkpoint never blocks the writer, and the
writer's commits never wait for it; what a crash leaves in the WAL is replayed on the next
open, so durability is the WAL's, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from server.store.base import Event

CHECKPOINT_EVERY = 500
"""Appends after which the checkpointer copies the WAL into the database file (at 1 000 busy
rooms the WAL then peaked at 3.8 MB: bench/RESULTS.md)."""
TAIL_PAGES = 64
"""Pages a checkpoint pass may leave behind for the writer's thread to copy
(Checkpointer._checkpoint)."""
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
CREATE TABLE IF NOT EXISTS settlements (game TEXT PRIMARY KEY, plan TEXT NOT NULL,
                                        at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS settlements_at ON settlements (at);
CREATE TABLE IF NOT EXISTS settled (player TEXT NOT NULL, game TEXT NOT NULL, at REAL NOT NULL,
                                    PRIMARY KEY (player, game));
CREATE INDEX IF NOT EXISTS settled_at ON settled (at);
CREATE TABLE IF NOT EXISTS pair_games (date TEXT NOT NULL, a TEXT NOT NULL, b TEXT NOT NULL,
                                       game TEXT NOT NULL, PRIMARY KEY (date, a, b, game));
CREATE TABLE IF NOT EXISTS rating_board (player TEXT PRIMARY KEY, rating REAL NOT NULL);
CREATE INDEX IF NOT EXISTS rating_board_order ON rating_board (rating DESC, player);
CREATE TABLE IF NOT EXISTS social (player TEXT PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS challenges (player TEXT PRIMARY KEY, body TEXT NOT NULL);
"""


class Sqlite:
    """The file, its one thread (``thread``) and the connection it owns (``db``), the
    checkpointer, and the queue of the events this process tells itself."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self.db: sqlite3.Connection | None = None
        self.queue: asyncio.Queue[Event] | None = None
        self.listener = ""  # the node the queue's events are for (a writer is not told its own)
        self.checkpointer = Checkpointer(path)

    def open(self) -> list[str]:
        """Open the file (made with its tables if new) on the thread; its active rooms."""
        return self.thread.submit(self._open).result()

    def _open(self) -> list[str]:
        db = sqlite3.connect(self.path, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")  # an accepted action survives a power cut
        db.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")  # see Checkpointer._checkpoint
        db.executescript(SCHEMA)
        # The lobby lists rooms of this process's life (a restart rebuilds it): it lives in
        # memory, since a disk sync per spectator count would cap the lobby's changes at
        # what the disk syncs in a second. Files of earlier versions had it as a table.
        db.execute("DROP TABLE IF EXISTS lobby")
        # Files of earlier versions counted a pair's rated matches of a day in one row (now
        # one row a game: pair_games), and ordered the rating board by an index of ratings.
        db.execute("DROP TABLE IF EXISTS rated_pairs")
        db.execute("DROP INDEX IF EXISTS ratings_rating")
        self.db = db
        return [r[0] for r in db.execute("SELECT id FROM rooms WHERE active = 1")]

    async def run(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.thread, fn, *args)

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        assert self.db is not None
        return self.db.execute(sql, params).fetchall()

    def changed(self, sql: str, params: tuple) -> int:
        assert self.db is not None
        return self.db.execute(sql, params).rowcount

    def transaction(self, work) -> Any:
        """Run ``work(db)`` inside BEGIN IMMEDIATE .. COMMIT (rolled back on any error)."""
        db = self.db
        assert db is not None
        db.execute("BEGIN IMMEDIATE")
        try:
            result = work(db)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return result

    def publish(self, event: Event) -> None:
        if self.queue is not None:
            self.queue.put_nowait(event)

    async def close(self) -> None:
        def _close() -> None:
            if self.db is not None:
                self.db.close()  # the last connection: SQLite checkpoints and drops the WAL
                self.db = None

        await self.checkpointer.close()
        await self.run(_close)
        self.thread.shutdown(wait=True)


class Checkpointer:
    """Copies the WAL into the database file on a thread of its own, every CHECKPOINT_EVERY
    appends (:meth:`appended`), and leaves the tail to the writer (:meth:`tail`)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="checkpoint")
        self._db: sqlite3.Connection | None = None  # the checkpointer's own
        self._checkpointing: asyncio.Future | None = None
        self._unchecked = 0  # appends since the last checkpoint started
        self._tail_due = False  # the writer copies what the last pass left (_checkpoint)
        self.checkpoints = 0  # passes made (for tests and benches)

    def appended(self, count: int) -> None:
        """``count`` appends were written (on the loop): a pass starts when one is due."""
        self._unchecked += count
        if self._unchecked >= CHECKPOINT_EVERY and self._checkpointing is None:
            self._unchecked = 0
            loop = asyncio.get_running_loop()
            with contextlib.suppress(RuntimeError):  # the store is closing: no more passes
                self._checkpointing = loop.run_in_executor(self._thread, self._checkpoint)
                self._checkpointing.add_done_callback(self._checkpointed)

    def tail(self, db: sqlite3.Connection) -> None:
        """On the writer's thread, before its next batch: copy what the last pass left."""
        if self._tail_due:  # see _checkpoint
            self._tail_due = False
            db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def _checkpoint(self) -> None:
        """Copy the WAL into the database file, on the checkpointer's thread; then ask the
        writer for the tail.

        Why a tail: the writer starts the WAL over from its beginning (so the file stops
        growing) only when one of its transactions begins with every page of the WAL
        copied. A pass made beside steady appends always ends behind, by what was committed
        while it ran, so the WAL would grow until BACKSTOP_PAGES. The writer's thread
        therefore copies what is left before its next batch (:meth:`tail`, from
        :meth:`~server.store.embedded.rooms.EmbeddedRooms._append_batch`): at most about
        TAIL_PAGES pages when the passes here caught up, and no commit can come between
        that copy and the writer's next transaction, which then starts the WAL over."""
        if self._db is None:
            self._db = sqlite3.connect(self.path, isolation_level=None)
        before = None
        for _ in range(4):  # each pass copies what came during the last, so they shorten
            busy, logged, _copied = self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
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

    async def close(self) -> None:
        def _close_checkpoints() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        if self._checkpointing is not None:
            await asyncio.wait([self._checkpointing])
        await asyncio.get_running_loop().run_in_executor(self._thread, _close_checkpoints)
        self._thread.shutdown(wait=True)
