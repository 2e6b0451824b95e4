"""Keepalive (server/transport/wire.py): a quiet socket is pinged, a socket that answers nothing is
dropped, one that answers stays; and the sweep goes over the sockets a slice at a time, each
once a round, so a crowd that went quiet together is not pinged in one stretch of the loop."""

from __future__ import annotations

import asyncio
import time

from waiting import until
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import BINARY, PING, Frame
from wires import Peer

from server.transport import wire


async def test_a_quiet_socket_is_pinged_and_dropped_when_it_never_answers(monkeypatch):
    monkeypatch.setattr(wire, "PING_AFTER", 0.3)
    monkeypatch.setattr(wire, "DROP_AFTER", 1.0)
    monkeypatch.setattr(wire, "SWEEP_EVERY", 0.1)
    monkeypatch.setattr(wire, "SWEEP_SLICES", 2)
    silent, silent_wire = await Peer.open()
    lively, lively_wire = await Peer.open()
    sweeping = asyncio.create_task(wire.keepalive())
    try:

        async def silent_dropped() -> bool:
            await silent.pump(answer=False)
            await lively.pump()
            return silent_wire.transport is None

        await until(silent_dropped, 10, "a peer that never answered dropped")
        assert any(isinstance(f, Frame) and f.opcode is PING for f in silent.frames)

        async def pings() -> int:
            await lively.pump()
            return sum(isinstance(f, Frame) and f.opcode is PING for f in lively.frames)

        # The answering peer goes on being pinged (quiet but for its pongs), past DROP_AFTER.
        await until(pings, 10, "the answering peer pinged again", check=lambda n: n >= 4)
        assert lively_wire.transport is not None, "a peer that answers every ping was dropped"
    finally:
        sweeping.cancel()
        for w in (silent_wire, lively_wire):
            if w.transport is not None:
                w.transport.abort()
        silent.sock.close()
        lively.sock.close()


async def test_a_quiet_socket_s_compressor_rests_and_the_next_message_still_reads(
    monkeypatch,
):
    monkeypatch.setattr(wire, "REST_AFTER", 0.2)
    monkeypatch.setattr(wire, "SWEEP_EVERY", 0.1)
    monkeypatch.setattr(wire, "SWEEP_SLICES", 1)
    peer, server = await Peer.open([ClientPerMessageDeflateFactory()])
    sweeping = asyncio.create_task(wire.keepalive())
    try:
        message = b"patch seq room ops replace " * 40

        async def rested() -> bool:
            await peer.pump()
            return "encoder" not in server.deflate.__dict__

        for _ in range(2):
            server.send(message)
            assert "encoder" in server.deflate.__dict__
            await until(rested, 10, "the compressor to rest")
        await peer.pump()
        data = [f.data for f in peer.frames if isinstance(f, Frame) and f.opcode is BINARY]
        assert data == [message, message]
    finally:
        sweeping.cancel()
        server.transport.abort()
        peer.sock.close()


class Counted:
    """Stands in for a socket in the sweep: records when it is swept."""

    def __init__(self) -> None:
        self.at: list[float] = []

    def sweep(self, now: float) -> None:
        self.at.append(now)


async def test_the_sweep_takes_each_socket_once_a_round_a_slice_at_a_time(monkeypatch):
    monkeypatch.setattr(wire, "SWEEP_EVERY", 0.5)
    monkeypatch.setattr(wire, "SWEEP_SLICES", 10)
    crowd = [Counted() for _ in range(1003)]
    monkeypatch.setattr(wire, "WIRES", set(crowd))
    sweeping = asyncio.create_task(wire.keepalive())
    try:
        await until(lambda: all(c.at for c in crowd), what="a whole round of the sweep")
    finally:
        sweeping.cancel()
    assert all(c.at for c in crowd), "a socket was left out of the round"
    first = [c.at[0] for c in crowd]
    end_of_round = max(first)
    assert not any(len([t for t in c.at if t < end_of_round]) > 1 for c in crowd)
    moments = {t: first.count(t) for t in set(first)}
    assert len(moments) == 10 and max(moments.values()) == 101  # ceil(1003 / 10)


async def test_a_socket_the_sweep_reaches_late_is_pinged_before_it_is_dropped(monkeypatch):
    """On a loop that lags, a round of the sweep can take longer than the ping's window: a
    socket first swept when it has been quiet past DROP_AFTER was dropped without ever being
    asked (a thousand live watchers at 2 000 rooms). It gets a ping and the window to answer;
    an answer keeps it, silence through the window drops it."""
    window = wire.DROP_AFTER - wire.PING_AFTER
    for answers in (True, False):
        peer, server = await Peer.open()
        try:
            now = time.monotonic()
            server.heard = now - 3 * wire.DROP_AFTER  # quiet for long, never pinged
            server.sweep(now)
            assert server.transport is not None, "dropped without a ping"
            await peer.pump(answer=answers)  # the ping arrives
            assert any(isinstance(f, Frame) and f.opcode is PING for f in peer.frames)
            await peer.pump(answer=answers)  # its pong leaves, or not
            server.sweep(now + window / 2)  # within the window: kept either way
            assert server.transport is not None
            server.sweep(max(now, server.heard) + window + 1)
            if answers:  # kept: not aborted (an abort closes the transport at once)
                assert server.transport is not None and not server.transport.is_closing()
            else:  # dropped: the transport is gone once the loop has run the abort's loss
                await until(lambda w=server: w.transport is None, what="the silent peer dropped")
        finally:
            if server.transport is not None:
                server.transport.abort()
            peer.sock.close()
