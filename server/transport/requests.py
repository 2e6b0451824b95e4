"""The request layer of the WebSocket protocol: decodes frames, checks their shape and
hands each request to its handler, which calls the services (the socket itself is
:mod:`server.transport.wire`). Every refusal answers
with an ``error`` message (stable code and a sentence); the socket stays open except for
floods (1008) and oversized frames (1009, closed before the frame reaches here)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from protocol import PROTOCOL_VERSION
from protocol.codec import ProtocolError, unpack
from server import metrics
from server.config import origin_allowed
from server.games.gin_rummy import IllegalAction
from server.logs import log
from server.rooms import SOLITAIRES, RoomError
from server.services import Services
from server.services.connection import Connection
from server.services.limits import client_address
from server.services.names import BadName, clean_name
from server.transport.baseline import BaselineMember

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


async def _hello(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    s.players.forget_identity(conn)  # a hello says who this socket is now: a refused one, nobody
    version = _field(msg, "v", int)
    if version != PROTOCOL_VERSION:
        raise ProtocolError("version", f"This server speaks protocol {PROTOCOL_VERSION}.")
    reply: dict[str, Any] = {"v": PROTOCOL_VERSION, "node": s.node_id}
    if msg.get("secret") is not None:
        reply["player"] = await s.players.identify(conn, msg["secret"])
    conn.hello = True
    return reply


async def _ping(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    return {}


def _create_meta(msg: dict[str, Any]) -> dict[str, Any]:
    game = _field(msg, "game", str, required=False, default="gin_rummy")
    public = _field(msg, "public", bool, required=False, default=False)
    if game in SOLITAIRES:
        return {
            "game": game,
            "public": public,
            "draw": _field(msg, "draw", int, required=False, default=1),
            "number": _field(msg, "number", int, required=False),
            "code": _field(msg, "code", str, required=False),
            "daily": _field(msg, "daily", bool, required=False, default=False),
            "winnable": _field(msg, "winnable", bool, required=False, default=False),
        }
    return {
        "game": game,
        "seats": _field(msg, "seats", list),
        "public": public,
        "open_hands": _field(msg, "open_hands", bool, required=False, default=False),
        "turn_seconds": _field(msg, "turn_seconds", int, required=False),
        "target": _field(msg, "target", int, required=False, default=100),
        "rated": _field(msg, "rated", bool, required=False),
    }


async def _create(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    replica = await s.rooms.create(conn=conn, meta=_create_meta(msg))
    return {"room": replica.room.id, "game": replica.room.game}


async def _join(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    room = _field(msg, "room", str)
    seat = _field(msg, "seat", int, required=False)
    return await s.rooms.join(conn, room, seat, _seat_name(conn, msg))


async def _resume(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    return await s.rooms.resume(
        conn,
        _field(msg, "room", str),
        _field(msg, "token", str),
        _field(msg, "since", int, required=False),
        _field(msg, "epoch", str, required=False),
    )


async def _watch(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    return await s.rooms.watch(
        conn,
        _field(msg, "room", str),
        _field(msg, "since", int, required=False),
        _field(msg, "epoch", str, required=False),
    )


async def _leave(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    return await s.rooms.leave(conn, _field(msg, "room", str))


async def _act(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    cmd = _check_id(msg, required=True)
    return await s.rooms.act(conn, _field(msg, "room", str), _field(msg, "action", dict), cmd)


async def _lobby(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    return s.lobby.ask(
        conn,
        _field(msg, "limit", int, required=False, default=100),
        _field(msg, "after", str, required=False),
        _field(msg, "follow", bool, required=False, default=True),
    )


async def _daily(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    return await s.rooms.daily(conn, _seat_name(conn, msg))


async def _player_new(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    return await s.players.new_player(conn, _name(msg) or "Player")


async def _player_reset(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    return await s.players.reset_player(conn)


async def _player_update(s: Services, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
    settings = _field(msg, "settings", dict, required=False)
    return await s.players.update_player(conn, _name(msg, default=None), settings)


async def _solver(s: Services, conn: Connection, msg: dict[str, Any]) -> None:
    """``hint`` and ``winnable``: the solver takes a while, so the answer comes when it is
    ready, and the client's moves are served meanwhile."""
    ask = s.rooms.hint if msg["t"] == "hint" else s.rooms.winnable
    room = _field(msg, "room", str)
    echo = room if len(room) <= MAX_ID else None  # never echo a long string back
    s.spawn(_answer_later(conn, command_id(msg), echo, ask(conn, room)))
    return None


Handler = Callable[[Services, Connection, dict[str, Any]], Awaitable[dict[str, Any] | None]]
HANDLERS: dict[str, Handler] = {
    "hello": _hello,
    "ping": _ping,
    "create": _create,
    "join": _join,
    "resume": _resume,
    "watch": _watch,
    "leave": _leave,
    "act": _act,
    "lobby": _lobby,
    "daily": _daily,
    "player_new": _player_new,
    "player_reset": _player_reset,
    "player_update": _player_update,
    "hint": _solver,
    "winnable": _solver,
}
REQUESTS = frozenset(HANDLERS)


async def handle(
    services: Services, conn: Connection, msg: dict[str, Any]
) -> dict[str, Any] | None:
    """Answer one request; the reply's fields (an ``ok`` message) or None for no reply."""
    kind = msg.get("t")
    if not isinstance(kind, str) or kind not in HANDLERS:
        raise ProtocolError("unknown_type", "Unknown message type.")
    _check_id(msg)
    if kind != "hello" and not conn.hello:
        raise ProtocolError("hello_first", "Say hello with the protocol version first.")
    return await HANDLERS[kind](services, conn, msg)


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
    """What :mod:`server.transport.wire` asks when a socket opens and for each of its
    requests. ``baseline``: serve the bench's bare broadcast endpoint too."""

    def __init__(self, services: Services, baseline: bool = False) -> None:
        self.services = services
        self.config = services.config
        self.baseline = baseline

    def address(self, wire) -> str:
        return client_address(wire.address, wire.forwarded, self.config.trusted_proxies)

    def check(self, wire) -> tuple[int, str] | None:
        """Refuse the upgrade (status, body), or None to accept it: a page of another site
        (its Origin is not allowed: ``CARDROOM_ALLOWED_ORIGINS``, by default this host's own
        pages), then an address with too many sockets open."""
        if not origin_allowed(wire.origin, wire.host, self.config.allowed_origins):
            metrics.REFUSALS.labels("bad_origin").inc()
            return 403, "This page's origin may not open a socket here.\n"
        if not self.services.clients.addresses.open(self.address(wire)):
            metrics.REFUSALS.labels("too_many_connections").inc()
            return 429, "Too many connections from one address.\n"
        return None

    def open(self, wire) -> Connection | BaselineMember:
        if self.baseline and wire.path == "/bench/broadcast":
            return BaselineMember(wire)
        config = self.config
        clients = self.services.clients
        conn = Connection(
            wire,
            config.queue_bytes,
            self.address(wire),
            config.rate,
            config.burst,
            on_lost=clients.disconnect,
        )
        clients.connect(conn)
        return conn

    async def serve(self, conn, data: bytes | None) -> None:
        if isinstance(conn, BaselineMember):
            conn.relay(data)
        else:
            await serve(self.services, conn, data)


async def serve(services: Services, conn: Connection, raw: bytes | None) -> None:
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
        reply = await handle(services, conn, msg)
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
