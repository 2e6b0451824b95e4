"""Helpers for the tests of several nodes: players that survive faults, and the checks that
every trial ends with (the log, the views each audience got, the sockets)."""

from __future__ import annotations

import asyncio
import itertools
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as redis
from e2e_play import OPEN, my_turn
from redis.asyncio.cluster import ClusterNode, RedisCluster
from waiting import until
from websockets.exceptions import ConnectionClosed

from protocol.client import Client, ClientError
from protocol.diff import apply
from server.games.gin_rummy import Action, new_match
from server.games.gin_rummy.bots import make_bot
from server.rooms import make_room
from server.rooms.gin import open_hands
from server.store.keys import Keys

RETRY = {"unavailable", "busy"}


async def connect_to(url: str, node: str | None = None, tries: int = 12) -> Client:
    """A client through the balancer (on ``node``, if given: other connections are held open
    meanwhile so that least-connections picks another node, then closed)."""
    held: list[Client] = []
    try:
        for _ in range(tries):
            client = await connected(Client(url))
            if node is None or client.node == node:
                OPEN.append(client)
                return client
            held.append(client)
        raise AssertionError(f"the balancer never sent a client to {node}")
    finally:
        for client in held:
            await client.close()


async def connected(client: Client) -> Client:
    """``client``, connected: tried again for a few seconds while the balancer or a node
    refuses, resets or has just died (then the last error is raised)."""
    errors: list[Exception] = []

    async def connects() -> bool:
        try:
            await client.connect()
        except Exception as error:  # refused, reset, or a node that just died
            errors.append(error)
            return False
        return True

    try:
        await until(connects, 10, f"a connection to {client.url}", step=0.1)
    except AssertionError:
        raise errors[-1] from None
    return client


@dataclass
class Player:
    """A scripted person in one seat: plays with a bot's choices, and when the socket drops
    or the store blinks, reconnects through the balancer, resumes the seat and sends the
    pending action again with the same command id (applied at most once)."""

    url: str
    name: str
    level: str = "normal"
    seed: int = 1
    client: Client | None = None
    room: str | None = None
    clients: list[Client] = field(default_factory=list)  # every connection it used
    acked: list[str] = field(default_factory=list)  # command ids the server acknowledged
    reconnects: int = 0
    _ids: Any = field(default_factory=lambda: itertools.count(1))
    _prefix: str = field(default_factory=lambda: secrets.token_hex(3))

    async def start(self, node: str | None = None) -> Player:
        self.client = await connect_to(self.url, node)
        self.clients.append(self.client)
        return self

    async def sit(self, room: str, seat: int | None = None) -> None:
        assert self.client is not None
        self.room = room
        await self.client.join(room, seat, self.name)

    @property
    def state(self):
        assert self.client is not None and self.room is not None
        return self.client.rooms[self.room]

    async def reconnect(self) -> None:
        old = self.state

        async def resumed() -> Client | None:
            """A new socket through the balancer with the seat resumed, or None (the node
            it reached is going down, or the room is between drivers): try again."""
            try:
                client = await connect_to(self.url)
                client.rooms[self.room] = type(old)(
                    token=old.token, seat=old.seat, seq=old.seq, epoch=old.epoch, view=old.view
                )
                await client.resume(self.room)
                await client.wait(self.room, lambda s: s.view is not None)
            except (TimeoutError, ClientError, ConnectionError, OSError):
                return None
            return client

        client = await until(resumed, 120, f"{self.name} to come back", step=0.2)
        self.client = client
        self.clients.append(client)
        self.reconnects += 1

    async def _send(self, pending: tuple[str, dict]) -> dict | None:
        """Send the pending action with its command id: the reply, or None when the node
        answers that it cannot take it now (RETRY). A socket that closed meanwhile (its node
        went down between two tries) is a ConnectionError: ``play`` reconnects."""
        if self.client.closed.is_set():
            raise ConnectionError("the socket closed while the action waited")
        try:
            return await self.client.act(self.room, pending[1], id=pending[0])
        except ConnectionClosed as closed:
            # (``play`` reconnects once the client has seen it closed: its reader may see
            # the end of the stream a moment after the send did)
            await asyncio.wait_for(self.client.closed.wait(), 10)
            raise ConnectionError(f"the socket closed: {closed}") from closed
        except ClientError as refused:
            if refused.code in RETRY:
                return None
            raise

    async def play(self) -> None:
        """Play the room to its end."""
        bot = make_bot(self.level, self.seed)
        pending: tuple[str, dict] | None = None
        while True:
            try:
                state = await self.client.wait(self.room, my_turn, timeout=90)
                if state.view["room"]["status"] == "finished":
                    return
                seq = state.seq
                if pending is None:
                    action = bot.act(state.view["game"])
                    if action is None:
                        await self.client.wait(self.room, lambda s, q=seq: s.seq > q)
                        continue
                    pending = (f"{self._prefix}-{next(self._ids)}", action.to_dict())
                try:
                    # Sent again, with the same id, while the node answers it cannot take
                    # it yet (RETRY: its store away, the room between drivers).
                    reply = await until(
                        lambda p=pending: self._send(p), 90, f"{self.name}'s action", step=0.2
                    )
                except ClientError as refused:
                    if refused.code == "hand_in_play" and pending[1]["type"] == "next_hand":
                        pending = None  # the other player dealt first
                        continue
                    raise
                self.acked.append(pending[0])
                pending = None
                # A retry of an action already applied (its first answer lost, or refused as
                # unavailable after the store took it) is answered as a duplicate with the seq
                # it was applied at: its patch may have come before this turn's seq was read.
                done = reply["seq"] if reply.get("duplicate") else seq + 1
                await self.client.wait(self.room, lambda s, d=done: s.seq >= d)
            except (TimeoutError, ConnectionError):
                if self.client.closed.is_set():
                    await self.reconnect()
                else:
                    raise


class Trace:
    """A room's stored log, read straight from Redis."""

    def __init__(self, url: str, prefix: str) -> None:
        self.url, self.prefix = url, prefix

    def client(self):
        """A client of the cluster's Redis: one, or a Redis Cluster (``redis+cluster://``)."""
        if self.url.startswith("redis+cluster://"):
            nodes = [n.rsplit(":", 1) for n in self.url.removeprefix("redis+cluster://").split(",")]
            return RedisCluster(
                startup_nodes=[ClusterNode(h, int(p)) for h, p in nodes], decode_responses=True
            )
        return redis.from_url(self.url, decode_responses=True)

    async def read(self, room: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        client, keys = self.client(), Keys(self.prefix)
        try:
            meta = json.loads(await client.get(keys.room_meta(room)))
            entries = [json.loads(e) for e in await client.lrange(keys.room_log(room), 0, -1)]
        finally:
            await client.aclose()
        return meta, entries

    async def rooms(self, rooms: list[str]) -> dict[str, Any]:
        """Each room as its stored log leaves it (loaded: ``status``, ``closed``), or None
        for a room the store does not hold."""
        client, keys = self.client(), Keys(self.prefix)
        found: dict[str, Any] = {}
        try:
            for room in rooms:
                meta = await client.get(keys.room_meta(room))
                if meta is None:
                    found[room] = None
                    continue
                loaded = make_room("check", json.loads(meta))
                loaded.load(
                    [json.loads(e) for e in await client.lrange(keys.room_log(room), 0, -1)]
                )
                found[room] = loaded
        finally:
            await client.aclose()
        return found

    async def presence(self, rooms: list[str]) -> dict[str, dict[str, list[int]]]:
        """The presence the store holds for each of ``rooms`` that has any, by node life."""
        client, keys = self.client(), Keys(self.prefix)
        try:
            found = {r: await client.hgetall(keys.presence(r)) for r in rooms}
        finally:
            await client.aclose()
        return {r: {n: json.loads(c) for n, c in h.items()} for r, h in found.items() if h}

    async def fence(self, room: str) -> int:
        """The room's latest fencing token (one more at every lease granted), 0 if none."""
        client = self.client()
        try:
            return int(await client.get(Keys(self.prefix).fence(room)) or 0)
        finally:
            await client.aclose()

    async def driver(self, room: str) -> str | None:
        """The node holding the room's lease now."""
        client = self.client()
        try:
            lease = await client.get(Keys(self.prefix).lease(room))
        finally:
            await client.aclose()
        return lease.split(":")[0] if lease else None


def check_log(meta: dict[str, Any], entries: list[dict[str, Any]], players: list[Player]) -> None:
    """The log of a finished room: a legal game to its end, every acknowledged command in
    it exactly once, no command twice, and lease tokens that never go down (no stale
    driver ever appended)."""
    room = make_room("check", meta)
    room.load(entries)  # raises if an entry is not legal where it stands
    assert room.status == "finished", "the game did not reach its end"
    commands = [(e["seat"], e["cmd"]) for e in entries if e.get("cmd") is not None]
    assert len(commands) == len(set(commands)), "a command was applied twice"
    logged = {cmd for _, cmd in commands}
    for player in players:
        assert len(player.acked) == len(set(player.acked))
        missing = [c for c in player.acked if c not in logged]
        assert not missing, f"acknowledged but not in the log: {missing}"
    tokens = [e["lease"] for e in entries if "lease" in e]
    assert tokens == sorted(tokens), f"a stale driver appended: {tokens}"


def engine_positions(meta: dict[str, Any], entries: list[dict[str, Any]]) -> list:
    """The match after each number of actions (a view's ``ply``)."""
    match = new_match(meta["seed"], {"target": meta["target"]})
    states = [match]
    for entry in entries:
        if entry["kind"] == "act":
            match = match.apply(entry["seat"], Action.from_dict(entry["action"]))
            states.append(match)
    return states


def check_views(
    meta: dict[str, Any], entries: list[dict[str, Any]], clients: list[Client], room: str
) -> int:
    """Every view each client rebuilt (snapshot + patches) equals the engine's view of its
    audience at that position: nobody ever saw a card hidden from them. Returns how many
    views were compared."""
    states = engine_positions(meta, entries)
    compared = 0
    for client in clients:
        view = None
        for message in client.received:
            if message.get("room") != room or message["t"] not in ("snapshot", "patch"):
                continue
            if message["t"] == "snapshot":
                view = message["view"]
            elif view is not None:
                view = apply(view, message["ops"])
            else:
                continue
            match = states[view["game"]["turn"]["ply"]]
            expected = match.view(view["seat"])
            if view["seat"] is None and meta.get("open_hands"):
                expected = {**expected, "open": open_hands(match)}
            assert view["game"] == expected, f"seat {view['seat']} at {view['game']['turn']}"
            compared += 1
    return compared


# ---- what a trial leaves behind ------------------------------------------------------------
# Each check raises AssertionError naming what it found wrong (the control test in
# tests/cluster/test_cluster_checks.py feeds each a broken state); a trial retries one with
# ``waiting.until_passes`` while the cluster may still be getting there.


async def check_rooms_ended(trace: Trace, rooms: list[str]) -> int:
    """Every one of ``rooms`` is finished in the store (played out, forfeited or closed).
    Returns how many rooms were checked."""
    found = await trace.rooms(rooms)
    unended = {
        r: "not in the store" if room is None else f"{room.status} at entry {room.seq}"
        for r, room in found.items()
        if room is None or room.status != "finished"
    }
    assert not unended, f"{len(unended)} of {len(rooms)} rooms unended: {unended}"
    return len(rooms)


async def check_no_presence(trace: Trace, rooms: list[str]) -> None:
    """No presence entry left in the store for any of ``rooms`` (of any node's life, a
    former one's included), once every socket has closed."""
    left = await trace.presence(rooms)
    count = sum(len(h) for h in left.values())
    assert not left, f"{count} presence entries left in {len(left)} rooms: {left}"


def check_spectators(watchers: dict[str, list[Client]]) -> int:
    """For each room, ``watchers[room]`` being every socket that watched it: the spectator
    count in the view of each one still open is how many of them are still open (no ghost
    of a socket gone, no watcher missed). Returns how many views were compared."""
    wrong = []
    compared = 0
    for room, clients in watchers.items():
        there = [c for c in clients if not c.closed.is_set()]
        for c in there:
            shown = c.rooms[room].view["room"]["spectators"]
            compared += 1
            if shown != len(there):
                wrong.append(f"{room} at {c.node}: {shown} shown, {len(there)} watching")
    assert not wrong, f"spectators miscounted: {wrong}"
    return compared


@dataclass
class Seeker:
    """A player seeking a match (quick pairing) with ``settings``; ``refused``: the error
    its ``seek`` got, if any (its socket closed, the store away)."""

    name: str
    client: Client
    settings: dict[str, Any]
    refused: str | None = None

    @property
    def player(self) -> str:
        assert self.client.player is not None
        return self.client.player["id"]

    @property
    def gone(self) -> bool:
        return self.client.closed.is_set()

    def told(self) -> dict[str, dict[str, Any]]:
        """The pairings it was told of, by room: a ``paired`` message, or the answer to its
        ``seek`` (paired at once) or ``unseek`` (paired first)."""
        told: dict[str, dict[str, Any]] = {}
        for m in self.client.received:
            if m.get("t") == "paired" or (m.get("t") == "ok" and "opponent" in m):
                told.setdefault(m["room"], m)
            elif m.get("t") == "ok" and isinstance(m.get("paired"), dict):
                told.setdefault(m["paired"]["room"], m["paired"])
        return told

    async def seek(self) -> None:
        try:
            await self.client.request("seek", **self.settings)
        except ClientError as refused:
            self.refused = refused.code
        except (ConnectionError, ConnectionClosed, TimeoutError, OSError) as error:
            self.refused = type(error).__name__


def check_pairings(seekers: list[Seeker], closed: dict[str, str | None]) -> tuple[int, int]:
    """Every pairing told reached both players: each seeker told of a room, its opponent was
    told of the same room (the other seat), unless the opponent's socket is gone and the
    room ended ``no_show`` (``closed``: why each room told of was closed, if it was). Never
    two rooms for one seek. Returns how many pairings reached both players, and how many
    reached one whose opponent was gone (its room ended ``no_show``)."""
    by_player = {s.player: s for s in seekers}
    both: set[str] = set()
    excused: set[str] = set()
    wrong = []
    for s in seekers:
        told = s.told()
        if len(told) > 1:
            wrong.append(f"{s.name} was told of {len(told)} rooms: {sorted(told)}")
        for room, pairing in told.items():
            other = by_player.get(pairing["opponent"]["player"])
            theirs = other.told().get(room) if other is not None else None
            if theirs is not None and theirs["seat"] == 1 - pairing["seat"]:
                both.add(room)
            elif (
                theirs is None
                and other is not None
                and other.gone
                and closed.get(room) == "no_show"
            ):
                excused.add(room)  # its opponent's socket closed (its node died) first
            else:
                whom = other.name if other is not None else pairing["opponent"]["name"]
                wrong.append(
                    f"{s.name} was told of room {room} (seat {pairing['seat']}) with {whom}, "
                    f"who was told {theirs} (gone: {other.gone if other else None}, "
                    f"seek refused: {other.refused if other else None}); room closed "
                    f"{closed.get(room)}"
                )
    assert not wrong, f"one-sided pairings: {wrong}"
    return len(both), len(excused)
