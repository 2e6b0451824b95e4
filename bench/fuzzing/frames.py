"""Hypothesis strategies over what a client can send: every request type with valid,
boundary and wrong field values, MessagePack the server refuses (bin and ext values, integer
keys, deep nesting, long arrays, huge strings up to the frame limit), mutated valid frames and
raw bytes.

Valid values come from what the worker knows (its rooms, its seat tokens, the views it holds),
so that requests reach deep into the rooms, not only the shape checks."""

from __future__ import annotations

import itertools
import secrets
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgpack
from hypothesis import strategies as st

from protocol.codec import MAX_ARRAY, MAX_DEPTH, MAX_FRAME, MAX_MAP, pack
from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3, encode

MISSING = object()
"""A field left out of the message."""

CARD_RANKS, CARD_SUITS = "A23456789TJQK", "SHDC"
GIN_TYPES = ["take_upcard", "pass", "draw_stock", "draw_discard", "discard", "knock", "next_hand"]
SOLITAIRE_TYPES = ["stock", "move", "tap", "double", "undo"]
LEVELS = ["easy", "normal", "hard", "expert"]
TYPES = [
    "hello", "ping", "create", "join", "resume", "watch", "leave", "act", "lobby", "daily",
    "hint", "winnable",
]  # fmt: skip


@dataclass
class Known:
    """What a worker has learnt from the server's answers."""

    rooms: list[str] = field(default_factory=list)
    tokens: list[tuple[str, str]] = field(default_factory=list)  # (room, token)
    epochs: dict[str, str] = field(default_factory=dict)
    ids: list[Any] = field(default_factory=list)  # command ids sent recently
    counter: itertools.count = field(default_factory=itertools.count)
    prefix: str = field(default_factory=lambda: secrets.token_hex(3))

    def fresh_id(self) -> str:
        cmd = f"{self.prefix}-{next(self.counter)}"
        self.ids.append(cmd)
        del self.ids[:-200]
        return cmd

    def add_room(self, room: str) -> None:
        if room not in self.rooms:
            self.rooms.append(room)
            del self.rooms[:-300]


def pick(items: Callable[[], Sequence[Any]], fallback: Any) -> st.SearchStrategy:
    """One of what ``items()`` holds when drawn (``fallback`` if nothing). The draw is an
    index of fixed bounds: hypothesis needs every example to draw the same kinds of values,
    while what the worker knows grows during the run."""

    def chosen(i: int) -> Any:
        found = items()
        return found[i % len(found)] if found else fallback

    return st.integers(0, 2**20).map(chosen)


def weighted(*options: tuple[int, st.SearchStrategy]) -> st.SearchStrategy:
    """One of ``options``, each drawn in proportion to its weight."""
    table = [s for weight, s in options for _ in range(weight)]
    return st.integers(0, len(table) - 1).flatmap(table.__getitem__)


# ---- values of the wrong type or shape ------------------------------------------------------

ints64 = st.integers(-(2**63), 2**64 - 1)
junk_scalar = st.one_of(
    st.none(),
    st.booleans(),
    ints64,
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
)
junk = st.one_of(
    junk_scalar,
    st.lists(junk_scalar, max_size=4),
    st.dictionaries(st.text(max_size=6), junk_scalar, max_size=3),
    st.lists(st.lists(junk_scalar, max_size=2), max_size=2),
)


def value(valid: st.SearchStrategy, *boundary: Any, wrong: bool = True) -> st.SearchStrategy:
    """A field's value: mostly valid, sometimes at or past its bounds, sometimes the wrong
    type, sometimes missing."""
    options: list[tuple[int, st.SearchStrategy]] = [(6, valid)]
    if boundary:
        options.append((2, st.sampled_from(list(boundary))))
    if wrong:
        options += [(1, junk), (1, st.just(MISSING))]
    return weighted(*options)


# ---- field values ---------------------------------------------------------------------------

cards = st.builds(lambda r, s: r + s, st.sampled_from(CARD_RANKS), st.sampled_from(CARD_SUITS))
not_cards = st.sampled_from(["1Z", "", "AS ", "as", "10H", "KX", "🂡", "A", "ASAS"])
names = value(
    st.text(string.ascii_letters + string.digits + " éßŁ-", min_size=1, max_size=24).filter(
        lambda n: n.strip() == n and n.strip()
    ),
    "x",
    "y" * 24,
    "z" * 25,
    "",
    "   ",
    " lead",
    "trail ",
    "a\nb",
    "bell\x07",
    "\u202eevil",
    "zero\u200bwidth",
    "nul\x00",
    "x" * 1000,
    "\uff26\uff55\uff4c\uff4c",  # full-width letters (NFKC makes them ASCII)
)
long_room = "a" * 65


def rooms(known: Known) -> st.SearchStrategy:
    return value(
        pick(lambda: known.rooms, "nosuchroom"),
        "nosuchroom",
        "",
        long_room,
        "ABCDEFGHIJ",
        "../etc",
        "a" * 32,
        "a" * 33,
        "room\x00",
    )


def ids(known: Known) -> st.SearchStrategy:
    """Command ids: fresh ones mostly, reused ones, boundary ones, and invalid ones (which
    must never be echoed back)."""
    return weighted(
        (12, st.builds(known.fresh_id)),
        (2, pick(lambda: known.ids, "none-yet")),
        (1, st.sampled_from(["a" * 64, 2**63 - 1, -(2**63), 0, ""])),
        (1, st.sampled_from(["b" * 65, "c" * 60_000, 2**63, -(2**63) - 1, 1.5, True, [1], {}])),
        (1, st.just(MISSING)),
    )


seat_specs = st.one_of(
    st.just({"kind": "human"}),
    st.builds(lambda lv: {"kind": "bot", "level": lv}, st.sampled_from(LEVELS)),
)
bad_seat_specs = st.one_of(
    st.just({"kind": "bot", "level": "god"}),
    st.just({"kind": "alien"}),
    st.just({"kind": "human", "level": "easy", "extra": 1}),
    junk,
)
seat_lists = value(
    st.lists(seat_specs, min_size=2, max_size=2),
    [],
    [{"kind": "human"}],
    [{"kind": "human"}] * 3,
    [{"kind": "human"}] * 200,
)
deal_codes = st.one_of(
    st.builds(encode, st.sampled_from([EASY_HARP]), st.integers(1, 999_999)),
    st.builds(encode, st.sampled_from([REFLECHI_DRAW1, REFLECHI_DRAW3]), st.integers(1, 999_999)),
)
bad_codes = st.one_of(
    st.sampled_from(["", "EH1-N-", "EH1-N-AAAAAAA", "TF1-D2N-AAAAAAB", "XX9-N-AAAAAAB"]),
    deal_codes.map(lambda c: c[:-1] + "!"),
    deal_codes.map(lambda c: c + "A" * 50),
    st.text(max_size=30),
)


def legal_gin(view: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The actions a seat's view allows now (empty for spectators, or not its move)."""
    game = (view or {}).get("game") or {}
    turn = game.get("turn") or {}
    hand = [c for c in game.get("hand", []) if c != turn.get("forbidden")]
    legal: list[dict[str, Any]] = []
    for kind in turn.get("legal") or []:
        if kind == "discard":
            legal += [{"type": "discard", "card": c} for c in hand]
        elif kind == "knock":
            legal += [{"type": "knock", "card": c} for c in turn.get("knocks", {})]
        else:
            legal.append({"type": kind})
    return legal


def gin_action(view: Callable[[], dict[str, Any] | None]) -> st.SearchStrategy:
    """A Gin Rummy action: one the view allows (when we hold a seat), any type with any
    card, or a malformed one."""
    return weighted(
        (2, st.builds(lambda t: {"type": t}, st.sampled_from(GIN_TYPES))),
        (2, st.builds(lambda t, c: {"type": t, "card": c}, st.sampled_from(GIN_TYPES), cards)),
        (1, st.builds(lambda t, c: {"type": t, "card": c}, st.sampled_from(GIN_TYPES), not_cards)),
        (12, pick(lambda: legal_gin(view()), {"type": "pass"})),
    )


piles = st.one_of(
    st.sampled_from(["waste", "f", "stock"]),
    st.builds(lambda k, i: f"{k}{i}", st.sampled_from("cf"), st.integers(-1, 12)),
    st.sampled_from(["c", "c00", "c٣", "f-1", "waste2", "c" + "9" * 7, "c" * 9]),
    junk,
)


def solitaire_action(view: Callable[[], dict[str, Any] | None]) -> st.SearchStrategy:
    """A solitaire action: a plausible one for the view (stock, taps, column moves), any
    shape with any pile, or a malformed one."""

    def column(i: int) -> str:
        game = (view() or {}).get("game") or {}
        return f"c{i % (len(game.get('columns', [])) or 9)}"

    source = st.one_of(st.just("waste"), st.integers(0, 8).map(column))
    plausible = st.one_of(
        st.just({"type": "stock"}),
        st.just({"type": "undo"}),
        st.builds(lambda a: {"type": "tap", "from": a}, source),
        st.builds(lambda a: {"type": "double", "from": a}, source),
        st.builds(
            lambda i, j, n: {"type": "move", "from": i, "to": j, "count": n},
            st.integers(0, 8).map(column),
            st.integers(0, 8).map(column),
            st.integers(1, 5),
        ),
        st.builds(
            lambda j: {"type": "move", "from": "waste", "to": j}, st.integers(0, 8).map(column)
        ),
        st.builds(lambda a: {"type": "move", "from": a, "to": "f"}, source),
    )
    shaped = st.builds(
        lambda t, a, b, n: {
            k: v for k, v in {"type": t, "from": a, "to": b, "count": n}.items() if v is not MISSING
        },
        value(st.sampled_from(SOLITAIRE_TYPES)),
        value(piles),
        value(piles),
        value(st.integers(1, 13), 0, 104, 105, -1, 2**63),
    )
    return weighted((8, plausible), (3, shaped))


def actions(views: dict[str, dict], room_strategy: st.SearchStrategy) -> st.SearchStrategy:
    """(room, action) pairs: mostly rooms we hold a view of, with an action made for that
    room's game (both kinds are drawn every time, so every example draws alike)."""
    held = pick(lambda: sorted(views), None)

    def game_of(room: Any) -> str | None:
        view = views.get(room) if isinstance(room, str) else None
        return ((view or {}).get("room") or {}).get("game")

    def made(parts: tuple) -> tuple[Any, Any]:
        mine, room, other, gin, solitaire, odd, either = parts
        room = room if mine and room is not None else other
        game = game_of(room)
        if game == "gin_rummy":
            action = gin
        elif game in ("easy_harp", "reflechi"):
            action = solitaire
        else:
            action = gin if either else solitaire
        if odd == "no action":
            return room, MISSING
        return room, odd if odd is not MISSING else action

    current: dict[str, Any] = {}
    view = lambda: views.get(current.get("room"))  # noqa: E731

    def remember(room: Any) -> Any:
        current["room"] = room if isinstance(room, str) else None
        return room

    return st.tuples(
        st.integers(0, 4).map(bool),
        held.map(remember),
        room_strategy,
        gin_action(view),
        solitaire_action(view),
        weighted((12, st.just(MISSING)), (1, junk), (1, st.just("no action"))),
        st.booleans(),
    ).map(made)


def message(t: Any, cmd: Any, **fields: Any) -> dict[Any, Any]:
    out: dict[Any, Any] = {} if t is MISSING else {"t": t}
    if cmd is not MISSING:
        out["id"] = cmd
    out.update({k: v for k, v in fields.items() if v is not MISSING})
    return out


_BUILT: dict[tuple[int, int], tuple[Known, dict, st.SearchStrategy]] = {}


def requests(known: Known, views: dict[str, dict]) -> st.SearchStrategy:
    """One request of any type, its fields valid, at their bounds or wrong. Built once per
    (known, views): the strategy reads them when it draws."""
    key = (id(known), id(views))
    if key not in _BUILT:
        _BUILT[key] = (known, views, _requests(known, views))  # the objects keep their ids
    return _BUILT[key][2]


def _requests(known: Known, views: dict[str, dict]) -> st.SearchStrategy:
    room = rooms(known)
    cmd = ids(known)
    since = value(st.integers(0, 5000), -1, 2**63 - 1, -(2**63), 2**64 - 1)
    epoch = value(pick(lambda: sorted(set(known.epochs.values())), "00000000"), "", "x" * 70)
    token = value(
        pick(lambda: [t for _, t in known.tokens], "x" * 32),
        "",
        "x" * 32,
        "y" * 1000,
    )
    extra = st.dictionaries(st.sampled_from(["x", "pad", "t2", "seat"]), junk, max_size=2)
    game_field = value(st.sampled_from(["gin_rummy"]), "chess", "", "GIN_RUMMY")
    gin_create = st.builds(
        lambda c, g, seats, pub, oh, turn, target: message(
            "create",
            c,
            game=g,
            seats=seats,
            public=pub,
            open_hands=oh,
            turn_seconds=turn,
            target=target,
        ),
        cmd,
        game_field,
        weighted((6, seat_lists), (1, st.lists(bad_seat_specs, min_size=2, max_size=2))),
        value(st.booleans()),
        value(st.booleans()),
        value(st.sampled_from([30, 60, 600]), 0, 1, 2, 601, -1),
        value(st.integers(1, 150), 0, 1, 500, 501),
    )
    solitaire_create = st.builds(
        lambda c, g, draw, pick, pub: message("create", c, game=g, draw=draw, public=pub, **pick),
        cmd,
        st.sampled_from(["easy_harp", "reflechi"]),
        value(st.sampled_from([1, 3]), 0, 2, 4),
        weighted(
            (4, st.builds(lambda n: {"number": n}, value(st.integers(1, 999_999), 0, 10**6, -1))),
            (3, st.builds(lambda c: {"code": c}, weighted((3, deal_codes), (2, bad_codes)))),
            (3, st.just({})),
            (1, st.builds(lambda d: {"daily": d}, value(st.booleans()))),
            (1, st.builds(lambda w: {"winnable": w}, value(st.booleans()))),
        ),
        value(st.booleans()),
    )

    def act(c, pair):
        r, action = pair
        return message("act", c, room=r, action=action)

    kinds = weighted(
        (4, st.builds(lambda c, v: message("hello", c, v=v), cmd, value(st.just(1), 0, 2, -1))),
        (4, st.builds(lambda c, x: message("ping", c, **x), cmd, extra)),
        (12, gin_create),
        (8, solitaire_create),
        (
            16,
            st.builds(
                lambda c, r, s, n: message("join", c, room=r, seat=s, name=n),
                cmd,
                room,
                value(st.sampled_from([0, 1]), 2, -1, 2**63 - 1),
                names,
            ),
        ),
        (
            8,
            st.builds(
                lambda c, r, t, s, e: message("resume", c, room=r, token=t, since=s, epoch=e),
                cmd,
                room,
                token,
                since,
                epoch,
            ),
        ),
        (
            12,
            st.builds(
                lambda c, r, s, e: message("watch", c, room=r, since=s, epoch=e),
                cmd,
                room,
                since,
                epoch,
            ),
        ),
        (8, st.builds(lambda c, r: message("leave", c, room=r), cmd, room)),
        (48, st.builds(act, cmd, actions(views, room))),
        (
            8,
            st.builds(
                lambda c, lim, after, follow: message(
                    "lobby", c, limit=lim, after=after, follow=follow
                ),
                cmd,
                value(st.integers(1, 200), 0, 201, -1),
                value(room),
                value(st.booleans()),
            ),
        ),
        # Daily rooms and solver questions cost the server real work: a few of them.
        # (a daily request always has an id: its reply is told apart from a join's by it)
        (1, st.builds(lambda c, n: message("daily", c, name=n), st.builds(known.fresh_id), names)),
        (
            1,
            st.builds(
                lambda t, c, r: message(t, c, room=r),
                st.sampled_from(["hint", "winnable"]),
                cmd,
                room,
            ),
        ),
        (
            4,
            st.builds(
                lambda t, c, x: message(t, c, **x),
                st.one_of(st.text(max_size=12), junk, st.just(MISSING), st.sampled_from(TYPES)),
                cmd,
                extra,
            ),
        ),
    )
    return kinds


# ---- MessagePack the server refuses, and frames at the edge of the limits ---------------------


def nested(depth: int, inner: Any = 1) -> Any:
    for _ in range(depth):
        inner = [inner]
    return inner


def deep_frame(depth: int) -> bytes:
    """A ping holding arrays nested ``depth`` deep (written by hand: packers refuse it)."""
    return b"\x82\xa1t\xa4ping\xa1x" + b"\x91" * depth + b"\x01"


def padded_ping(size: int) -> bytes:
    """A ping frame of exactly ``size`` bytes (a string pads it), or the smallest ping when
    ``size`` is below it. A string's header grows by one or two bytes at 32, 256 and 65 536
    characters, so some sizes no single pad reaches (52, 277, 65 558 and 65 559 among them):
    then a second, short field takes up what is left."""
    for second in (None, "", "x", "xx"):
        message: dict = {"t": "ping", "id": "pad", "pad": ""}
        if second is not None:
            message["z"] = second
        pad = max(0, size - len(pack(message)))
        for length in (pad, pad - 1, pad - 2, pad - 4):  # the header takes 1, 2, 3 or 5 bytes
            if length >= 0:
                frame = pack({**message, "pad": "x" * length})
                if len(frame) == size:
                    return frame
    return pack({"t": "ping", "id": "pad", "pad": ""})


def raw_map(*pairs: bytes) -> bytes:
    """A MessagePack map written by hand (duplicate keys, which no packer writes)."""
    return bytes([0x80 | len(pairs) // 2]) + b"".join(pairs)


def structural() -> st.SearchStrategy:
    """Valid MessagePack that breaks the protocol's limits, and frames right at them."""
    packb = lambda v: msgpack.packb(v, use_bin_type=True)  # noqa: E731
    return st.one_of(
        st.builds(lambda b: packb({"t": "ping", "id": 1, "x": b}), st.binary(max_size=64)),
        st.builds(lambda b: packb({"t": b, "id": 1}), st.binary(max_size=8)),
        st.builds(
            lambda code, b: packb({"t": "ping", "id": 1, "x": msgpack.ExtType(code, b)}),
            st.integers(0, 127),
            st.binary(max_size=16),
        ),
        st.just(packb({"t": "ping", "id": 1, "at": msgpack.Timestamp(1, 0)})),
        st.builds(lambda k: packb({"t": "ping", k: 1}), st.integers(-5, 5)),
        st.builds(lambda: packb({1: "ping"})),
        st.builds(lambda: packb({b"t": "ping"})),
        st.builds(lambda: packb({(1, 2): "x"})),
        st.builds(
            lambda d: packb({"t": "ping", "id": 1, "x": nested(d)}), st.integers(1, MAX_DEPTH + 4)
        ),
        st.builds(deep_frame, st.integers(100, 30_000)),
        st.builds(
            lambda n: packb({"t": "ping", "id": 1, "x": [0] * n}),
            st.integers(MAX_ARRAY - 1, MAX_ARRAY + 2),
        ),
        st.builds(
            lambda n: packb({"t": "ping", "id": 1, "x": {str(i): 0 for i in range(n)}}),
            st.integers(MAX_MAP - 2, MAX_MAP + 2),
        ),
        st.builds(lambda n: packb({"t": "ping", "id": 1, "x": "y" * n}), st.integers(0, 60_000)),
        st.builds(padded_ping, st.integers(MAX_FRAME - 8, MAX_FRAME)),
        st.builds(lambda v: packb(v), st.one_of(junk, st.lists(junk, max_size=3))),
        st.just(raw_map(b"\xa1t\xa4ping", b"\xa1t\xa5hello")),
        st.just(b"\x81\xa1t\xc4\x04ping"),  # bin in place of the type
        st.just(b"\x81\xa1t\xa2\xff\xfe"),  # a str that is not UTF-8
        st.just(b"\xdf\xff\xff\xff\xff"),  # a map claiming 4 billion entries
        st.just(b"\xdd\x7f\xff\xff\xff"),  # an array claiming 2 billion items
        st.just(b"\xdb\x7f\xff\xff\xff"),  # a str claiming 2 GB
        st.builds(
            lambda f: packb({"t": "ping", "id": f}), st.floats(allow_nan=True, allow_infinity=True)
        ),
    )


def mutated(base: st.SearchStrategy) -> st.SearchStrategy:
    """A valid frame with bits flipped, cut short, extended, or spliced with another."""

    def flip(frame: bytes, positions: list[int]) -> bytes:
        out = bytearray(frame)
        for p in positions:
            out[p % len(out)] ^= 1 << (p % 8)
        return bytes(out)

    return st.one_of(
        st.builds(flip, base, st.lists(st.integers(0, 10**6), min_size=1, max_size=8)),
        st.builds(lambda f, n: f[: n % max(1, len(f))], base, st.integers(0, 10**6)),
        st.builds(lambda f, tail: f + tail, base, st.binary(min_size=1, max_size=16)),
        st.builds(lambda a, b, n: a[: n % max(1, len(a))] + b, base, base, st.integers(0, 10**6)),
        st.builds(
            lambda f, n, b: f[: n % max(1, len(f))] + bytes([b]) + f[n % max(1, len(f)) + 1 :],
            base,
            st.integers(0, 10**6),
            st.sampled_from([0xC1, 0xC4, 0xC7, 0xD4, 0xDE, 0xDF, 0xFF, 0x00]),
        ),
    )


raw_bytes = st.one_of(st.binary(min_size=0, max_size=2048), st.just(b""))
texts = st.text(max_size=200)
