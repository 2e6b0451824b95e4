"""The server packs with msgspec's encoder (protocol.codec.pack) where it once called
``msgpack.packb``: the bytes must be the same for every value a frame or a view holds, since
views are compared packed (protocol.diff) and clients decode with any MessagePack library."""

from __future__ import annotations

import sys
import tracemalloc

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import diff
from protocol.codec import pack, pack_kept
from protocol.diff import diff_views, pack_map


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


def held_bytes(make) -> tuple[bytes, int]:
    """What ``make()`` returns, and the memory it holds (traced while it was made)."""
    tracemalloc.start()
    try:
        made = make()
        size, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return made, size


SIZES = [None, 7, "Alice", list(range(20)), {"hand": ["7h", "Kd", "2c"] * 4}, "x" * 300]


def test_what_is_held_for_long_is_packed_at_its_own_size() -> None:
    # msgspec's bytes come in the buffer it grew while encoding: a room's log, views and
    # recent patches held 5-6 KiB more a room than their bytes (1 000 rooms in bench/load.py).
    grown = 0
    for value in SIZES:
        plain, plain_held = held_bytes(lambda v=value: pack(v))
        packed, held = held_bytes(lambda v=value: pack_kept(v))
        assert packed == plain == msgpack.packb(value, use_bin_type=True)
        assert held <= sys.getsizeof(packed), value
        grown += plain_held > sys.getsizeof(plain)
    assert grown  # (what the copy is for: pack's own bytes hold more than their size)


def test_a_views_entry_packed_again_to_the_same_bytes_keeps_the_bytes_it_had(monkeypatch):
    # The packing held is the old one when equal (the new one dropped at once), else the new
    # one at its own size: a part changed by a move is held no larger than its bytes.
    def changed(copy: bool) -> tuple[dict, dict, int]:
        if not copy:
            monkeypatch.setattr(diff, "kept", lambda packed: packed)
        old = {"score": 3, "hand": ["7h", "Kd"], **{f"pile{k}": list(range(40)) for k in range(9)}}
        views = {"seat0": pack_map(old)}
        was = dict(views["seat0"])
        new = {**old, **{f"pile{k}": list(range(41)) for k in range(9)}}
        _, held = held_bytes(lambda: diff_views(views, [new]))
        monkeypatch.undo()
        return was, views["seat0"], held

    changed(copy=True)  # (what a first diff makes once and keeps is not counted below)
    was, now, held = changed(copy=True)
    assert now["score"] is was["score"] and now["hand"] is was["hand"]
    assert all(now[f"pile{k}"] == pack(list(range(41))) for k in range(9))
    _, _, held_as_packed = changed(copy=False)
    assert held < held_as_packed  # (held as msgspec packed them, they were larger)


def test_pack_refuses_what_messagepack_cannot_hold() -> None:
    for value in (2**64, -(2**63) - 1):
        try:
            pack(value)
        except (OverflowError, ValueError, TypeError):
            continue
        raise AssertionError(f"{value} was packed")


def nesting(value, level: int = 1) -> int:
    """The deepest level of ``value`` (itself at ``level``, a scalar inside a container one
    level below it): the rule of a frame's depth, written plainly."""
    if isinstance(value, dict):
        return max((nesting(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((nesting(v, level + 1) for v in value), default=level)
    return level


NESTED = st.recursive(
    st.none() | st.integers(min_value=-(2**63), max_value=2**63 - 1),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3)
    ),
    max_leaves=40,
)


@settings(max_examples=400)
@given(st.dictionaries(st.text(max_size=2), NESTED, max_size=3))
def test_a_frame_is_refused_exactly_when_it_nests_deeper_than_the_limit(message) -> None:
    from protocol.codec import MAX_DEPTH, ProtocolError, unpack

    frame = msgpack.packb(message)
    try:
        unpack(frame)
    except ProtocolError as refused:
        assert refused.code == "bad_frame" and nesting(message) > MAX_DEPTH
    else:
        assert nesting(message) <= MAX_DEPTH


def test_the_depth_limit_counts_a_scalar_inside_a_container() -> None:
    from protocol.codec import MAX_DEPTH, ProtocolError, unpack

    deepest: object = {}
    for _ in range(MAX_DEPTH - 1):
        deepest = {"a": deepest}
    unpack(msgpack.packb(deepest))  # eight maps, the last empty: eight levels
    one_more: object = 1
    for _ in range(MAX_DEPTH):
        one_more = {"a": one_more}
    try:
        unpack(msgpack.packb(one_more))  # eight maps and a scalar in the last: nine
    except ProtocolError:
        pass
    else:
        raise AssertionError("nine levels were let through")
