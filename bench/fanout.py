"""The server's cost of sending one message to many sockets: each socket compressing its own
copy with its history (``Wire.send``) against one copy framed and compressed for all
(``Wire.send_shared``, protocol/frames.py), over real wires on socketpairs whose peers
negotiated permessage-deflate. Prints microseconds of this process's CPU per socket and
message (the send system call included).

    .venv/bin/python bench/fanout.py [sockets] [messages]
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import time
from pathlib import Path

from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory

from protocol.codec import pack
from protocol.frames import Shared
from server.transport import wire

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from wires import Peer


async def sockets(n: int) -> tuple[list[wire.Wire], list[socket.socket]]:
    """``n`` real wires, each with a websockets client that negotiated permessage-deflate."""
    wires, peers = [], []
    for _ in range(n):
        peer, w = await Peer.open([ClientPerMessageDeflateFactory()])
        assert w.deflate is not None
        wires.append(w)
        peers.append(peer.sock)
    return wires, peers


def drain(peers: list[socket.socket]) -> None:
    for peer in peers:
        try:
            while peer.recv(1 << 20):
                pass
        except BlockingIOError:
            pass


async def main(n: int, rounds: int) -> None:
    wires, peers = await sockets(n)
    ops = [{"op": "replace", "path": f"/game/{k}", "value": os.urandom(6).hex()} for k in range(5)]
    message = pack({"t": "patch", "room": "abcdefghjk", "seq": 300, "ops": ops})
    print(f"{n} sockets, {rounds} messages of {len(message)} bytes, load {os.getloadavg()[0]:.2f}")
    for label in ("each socket its own", "shared", "each socket its own", "shared"):
        started = time.process_time()
        for r in range(rounds):
            if label == "shared":
                shared = Shared(message)
                for w in wires:
                    w.send_shared(shared)
            else:
                for w in wires:
                    w.send(message)
            if r % 50 == 0:
                drain(peers)
        spent = time.process_time() - started
        drain(peers)
        print(f"  {label}: {1e6 * spent / (rounds * n):.2f} µs per socket and message")


if __name__ == "__main__":
    asyncio.run(
        main(
            int(sys.argv[1]) if len(sys.argv) > 1 else 20,
            int(sys.argv[2]) if len(sys.argv) > 2 else 3000,
        )
    )
