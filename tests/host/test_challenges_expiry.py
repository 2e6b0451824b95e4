"""A challenge's minute and its challenger's leaving (server/services/challenges.py) in fake
time: no answer within CHALLENGE_SECONDS ends it ``expired`` for both players at that
instant and not before; the challenger's socket closing ends it ``left``; either way the
challenger may send another, and an accept that comes after is refused with its code. And
the rating rules at a rated challenge: the pair's rated matches of the day, a provisional
rating shown as such."""

from __future__ import annotations

import asyncio

import pytest
from host_harness import FakeClock, Recorder

from protocol.codec import Refusal
from server.players import challenges as rules
from server.players import friends, identity, ledger, pairing
from server.services.challenges import Challenges
from server.services.connection import Connection
from server.services.online import Online
from server.services.players import Players
from server.store.embedded import EmbeddedStore

LIFE = "n1/aaaa"


class World:
    """One node's challenges on an embedded store, in fake time."""

    def __init__(self, store: EmbeddedStore, clock: FakeClock) -> None:
        self.store, self.clock = store, clock

        async def key() -> bytes:
            return b"k" * 32

        self.players = Players(store.players, 100, key)
        self.online = Online(
            store, LIFE, lambda: {LIFE}, self.players.sessions, lambda conn: None, clock
        )
        # no accept here (the e2e tests make rooms): no rooms
        self.challenges = Challenges(store, None, self.players, self.online, lambda: {LIFE}, clock)  # type: ignore[arg-type]

    async def sign_in(self, name: str, address: str) -> Connection:
        conn = Connection(Recorder(), address=address)
        secret = identity.new_secret()
        record = identity.new_player(identity.new_player_id(), name)
        await self.store.players.create_player(record, identity.secret_hash(secret))
        await self.players.identify(conn, secret)
        return conn


def states(conn: Connection, cid: str) -> list[str]:
    return [
        m["state"] for m in conn.socket.received if m.get("t") == "challenge" and m["id"] == cid
    ]


async def make(tmp_path) -> tuple[World, Connection, Connection]:
    clock = FakeClock()
    store = EmbeddedStore(str(tmp_path / "db.sqlite3"), monotonic=clock.monotonic)
    world = World(store, clock)
    ann = await world.sign_in("Ann", "203.0.113.1")
    bob = await world.sign_in("Bob", "203.0.113.2")
    a, b = ann.player["id"], bob.player["id"]
    await store.friends.change(a, friends.accepted(b, "Bob", 0))
    await store.friends.change(b, friends.accepted(a, "Ann", 0))
    return world, ann, bob


async def challenge(world: World, ann: Connection, bob: Connection) -> str:
    made = await world.challenges.challenge(ann, bob.player["id"], 10, None, False, False)
    await world.clock.settle()
    return made["challenge"]["id"]


async def test_a_challenge_expires_after_its_minute_for_both_players(tmp_path) -> None:
    world, ann, bob = await make(tmp_path)
    cid = await challenge(world, ann, bob)
    assert states(bob, cid) == states(ann, cid) == ["offered"]
    await world.clock.advance(rules.CHALLENGE_SECONDS - 0.5)
    assert states(bob, cid) == ["offered"]  # not a moment early
    await world.clock.advance(0.5)
    await world.clock.settle()
    assert states(bob, cid) == states(ann, cid) == ["offered", "expired"]
    with pytest.raises(Refusal) as caught:
        await world.challenges.answer(bob, cid, "accept")
    assert caught.value.code == "challenge_expired"
    assert (await world.challenges.listing(bob))["incoming"] == []
    again = await challenge(world, ann, bob)  # the challenger may send another
    assert states(bob, again) == ["offered"]


async def test_a_challenge_ends_when_its_challenger_s_socket_closes(tmp_path) -> None:
    world, ann, bob = await make(tmp_path)
    cid = await challenge(world, ann, bob)
    ann.closed = True
    world.challenges.disconnected(ann)
    await world.clock.settle()
    assert states(bob, cid) == ["offered", "left"]
    with pytest.raises(Refusal) as caught:
        await world.challenges.answer(bob, cid, "decline")
    assert caught.value.code == "challenge_ended"
    await world.clock.advance(rules.CHALLENGE_SECONDS)  # its timer was let go: nothing more
    assert states(bob, cid) == ["offered", "left"]


async def test_a_declined_challenge_is_not_expired_later(tmp_path) -> None:
    world, ann, bob = await make(tmp_path)
    cid = await challenge(world, ann, bob)
    await world.challenges.answer(bob, cid, "decline")
    await world.clock.settle()
    await world.clock.advance(rules.CHALLENGE_SECONDS + 1)
    await asyncio.sleep(0)
    assert states(ann, cid) == ["offered", "declined"]
    assert not world.challenges.open


async def test_a_rated_challenge_past_the_pair_s_rated_matches_of_the_day_is_refused(
    tmp_path,
) -> None:
    world, ann, bob = await make(tmp_path)
    pair = ledger.pair_key((ann.player["id"], bob.player["id"]))
    day = pairing.day_of(world.clock.wall_ms())
    for n in range(ledger.PAIR_RATED_PER_DAY):
        await world.store.results.count_pair(day, pair, f"g{n}")
    with pytest.raises(Refusal) as caught:
        await world.challenges.challenge(ann, bob.player["id"], 10, None, True, False)
    assert caught.value.code == "pair_limit"
    assert not [m for m in bob.socket.received if m.get("t") == "challenge"]
    casual = await world.challenges.challenge(ann, bob.player["id"], 10, None, False, False)
    assert casual["challenge"]["provisional"] is True  # a new player's rating, said so
    assert casual["challenge"]["rating"] == 1500
