"""What the room host needs of a client's socket: a member of rooms that takes messages.

The host never imports the transport: a member is anything with these few methods (the
services' :class:`server.services.connection.Connection` is one), so the host is tested with
plain objects and a socket layer can change without touching it."""

from __future__ import annotations

from typing import Any, Protocol

from protocol.frames import Shared


class Member(Protocol):
    rooms: dict[str, tuple[str, int | None]]  # room -> (audience, seat) this member is in
    home: str | None  # the node its socket asked the balancer for (``?home=``), if any

    def send(self, message: dict[str, Any]) -> None:
        """Pack and send a message; never waits (a slow reader is cut off, not waited on)."""
        ...

    def send_packed(self, frame: bytes) -> None: ...

    def send_shared(self, shared: Shared) -> None:
        """Send a message framed once for a crowd (:class:`protocol.frames.Shared`)."""
        ...
