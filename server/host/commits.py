"""The log's side of a replica: commit an entry (check, append at the next index, apply),
apply what other nodes appended, catch up with the log, and rebuild a room whose log lost
entries this copy had.

Every replica applies the same entries in the same order: its own commits (checked against
the replica, appended at the exact index with a compare-and-set, applied), and the entries
other nodes appended, which arrive as events (applied when they are the next entry; a gap, or
a missed event, is filled from the log). Applying never waits on I/O, so an event and a local
commit can never interleave inside one entry: a commit that finds its own entry already
applied (read back from the log by a catch-up while it waited) simply does not apply it
again. The writer is never told its own entries: it applies them as it writes them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from server import metrics
from server.host import fanout
from server.host.clock import Clock
from server.host.presence import Presence
from server.host.replica import Duplicate, Replica, reloaded, unavailable
from server.logs import log
from server.rooms import Move, RoomError, make_room
from server.store import Conflict, Store, Unavailable

COMMIT_TRIES = 8
LOGGER = logging.getLogger("cardroom")  # the logger of server.logs


ACKED_KEPT = 64
"""A replica's last entries of people this node answered that are remembered (a loss takes
the log's last second: a handful)."""


def same_entry(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two entries at one index are the same write (its time, kind and seat: two
    writes that differ in all else but agree on these, to the millisecond, do not occur)."""
    return a.get("at") == b.get("at") and a["kind"] == b["kind"] and a.get("seat") == b.get("seat")


class Commits:
    """Given the store, this node's name and its ``rooms`` (the replicas held, by id), a
    clock, ``spawn`` (the node's task group), the rooms' :class:`Presence`, ``on_change``
    (told after every change of a room: the driver's turn), ``on_reload`` (told when a room
    was rebuilt from a log shorter than this node's copy) and ``on_finished`` (a room just
    finished: it may be unloaded later)."""

    def __init__(
        self,
        store: Store,
        node_id: str,
        rooms: dict[str, Replica],
        clock: Clock,
        spawn: Callable[[Any], asyncio.Task],
        presence: Presence,
        on_change: Callable[[Replica], None],
        on_reload: Callable[[Replica], None],
        on_finished: Callable[[Replica], None],
    ) -> None:
        self.store = store
        self.node_id = node_id
        self.rooms = rooms
        self.clock = clock
        self.spawn = spawn
        self.presence = presence
        self.on_change = on_change
        self.on_reload = on_reload
        self.on_finished = on_finished

    # ---- this node's entries -------------------------------------------------------------

    async def act(self, replica: Replica, seat: int, action: Any, cmd: Any) -> int:
        """Play ``action`` for ``seat`` as command ``cmd``: checked by the room, written,
        applied; the room's seq after it. Raises :class:`Duplicate` for a command applied
        before, RoomError for a move the rules refuse (nothing is written then)."""

        def build() -> Move:
            made = replica.room.command(seat, action, cmd)  # the copy now (reloads replace it)
            if isinstance(made, int):
                raise Duplicate(made)
            return made

        async with replica.lock:
            await self.commit(replica, build)
            return replica.room.seq

    async def write(
        self, replica: Replica, build: Callable[[], dict[str, Any] | Move], fence: int | None = None
    ) -> dict[str, Any]:
        """:meth:`commit` under the replica's lock."""
        async with replica.lock:
            return await self.commit(replica, build, fence)

    async def commit(
        self, replica: Replica, build: Callable[[], dict[str, Any] | Move], fence: int | None = None
    ) -> dict[str, Any]:
        """Check, append at the next index (the commit point), apply. ``build`` checks the
        request against the replica as it is and returns the entry, or the :class:`Move`
        the rules made of it (or raises); on a conflict the replica catches up and ``build``
        checks again. ``fence``: the driver's lease token, which the store checks and the
        entry keeps (the tokens along a log never go down). The caller holds the replica's
        lock. Raises RoomError ``unavailable`` when the store does not answer (nothing is
        acknowledged then), and Fenced for a stale driver."""
        room = replica.room
        for _ in range(COMMIT_TRIES):
            made = build()
            move = made if isinstance(made, Move) else Move(made, None, len(room.log))
            entry = move.entry
            entry["at"] = self.clock.wall_ms()
            if fence is not None:
                entry["lease"] = fence
            try:
                await self.store.rooms.append(room.id, move.index, entry, fence, self.node_id)
            except Conflict:
                try:
                    if not await self.catch_up(replica, locked=True):
                        raise reloaded() from None  # the store had lost entries: reloaded
                except Unavailable:
                    raise unavailable() from None
                continue
            except Unavailable:
                raise unavailable() from None
            # Nothing came between the check and now but, maybe, this entry itself, read
            # from the log by a check's catch-up (the lock, and the index): the position the
            # rules reached is the one to take.
            self._applied(replica, entry, room.apply(move))
            if fence is None:  # a person's: answered once this returns
                replica.acked[move.index] = entry["at"]
                if len(replica.acked) > ACKED_KEPT:
                    del replica.acked[next(iter(replica.acked))]
            _logged(room.id, entry)
            return entry
        raise RoomError("busy", "This room is very busy; try again.")

    # ---- applying ----------------------------------------------------------------------

    def apply(self, replica: Replica, entry: dict[str, Any]) -> None:
        """Apply the next entry of the log."""
        self._applied(replica, entry, replica.room.apply(entry))

    def _applied(
        self, replica: Replica, entry: dict[str, Any], diffs: dict[str, list] | None
    ) -> None:
        """What follows an entry applied (``diffs``, None: applied before): patches to this
        node's sockets, notices, and the driver's turn."""
        if diffs is None:
            return
        fanout.publish(replica, diffs)
        kind = entry["kind"]
        if kind == "forfeit":
            fanout.notice(replica, "forfeit", seat=entry["seat"], reason=entry["reason"])
        elif kind == "act" and entry.get("auto"):
            fanout.notice(replica, "timeout", seat=entry["seat"])
        self.on_change(replica)
        if replica.room.status == "finished":
            self.on_finished(replica)

    def on_entry(self, event: dict[str, Any]) -> None:
        """An entry another node appended (a store never tells the writer its own)."""
        replica = self.rooms.get(event["room"])
        if replica is None:
            return
        index = event["index"]
        held = replica.room.log
        length = len(held)
        if index == length:
            self.apply(replica, event["entry"])
        elif index > length:
            self.spawn(self._fill(replica))
        elif not same_entry(held[index], event["entry"]):
            # Another node wrote over entries this copy holds: the store lost them.
            self.spawn(self._reload(replica))

    # ---- catching up -------------------------------------------------------------------

    async def _reload(self, replica: Replica) -> None:
        with contextlib.suppress(Unavailable):
            async with replica.lock:
                if self.rooms.get(replica.room.id) is replica:
                    await self.reload(replica)
                    await self.catch_up(replica, locked=True)

    async def _fill(self, replica: Replica) -> None:
        # the periodic check fills it in
        with contextlib.suppress(Unavailable):
            await self.catch_up(replica)

    async def catch_up(self, replica: Replica, locked: bool = False) -> bool:
        """Apply whatever the log holds beyond this replica. The log's entry before those
        is read too: if it is not this copy's last, the store lost entries and another
        node wrote on, and the room is reloaded (at once if the caller holds the lock,
        ``locked``, else as soon as it is free). Returns False then."""
        room = replica.room
        start = len(room.log)
        entries = await self.store.rooms.log(room.id, max(0, start - 1))
        if start > 0:
            # Nothing at all: the log is shorter than this copy (the store lost entries);
            # another last entry: it lost them and another node wrote on.
            if not entries or not same_entry(entries[0], room.log[start - 1]):
                if locked:
                    await self.reload(replica)
                else:
                    self.spawn(self._reload(replica))
                return False
            entries = entries[1:]
        for k, entry in enumerate(entries):
            if start + k == len(room.log):  # an event may have brought some meanwhile
                self.apply(replica, entry)
        return True

    async def reload(self, replica: Replica) -> int:
        """Rebuild the room from its log if the log does not hold this node's copy: the
        store lost entries this node had applied (Redis lost its last second, or failed
        over before a replica had them), and maybe another node wrote on after them. The
        room goes on from what the log holds, under a new epoch (every socket gets a
        snapshot), and the loss is logged and counted. The caller holds the replica's lock.
        Returns how many entries were lost."""
        room = replica.room
        entries = await self.store.rooms.log(room.id)
        kept = 0  # the entries both hold (after a loss, another node may have written on)
        for ours, theirs in zip(room.log, entries, strict=False):
            if not same_entry(ours, theirs):
                break
            kept += 1
        lost = len(room.log) - kept
        if lost == 0:
            return 0  # the log is as long or longer: catching up is enough
        fresh = make_room(room.id, room.meta, watched=())
        fresh.load(entries)
        replica.room = fresh
        replica.patches.clear()
        metrics.LOST_ENTRIES.inc(lost)
        gone = [room.log[k] for k in range(kept, len(room.log))]  # (a packed log: no slices)
        acked = [e for k, e in enumerate(gone, kept) if replica.acked.get(k) == e.get("at")]
        level, fields = _loss(gone, len(acked), entries[kept:], self.clock.wall_ms())
        replica.acked.clear()
        log("log_lost", level, room=room.id, lost=lost, kept=kept, now=len(entries), **fields)
        self.presence.changed(replica, broadcast=False)
        fanout.snapshot_all(replica)
        self.on_reload(replica)
        return lost

    async def checks(self, every: float) -> None:
        """:meth:`check` every ``every`` seconds, for as long as the node runs."""
        while True:
            await self.clock.sleep(every)
            with contextlib.suppress(Unavailable):
                await self.check()

    async def check(self) -> None:
        """Compare every held replica with its log (events are at most once)."""
        rooms = list(self.rooms.values())
        lengths = await self.store.rooms.lengths([r.room.id for r in rooms])
        for replica, length in zip(rooms, lengths, strict=True):
            if length > len(replica.room.log):
                await self.catch_up(replica)
            elif length < len(replica.room.log):
                await self._reload(replica)


def _loss(
    gone: list[dict[str, Any]], acked: int, instead: list[dict[str, Any]], now_ms: int
) -> tuple[int, dict[str, Any]]:
    """What a node's copy held that the log no longer does (``gone``, of which ``acked``
    this node wrote and answered; the log holds ``instead`` from there), said as it
    happened, at its level: an error when this node had acknowledged one of them (a
    promise broken: the one node that can know says it), else a warning (the driver's own
    entries, acknowledged to nobody and done again; or people's that other nodes wrote:
    the writer's own line says whether it had answered them)."""
    people = [e for e in gone if "lease" not in e]
    automatic = len(gone) - len(people)
    written = [e["at"] for e in gone if isinstance(e.get("at"), int)]
    what = (
        f"the store no longer holds {len(gone)} entries this node had applied "
        f"({len(people)} of people, {acked} of them acknowledged by this node; "
        f"{automatic} the driver's own)"
        + (f", written on by {len(instead)} others since" if instead else "")
        + "; the room was rebuilt from the store's log under a new epoch"
    )
    fields = {
        "people": len(people),
        "acknowledged": acked,
        "automatic": automatic,
        "written_on": len(instead),
        "age_ms": now_ms - min(written) if written else None,
        "what": what,
    }
    return (logging.ERROR if acked else logging.WARNING), fields


def _logged(room_id: str, entry: dict[str, Any]) -> None:
    if entry["kind"] == "act":  # one line a move: below the usual level
        if LOGGER.isEnabledFor(logging.DEBUG):
            seat, kind = entry["seat"], entry["action"]["type"]
            log("action", logging.DEBUG, room=room_id, seat=seat, type=kind)
    else:
        log(entry["kind"], room=room_id, seat=entry["seat"], reason=entry.get("reason"))
