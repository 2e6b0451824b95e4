"""The bare broadcast endpoint the load generator measures the stack against: the same server
and sockets, with ``/bench/broadcast`` served beside ``/ws``. Not part of the game server.

    python -m tools.relay      # as ``python -m server``, HOST, PORT and every setting alike
"""

from __future__ import annotations

from typing import ClassVar

from protocol.codec import ProtocolError, pack, unpack
from server.__main__ import main as serve
from server.app import create_app
from server.transport.requests import Gateway


class BaselineMember:
    """A socket of the bare broadcast endpoint (``/bench/broadcast``): the load generator's
    baseline of what the same stack
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

    def relay(self, data: bytes | None) -> None:
        try:
            message = unpack(data or b"")
        except ProtocolError as refusal:
            self.wire.send(pack(refusal.frame()))
            return
        group = str(message.get("group"))
        if message.get("t") == "join":
            self.GROUPS.setdefault(group, set()).add(self)
            if isinstance(message.get("frames"), list):
                self.FRAMES[group] = [pack(f) for f in message["frames"] if isinstance(f, dict)]
            self.wire.send(pack({"t": "ok"}))
        elif (frames := self.FRAMES.get(group)) and isinstance(message.get("n"), int):
            frame = frames[message["n"] % len(frames)]
            for member in self.GROUPS.get(group, ()):
                member.wire.send(frame)
            self.wire.send(pack({"t": "ok", "id": message.get("id")}))  # the same write
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


class RelayGateway(Gateway):
    """The game server's gateway with the relay on ``/bench/broadcast``."""

    paths = (*Gateway.paths, "/bench/broadcast")

    def open(self, wire):
        return BaselineMember(wire) if wire.path == "/bench/broadcast" else super().open(wire)

    async def serve(self, conn, data: bytes | None) -> None:
        if isinstance(conn, BaselineMember):
            conn.relay(data)
        else:
            await super().serve(conn, data)


if __name__ == "__main__":
    serve(lambda config: create_app(config=config, gateway=RelayGateway))
