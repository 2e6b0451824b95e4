"""A real server Wire (server/transport/wire.py) on one end of a socketpair and a websockets client
on the other: for the tests of the wire's own frames and keepalive, and for bench/fanout.py."""

from __future__ import annotations

import asyncio
import contextlib
import socket

import msgpack
from websockets.client import ClientProtocol
from websockets.http11 import Response
from websockets.uri import parse_uri

from server.transport import wire


class Accepting:
    """The app side of a socket, as little as the wire asks of it: accept, record."""

    closed = False
    paths = ("/ws",)

    def __init__(self, rate: float = 1e6, burst: int = 1_000_000) -> None:
        self.rate, self.burst = rate, burst  # requests per second a socket may send
        self.served: list[bytes | None] = []
        self.wire = None

    def check(self, _wire):
        return None

    def open(self, wire_):
        self.wire = wire_
        return self

    async def serve(self, _conn, data) -> None:
        self.served.append(data)

    def send(self, message: dict) -> None:
        self.wire.send(msgpack.packb(message))

    def kill(self, code: int, reason: str) -> None:
        self.closed = True
        self.wire.close(code, reason)

    def lost(self) -> None:
        self.closed = True


class Peer:
    """A websockets client over a socketpair to a real Wire."""

    def __init__(self, loop, theirs, client) -> None:
        self.loop, self.sock, self.client = loop, theirs, client
        self.frames: list = []

    @classmethod
    async def open(cls, extensions=None, gateway=None) -> tuple[Peer, wire.Wire]:
        """A client that has finished its opening handshake (answered 101), and the Wire
        (serving ``gateway``, by default one that accepts and records)."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair()
        theirs.setblocking(False)
        state = type("State", (), {"connections": set()})()
        server = wire.Wire(None, state, {"gateway": gateway or Accepting()})
        await loop.connect_accepted_socket(lambda: server, ours)
        client = ClientProtocol(parse_uri("ws://127.0.0.1/ws"), extensions=extensions)
        peer = cls(loop, theirs, client)
        peer.client.send_request(peer.client.connect())
        await peer.pump()
        assert isinstance(peer.frames[0], Response) and peer.frames[0].status_code == 101
        return peer, server

    async def pump(self, answer: bool = True) -> None:
        """Send what the client has to send (its pongs too, unless ``answer`` is false: a
        peer gone silent), then read what the server wrote."""
        sent = self.client.data_to_send()
        if answer:
            for data in sent:
                with contextlib.suppress(ConnectionError):
                    await self.loop.sock_sendall(self.sock, data)
        await asyncio.sleep(0.02)
        with contextlib.suppress(BlockingIOError, ConnectionError):
            while data := self.sock.recv(1 << 16):
                self.client.receive_data(data)
        self.frames += self.client.events_received()
