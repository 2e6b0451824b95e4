"""MessagePack frames: one map per WebSocket binary message, with a type field ``t``."""

from __future__ import annotations

from typing import Any

import msgpack

MAX_FRAME = 64 * 1024
"""Largest frame a client may send, in bytes; the server closes bigger ones with 1009."""


class ProtocolError(ValueError):
    """A frame or message the protocol refuses. ``code`` is stable, ``message`` human."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


def pack(message: dict[str, Any]) -> bytes:
    return msgpack.packb(message, use_bin_type=True)


def unpack(frame: bytes) -> dict[str, Any]:
    """Decode one client frame into a map, refusing anything that is not a msgpack map."""
    if not isinstance(frame, bytes | bytearray):
        raise ProtocolError("bad_frame", "Frames are binary MessagePack maps, not text.")
    try:
        message = msgpack.unpackb(
            frame,
            raw=False,
            strict_map_key=True,
            max_str_len=MAX_FRAME,
            max_bin_len=0,
            max_array_len=1024,
            max_map_len=256,
            max_ext_len=0,
        )
    except Exception:
        raise ProtocolError("bad_frame", "The frame is not valid MessagePack.") from None
    if not isinstance(message, dict):
        raise ProtocolError("bad_frame", "A frame must be a MessagePack map.")
    return message
