"""The wire makes its outgoing frames itself (server/transport/wire.py, Wire.send); a websockets
client must read each of them as the message that was sent: compressed (context taken over
from message to message) or not, at every length encoding (7-bit, 16-bit, 64-bit), between
the protocol's own frames (pongs), and mixed with messages framed once for many sockets
(Wire.send_shared, protocol/frames.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import zlib

import msgpack
import pytest
import wires
from waiting import until
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import BINARY, CLOSE, PONG, Frame
from wires import Peer

from protocol.frames import Shared
from server.transport import wire

SIZES = [0, 1, 125, 126, 127, 1000, 65535, 65536, 70000, 300_000]


def payloads() -> list[bytes]:
    """Random bytes (deflate cannot shrink them) and text-like bytes (it can), of each size,
    some repeated so that the compressor's window is used across messages."""
    out = []
    for n in SIZES:
        out.append(os.urandom(n))
        out.append((b"patch seq room ops replace " * (n // 27 + 1))[:n])
    return out + out[:6]


@pytest.mark.parametrize("compressed", [True, False], ids=["deflate", "plain"])
async def test_a_websockets_client_reads_every_frame_the_wire_makes(compressed, monkeypatch):
    loop = asyncio.get_running_loop()
    extensions = [ClientPerMessageDeflateFactory()] if compressed else None
    peer, server = await Peer.open(extensions)  # the handshake answered 101
    client, theirs = peer.client, peer.sock

    async def pump(done=lambda events: True) -> list:
        """Send what the client has to send, then read what the server writes until
        ``done(events)`` holds (at most two seconds); the events."""
        for data in client.data_to_send():
            await loop.sock_sendall(theirs, data)
        events: list = []

        def read() -> bool:
            with contextlib.suppress(BlockingIOError):
                while data := theirs.recv(1 << 20):
                    client.receive_data(data)
            events.extend(client.events_received())
            return bool(events) and done(events)

        with contextlib.suppress(AssertionError):  # what came is checked by the caller
            await until(read, 2, "the server's frames")
        return events

    assert (server.deflate is not None) is compressed

    for k, payload in enumerate(payloads()):
        client.send_ping(b"are you there")  # the protocol's own frames mix with ours
        frames = await pump()
        # Every third message framed once for a crowd (wire.Shared), the others compressed
        # with this socket's history: each must still read after the other kind.
        if k % 3 == 1:
            server.send_shared(Shared(payload))
        else:
            server.send(payload)
        frames += await pump(done=lambda events: events[-1].opcode is BINARY)
        kinds = [f.opcode for f in frames if isinstance(f, Frame)]
        assert kinds == [PONG, BINARY]
        message = frames[-1]
        assert message.fin and message.data == payload, len(payload)
    server.transport.abort()
    theirs.close()


def test_a_shared_message_is_compressed_once_and_refers_to_nothing_before_it():
    message = b"patch seq room ops replace " * 12
    shared = Shared(message)
    assert len(shared.compressed) < len(shared.plain) // 2
    # A fresh decompressor (an empty window) reads it: it needs nothing that came before.
    inflate = zlib.decompressobj(wbits=-15)
    payload = shared.compressed[2:]  # a 7-bit length: two bytes of header
    assert shared.compressed[0] == 0xC2 and shared.plain[0] == 0x82
    assert inflate.decompress(payload + b"\x00\x00\xff\xff") == message


@pytest.fixture
async def opened(monkeypatch):
    """A real Wire with a deflating websockets client at its other end, closed after."""
    peer, server = await Peer.open([ClientPerMessageDeflateFactory()])
    yield peer, server
    if server.transport is not None:
        server.transport.abort()
    peer.sock.close()


def messages(peer: Peer) -> list[bytes]:
    return [f.data for f in peer.frames if isinstance(f, Frame) and f.opcode is BINARY]


def recorded_writes(server: wire.Wire) -> list[bytes]:
    """What the wire writes to its transport from now on, each write as it was made."""
    writes: list[bytes] = []
    real_write = server.transport.write

    def recorded(data: bytes) -> None:
        writes.append(data)
        real_write(data)

    server.transport.write = recorded
    return writes


async def test_messages_sent_in_one_step_leave_in_one_write_in_the_order_they_were_sent(
    opened,
):
    peer, server = opened
    writes = recorded_writes(server)
    first = server.send(b"the patch " * 30)
    second = server.send(b"the reply")
    assert writes == [] and second > first > 0  # kept, and counted as waiting
    await asyncio.sleep(0)  # the end of the loop's step
    assert len(writes) == 1 and server.held is None
    await peer.pump()
    assert messages(peer) == [b"the patch " * 30, b"the reply"]


async def test_sockets_sent_to_in_one_step_each_write_once_at_its_end(opened):
    peer, server = opened
    writes = recorded_writes(server)
    server.send(b"one")
    await asyncio.sleep(0)
    server.send(b"two")
    server.send(b"three")
    await asyncio.sleep(0)
    assert len(writes) == 2  # one write per step that sent something
    await peer.pump()
    assert messages(peer) == [b"one", b"two", b"three"]


async def test_sockets_sent_to_in_one_step_are_written_by_one_callback(opened, monkeypatch):
    """A change that reaches several sockets schedules one write callback for the step, not
    one per socket; each socket still gets its own one write."""
    peer, server = opened
    other_peer, other = await Peer.open([ClientPerMessageDeflateFactory()])
    loop = asyncio.get_running_loop()
    scheduled = []
    real_call_soon = loop.call_soon

    def call_soon(callback, *args, **kwargs):
        scheduled.append(callback)
        return real_call_soon(callback, *args, **kwargs)

    monkeypatch.setattr(loop, "call_soon", call_soon)
    writes, other_writes = recorded_writes(server), recorded_writes(other)
    server.send(b"the patch")
    other.send(b"the patch")
    server.send(b"the reply")
    assert len(scheduled) == 1
    await asyncio.sleep(0)
    assert (len(writes), len(other_writes)) == (1, 1)
    await peer.pump()
    await other_peer.pump()
    assert messages(peer) == [b"the patch", b"the reply"]
    assert messages(other_peer) == [b"the patch"]
    other.transport.abort()
    other_peer.sock.close()


async def test_a_close_follows_the_messages_sent_before_it_in_the_same_step(opened):
    peer, server = opened
    server.send(b"last words")
    server.close(1013, "too slow")
    server.send(b"never sent")  # the closing handshake has begun
    await peer.pump()
    frames = [f for f in peer.frames if isinstance(f, Frame)]
    assert [f.opcode for f in frames] == [BINARY, CLOSE]
    assert messages(peer) == [b"last words"]
    assert peer.client.close_rcvd.code == 1013


async def test_a_short_message_leaves_uncompressed_between_compressed_ones(opened):
    """An ``ok`` is not worth a deflate call: RFC 7692 lets it go plain (RSV1 clear), and
    the messages around it still inflate with the socket's history."""
    peer, server = opened
    writes = recorded_writes(server)
    sent = [b"patch seq room ops " * 8, b"x" * wire.PLAIN_UP_TO, b"patch seq room ops " * 9]
    for message in sent:
        server.send(message)
        await asyncio.sleep(0)  # each its own write, to read each one's header
    assert [w[0] for w in writes] == [0xC2, 0x82, 0xC2]  # FIN + RSV1 (deflated) + binary
    assert writes[1][2:] == sent[1]
    await peer.pump()
    assert messages(peer) == sent


async def test_a_request_leaves_no_new_object_with_the_protocol(opened, monkeypatch):
    """Every request reaches the app, and the protocol keeps the lists it had: new ones left
    with it at every message would live until the socket's next one, thousands of objects
    at a busy server's every young collection (a pause of the whole loop)."""
    served: list[bytes | None] = []

    async def serve(_conn, data) -> None:
        served.append(data)

    peer, server = opened
    monkeypatch.setattr(server.gateway, "serve", serve)
    events, writes = server.ws.events, server.ws.writes
    for n in range(3):
        peer.client.send_binary(b"request %d" % n)
        await peer.pump()
    assert served == [b"request 0", b"request 1", b"request 2"]
    assert server.ws.events is events and server.ws.writes is writes
    peer.client.send_ping(b"still there")  # what the protocol writes itself still leaves
    await peer.pump()
    assert [f.opcode for f in peer.frames if isinstance(f, Frame)] == [PONG]


async def test_a_flood_is_told_and_closed_with_1008_and_what_came_past_the_rate_is_not_served():
    gateway = wires.Accepting(rate=1, burst=5)
    peer, server = await wires.Peer.open(gateway=gateway)
    for n in range(10):
        peer.client.send_binary(b"request %d" % n)
    await peer.pump()
    if server.transport is not None:
        server.transport.abort()
    peer.sock.close()
    assert gateway.served == [b"request %d" % n for n in range(5)]
    frames = [f for f in peer.frames if isinstance(f, Frame)]
    assert msgpack.unpackb(frames[0].data)["code"] == "flood"
    assert frames[-1].opcode == CLOSE and int.from_bytes(frames[-1].data[:2], "big") == 1008
