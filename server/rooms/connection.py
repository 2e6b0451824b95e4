"""One client socket as the rooms see it: what it joined, and its outgoing queue."""

from __future__ import annotations

import asyncio
import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from protocol.codec import pack
from server import metrics

QUEUE_BYTES = 1 << 20
"""Bytes a connection may have waiting to be sent before it is cut off as too slow."""


class Connection:
    """Sends go through a queue bounded in bytes, drained by a writer task, so a slow client
    never holds up a broadcast: when its queue is full it is closed with 1013 (what was
    queued is dropped; the close frame follows what the network already holds)."""

    def __init__(
        self,
        send: Callable[[bytes], Awaitable[None]],
        close: Callable[[int, str], Awaitable[None]],
        queue_bytes: int = QUEUE_BYTES,
        address: str = "",
    ) -> None:
        self.id = secrets.token_hex(6)
        self.address = address
        self._send, self._close = send, close
        self.queue_bytes = queue_bytes
        self._queue: deque[bytes] = deque()
        self.queued = 0  # bytes waiting in _queue
        self._ready = asyncio.Event()
        self.rooms: dict[str, tuple[str, int | None]] = {}
        self.lobby = False
        self.closed = False
        self.close_code: int | None = None
        self.close_reason = ""
        self.hello = False
        self.created = 0
        self.solving = False  # a hint or a verdict is being worked out for this client

    def send(self, message: dict[str, Any]) -> None:
        metrics.MESSAGES_OUT.labels(message["t"]).inc()
        self.send_packed(pack(message))

    def send_packed(self, frame: bytes) -> None:
        if self.closed:
            return
        if self.queued + len(frame) > self.queue_bytes:
            metrics.REFUSALS.labels("too_slow").inc()
            self.kill(1013, "too slow")
            return
        self._queue.append(frame)
        self.queued += len(frame)
        self._ready.set()

    def kill(self, code: int, reason: str) -> None:
        """Close the socket: after the frames already queued, or at once for a client that
        does not read (its queue is dropped: it gets nothing more)."""
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        if code == 1013:
            self._queue.clear()
            self.queued = 0
        self._ready.set()

    async def writer(self) -> None:
        """Send what is queued, then the close frame; a peer already gone ends it."""
        try:
            await self._write()
        except Exception:  # the socket went away under us: nothing more can be sent
            self.closed = True

    async def _write(self) -> None:
        while True:
            while not self._queue:
                if self.closed:
                    # A peer that reads nothing more never takes this close frame; the
                    # server's keepalive pings (20 s + 20 s) then drop its transport.
                    await self._close(self.close_code or 1000, self.close_reason)
                    return
                self._ready.clear()
                await self._ready.wait()
            frame = self._queue.popleft()
            self.queued -= len(frame)
            await self._send(frame)
