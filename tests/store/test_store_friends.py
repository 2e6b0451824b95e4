"""Friends and blocks: the rules of server.players.friends through the service's two steps,
on both stores (and a Redis Cluster: a player's keys in one slot); the store's presence
entries and its word to one node.

Run against both implementations (tests/stores.py)."""

from __future__ import annotations

import pytest
from stores import Stores, player_record

from protocol.codec import Refusal
from server.players import friends as rules
from server.services.friends import Friends
from server.store import Store
from server.store.keys import Keys, key_slot

ANN, BOB, CY = "p222222222222", "p333333333333", "p444444444444"
NOW = 1_800_000_000_000


class Wall:
    """A wall clock the test moves."""

    def __init__(self) -> None:
        self.ms = NOW

    def __call__(self) -> int:
        return self.ms


async def players(store: Store, *ids: str) -> list[dict]:
    made = []
    for n, player in enumerate(ids):
        record = player_record(player, name=f"P{n}")
        await store.players.create_player(record, f"h{n}" * 32)
        made.append(record)
    return made


async def refused(code: str, call) -> Refusal:
    with pytest.raises(Refusal) as caught:
        await call
    assert caught.value.code == code
    assert caught.value.message.endswith(".")
    return caught.value


async def test_a_request_accepted_makes_two_friends(store: Store) -> None:
    ann, bob = await players(store, ANN, BOB)
    told: list[list[str]] = []

    async def tell(ids: list[str]) -> None:
        told.append(ids)

    friends = Friends(store, tell, Wall())
    mine = await friends.request(ann, BOB)
    assert list(mine["out"]) == [BOB]
    assert list(rules.of(await store.friends.record(BOB))["in"]) == [ANN]
    await refused("already_requested", friends.request(ann, BOB))
    made = await friends.accept(bob, ANN)
    assert made["friends"][ANN]["name"] == "P0" and not made["in"]
    theirs = rules.of(await store.friends.record(ANN))
    assert theirs["friends"][BOB]["name"] == "P1" and not theirs["out"]
    assert told == [[ANN, BOB], [BOB, ANN]]
    await refused("already_friends", friends.request(ann, BOB))
    await friends.accept(bob, ANN)  # asked again: done already, nothing changes
    await friends.remove(ann, BOB)
    assert not rules.of(await store.friends.record(BOB))["friends"]
    await refused("not_friends", friends.remove(bob, ANN))


async def test_a_request_both_ways_is_a_friendship(store: Store) -> None:
    ann, bob = await players(store, ANN, BOB)
    friends = Friends(store, wall_ms=Wall())
    await friends.request(ann, BOB)
    made = await friends.request(bob, ANN)
    assert list(made["friends"]) == [ANN]


async def test_declined_and_withdrawn_requests_leave_nothing_waiting(store: Store) -> None:
    ann, bob = await players(store, ANN, BOB)
    friends = Friends(store, wall_ms=Wall())
    await friends.request(ann, BOB)
    await friends.decline(bob, ANN)
    assert rules.of(await store.friends.record(ANN))["out"] == {}
    await refused("no_request", friends.decline(bob, ANN))
    await refused("no_request", friends.accept(bob, ANN))
    await friends.request(ann, BOB)
    await friends.withdraw(ann, BOB)
    assert rules.of(await store.friends.record(BOB))["in"] == {}
    await refused("no_request", friends.withdraw(ann, BOB))


async def test_bad_ids_and_oneself_are_refused_and_change_nothing(store: Store) -> None:
    (ann,) = await players(store, ANN)
    friends = Friends(store, wall_ms=Wall())
    await refused("self_friend", friends.request(ann, ANN))
    await refused("unknown_player", friends.request(ann, CY))
    for bad in ("", "nobody", 7, None, ["p1"], "p" + "2" * 40):
        await refused("bad_player", friends.request(ann, bad))
        await refused("bad_player", friends.block(ann, bad))
    await refused("self_friend", friends.block(ann, ANN))
    assert await store.friends.record(ANN) is None


async def test_a_blocked_player_cannot_request_and_the_block_ends_the_friendship(
    store: Store,
) -> None:
    ann, bob = await players(store, ANN, BOB)
    friends = Friends(store, wall_ms=Wall())
    await friends.request(ann, BOB)
    await friends.accept(bob, ANN)
    await friends.block(ann, BOB)
    mine, theirs = map(rules.of, await store.friends.records([ANN, BOB]))
    assert not mine["friends"] and not theirs["friends"] and list(mine["blocked"]) == [BOB]
    assert await friends.avoided(BOB) == [ANN] and await friends.apart(ANN, BOB)
    # every attempt of the blocked player is refused, and changes nothing
    await refused("blocked", friends.request(bob, ANN))
    await refused("no_request", friends.accept(bob, ANN))
    await refused("not_friends", friends.remove(bob, ANN))
    await refused("not_blocked", friends.unblock(bob, ANN))
    assert rules.of(await store.friends.record(ANN))["in"] == {}
    await refused("you_block", friends.request(ann, BOB))
    await friends.unblock(ann, BOB)
    assert not await friends.apart(ANN, BOB)
    await friends.request(bob, ANN)


async def test_a_request_refused_by_the_receiver_is_not_left_waiting(store: Store) -> None:
    """The sender's step is undone when the receiver's refuses (a block written meanwhile)."""
    ann, _ = await players(store, ANN, BOB)
    await store.friends.change(BOB, rules.block(ANN, "P0", NOW))  # Ann not told yet
    await refused("blocked", Friends(store, wall_ms=Wall()).request(ann, BOB))
    assert rules.of(await store.friends.record(ANN))["out"] == {}


async def test_requests_are_limited_per_hour_and_waiting(store: Store) -> None:
    ann, _ = await players(store, ANN, BOB)
    wall = Wall()
    friends = Friends(store, wall_ms=wall)
    record = rules.of(None)
    record["sent"] = [NOW - 1000] * rules.REQUESTS_PER_HOUR
    await store.friends.change(ANN, lambda _: record)
    await refused("requests_per_hour", friends.request(ann, BOB))
    wall.ms += rules.HOUR_MS
    record["out"] = {f"p{n:012d}": {"name": "x", "at": NOW} for n in range(rules.MAX_OUT)}
    await store.friends.change(ANN, lambda _: record)
    await refused("too_many_requests", friends.request(ann, BOB))
    theirs = rules.of(None)
    theirs["in"] = {f"p{n:012d}": {"name": "x", "at": NOW} for n in range(rules.MAX_IN)}
    await store.friends.change(BOB, lambda _: theirs)
    await store.friends.change(ANN, lambda _: rules.of(None))
    await refused("their_requests_full", friends.request(ann, BOB))
    theirs["in"], theirs["friends"] = (
        {},
        {f"p{n:012d}": {"name": "x", "since": NOW} for n in range(rules.MAX_FRIENDS)},
    )
    await store.friends.change(BOB, lambda _: theirs)
    await refused("their_friends_full", friends.request(ann, BOB))
    await store.friends.change(ANN, lambda _: {**rules.of(None), "friends": theirs["friends"]})
    await refused("friends_full", friends.request(ann, BOB))
    blocks = {f"p{n:012d}": {"name": "x", "at": NOW} for n in range(rules.MAX_BLOCKED)}
    await store.friends.change(ANN, lambda _: {**rules.of(None), "blocked": blocks})
    await refused("blocks_full", friends.block(ann, BOB))


async def test_a_step_that_refuses_writes_nothing(store: Store) -> None:
    await store.friends.change(ANN, rules.send(BOB, "Bob", NOW))

    def refuse(record):
        raise Refusal("no", "No.")

    with pytest.raises(Refusal):
        await store.friends.change(ANN, refuse)
    assert list(rules.of(await store.friends.record(ANN))["out"]) == [BOB]
    assert await store.friends.records([ANN, CY]) == [await store.friends.record(ANN), None]


async def test_presence_entries_are_kept_per_life(store: Store) -> None:
    await store.friends.set_online(ANN, "n1/a", {"n": 1, "playing": False})
    await store.friends.set_online(ANN, "n2/b", {"n": 2, "playing": True})
    assert await store.friends.online([ANN, BOB]) == [
        {"n1/a": {"n": 1, "playing": False}, "n2/b": {"n": 2, "playing": True}},
        {},
    ]
    await store.friends.set_online(ANN, "n1/a", None)
    assert await store.friends.online([ANN]) == [{"n2/b": {"n": 2, "playing": True}}]
    assert await store.friends.online([]) == []


async def test_a_word_to_one_node_reaches_it(store: Store) -> None:
    events = store.events("n2")
    assert await anext(events) == {"k": "resync"}
    await store.friends.tell("n2", {"k": "social", "player": ANN})
    assert await anext(events) == {"k": "social", "player": ANN}


def test_a_player_s_social_keys_are_in_one_slot() -> None:
    keys = Keys("x")
    tag = lambda key: key[key.index("{") + 1 : key.index("}")]  # noqa: E731
    assert key_slot(tag(keys.social(ANN))) == key_slot(tag(keys.online(ANN)))
    assert tag(keys.social(ANN)) == tag(keys.results_stats(ANN))


async def test_redis_social_records_expire(redis_stores: Stores) -> None:
    """On Redis a social record and its presence entries expire (the embedded store's file
    keeps them)."""
    store = redis_stores.open()
    await store.friends.change(ANN, rules.send(BOB, "Bob", NOW))
    await store.friends.set_online(ANN, "n1/a", {"n": 1})
    assert await store.redis.ttl(store.keys.social(ANN)) > 0
    assert await store.redis.ttl(store.keys.online(ANN)) > 0
