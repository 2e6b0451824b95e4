"""One client socket as the rooms see it: what it joined, what it may still send, and a send
that never waits."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, Protocol

from protocol.codec import pack
from server import metrics

QUEUE_BYTES = 1 << 20
"""Bytes a socket may have waiting to be sent before it is cut off as too slow."""


class Socket(Protocol):
    """What a connection needs of its socket (a :class:`server.transport.wire.Wire`)."""

    def send(self, frame: bytes) -> int:
        """Write a message; the bytes now waiting to be sent."""
        ...

    def send_shared(self, shared: Any) -> int:
        """:meth:`send` of a message framed once for many sockets (protocol.frames.Shared)."""
        ...

    def close(self, code: int, reason: str = "") -> None: ...


class Connection:
    """Sends go straight to the socket's transport, so a broadcast never waits on a slow
    client; a client that lets more than ``queue_bytes`` pile up (it does not read) is
    closed with 1013 and gets nothing more. Requests beyond the rate limit close it with
    1008."""

    __slots__ = (
        "__weakref__",
        "address",
        "close_code",
        "closed",
        "created",
        "hello",
        "home",
        "id",
        "lobby",
        "on_lost",
        "player",
        "queue_bytes",
        "rooms",
        "session",
        "signed_out",
        "socket",
        "solving",
    )

    def __init__(
        self,
        socket: Socket,
        queue_bytes: int = QUEUE_BYTES,
        address: str = "",
        on_lost: Callable[[Connection], None] | None = None,
        home: str | None = None,
    ) -> None:
        self.id = secrets.token_hex(6)
        self.home = home  # the node its URL asked the balancer for (server.host.homes)
        self.socket = socket
        self.address = address
        self.queue_bytes = queue_bytes
        self.on_lost = on_lost
        self.rooms: dict[str, tuple[str, int | None]] = {}
        self.lobby = False
        self.closed = False
        self.close_code: int | None = None
        self.hello = False
        self.player: dict[str, Any] | None = None  # the identified player's record
        self.session: str | None = None  # the hash of the secret it was identified by
        self.signed_out = False  # a new secret of its player ended its session
        self.created = 0
        self.solving = False  # a hint or a verdict is being worked out for this client

    def send(self, message: dict[str, Any]) -> None:
        metrics.sent(message["t"]).inc()
        self.send_packed(pack(message))

    def send_packed(self, frame: bytes) -> None:
        if not self.closed:
            self._check(self.socket.send(frame))

    def send_shared(self, shared: Any) -> None:
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
    """The socket of a connection that ended: takes nothing."""

    def send(self, frame: bytes) -> int:
        return 0

    def send_shared(self, shared: Any) -> int:
        return 0

    def close(self, code: int, reason: str = "") -> None:
        return None


GONE = _Gone()
