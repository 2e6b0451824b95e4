"""The server packs with msgspec's encoder (protocol.codec.pack) where it once called
``msgpack.packb``: the bytes must be the same for every value a frame or a view holds, since
views are compared packed (protocol.diff) and clients decode with any MessagePack library."""

from __future__ import annotations

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.codec import pack


class Cards(tuple):
    """A tuple subclass, as the engines hand out (server.games.gin_rummy.game.Past)."""


class Fields(dict):
    """A dict subclass."""


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=40)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.lists(inner, max_size=6).map(tuple)
        | st.lists(inner, max_size=6).map(Cards)
        | st.dictionaries(st.text(max_size=10), inner, max_size=6)
        | st.dictionaries(st.text(max_size=10), inner, max_size=6).map(Fields)
    ),
    max_leaves=30,
)


@given(VALUES)
@settings(max_examples=500, deadline=None)
def test_pack_writes_the_bytes_msgpack_writes(value) -> None:
    assert pack(value) == msgpack.packb(value, use_bin_type=True)


def test_pack_refuses_what_messagepack_cannot_hold() -> None:
    for value in (2**64, -(2**63) - 1):
        try:
            pack(value)
        except (OverflowError, ValueError, TypeError):
            continue
        raise AssertionError(f"{value} was packed")
