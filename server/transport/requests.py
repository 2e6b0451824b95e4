"""The request layer of the WebSocket protocol: decodes frames, checks their shape and
hands each request to its handler, which calls the services (the socket itself is
:mod:`server.transport.wire`). Every refusal answers
with an ``error`` message (stable code and a sentence); the socket stays open except for
floods (1008) and oversized frames (1009, closed before the frame reaches here)."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from protocol import PROTOCOL_VERSION, messages
from protocol.codec import INTERNAL, ProtocolError, Refusal, unpack
from server import metrics
from server.config import origin_allowed
from server.games.solitaire.deals import DealCodeError, decode_daily
from server.games.solitaire.deals import decode as decode_deal
from server.host.homes import asked_home
from server.host.replica import unavailable
from server.rooms import SOLITAIRES
from server.services import Services
from server.services.connection import Connection
from server.services.limits import client_address
from server.services.names import BadName, clean_name
from server.services.players import signed_out
from server.store import Unavailable

MAX_ID = 64
INT64 = 2**63
SOLITAIRE_ONLY = ("draw", "number", "code", "daily", "winnable")
GIN_ONLY = ("open_hands", "turn_seconds", "target", "rated")
REQUEST_ID_RULE = "A request id is 8 to 64 letters, digits, '-' or '_'."


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


def decode(msg: dict[str, Any], conn: Connection) -> messages.Request:
    """The typed request of a decoded frame (:mod:`protocol.messages`), or a refusal: an
    unknown type, a bad command id, no hello yet, then a field missing, of the wrong type or
    not part of the request."""
    kind = msg.get("t")
    if not isinstance(kind, str) or kind not in messages.REQUESTS:
        raise ProtocolError("unknown_type", "Unknown message type.")
    _check_id(msg, required=kind == "act")
    if kind != "hello" and not conn.hello:
        raise ProtocolError("hello_first", "Say hello with the protocol version first.")
    try:
        return msgspec.convert(msg, messages.REQUESTS[kind])
    except msgspec.ValidationError as bad:
        raise _bad_field(str(bad), kind) from None


_MISSING = re.compile(r"Object missing required field `(\w+)`")
_UNKNOWN = re.compile(r"Object contains unknown field `(\w+)`")
_AT = re.compile(r"at `\$\.(\w+)")


def _bad_field(error: str, kind: str) -> ProtocolError:
    """msgspec's account of a field, as the protocol's sentence."""
    if found := _MISSING.match(error):
        return ProtocolError("bad_field", f"The '{found[1]}' field is missing.")
    if found := _UNKNOWN.match(error):
        return ProtocolError("bad_field", f"A '{kind}' request has no '{found[1]}' field.")
    if (found := _AT.search(error)) and found[1] == "request":
        return ProtocolError("bad_request_id", REQUEST_ID_RULE)
    if found:
        return ProtocolError("bad_field", f"The '{found[1]}' field has the wrong type.")
    return ProtocolError("bad_field", "A field of the request has the wrong type.")


def _name(raw: str | None, default: str | None = "Player") -> str | None:
    if raw is None:
        return default
    try:
        return clean_name(raw)
    except BadName as bad:
        raise ProtocolError("bad_name", str(bad)) from None


def _seat_name(conn: Connection, given: str | None) -> str:
    """The name a seat takes: the one given, else the identified player's, else Player."""
    name = _name(given, default=None)
    if name is not None:
        return name
    return conn.player["name"] if conn.player is not None else "Player"


async def _hello(s: Services, conn: Connection, req: messages.Hello) -> dict[str, Any]:
    s.players.forget_identity(conn)  # a hello says who this socket is now: a refused one, nobody
    if req.v != PROTOCOL_VERSION:
        raise ProtocolError("version", f"This server speaks protocol {PROTOCOL_VERSION}.")
    reply: dict[str, Any] = {"v": PROTOCOL_VERSION, "node": s.node_id}
    if req.secret is not None:
        reply["player"] = await s.players.identify(conn, req.secret)
    conn.hello = True
    return reply


async def _ping(s: Services, conn: Connection, req: messages.Ping) -> dict[str, Any]:
    return {}


def _given(req: messages.Create, names: tuple[str, ...]) -> list[str]:
    return [n for n in names if getattr(req, n) is not None]


def _create_meta(req: messages.Create) -> dict[str, Any]:
    """A room's options from a ``create``; options of the other game, or that contradict
    each other, refused (the doc says "one of": nothing is chosen for the client)."""
    if req.game not in SOLITAIRES:
        if wrong := _given(req, SOLITAIRE_ONLY):
            raise ProtocolError("bad_field", f"'{wrong[0]}' is an option of the solitaires.")
        if any(isinstance(s, dict) and "for" in s for s in req.seats or ()):
            raise ProtocolError("bad_field", "A seat is kept for a player only by quick pairing.")
        if req.turn_seconds is not None and any(
            isinstance(s, dict) and s.get("kind") == "bot" for s in req.seats or ()
        ):
            raise ProtocolError("bad_field", "A turn clock runs only between two people.")
        return {
            "game": req.game,
            "seats": req.seats if req.seats is not None else _missing("seats"),
            "public": req.public,
            "open_hands": bool(req.open_hands),
            "turn_seconds": req.turn_seconds,
            "target": 100 if req.target is None else req.target,
            "rated": req.rated,
        }
    if wrong := _given(req, GIN_ONLY):
        raise ProtocolError("bad_field", f"'{wrong[0]}' is an option of Gin Rummy.")
    if req.seats:
        raise ProtocolError("bad_field", "A solitaire has one seat, its player's: send no seats.")
    deal = _given(req, ("code", "number")) + (["daily"] if req.daily else [])
    if len(deal) > 1:
        raise ProtocolError(
            "bad_field", "A deal is one of 'code', 'number' and 'daily': send one of them."
        )
    if req.winnable and deal:
        raise ProtocolError("bad_field", f"'winnable' asks for a new deal: not with '{deal[0]}'.")
    _same_draw(req)
    return {
        "game": req.game,
        "public": req.public,
        "draw": 1 if req.draw is None else req.draw,
        "number": req.number,
        "code": req.code,
        "daily": bool(req.daily),
        "winnable": bool(req.winnable),
    }


def _missing(field: str) -> Any:
    raise ProtocolError("bad_field", f"The '{field}' field is missing.")


def _same_draw(req: messages.Create) -> None:
    """A deal code names its draw: a ``draw`` that says otherwise is refused."""
    if req.code is None or req.draw is None:
        return
    try:
        dated = decode_daily(req.code)
        variant = dated[0] if dated is not None else decode_deal(req.code)[0]
    except DealCodeError:
        return  # the room's check names what is wrong with the code (bad_deal)
    if variant.draw != req.draw:
        raise ProtocolError(
            "bad_field", f"That code is a draw-{variant.draw} deal: leave 'draw' out."
        )


async def _create(s: Services, conn: Connection, req: messages.Create) -> dict[str, Any]:
    return await s.rooms.create_once(conn, req.request, _create_meta(req))


async def _join(s: Services, conn: Connection, req: messages.Join) -> dict[str, Any]:
    return await _seated(
        s, conn, await s.rooms.join(conn, req.room, req.seat, _seat_name(conn, req.name))
    )


async def _resume(s: Services, conn: Connection, req: messages.Resume) -> dict[str, Any]:
    return await _seated(
        s, conn, await s.rooms.resume(conn, req.room, req.token, req.since, req.epoch)
    )


async def _watch(s: Services, conn: Connection, req: messages.Watch) -> dict[str, Any]:
    return await s.rooms.watch(conn, req.room, req.since, req.epoch)


async def _leave(s: Services, conn: Connection, req: messages.Leave) -> dict[str, Any]:
    rooms = [req.room] if isinstance(req.room, str) else []
    for room, seat in s.rematches.seats_left(conn, rooms):
        s.spawn(s.rematches.left(room, seat))  # an open rematch offer ends
    return await _seated(s, conn, await s.rooms.leave(conn, req.room))


async def _act(s: Services, conn: Connection, req: messages.Act) -> dict[str, Any]:
    return await s.rooms.act(conn, req.room, req.action, req.id)


async def _say(s: Services, conn: Connection, req: messages.Say) -> dict[str, Any]:
    return await s.rooms.say(conn, req.room, req.phrase)


async def _lobby(s: Services, conn: Connection, req: messages.Lobby) -> dict[str, Any]:
    return s.lobby.ask(conn, req.limit, req.after, req.follow)


async def _daily(s: Services, conn: Connection, req: messages.Daily) -> dict[str, Any]:
    return await _seated(s, conn, await s.rooms.daily(conn, _seat_name(conn, req.name)))


async def _player_new(s: Services, conn: Connection, req: messages.PlayerNew) -> dict[str, Any]:
    return await s.players.new_player(conn, _name(req.name) or "Player")


async def _player_reset(s: Services, conn: Connection, req: messages.PlayerReset) -> dict[str, Any]:
    reply = await s.players.reset_player(conn)
    s.seeks.reset(reply["player"]["id"])  # the store ended them with the old secret
    return reply


async def _player_update(
    s: Services, conn: Connection, req: messages.PlayerUpdate
) -> dict[str, Any]:
    return await s.players.update_player(conn, _name(req.name, default=None), req.settings)


async def _solver(s: Services, conn: Connection, req: messages.Hint | messages.Winnable) -> None:
    """``hint`` and ``winnable``: the solver takes a while, so the answer comes when it is
    ready, and the client's moves are served meanwhile."""
    ask = s.rooms.hint if isinstance(req, messages.Hint) else s.rooms.winnable
    echo = req.room if len(req.room) <= MAX_ID else None  # never echo a long string back
    s.spawn(_answer_later(conn, req.id, echo, ask(conn, req.room), req))
    return None


async def _review(s: Services, conn: Connection, req: messages.Review) -> None:
    """``review``: made in a worker the first time (a second or more), so the answer comes
    when it is ready, and the client's moves are served meanwhile."""
    echo = req.room if len(req.room) <= MAX_ID else None
    # A player between two hands of a match in play: their own review of the hands so far.
    so_far = s.rooms.hands_so_far(conn, req.room, req.seat)
    if so_far is not None:
        answer = s.reviews.so_far(conn, so_far, req.seat)
    else:
        answer = s.reviews.asked(conn, req.room, req.seat)
    s.spawn(_answer_later(conn, req.id, echo, answer, req))
    return None


async def _seek(s: Services, conn: Connection, req: messages.Seek) -> dict[str, Any]:
    return await s.seeks.seek(conn, req.target, req.turn_seconds, req.rated)


async def _unseek(s: Services, conn: Connection, req: messages.Unseek) -> dict[str, Any]:
    return await s.seeks.unseek(conn)


async def _rematch(s: Services, conn: Connection, req: messages.Rematch) -> dict[str, Any]:
    return await s.rematches.answer(conn, req.room, req.answer)


FRIEND_CHANGES = ("request", "accept", "decline", "withdraw", "remove", "block", "unblock")


async def _friends(s: Services, conn: Connection, req: messages.Friends) -> dict[str, Any]:
    return await s.online.answer(s.players.identified(conn)["id"])


async def _friend(s: Services, conn: Connection, req: messages.Friend) -> dict[str, Any]:
    if req.do not in FRIEND_CHANGES:
        raise ProtocolError("bad_field", f"A friend change is one of: {', '.join(FRIEND_CHANGES)}.")
    me = s.players.identified(conn)
    if await s.players.current(conn) is None:
        raise signed_out()
    record = await getattr(s.friends, req.do)(me, req.player)
    return await s.online.answer(me["id"], record)


async def _challenge(s: Services, conn: Connection, req: messages.Challenge) -> dict[str, Any]:
    return await s.challenges.challenge(
        conn, req.player, req.target, req.turn_seconds, req.rated, req.public
    )


async def _challenge_answer(
    s: Services, conn: Connection, req: messages.ChallengeAnswer
) -> dict[str, Any]:
    return await s.challenges.answer(conn, req.challenge, req.do)


async def _challenges(s: Services, conn: Connection, req: messages.Challenges) -> dict[str, Any]:
    return await s.challenges.listing(conn)


async def _seated(s: Services, conn: Connection, reply: dict[str, Any]) -> dict[str, Any]:
    """A seat taken or left: what the player's friends see may change (a table)."""
    if conn.player is not None:
        s.online.touch(conn.player["id"])
    return reply


Handler = Callable[[Services, Connection, Any], Awaitable[dict[str, Any] | None]]
HANDLERS: dict[type[messages.Request], Handler] = {
    messages.Hello: _hello,
    messages.Ping: _ping,
    messages.Create: _create,
    messages.Join: _join,
    messages.Resume: _resume,
    messages.Watch: _watch,
    messages.Leave: _leave,
    messages.Act: _act,
    messages.Say: _say,
    messages.Lobby: _lobby,
    messages.Daily: _daily,
    messages.PlayerNew: _player_new,
    messages.PlayerReset: _player_reset,
    messages.PlayerUpdate: _player_update,
    messages.Hint: _solver,
    messages.Review: _review,
    messages.Winnable: _solver,
    messages.Seek: _seek,
    messages.Unseek: _unseek,
    messages.Rematch: _rematch,
    messages.Friends: _friends,
    messages.Friend: _friend,
    messages.Challenge: _challenge,
    messages.ChallengeAnswer: _challenge_answer,
    messages.Challenges: _challenges,
}
"""Each request's handler, by its declaration (a test checks that every one has one)."""


async def handle(
    services: Services, conn: Connection, msg: dict[str, Any]
) -> dict[str, Any] | None:
    """Answer one request; the reply's fields (an ``ok`` message) or None for no reply."""
    req = decode(msg, conn)
    return await HANDLERS[type(req)](services, conn, req)


def refusal_of(failure: Exception, what: str, room: str | None) -> Refusal:
    """What a client is told of a request that failed: its refusal, ``unavailable`` when the
    store did not answer, else ``internal`` (logged here, under ``what`` failed). Every
    ``error`` message a request gets comes through here and :meth:`Refusal.frame`."""
    if isinstance(failure, Unavailable):
        failure = unavailable()
    if not isinstance(failure, Refusal):
        logging.getLogger("cardroom").exception("%s request failed (room %s)", what, room)
        failure = INTERNAL
    metrics.REFUSALS.labels(failure.code).inc()
    return failure


async def _answer_later(
    conn: Connection, cmd: Any, room: str | None, answer, req: messages.Request
) -> None:
    """Send the answer of a request that works in the background (a hint, a verdict, a
    review) when it is ready; a failure is logged under the request's own name."""
    try:
        conn.send({"t": "ok", "id": cmd, **(await answer)})
    except Exception as failure:
        kind = type(req).__struct_config__.tag
        conn.send(refusal_of(failure, kind, room).frame(cmd, room))


class Gateway:
    """What :mod:`server.transport.wire` asks when a socket opens and for each of its
    requests: a socket may open on one of ``paths``."""

    paths: tuple[str, ...] = ("/ws",)

    def __init__(self, services: Services) -> None:
        self.services = services
        self.config = services.config
        self.rate, self.burst = self.config.rate, self.config.burst  # per socket
        self.deflate = self.config.deflate  # whether sockets are offered permessage-deflate

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

    def open(self, wire) -> Connection:
        config = self.config
        clients = self.services.clients
        conn = Connection(
            wire,
            config.queue_bytes,
            self.address(wire),
            on_lost=clients.disconnect,
            home=asked_home(wire.query),
        )
        clients.connect(conn)
        return conn

    async def serve(self, conn, data: bytes | None) -> None:
        await serve(self.services, conn, data)


async def serve(services: Services, conn: Connection, raw: bytes | None) -> None:
    """Answer one frame of a socket."""
    cmd = None
    room = None
    kind = "unknown"
    try:
        if raw is None:
            raise ProtocolError("bad_frame", "Frames are binary MessagePack maps, not text.")
        msg = unpack(raw)
        if isinstance(msg.get("t"), str) and msg["t"] in messages.REQUESTS:
            kind = msg["t"]
        metrics.received(kind).inc()
        cmd = command_id(msg)
        room = msg.get("room") if isinstance(msg.get("room"), str) else None
        if room is not None and len(room) > MAX_ID:
            room = None  # never echo a long string back
        reply = await handle(services, conn, msg)
        if reply is not None:
            conn.send({"t": "ok", "id": cmd, **reply})
    except Exception as failure:
        conn.send(refusal_of(failure, kind, room).frame(cmd, room))
