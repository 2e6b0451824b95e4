"""A Python client for the cardroom protocol (tests, load tools, scripts).

It keeps, for every room it joined or watches, the view rebuilt from the snapshot and the
patches the server streams, checks that sequence numbers follow each other, and can resume
after a reconnect from the last sequence it saw.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from dataclasses import dataclass, field
from typing import Any

import websockets

from protocol import PROTOCOL_VERSION
from protocol.codec import pack
from protocol.diff import apply

NOTICES = (
    "notice",
    "reconnect",
    "paired",
    "seek_ended",
    "rematch",
    "friend",
    "friends",
    "challenge",
)
"""The messages that come unasked and are kept in ``notices``."""


class ClientError(Exception):
    """The server refused a request; ``retry_after``: the seconds until it may succeed, for
    a refusal that time lifts."""

    def __init__(self, code: str, message: str, retry_after: int | None = None) -> None:
        self.code, self.message, self.retry_after = code, message, retry_after
        super().__init__(f"{code}: {message}")


class GapError(Exception):
    """A patch arrived whose sequence does not follow the last one seen."""


@dataclass
class RoomState:
    view: Any = None
    seq: int = -1
    epoch: str | None = None
    seat: int | None = None
    token: str | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class Client:
    def __init__(
        self,
        url: str,
        secret: str | None = None,
        headers: dict[str, str] | list[tuple[str, str]] | None = None,
    ) -> None:
        self.url = url
        self.headers = headers or {}
        self.secret = secret  # a player's secret, said in every hello
        self.player: dict[str, Any] | None = None
        self.ws: Any = None
        self.rooms: dict[str, RoomState] = {}
        self.received: list[dict[str, Any]] = []
        self.notices: list[dict[str, Any]] = []
        self.lobby_rooms: dict[str, dict[str, Any]] | None = None  # from lobby changes
        self.featured: str | None = None  # the featured game's room, as the lobby says
        # Command ids must be unique for a seat over the room's life, across reconnects.
        self._prefix = secrets.token_hex(4)
        self._ids = itertools.count(1)
        self._waiting: dict[Any, asyncio.Future] = {}
        self._reader: asyncio.Task | None = None
        self.closed = asyncio.Event()
        self.signed_out = asyncio.Event()  # the server ended this socket's player session
        self.noticed = asyncio.Event()  # set at each message that comes unasked to notices
        self.close_code: int | None = None
        self.node: str | None = None  # the server node this client talks to
        self.timeout = 30.0  # seconds a request waits for its answer
        self.connect_options: dict[str, Any] = {}  # for websockets.connect (local_addr...)

    async def connect(self) -> Client:
        self.closed.clear()
        self.ws = await websockets.connect(
            self.url, max_size=2**22, additional_headers=self.headers, **self.connect_options
        )  # per-message deflate
        self._reader = asyncio.create_task(self._read())
        hello: dict[str, Any] = {"v": PROTOCOL_VERSION}
        if self.secret is not None:
            hello["secret"] = self.secret
        reply = await self.request("hello", **hello)
        self.node = reply.get("node")
        self.player = reply.get("player")
        return self

    async def new_player(self, name: str = "Player") -> dict[str, Any]:
        """Become a new player: keeps the secret for the next hellos; the record."""
        reply = await self.request("player_new", name=name)
        self.secret, self.player = reply["secret"], reply["player"]
        return reply["player"]

    async def reset_player(self) -> str:
        """A new secret for this player (the old one stops working); returns it."""
        reply = await self.request("player_reset")
        self.secret = reply["secret"]
        return reply["secret"]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def drop(self) -> None:
        """Lose the connection abruptly (no close handshake), as a network failure would."""
        if self.ws is not None:
            self.ws.transport.abort()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def send_raw(self, frame: bytes | str) -> None:
        await self.ws.send(frame)

    async def request(self, kind: str, *, id: Any = None, **fields: Any) -> dict[str, Any]:
        """Send a request and wait for its ``ok`` (raising ClientError on ``error``)."""
        cmd = id if id is not None else f"{self._prefix}-{next(self._ids)}"
        future = asyncio.get_running_loop().create_future()
        self._waiting[cmd] = future
        await self.ws.send(pack({"t": kind, "id": cmd, **fields}))
        try:
            return await asyncio.wait_for(future, self.timeout)
        finally:
            self._waiting.pop(cmd, None)

    @property
    def lobby(self) -> list[dict[str, Any]] | None:
        """The public rooms this client has heard of, newest first (None before any)."""
        if self.lobby_rooms is None:
            return None
        rooms = self.lobby_rooms.values()
        return sorted(rooms, key=lambda r: (-(r.get("created_at") or 0), r["id"]))

    async def follow_lobby(self, limit: int = 100) -> dict[str, Any]:
        """The first page of the lobby; its changes then keep ``lobby`` current."""
        reply = await self.request("lobby", limit=limit)
        rooms = {r["id"]: r for r in reply["rooms"]}
        self.lobby_rooms = {**rooms, **(self.lobby_rooms or {})}
        if self.featured is None and reply.get("featured"):
            self.featured = reply["featured"]["id"]
        return reply

    async def notice(self, kinds: tuple[str, ...], start: int = 0, timeout: float = 30.0):
        """The first message of one of ``kinds`` in ``notices`` from index ``start``, waited
        for up to ``timeout`` seconds."""

        async def found() -> dict[str, Any]:
            while True:
                self.noticed.clear()
                hit = next((n for n in self.notices[start:] if n["t"] in kinds), None)
                if hit is not None:
                    return hit
                await self.noticed.wait()

        return await asyncio.wait_for(found(), timeout)

    async def seek(self, timeout: float = 30.0, **settings: Any) -> dict[str, Any]:
        """Quick pairing: the pairing (``room``, ``seat``, ``opponent``...) once paired, at
        once or after waiting; a ClientError if the seek ends unpaired."""
        start = len(self.notices)
        reply = await self.request("seek", **settings)
        if not reply["seeking"]:
            return reply
        told = await self.notice(("paired", "seek_ended"), start, timeout)
        if told["t"] == "seek_ended":
            raise ClientError("seek_ended", told["reason"])
        return told

    async def create(self, seats: list[dict[str, Any]], **options: Any) -> str:
        return (await self.request("create", seats=seats, **options))["room"]

    async def join(self, room: str, seat: int | None = None, name: str = "Player") -> RoomState:
        state = self.rooms.setdefault(room, RoomState())
        reply = await self.request("join", room=room, seat=seat, name=name)
        state.seat, state.token = reply["seat"], reply["token"]
        await self.wait(room, lambda s: s.view is not None)
        return state

    async def daily(self, name: str = "Player") -> str:
        """Start today's game; returns its room (seated, with the snapshot in)."""
        reply = await self.request("daily", name=name)
        state = self.rooms.setdefault(reply["room"], RoomState())
        state.seat, state.token = reply["seat"], reply["token"]
        await self.wait(reply["room"], lambda s: s.view is not None)
        return reply["room"]

    async def watch(self, room: str) -> RoomState:
        state = self.rooms.setdefault(room, RoomState())
        if state.seat is not None:  # a seat's view cannot be patched into a spectator's
            self.rooms[room] = state = RoomState()
        await self.request(
            "watch", room=room, since=state.seq if state.seq >= 0 else None, epoch=state.epoch
        )
        await self.wait(room, lambda s: s.view is not None)
        return state

    async def resume(self, room: str) -> dict[str, Any]:
        state = self.rooms[room]
        return await self.request(
            "resume", room=room, token=state.token, since=state.seq, epoch=state.epoch
        )

    async def act(self, room: str, action: dict[str, Any], id: Any = None) -> dict[str, Any]:
        return await self.request("act", room=room, action=action, id=id)

    async def wait(self, room: str, predicate, timeout: float = 30.0) -> RoomState:
        """Wait until ``predicate(state)`` holds for ``room`` (ConnectionError if the
        connection closes first)."""
        state = self.rooms.setdefault(room, RoomState())

        async def until() -> None:
            while not predicate(state):
                if self.closed.is_set():
                    raise ConnectionError("connection closed")
                state.changed.clear()
                await state.changed.wait()

        await asyncio.wait_for(until(), timeout)
        return state

    async def _read(self) -> None:
        import msgpack

        try:
            async for frame in self.ws:
                message = msgpack.unpackb(frame, raw=False)
                self.received.append(message)
                self._dispatch(message)
        except websockets.ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("connection closed"))
            self.closed.set()
            for state in self.rooms.values():
                state.changed.set()

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind in ("ok", "error"):
            future = self._waiting.get(message.get("id"))
            if future is not None and not future.done():
                if kind == "ok":
                    future.set_result(message)
                else:
                    future.set_exception(
                        ClientError(message["code"], message["message"], message.get("retry_after"))
                    )
            return
        if kind == "snapshot":
            state = self.rooms.setdefault(message["room"], RoomState())
            state.view, state.seq, state.epoch = message["view"], message["seq"], message["epoch"]
            state.changed.set()
        elif kind == "patch":
            state = self.rooms.setdefault(message["room"], RoomState())
            if state.view is None:
                return
            if message["seq"] <= state.seq:
                return  # already seen (a resume on the same socket may repeat a patch)
            if message["seq"] != state.seq + 1:
                raise GapError(f"patch {message['seq']} after {state.seq}")
            state.view = apply(state.view, message["ops"])
            state.seq = message["seq"]
            state.changed.set()
        elif kind == "lobby":
            if "featured" in message:
                self.featured = message["featured"]
            rooms = self.lobby_rooms if self.lobby_rooms is not None else {}
            for change in message["changes"]:
                if change["room"] is None:
                    rooms.pop(change["id"], None)
                else:
                    rooms[change["id"]] = change["room"]
            self.lobby_rooms = rooms
        elif kind in NOTICES:
            self.notices.append(message)
            self.noticed.set()
        elif kind == "signed_out":  # the player's secret was reset elsewhere
            self.notices.append(message)
            self.player = None
            self.signed_out.set()
