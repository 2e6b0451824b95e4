"""Where a game's secrets come from (server/seeds.py): the operating system's CSPRNG, drawn once
where a room is decided, and never computed from what a client can see.

The source is read as test_layers.py reads imports: every place the server writes a
seed (a ``"seed"`` key, a ``seed=`` argument, a variable named ``seed``) must take it from
:mod:`server.seeds` or from a seed already stored (``meta["seed"]``), or derive it from one
of those. The checker is shown to refuse what it is there to refuse: the rematch seed that
was the CRC-32 of the room id both players are sent, a hash, a time, a constant."""

from __future__ import annotations

import ast
import datetime as dt
import textwrap
from pathlib import Path

import pytest

from server.games.cards import derive_seed
from server.games.gin_rummy.game import first_dealer
from server.rooms import check_meta, make_room
from server.rooms.rematch import public, step
from server.seeds import new_seed, new_seed_where
from server.services.dailies import Dailies, day_seed
from server.services.rematches import rematch_meta, rematch_seed
from server.store import Store

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "server"

ROOM_MAKERS = ("services", "host", "rooms", "players", "store", "transport")
"""The packages that make, pair, drive and store rooms. Not ``games`` (the engines turn a seed
into cards, and are given one) nor ``examples`` (the learn pages' fixed, public positions)."""

DRAWS = {"new_seed", "new_seed_where", "rematch_seed"}
"""Calls that give a fresh seed: server.seeds's, and the rematch's (a server.seeds draw, as
test_a_rematch_seed_is_drawn_for_its_first_dealer_and_never_twice_the_same checks)."""
KEYED = {"day_seed"}
"""Today's deal: an HMAC of the date under the daily key, which server.seeds draws."""
DERIVED = {"derive_seed"}
"""A seed derived from a first argument that is itself a seed (a bot's, a hand's)."""

SEED_ARGUMENTS = {
    "step": 5,  # server.rooms.rematch.step(state, seat, answer, now_ms, room, seed)
    "seek": 2,  # a store's or the pool's seek(seek, room, seed, now_ms)
    "make_pairing": 3,  # (waited, new, room, seed, now_ms)
    "seek_step": 3,  # the pool's rules: (pool, seek, room, seed, now_ms, counts)
    "think": 1,  # a bot's think(level, seed, view)
    "decide": 1,  # (level, seed, view)
    "solitaire_orders": 1,  # (variant, seed)
    "accept": 4,  # a challenge's accept(record, cid, now_ms, room, seed, by)
}
"""Where a positional argument is a seed, by the function's name: every function of the room
makers that takes a ``seed`` is here (test_every_function_that_takes_a_seed_is_known)."""
STORE_ONLY = {"seek"}
"""Names that mean a seed only when called on a store or the pool (the service's ``seek`` of
a socket takes a target, a turn clock and a flag)."""
ROOM_LISTS = {"sweep": 3}
"""Calls whose argument is a list of ``(room, seed)`` pairs: a store's sweep(node, now,
alive, rooms)."""
FORBIDDEN = {"randbits", "randbelow", "getrandbits", "urandom", "SystemRandom", "token_bytes"}
"""Ways to draw bits or an integer from a CSPRNG: only server.seeds draws a game's (ids,
tokens and player secrets use secrets' token_hex, token_urlsafe and choice; a player secret's
token_bytes lives in server.players.identity, allowed by name)."""
FORBIDDEN_IN = {"server/players/identity.py": {"token_bytes"}}


def seed_named(name: str | None) -> bool:
    return name is not None and (name == "seed" or name.endswith("_seed"))


def called(node: ast.Call) -> str | None:
    return getattr(node.func, "id", None) or getattr(node.func, "attr", None)


def on_a_store(node: ast.Call) -> bool:
    """Is the call made on a store or the pool (``self.store.seek``, ``self.pool``)?"""
    receiver = ast.unparse(node.func.value) if isinstance(node.func, ast.Attribute) else ""
    return "store" in receiver or "pool" in receiver


class SeedWrites(ast.NodeVisitor):
    """Every seed a module writes whose value is not a draw, a stored seed, or derived from
    one of those; as ``(line, source)``. A seed is written as a ``"seed"`` key, a ``seed=``
    argument, a positional argument of SEED_ARGUMENTS, a name (or a tuple's element) named
    like a seed, or the second of the ``(room, seed)`` pairs ROOM_LISTS take."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.bad: list[tuple[int, str]] = []
        self.trusted: list[set[str]] = [set()]  # names holding a seed, per function
        self.lists: list[dict[str, ast.expr]] = [{}]  # names bound to a list, per function
        self.params: list[set[str]] = [set()]  # the function's parameters

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.trusted.append({a.arg for a in node.args.args if seed_named(a.arg)})
        self.lists.append({})
        self.params.append({a.arg for a in node.args.args})
        self.generic_visit(node)
        self.trusted.pop()
        self.lists.pop()
        self.params.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self.trusted.append(
            {*self.trusted[-1], *(a.arg for a in node.args.args if seed_named(a.arg))}
        )
        self.generic_visit(node)
        self.trusted.pop()

    def visit_For(self, node: ast.For) -> None:
        # ``for room, seed in rooms``, over a parameter: seeds passed in, checked at the call.
        for name in ast.walk(node.target):
            if isinstance(name, ast.Name) and seed_named(name.id):
                self.trusted[-1].add(name.id)
        self.generic_visit(node)

    def ok(self, value: ast.expr) -> bool:
        """A value that may be written as a seed."""
        if isinstance(value, ast.Subscript):
            key = value.slice
            return isinstance(key, ast.Constant) and key.value == "seed"
        if isinstance(value, ast.Name):
            return value.id in self.trusted[-1]
        if isinstance(value, ast.Attribute):
            return value.attr == "seed"
        if isinstance(value, ast.IfExp):
            return self.ok(value.body) and self.ok(value.orelse)
        if isinstance(value, ast.Call):
            name = called(value)
            if name in DRAWS or name in KEYED:
                return True
            if name == "get" and value.args and isinstance(value.args[0], ast.Constant):
                return value.args[0].value == "seed" and len(value.args) == 1
            if name in DERIVED and value.args:
                return self.ok(value.args[0])
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mod):
            return self.ok(value.left)  # seed % 2**64: the same seed, in range
        return False

    def check(self, value: ast.expr | None, at: ast.AST) -> None:
        if value is not None and not self.ok(value):
            self.bad.append((at.lineno, ast.get_source_segment(self.source, at) or ""))

    def visit_Dict(self, node: ast.Dict) -> None:
        for key, value in zip(node.keys, node.values, strict=True):
            if isinstance(key, ast.Constant) and key.value == "seed":
                self.check(value, node)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        for keyword in node.keywords:
            if seed_named(keyword.arg):
                self.check(keyword.value, node)
        name = called(node)
        at = SEED_ARGUMENTS.get(name or "")
        if at is not None and len(node.args) > at and (name not in STORE_ONLY or on_a_store(node)):
            self.check(node.args[at], node)
        at = ROOM_LISTS.get(name or "")
        if at is not None and len(node.args) > at and on_a_store(node):
            self._rooms(node.args[at], node)
        self.generic_visit(node)

    def _rooms(self, value: ast.expr, at: ast.AST) -> None:
        """A list of ``(room, seed)`` pairs: each seed checked where the list is made."""
        if isinstance(value, ast.Name):
            value = self.lists[-1].get(value.id, value)
        if isinstance(value, ast.ListComp | ast.List):
            pairs = [value.elt] if isinstance(value, ast.ListComp) else value.elts
            for pair in pairs:
                if isinstance(pair, ast.Tuple) and len(pair.elts) == 2:
                    self.check(pair.elts[1], at)
                else:
                    self.bad.append((at.lineno, ast.get_source_segment(self.source, at) or ""))
        elif not (isinstance(value, ast.Name) and value.id in self.params[-1]):
            # (a list passed in is checked where it was made)
            self.bad.append((at.lineno, ast.get_source_segment(self.source, at) or ""))

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._assigned(target, node.value, node)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self._assigned(node.target, node.value, node)
        self.generic_visit(node)

    def _assigned(self, target: ast.expr, value: ast.expr, at: ast.AST) -> None:
        if isinstance(target, ast.Tuple):
            if isinstance(value, ast.Tuple) and len(value.elts) == len(target.elts):
                for t, v in zip(target.elts, value.elts, strict=True):
                    self._assigned(t, v, at)
            else:  # unpacked from one value: a seed among the names is not traced, refused
                for t in target.elts:
                    if isinstance(t, ast.Name) and seed_named(t.id):
                        self.bad.append((at.lineno, ast.get_source_segment(self.source, at) or ""))
        elif isinstance(target, ast.Name):
            if isinstance(value, ast.ListComp | ast.List):
                self.lists[-1][target.id] = value
            if seed_named(target.id):
                self.check(value, at)
                if self.ok(value):
                    self.trusted[-1].add(target.id)
        elif isinstance(target, ast.Subscript):
            key = target.slice
            if isinstance(key, ast.Constant) and key.value == "seed":
                self.check(value, at)


def seed_writes(source: str) -> list[tuple[int, str]]:
    finder = SeedWrites(source)
    finder.visit(ast.parse(source))
    return finder.bad


def room_modules() -> list[Path]:
    found = []
    for package in ROOM_MAKERS:
        found += sorted((SERVER / package).rglob("*.py"))
    return found


def test_every_seed_the_server_writes_comes_from_the_seed_source_or_a_stored_seed():
    bad = []
    for path in room_modules():
        for line, text in seed_writes(path.read_text()):
            bad.append(f"{path.relative_to(ROOT)}:{line}: {text.splitlines()[0]}")
    assert not bad, "seeds not drawn by server.seeds:\n" + "\n".join(bad)


def test_every_function_that_takes_a_seed_is_known():
    """A new function of the room makers that takes a seed positionally must be added to
    SEED_ARGUMENTS (or ROOM_LISTS), or its callers' seeds would go unread."""
    unknown = []
    for path in room_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names = [a.arg for a in node.args.args if a.arg not in ("self", "cls")]
                for at, name in enumerate(names):
                    if seed_named(name) and SEED_ARGUMENTS.get(node.name) != at:
                        unknown.append(f"{path.relative_to(ROOT)}: {node.name}({name} at {at})")
    assert not unknown, "\n".join(unknown)


def test_only_the_seed_source_draws_from_the_csprng_for_a_game():
    """Bits or integers from a CSPRNG are drawn in server/seeds.py only, in whatever way they
    are spelled (``secrets.randbits``, ``from secrets import randbelow``, ``os.urandom``)."""
    found = []
    for path in room_modules():
        allowed = FORBIDDEN_IN.get(str(path.relative_to(ROOT)), set())
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Attribute):
                names = [node.attr]
            elif isinstance(node, ast.ImportFrom):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.Name):
                names = [node.id]
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} {n}"
                for n in names
                if n in FORBIDDEN and n not in allowed
            ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "code",
    [
        # What the rematch did: the room id both players are sent, through CRC-32.
        """
        seed = zlib.crc32(new_room.encode())
        while derive_seed(seed, 0) & 1 != old_first:
            seed += 1
        meta = {"seed": seed}
        """,
        'meta = {"seed": hash(room_id)}',
        'meta = {**meta, "seed": int(time.time())}',
        'meta["seed"] = counter',
        "room = make(seed=0)",
        'meta = {"seed": secrets.randbits(64)}',  # the CSPRNG, but not through server.seeds
        'meta = {"seed": derive_seed(len(room_id), 1)}',
        'meta = {"seed": meta.get("seed", 7)}',
        # Through a tuple, or straight into a call that takes a seed.
        "fresh, seed = new_room_code(), 0\nmeta = {'seed': seed}",
        "fresh, seed = pick()",
        "step(state, seat, answer, now, fresh, zlib.crc32(fresh.encode()))",
        "await self.store.seeks.seek(seek, room_id, zlib.crc32(room_id.encode()), now)",
        "rooms = [(new_room_code(), k) for k in range(32)]\n"
        "await self.store.seeks.sweep(n, t, a, rooms)",
        "think(level, 12345, view)",
    ],
)
def test_the_reader_refuses_a_seed_computed_from_anything_else(code):
    assert seed_writes(textwrap.dedent(code))


@pytest.mark.parametrize(
    "code",
    [
        "seed = new_seed()\nmeta = {'seed': seed}",
        "meta = {**meta, 'seed': meta['seed'] if 'seed' in meta else new_seed()}",
        "think(level, derive_seed(room.meta['seed'] % 2**64, 1000 + seat))",
        "return {'seed': made['seed'], 'at': now}",
        "deal = {'seed': day_seed(key, 'gin_rummy', day)}",
        "fresh, seed = new_room_code(), rematch_seed(room)\nstep(s, 0, 'offer', 1, fresh, seed)",
        "rooms = [(new_room_code(), new_seed()) for _ in range(9)]\nstore.sweep(n, t, a, rooms)",
        "await s.seeks.seek(conn, req.target, req.turn_seconds, req.rated)",  # not a store's
    ],
)
def test_the_reader_lets_a_drawn_or_stored_seed_through(code):
    assert not seed_writes(code)


# ---- the draws themselves -----------------------------------------------------------------


def test_seeds_are_drawn_fresh_and_cover_the_whole_range():
    drawn = [new_seed() for _ in range(2000)]
    assert len(set(drawn)) == len(drawn)
    assert all(0 <= s < 2**64 for s in drawn)
    # Each of the 64 bits is set in about half the draws (a 60-bit source, or one stuck
    # bit, would not pass: 2000 draws put each share within 0.4-0.6 with certainty).
    for bit in range(64):
        share = sum(s >> bit & 1 for s in drawn) / len(drawn)
        assert 0.4 < share < 0.6, bit


def test_a_seed_drawn_for_a_condition_meets_it():
    drawn = [new_seed_where(lambda s: s % 3 == 1) for _ in range(200)]
    assert all(s % 3 == 1 for s in drawn) and len(set(drawn)) == 200


def finished_room(seed: int):
    meta = check_meta({"seats": [{"kind": "human"}, {"kind": "human"}], "seed": seed})
    room = make_room("old", meta)
    room.seats[0].player, room.seats[1].player = "pann", "pbob"
    return room


def test_a_rematch_seed_is_drawn_for_its_first_dealer_and_never_twice_the_same():
    """Two rematches of the same match, between the same players, under the same new id
    (everything a client sees): two deals."""
    room = finished_room(12345)
    old_dealer = ("pann", "pbob")[first_dealer(12345)]
    metas = []
    for _ in range(100):
        offer = step(None, 0, "offer", 0, "x", rematch_seed(room))
        agreed = step(offer, 1, "accept", 1, "same-id", rematch_seed(room))
        meta = rematch_meta(room, agreed)
        assert meta["seats"][first_dealer(meta["seed"])]["for"] != old_dealer
        metas.append(meta)
    assert len({m["seed"] for m in metas}) == 100


def test_what_anyone_is_told_of_an_agreed_rematch_holds_no_seed():
    room = finished_room(1)
    seed = rematch_seed(room)
    agreed = step(step(None, 0, "offer", 0, "x", 0), 1, "accept", 1, "room2", seed)
    assert agreed["seed"] == seed  # the store keeps it with the agreement
    told = public(agreed)
    assert "seed" not in told and told["next"] == "room2" and told["state"] == "accepted"
    assert seed not in told.values()


async def test_today_s_deal_is_the_same_for_everyone_and_known_to_no_one(store: Store):
    """Today's Gin Rummy: one deal per day on a server (every node reads one key), a deal
    nobody computes from the date: each deployment draws its own key."""
    day = dt.date(2026, 12, 6)
    first = Dailies(store.dailies, solving=None)  # type: ignore[arg-type]
    again = Dailies(store.dailies, solving=None)  # type: ignore[arg-type]
    assert (await first.gin(day))["seed"] == (await again.gin(day))["seed"]
    # The key was drawn, not fixed: a key of a constant would give every deployment this.
    assert (await first.gin(day))["seed"] != day_seed(bytes(32), "gin_rummy", day)
    assert len(await first.secret()) == 32


async def test_two_deployments_deal_today_s_game_differently(tmp_path):
    from server.store.embedded import EmbeddedStore

    day = dt.date(2026, 12, 6)
    seeds = []
    for name in ("a", "b"):
        store = EmbeddedStore(str(tmp_path / f"{name}.sqlite3"))
        try:
            seeds.append((await Dailies(store.dailies, solving=None).gin(day))["seed"])  # type: ignore[arg-type]
        finally:
            await store.close()
    assert seeds[0] != seeds[1]
    # The hands differ too (not only the number).
    assert derive_seed(seeds[0], 1) != derive_seed(seeds[1], 1)
