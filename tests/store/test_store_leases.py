"""Leases and fencing: one driver per room, and a stale driver can never write.

Run against both implementations (tests/stores.py)."""

from __future__ import annotations

import asyncio

import pytest
from stores import Stores, entry, lobby_entry, meta, replay
from waiting import until

from server.store import Fenced, Store
from server.store.keys import Keys, room_group


async def test_a_new_room_has_a_lapsed_lease_until_a_node_takes_it(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    assert await store.leases.lapsed(10) == ["r1"]
    token = await store.leases.acquire("r1", "node-a", 10_000)
    assert token is not None
    assert await store.leases.lapsed(10) == []
    assert await store.leases.acquire("r1", "node-b", 10_000) is None


async def test_two_nodes_asking_at_once_get_one_lease(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    tokens = await asyncio.gather(*(store.leases.acquire("r1", f"n{i}", 10_000) for i in range(5)))
    assert sum(t is not None for t in tokens) == 1


async def test_a_released_or_lapsed_lease_goes_to_another_node_with_a_newer_token(
    store: Store,
) -> None:
    await store.rooms.create_room("r1", meta())
    first = await store.leases.acquire("r1", "node-a", 10_000)
    await store.leases.release("r1", "node-b", first)  # not b's: nothing happens
    assert await store.leases.acquire("r1", "node-b", 10_000) is None
    await store.leases.release("r1", "node-a", first)
    assert await store.leases.lapsed(10) == ["r1"]
    second = await store.leases.acquire("r1", "node-b", 150)
    assert second is not None and second > first
    await until(lambda: store.leases.lapsed(10), what="b's lease to run out")
    assert await store.leases.lapsed(10) == ["r1"]
    third = await store.leases.acquire("r1", "node-a", 10_000)
    assert third is not None and third > second


async def test_renewing_keeps_a_held_lease_and_reports_one_that_is_gone(store: Store) -> None:
    for room_id in ("r1", "r2"):
        await store.rooms.create_room(room_id, meta())
    a = await store.leases.acquire("r1", "node-a", 500)
    assert await store.leases.renew([("r1", "node-a", a)], 60_000) == [True]
    b = await store.leases.acquire("r2", "node-a", 1000)
    assert a is not None and b is not None
    # r2 lapses, never renewed; by then r1's first half second has long gone: its renewal
    # is what holds it.
    await until(lambda: store.leases.lapsed(10), what="r2, never renewed, to lapse")
    assert await store.leases.renew([("r1", "node-a", a), ("r2", "node-a", b)], 60_000) == [
        True,
        False,
    ]
    assert (
        await store.leases.renew([("r1", "node-b", a), ("r1", "node-a", a + 1)], 300) == [False] * 2
    )
    assert await store.leases.lapsed(10) == ["r2"]


async def test_an_automatic_entry_with_a_stale_token_is_fenced_and_changes_nothing(
    store: Store,
) -> None:
    await store.rooms.create_room("r1", meta())
    old = await store.leases.acquire("r1", "node-a", 100)
    await store.rooms.append("r1", 0, entry(0), fence=old)
    await until(lambda: store.leases.lapsed(10), what="a's lease to lapse")
    new = await store.leases.acquire("r1", "node-b", 10_000)
    assert new is not None
    with pytest.raises(Fenced):
        await store.rooms.append("r1", 1, entry(1), fence=old)
    assert await store.rooms.log("r1") == [entry(0)]
    await store.rooms.append("r1", 1, entry(1), fence=new)
    await store.rooms.append("r1", 2, entry(2))  # a player's entry carries no token
    assert await store.rooms.log("r1") == [entry(0), entry(1), entry(2)]


async def test_a_finished_room_is_neither_leased_nor_listed(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    token = await store.leases.acquire("r1", "node-a", 10_000)
    await store.lobby.put("r1", lobby_entry("r1", 1))
    await store.rooms.finish_room("r1", replay("g1", 100.0))
    assert await store.leases.lapsed(10) == []
    assert await store.leases.acquire("r1", "node-b", 10_000) is None
    assert await store.leases.renew([("r1", "node-a", token)], 10_000) == [False]
    await store.lobby.put("r1", lobby_entry("r1", 2))  # a late write after the end
    assert await store.lobby.listed() == []


async def test_a_room_where_nothing_was_played_finishes_without_a_replay(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    await store.rooms.finish_room("r1", None)
    assert await store.rooms.active_rooms() == []
    assert await store.replays.replays() == []


async def test_lapsed_rooms_are_found_among_many_up_to_the_limit(store: Store) -> None:
    """The rooms are spread over many groups (many slots): every one is looked at."""
    rooms = [f"room{n:02d}" for n in range(30)]
    for room_id in rooms:
        await store.rooms.create_room(room_id, meta())
    for room_id in rooms[:10]:
        assert await store.leases.acquire(room_id, "node-a", 60_000) is not None
    some = await store.leases.lapsed(5)
    assert len(set(some)) == 5 and set(some) <= set(rooms[10:])
    assert sorted(await store.leases.lapsed(100)) == rooms[10:]


async def test_redis_never_grants_again_a_token_it_granted_before_losing_its_last_writes(
    redis_stores: Stores, redis_prefix: str
) -> None:
    """A Redis that lost its last second lost the fence counter's last steps too: the next
    token is still greater than every token granted before the loss (they follow Redis's
    clock), so a driver holding one of those is never taken for the new one."""
    store = redis_stores.open()
    await store.rooms.create_room("r1", meta())
    before = await store.leases.acquire("r1", "node-a", 10_000)
    assert before is not None
    keys = Keys(redis_prefix)
    await store.redis.delete(keys.fence("r1"), keys.lease("r1"))  # as if never written
    await store.redis.zadd(keys.leases(room_group("r1")), {"r1": 0})

    async def later() -> bool:  # a crash and a restart take longer than a millisecond
        seconds, micros = await store.redis.time()
        return seconds * 1000 + micros // 1000 > before

    await until(later, 5, "Redis's clock past the first grant")
    after = await store.leases.acquire("r1", "node-b", 10_000)
    assert after is not None and after > before
