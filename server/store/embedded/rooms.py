"""The embedded store's rooms: their logs (appended in group commits), deadlines and the
active set, on disk; and the lobby, in memory."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from typing import Any

import msgspec

from server.store.base import Conflict, Entry, Fenced, check_deadline
from server.store.embedded.dues import Dues
from server.store.embedded.leases import EmbeddedLeases
from server.store.embedded.sqlite import Sqlite
from server.store.keys import DEADLINES_PER_ROOM, GROUPS
from server.store.rooms import LobbyStore, RoomStore
from server.store.spacing import hand_on


def _json(value: Any) -> str:
    """``json.dumps(value)`` for an entry and a batch of rows, by msgspec: the same values
    read back (compact, UTF-8 where json.dumps escapes), in a thirtieth of the time (9 us
    an entry on the loop's thread, a fiftieth of an action's whole CPU: bench/RESULTS.md,
    issue 52). What msgspec cannot write as json.dumps would (a lone surrogate in a string,
    which no decoded request carries) is written by json.dumps."""
    try:
        return msgspec.json.encode(value).decode()
    except (msgspec.EncodeError, UnicodeError, TypeError, OverflowError):
        return json.dumps(value)


COMMIT_SPACING = 0.010
"""Seconds at least between two batches of appends handed to the writer's thread, when
busy (``CARDROOM_COMMIT_MS``). Each batch costs a disk sync, a hand-off to the thread and
the loop woken by its end, and those cost about as much for one append as for ten: at 1 000
rooms at one action a second, batches handed on as soon as the last one ended held 1.6 to
1.9 appends, and spaced 10 ms apart they hold about 10, which took a fifth off an action's
CPU, the writer's thread going from 14-15 % of a core to 4-6 % (bench/RESULTS.md, issue
52). What it costs: an append waits up to this much longer for its answer (10 ms, which no
person sees; a move's p50 at the opponent went from 4 to 14 ms). A quiet server pays
nothing: an append that finds the last batch handed on longer ago than this goes at once.
Safe: an append is still answered only once its transaction has returned
(:meth:`EmbeddedRooms._append_batch`); what waits is the handing on, never the answer of
something written."""


class EmbeddedLobby(LobbyStore):
    """The lobby lists rooms of this process's life (a restart rebuilds it), in memory (the
    opening of the file says why: :mod:`server.store.embedded.sqlite`). ``active``: the
    active rooms, which the rooms of the store keep."""

    def __init__(self, sqlite: Sqlite, active: set[str]) -> None:
        self._sqlite = sqlite
        self._active = active
        self._version = 0
        self._rooms: dict[str, dict[str, Any]] = {}

    async def put(self, room_id: str, summary: dict[str, Any] | None) -> None:
        if summary is None:
            if self._rooms.pop(room_id, None) is None:
                return
        elif room_id not in self._active:
            return  # not an active room (a late write after its end)
        else:
            self._rooms[room_id] = json.loads(json.dumps(summary))  # a copy, as stored
        self._version += 1
        self._sqlite.publish(
            {"k": "lobby", "v": self._version, "room": room_id, "summary": summary}
        )

    async def snapshot(self) -> tuple[int, dict[str, dict[str, Any]]]:
        return self._version, json.loads(json.dumps(self._rooms))

    def drop(self, room_id: str) -> None:
        """A room finished (:meth:`EmbeddedRooms.finish_room`): out of the lobby, if listed."""
        if self._rooms.pop(room_id, None) is not None:
            self._version += 1
            self._sqlite.publish(
                {"k": "lobby", "v": self._version, "room": room_id, "summary": None}
            )


class EmbeddedRooms(RoomStore):
    """``active``: the active rooms (shared with ``lobby``, which lists active rooms only);
    ``leases``: those of the rooms, which a room's creation and end change; ``dues``: the
    deadline index (shared with ``leases``, whose presence changes it: :mod:`.dues`)."""

    def __init__(
        self,
        sqlite: Sqlite,
        active: set[str],
        lobby: EmbeddedLobby,
        leases: EmbeddedLeases,
        dues: Dues | None = None,
        spacing: float = COMMIT_SPACING,
    ) -> None:
        self._sqlite = sqlite
        self._dues = dues or Dues()
        self._active = active
        self._lobby = lobby
        self._leases = leases
        # Log lengths as this process wrote them (it is the file's only writer): the periodic
        # check of every held replica reads them here, not with a query per room on the one
        # SQLite thread that the appends wait for.
        self._lengths_known: dict[str, int] = {}
        self._appends: list[tuple[str, int, str, asyncio.Future]] = []
        self._writing = False  # a batch is due or with the writer's thread (_write_batch)
        self.spacing = spacing
        self._handed = -float("inf")  # the loop's time the last batch was handed on
        self._due: asyncio.TimerHandle | None = None  # a batch waiting for the spacing

    async def create_room(self, room_id: str, meta: dict[str, Any]) -> None:
        try:
            await self._sqlite.run(
                self._sqlite.query,
                "INSERT INTO rooms (id, meta, active) VALUES (?, ?, 1)",
                (room_id, json.dumps(meta)),
            )
        except sqlite3.IntegrityError:
            raise Conflict(f"room {room_id} exists") from None
        self._leases.lapse(room_id)
        self._active.add(room_id)

    async def room_meta(self, room_id: str) -> dict[str, Any] | None:
        rows = await self._sqlite.run(
            self._sqlite.query, "SELECT meta FROM rooms WHERE id = ?", (room_id,)
        )
        return json.loads(rows[0][0]) if rows else None

    # ---- appends, in group commits -----------------------------------------------------------

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
        db = self._sqlite.db
        assert db is not None
        self._sqlite.checkpointer.tail(db)  # see Checkpointer._checkpoint
        lengths = dict(known)
        for room_id in {b[0] for b in batch} - lengths.keys():
            (lengths[room_id],) = db.execute(
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
            db.execute(
                "INSERT INTO log (room, idx, entry) SELECT json_extract(value, '$[0]'), "
                "json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?)",
                (_json(rows),),
            )
        return results

    async def append(
        self, room_id: str, index: int, entry: Entry, fence: int | None = None, node: str = ""
    ) -> None:
        if fence is not None and fence != self._leases.token(room_id):
            raise Fenced(f"a newer driver holds {room_id}")
        done = asyncio.get_running_loop().create_future()
        self._appends.append((room_id, index, _json(entry), done))
        if not self._writing:  # the batch goes at the end of this step, with the step's others
            self._writing = True
            self._hand_on()
        await done
        if not node or node != self._sqlite.listener:  # the writer is not told (as on Redis)
            self._sqlite.publish({"k": "entry", "room": room_id, "index": index, "entry": entry})

    def _hand_on(self, now: bool = False) -> None:
        """Hand the appends waiting on as a batch (:meth:`_write_batch`): ``now``, or at the
        end of this step of the loop; but if a batch was handed on less than :attr:`spacing`
        ago (by default :data:`COMMIT_SPACING`: see there why), once that much has passed
        since."""
        self._due = hand_on(self._handed, self.spacing, self._write_batch, now)

    def _write_batch(self) -> None:
        """Hand the appends waiting to the writer's thread as one batch: those of the
        loop's step that found no batch on its way (so that a step's appends share one disk
        sync), then, each time a batch ends, those that came while it was on its way.

        Its end comes back to the loop as one callback (:meth:`_written`) that settles
        every append of the batch and hands on the next: the appenders go on at the loop's
        next step. Through a task awaiting the thread, they went on two steps later (the
        task woken, then the appenders), and on a busy loop every step waits behind all
        that is ready: at 1 000 busy rooms, the tail of an action's latency."""
        self._due = None
        batch, self._appends = self._appends, []
        known = {b[0]: self._lengths_known[b[0]] for b in batch if b[0] in self._lengths_known}
        loop = asyncio.get_running_loop()
        self._handed = loop.time()
        try:
            work = self._sqlite.thread.submit(self._append_batch, [b[:3] for b in batch], known)
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
        self._sqlite.checkpointer.appended(len(batch))
        if self._appends:  # the thread starts on them while this batch is settled
            self._hand_on(now=True)
        else:
            self._writing = False
        self._settle(batch, results)

    def flush(self) -> None:
        """Hand on now a batch waiting for the spacing: a store that closes writes it
        before its file is closed (the writer's thread takes work in order) rather than
        failing it after."""
        if self._due is not None:
            self._due.cancel()
            self._write_batch()

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

    # ---- reads -------------------------------------------------------------------------------

    async def log(self, room_id: str, start: int = 0) -> list[Entry]:
        rows = await self._sqlite.run(
            self._sqlite.query,
            "SELECT entry FROM log WHERE room = ? AND idx >= ? ORDER BY idx",
            (room_id, start),
        )
        return [json.loads(r[0]) for r in rows]

    def _lengths(self, room_ids: list[str]) -> list[int]:
        db = self._sqlite.db
        assert db is not None
        sql = "SELECT COUNT(*) FROM log WHERE room = ?"
        return [db.execute(sql, (r,)).fetchone()[0] for r in room_ids]

    async def lengths(self, room_ids: list[str]) -> list[int]:
        # What is known is read before the await: a room finished meanwhile leaves
        # _lengths_known (4 580 rooms closing at once made the periodic check fail here).
        known = {r: self._lengths_known[r] for r in room_ids if r in self._lengths_known}
        unknown = [r for r in room_ids if r not in known]
        if unknown:  # rooms of the file this process has not appended to yet
            counted = await self._sqlite.run(self._lengths, unknown)
            for room_id, n in zip(unknown, counted, strict=True):
                known[room_id] = max(n, self._lengths_known.get(room_id, n))
                if room_id in self._active:  # kept for active rooms only, as appends do
                    self._lengths_known.setdefault(room_id, n)
        return [known[r] for r in room_ids]

    async def active_rooms(self) -> list[str]:
        rows = await self._sqlite.run(self._sqlite.query, "SELECT id FROM rooms WHERE active = 1")
        return [r[0] for r in rows]

    async def active_count(self) -> int:
        return len(self._active)

    async def is_active(self, room_id: str) -> bool:
        sql = "SELECT 1 FROM rooms WHERE id = ? AND active = 1"
        return bool(await self._sqlite.run(self._sqlite.query, sql, (room_id,)))

    # ---- a room's end ------------------------------------------------------------------------

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

        self._sqlite.transaction(work)

    async def finish_room(self, room_id: str, replay: dict[str, Any] | None) -> None:
        await self._sqlite.run(self._finish, room_id, replay)
        self._lengths_known.pop(room_id, None)  # bounded by the active rooms
        self._active.discard(room_id)
        self._dues.set(room_id, None)
        self._leases.forget(room_id)
        self._lobby.drop(room_id)

    # ---- deadlines ---------------------------------------------------------------------------

    async def deadlines(self, room_id: str) -> dict[str, int]:
        sql = "SELECT name, start FROM deadlines WHERE room = ?"
        return dict(await self._sqlite.run(self._sqlite.query, sql, (room_id,)))

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

        return self._sqlite.transaction(work)

    async def set_deadline(
        self, room_id: str, name: str, start_ms: int | None, period_ms: int | None = None
    ) -> int | None:
        check_deadline(name, start_ms)
        _check_ms(period_ms)
        if start_ms is None:
            sql = "DELETE FROM deadlines WHERE room = ? AND name = ?"
            await self._sqlite.run(self._sqlite.query, sql, (room_id, name))
            return None
        start = await self._sqlite.run(self._set_deadline, room_id, name, start_ms)
        # In the same step of the loop as the answer: a room finished meanwhile is inactive
        # here already, or leaves the index after this (finish_room).
        if start is not None and period_ms is not None and room_id in self._active:
            self._dues.lower(room_id, start + period_ms)
        return start

    # ---- the deadline index (in memory: .dues) ---------------------------------------------

    async def due(self, now_ms: int, limit: int, groups: list[int] | None = None) -> list[str]:
        return self._dues.due(now_ms, limit, GROUPS if groups is None else groups)

    async def set_due(self, room_id: str, due_ms: int | None) -> None:
        _check_ms(due_ms)
        if due_ms is None or room_id in self._active:
            self._dues.set(room_id, due_ms)

    async def look_by(self, room_id: str, due_ms: int) -> None:
        _check_ms(due_ms)
        if room_id in self._active:
            self._dues.lower(room_id, due_ms)


def _check_ms(ms: int | None) -> None:
    if ms is not None and (not isinstance(ms, int) or isinstance(ms, bool)):
        raise ValueError(f"a time in the deadline index is a whole number of ms: {ms!r}")
