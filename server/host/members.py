"""A client's socket as the room host sees it: a member of rooms that takes messages and
never makes a broadcast wait.

The host never imports the transport: a member writes to anything with a socket's three
methods (:class:`Socket`; the transport's :class:`server.transport.wire.Wire` is one), so the
host is tested over a socket that records, and a socket layer can change without touching
it. The services' :class:`server.services.connection.Connection` is a member that also keeps
what a session needs (its player, its lobby, its rate of rooms)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection
from typing import Any, Protocol

from protocol.codec import pack
from protocol.frames import CROWD, Shared
from server import metrics

QUEUE_BYTES = 1 << 20
"""Bytes a socket may have waiting to be sent before it is cut off as too slow."""


class Socket(Protocol):
    """What a member needs of its socket."""

    def send(self, frame: bytes) -> int:
        """Write a message; the bytes now waiting to be sent."""
        ...

    def send_shared(self, shared: Shared) -> int:
        """:meth:`send` of a message framed once for many sockets."""
        ...

    def close(self, code: int, reason: str = "") -> None: ...


class Member:
    """Sends go straight to the socket's transport, so a broadcast never waits on a slow
    client; a client that lets more than ``queue_bytes`` pile up (it does not read) is
    closed with 1013 and gets nothing more."""

    __slots__ = (
        "__weakref__",
        "close_code",
        "closed",
        "home",
        "id",
        "on_lost",
        "queue_bytes",
        "rooms",
        "socket",
    )

    def __init__(
        self,
        socket: Socket,
        queue_bytes: int = QUEUE_BYTES,
        on_lost: Callable[[Any], None] | None = None,
        home: str | None = None,
    ) -> None:
        self.id = secrets.token_hex(6)
        self.home = home  # the node its URL asked the balancer for (server.host.homes)
        self.socket = socket
        self.queue_bytes = queue_bytes
        self.on_lost = on_lost
        self.rooms: dict[str, tuple[str, int | None]] = {}  # room -> (audience, seat)
        self.closed = False
        self.close_code: int | None = None

    def send(self, message: dict[str, Any]) -> None:
        metrics.sent(message["t"]).inc()
        self.send_packed(pack(message))

    def send_packed(self, frame: bytes) -> None:
        if not self.closed:
            self._check(self.socket.send(frame))

    def send_shared(self, shared: Shared) -> None:
        """Send a message framed once for a crowd (:class:`protocol.frames.Shared`)."""
        if not self.closed:
            self._check(self.socket.send_shared(shared))

    def _check(self, waiting: int) -> None:
        if waiting > self.queue_bytes:
            metrics.REFUSALS.labels("too_slow").inc()
            self.kill(1013, "too slow")

    def kill(self, code: int, reason: str) -> None:
        """Close the socket (the close frame follows what is already on its way)."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        self.socket.close(code, reason)

    def lost(self) -> None:
        """The socket is gone (closed by either side, or dropped)."""
        self.closed = True
        self.socket = GONE
        if self.on_lost is not None:
            self.on_lost(self)
            self.on_lost = None


class _Gone:
    """The socket of a member whose socket ended: takes nothing."""

    def send(self, frame: bytes) -> int:
        return 0

    def send_shared(self, shared: Shared) -> int:
        return 0

    def close(self, code: int, reason: str = "") -> None:
        return None


GONE = _Gone()


def send_to_all(conns: Collection[Member], frame: bytes, skip: Member | None = None) -> None:
    """Send ``frame`` to each of ``conns`` but ``skip``: to a crowd (CROWD or more) one copy
    framed and compressed for all (:class:`protocol.frames.Shared`), else each its own."""
    if len(conns) >= CROWD:
        shared = Shared(frame)
        for conn in conns:
            if conn is not skip:
                conn.send_shared(shared)
        return
    for conn in conns:
        if conn is not skip:
            conn.send_packed(frame)


def deliver(sends: list[tuple[Collection[Member], bytes]], skip: Member | None = None) -> None:
    """:func:`send_to_all` for each (sockets, frame) of one change (a room's audiences):
    counted as patches sent."""
    for conns, frame in sends:
        if conns:
            metrics.sent("patch").inc(len(conns))
            send_to_all(conns, frame, skip)
