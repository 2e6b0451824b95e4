"""The driver: what happens by itself in the rooms this node drives.

Bots' turns, turn clocks, grace forfeits, the end of rooms nobody plays in, lobby summaries
and finishing a room happen in exactly one place: the node that holds the room's lease.
The lease lives in the store with a TTL (renewed every third of it) and a fencing token;
every automatic entry carries the token, and the store refuses it once a newer lease was
granted, so a driver that was paused or cut off past its lease can never append (the
log's compare-and-set already makes a double append impossible; the token makes a stale
one impossible). Rooms whose lease lapsed are found by a periodic look at the store's lease
index and taken by the first node to ask; bots are deterministic in (view, seed), so a bot
whose think was cut short by a take-over simply thinks again on the new driver.

The timers that end a room (grace, turn clock, expiry) run on its driver. What the driver may
have missed (an event lost, a timer that ended without its entry) is found without looking at
every room it holds: the store keeps a deadline index of the rooms due (each deadline's end,
and "now" for a presence change by another node), and :meth:`Driver.sweep` reads only the
rooms due, every SWEEP_SECONDS; a timer that ends without its entry arms the room again
itself (:meth:`Driver._rearm`). The sweep's docstring argues that no room is left without a
running timer or an entry due by its deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from server.config import Config
from server.games.cards import derive_seed
from server.host.clock import REAL, Clock
from server.host.replica import Replica
from server.host.replicas import Replicas
from server.host.settlement import record_game
from server.logs import log, logger
from server.rooms import RoomError
from server.rooms.gin import default_action
from server.store import Fenced, Store, Unavailable

Think = Callable[[str, int, dict[str, Any]], Awaitable[dict[str, str]]]
"""A bot's decision: (level, seed, the seat's view) -> an action (server.workers runs the
heavy levels in worker processes)."""

SCAN_BATCH = 200
SWEEP_SECONDS = 5.0
"""How often a driver reads the store's deadline index for the rooms due (:meth:`sweep`): a
room ends at most this long after its deadline, whatever the driver missed meanwhile; and
how long after a timer ended without its entry it is armed again (:meth:`_rearm`)."""
SWEEP_BATCH = 200
"""The most rooms due one sweep reads of each room group (the next sweep reads the rest)."""
EXPIRIES = ("unjoined", "abandoned", "no_show")
"""The deadlines that end a room nobody plays in (:meth:`Driver._expiry`)."""
AWAY_AFTER = 1.0
"""Seconds a seat is away before its grace's end is logged for the view (``away_until``): a
socket replaced, or a seat a match started without for a moment, logs nothing."""
AWAYS_PER_SEAT = 40
"""The most ``away`` entries a seat's comings and goings log in a room (each going and
coming back logs two): a connection that flaps cannot grow the room's log without end; past
it the seat's grace still runs and forfeits, only its end is no longer shown."""
LOBBY_DELAY = 0.1  # a room's lobby summary is written at most this often (at once if quiet)


class Stale(Exception):
    """What a timer or a bot was about to do no longer applies."""


@dataclass(eq=False)
class Drive:
    token: int
    until: float  # monotonic time the lease lasts to, as far as this node knows
    bot: asyncio.Task | None = None
    clock: asyncio.Task | None = None
    clock_for: tuple[int, int] | None = None  # (seat, log length) the clock runs for
    grace: dict[int, asyncio.Task] = field(default_factory=dict)
    away: dict[int, asyncio.Task] = field(default_factory=dict)  # logs when a grace ends
    expiry: asyncio.Task | None = None
    expiry_for: str | None = None
    lobby: asyncio.Task | None = None
    listed: dict | None = None  # the summary the lobby last got
    listed_at: float = float("-inf")  # the clock's monotonic time it got it
    finishing: asyncio.Task | None = None
    rearm: Any = None  # the timer that arms again a timer that ended without its entry
    # When each running deadline (grace:<seat>, unjoined, abandoned, no_show) started, in
    # wall ms, as the store keeps it for every driver of the room (Driver._started)
    starts: dict[str, int] = field(default_factory=dict)
    unsaved: dict[str, int | None] = field(default_factory=dict)  # starts for the store
    saving: asyncio.Task | None = None  # writes them, one after another, in order

    def tasks(self) -> list[asyncio.Task]:
        found = [self.bot, self.clock, self.expiry, self.lobby, *self.grace.values()]
        found += self.away.values()
        return [t for t in found if t is not None]


class Driver:
    """Given what it uses: the store, this node's name, the settings (lease, delays,
    limits), ``think`` (a bot's decision), ``spawn`` (the node's task group), ``live`` (the
    nodes alive; with ``name``, this node's life, the lives alive: presence is kept by life)
    and ``on_strangers`` (nodes heard of but not known: membership's look).

    The driver holds the node's :class:`Replicas` (``replicas``): every change of a replica
    is the driver's turn, so the cache is made with the driver's own callbacks, and a move's
    path goes down from the commit to the driver, never back up through the node."""

    def __init__(
        self,
        store: Store,
        node_id: str,
        config: Config,
        think: Think,
        spawn: Callable[[Any], asyncio.Task],
        live: Callable[[], set[str]],
        clock: Clock = REAL,
        on_strangers: Callable[[set[str]], None] = lambda nodes: None,
        name: str | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.replicas = Replicas(
            store, node_id, spawn, live, config.idle_unload, config.finished_linger, clock,
            on_change=self.changed, on_reload=self.reloaded, on_strangers=on_strangers,
            name=name,
        )  # fmt: skip
        self.node_id = node_id
        self.config = config
        self.think = think
        self.spawn = spawn
        self.stopping = False  # a graceful stop began: no more rooms are taken
        self.drives: dict[str, Drive] = {}
        self._broken: dict[str, float] = {}  # rooms that failed to load: not before then
        self.takeovers = 0

    # ---- leases --------------------------------------------------------------------------

    async def scan(self) -> None:
        """Take rooms nobody drives, for as long as the node runs."""
        while True:
            await self.clock.sleep(self.config.scan_seconds * random.uniform(0.5, 1.5))
            if self.stopping:
                return
            try:
                lapsed = await self.store.leases.lapsed(SCAN_BATCH)
            except Unavailable:
                continue
            now = self.clock.monotonic()
            for room_id in lapsed:
                if room_id not in self.drives and self._broken.get(room_id, 0) <= now:
                    await self.take(room_id)

    async def sweep(self) -> None:
        """Look at the rooms this node drives that are due in the store's deadline index,
        every SWEEP_SECONDS, for as long as the node runs: one read of each room group, and a
        look (:meth:`_look`) at each room due that this node drives, never at the others. So
        a sweep costs the fixed number of groups plus the rooms due, not the rooms held.

        A room is due in the index (:meth:`~server.store.rooms.RoomStore.due`) from the end
        of its earliest deadline (grace, unjoined, abandoned: the store lowers the entry to
        start + period in the step that records the start, whichever node drives the room),
        and at once when a node that is not its driver changes its presence (the store marks
        it in the step that writes the presence: the driver may never get the event). The
        end itself is one fenced append at the log's next index: done once, whichever node
        runs it.

        A room due that nobody drives is left to :meth:`scan`: its lease has lapsed, so the
        scan finds it within ``scan_seconds`` and the node that takes it reads its log,
        presence and deadlines and arms its timers (:meth:`take`); the entry stays due, so
        that node's next sweep looks once more. Taking it here would be a second way to take a
        room, racing the scan for the same lease and only sooner by a scan's period. A room
        due that another node drives is that node's to look at.

        No room is left without a running timer or an entry due by its deadline:

        - a deadline's start is written with its due in one step (:meth:`_save_starts`), and
          a look sets the entry from every deadline the driver runs before it reads the room
          again (so a presence mark written meanwhile stays, and what the read finds that
          calls for a new deadline writes its own due);
        - a timer that ends without its entry while it is still the room's is armed again a
          sweep later (:meth:`_rearm`), and a cancelled one was cancelled by what replaced it
          (:meth:`changed`, :meth:`_disarm`) or by the end of the drive (:meth:`drop`,
          finishing), whose next driver arms everything from the store (:meth:`take`);
        - a turn clock has no entry (it would cost a write per move): its deadline is in the
          log, which every driver reads, and its timer runs until it plays or is replaced."""
        while True:
            await self.clock.sleep(SWEEP_SECONDS)
            if not self.drives:
                continue
            try:
                due = await self.store.rooms.due(self.clock.wall_ms(), SWEEP_BATCH)
            except Unavailable:
                continue
            for room_id in due:
                drive = self.drives.get(room_id)
                replica = self.replicas.rooms.get(room_id)
                if drive is None or replica is None or drive.finishing is not None:
                    continue
                with contextlib.suppress(Unavailable):
                    await self._look(replica, drive)

    async def _look(self, replica: Replica, drive: Drive) -> None:
        """Look at a room due: set its entry in the index from the deadlines this driver
        runs (before the reads: a node that changes the room's presence after this marks it
        again, and one that changed it before is read), read its log, presence and deadlines
        again, and schedule what they call for."""
        room_id = replica.room.id
        await self.store.rooms.set_due(room_id, self._next_due(drive))
        await self._refresh(replica, drive)
        if self.drives.get(room_id) is not drive:
            return
        before = self._next_due(drive)
        self.changed(replica)
        after = self._next_due(drive)
        # A start a former driver recorded, found by the read, and not written again here.
        if after is not None and (before is None or after < before):
            await self.store.rooms.look_by(room_id, after)

    def _period(self, name: str) -> float:
        """How long deadline ``name`` runs, in seconds."""
        if name == "unjoined":
            return self.config.unjoined_seconds
        if name == "abandoned":
            return self.config.abandoned_seconds
        if name == "no_show":
            return self.config.paired_join_seconds
        return self.config.grace_seconds  # grace:<seat>

    def _next_due(self, drive: Drive) -> int | None:
        """When the earliest deadline the driver runs ends (wall ms), None if it runs none."""
        ends = [start + int(self._period(n) * 1000) for n, start in drive.starts.items()]
        return min(ends, default=None)

    async def _refresh(self, replica: Replica, drive: Drive) -> None:
        """Read the room's log, presence and deadlines from the store again: what this node
        heard of them may be stale (events are at most once, and the store tells a room's
        driver, not the node that will drive it), and the timers follow from them."""
        room_id = replica.room.id
        await self.replicas.commits.catch_up(replica)
        others = await self.store.leases.presence(room_id)
        starts = await self.store.rooms.deadlines(room_id)
        if self.drives.get(room_id) is not drive:
            return
        # The store's starts are the first (a start kept there is never moved); one this
        # node began and is still writing stays, one it ended and is still writing goes.
        merged = {**drive.starts, **starts}
        drive.starts = {n: t for n, t in merged.items() if drive.unsaved.get(n, t) is not None}
        others.pop(self.replicas.name, None)
        self.replicas.presence.strangers(others)
        if others != replica.others:
            replica.others = others
            self.replicas.presence.changed(replica)

    async def take(self, room_id: str) -> bool:
        """Drive ``room_id`` if its lease is free."""
        try:
            token = await self.store.leases.acquire(room_id, self.node_id, self.config.lease_ms)
        except Unavailable:
            return False
        if token is None or room_id in self.drives:
            return False
        drive = Drive(token, self.clock.monotonic() + self.config.lease_ms / 1000)
        self.drives[room_id] = drive
        try:
            replica = await self.replicas.get(room_id)
        except Exception as failed:
            self.drives.pop(room_id, None)
            if not (isinstance(failed, RoomError) and failed.code == "unavailable"):
                logger.exception("cannot load room %s to drive it", room_id)
                self._broken[room_id] = self.clock.monotonic() + 60
            await self._release(room_id, token)
            return False
        if self.drives.get(room_id) is not drive:
            return False
        try:  # what the former driver knew, from the store
            await self._refresh(replica, drive)
        except Unavailable:
            drive.starts = {}  # counted from now: late, never early
        if self.drives.get(room_id) is not drive:
            return False
        self.takeovers += 1
        self.replicas.set_driven(replica, True)
        log("room_driven", room=room_id, token=token, entries=len(replica.room.log))
        self._disarm(drive)  # armed while loading, before the store's deadlines were read
        self.changed(replica)
        return True

    async def renew(self) -> None:
        """Renew every lease this node holds, every third of a lease, in one round trip."""
        while True:
            await self.clock.sleep(self.config.lease_ms / 3000)
            held = list(self.drives.items())
            asked = self.clock.monotonic()
            try:
                still = await self.store.leases.renew(
                    [(room_id, self.node_id, d.token) for room_id, d in held],
                    self.config.lease_ms,
                )
            except Unavailable:
                # No answer: the leases run out at the time the store would expire them.
                for room_id, drive in held:
                    if drive.until <= self.clock.monotonic():
                        self.drop(room_id, "lease ran out")
                continue
            for (room_id, drive), ok in zip(held, still, strict=True):
                if ok:
                    drive.until = asked + self.config.lease_ms / 1000
                elif self.drives.get(room_id) is drive and drive.finishing is None:
                    self.drop(room_id, "lease lost")

    def drop(self, room_id: str, why: str) -> None:
        """Stop driving a room (another node holds its lease now, or will)."""
        drive = self.drives.pop(room_id, None)
        if drive is None:
            return
        for task in drive.tasks():
            task.cancel()
        if drive.rearm is not None:
            drive.rearm.cancel()
        replica = self.replicas.rooms.get(room_id)
        if replica is not None:
            self.replicas.set_driven(replica, False)
        log("room_dropped", room=room_id, why=why)

    async def _release(self, room_id: str, token: int) -> None:
        # it lapses by itself
        with contextlib.suppress(Unavailable):
            await self.store.leases.release(room_id, self.node_id, token)

    async def release_all(self) -> None:
        """Hand every room over now (a graceful stop): another node takes them at once."""
        self.stopping = True
        held = list(self.drives.items())
        for room_id, _ in held:
            self.drop(room_id, "stopping")
        await asyncio.gather(*(self._release(r, d.token) for r, d in held))

    def reloaded(self, replica: Replica) -> None:
        """The room was rebuilt from a shorter log (:meth:`Replicas.reload`): what was
        scheduled on the old copy is dropped and scheduled again on the new one (the task
        that found the loss ends by itself)."""
        drive = self.drives.get(replica.room.id)
        if drive is None or drive.finishing is not None:
            return
        self._disarm(drive)
        drive.listed = None
        self.changed(replica)

    def _disarm(self, drive: Drive) -> None:
        """Cancel what is scheduled (but the task that asks), to be scheduled again."""
        current = asyncio.current_task()
        for task in drive.tasks():
            if task is not current:
                task.cancel()
        if drive.rearm is not None:
            drive.rearm.cancel()
            drive.rearm = None
        drive.bot = drive.clock = drive.expiry = drive.lobby = None
        drive.clock_for = drive.expiry_for = None
        drive.grace.clear()
        drive.away.clear()

    # ---- what follows a change -----------------------------------------------------------

    def changed(self, replica: Replica) -> None:
        """Schedule what the room's state calls for now: a bot's turn, the turn clock, grace
        periods, the end of an abandoned room, the lobby, finishing."""
        room = replica.room
        drive = self.drives.get(room.id)
        if drive is None or drive.finishing is not None:
            return
        if room.status == "finished":
            for task in drive.tasks():
                task.cancel()
            drive.finishing = self.spawn(self._finish(replica, drive))
            return
        late = [s for s in room.humans if room.seats[s].timeouts >= self.config.max_timeouts]
        if late and room.status == "playing":
            if drive.expiry_for != "timeouts" or drive.expiry is None:
                if drive.expiry is not None:
                    drive.expiry.cancel()
                drive.expiry_for = "timeouts"
                drive.expiry = self.spawn(self._too_many(replica, drive, late[0]))
            return
        seat = room.bot_seat
        if seat is not None and drive.bot is None:
            drive.bot = self.spawn(self._bot(replica, drive, seat, len(room.log)))
        self._clock(replica, drive)
        self._graces(replica, drive)
        self._expiry(replica, drive)
        if room.meta.get("public") and drive.lobby is None and room.summary() != drive.listed:
            drive.lobby = self.spawn(self._list(replica, drive))

    def _clock(self, replica: Replica, drive: Drive) -> None:
        room = replica.room
        seat = room.clock_holder
        wanted = (seat, len(room.log)) if seat is not None and room.deadline else None
        if drive.clock_for == wanted and (drive.clock is None) == (wanted is None):
            return  # running (a clock that ended as stale is None: armed again)
        if drive.clock is not None:
            if drive.clock is not asyncio.current_task():
                drive.clock.cancel()
            drive.clock = None
        drive.clock_for = wanted
        if wanted is not None:
            drive.clock = self.spawn(self._timeout(replica, drive, *wanted))

    def _graces(self, replica: Replica, drive: Drive) -> None:
        """A seated human whom no node holds forfeits after the grace period (two-seat
        rooms in play: a solitaire waits for its player, a waiting room expires)."""
        room = replica.room
        for seat in room.humans:
            away = (
                room.status == "playing" and len(room.seats) == 2 and not room.seats[seat].connected
            )
            name = f"grace:{seat}"
            if away and (seat not in drive.grace or drive.grace[seat].done()):
                left = self._started(replica, drive, name, self.config.grace_seconds)
                drive.grace[seat] = self.spawn(self._grace(replica, drive, seat, left))
                self._announce_away(replica, drive, seat, True)
            elif not away:
                if seat in drive.grace:
                    drive.grace.pop(seat).cancel()
                self._ended(replica, drive, name)
                if room.status == "playing" and room.seats[seat].away_until is not None:
                    self._announce_away(replica, drive, seat, False)

    def _announce_away(self, replica: Replica, drive: Drive, seat: int, away: bool) -> None:
        """Log when the grace of a seat gone away runs out (wall ms: public, the view's
        ``away_until``), AWAY_AFTER seconds into it if it is still away then; or that it is
        back (None), at once. One such write at a time a seat."""
        task = drive.away.get(seat)
        if task is not None and not task.done():
            return
        if away and replica.room.seats[seat].aways >= AWAYS_PER_SEAT - 1:
            return  # room left for the entry that says it is back
        room = replica.room
        name = f"grace:{seat}"

        def entry():
            seated = room.seats[seat]
            start = drive.starts.get(name)
            if away and (seated.connected or start is None):
                raise Stale
            until = start + int(self.config.grace_seconds * 1000) if away else None
            if room.status != "playing" or seated.away_until == until:
                raise Stale
            return room.away_entry(seat, until)

        async def write() -> None:
            if away:  # a socket replaced, a seat taken a moment late: no entry
                await self.clock.sleep(AWAY_AFTER)
            await self._automatic(replica, drive, entry)

        drive.away[seat] = self.spawn(self._retrying(replica, drive, write, "away"))

    def _expiry(self, replica: Replica, drive: Drive) -> None:
        room = replica.room
        nobody = not any(room.seats[s].connected for s in room.humans)
        reason = None
        if room.status == "waiting" and room.meta.get("paired"):
            # A quick pairing's room waits a moment for its players, whoever is there: the
            # one who came is told (the room's end) and seeks again.
            reason, after = "no_show", self.config.paired_join_seconds
        elif room.status == "waiting" and nobody:
            reason, after = "unjoined", self.config.unjoined_seconds
        elif len(room.seats) == 1 and room.status == "playing" and nobody:
            reason, after = "abandoned", self.config.abandoned_seconds
        if reason == drive.expiry_for and (drive.expiry is None) == (reason is None):
            return  # running (an expiry that ended as stale is None: armed again)
        if drive.expiry is not None:
            drive.expiry.cancel()
            drive.expiry = None
        if drive.expiry_for not in (None, reason):
            self._ended(replica, drive, drive.expiry_for)
        drive.expiry_for = reason
        if reason is not None:
            left = self._started(replica, drive, reason, after)
            drive.expiry = self.spawn(self._expire(replica, drive, reason, left))
        for name in EXPIRIES:  # one a former driver left running
            if name != reason:
                self._ended(replica, drive, name)

    def _rearm(self, replica: Replica, drive: Drive) -> None:
        """A timer of the room ended without its entry while it was still the room's (it
        found its work stale, a refusal ended it, something cancelled it from outside):
        what the room calls for is scheduled again a sweep later (:meth:`changed`), not at
        once, so a timer that keeps failing retries at that pace, not in a loop."""
        if self.drives.get(replica.room.id) is not drive or drive.finishing is not None:
            return
        if drive.rearm is None:
            drive.rearm = self.clock.call_later(SWEEP_SECONDS, self._rearmed, replica, drive)

    def _rearmed(self, replica: Replica, drive: Drive) -> None:
        drive.rearm = None
        if self.drives.get(replica.room.id) is drive and not self.stopping:
            self.changed(replica)

    # ---- deadlines that outlive a driver -----------------------------------------------------

    def _started(self, replica: Replica, drive: Drive, name: str, period: float) -> float:
        """The seconds left of deadline ``name`` (``period`` long), counted from when it
        started on whichever node drove the room then; a new one starts now, and the store
        keeps when, so a change of driver neither restarts nor forgets it."""
        now = self.clock.wall_ms()
        start = drive.starts.get(name)
        if start is None:
            start = drive.starts[name] = now
            self._save(replica, drive, name, now)
        return max(0.0, period - (now - start) / 1000)

    def _ended(self, replica: Replica, drive: Drive, name: str) -> None:
        if drive.starts.pop(name, None) is not None:
            self._save(replica, drive, name, None)

    def _save(self, replica: Replica, drive: Drive, name: str, start: int | None) -> None:
        drive.unsaved[name] = start
        if drive.saving is None:
            drive.saving = self.spawn(self._save_starts(replica.room.id, drive))

    async def _save_starts(self, room_id: str, drive: Drive) -> None:
        """Write the starts and ends of deadlines in the order they happened (an end
        overtaking its start would leave a start that shortens a later deadline), each
        until the store has it."""
        try:
            while drive.unsaved and self.drives.get(room_id) is drive and not drive.finishing:
                name = next(iter(drive.unsaved))
                start = drive.unsaved.pop(name)
                while True:
                    try:
                        period = None if start is None else int(self._period(name) * 1000)
                        await self.store.rooms.set_deadline(room_id, name, start, period)
                        break
                    except Unavailable:
                        if name in drive.unsaved:  # a newer value came meanwhile
                            break
                        await self.clock.sleep(1.0)
        finally:
            drive.saving = None

    # ---- automatic entries -----------------------------------------------------------------

    async def _automatic(self, replica: Replica, drive: Drive, build) -> bool:
        """Commit an automatic entry with the lease's token (the store checks it, and the
        entry keeps it: the tokens along a log never go down); False if it no longer
        applies."""

        try:
            await self.replicas.commits.write(replica, build, fence=drive.token)
            return True
        except Stale:
            return False
        except Fenced:
            self.drop(replica.room.id, "fenced")  # a newer driver has it: do nothing more
            raise Stale from None

    async def _retrying(self, replica: Replica, drive: Drive, work, what: str) -> None:
        """Run ``work`` until it succeeds: a store that does not answer, or a failure,
        never freezes a room (the driver tries again a second later)."""
        try:
            while True:
                try:
                    await work()
                    return
                except RoomError as refused:
                    if refused.code == "reloaded":  # the driver schedules it again
                        return
                    if refused.code != "unavailable":
                        logger.error("%s refused in room %s: %s", what, replica.room.id, refused)
                        return
                except (asyncio.CancelledError, Stale):
                    raise
                except Exception:
                    logger.exception("%s failed in room %s; retrying", what, replica.room.id)
                await self.clock.sleep(1.0)
        except Stale:
            return

    async def _bot(self, replica: Replica, drive: Drive, seat: int, version: int) -> None:
        room = replica.room

        async def turn() -> None:
            # The delay (so people can follow) counts from the last change, so a driver
            # that takes a room over mid-wait does not make it wait again.
            last = room.log[-1].get("at") if room.log else None
            since = (self.clock.wall_ms() - last) / 1000 if last is not None else 0.0
            await self.clock.sleep(
                min(self.config.bot_delay, max(0.0, self.config.bot_delay - since))
            )
            if len(room.log) != version or room.bot_seat != seat:
                raise Stale
            level = room.seats[seat].level
            assert level is not None
            seed = derive_seed(room.meta["seed"] % 2**64, 1000 + seat)
            action = await self.think(level, seed, room.match.view(seat))

            def build():
                if len(room.log) != version or room.bot_seat != seat:
                    raise Stale
                return room.act_entry(seat, action, None)

            await self._automatic(replica, drive, build)

        try:
            await self._retrying(replica, drive, turn, "bot")
        finally:
            if drive.bot is asyncio.current_task():
                drive.bot = None
                self.changed(replica)

    async def _timeout(self, replica: Replica, drive: Drive, seat: int, version: int) -> None:
        room = replica.room
        assert room.deadline is not None

        def timed_out():
            if len(room.log) != version or room.clock_holder != seat:
                raise Stale
            return room.act_entry(seat, default_action(room.match, seat), None, auto=True)

        try:  # however it ends, a clock still called for is armed again (changed, _rearm)
            await self.clock.sleep(max(0.0, (room.deadline - self.clock.wall_ms()) / 1000))
            await self._retrying(
                replica, drive, lambda: self._automatic(replica, drive, timed_out), "turn clock"
            )
        finally:
            if drive.clock is asyncio.current_task():
                drive.clock = None
                self._rearm(replica, drive)

    async def _too_many(self, replica: Replica, drive: Drive, seat: int) -> None:
        """A seat that ran out of time ``max_timeouts`` times forfeits."""
        room = replica.room

        def forfeit():
            if room.status != "playing" or room.seats[seat].timeouts < self.config.max_timeouts:
                raise Stale
            return room.forfeit_entry(seat, "timeouts")

        try:
            await self._retrying(
                replica, drive, lambda: self._automatic(replica, drive, forfeit), "timeouts"
            )
        finally:
            if drive.expiry is asyncio.current_task():
                drive.expiry = None
                self._rearm(replica, drive)

    async def _grace(self, replica: Replica, drive: Drive, seat: int, left: float) -> None:
        room = replica.room

        def forfeit():
            if room.status != "playing" or room.seats[seat].connected:
                raise Stale
            return room.forfeit_entry(seat, "left")

        try:  # however it ends, a grace period still called for is armed again
            await self.clock.sleep(left)
            await self._retrying(
                replica, drive, lambda: self._automatic(replica, drive, forfeit), "grace"
            )
        finally:
            if drive.grace.get(seat) is asyncio.current_task():
                del drive.grace[seat]
                self._rearm(replica, drive)

    async def _expire(self, replica: Replica, drive: Drive, reason: str, after: float) -> None:
        room = replica.room

        def close():
            if drive.expiry_for != reason:
                raise Stale
            if reason == "no_show":  # ends however many are there, unless both came
                if room.status != "waiting":
                    raise Stale
            elif any(room.seats[s].connected for s in room.humans):
                raise Stale
            return room.close_entry(reason)

        try:  # however it ends, an expiry still called for is armed again (changed, _rearm)
            await self.clock.sleep(after)
            await self._retrying(
                replica, drive, lambda: self._automatic(replica, drive, close), "expiry"
            )
        finally:
            if drive.expiry is asyncio.current_task():
                drive.expiry = None
                self._rearm(replica, drive)

    async def _list(self, replica: Replica, drive: Drive) -> None:
        """Write the room's lobby summary: at once after a quiet spell, else at the end of
        LOBBY_DELAY since the last write (changes meanwhile go as one)."""
        try:
            wait = drive.listed_at + LOBBY_DELAY - self.clock.monotonic()
            if wait > 0:
                await self.clock.sleep(wait)
            summary = replica.room.summary()
            if summary != drive.listed and replica.room.status != "finished":
                await self.store.lobby.put(replica.room.id, summary)
                drive.listed, drive.listed_at = summary, self.clock.monotonic()
        except Unavailable:
            await self.clock.sleep(1.0)
        finally:
            drive.lobby = None
        self.changed(replica)

    async def _finish(self, replica: Replica, drive: Drive) -> None:
        """Store the replay and retire the room (the store also drops it from the lobby and
        the lease index); the replica lingers for the people still looking at it."""
        room = replica.room
        nothing = room.closed is not None and not room.played
        replay = None if nothing else room.replay(self.clock.wall_ms() / 1000)
        # The players' statistics first: until the room is finished in the store, a driver
        # that dies here leaves a room the next driver finishes again, and counting is
        # idempotent by room id (the store counts a game once, with its mark, atomically).
        counts = replay is not None and any(s.player is not None for s in room.seats)
        while counts:
            try:
                await record_game(self.store, replay)
                break
            except Unavailable:
                await self.clock.sleep(1.0)
            except Exception:
                logger.exception("counting room %s for its players failed", room.id)
                break  # a bug here must not keep the room from finishing
        while True:
            try:
                await self.store.rooms.finish_room(room.id, replay)
                break
            except Unavailable:
                await self.clock.sleep(1.0)
        log("room_finished", room=room.id, winner=room.winner, scores=room.scores())
        if self.drives.get(room.id) is drive:
            del self.drives[room.id]
        self.replicas.set_driven(replica, False)
