"""WebSocket connections at ``/ws``: websockets' sans-I/O protocol driven by asyncio
callbacks, straight into the app's gateway (no ASGI in between).

uvicorn serves HTTP and hands every WebSocket upgrade to :class:`Wire` (``ws=Wire``). A wire
is bytes in, events out, bytes written to the transport: it holds no task while nothing
happens (a request runs in a task only while the socket has requests waiting), its outgoing
frames go straight to the transport (so the bound on what a slow reader can make the server
hold is the transport's write buffer, in bytes), and its deflate compressor is dropped when
the socket has been quiet for a while (see :class:`RestingDeflate`). Measured
(``bench/load.py idle``): about a quarter of the memory per connection of uvicorn's own
WebSocket protocol with an ASGI endpoint.

Keepalive is one sweep over every socket, not a timer per socket: a socket quiet for
PING_AFTER seconds gets a ping, and one that has answered nothing DROP_AFTER - PING_AFTER
seconds after its ping is dropped (never one that was not pinged: on a loop that lags, the
sweep may reach a socket only once it has been quiet for longer than DROP_AFTER).
The sweep takes SWEEP_EVERY seconds, a slice of the sockets at a time, so that thousands of
sockets that went quiet together (a crowd that arrived together) are not pinged in one
stretch of the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
import zlib
from collections import deque

from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import BINARY, TEXT, Frame
from websockets.http11 import Request
from websockets.protocol import CLOSED, OPEN
from websockets.server import ServerProtocol

from protocol.codec import MAX_FRAME, Refusal
from protocol.frames import Shared, framed
from server import metrics
from server.services.limits import TokenBucket

logger = logging.getLogger("cardroom")

PING_AFTER, DROP_AFTER, SWEEP_EVERY = 20.0, 40.0, 5.0
SWEEP_SLICES = 50  # the sweep's steps, SWEEP_EVERY / SWEEP_SLICES seconds apart
REST_AFTER = 10.0  # seconds without a send after which a socket's compressor is released
CLOSE_TIMEOUT = 10.0  # a peer that does not finish the closing handshake is dropped
BACKLOG = 64  # requests waiting on one socket before it stops being read
SEND_BUFFER = 64 * 1024  # bytes of kernel send buffer per socket
PLAIN_UP_TO = 48
"""Messages up to this many bytes leave uncompressed on a deflating socket (RFC 7692 lets
a sender leave any message uncompressed; its compressor's history then simply does not hold
it, and the peer's decompressor only reads the messages marked compressed). An action's
``ok`` (about 35 bytes) deflates to about 8 bytes with the socket's history, for a deflate
call of 4-5 us here (about 1 % of what an action costs the server): 25 bytes more in a
segment already on its way (the reply leaves with its patch) are the cheaper side. The
``ws`` library for Node.js leaves messages under 1 KiB uncompressed by default; patches
(150-900 bytes, deflated to a fifth with the history) are worth it here."""

WIRES: set[Wire] = set()
"""Every open socket of this process (for the keepalive sweep)."""


class Due:
    """The sockets sent something in this step of the loop, each written once at its end by
    one callback for all of them (:meth:`Wire.release`): a change that reaches a room's
    sockets schedules one callback, not one per socket."""

    __slots__ = ("loop", "wires")

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.wires: list[Wire] = []

    def add(self, wire: Wire) -> None:
        loop = asyncio.get_running_loop()
        if loop is not self.loop:  # another loop (tests run several): the last one's are gone
            self.loop, self.wires = loop, []
        if not self.wires:
            loop.call_soon(self.release)
        self.wires.append(wire)

    def release(self) -> None:
        wires, self.wires = self.wires, []
        for wire in wires:
            wire.release()


DUE = Due()


class RestingDeflate(PerMessageDeflate):
    """permessage-deflate whose compressor can be released while the socket is quiet and
    made again on the next message.

    Why this is safe with context takeover: a fresh compressor emits a valid raw deflate
    stream that refers back only to bytes it emitted itself, and the peer's decompressor
    keeps everything it already received, so every such reference resolves; the peer
    never needs to know (RFC 7692 lets a compressor not use its window). What it costs is
    one message compressed without history after a pause.
    """

    def encode(self, frame: Frame) -> Frame:
        if "encoder" not in self.__dict__ and not self.local_no_context_takeover:
            bits = self.local_max_window_bits
            self.encoder = zlib.compressobj(wbits=-bits, **self.compress_settings)
        return super().encode(frame)

    def rest(self) -> None:
        self.__dict__.pop("encoder", None)

    def compress(self, data: bytes) -> bytes:
        """The payload of one whole compressed message: what :meth:`encode` makes of an
        unfragmented data frame, without the frame objects."""
        if "encoder" not in self.__dict__ or self.local_no_context_takeover:
            bits = self.local_max_window_bits
            self.encoder = zlib.compressobj(wbits=-bits, **self.compress_settings)
        out = self.encoder.compress(data) + self.encoder.flush(zlib.Z_SYNC_FLUSH)
        if self.local_no_context_takeover:
            del self.encoder
        return out[:-4]  # a sync flush ends with 00 00 ff ff, which the peer puts back


class RestingDeflateFactory(ServerPerMessageDeflateFactory):
    def process_request_params(self, params, accepted_extensions):
        response, extension = super().process_request_params(params, accepted_extensions)
        resting = RestingDeflate.__new__(RestingDeflate)
        resting.__dict__.update(extension.__dict__)
        return response, resting


def deflate() -> RestingDeflateFactory:
    """Our side compresses with a 1 KiB window and the smallest hash table: 11 KiB per
    socket, and a patch costs about 68 bytes on the wire (46 with zlib's usual 4 KiB window
    and a 38 KiB compressor, 300 uncompressed). The client compresses each message on its
    own, so no decompressor outlives a message here."""
    return RestingDeflateFactory(
        server_max_window_bits=10,
        client_no_context_takeover=True,
        compress_settings={"memLevel": 1},
    )


FLOOD = Refusal("flood", "Too many messages.")


class Wire(asyncio.Protocol):
    """One WebSocket, from uvicorn's upgrade to its close."""

    __slots__ = (
        "address",
        "bucket",
        "close_timer",
        "conn",
        "connections",
        "deflate",
        "draining",
        "forwarded",
        "gateway",
        "heard",
        "held",
        "held_bytes",
        "host",
        "origin",
        "path",
        "paused",
        "pending",
        "pinged",
        "query",
        "sent",
        "transport",
        "ws",
    )

    def __init__(self, config, server_state, app_state=None, _loop=None) -> None:
        self.connections = server_state.connections
        # The app's gateway (its lifespan state): ``check``, ``open`` and ``serve``.
        self.gateway = (app_state or {}).get("gateway")
        offered = [deflate()] if getattr(self.gateway, "deflate", True) else []
        self.ws = ServerProtocol(extensions=offered, max_size=MAX_FRAME)
        self.transport: asyncio.Transport | None = None
        self.conn = None  # the node's Connection, once the handshake is done
        self.bucket: TokenBucket | None = None  # its requests' rate limit, from then on
        self.pending: deque[bytes | None] | None = None  # made when a request waits
        self.draining: asyncio.Task | None = None
        self.paused = False
        self.heard = self.sent = time.monotonic()
        self.pinged: float | None = None  # when the ping now unanswered was sent
        self.close_timer: asyncio.TimerHandle | None = None
        self.address = ""
        self.origin: str | None = None
        self.host: str | None = None
        self.forwarded: str | None = None
        self.path = ""
        self.query = ""
        self.deflate: RestingDeflate | None = None
        self.held: list[bytes] | None = None  # frames sent in this step of the loop
        self.held_bytes = 0

    # ---- asyncio.Protocol --------------------------------------------------------------

    def connection_made(self, transport) -> None:
        self.transport = transport
        self.connections.add(self)
        peer = transport.get_extra_info("peername")
        self.address = peer[0] if peer else ""
        sock = transport.get_extra_info("socket")
        if sock is not None:
            # A fixed kernel send buffer (no autotuning to megabytes): what a slow reader
            # can make the system hold for it stays small, and its backlog shows in the
            # transport, where the connection's bound applies.
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)

    def data_received(self, data: bytes) -> None:
        self.heard = time.monotonic()
        self.pinged = None
        self.ws.receive_data(data)
        self._events()

    def eof_received(self) -> bool | None:
        self.ws.receive_eof()
        self._events()
        return None

    def connection_lost(self, exc) -> None:
        self.connections.discard(self)
        WIRES.discard(self)
        if self.close_timer is not None:
            self.close_timer.cancel()
        self.pending = None
        # No cycle left behind, so all of it is freed now, not at the next full collection
        # (which comes rarely for objects that lived long): the connection and this wire
        # point at each other, and the protocol's parser generator holds the protocol.
        conn, self.conn, self.transport = self.conn, None, None
        self.held = None
        self.ws.parser = None
        if conn is not None:
            conn.lost()

    # ---- uvicorn's graceful shutdown ---------------------------------------------------

    def shutdown(self) -> None:
        """The server stops: close with 1012 (service restart). A peer that does not
        answer within a second is dropped, so a stop does not wait on it."""
        self.close(1012, "server restarting")
        if self.transport is not None:
            asyncio.get_running_loop().call_later(1.0, self._drop)

    def _drop(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    # ---- events ------------------------------------------------------------------------

    def _events(self) -> None:
        # The protocol's own list of events, emptied in place: ``events_received()`` would
        # leave a new empty list with it at every message, and so would ``data_to_send()``
        # (in :meth:`_flush`, called only when something waits). Such lists live until the
        # socket's next message: at a thousand busy rooms, thousands of objects that every
        # young collection goes through (a pause of the whole loop), for nothing.
        events = self.ws.events
        if events:
            received = events[:]
            events.clear()
            for event in received:
                if isinstance(event, Request):
                    self._handshake(event)
                elif event.opcode in (BINARY, TEXT):
                    self._request(event.data if event.opcode is BINARY else None)
        self._flush()

    def _handshake(self, request: Request) -> None:
        # Only what the checks need is kept: the request's headers are most of the memory
        # of an idle socket otherwise.
        self.path, _, self.query = request.path.partition("?")
        headers = request.headers
        origins, hosts = headers.get_all("Origin"), headers.get_all("Host")
        self.origin = origins[0] if origins else None
        self.host = hosts[0] if hosts else None
        # Every line of the header, in order, as one list of hops (a client may send its
        # own, and each proxy adds a line or appends to the last): which hops are trusted is
        # client_address's decision. (``get`` raises on a second line.)
        self.forwarded = ", ".join(headers.get_all("X-Forwarded-For")) or None
        if len(origins) > 1 or len(hosts) > 1:  # which one would the checks believe?
            self.ws.send_response(self.ws.reject(400, "Bad Request\n"))
            return
        if self.gateway is None or self.path not in self.gateway.paths:
            self.ws.send_response(self.ws.reject(404, "Not Found\n"))
            return
        response = self.ws.accept(request)  # a 101, or the answer to a bad handshake
        refusal = self.gateway.check(self) if response.status_code == 101 else None
        self.ws.send_response(response if refusal is None else self.ws.reject(*refusal))
        if self.ws.state is OPEN:
            WIRES.add(self)
            self.deflate = next(
                (e for e in self.ws.extensions if isinstance(e, RestingDeflate)), None
            )
            self.conn = self.gateway.open(self)
            self.bucket = TokenBucket(self.gateway.rate, self.gateway.burst)

    def _request(self, data: bytes | None) -> None:
        if self.conn is None or self.conn.closed:
            return
        if not self.bucket.take():
            self._flooded()
            return
        if self.pending is None:
            self.pending = deque()
        self.pending.append(data)
        if len(self.pending) >= BACKLOG and not self.paused and self.transport is not None:
            self.paused = True
            self.transport.pause_reading()
        if self.draining is None:
            self.draining = asyncio.ensure_future(self._drain())

    def _flooded(self) -> None:
        """More requests than the socket's rate allows: told, and closed with 1008."""
        metrics.REFUSALS.labels(FLOOD.code).inc()
        self.conn.send(FLOOD.frame())
        self.conn.kill(1008, "flood")

    async def _drain(self) -> None:
        """Serve this socket's requests one after another, in the order they came."""
        try:
            while self.pending:
                data = self.pending.popleft()
                if self.paused and len(self.pending) < BACKLOG // 4 and self.transport:
                    self.paused = False
                    self.transport.resume_reading()
                await self.gateway.serve(self.conn, data)
                # One request at a time for everyone: a socket with many waiting (lobby
                # pages, refusals) that never wait on I/O must not hold the loop. With none
                # waiting (an action, usually) the task ends here instead of taking one
                # more step of the loop to find that out.
                if self.pending:
                    await asyncio.sleep(0)
        except Exception:
            logger.exception("a socket's request loop failed")
        finally:
            self.draining = None
            if self.pending is not None and not self.pending:
                self.pending = None

    # ---- sending -------------------------------------------------------------------------

    def send(self, frame: bytes) -> int:
        """Queue a binary message; the bytes now waiting in the transport.

        The frame is made here, not by the protocol object: it is what websockets would
        write for one unfragmented binary message (FIN, RSV1 when compressed, opcode 2,
        unmasked from a server), with far fewer calls, and the protocol keeps no state
        about data frames it sends but fragmentation, which this server never uses. What
        the protocol has queued (a pong, a close) goes out first, and nothing is sent once
        it has started closing."""
        if not self._open():
            return 0
        if self.deflate is not None and len(frame) > PLAIN_UP_TO:
            return self._write(framed(0xC2, self.deflate.compress(frame)))
        return self._write(framed(0x82, frame))

    def send_shared(self, shared: Shared) -> int:
        """:meth:`send` of a message framed once for many sockets (:class:`Shared`)."""
        if not self._open():
            return 0
        if self.deflate is not None:
            self.deflate.rest()  # the peer's window holds this message now, ours would not
            return self._write(shared.compressed)
        return self._write(shared.plain)

    def _open(self) -> bool:
        """Whether messages may still be sent, what websockets has queued written first."""
        if self.ws.state is not OPEN or self.transport is None:
            return False
        if self.ws.writes:  # what websockets has queued, if anything
            self._flush()
        return True

    def _write(self, data: bytes) -> int:
        """Keep ``data`` for the one write this socket makes at the end of the loop's step
        (:meth:`release`, called soon, through :data:`DUE`): a reply and the patch its
        request caused, or a broadcast's patches, leave in one system call (one TCP segment
        on a real network) instead of one each, with no caller having to ask. The socket's
        own frames (a pong, a close) write what is kept first, so the order on the wire is
        the order of the sends."""
        self.sent = time.monotonic()
        if self.held is None:
            self.held = [data]
            self.held_bytes = len(data)
            DUE.add(self)
        else:
            self.held.append(data)
            self.held_bytes += len(data)
        return self.transport.get_write_buffer_size() + self.held_bytes

    def release(self) -> None:
        """Write what was sent in this step."""
        held, self.held = self.held, None
        if held and self.transport is not None and not self.transport.is_closing():
            self.transport.write(held[0] if len(held) == 1 else b"".join(held))

    def close(self, code: int, reason: str = "") -> None:
        """Start the closing handshake (the peer sees the code once it reads what is ahead
        of it); a peer that does not answer within CLOSE_TIMEOUT is dropped."""
        if self.ws.state is OPEN:
            self.ws.send_close(code, reason)
            self._flush()
        elif self.transport is not None and self.conn is None:
            self.transport.close()

    def _flush(self) -> None:
        transport = self.transport
        if transport is None:
            return
        if self.held:
            self.release()
        for data in self.ws.data_to_send() if self.ws.writes else ():
            if data:
                transport.write(data)
            elif transport.can_write_eof():
                with contextlib.suppress(OSError):
                    transport.write_eof()
        if self.ws.state is CLOSED:
            transport.close()
        elif self.ws.close_expected() and self.close_timer is None:
            self.close_timer = asyncio.get_running_loop().call_later(CLOSE_TIMEOUT, transport.abort)

    # ---- keepalive -----------------------------------------------------------------------

    def sweep(self, now: float) -> None:
        if self.transport is None or self.ws.state is not OPEN:
            return
        if self.pinged is not None and now - self.pinged > DROP_AFTER - PING_AFTER:
            self.transport.abort()  # no pong, no frame since the ping: the peer is gone
            return
        # Quiet for longer than DROP_AFTER without a ping yet (the sweep came late: at 2 000
        # rooms the loop lagged by up to a second, and a round of the sweep took 45 s) is
        # still a ping first: dropping on silence alone dropped a thousand live watchers.
        if now - self.heard > PING_AFTER and self.pinged is None:
            self.pinged = now
            self.ws.send_ping(b"")
            self._flush()
        if now - self.sent > REST_AFTER and self.deflate is not None:
            self.deflate.rest()


async def keepalive() -> None:
    """Ping quiet sockets, drop dead ones, rest idle compressors. Each round takes the open
    sockets as they are at its start and sweeps a slice of them every SWEEP_EVERY /
    SWEEP_SLICES s, so each is swept once a round; a socket opened meanwhile waits for the
    next round, at most two rounds, well within PING_AFTER."""
    pending: list[Wire] = []
    per = 1
    while True:
        if not pending:
            pending = list(WIRES)
            per = max(1, -(-len(pending) // SWEEP_SLICES))
        await asyncio.sleep(SWEEP_EVERY / SWEEP_SLICES)
        now = time.monotonic()
        chunk = pending[-per:]
        del pending[-per:]
        for wire in chunk:
            wire.sweep(now)
