"""One client socket as the services see it: a member of rooms (:mod:`server.host.members`)
that also keeps its session: who it is, whether it follows the lobby, how many rooms it made,
whether a hint is being worked out for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.host.members import QUEUE_BYTES, Member, Socket
from server.services.requested import Owner


class Connection(Member):
    """A member with its session. Requests beyond the rate limit close it with 1008 (the
    transport's flood control)."""

    __slots__ = (
        "address",
        "created",
        "hello",
        "lobby",
        "player",
        "requests",
        "session",
        "signed_out",
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
        super().__init__(socket, queue_bytes, on_lost, home)
        self.address = address
        self.lobby = False
        self.hello = False
        self.player: dict[str, Any] | None = None  # the identified player's record
        self.session: str | None = None  # the hash of the secret it was identified by
        self.signed_out = False  # a new secret of its player ended its session
        self.created = 0
        self.requests = Owner()  # its creates by request id, while it has no player
        self.solving = False  # a hint or a verdict is being worked out for this client
