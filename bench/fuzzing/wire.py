"""Sockets for the fuzzer: a reading connection that sorts what the server sends (replies,
views rebuilt from snapshots and patches), and raw TCP sockets that misbehave: a half-open
handshake, a client that never reads, a partial frame."""

from __future__ import annotations

import base64
import contextlib
import os
import queue
import socket
import struct
import threading
import time
from typing import Any

import msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from protocol.diff import apply


class Conn:
    """A WebSocket that a thread reads all along: replies (``ok``/``error``) go to a queue in
    order, snapshots and patches rebuild a view per room. A patch that does not apply to a
    view it follows (same audience, next seq, nothing asked of that room since) is a server
    fault and lands in ``faults``."""

    def __init__(self, url: str, deflate: bool = True) -> None:
        self.ws = connect(
            url,
            compression="deflate" if deflate else None,
            max_size=None,
            ping_interval=None,  # its pings draw from `random`, which hypothesis watches
            open_timeout=10,
            close_timeout=2,
        )
        self.replies: queue.Queue[dict[str, Any]] = queue.Queue()
        self.views: dict[str, dict[str, Any]] = {}
        self.seqs: dict[str, int] = {}
        self.epochs: dict[str, str] = {}
        self.sure: set[str] = set()  # rooms whose patches must apply
        self.pushes: dict[str, int] = {}
        self.faults: list[str] = []
        self.lock = threading.Lock()
        self.closed = threading.Event()
        self.close_code: int | None = None
        self.sent = 0
        self._stamps: list[float] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    # ---- sending -----------------------------------------------------------------------------

    def send(self, frame: bytes | str, pace: float | None = None) -> None:
        """Send a frame, keeping under ``pace`` frames per second over the last second."""
        if pace:
            now = time.monotonic()
            self._stamps = [t for t in self._stamps if now - t < 1.0]
            if len(self._stamps) >= pace:
                time.sleep(max(0.0, 1.0 - (now - self._stamps[0])))
            self._stamps.append(time.monotonic())
        self.ws.send(frame)
        self.sent += 1

    def asked(self, room: Any) -> None:
        """A request about ``room`` went out: its next snapshot or patches may start over."""
        if isinstance(room, str):
            with self.lock:
                self.sure.discard(room)

    def collect(self, count: int, timeout: float) -> list[dict[str, Any]]:
        """The next ``count`` replies (fewer if the socket closes or the time runs out)."""
        got: list[dict[str, Any]] = []
        deadline = time.monotonic() + timeout
        while len(got) < count:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                got.append(self.replies.get(timeout=min(left, 0.2)))
            except queue.Empty:
                if self.closed.is_set() and self.replies.empty():
                    break
        return got

    def request(self, kind: str, timeout: float = 15.0, **fields: Any) -> dict[str, Any]:
        self.send(msgpack.packb({"t": kind, **fields}, use_bin_type=True))
        got = self.collect(1, timeout)
        if not got:
            raise ConnectionError(f"no reply to {kind}")
        return got[0]

    def close(self) -> None:
        with contextlib.suppress(Exception):  # already gone
            self.ws.close()
        self.thread.join(5)

    # ---- reading -----------------------------------------------------------------------------

    def _read(self) -> None:
        try:
            for raw in self.ws:
                if isinstance(raw, str):
                    self.faults.append("the server sent a text frame")
                    continue
                self._dispatch(msgpack.unpackb(raw, raw=False))
        except ConnectionClosed:
            pass
        except Exception as broke:  # a frame we cannot read is the server's fault
            self.faults.append(f"reading a server frame failed: {broke!r}")
        finally:
            self.close_code = self.ws.close_code
            self.closed.set()

    def _dispatch(self, msg: dict[str, Any]) -> None:
        kind = msg.get("t")
        self.pushes[kind] = self.pushes.get(kind, 0) + 1
        if kind in ("ok", "error"):
            self.replies.put(msg)
            return
        room = msg.get("room")
        with self.lock:
            if kind == "snapshot":
                self.views[room], self.seqs[room] = msg["view"], msg["seq"]
                self.epochs[room] = msg["epoch"]
                self.sure.add(room)
            elif kind == "patch" and room in self.views:
                seq = msg["seq"]
                if seq <= self.seqs[room]:
                    return  # a resume may send again what this socket has
                sure = room in self.sure
                if seq != self.seqs[room] + 1:
                    if sure:
                        self.faults.append(f"patch {seq} after {self.seqs[room]} in {room}")
                    self.views.pop(room)
                    return
                try:
                    self.views[room] = apply(self.views[room], msg["ops"])
                    self.seqs[room] = seq
                except Exception as broke:
                    if sure:
                        self.faults.append(f"patch {seq} of {room} does not apply: {broke!r}")
                    self.views.pop(room)


# ---- raw sockets -----------------------------------------------------------------------------


def raw_socket(host: str, port: int, rcvbuf: int | None = None) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(10)
    sock.connect((host, port))
    return sock


def upgrade_request(host: str, port: int) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def handshake(sock: socket.socket, host: str, port: int) -> bool:
    """Upgrade a raw socket to a WebSocket (no compression offered); True on 101."""
    sock.sendall(upgrade_request(host, port))
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            return False
        head += chunk
    return head.startswith(b"HTTP/1.1 101")


def client_frame(payload: bytes, opcode: int = 2) -> bytes:
    """One masked client frame (FIN set)."""
    mask = os.urandom(4)
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n < 1 << 16:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return head + mask + body


def close_code_in(stream: bytes) -> int | None:
    """The code of the first close frame in what the server sent (unmasked frames)."""
    at = 0
    while at + 2 <= len(stream):
        opcode, size = stream[at] & 0x0F, stream[at + 1] & 0x7F
        at += 2
        if size == 126:
            size = struct.unpack("!H", stream[at : at + 2])[0]
            at += 2
        elif size == 127:
            size = struct.unpack("!Q", stream[at : at + 8])[0]
            at += 8
        if opcode == 8:
            return struct.unpack("!H", stream[at : at + 2])[0] if size >= 2 else 1005
        at += size
    return None


def drain(sock: socket.socket, seconds: float, limit: int = 64 << 20) -> bytes:
    """What the server sent and the socket still holds (read at last), up to ``limit``
    bytes or ``seconds``, or until nothing more came for half a second."""
    sock.settimeout(0.5)
    got = bytearray()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and len(got) < limit:
        try:
            chunk = sock.recv(1 << 16)
        except OSError:  # silence (a timeout), or the server dropped it
            break
        if not chunk:
            break
        got += chunk
    return bytes(got)
