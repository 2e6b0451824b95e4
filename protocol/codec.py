"""MessagePack frames: one map per WebSocket binary message, with a type field ``t``.

What a client may send is bounded: a frame of at most MAX_FRAME bytes, strings, maps with
string keys (at most MAX_MAP entries), arrays (at most MAX_ARRAY items), nested at most a few
levels deep; no binary or extension values (nothing in the protocol uses them). A frame that
breaks a limit is refused with ``bad_frame`` and a sentence naming the limit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgpack
import msgspec

MAX_FRAME = 64 * 1024
"""Largest frame a client may send, in bytes; the server closes bigger ones with 1009."""
MAX_ARRAY, MAX_MAP, MAX_DEPTH = 1024, 256, 8


class Refusal(ValueError):
    """A request refused: ``code`` is stable, ``message`` a sentence for people. The one type
    every layer refuses with (a room's rule, a bad frame, a field), which the transport
    turns into an ``error`` message in one place. ``retry_after``: for a refusal that time
    lifts, the whole seconds until the same request may succeed (a client can say when)."""

    def __init__(self, code: str, message: str, retry_after: int | None = None) -> None:
        self.code = code
        self.message = message
        self.retry_after = retry_after
        super().__init__(f"{code}: {message}")

    def frame(self, id: Any = None, room: str | None = None) -> dict[str, Any]:
        """The ``error`` message that tells it: the one place one is built. ``id`` is the
        request's, ``room`` the room it named (if it named one)."""
        error = {"t": "error", "id": id, "code": self.code, "message": self.message}
        if room is not None:
            error["room"] = room
        if self.retry_after is not None:
            error["retry_after"] = self.retry_after
        return error


INTERNAL = Refusal("internal", "Something broke.")
"""What a client is told of a failure of the server's own (the log has the rest)."""


class ProtocolError(Refusal):
    """A frame or message the protocol refuses."""


pack: Callable[[Any], bytes] = msgspec.msgpack.Encoder().encode
"""MessagePack bytes of a value: msgspec's encoder, a C function that writes the bytes
``msgpack.packb(value, use_bin_type=True)`` writes (tests/wire/test_codec.py holds it to them
on random values) in a third of the time, and with no Python frame of its own. Every frame
the server sends, and every view part a room keeps, is packed here; what is held for long
goes through :func:`pack_kept`."""


def kept(packed: bytes) -> bytes:
    """A copy of ``packed`` of exactly its size, for bytes held for long (a room's log
    entries, its views' parts, its recent patches). msgspec hands its bytes out in the buffer
    it grew while encoding (32 bytes at first, then doubled), so an entry of 70 bytes held
    128: rooms took 5-6 KiB more each (bench/load.py play, 1 000 rooms) than with msgpack's.
    ``%b`` copies at the packed size, in less time than a second encoder would pack it again;
    a one-byte packing comes back as CPython's shared one-byte object."""
    return b"%b" % packed


def pack_kept(value: Any) -> bytes:
    """:func:`pack`, :func:`kept`: the packing of a value to be held for long."""
    return kept(pack(value))


def _why(error: Exception) -> str:
    """The sentence for a frame msgpack refused."""
    text = str(error)
    if "max_bin_len" in text:
        return "Binary values are not part of the protocol; send strings."
    if "max_ext_len" in text:
        return "MessagePack extension types are not part of the protocol."
    if "map key" in text:
        return "Map keys must be strings."
    if "max_array_len" in text:
        return f"An array may hold at most {MAX_ARRAY} items."
    if "max_map_len" in text:
        return f"A map may hold at most {MAX_MAP} entries."
    if isinstance(error, msgpack.ExtraData):
        return "A frame holds exactly one MessagePack map, with nothing after it."
    if isinstance(error, msgpack.StackError):
        return f"Values may be nested at most {MAX_DEPTH} levels deep."
    return "The frame is not valid MessagePack."


def _too_deep(value: Any, level: int = 1) -> bool:
    """Whether a value of ``value`` (itself at ``level``, the frame's map at 1) sits deeper
    than MAX_DEPTH: a scalar inside a container counts as a level too. Plain loops that stop
    at the first too deep, not a generator per container (every request is checked)."""
    if level > MAX_DEPTH:
        return True
    if isinstance(value, dict):
        children: Any = value.values()
    elif isinstance(value, list):
        children = value
    else:
        return False
    for child in children:
        if level == MAX_DEPTH:  # a child of any kind is one level too deep
            return True
        if isinstance(child, dict | list) and _too_deep(child, level + 1):
            return True
    return False


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
            max_array_len=MAX_ARRAY,
            max_map_len=MAX_MAP,
            max_ext_len=0,
        )
    except Exception as refused:
        raise ProtocolError("bad_frame", _why(refused)) from None
    if not isinstance(message, dict):
        raise ProtocolError("bad_frame", "A frame must be a MessagePack map.")
    if _too_deep(message):
        raise ProtocolError("bad_frame", f"Values may be nested at most {MAX_DEPTH} levels deep.")
    return message
