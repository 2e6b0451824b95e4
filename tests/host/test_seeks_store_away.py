"""Quick pairing when the store goes away in the middle of a seek (server/services/seeks.py),
in fake time on two nodes' real services over one embedded store: whichever write after the
pool's step fails, the seek is the pool's, its player is told of their pairing (by the
answer, or a ``paired`` message soon after), and the room is made once. Found by the Redis
Cluster fail-over trial: a seek answered ``unavailable`` after it paired left its opponent
alone in a room that then ended ``no_show``."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from host_harness import CONFIG, FakeClock, Host, Recorder

from server import services
from server.config import Config
from server.host.homes import Homes
from server.players import identity
from server.services.connection import Connection
from server.services.replays import FramesCache
from server.store.base import Unavailable
from server.store.embedded import EmbeddedStore

N1, N2 = "n1", "n2"
SETTINGS = {"target": 10, "turn": None, "rated": False}


class World:
    """Two nodes' services on one store and clock; what the store announces is handed to
    both nodes' seeks, as their event loops do."""

    def __init__(self, store: EmbeddedStore, clock: FakeClock) -> None:
        self.store, self.clock = store, clock
        self.live = {N1, N2}
        self.pool = ThreadPoolExecutor(1)
        self.hosts: list[Host] = []
        self.nodes = {node: self._node(node) for node in (N1, N2)}
        announce = store.seeks.announce
        self.fail: set[str] = set()  # kinds of event whose announce fails (store away)

        async def announced(event):
            if event["k"] in self.fail:
                raise Unavailable("away")
            await announce(event)
            for node in self.nodes.values():
                getattr(node.seeks, f"on_{event['k']}")(event)

        store.seeks.announce = announced

    def _node(self, node_id: str) -> services.Services:
        config = Config(**{**CONFIG.__dict__, "node_id": node_id, "check_seconds": 2.0})
        live = lambda: set(self.live)  # noqa: E731
        host = Host(self.store, self.clock, config, node_id, live=live)
        self.hosts.append(host)
        homes = Homes(self.store.leases, host.replicas, host.driver, node_id, live, self.clock)
        parts = services.Host(
            host.replicas, host.driver, homes, live, host.tasks.spawn, clock=self.clock
        )
        frames = FramesCache(0, new_pool=lambda: self.pool)
        made = services.build(
            node_id, config, self.store, parts, (self.pool, self.pool), frames, _ready
        )  # fmt: skip
        host.tasks.keep("seeks", made.seeks.run)
        return made

    async def sign_in(self, node: str, name: str, address: str) -> Connection:
        conn = Connection(Recorder(), address=address)
        secret = identity.new_secret()
        record = identity.new_player(identity.new_player_id(), name)
        await self.store.players.create_player(record, identity.secret_hash(secret))
        await self.nodes[node].players.identify(conn, secret)
        return conn

    async def close(self) -> None:
        for host in self.hosts:
            await host.close()
        self.pool.shutdown()


async def _ready():
    return {}


def paired_of(conn: Connection) -> list[dict]:
    return [m for m in conn.socket.received if m.get("t") == "paired"]


@pytest.fixture
async def world(tmp_path):
    clock = FakeClock()
    store = EmbeddedStore(str(tmp_path / "db.sqlite3"), monotonic=clock.monotonic)
    made = World(store, clock)
    yield made
    await made.close()
    await store.close()


async def _pair(world: World, fail: set[str], node: str = N2, break_create: bool = False):
    """Ann seeks on n1 and waits; Cid seeks on ``node`` while the announces named in
    ``fail`` (and the room's creation there, with ``break_create``) fail: what each was
    told, in the end."""
    ann = await world.sign_in(N1, "Ann", "203.0.113.1")
    cid = await world.sign_in(node, "Cid", "203.0.113.2")
    assert (await world.nodes[N1].seeks.seek(ann, **SETTINGS))["seeking"] is True
    world.fail = fail
    create = world.nodes[node].rooms.create_paired
    if break_create:

        async def away(*args):
            raise Unavailable("away")

        world.nodes[node].rooms.create_paired = away
    answer = await world.nodes[node].seeks.seek(cid, **SETTINGS)
    world.fail = set()
    world.nodes[node].rooms.create_paired = create
    await world.clock.advance(12.0)  # the looks after the seeks, and a pending deadline
    return ann, cid, answer


def _both_told(ann: Connection, cid: Connection, answer: dict) -> str:
    """Ann was told by a message, Cid by the answer or a message, of one room, other seats."""
    told_ann = paired_of(ann)
    told_cid = paired_of(cid) + ([answer] if not answer["seeking"] else [])
    assert len(told_ann) == 1 and len(told_cid) == 1, (told_ann, told_cid)
    assert told_ann[0]["room"] == told_cid[0]["room"]
    assert {told_ann[0]["seat"], told_cid[0]["seat"]} == {0, 1}
    return told_ann[0]["room"]


async def _made(world: World, room: str, *players: Connection) -> None:
    """The pairing's room was made, its seats kept for the two players."""
    meta = await world.store.rooms.room_meta(room)
    assert meta is not None and meta["paired"]
    assert {seat["for"] for seat in meta["seats"]} == {p.player["id"] for p in players}


async def test_with_the_store_there_a_seeker_on_the_same_node_is_told_in_the_answer(world):
    ann, cid, answer = await _pair(world, set(), N1)
    assert answer["seeking"] is False
    await _made(world, _both_told(ann, cid, answer), ann, cid)


@pytest.mark.parametrize("node", [N1, N2])
@pytest.mark.parametrize("fail", [{"sought"}, {"proposed"}, {"paired"}, {"sought", "paired"}])
async def test_an_announce_lost_with_the_store_leaves_nobody_untold(world, fail, node) -> None:
    ann, cid, answer = await _pair(world, fail, node)
    await _made(world, _both_told(ann, cid, answer), ann, cid)


async def test_a_room_the_store_could_not_make_is_made_and_both_are_told(world) -> None:
    """Paired at once on one node; the pairing stood in the pool, the room's write failed:
    Cid's answer says he seeks, and the pending pairing's deadline makes the room and
    tells both."""
    ann, cid, answer = await _pair(world, set(), N1, break_create=True)
    assert answer["seeking"] is True
    await _made(world, _both_told(ann, cid, answer), ann, cid)


async def test_a_seek_whose_pool_step_failed_is_looked_up_and_put_back(world) -> None:
    """The pool's own step fails (it may or may not have been written): the seek is held
    as made, and the next look puts it in the pool, where Bob's seek finds it."""
    ann = await world.sign_in(N1, "Ann", "203.0.113.1")
    seek = world.store.seeks.commit

    async def away(*args, **kwargs):
        raise Unavailable("away")

    world.store.seeks.commit = away
    assert (await world.nodes[N1].seeks.seek(ann, **SETTINGS))["seeking"] is True
    world.store.seeks.commit = seek
    assert await world.store.seeks.seek_of(ann.player["id"]) is None
    await world.clock.advance(1.5)
    assert (await world.store.seeks.seek_of(ann.player["id"]))["conn"] == ann.id
    bob = await world.sign_in(N2, "Bob", "203.0.113.2")
    answer = await world.nodes[N2].seeks.seek(bob, **SETTINGS)
    await world.clock.advance(2.0)
    _both_told(ann, bob, answer)
