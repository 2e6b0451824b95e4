"""The WebSocket endpoint: a thin shell that decodes frames, checks their shape, rate-limits
each connection and hands requests to the room manager. Every refusal answers with an
``error`` message (stable code and a sentence); the socket stays open except for floods
(1008) and oversized frames (1009, closed by the server before the frame reaches here)."""

from __future__ import annotations

import logging
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from protocol import PROTOCOL_VERSION
from protocol.codec import ProtocolError, unpack
from server import metrics
from server.games.gin_rummy import IllegalAction
from server.logs import log
from server.rooms.manager import Connection, Manager
from server.rooms.room import SOLITAIRES, RoomError

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
    }
)


class TokenBucket:
    """``rate`` messages per second with bursts up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _field(msg: dict[str, Any], key: str, kind, required: bool = True, default=None):
    value = msg.get(key, default)
    if value is None:
        if required:
            raise ProtocolError("bad_field", f"The '{key}' field is missing.")
        return default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError("bad_field", f"The '{key}' field has the wrong type.")
    return value


def _name(msg: dict[str, Any]) -> str:
    name = _field(msg, "name", str, required=False, default="Player").strip()
    if not 1 <= len(name) <= 32:
        raise ProtocolError("bad_field", "A name has 1 to 32 characters.")
    return name


def _command_id(msg: dict[str, Any]) -> Any:
    cmd = msg.get("id")
    if cmd is not None and not (
        (isinstance(cmd, str) and len(cmd) <= 64)
        or (isinstance(cmd, int) and not isinstance(cmd, bool))
    ):
        raise ProtocolError("bad_field", "A command id is a string (up to 64) or an integer.")
    return cmd


async def handle(manager: Manager, conn: Connection, msg: dict[str, Any]) -> dict[str, Any] | None:
    """Answer one request; the reply's fields (an ``ok`` message) or None for no reply."""
    kind = msg.get("t")
    if not isinstance(kind, str) or kind not in REQUESTS:
        raise ProtocolError("unknown_type", "Unknown message type.")
    if kind == "hello":
        version = _field(msg, "v", int)
        if version != PROTOCOL_VERSION:
            raise ProtocolError("version", f"This server speaks protocol {PROTOCOL_VERSION}.")
        conn.hello = True
        return {"v": PROTOCOL_VERSION}
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
            }
        handle_ = await manager.create(conn=conn, meta=meta)
        return {"room": handle_.room.id, "game": handle_.room.game}
    if kind == "join":
        room = _field(msg, "room", str)
        seat = _field(msg, "seat", int, required=False)
        return await manager.join(conn, room, seat, _name(msg))
    if kind == "resume":
        return await manager.resume(
            conn,
            _field(msg, "room", str),
            _field(msg, "token", str),
            _field(msg, "since", int, required=False),
            _field(msg, "epoch", str, required=False),
        )
    if kind == "watch":
        return await manager.watch(
            conn,
            _field(msg, "room", str),
            _field(msg, "since", int, required=False),
            _field(msg, "epoch", str, required=False),
        )
    if kind == "leave":
        return await manager.leave(conn, _field(msg, "room", str))
    if kind == "act":
        return await manager.act(
            conn, _field(msg, "room", str), _field(msg, "action", dict), _command_id(msg)
        )
    if kind == "lobby":
        conn.lobby = True
        return {"rooms": await manager.lobby()}
    if kind == "daily":
        return await manager.daily(conn, _name(msg))
    if kind in ("hint", "winnable"):
        # The solver takes a while: the answer comes when it is ready, and the client's
        # moves are served meanwhile.
        ask = manager.hint if kind == "hint" else manager.winnable
        room = _field(msg, "room", str)
        cmd = msg.get("id") if isinstance(msg.get("id"), str | int) else None
        manager._spawn(_answer_later(conn, cmd, room, ask(conn, room)))
        return None
    raise AssertionError(kind)


async def _answer_later(conn: Connection, cmd: Any, room: str, answer) -> None:
    try:
        conn.send({"t": "ok", "id": cmd, **(await answer)})
    except RoomError as refusal:
        metrics.REFUSALS.labels(refusal.code).inc()
        conn.send(
            {
                "t": "error",
                "id": cmd,
                "room": room,
                "code": refusal.code,
                "message": refusal.message,
            }
        )
    except Exception:
        logging.getLogger("cardroom").exception("solver request failed")
        conn.send({"t": "error", "id": cmd, "code": "internal", "message": "Something broke."})


async def endpoint(websocket: WebSocket) -> None:
    manager: Manager = websocket.app.state.manager
    await websocket.accept()

    async def send(frame: bytes) -> None:
        await websocket.send_bytes(frame)

    async def close(code: int, reason: str) -> None:
        await websocket.close(code, reason)

    conn = Connection(send, close, manager.config.queue_limit)
    manager.connect(conn)
    bucket = TokenBucket(manager.config.rate, manager.config.burst)
    writer = manager._spawn(conn.writer())
    try:
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not bucket.take():
                metrics.REFUSALS.labels("flood").inc()
                conn.send({"t": "error", "code": "flood", "message": "Too many messages."})
                conn.kill(1008, "flood")
                break
            await _serve(manager, conn, message)
    except WebSocketDisconnect:
        pass
    finally:
        manager.disconnect(conn)
        if not conn.closed:
            conn.kill(1000, "bye")
        try:
            await writer
        except Exception:  # the socket may already be gone; nothing more to send
            logging.getLogger("cardroom").debug("writer ended", exc_info=True)


async def _serve(manager: Manager, conn: Connection, message: dict[str, Any]) -> None:
    cmd = None
    room = None
    try:
        raw = message.get("bytes")
        if raw is None:
            raise ProtocolError("bad_frame", "Frames are binary MessagePack maps, not text.")
        msg = unpack(raw)
        kind = msg.get("t")
        known = isinstance(kind, str) and kind in REQUESTS
        metrics.MESSAGES_IN.labels(kind if known else "unknown").inc()
        cmd = msg.get("id") if isinstance(msg.get("id"), str | int) else None
        room = msg.get("room") if isinstance(msg.get("room"), str) else None
        reply = await handle(manager, conn, msg)
        if reply is not None:
            conn.send({"t": "ok", "id": cmd, **reply})
    except (ProtocolError, RoomError, IllegalAction) as refusal:
        metrics.REFUSALS.labels(refusal.code).inc()
        error = {"t": "error", "id": cmd, "code": refusal.code, "message": refusal.message}
        if room is not None:
            error["room"] = room
        conn.send(error)
    except Exception:
        log("request_failed", logging.ERROR, conn=conn.id)
        logging.getLogger("cardroom").exception("request failed")
        conn.send({"t": "error", "id": cmd, "code": "internal", "message": "Something broke."})
