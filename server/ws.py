"""The request layer of the WebSocket protocol: decodes frames, checks their shape and
hands requests to the node (the socket itself is :mod:`server.wire`). Every refusal answers
with an ``error`` message (stable code and a sentence); the socket stays open except for
floods (1008) and oversized frames (1009, closed before the frame reaches here)."""

from __future__ import annotations

import logging
import os
from typing import Any, ClassVar

from protocol import PROTOCOL_VERSION
from protocol.codec import ProtocolError, pack, unpack
from server import metrics
from server.config import origin_allowed
from server.games.gin_rummy import IllegalAction
from server.limits import client_address
from server.logs import log
from server.names import BadName, clean_name
from server.node import Node
from server.rooms import SOLITAIRES, RoomError
from server.rooms.connection import Connection

REQUESTS = frozenset(
    {
        "hello",
        "create",
        "join",
        "resume",
        "watch",
        "leave",
        "act",
        "lobby",
        "daily",
        "ping",
        "hint",
        "winnable",
        "player_new",
        "player_reset",
        "player_update",
    }
)
MAX_ID = 64
INT64 = 2**63


def _field(msg: dict[str, Any], key: str, kind, required: bool = True, default=None):
    value = msg.get(key, default)
    if value is None:
        if required:
            raise ProtocolError("bad_field", f"The '{key}' field is missing.")
        return default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError("bad_field", f"The '{key}' field has the wrong type.")
    return value


def _name(msg: dict[str, Any], default: str | None = "Player") -> str | None:
    raw = _field(msg, "name", str, required=False, default=default)
    if raw is None:
        return None
    try:
        return clean_name(raw)
    except BadName as bad:
        raise ProtocolError("bad_name", str(bad)) from None


def _seat_name(conn: Connection, msg: dict[str, Any]) -> str:
    """The name a seat takes: the one given, else the identified player's, else Player."""
    given = _name(msg, default=None)
    if given is not None:
        return given
    return conn.player["name"] if conn.player is not None else "Player"


def command_id(msg: dict[str, Any]) -> Any:
    """A request's id if it is a valid one (a string of up to 64 characters or a 64-bit
    integer), else None: an invalid id is never echoed back."""
    cmd = msg.get("id")
    if isinstance(cmd, str) and len(cmd) <= MAX_ID:
        return cmd
    if isinstance(cmd, int) and not isinstance(cmd, bool) and -INT64 <= cmd < INT64:
        return cmd
    return None


def _check_id(msg: dict[str, Any], required: bool = False) -> Any:
    if "id" in msg and msg["id"] is not None and command_id(msg) is None:
        raise ProtocolError("bad_field", "A command id is a string (up to 64) or an integer.")
    if required and msg.get("id") is None:
        raise ProtocolError(
            "bad_field", "An act needs a command id ('id'), so that a retry is applied once."
        )
    return command_id(msg)


async def handle(node: Node, conn: Connection, msg: dict[str, Any]) -> dict[str, Any] | None:
    """Answer one request; the reply's fields (an ``ok`` message) or None for no reply."""
    kind = msg.get("t")
    if not isinstance(kind, str) or kind not in REQUESTS:
        raise ProtocolError("unknown_type", "Unknown message type.")
    _check_id(msg)
    if kind == "hello":
        node.forget_identity(conn)  # a hello says who this socket is now: a refused one, nobody
        version = _field(msg, "v", int)
        if version != PROTOCOL_VERSION:
            raise ProtocolError("version", f"This server speaks protocol {PROTOCOL_VERSION}.")
        reply: dict[str, Any] = {"v": PROTOCOL_VERSION, "node": node.id}
        if msg.get("secret") is not None:
            reply["player"] = await node.identify(conn, msg["secret"])
        conn.hello = True
        return reply
    if not conn.hello:
        raise ProtocolError("hello_first", "Say hello with the protocol version first.")
    if kind == "ping":
        return {}
    if kind == "create":
        game = _field(msg, "game", str, required=False, default="gin_rummy")
        public = _field(msg, "public", bool, required=False, default=False)
        if game in SOLITAIRES:
            meta = {
                "game": game,
                "public": public,
                "draw": _field(msg, "draw", int, required=False, default=1),
                "number": _field(msg, "number", int, required=False),
                "code": _field(msg, "code", str, required=False),
                "daily": _field(msg, "daily", bool, required=False, default=False),
                "winnable": _field(msg, "winnable", bool, required=False, default=False),
            }
        else:
            meta = {
                "game": game,
                "seats": _field(msg, "seats", list),
                "public": public,
                "open_hands": _field(msg, "open_hands", bool, required=False, default=False),
                "turn_seconds": _field(msg, "turn_seconds", int, required=False),
                "target": _field(msg, "target", int, required=False, default=100),
                "rated": _field(msg, "rated", bool, required=False),
            }
        replica = await node.create(conn=conn, meta=meta)
        return {"room": replica.room.id, "game": replica.room.game}
    if kind == "join":
        room = _field(msg, "room", str)
        seat = _field(msg, "seat", int, required=False)
        return await node.join(conn, room, seat, _seat_name(conn, msg))
    if kind == "resume":
        return await node.resume(
            conn,
            _field(msg, "room", str),
            _field(msg, "token", str),
            _field(msg, "since", int, required=False),
            _field(msg, "epoch", str, required=False),
        )
    if kind == "watch":
        return await node.watch(
            conn,
            _field(msg, "room", str),
            _field(msg, "since", int, required=False),
            _field(msg, "epoch", str, required=False),
        )
    if kind == "leave":
        return await node.leave(conn, _field(msg, "room", str))
    if kind == "act":
        cmd = _check_id(msg, required=True)
        return await node.act(conn, _field(msg, "room", str), _field(msg, "action", dict), cmd)
    if kind == "lobby":
        return node.follow_lobby(
            conn,
            _field(msg, "limit", int, required=False, default=100),
            _field(msg, "after", str, required=False),
            _field(msg, "follow", bool, required=False, default=True),
        )
    if kind == "daily":
        return await node.daily(conn, _seat_name(conn, msg))
    if kind == "player_new":
        return await node.new_player(conn, _name(msg) or "Player")
    if kind == "player_reset":
        return await node.reset_player(conn)
    if kind == "player_update":
        settings = _field(msg, "settings", dict, required=False)
        return await node.update_player(conn, _name(msg, default=None), settings)
    if kind in ("hint", "winnable"):
        # The solver takes a while: the answer comes when it is ready, and the client's
        # moves are served meanwhile.
        ask = node.hint if kind == "hint" else node.winnable
        room = _field(msg, "room", str)
        echo = room if len(room) <= MAX_ID else None  # never echo a long string back
        node.spawn(_answer_later(conn, command_id(msg), echo, ask(conn, room)))
        return None
    raise AssertionError(kind)


def _refusal(cmd: Any, refusal, room: str | None) -> dict[str, Any]:
    metrics.REFUSALS.labels(refusal.code).inc()
    error = {"t": "error", "id": cmd, "code": refusal.code, "message": refusal.message}
    if room is not None:
        error["room"] = room
    return error


async def _answer_later(conn: Connection, cmd: Any, room: str | None, answer) -> None:
    try:
        conn.send({"t": "ok", "id": cmd, **(await answer)})
    except RoomError as refusal:
        conn.send(_refusal(cmd, refusal, room))
    except Exception:
        logging.getLogger("cardroom").exception("solver request failed")
        conn.send({"t": "error", "id": cmd, "code": "internal", "message": "Something broke."})


class Gateway:
    """What :mod:`server.wire` asks when a socket opens and for each of its requests."""

    def __init__(self, node: Node) -> None:
        self.node = node

    def address(self, wire) -> str:
        return client_address(wire.address, wire.forwarded, self.node.config.trusted_proxies)

    def check(self, wire) -> tuple[int, str] | None:
        """Refuse the upgrade (status, body), or None to accept it: a page of another site
        (its Origin is not allowed: ``CARDROOM_ALLOWED_ORIGINS``, by default this host's own
        pages), then an address with too many sockets open."""
        if not origin_allowed(wire.origin, wire.host, self.node.config.allowed_origins):
            metrics.REFUSALS.labels("bad_origin").inc()
            return 403, "This page's origin may not open a socket here.\n"
        if not self.node.addresses.open(self.address(wire)):
            metrics.REFUSALS.labels("too_many_connections").inc()
            return 429, "Too many connections from one address.\n"
        return None

    def open(self, wire) -> Connection | BaselineMember:
        if wire.path == "/bench/broadcast" and os.environ.get("CARDROOM_BENCH_BASELINE") == "1":
            return BaselineMember(wire)
        config = self.node.config
        conn = Connection(
            wire,
            config.queue_bytes,
            self.address(wire),
            config.rate,
            config.burst,
            on_lost=self.node.disconnect,
        )
        self.node.connect(conn)
        return conn

    async def serve(self, conn, data: bytes | None) -> None:
        if isinstance(conn, BaselineMember):
            conn.relay(data)
        else:
            await serve(self.node, conn, data)


async def serve(node: Node, conn: Connection, raw: bytes | None) -> None:
    """Answer one frame of a socket."""
    cmd = None
    room = None
    try:
        if raw is None:
            raise ProtocolError("bad_frame", "Frames are binary MessagePack maps, not text.")
        msg = unpack(raw)
        kind = msg.get("t")
        known = isinstance(kind, str) and kind in REQUESTS
        metrics.received(kind if known else "unknown").inc()
        cmd = command_id(msg)
        room = msg.get("room") if isinstance(msg.get("room"), str) else None
        if room is not None and len(room) > MAX_ID:
            room = None  # never echo a long string back
        reply = await handle(node, conn, msg)
        if reply is not None:
            conn.send({"t": "ok", "id": cmd, **reply})
    except (ProtocolError, RoomError, IllegalAction) as refusal:
        conn.send(_refusal(cmd, refusal, room))
    except Exception:
        log("request_failed", logging.ERROR, conn=conn.id)
        logging.getLogger("cardroom").exception("request failed")
        conn.send({"t": "error", "id": cmd, "code": "internal", "message": "Something broke."})
    finally:
        conn.release()  # an action's patch held for its reply (Replicas.commit)


class BaselineMember:
    """A socket of the bare broadcast endpoint (``/bench/broadcast``, only with
    ``CARDROOM_BENCH_BASELINE=1``): the load generator's baseline of what the same stack
    delivers when a server only relays. ``{"t": "join", "group": g}`` joins a group;
    ``{"t": "say", "group": g, ...}`` reaches every member of it, packed once.

    A join may bring ``frames`` (messages the game server sent: patches); a say then names
    one by ``n``, and the relay sends it to every member and an ``ok`` to the sender in the
    same write, as the game server answers an action: an action's I/O alone, with nothing
    checked, played, rendered or diffed."""

    GROUPS: ClassVar[dict[str, set[BaselineMember]]] = {}
    FRAMES: ClassVar[dict[str, list[bytes]]] = {}

    def __init__(self, wire) -> None:
        self.wire = wire
        self.closed = False

    def admit(self) -> bool:
        return True

    def relay(self, data: bytes | None) -> None:
        try:
            message = unpack(data or b"")
        except ProtocolError as refusal:
            self.wire.send(pack({"t": "error", "code": refusal.code, "message": refusal.message}))
            return
        group = str(message.get("group"))
        if message.get("t") == "join":
            self.GROUPS.setdefault(group, set()).add(self)
            if isinstance(message.get("frames"), list):
                self.FRAMES[group] = [pack(f) for f in message["frames"] if isinstance(f, dict)]
            self.wire.send(pack({"t": "ok"}))
        elif (frames := self.FRAMES.get(group)) and isinstance(message.get("n"), int):
            frame = frames[message["n"] % len(frames)]
            self.wire.hold()
            for member in self.GROUPS.get(group, ()):
                member.wire.send(frame)
            self.wire.send(pack({"t": "ok", "id": message.get("id")}))
            self.wire.release()
        else:
            frame = pack(message)
            for member in self.GROUPS.get(group, ()):
                member.wire.send(frame)

    def lost(self) -> None:
        self.closed = True
        for group, members in list(self.GROUPS.items()):
            members.discard(self)
            if not members:
                del self.GROUPS[group]
                self.FRAMES.pop(group, None)
