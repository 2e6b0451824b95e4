"""Redis Cluster readiness: whatever the store does, a command, a script or a transaction
touches the keys of one slot, and every key of a room is in the slot of the room's log
(server/store/keys.py).

The real Redis store goes through a run of its operations while every command it sends is
recorded (its connections are of a class that notes each command it packs, with the
operation under way); the keys of each command are Redis' own answer (COMMAND GETKEYS). A
transaction (WATCH, MULTI .. EXEC) counts as one unit, as it does for a cluster.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any
from uuid import uuid4

import pytest
import redis.asyncio as redis
from redis.crc import key_slot
from stores import (
    DAY,
    REDIS_URL,
    daily_solitaire,
    deal,
    delete_prefix,
    entry,
    lobby_entry,
    meta,
    player_record,
    rated_game,
    replay,
)

from server.host.settlement import KEPT, record_game
from server.services.pool import Pool
from server.store.keys import GROUPS, Keys, room_group
from server.store.redis_store import RedisStore


@dataclass
class Unit:
    """One command, or one transaction: what a cluster needs in one slot."""

    op: str
    commands: list[tuple[str, ...]] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)

    @property
    def slots(self) -> set[int]:
        return {key_slot(k.encode()) for k in self.keys}

    @property
    def name(self) -> str:
        names = [c[0].upper() for c in self.commands]
        return "MULTI" if "MULTI" in names else names[0]

    def __str__(self) -> str:
        slots = {k: key_slot(k.encode()) for k in self.keys}
        return f"{self.op}: {' '.join(c[0] for c in self.commands)} {slots}"


class Recorder:
    """Every command the store's connections pack, with the operation under way."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, str, tuple[str, ...]]] = []  # connection, op, command
        self.op = "open"

    @contextlib.contextmanager
    def doing(self, op: str) -> Iterator[None]:
        self.op = op
        try:
            yield
        finally:
            self.op = "between"

    def install(self, store: RedisStore) -> None:
        """Make the store's connections record (before it opened any)."""
        pool = store.redis.connection_pool
        base, recorder = pool.connection_class, self

        class Recording(base):  # type: ignore[misc, valid-type]
            def pack_command(self, *args: Any) -> list[bytes]:
                words = [a.decode() if isinstance(a, bytes) else str(a) for a in args]
                command = tuple(words[0].split()) + tuple(words[1:])
                recorder.sent.append((id(self), recorder.op, command))
                return super().pack_command(*args)

        pool.connection_class = Recording

    async def units(self, client: redis.Redis) -> list[Unit]:
        """Commands as a cluster sees them: each alone, but WATCH .. MULTI .. EXEC as one."""
        units: list[Unit] = []
        open_: dict[int, Unit] = {}  # connection -> its transaction under way
        for conn, op, command in self.sent:
            name = command[0].upper()
            keys = await keys_of(client, command)
            unit = open_.get(conn)
            if unit is None and name in ("WATCH", "MULTI"):
                unit = open_[conn] = Unit(op)
            if unit is None:
                units.append(Unit(op, [command], keys))
                continue
            unit.commands.append(command)
            unit.keys += keys
            if name in ("EXEC", "DISCARD", "UNWATCH") or (
                name == "RESET" and "MULTI" not in [c[0].upper() for c in unit.commands]
            ):
                units.append(open_.pop(conn))
        units += open_.values()
        return units


async def keys_of(client: redis.Redis, command: tuple[str, ...]) -> list[str]:
    try:
        return list(await client.command_getkeys(*command))
    except redis.ResponseError:  # a command without keys (PUBLISH names a channel)
        return []


async def drive(store: RedisStore, recorder: Recorder, rooms: list[str]) -> None:
    """A run of the store's operations, each named as it goes."""
    one, two, three = rooms
    ann, bob = "p" + uuid4().hex[:12], "p" + uuid4().hex[:12]
    carl, dave, erin = ("p" + uuid4().hex[:12] for _ in range(3))  # seekers never reset
    game = "game-" + uuid4().hex[:10]  # not its room's id: its replay is in another slot
    tokens: dict[str, int] = {}
    leases, players, dailies, seeks = store.leases, store.players, store.dailies, store.seeks
    pool = Pool(seeks)
    daily_game = daily_solitaire("g-daily", ann, True, 9, 99, 6)

    async def take(room: str) -> None:
        token = await leases.acquire(room, "node-a", 10_000)
        assert token is not None
        tokens[room] = token

    steps: list[tuple[str, Any]] = [
        ("ping", lambda: store.ping()),
        *((f"create_room {r}", lambda r=r: store.rooms.create_room(r, meta())) for r in rooms),
        ("create_room again", lambda: _conflict(store.rooms.create_room(one, meta()))),
        ("room_meta", lambda: store.rooms.room_meta(one)),
        ("heartbeat", lambda: leases.heartbeat("node-a")),
        ("pulse", lambda: leases.pulse("node-a/1")),
        ("lapsed", lambda: leases.lapsed(10)),
        ("acquire", lambda: take(one)),
        ("acquire", lambda: take(two)),
        ("holders", lambda: leases.holders(rooms)),
        ("append", lambda: store.rooms.append(one, 0, entry(0))),
        ("append", lambda: store.rooms.append(one, 1, entry(1), fence=tokens[one])),
        ("durable", lambda: store.rooms.durable(one)),
        ("append", lambda: _conflict(store.rooms.append(one, 1, entry(1)))),
        ("log", lambda: store.rooms.log(one)),
        ("lengths", lambda: store.rooms.lengths(rooms)),
        ("renew", lambda: leases.renew([(r, "node-a", tokens[r]) for r in (one, two)], 10_000)),
        ("release", lambda: leases.release(two, "node-a", tokens[two])),
        ("lapsed", lambda: leases.lapsed(10)),
        ("is_active", lambda: store.rooms.is_active(one)),
        ("active_rooms", lambda: store.rooms.active_rooms()),
        ("active_count", lambda: store.rooms.active_count()),
        ("set_presence", lambda: leases.set_presence(one, "node-a", [1, 0, 0])),
        ("set_presence", lambda: leases.set_presence(two, "node-b", [0, 1, 0])),
        ("set_presence", lambda: leases.set_presence(two, "node-a", None)),
        ("presence", lambda: leases.presence(one)),
        ("leave_cluster", lambda: leases.leave_cluster("node-b")),
        ("lobby_put", lambda: store.lobby.put(one, lobby_entry(one, 1))),
        ("lobby_put", lambda: store.lobby.put(two, lobby_entry(two, 1))),
        ("lobby_remove", lambda: store.lobby.remove(two)),
        ("lobby_snapshot", lambda: store.lobby.snapshot()),
        ("set_deadline", lambda: store.rooms.set_deadline(one, "grace:0", 1_000)),
        ("set_deadline", lambda: store.rooms.set_deadline(one, "grace:0", 2_000)),
        ("set_deadline", lambda: store.rooms.set_deadline(one, "unjoined", 1_000)),
        ("set_deadline", lambda: store.rooms.set_deadline(one, "unjoined", None)),
        ("deadlines", lambda: store.rooms.deadlines(one)),
        ("set_deadline", lambda: store.rooms.set_deadline(one, "grace:1", 1_000, 60_000)),
        ("due", lambda: store.rooms.due(10**13, 10)),
        ("set_due", lambda: store.rooms.set_due(one, 5_000)),
        ("look_by", lambda: store.rooms.look_by(one, 0)),
        ("set_due", lambda: store.rooms.set_due(one, None)),
        # The server's game id is its room's (the replay is in the room's slot).
        ("finish_room", lambda: store.rooms.finish_room(one, replay(one, 100.0))),
        ("finish_room", lambda: store.rooms.finish_room(one, replay(one, 100.0))),  # again
        ("finish_room", lambda: store.rooms.finish_room(two, None)),
        ("finish_room", lambda: store.rooms.finish_room(three, replay(game, 90.0))),
        ("replay", lambda: store.replays.replay(one)),
        ("replays", lambda: store.replays.replays(10)),
        ("put_daily", lambda: dailies.put_daily("2024-05-01", deal(1))),
        ("daily", lambda: dailies.daily("2024-05-01")),
        ("create_player", lambda: players.create_player(player_record(ann), "h1" * 32)),
        ("create_player", lambda: players.create_player(player_record(bob, "Bob"), "h2" * 32)),
        ("create_player", lambda: _conflict(players.create_player(player_record(ann), "h3" * 32))),
        ("player", lambda: players.player(ann)),
        ("player_by_secret", lambda: players.player_by_secret("h1" * 32)),
        ("update_player", lambda: players.update_player(ann, {"name": "Ann B"}, "h1" * 32)),
        ("reset_secret", lambda: players.reset_secret(ann, "h4" * 32, "h1" * 32)),
        ("note_network", lambda: players.note_network(ann, "tag-a", 1.0)),
        ("networks", lambda: players.networks(ann)),
        ("allow", lambda: players.allow("players:127.0.0.1", 5, 3600)),
        ("claim_attempt", lambda: dailies.claim_attempt("reflechi_draw1", DAY, ann, "g-daily")),
        ("attempt", lambda: dailies.attempt("reflechi_draw1", DAY, ann)),
        ("board_size", lambda: dailies.board_size("reflechi_draw1", DAY)),
        ("record_game", lambda: record_game(store, daily_game)),
        ("record_game", lambda: record_game(store, daily_game)),  # again: counted
        ("rank", lambda: dailies.rank("reflechi_draw1", DAY, ann, 1.0, {"game": "g-daily"})),
        ("board_size", lambda: dailies.board_size("reflechi_draw1", DAY)),
        ("record_game", lambda: record_game(store, rated_game("g-rated", [ann, bob], 0, 5.0))),
        ("daily_board", lambda: dailies.daily_board("reflechi_draw1", DAY, 10, ann)),
        ("player_stats", lambda: store.results.player_stats(ann)),
        ("player_games", lambda: store.results.player_games(ann)),
        ("player_rating", lambda: store.results.player_rating(ann)),
        ("rating_history", lambda: store.results.rating_history(ann)),
        ("rating_board", lambda: store.results.rating_board(10)),
        ("propose", lambda: store.results.propose("g-rated", {"ratings": {}})),
        ("counted", lambda: store.results.counted("g-rated")),
        ("mark_counted", lambda: store.results.mark_counted("g-rated")),
        ("pair_games", lambda: store.results.pair_games(DAY, (ann, bob))),
        ("count_pair", lambda: store.results.count_pair(DAY, (ann, bob), "g-rated")),
        ("set_board_rating", lambda: store.results.set_board_rating(bob, None)),
        ("settle_player", lambda: store.results.settle_player("g-rated", ann, unfolded, KEPT)),
        ("seek", lambda: pool.seek(seeker(carl), "room-s1", 11, T0)),
        ("seek_of", lambda: seeks.seek_of(carl)),
        ("unseek", lambda: pool.unseek(carl, f"c-{carl}")),
        ("seek", lambda: pool.seek(seeker(carl), "room-s1", 11, T0)),
        ("seek", lambda: pool.seek(seeker(dave), "room-s2", 12, T0)),  # pairs with carl
        ("pairing", lambda: seeks.pairing(carl)),
        ("seek", lambda: pool.seek(seeker(erin), "room-s3", 13, T0)),
        ("sweep", lambda: pool.sweep("node-a", T0 + 5_000, ["node-a"], [("room-s4", 14)])),
        ("seekers", lambda: seeks.seekers()),
        ("announce", lambda: seeks.announce({"k": "paired", "room": "room-s2"})),
        ("rematch", lambda: seeks.rematch(one, lambda state: {"state": "offered"}, 60)),
        ("rematch_state", lambda: seeks.rematch_state(one)),
        ("put_review", lambda: store.replays.put_review(one, 0, {"marks": []})),
        ("review", lambda: store.replays.review(one, 0)),
    ]  # fmt: skip
    for op, step in steps:
        with recorder.doing(op.split()[0]):
            await step()


T0 = 1_767_000_000_000  # the pool's "now" (ms): the caller's clock


def unfolded(stats: Any, rating: Any) -> Any:
    """A fold never called: its game was settled for the player already."""
    raise AssertionError("settled twice")


def seeker(player: str) -> dict[str, Any]:
    """A rated seek of a 100-point match from its own address, waiting since T0."""
    return {
        "player": player, "name": "P", "rating": 1500, "target": 100, "turn": None,
        "rated": True, "addr": f"addr-{player}", "node": "node-a", "conn": f"c-{player}",
        "since": T0,
    }  # fmt: skip


async def _conflict(write) -> None:
    with contextlib.suppress(Exception):
        await write


@pytest.fixture
async def recorded() -> AsyncIterator[tuple[list[Unit], list[str], Keys]]:
    """The units of a run of the store, the rooms it went through, and its keys."""
    prefix = f"cardroom-test:{uuid4().hex}"
    rooms = [f"room-{uuid4().hex[:10]}" for _ in range(3)]
    store, recorder = RedisStore(REDIS_URL, prefix=prefix), Recorder()
    recorder.install(store)
    client = redis.from_url(REDIS_URL, decode_responses=True)
    try:
        await drive(store, recorder, rooms)
        yield await recorder.units(client), rooms, Keys(prefix)
    finally:
        await store.close()
        await client.aclose()
        await delete_prefix(prefix)


async def test_the_run_went_through_every_kind_of_operation(recorded) -> None:
    """The rules below hold of something: scripts, pipelines and transactions were sent."""
    units, _, _ = recorded
    names = {u.name for u in units}
    assert {"EVALSHA", "GET", "HGETALL", "ZREVRANGE", "SMEMBERS"} <= names
    ops = {u.op for u in units}
    assert {"finish_room", "lobby_put", "lapsed", "set_deadline", "record_game"} <= ops
    assert {"seek", "sweep", "unseek", "rematch", "put_review"} <= ops


async def test_every_script_touches_the_keys_of_one_slot(recorded) -> None:
    units, _, _ = recorded
    scripts = [u for u in units if u.name in ("EVALSHA", "EVAL")]
    assert scripts
    spanning = [str(u) for u in scripts if len(u.slots) > 1]
    assert spanning == []


async def test_every_key_of_a_room_is_in_the_slot_of_its_log(recorded) -> None:
    """Its meta, lease, fence, presence, deadlines, and its replay (the game's id being the
    room's), whichever command names them."""
    units, rooms, keys = recorded
    for room_id in rooms:
        home = key_slot(keys.room_log(room_id).encode())
        named = {k for u in units for k in u.keys if room_id in k}
        assert len(named) >= 5, named
        assert {k: key_slot(k.encode()) for k in named if key_slot(k.encode()) != home} == {}


async def test_no_command_or_transaction_spans_slots(recorded) -> None:
    """Whatever spans slots is done in steps, each in one slot (a reset's, a game's count)."""
    units, _, _ = recorded
    spanning = [u for u in units if len(u.slots) > 1]
    assert spanning == [], "\n".join(map(str, spanning))


async def test_the_deadline_index_is_in_its_groups_slot_and_written_with_the_room(recorded):
    """The index of rooms due is one sorted set per group, in the group's slot; what writes
    it beside a room's keys (a deadline's start, a presence, a finish, the driver's look) is
    one script, in the room's slot."""
    units, rooms, keys = recorded
    for group in GROUPS:
        assert key_slot(keys.due(group).encode()) == key_slot(keys.active(group).encode())
    one = rooms[0]
    index, home = keys.due(room_group(one)), key_slot(keys.room_log(one).encode())
    for op in ("set_deadline", "set_presence", "finish_room", "set_due", "look_by"):
        written = [u for u in units if u.op == op and index in u.keys]
        assert written, op
        assert all(u.name == "EVALSHA" and u.slots == {home} for u in written), op
    reads = [u for u in units if u.op == "due"]
    assert len(reads) == len(GROUPS)  # one read of each group, whatever the rooms
