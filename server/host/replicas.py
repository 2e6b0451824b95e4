"""The rooms this node holds in memory, each a replica kept current from the room's log.

A node holds a room while one of its sockets is in it or while it drives it. Every replica
applies the same entries in the same order: its own commits (checked against the replica,
appended at the exact index with a compare-and-set, applied), and the entries other nodes
appended, which arrive as events (applied when they are the next entry; a gap, or a missed
event, is filled from the log). Applying never waits on I/O, so an event and a local commit
can never interleave inside one entry: a commit that finds its own entry already applied by
its event simply does not apply it again.

Views and diffs stay on the node: each replica sends its own sockets the patches of their
audience. Presence (who is connected, how many watch) is the sum over live nodes of each
node's sockets; this node's part comes from its own sockets, the others' from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from protocol.patches import PatchLog
from server import metrics
from server.host.clock import REAL, Clock, Timer
from server.host.members import Member, send_to_all
from server.logs import log
from server.rooms import AUDIENCES, Room, RoomError, make_room
from server.store import Conflict, Store, Unavailable

COMMIT_TRIES = 8
SPECTATORS_EVERY = 0.5
LEAVING_AFTER = 0.05
"""Seconds a seat's departure waits to be shown (arrivals never wait): the departures of a
room within it cost one change, and a socket back within it none."""
SENT_HOME_UNLOAD = 2.0
"""Seconds a replica stays unused once its sockets were told the room lives on another node
(they reconnect there): not the idle_unload kept for sockets that may come back here."""
ROOM_ID = re.compile(r"[a-z0-9]{1,32}")
UNAVAILABLE = RoomError("unavailable", "The game store cannot be reached; try again in a moment.")


class Duplicate(Exception):
    """The command was already applied, at ``seq``."""

    def __init__(self, seq: int) -> None:
        self.seq = seq


def unavailable() -> RoomError:
    return RoomError(UNAVAILABLE.code, UNAVAILABLE.message)


def reloaded() -> RoomError:
    return RoomError(
        "reloaded", "The game store lost the last moves of this room: look at the table again."
    )


def same_entry(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two entries at one index are the same write (its time, kind and seat: two
    writes that differ in all else but agree on these, to the millisecond, do not occur)."""
    return a.get("at") == b.get("at") and a["kind"] == b["kind"] and a.get("seat") == b.get("seat")


@dataclass(eq=False)
class Replica:
    room: Room
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subs: dict[str, set[Member]] = field(default_factory=lambda: {a: set() for a in AUDIENCES})
    others: dict[str, list[int]] = field(default_factory=dict)  # other nodes' presence
    published: list[int] | None = None  # this node's counts as the store last heard them
    flushing: asyncio.Task | None = None
    unload_timer: Timer | None = None
    crowd: Timer | None = None  # a spectator count waiting to be shown
    leaving: Timer | None = None  # a seat's departure waiting to be shown
    driven: bool = False  # this node drives the room
    home_told: str | None = None  # the home elsewhere this node last sent its sockets to
    # Each followed audience's last patch messages, for resumes (the room returns ops).
    patches: dict[str, PatchLog] = field(default_factory=dict)

    def local(self) -> list[int]:
        return [len(self.subs[a]) for a in AUDIENCES]

    @property
    def watched(self) -> bool:
        return any(self.subs.values())


class Replicas:
    """Given what it uses: the store, this node's name, how long an unused replica stays
    (``idle_unload``) and a finished one (``finished_linger``), ``spawn`` (the node's task
    group), ``live`` (the nodes alive now) and ``on_change`` (told after every change of a
    room: the driver's turn)."""

    def __init__(
        self,
        store: Store,
        node_id: str,
        spawn: Callable[[Any], asyncio.Task],
        live: Callable[[], set[str]],
        idle_unload: float = 30.0,
        finished_linger: float = 60.0,
        clock: Clock = REAL,
    ) -> None:
        self.store = store
        self.clock = clock
        self.node_id = node_id
        self.spawn = spawn
        self.live = live
        self.idle_unload = idle_unload
        self.finished_linger = finished_linger
        self.on_change: Callable[[Replica], None] = lambda replica: None
        # told when a room was reloaded from a log shorter than this node's copy (the
        # driver starts its timers and bots again on the new copy)
        self.on_reload: Callable[[Replica], None] = lambda replica: None
        # told of nodes with sockets in a room that this node does not know to be alive (a
        # node that just started, or just came back): the node looks at the heartbeats now
        self.on_strangers: Callable[[set[str]], None] = lambda nodes: None
        self.rooms: dict[str, Replica] = {}
        self._loading: dict[str, asyncio.Future] = {}

    # ---- holding rooms -----------------------------------------------------------------

    async def get(self, room_id: Any) -> Replica:
        """The replica of ``room_id``, loaded from the store if this node does not hold it."""
        if not isinstance(room_id, str) or not ROOM_ID.fullmatch(room_id):
            raise RoomError("no_room", "There is no such room (check the code or link).")
        replica = self.rooms.get(room_id)
        if replica is not None:
            return replica
        pending = self._loading.get(room_id)
        if pending is None:
            pending = asyncio.ensure_future(self._load(room_id))
            self._loading[room_id] = pending
            pending.add_done_callback(lambda _: self._loading.pop(room_id, None))
        return await asyncio.shield(pending)

    async def _load(self, room_id: str) -> Replica:
        try:
            meta = await self.store.room_meta(room_id)
            if meta is None:
                raise RoomError("no_room", "There is no such room (check the code or link).")
            entries = await self.store.log(room_id)
            others = await self.store.presence(room_id)
        except Unavailable:
            raise unavailable() from None
        room = make_room(room_id, meta, watched=())  # audiences render once someone follows
        room.load(entries)
        return await self.hold(room, others)

    async def hold(self, room: Room, others: dict[str, list[int]] | None = None) -> Replica:
        """Keep ``room`` as a replica; entries appended since it was read are caught up."""
        replica = Replica(room, others={k: v for k, v in (others or {}).items()})
        replica.others.pop(self.node_id, None)
        self._strangers(replica.others)
        self.rooms[room.id] = replica
        metrics.ROOMS.set(len(self.rooms))
        self._presence_changed(replica, broadcast=False)
        self._idle(replica)
        # the next event, check or resume fills it in
        with contextlib.suppress(Unavailable):
            await self.catch_up(replica)
        return replica

    def _idle(self, replica: Replica) -> None:
        """Drop the replica later if nobody here uses it by then (and this node does not
        drive it); a finished room lingers for people still reading its last table."""
        if replica.unload_timer is not None:
            replica.unload_timer.cancel()
            replica.unload_timer = None
        if replica.watched or replica.driven:
            return
        finished = replica.room.status == "finished"
        delay = self.finished_linger if finished else self.idle_unload
        if replica.home_told is not None and not finished:
            delay = min(delay, SENT_HOME_UNLOAD)  # its sockets went to the room's home
        replica.unload_timer = self.clock.call_later(delay, self._unload, replica)

    def _unload(self, replica: Replica) -> None:
        replica.unload_timer = None
        if replica.watched or replica.driven or self.rooms.get(replica.room.id) is not replica:
            return
        del self.rooms[replica.room.id]
        metrics.ROOMS.set(len(self.rooms))

    def set_driven(self, replica: Replica, driven: bool) -> None:
        replica.driven = driven
        self._idle(replica)

    # ---- applying entries ----------------------------------------------------------------

    def apply(self, replica: Replica, entry: dict[str, Any]) -> None:
        """Apply the next entry of the log: patches to this node's sockets, notices, and the
        driver's turn."""
        room = replica.room
        self.broadcast(replica, self._framed(replica, room.apply(entry)))
        kind = entry["kind"]
        if kind == "forfeit":
            self.notice(replica, "forfeit", seat=entry["seat"], reason=entry["reason"])
        elif kind == "act" and entry.get("auto"):
            self.notice(replica, "timeout", seat=entry["seat"])
        self.on_change(replica)
        if room.status == "finished":
            self._idle(replica)

    def on_entry(self, event: dict[str, Any]) -> None:
        """An entry some node appended (maybe this one)."""
        replica = self.rooms.get(event["room"])
        if replica is None:
            return
        index = event["index"]
        held = replica.room.log
        if index == len(held):
            self.apply(replica, event["entry"])
        elif index > len(held):
            self.spawn(self._fill(replica))
        elif not same_entry(held[index], event["entry"]):
            # Another node wrote over entries this copy holds: the store lost them.
            self.spawn(self._reload(replica))

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
        entries = await self.store.log(room.id, max(0, start - 1))
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
        room goes on from what the log holds, under a
        new epoch (every socket gets a snapshot), and the loss is logged and counted. The
        caller holds the replica's lock. Returns how many entries were lost."""
        room = replica.room
        entries = await self.store.log(room.id)
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
        log("log_lost", logging.ERROR, room=room.id, lost=lost, kept=kept, now=len(entries))
        self._presence_changed(replica, broadcast=False)
        for audience, members in replica.subs.items():
            if not members:
                continue
            replica.patches[audience] = PatchLog(fresh.seq)
            snapshot = {
                "t": "snapshot",
                "room": fresh.id,
                "seq": fresh.seq,
                "epoch": fresh.epoch,
                "view": fresh.view(audience),
            }
            for member in members:
                member.send(snapshot)
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
        lengths = await self.store.lengths([r.room.id for r in rooms])
        for replica, length in zip(rooms, lengths, strict=True):
            if length > len(replica.room.log):
                await self.catch_up(replica)
            elif length < len(replica.room.log):
                await self._reload(replica)

    async def commit(
        self,
        replica: Replica,
        build: Callable[[], dict[str, Any]],
        fence: int | None = None,
        hold: Member | None = None,
    ) -> dict[str, Any]:
        """Check, append at the next index (the commit point), apply. ``build`` checks the
        request against the replica as it is and returns the entry (or raises); on a
        conflict the replica catches up and ``build`` checks again. The caller holds the
        replica's lock. Raises RoomError ``unavailable`` when the store does not answer
        (nothing is acknowledged then), and Fenced for a stale driver.

        ``hold``: the requester's connection, whose patch is then held once the entry is
        written, for the caller to send with its reply and release (Connection.hold)."""
        room = replica.room
        for _ in range(COMMIT_TRIES):
            entry = build()
            entry["at"] = self.clock.wall_ms()
            index = len(room.log)
            try:
                await self.store.append(room.id, index, entry, fence, self.node_id)
            except Conflict:
                try:
                    if not await self.catch_up(replica, locked=True):
                        raise reloaded()  # the store had lost entries: the room was reloaded
                except Unavailable:
                    raise unavailable() from None
                continue
            except Unavailable:
                raise unavailable() from None
            if hold is not None:
                hold.hold()
            if len(room.log) == index:  # not already applied by its own event
                self.apply(replica, entry)
            if entry["kind"] == "act":  # one line a move: below the usual level
                log(
                    "action",
                    logging.DEBUG,
                    room=room.id,
                    seat=entry["seat"],
                    type=entry["action"]["type"],
                )
            else:
                log(entry["kind"], room=room.id, seat=entry["seat"], reason=entry.get("reason"))
            return entry
        raise RoomError("busy", "This room is very busy; try again.")

    # ---- sockets -------------------------------------------------------------------------

    async def attach(
        self,
        conn: Member,
        replica: Replica,
        audience: str,
        seat: int | None,
        since: int | None = None,
        epoch: str | None = None,
    ) -> None:
        """Subscribe ``conn`` to an audience and bring it up to date.

        The replica first catches up with the log; the change this makes (a spectator more,
        a seat connected) is then broadcast to the others, and ``conn`` gets the patches
        after ``since`` (if kept and the epoch matches) or a snapshot, so it never sees a
        patch of another audience or a patch ahead of its catch-up.
        """
        try:
            await self.catch_up(replica)
        except Unavailable:
            raise unavailable() from None
        room = replica.room
        if room.id in conn.rooms:
            self.detach(conn, room.id)
        replica.subs[audience].add(conn)
        conn.rooms[room.id] = (audience, seat)
        self._presence_changed(replica, skip=conn)
        self._idle(replica)
        missing = None
        log = replica.patches.get(audience)
        if isinstance(since, int) and epoch == room.epoch and log is not None:
            missing = log.since(since)
        if missing is None:
            view = room.view(audience)  # the room follows the audience from now on
            if log is None:
                replica.patches[audience] = PatchLog(room.seq)
            conn.send(
                {
                    "t": "snapshot",
                    "room": room.id,
                    "seq": room.seq,
                    "epoch": room.epoch,
                    "view": view,
                }
            )
        else:
            for _, frame in missing:
                conn.send_packed(frame)

    def detach(self, conn: Member, room_id: str) -> None:
        audience, _ = conn.rooms.pop(room_id)
        replica = self.rooms.get(room_id)
        if replica is None:
            return
        replica.subs[audience].discard(conn)
        if not replica.subs[audience]:
            replica.room.unfollow(audience)
            replica.patches.pop(audience, None)
        self._presence_changed(replica)
        self._idle(replica)

    def _framed(self, replica: Replica, diffs: dict[str, list]) -> dict[str, bytes]:
        """Each audience's change as the patch message sent (packed once for all its
        sockets), kept for resumes (:class:`protocol.patches.PatchLog`)."""
        room = replica.room
        frames = {}
        for audience, ops in diffs.items():
            log = replica.patches.get(audience)
            if log is None:
                log = replica.patches[audience] = PatchLog(room.seq - 1)
            frames[audience] = log.add(room.id, room.seq, ops, room.view_size(audience))
        return frames

    def broadcast(self, replica: Replica, frames: dict[str, bytes], skip=None) -> None:
        for audience, frame in frames.items():
            conns = replica.subs[audience]
            if not conns:
                continue
            metrics.sent("patch").inc(len(conns))
            send_to_all(conns, frame, skip)

    def notice(self, replica: Replica, kind: str, **fields: Any) -> None:
        message = {"t": "notice", "room": replica.room.id, "kind": kind, **fields}
        for conns in replica.subs.values():
            for conn in conns:
                conn.send(message)

    # ---- presence -------------------------------------------------------------------------

    def _counts(self, replica: Replica) -> list[int]:
        """Sockets per audience over every live node."""
        live = self.live()
        counts = replica.local()
        for node, theirs in replica.others.items():
            if node in live:
                counts = [a + b for a, b in zip(counts, theirs, strict=False)]
        return counts

    def _presence_changed(
        self, replica: Replica, broadcast: bool = True, skip=None, leaving: bool = False
    ) -> None:
        """Recompute who is there from every live node; patch the views if that changed,
        and tell the store this node's part.

        A seat's arrival shows at once (the player's own view, and the grace period, need
        it); its departure after LEAVING_AFTER seconds (``leaving``: now), so that when a
        whole crowd goes at once (a network gone, a node's sockets cut) a room whose
        players both go costs one change, not one per socket, and a socket replaced within
        it shows nothing. A change of the spectator count shows at once after a quiet
        spell (a departure waiting with it: a seated socket that starts watching sees itself
        counted in its snapshot); more changes within SPECTATORS_EVERY seconds are shown
        together at its end, so a crowd joining a popular room costs one patch to everyone
        per interval, not one per newcomer."""
        room = replica.room
        counts = self._counts(replica)
        connected = [counts[i] > 0 for i in range(len(room.seats))]
        was = [s.connected for s in room.seats]
        arrived = any(c and not w for w, c in zip(was, connected, strict=False))
        left = any(w and not c for w, c in zip(was, connected, strict=False))
        seats_now = arrived or not broadcast or (left and leaving)
        crowd_now = counts[2] != room.spectators and replica.crowd is None
        if seats_now or crowd_now:  # a departure waiting goes with it
            if replica.leaving is not None:
                replica.leaving.cancel()
                replica.leaving = None
            self._show(replica, connected, counts[2], broadcast, skip)
            if not seats_now:
                self._quiet(replica)
        elif left and replica.leaving is None:
            replica.leaving = self.clock.call_later(LEAVING_AFTER, self._show_leaving, replica)
        if replica.local() != (replica.published or [0, 0, 0]) and replica.flushing is None:
            replica.flushing = self.spawn(self._publish(replica))

    def _show_leaving(self, replica: Replica) -> None:
        replica.leaving = None
        if self.rooms.get(replica.room.id) is replica:
            self._presence_changed(replica, leaving=True)

    def _show(self, replica: Replica, connected, spectators, broadcast=True, skip=None) -> None:
        diffs = replica.room.set_presence(connected, spectators)
        if diffs is None:
            return
        frames = self._framed(replica, diffs)  # kept even when not sent: seqs have no gaps
        if broadcast:
            self.broadcast(replica, frames, skip=skip)
        self.on_change(replica)

    def _quiet(self, replica: Replica) -> None:
        replica.crowd = self.clock.call_later(SPECTATORS_EVERY, self._show_crowd, replica)

    def _show_crowd(self, replica: Replica) -> None:
        """The end of an interval: show the count if it moved meanwhile (and wait again)."""
        replica.crowd = None
        room = replica.room
        spectators = self._counts(replica)[2]
        if spectators != room.spectators:
            self._show(replica, [s.connected for s in room.seats], spectators)
            self._quiet(replica)

    async def _publish(self, replica: Replica) -> None:
        """Write this node's counts for the room until the store holds the latest."""
        delay = 0.05
        try:
            while (mine := replica.local()) != (replica.published or [0, 0, 0]):
                try:
                    await self.store.set_presence(
                        replica.room.id, self.node_id, mine if any(mine) else None
                    )
                    heard = any(replica.published or ()) or replica.driven
                    replica.published = mine
                    if any(mine) and not heard:
                        await self._heard(replica)
                except Unavailable:
                    await self.clock.sleep(delay)
                    delay = min(2.0, delay * 2)
        finally:
            replica.flushing = None

    async def _heard(self, replica: Replica) -> None:
        """The store now tells this node the room's events (its sockets are in the room's
        presence): what changed before it did is read once."""
        await self.catch_up(replica)
        others = await self.store.presence(replica.room.id)
        others.pop(self.node_id, None)
        self._strangers(others)
        if others != replica.others:
            replica.others = others
            self._presence_changed(replica)

    def _strangers(self, others: dict[str, list[int]]) -> None:
        strangers = set(others) - self.live()
        if strangers:
            self.on_strangers(strangers)

    def on_presence(self, event: dict[str, Any]) -> None:
        replica = self.rooms.get(event["room"])
        if replica is None or event["node"] == self.node_id:
            return
        if event["counts"] is None:
            replica.others.pop(event["node"], None)
        else:
            replica.others[event["node"]] = event["counts"]
        self._presence_changed(replica)

    def nodes_changed(self, gone: set[str], came: set[str]) -> None:
        """Nodes died or came back: recount the rooms they have sockets in."""
        for replica in self.rooms.values():
            if any(node in replica.others for node in gone | came):
                self._presence_changed(replica)

    async def resync(self) -> None:
        """After events may have been lost: every held room's log and presence again, and
        this node's presence written again (the store may have lost it)."""
        for replica in list(self.rooms.values()):
            try:
                await self.catch_up(replica)
                others = await self.store.presence(replica.room.id)
            except Unavailable:
                return
            others.pop(self.node_id, None)
            replica.others = others
            replica.published = None
            self._presence_changed(replica)

    def drop_socket(self, conn: Member) -> None:
        for room_id in list(conn.rooms):
            self.detach(conn, room_id)
