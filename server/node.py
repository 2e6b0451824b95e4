"""One server node: its sockets' requests, and the parts that keep its rooms going.

A node is a replica of the rooms its clients use (:mod:`server.rooms.replicas`), drives the
rooms whose lease it holds (:mod:`server.cluster.driver`), mirrors the lobby
(:mod:`server.lobby`), and hears from the other nodes through the store's events. Nothing a
node keeps in memory is needed by another: it can die at any moment, and what it accepted is
already in the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import secrets
import time
from typing import Any

from server import metrics
from server.cluster.driver import Driver
from server.config import Config
from server.dailies import Dailies
from server.games.gin_rummy.bots import make_bot
from server.games.solitaire.deals import DealCodeError, decode_daily
from server.limits import AddressBook
from server.lobby import MAX_PAGE, PAGE, Lobby
from server.logs import log, logger
from server.players import boards, identity
from server.rooms import AUDIENCES, SOLITAIRES, RoomError, check_meta, make_room
from server.rooms.connection import Connection
from server.rooms.replicas import Duplicate, Replica, Replicas, unavailable
from server.rooms.room import new_room_code, new_token
from server.rooms.solitaire import SolitaireRoom
from server.solving import Solving
from server.store import Conflict, Store, Unavailable
from server.store.base import NODE_TIMEOUT_MS, fingerprint
from server.workers import bot_pool, solver_pool

POOLED_LEVELS = frozenset({"hard", "expert"})
MEMBERSHIPS = 20
"""Rooms one socket may be in at once (each is a replica this node must hold)."""
HEARTBEAT_SECONDS = 1.0
FORGET_AFTER_MS = 60_000  # a node silent this long is forgotten, with its presence


def signed_out() -> RoomError:
    return RoomError(
        "signed_out",
        "This device was signed out: the player's secret was changed. Sign in again with "
        "the new device link.",
    )


def _malloc_trim():
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc: nothing to trim
        return None


_TRIM = _malloc_trim()


def trim_memory() -> None:
    """Return the allocator's free pages to the system (glibc's ``malloc_trim``)."""
    if _TRIM is not None:
        _TRIM(0)


def _dealt(deal: dict[str, Any]) -> dict[str, Any]:
    """A stored day's deal as room options: its deck order (or, stored before days had
    deals of their own, its number)."""
    if deal.get("order") is None:
        return {"number": deal["number"], "order": None, "code": None}
    return {"number": None, "order": deal["order"]}


def mine(record: dict[str, Any]) -> dict[str, Any]:
    """What a player's own connections are told of their record."""
    return {**identity.public(record), "settings": record.get("settings", {})}


def think(level: str, seed: int, view: dict[str, Any]) -> dict[str, str]:
    """A bot's decision as plain data (runs in a worker process for the heavy levels)."""
    return make_bot(level, seed).act(view).to_dict()


class Node:
    def __init__(self, store: Store, config: Config | None = None) -> None:
        self.store = store
        self.config = config or Config()
        self.id = self.config.node_id
        self.live: set[str] = {self.id}
        self._heard: dict[str, float] = {}  # node -> monotonic time it was last heard of
        self.replicas = Replicas(self)
        self.driver = Driver(self)
        self.lobby = Lobby(store)
        self.addresses = AddressBook(self.config.address_connections, self.config.address_rooms)
        self.connections: set[Connection] = set()
        self.sessions: dict[str, set[Connection]] = {}  # player id -> its signed-in sockets
        self.tasks: set[asyncio.Task] = set()
        self.pool = None
        self.solving: Solving | None = None
        self.dailies: Dailies | None = None
        self.worst_lag = 0.0
        self.stopping = False
        self.listening = False  # subscribed to the other nodes' events

    # ---- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Start the worker pools and the node's loops. Rooms are not rebuilt here: the
        driver's scan takes every room nobody drives (all of them, after a restart), and a
        room a client asks for is loaded on demand, so the port listens at once."""
        # Workers start now, not at the first expert move: starting them blocks the loop
        # for about 100 ms, which players would feel mid-game.
        self.pool = bot_pool(self.config.bot_workers)
        solvers = solver_pool(self.config.solver_workers)
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self.pool, os.getpid) for _ in range(self.config.bot_workers)),
            *(loop.run_in_executor(solvers, os.getpid) for _ in range(self.config.solver_workers)),
        )
        self.solving = Solving(solvers, self.config.solve_seconds)
        with contextlib.suppress(Unavailable):
            await self._heartbeat()  # known to the others before the first client comes
        self.dailies = Dailies(
            self.store, self.solving, self.config.clock, self.config.daily_secret
        )
        for loop_ in (
            self._listen(),
            self._heartbeats(),
            self._checks(),
            self.driver.scan(),
            self.driver.renew(),
            self._watch_lag(),
            self._trims(),
        ):
            self.spawn(loop_)

    async def close(self) -> None:
        self.stopping = True
        await self.driver.release_all()
        with contextlib.suppress(Unavailable):
            await self.store.leave_cluster(self.id)
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for pool in (self.pool, self.solving.pool if self.solving else None):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        await self.store.close()

    def announce_shutdown(self) -> None:
        """Tell every client to reconnect (to another node, or this one after a restart)."""
        for conn in list(self.connections):
            conn.send({"t": "reconnect", "after_ms": 1000})

    def spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("background task failed", exc_info=task.exception())

    async def ready(self) -> bool:
        return not self.stopping and self.listening and await self.store.ping()

    # ---- the loops -----------------------------------------------------------------------

    async def _listen(self) -> None:
        """Apply what the other nodes tell: entries, presence, lobby changes."""
        async for event in self.store.events():
            try:
                kind = event["k"]
                if kind == "entry":
                    self.replicas.on_entry(event)
                elif kind == "presence":
                    self.heard_from(event["node"])
                    self.replicas.on_presence(event)
                elif kind == "lobby":
                    self.lobby.on_event(event)
                elif kind == "signed_out":
                    self.end_sessions(event["player"], event["keep"])
                elif kind == "resync":
                    self.listening = True
                    self.lobby.resync()
                    self.spawn(self.replicas.resync())
            except Exception:
                logger.exception("event %s failed", event.get("k"))

    async def _heartbeats(self) -> None:
        """Say this node lives; follow which nodes do (their sockets' presence counts only
        while they live), and forget nodes long gone."""
        while True:
            with contextlib.suppress(Unavailable):
                await self._heartbeat()
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def _heartbeat(self) -> None:
        heard = await self.store.heartbeat(self.id)
        now = time.monotonic()
        for node, age in heard.items():
            self._heard[node] = max(self._heard.get(node, 0.0), now - age / 1000)
            if age > FORGET_AFTER_MS:
                await self.store.leave_cluster(node)
                self._heard.pop(node, None)
        self._recount()

    def heard_from(self, node: str) -> None:
        """``node`` just spoke (an event): it lives, even before its heartbeat reaches us."""
        if node not in self.live:
            self._heard[node] = time.monotonic()
            self._recount()

    def _recount(self) -> None:
        horizon = time.monotonic() - NODE_TIMEOUT_MS / 1000
        live = {n for n, t in self._heard.items() if t >= horizon} | {self.id}
        if live != self.live:
            gone, came = self.live - live, live - self.live
            self.live = live
            log("nodes", live=sorted(live), gone=sorted(gone), came=sorted(came))
            self.replicas.nodes_changed(gone, came)

    async def _checks(self) -> None:
        while True:
            await asyncio.sleep(self.config.check_seconds)
            with contextlib.suppress(Unavailable):
                await self.replicas.check()

    async def _trims(self) -> None:
        """Hand freed memory back now and then. The allocator keeps the pages of freed
        objects (a crowd of sockets gone, finished rooms) for reuse, so without this the
        resident size stays at its peak long after the load has gone. The call takes a
        millisecond or two on a few hundred MiB, off the loop's thread (it holds no GIL).
        A period of 0 turns it off."""
        while self.config.trim_seconds > 0:
            await asyncio.sleep(self.config.trim_seconds)
            await asyncio.to_thread(trim_memory)

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
                metrics.TASKS.set(len(asyncio.all_tasks()))
                window_worst, window_start = 0.0, loop.time()

    async def think(self, level: str, seed: int, view: dict[str, Any]) -> dict[str, str]:
        started = time.perf_counter()
        if level in POOLED_LEVELS:
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self.pool, think, level, seed, view)
        else:
            action = think(level, seed, view)
        metrics.BOT_THINK.labels(level).observe(time.perf_counter() - started)
        return action

    # ---- connections ---------------------------------------------------------------------

    def connect(self, conn: Connection) -> None:
        self.connections.add(conn)
        metrics.CONNECTIONS.set(len(self.connections))

    def disconnect(self, conn: Connection) -> None:
        if conn in self.connections:
            self.addresses.close(conn.address)
        self.connections.discard(conn)
        self._forget_session(conn)
        metrics.CONNECTIONS.set(len(self.connections))
        self.lobby.follow(conn, False)
        self.replicas.drop_socket(conn)

    def _room_for(self, conn: Connection, room_id: str | None = None) -> None:
        """Refuse before anything is written: a seat taken (or a room made) for a socket
        that then cannot be in the room would change a room for a refused request."""
        if room_id not in conn.rooms and len(conn.rooms) >= MEMBERSHIPS:
            raise RoomError("too_many_rooms", f"One connection may be in {MEMBERSHIPS} rooms.")

    async def _member(
        self, conn: Connection, replica: Replica, audience: str, seat: int | None, **since
    ) -> None:
        if replica.room.id not in conn.rooms and len(conn.rooms) >= MEMBERSHIPS:
            raise RoomError("too_many_rooms", f"One connection may be in {MEMBERSHIPS} rooms.")
        await self.replicas.attach(conn, replica, audience, seat, **since)

    # ---- requests ------------------------------------------------------------------------

    async def create(self, meta: dict[str, Any], conn: Connection | None = None) -> Replica:
        if conn is not None:
            if conn.created >= self.config.rooms_per_connection:
                raise RoomError("too_many_rooms", "One connection may create only so many rooms.")
            check_meta({**meta, "seed": 0})  # a refused room uses up nothing
            if not self.addresses.create(conn.address):
                raise RoomError(
                    "too_many_rooms", "Too many new rooms from your address; try again later."
                )
            conn.created += 1
        try:
            full = await self.store.active_count() >= self.config.max_rooms
        except Unavailable:
            raise unavailable() from None
        if full:
            raise RoomError("server_full", "The server holds all the games it can; try later.")
        if meta.get("game") in SOLITAIRES:
            meta = await self._solitaire_meta(meta, conn)
        if conn is not None and conn.player is not None and isinstance(meta.get("daily"), str):
            await self._practice_allowed(conn.player["id"], meta)
        meta = check_meta(
            {**meta, "seed": meta.get("seed", secrets.randbits(64)), "created_at": time.time()}
        )
        try:
            while True:
                room_id = new_room_code()
                try:
                    await self.store.create_room(room_id, meta)
                    break
                except Conflict:
                    continue
        except Unavailable:
            raise unavailable() from None
        replica = await self.replicas.hold(make_room(room_id, meta, watched=()))
        log("room_created", room=room_id, game=meta["game"], public=meta["public"])
        await self.driver.take(room_id)  # the creator's node drives the new room
        return replica

    async def _solitaire_meta(
        self, meta: dict[str, Any], conn: Connection | None = None
    ) -> dict[str, Any]:
        """Fill in today's deal, a past day's deal (its daily code), or a deal the solver has
        proved winnable."""
        assert self.dailies is not None and self.solving is not None
        draw = meta.get("draw", 1)
        draw = draw if isinstance(draw, int) and not isinstance(draw, bool) else 1
        if meta.get("daily"):
            deal = await self.dailies.solitaire(meta["game"], draw)
            return {**meta, **_dealt(deal), "code": None, "daily": deal["date"]}
        try:
            dated = decode_daily(meta.get("code"))
        except DealCodeError as bad:
            raise RoomError("bad_deal", str(bad)) from None
        if dated is not None:
            variant, day = dated
            if not self.dailies.is_over(day):  # the same answer, whatever is stored
                raise RoomError("daily_not_over", "A day's deal opens when the day is over (UTC).")
            deal = await self.dailies.past_solitaire(variant, day)
            if deal is None:
                raise RoomError("bad_deal", "This server keeps no deal of that day.")
            return {**meta, **_dealt(deal), "daily": None}
        if meta.get("winnable") and meta.get("code") is None and meta.get("number") is None:
            return await self.solving.winnable_meta(meta, conn)  # in its creator's turn
        return {**meta, "daily": None}

    async def join(self, conn: Connection, room_id: Any, seat: Any, name: str) -> dict[str, Any]:
        replica = await self.replicas.get(room_id)
        room = replica.room
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise RoomError("bad_seat", "Seats are 0 and 1.")
        self._room_for(conn, room.id)
        token = new_token()
        player = await self._current_player(conn)
        ranked = None
        if player is not None and isinstance(room.meta.get("daily"), str):
            room.join_entry(seat, name, token, player)  # refused here: nothing is claimed
            ranked = await self._claim(player, room.meta, room.id)
        async with replica.lock:
            entry = await self.replicas.commit(
                replica, lambda: room.join_entry(seat, name, token, player, bool(ranked))
            )
        seat = entry["seat"]
        await self._member(conn, replica, AUDIENCES[seat], seat)
        reply = {"room": room.id, "seat": seat, "token": token}
        if ranked is not None:
            reply["practice"] = not ranked
        return reply

    async def _claim(self, player: str, meta: dict[str, Any], room_id: str) -> bool:
        """Whether the player's seat in this daily room is their ranked attempt: the first
        daily room of the day at a board a player sits down at is (if the identity may
        rank yet: :func:`server.players.boards.eligible`), the later ones are practice, and
        refused while the ranked attempt is still being played."""
        board, day = boards.board_of_meta(meta), meta["daily"]
        try:
            claim = await self.store.attempt(board, day, player)
            if claim is None:
                record, stats = await asyncio.gather(
                    self.store.player(player), self.store.player_stats(player)
                )
                fresh = boards.claim(room_id, boards.eligible(record or {}, stats, day))
                claim = await self.store.claim_attempt(board, day, player, fresh)
        except Unavailable:
            raise unavailable() from None
        first, ranked = boards.claimed(claim)
        if first == room_id:
            return ranked
        await self._practice_allowed(player, meta, claim)
        return False

    async def _practice_allowed(
        self, player: str, meta: dict[str, Any], claim: str | None = None
    ) -> None:
        """Refuse a practice room of a daily deal while the player's ranked attempt at it is
        not finished (a line found in practice would be played in the held ranked room)."""
        board, day = boards.board_of_meta(meta), meta["daily"]
        try:
            claim = claim or await self.store.attempt(board, day, player)
            if claim is None:
                return
            first, ranked = boards.claimed(claim)
            if not ranked or not await self.store.is_active(first):
                return
            # Active in the store until its driver has finished it: its log says first.
            replica = await self.replicas.get(first)
            await self.replicas.catch_up(replica)
        except Unavailable:
            raise unavailable() from None
        except RoomError as missing:
            if missing.code == "no_room":
                return
            raise
        if replica.room.status != "finished":
            raise RoomError(
                "ranked_unfinished",
                "Your ranked attempt at today's deal is still open: finish it first (a game "
                "you leave ends on its own). Practice opens after it.",
            )

    async def resume(self, conn, room_id, token, since, epoch) -> dict[str, Any]:
        replica = await self.replicas.get(room_id)
        if not isinstance(token, str):
            raise RoomError("bad_token", "That seat token does not belong to a seat of this room.")
        seat = replica.room.seat_of(token)
        if seat is None:  # the seat may have been taken on another node a moment ago
            try:
                await self.replicas.catch_up(replica)
            except Unavailable:
                raise unavailable() from None
            seat = replica.room.seat_of(token)
        if seat is None:
            raise RoomError("bad_token", "That seat token does not belong to a seat of this room.")
        await self._member(conn, replica, AUDIENCES[seat], seat, since=since, epoch=epoch)
        return {"room": replica.room.id, "seat": seat}

    async def watch(self, conn, room_id, since, epoch) -> dict[str, Any]:
        replica = await self.replicas.get(room_id)
        await self._member(conn, replica, "spectators", None, since=since, epoch=epoch)
        return {"room": replica.room.id}

    async def leave(self, conn: Connection, room_id: Any) -> dict[str, Any]:
        if room_id not in conn.rooms:
            raise RoomError("not_joined", "You are not in that room.")
        self.replicas.detach(conn, room_id)
        return {"room": room_id}

    async def act(self, conn: Connection, room_id: Any, action: Any, cmd: Any) -> dict[str, Any]:
        started = time.perf_counter()
        joined = conn.rooms.get(room_id) if isinstance(room_id, str) else None
        if joined is None:
            raise RoomError("not_joined", "Join or watch this room before acting in it.")
        _, seat = joined
        if seat is None:
            raise RoomError("spectator", "Spectators watch; only seated players act.")
        replica = await self.replicas.get(room_id)
        room = replica.room

        def build() -> dict[str, Any]:
            done = room.duplicate(seat, cmd, action)
            if done is not None:
                raise Duplicate(done)
            return room.act_entry(seat, action, cmd)

        try:
            async with replica.lock:
                await self.replicas.commit(replica, build, hold=conn)
                seq = room.seq
        except Duplicate as done:
            return {"room": room_id, "seq": done.seq, "duplicate": True}
        metrics.ACTION_LATENCY.observe(time.perf_counter() - started)
        return {"room": room_id, "seq": seq}

    async def daily(self, conn: Connection, name: str) -> dict[str, Any]:
        """Today's Gin Rummy against the normal bot: the same cards for everyone today."""
        assert self.dailies is not None
        self._room_for(conn)
        deal = await self.dailies.gin()
        replica = await self.create(
            {
                "seats": [{"kind": "human"}, {"kind": "bot", "level": "normal"}],
                "public": False,
                "seed": deal["seed"],
                "daily": deal["date"],
            },
            conn,
        )
        return await self.join(conn, replica.room.id, 0, name)

    # ---- players ---------------------------------------------------------------------------

    def forget_identity(self, conn: Connection) -> None:
        """``conn`` identifies nobody from now on (a new hello, before its secret is
        checked: a refused hello leaves no earlier identity behind)."""
        self._forget_session(conn)
        conn.player = conn.session = None
        conn.signed_out = False

    def _sign_in(self, conn: Connection, record: dict[str, Any], session: str) -> None:
        self._forget_session(conn)
        conn.player, conn.session, conn.signed_out = record, session, False
        self.sessions.setdefault(record["id"], set()).add(conn)

    def _forget_session(self, conn: Connection) -> None:
        if conn.player is None:
            return
        mates = self.sessions.get(conn.player["id"])
        if mates is not None:
            mates.discard(conn)
            if not mates:
                del self.sessions[conn.player["id"]]

    def _sign_out(self, conn: Connection) -> None:
        """End ``conn``'s session (its player's secret changed): told, and refused every
        player request until it says hello with the current secret."""
        if conn.player is None:
            return
        player = conn.player["id"]
        self._forget_session(conn)
        conn.player = conn.session = None
        conn.signed_out = True
        conn.send({"t": "signed_out", "player": player, "reason": "reset"})

    def end_sessions(self, player: str, keep: str) -> None:
        """Sign out every socket of ``player`` on this node but those on the secret whose
        fingerprint is ``keep`` (a ``signed_out`` event: its secret was reset)."""
        for conn in list(self.sessions.get(player, ())):
            if conn.session is None or fingerprint(conn.session) != keep:
                self._sign_out(conn)

    async def _address_tag(self, conn: Connection) -> str:
        assert self.dailies is not None
        return identity.address_tag(await self.dailies.secret(), conn.address)

    async def identify(self, conn: Connection, secret: Any) -> dict[str, Any]:
        """The player whose secret ``conn`` sent in its hello (refused: malformed, unknown)."""
        try:
            digest = identity.secret_hash(secret)
        except identity.BadSecret as bad:
            raise RoomError("bad_secret", str(bad)) from None
        try:
            record = await self.store.player_by_secret(digest)
            if record is not None:  # seen now (and from where): another PLAYER_TTL
                seen = {"seen": time.time(), "addr": await self._address_tag(conn)}
                record = await self.store.update_player(record["id"], seen, digest)
        except Unavailable:
            raise unavailable() from None
        if record is None:
            raise RoomError(
                "unknown_player",
                "No player has that secret (it was reset, or expired); start as a new player.",
            )
        self._sign_in(conn, record, digest)
        return mine(record)

    async def _current_player(self, conn: Connection) -> str | None:
        """The id a seat taken by ``conn`` carries: its player's, if the session is still
        current in the store (a reset on another node ends it before its event arrives)."""
        if conn.player is None or conn.session is None:
            return None
        try:
            record = await self.store.player_by_secret(conn.session)
        except Unavailable:
            raise unavailable() from None
        if record is None or record["id"] != conn.player["id"]:
            self._sign_out(conn)
            return None
        return record["id"]

    async def new_player(self, conn: Connection, name: str) -> dict[str, Any]:
        """A new identity for ``conn``: the record, and the secret (shown to nobody else,
        stored only as its hash). Limited per client address across the deployment."""
        try:
            allowed = await self.store.allow(
                f"players:{conn.address}", self.config.address_players, 3600
            )
            if not allowed:
                raise RoomError(
                    "too_many_players", "Too many new players from your address; try later."
                )
            secret = identity.new_secret()
            digest = identity.secret_hash(secret)
            while True:
                record = identity.new_player(identity.new_player_id(), name)
                record["addr"] = await self._address_tag(conn)
                try:
                    await self.store.create_player(record, digest)
                    break
                except Conflict:
                    continue
        except Unavailable:
            raise unavailable() from None
        self._sign_in(conn, record, digest)
        log("player_created", player=record["id"])
        return {"player": mine(record), "secret": secret}

    def _identified(self, conn: Connection) -> dict[str, Any]:
        if conn.player is None:
            if conn.signed_out:
                raise signed_out()
            raise RoomError("no_player", "Say hello with a player secret first.")
        return conn.player

    async def reset_player(self, conn: Connection) -> dict[str, Any]:
        """A new secret for the player; the old one stops working everywhere at once. Every
        other session of the player ends before the new secret is answered: the store
        refuses their player requests from the moment it holds the new secret (each is
        checked against the current one), this node's sockets are signed out now, and
        the other nodes' as the store's ``signed_out`` event reaches them."""
        record = self._identified(conn)
        current = conn.session
        assert current is not None
        secret = identity.new_secret()
        digest = identity.secret_hash(secret)
        # On the new secret already: the store's event may come back before its answer.
        conn.session = digest
        try:
            done = await self.store.reset_secret(record["id"], digest, current)
        except Unavailable:
            conn.session = current
            raise unavailable() from None
        if not done:  # reset meanwhile from another session: this one has ended
            self._sign_out(conn)
            raise signed_out()
        self.end_sessions(record["id"], fingerprint(digest))
        return {"player": mine(record), "secret": secret}

    async def update_player(
        self, conn: Connection, name: str | None, settings: Any
    ) -> dict[str, Any]:
        record = self._identified(conn)
        changes: dict[str, Any] = {}
        if name is not None:
            changes["name"] = name
        if settings is not None:
            try:
                changes["settings"] = identity.check_settings(settings)
            except ValueError as bad:
                raise RoomError("bad_settings", str(bad)) from None
        try:
            updated = await self.store.update_player(record["id"], changes, conn.session)
        except Unavailable:
            raise unavailable() from None
        if updated is None:  # its secret was reset: this session has ended
            self._sign_out(conn)
            raise signed_out()
        conn.player = updated
        return {"player": mine(updated)}

    async def hint(self, conn: Connection, room_id: Any) -> dict[str, Any]:
        """A hint for the player of a solitaire room, from what the player has seen."""
        assert self.solving is not None
        room = self._solitaire_of(conn, room_id)
        return {"room": room_id, **await self.solving.hint(conn, room.solitaire)}

    async def winnable(self, conn: Connection, room_id: Any) -> dict[str, Any]:
        """Can the player's solitaire still be won? The server's answer and its budget."""
        assert self.solving is not None
        room = self._solitaire_of(conn, room_id)
        return {"room": room_id, **await self.solving.winnable(conn, room.solitaire)}

    def _solitaire_of(self, conn: Connection, room_id: Any) -> SolitaireRoom:
        joined = conn.rooms.get(room_id) if isinstance(room_id, str) else None
        replica = self.replicas.rooms.get(room_id) if joined else None
        if joined is None or joined[1] is None or replica is None:
            raise RoomError("not_joined", "Only the player of this game can ask that.")
        if not isinstance(replica.room, SolitaireRoom):
            raise RoomError("not_solitaire", "Hints are for the solitaires.")
        if replica.room.seats[0].ranked and replica.room.status != "finished":
            raise RoomError(
                "ranked_no_help",
                "No hints in your ranked attempt at today's deal: the board ranks what you "
                "find yourself. They work in practice games.",
            )
        return replica.room

    def follow_lobby(
        self, conn: Connection, limit: int = PAGE, after: str | None = None, follow: bool = True
    ) -> dict[str, Any]:
        if not 1 <= limit <= MAX_PAGE:
            raise RoomError("bad_field", f"A lobby page holds 1 to {MAX_PAGE} rooms.")
        self.lobby.follow(conn, follow)
        return self.lobby.page(limit, after)
