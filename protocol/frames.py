"""WebSocket data frames as a server writes them, for messages framed once and written to
many sockets (RFC 6455 framing, RFC 7692 permessage-deflate)."""

from __future__ import annotations

import struct
import zlib

CROWD = 4
"""Sockets of one audience from which a message is framed once for all (fewer: each socket
compresses its own copy, with its history)."""

SHARED_BITS = 9
"""The window of a shared message's compressor: the least a peer may ask for (websockets
refuses 8 for the server's window and takes 9 to 15; this server asks for 10)."""


def framed(head: int, payload: bytes) -> bytes:
    """One unfragmented data frame from a server (unmasked): the bytes websockets writes."""
    n = len(payload)
    if n < 126:
        return bytes((head, n)) + payload
    if n < 65536:
        return struct.pack("!BBH", head, 126, n) + payload
    return struct.pack("!BBQ", head, 127, n) + payload


class Shared:
    """One message for many sockets (a room's spectators, the lobby's followers), framed
    once: compressed, and plain for the sockets that did not negotiate compression.

    Why one compressed copy is right for every socket: it is deflated by a compressor of its
    own, so it refers back to nothing that came before it, and a peer's decompressor reads
    it whatever its window holds. The socket's own compressor, though, does not know that
    the peer's window now holds this message: ``Wire.send_shared`` (server/wire.py) drops
    it, and the next message a socket sends alone starts a fresh one, as after a rest. A
    spectator is sent little else, so what that costs is the history a patch would have
    found in earlier patches: about 150 bytes a patch instead of 40, for one deflate per
    change instead of one per socket."""

    __slots__ = ("compressed", "plain")

    def __init__(self, message: bytes) -> None:
        self.plain = framed(0x82, message)
        encoder = zlib.compressobj(wbits=-SHARED_BITS, memLevel=1)
        data = encoder.compress(message) + encoder.flush(zlib.Z_SYNC_FLUSH)
        self.compressed = framed(0xC2, data[:-4])  # the peer puts 00 00 ff ff back
