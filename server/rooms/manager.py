"""The asyncio shell around rooms: sockets, the store, bots, turn clocks, grace periods and
the lobby. All game logic stays in :class:`server.rooms.room.Room`; this module only moves
entries between the network, the store and rooms, in the order that makes them safe:
check, append to the store (the commit point), apply, broadcast."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from protocol.codec import pack
from server import metrics
from server.games.cards import derive_seed, shuffled, standard_deck
from server.games.gin_rummy.bots import make_bot
from server.games.solitaire import Solitaire, variant_for
from server.games.solitaire.deals import MAX_DEAL
from server.games.solitaire.hints import hint, still_winnable, winnable_number
from server.logs import log, logger, now_ms
from server.rooms.room import (
    AUDIENCES,
    SOLITAIRES,
    Room,
    RoomError,
    SolitaireRoom,
    check_meta,
    default_action,
    make_room,
    new_room_code,
    new_token,
)
from server.store import Store
from server.workers import bot_pool, solver_pool

DAILY_SEED = 0x6361726472_6F6F6D  # mixed with the server's daily secret, then with the date
SOLITAIRE_DAILY_SEED = 0x736F6C6974_6169  # with the date: today's solitaire deals
DAILY_TRIES, DAILY_NODES, DAILY_SECONDS = 50, 2_000_000, 60.0  # candidates for a daily deal
WINNABLE_TRIES, WINNABLE_SECONDS = 12, 1.0  # for "winnable deals only"
POOLED_LEVELS = frozenset({"hard", "expert"})


@dataclass
class Config:
    grace_seconds: float = 60.0
    bot_delay: float = 0.8
    max_timeouts: int = 3
    bot_workers: int = max(1, os.cpu_count() or 1)
    rate: float = 20.0
    burst: int = 60
    queue_limit: int = 512
    finished_linger: float = 600.0
    rooms_per_connection: int = 50
    solver_workers: int = max(1, os.cpu_count() or 1)
    solve_seconds: float = 3.0  # the budget of "can this still be won?"

    @classmethod
    def from_env(cls) -> Config:
        env = os.environ
        return cls(
            grace_seconds=float(env.get("CARDROOM_GRACE_SECONDS", 60)),
            bot_delay=float(env.get("CARDROOM_BOT_DELAY", 0.8)),
            max_timeouts=int(env.get("CARDROOM_MAX_TIMEOUTS", 3)),
            bot_workers=int(env.get("CARDROOM_BOT_WORKERS", max(1, os.cpu_count() or 1))),
            rate=float(env.get("CARDROOM_RATE", 20)),
            burst=int(env.get("CARDROOM_BURST", 60)),
            solver_workers=int(env.get("CARDROOM_SOLVER_WORKERS", max(1, os.cpu_count() or 1))),
            solve_seconds=float(env.get("CARDROOM_SOLVE_SECONDS", 3.0)),
        )


class Connection:
    """One client socket. Sends go through a bounded queue drained by a writer task, so a
    slow client never holds up a broadcast: when its queue is full it is disconnected."""

    def __init__(
        self,
        send: Callable[[bytes], Awaitable[None]],
        close: Callable[[int, str], Awaitable[None]],
        queue_limit: int = 512,
    ) -> None:
        self.id = secrets.token_hex(6)
        self._send, self._close = send, close
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(maxsize=queue_limit)
        self.rooms: dict[str, tuple[str, int | None]] = {}
        self.lobby = False
        self.closed = False
        self.close_code: int | None = None
        self.hello = False
        self.created = 0
        self.solving = False  # a hint or a verdict is being worked out for this client

    def send(self, message: dict[str, Any]) -> None:
        metrics.MESSAGES_OUT.labels(message["t"]).inc()
        self.send_packed(pack(message))

    def send_packed(self, frame: bytes) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            self.kill(1013, "too slow")

    def kill(self, code: int, reason: str) -> None:
        """Close the socket: after the frames already queued, or at once when the queue is
        full (a client that does not read gets nothing more)."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        self._close_reason = reason
        if self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(None)

    async def writer(self) -> None:
        while True:
            frame = await self.queue.get()
            if frame is None:
                await self._close(self.close_code or 1000, getattr(self, "_close_reason", ""))
                return
            await self._send(frame)


@dataclass
class Handle:
    """A room in memory with what the shell keeps around it."""

    room: Room
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subs: dict[str, set[Connection]] = field(default_factory=lambda: {a: set() for a in AUDIENCES})
    bot_task: asyncio.Task | None = None
    clock_task: asyncio.Task | None = None
    grace: dict[int, asyncio.Task] = field(default_factory=dict)
    finished: bool = False
    lobby_summary: dict | None = None


def think(level: str, seed: int, view: dict[str, Any]) -> dict[str, str]:
    """A bot's decision as plain data (runs in a worker process for the heavy levels)."""
    return make_bot(level, seed).act(view).to_dict()


class Manager:
    def __init__(self, store: Store, config: Config | None = None) -> None:
        self.store = store
        self.config = config or Config()
        self.rooms: dict[str, Handle] = {}
        self.connections: set[Connection] = set()
        self.tasks: set[asyncio.Task] = set()
        self.pool: ProcessPoolExecutor | None = None
        self.solvers: ProcessPoolExecutor | None = None
        self._dailies: dict[str, asyncio.Future] = {}
        self.worst_lag = 0.0
        self.stopping = False
        self._secret: int | None = None

    # ---- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Start the bot workers, then rebuild every active room from its log; bots resume,
        humans get a grace period."""
        # Workers start now, not at the first expert move: starting them blocks the loop
        # for about 100 ms, which players would feel mid-game.
        self.pool = bot_pool(self.config.bot_workers)
        self.solvers = solver_pool(self.config.solver_workers)
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self.pool, os.getpid) for _ in range(self.config.bot_workers)),
            *(
                loop.run_in_executor(self.solvers, os.getpid)
                for _ in range(self.config.solver_workers)
            ),
        )
        for room_id in await self.store.active_rooms():
            try:
                room = await self._rebuild(room_id)
            except Exception:
                logger.exception("cannot rebuild room %s; it stays in the store", room_id)
                continue
            if room is None:
                continue
            handle = Handle(room)
            self.rooms[room_id] = handle
            for seat in room.humans:
                if not room.seats[seat].open:
                    self._start_grace(handle, seat)
            self._after_change(handle)
            log("room_rebuilt", room=room_id, entries=len(room.log), status=room.status)
        metrics.ROOMS.set(len(self.rooms))
        self._spawn(self._watch_lag())

    async def _rebuild(self, room_id: str) -> Room | None:
        meta = await self.store.room_meta(room_id)
        if meta is None:
            return None
        room = make_room(room_id, meta)
        for entry in await self.store.log(room_id):
            room.apply(entry)
        turn = meta.get("turn_seconds")
        if turn and room.clock_seat() is not None:
            room.deadline = now_ms() + 1000 * turn  # a fresh clock for whoever is to act
            room.refresh()
        return room

    async def close(self) -> None:
        self.stopping = True
        for task in list(self.tasks):
            task.cancel()
        for handle in self.rooms.values():
            for task in (handle.bot_task, handle.clock_task, *handle.grace.values()):
                if task is not None:
                    task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for pool in (self.pool, self.solvers):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        await self.store.close()

    def announce_shutdown(self) -> None:
        """Tell every client to reconnect (to this node after a restart, or another)."""
        for conn in list(self.connections):
            conn.send({"t": "reconnect", "after_ms": 1000})

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def _watch_lag(self, interval: float = 0.05) -> None:
        """Measure how late the loop wakes a sleeper: the event-loop lag."""
        loop = asyncio.get_running_loop()
        window_worst, window_start = 0.0, loop.time()
        while True:
            before = loop.time()
            await asyncio.sleep(interval)
            lag = max(0.0, loop.time() - before - interval)
            window_worst = max(window_worst, lag)
            if lag > self.worst_lag:
                self.worst_lag = lag
                metrics.LOOP_LAG_MAX.set(lag)
            if loop.time() - window_start >= 5.0:
                metrics.LOOP_LAG.set(window_worst)
                window_worst, window_start = 0.0, loop.time()

    # ---- connections ---------------------------------------------------------------------

    def connect(self, conn: Connection) -> None:
        self.connections.add(conn)
        metrics.CONNECTIONS.set(len(self.connections))

    def disconnect(self, conn: Connection) -> None:
        self.connections.discard(conn)
        metrics.CONNECTIONS.set(len(self.connections))
        for room_id in list(conn.rooms):
            self._detach(conn, room_id)

    def _get(self, room_id: Any) -> Handle:
        handle = self.rooms.get(room_id) if isinstance(room_id, str) else None
        if handle is None:
            raise RoomError("no_room", "There is no such room (check the code or link).")
        return handle

    def _attach(
        self,
        conn: Connection,
        handle: Handle,
        audience: str,
        seat: int | None,
        since: int | None = None,
        epoch: str | None = None,
    ) -> None:
        """Subscribe ``conn`` to an audience and bring it up to date.

        The change this makes (a spectator more, a seat connected) is broadcast to the others
        first; ``conn`` then gets the patches after ``since`` (if the room still has them and
        the epoch matches) or a snapshot, so it never sees a patch of another audience or a
        patch ahead of its catch-up.
        """
        room = handle.room
        if room.id in conn.rooms:
            self._detach(conn, room.id)
        changed = False
        if seat is None:
            room.spectators += 1
            changed = True
        elif not room.seats[seat].connected:
            room.seats[seat].connected = True
            task = handle.grace.pop(seat, None)
            if task is not None:
                task.cancel()
            changed = True
        if changed:
            self._broadcast(handle, room.refresh())
        conn.rooms[room.id] = (audience, seat)
        handle.subs[audience].add(conn)
        self._catch_up(conn, handle, audience, since, epoch)

    def _detach(self, conn: Connection, room_id: str) -> None:
        audience, seat = conn.rooms.pop(room_id)
        handle = self.rooms.get(room_id)
        if handle is None:
            return
        handle.subs[audience].discard(conn)
        room = handle.room
        if seat is None:
            room.spectators = max(0, room.spectators - 1)
            self._broadcast(handle, room.refresh())
        elif not handle.subs[audience]:
            room.seats[seat].connected = False
            self._broadcast(handle, room.refresh())
            self._start_grace(handle, seat)

    def _start_grace(self, handle: Handle, seat: int) -> None:
        if handle.room.status == "finished" or seat in handle.grace:
            return
        if len(handle.room.seats) == 1:
            return  # a solitaire waits for its player: nobody else is kept waiting
        handle.grace[seat] = self._spawn(self._grace(handle, seat))

    async def _grace(self, handle: Handle, seat: int) -> None:
        await asyncio.sleep(self.config.grace_seconds)
        async with handle.lock:
            if handle.grace.get(seat) is not asyncio.current_task():
                return  # the player came back (and perhaps left again: a newer timer runs)
            handle.grace.pop(seat)
            room = handle.room
            if room.status == "finished" or room.seats[seat].connected:
                return
            await self._commit(handle, room.forfeit_entry(seat, "left"))

    # ---- sending -------------------------------------------------------------------------

    def _snapshot(self, conn: Connection, handle: Handle, audience: str) -> None:
        room = handle.room
        conn.send(
            {
                "t": "snapshot",
                "room": room.id,
                "seq": room.seq,
                "epoch": room.epoch,
                "view": room.view(audience),
            }
        )

    def _catch_up(self, conn, handle, audience, since, epoch) -> None:
        room = handle.room
        missing = None
        if isinstance(since, int) and epoch == room.epoch:
            missing = room.since(audience, since)
        if missing is None:
            self._snapshot(conn, handle, audience)
            return
        for _, frame in missing:
            conn.send_packed(frame)

    def _broadcast(self, handle: Handle, diffs: dict[str, list]) -> None:
        room = handle.room
        for audience in diffs:
            conns = handle.subs[audience]
            if not conns:
                continue
            frame = room.frame(audience)
            metrics.MESSAGES_OUT.labels("patch").inc(len(conns))
            for conn in conns:
                conn.send_packed(frame)

    def _notice(self, handle: Handle, message: dict[str, Any]) -> None:
        for conns in handle.subs.values():
            for conn in conns:
                conn.send(message)

    # ---- requests ------------------------------------------------------------------------

    async def create(self, meta: dict[str, Any], conn: Connection | None = None) -> Handle:
        if conn is not None:
            if conn.created >= self.config.rooms_per_connection:
                raise RoomError("too_many_rooms", "One connection may create only so many rooms.")
            conn.created += 1
        if meta.get("game") in SOLITAIRES:
            meta = await self._solitaire_deal(meta)
        meta = check_meta(
            {**meta, "seed": meta.get("seed", secrets.randbits(64)), "created_at": time.time()}
        )
        room_id = new_room_code()
        while room_id in self.rooms:
            room_id = new_room_code()
        await self.store.create_room(room_id, meta)
        handle = Handle(make_room(room_id, meta))
        self.rooms[room_id] = handle
        metrics.ROOMS.set(len(self.rooms))
        log(
            "room_created",
            room=room_id,
            seats=[s["kind"] for s in meta["seats"]],
            public=meta["public"],
        )
        self._after_change(handle)
        return handle

    async def join(self, conn: Connection, room_id: Any, seat: Any, name: str) -> dict[str, Any]:
        handle = self._get(room_id)
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise RoomError("bad_seat", "Seats are 0 and 1.")
        async with handle.lock:
            token = new_token()
            entry = handle.room.join_entry(seat, name, token)
            await self._commit(handle, entry)
            seat = entry["seat"]
            self._attach(conn, handle, AUDIENCES[seat], seat)
        return {"room": handle.room.id, "seat": seat, "token": token}

    async def resume(self, conn, room_id, token, since, epoch) -> dict[str, Any]:
        handle = self._get(room_id)
        seat = handle.room.seat_of(token) if isinstance(token, str) else None
        if seat is None:
            raise RoomError("bad_token", "That seat token does not belong to a seat of this room.")
        self._attach(conn, handle, AUDIENCES[seat], seat, since, epoch)
        return {"room": handle.room.id, "seat": seat}

    async def watch(self, conn, room_id, since, epoch) -> dict[str, Any]:
        handle = self._get(room_id)
        self._attach(conn, handle, "spectators", None, since, epoch)
        return {"room": handle.room.id}

    async def leave(self, conn: Connection, room_id: Any) -> dict[str, Any]:
        if room_id not in conn.rooms:
            raise RoomError("not_joined", "You are not in that room.")
        self._detach(conn, room_id)
        return {"room": room_id}

    async def act(self, conn: Connection, room_id: Any, action: Any, cmd: Any) -> dict[str, Any]:
        started = time.perf_counter()
        handle = self._get(room_id)
        joined = conn.rooms.get(room_id)
        if joined is None:
            raise RoomError("not_joined", "Join or watch this room before acting in it.")
        _, seat = joined
        if seat is None:
            raise RoomError("spectator", "Spectators watch; only seated players act.")
        async with handle.lock:
            done = handle.room.duplicate(seat, cmd)
            if done is not None:
                return {"room": room_id, "seq": done, "duplicate": True}
            entry = handle.room.act_entry(seat, action, cmd)
            await self._commit(handle, entry)
            seq = handle.room.seq
        metrics.ACTION_LATENCY.observe(time.perf_counter() - started)
        return {"room": room_id, "seq": seq}

    async def daily(self, conn: Connection, name: str) -> dict[str, Any]:
        """Today's Gin Rummy against the normal bot: the same cards for everyone today."""
        deal = await self.daily_deal()
        handle = await self.create(
            {
                "seats": [{"kind": "human"}, {"kind": "bot", "level": "normal"}],
                "public": False,
                "seed": deal["seed"],
                "daily": deal["date"],
            },
            conn,
        )
        return await self.join(conn, handle.room.id, 0, name)

    async def daily_deal(self, day: dt.date | None = None) -> dict[str, Any]:
        """Today's deal, stored once (seed and first deal's card order) and never changed."""
        day = day or dt.datetime.now(dt.UTC).date()
        seed = derive_seed(await self._daily_secret(), day.toordinal())
        deal = {
            "date": day.isoformat(),
            "game": "gin_rummy",
            "seed": seed,
            "deck": shuffled(standard_deck(), derive_seed(seed, 1)),
        }
        return await self.store.put_daily(f"gin_rummy:{day.isoformat()}", deal)

    async def _solitaire_deal(self, meta: dict[str, Any]) -> dict[str, Any]:
        """Fill in today's deal number when a solitaire room asks for it, or a deal the
        solver has proved winnable when it asks for winnable deals only."""
        draw = meta.get("draw", 1)
        draw = draw if isinstance(draw, int) and not isinstance(draw, bool) else 1
        if meta.get("daily"):
            deal = await self.daily_solitaire(meta["game"], draw)
            return {**meta, "number": deal["number"], "code": None, "daily": deal["date"]}
        if meta.get("winnable") and meta.get("code") is None and meta.get("number") is None:
            seed = secrets.randbits(64)
            check_meta({**meta, "seed": seed})  # a room it would refuse is not worth a solve
            numbers = [1 + derive_seed(seed, k) % MAX_DEAL for k in range(WINNABLE_TRIES)]
            number, line = await self._solve(
                winnable_number, variant_for(meta["game"], draw), numbers, WINNABLE_SECONDS
            )
            if line is None:
                raise RoomError("busy", "No winnable deal was found in time; try again.")
            return {**meta, "number": number, "code": None, "daily": None}
        return {**meta, "daily": None}

    async def _solve(self, fn, *args):
        """Run solver work in the solver pool, off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.solvers, fn, *args)

    async def daily_solitaire(
        self, game: str, draw: int = 1, day: dt.date | None = None
    ) -> dict[str, Any]:
        """Today's deal of a solitaire: the first number of a sequence derived from the UTC
        date alone (the same on every node) that the solver proves winnable, stored with its
        winning line so it never changes. One solve per day and variant: concurrent asks
        wait for the same one."""
        day = day or dt.datetime.now(dt.UTC).date()
        variant = variant_for(game, draw)
        key = f"{game}-{variant.draw}:{day.isoformat()}"
        stored = await self.store.daily(key)
        if stored is not None:
            return stored
        pending = self._dailies.get(key)
        if pending is None:
            pending = asyncio.ensure_future(self._find_daily(key, variant, day))
            self._dailies[key] = pending
            pending.add_done_callback(lambda _: self._dailies.pop(key, None))
        return await asyncio.shield(pending)

    async def _find_daily(self, key: str, variant, day: dt.date) -> dict[str, Any]:
        seed = derive_seed(SOLITAIRE_DAILY_SEED, day.toordinal())
        seed = derive_seed(seed, SOLITAIRES.index(variant.game) * 4 + variant.draw)
        numbers = [1 + derive_seed(seed, k) % MAX_DEAL for k in range(DAILY_TRIES)]
        # A node budget, not a time budget: every node finds the same deal, however busy.
        number, line = await self._solve(
            winnable_number, variant, numbers, DAILY_SECONDS, DAILY_NODES
        )
        deal = {
            "date": day.isoformat(),
            "game": variant.game,
            "draw": variant.draw,
            "number": number,
            "line": line,  # None only if no candidate was proved winnable in time
        }
        return await self.store.put_daily(key, deal)

    async def hint(self, conn: Connection, room_id: Any) -> dict[str, Any]:
        """A hint for the player of a solitaire room, from what the player has seen."""
        game = self._solitaire_of(conn, room_id)
        found = await self._solve_for(conn, hint, replace(game, history=game.history[:1]))
        return {"room": room_id, **found}

    async def winnable(self, conn: Connection, room_id: Any) -> dict[str, Any]:
        """Can the player's solitaire still be won? The server's answer and its budget."""
        game = self._solitaire_of(conn, room_id)
        found = await self._solve_for(
            conn, still_winnable, replace(game, history=()), self.config.solve_seconds
        )
        return {"room": room_id, **found}

    async def _solve_for(self, conn: Connection, fn, *args):
        """One question at a time per client: the solver workers are shared by everyone."""
        if conn.solving:
            raise RoomError("busy", "Wait for the answer to your last question.")
        conn.solving = True
        try:
            return await self._solve(fn, *args)
        finally:
            conn.solving = False

    def _solitaire_of(self, conn: Connection, room_id: Any) -> Solitaire:
        handle = self._get(room_id)
        joined = conn.rooms.get(room_id)
        if joined is None or joined[1] is None:
            raise RoomError("not_joined", "Only the player of this game can ask that.")
        if not isinstance(handle.room, SolitaireRoom):
            raise RoomError("not_solitaire", "Hints are for the solitaires.")
        return handle.room.solitaire

    async def _daily_secret(self) -> int:
        """The secret behind every daily seed: from CARDROOM_DAILY_SECRET, or drawn once and
        kept in the store (shared by every node). A seed derived from a constant in the
        source would let anyone compute today's cards."""
        if self._secret is None:
            configured = os.environ.get("CARDROOM_DAILY_SECRET")
            if configured:
                value = int.from_bytes(hashlib.sha256(configured.encode()).digest()[:8], "big")
            else:
                drawn = {"value": secrets.randbits(64)}
                value = (await self.store.put_daily("secret", drawn))["value"]
            self._secret = value ^ DAILY_SEED
        return self._secret

    async def lobby(self) -> list[dict[str, Any]]:
        return await self.store.lobby()

    # ---- committing and what follows -------------------------------------------------------

    async def _commit(self, handle: Handle, entry: dict[str, Any]) -> None:
        """Store, apply, broadcast. The caller holds the room's lock."""
        room = handle.room
        await self.store.append(room.id, len(room.log), entry)
        diffs = room.apply(entry, now_ms())
        self._broadcast(handle, diffs)
        if entry["kind"] == "act":
            log(
                "action",
                room=room.id,
                seat=entry["seat"],
                type=entry["action"]["type"],
                auto=entry.get("auto", False),
            )
        elif entry["kind"] == "forfeit":
            log("forfeit", room=room.id, seat=entry["seat"], reason=entry["reason"])
            self._notice(
                handle,
                {
                    "t": "notice",
                    "room": room.id,
                    "kind": "forfeit",
                    "seat": entry["seat"],
                    "reason": entry["reason"],
                },
            )
        self._after_change(handle)

    def _after_change(self, handle: Handle) -> None:
        room = handle.room
        if room.status == "finished":
            if not handle.finished:
                handle.finished = True
                for task in (handle.clock_task, *handle.grace.values()):
                    if task is not None:
                        task.cancel()
                self._spawn(self._finish(handle))
            return
        seat = room.bot_to_act()
        if seat is not None and handle.bot_task is None:
            handle.bot_task = self._spawn(self._bot_turn(handle, seat, len(room.log)))
        if handle.clock_task is not None:
            handle.clock_task.cancel()
            handle.clock_task = None
        clock_seat = room.clock_seat()
        if clock_seat is not None and room.deadline is not None:
            handle.clock_task = self._spawn(self._clock(handle, clock_seat, len(room.log)))
        self._spawn(self._lobby_update(handle))

    async def _bot_turn(self, handle: Handle, seat: int, version: int) -> None:
        room = handle.room
        try:
            await asyncio.sleep(self.config.bot_delay)
            level = room.seats[seat].level
            view = room.match.view(seat)
            seed = derive_seed(room.meta["seed"] % 2**64, 1000 + seat)
            started = time.perf_counter()
            if level in POOLED_LEVELS:
                assert self.pool is not None
                loop = asyncio.get_running_loop()
                action = await loop.run_in_executor(self.pool, think, level, seed, view)
            else:
                action = think(level, seed, view)
            metrics.BOT_THINK.labels(level).observe(time.perf_counter() - started)
            async with handle.lock:
                handle.bot_task = None
                if len(room.log) != version or room.bot_to_act() != seat:
                    self._after_change(handle)
                    return
                await self._commit(handle, room.act_entry(seat, action, None))
        except asyncio.CancelledError:
            raise
        except Exception:
            # A bot must never freeze its room: log, wait a moment, and let it try again.
            logger.exception("bot in room %s failed; retrying", room.id)
            await asyncio.sleep(1.0)
            if handle.bot_task is asyncio.current_task():
                handle.bot_task = None
            self._after_change(handle)
        finally:
            if handle.bot_task is asyncio.current_task():
                handle.bot_task = None

    async def _clock(self, handle: Handle, seat: int, version: int) -> None:
        try:
            await self._clock_expires(handle, seat, version)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("turn clock of room %s failed", handle.room.id)

    async def _clock_expires(self, handle: Handle, seat: int, version: int) -> None:
        room = handle.room
        assert room.deadline is not None
        await asyncio.sleep(max(0.0, (room.deadline - now_ms()) / 1000))
        async with handle.lock:
            if len(room.log) != version or room.clock_seat() != seat:
                return
            handle.clock_task = None
            action = default_action(room.match, seat)
            await self._commit(handle, room.act_entry(seat, action, None, auto=True))
            self._notice(handle, {"t": "notice", "room": room.id, "kind": "timeout", "seat": seat})
            if room.status != "finished" and room.seats[seat].timeouts >= self.config.max_timeouts:
                await self._commit(handle, room.forfeit_entry(seat, "timeouts"))

    async def _finish(self, handle: Handle) -> None:
        room = handle.room
        await self.store.finish_room(room.id, room.replay(time.time()))
        log("room_finished", room=room.id, winner=room.winner, scores=room.scores())
        await self._lobby_update(handle)
        await asyncio.sleep(self.config.finished_linger)
        while any(handle.subs.values()):  # people still look at the final table
            await asyncio.sleep(self.config.finished_linger)
        self.rooms.pop(room.id, None)
        metrics.ROOMS.set(len(self.rooms))

    async def _lobby_update(self, handle: Handle) -> None:
        room = handle.room
        if not room.meta.get("public"):
            return
        summary = room.summary()
        if summary == handle.lobby_summary:
            return
        handle.lobby_summary = summary
        if room.status == "finished":
            await self.store.lobby_remove(room.id)
        else:
            await self.store.lobby_put(room.id, summary)
        rooms = await self.store.lobby()
        for conn in list(self.connections):
            if conn.lobby:
                conn.send({"t": "lobby", "rooms": rooms})
