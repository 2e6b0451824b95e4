"""Rooms and their logs: an append is a compare-and-set at the exact index, the
active set follows creation and finishing, and what was written survives a reopen.

Run against both implementations (tests/stores.py)."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as redis
from stores import REDIS_URL, Stores, deal, entry, lobby_entry, meta, replay, summary

from server.rooms import RoomError
from server.services.replays import finished
from server.store import Conflict, Store
from server.store.keys import (
    DAILY_TTL,
    DEADLINES_PER_ROOM,
    FINISHED_ROOM_TTL,
    GROUPS,
    REPLAY_TTL,
    Keys,
    room_group,
)


async def test_created_room_meta_round_trips(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    assert await store.rooms.room_meta("r1") == meta()


async def test_creating_an_existing_room_conflicts_and_keeps_the_first(store: Store) -> None:
    await store.rooms.create_room("r1", meta(1))
    with pytest.raises(Conflict):
        await store.rooms.create_room("r1", meta(2))
    assert await store.rooms.room_meta("r1") == meta(1)


async def test_finish_with_a_non_numeric_time_writes_nothing(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    await store.lobby.put("r1", lobby_entry("r1", 1))
    bad = {**replay("g1", 1.0), "finished_at": "2024-05-01T12:00:00Z"}
    with pytest.raises(ValueError):
        await store.rooms.finish_room("r1", bad)
    assert await store.rooms.active_rooms() == ["r1"]
    assert await store.replays.replay("g1") is None
    assert [e["room"] for e in await store.lobby.listed()] == ["r1"]


async def test_unknown_room_has_no_meta(store: Store) -> None:
    assert await store.rooms.room_meta("nope") is None


async def test_appends_at_consecutive_indexes_make_the_log_in_order(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    assert await store.rooms.log("r1") == []
    for i in range(3):
        await store.rooms.append("r1", i, entry(i))
    assert await store.rooms.log("r1") == [entry(0), entry(1), entry(2)]


@pytest.mark.parametrize("index", [0, 1, 3, 7], ids=["taken-0", "taken-1", "gap-3", "gap-7"])
async def test_append_at_taken_or_gap_index_conflicts_and_leaves_log(
    store: Store, index: int
) -> None:
    await store.rooms.create_room("r1", meta())
    await store.rooms.append("r1", 0, entry(0))
    await store.rooms.append("r1", 1, entry(1))
    with pytest.raises(Conflict):
        await store.rooms.append("r1", index, entry(99))
    assert await store.rooms.log("r1") == [entry(0), entry(1)]


@pytest.mark.parametrize("index", [0, 1, 2])
async def test_concurrent_appends_at_one_index_exactly_one_wins(store: Store, index: int) -> None:
    await store.rooms.create_room("r1", meta())
    for i in range(index):
        await store.rooms.append("r1", i, entry(i))
    a, b = {"writer": "a"}, {"writer": "b"}
    results = await asyncio.gather(
        store.rooms.append("r1", index, a),
        store.rooms.append("r1", index, b),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "NoneType"]
    winner = a if results[0] is None else b
    assert await store.rooms.log("r1") == [entry(i) for i in range(index)] + [winner]


async def test_a_burst_of_more_requests_than_connections_is_served_not_refused(
    store: Store,
) -> None:
    """Hundreds of players acting at once on one node: each request waits its turn for a
    store connection, none is refused as unavailable (redis-py's own pool refused every
    command past its hundredth connection at once)."""
    rooms = [f"burst{i}" for i in range(300)]
    await asyncio.gather(*(store.rooms.create_room(r, meta()) for r in rooms))
    await asyncio.gather(*(store.rooms.append(r, 0, entry(0)) for r in rooms))
    logs = await asyncio.gather(*(store.rooms.log(r) for r in rooms))
    assert logs == [[entry(0)]] * len(rooms)


async def test_active_rooms_lists_created_rooms_until_finished(store: Store) -> None:
    assert await store.rooms.active_rooms() == []
    for room_id in ("r1", "r2", "r3"):
        await store.rooms.create_room(room_id, meta())
    assert sorted(await store.rooms.active_rooms()) == ["r1", "r2", "r3"]
    await store.rooms.finish_room("r2", replay("g2", 100.0))
    assert sorted(await store.rooms.active_rooms()) == ["r1", "r3"]


async def test_finished_room_keeps_its_replay(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    await store.rooms.append("r1", 0, entry(0))
    await store.rooms.finish_room("r1", replay("g1", 100.0))
    assert await store.replays.replay("g1") == replay("g1", 100.0)


async def test_replay_of_unknown_game_is_none(store: Store) -> None:
    assert await store.replays.replay("nope") is None


async def test_replays_lists_summaries_newest_first(store: Store) -> None:
    assert await store.replays.replays() == []
    # Finished out of order: the list follows finished_at, not the order of the calls.
    for room_id, game_id, finished_at in (("r1", "g1", 300.0), ("r2", "g2", 100.0)):
        await store.rooms.create_room(room_id, meta())
        await store.rooms.finish_room(room_id, replay(game_id, finished_at))
    await store.rooms.create_room("r3", meta())
    await store.rooms.finish_room("r3", replay("g3", 200.0))
    assert await store.replays.replays() == [
        summary("g1", 300.0),
        summary("g3", 200.0),
        summary("g2", 100.0),
    ]


@pytest.mark.parametrize("limit", [0, 1, 2, 3, 10])
async def test_replays_respects_limit(store: Store, limit: int) -> None:
    for n in range(3):
        await store.rooms.create_room(f"r{n}", meta())
        await store.rooms.finish_room(f"r{n}", replay(f"g{n}", 100.0 + n))
    newest_first = [summary(f"g{n}", 100.0 + n) for n in (2, 1, 0)]
    assert await store.replays.replays(limit) == newest_first[:limit]


async def test_data_survives_reopen(stores: Stores) -> None:
    store = stores.open()
    await store.rooms.create_room("live", meta(1))
    await store.rooms.append("live", 0, entry(0))
    await store.rooms.append("live", 1, entry(1))
    await store.rooms.create_room("done", meta(2))
    await store.rooms.append("done", 0, entry(0))
    await store.rooms.finish_room("done", replay("g1", 100.0))
    await store.dailies.put_daily("2024-05-01", deal(1))

    store = await stores.reopen(store)

    assert await store.rooms.room_meta("live") == meta(1)
    assert await store.rooms.log("live") == [entry(0), entry(1)]
    assert await store.rooms.active_rooms() == ["live"]
    assert await store.replays.replay("g1") == replay("g1", 100.0)
    assert await store.replays.replays() == [summary("g1", 100.0)]
    assert await store.dailies.daily("2024-05-01") == deal(1)
    # The reopened store goes on from where the log stopped.
    with pytest.raises(Conflict):
        await store.rooms.append("live", 1, entry(99))
    await store.rooms.append("live", 2, entry(2))
    assert await store.rooms.log("live") == [entry(0), entry(1), entry(2)]


async def test_embedded_lobby_is_emptied_on_reopen(embedded_stores: Stores) -> None:
    # The lobby describes rooms of the live process; a restart rebuilds it.
    store = embedded_stores.open()
    await store.rooms.create_room("r1", meta())
    await store.lobby.put("r1", lobby_entry("r1", 1))
    assert await store.lobby.listed() == [lobby_entry("r1", 1)]
    store = await embedded_stores.reopen(store)
    assert await store.lobby.listed() == []
    assert await store.rooms.room_meta("r1") == meta()


async def test_redis_keys_expire_as_declared(redis_stores: Stores, redis_prefix: str) -> None:
    store = redis_stores.open()
    keys = Keys(redis_prefix)
    await store.rooms.create_room("r1", meta())
    await store.rooms.append("r1", 0, entry(0))
    await store.dailies.put_daily("2024-05-01", deal(1))

    client = redis.from_url(REDIS_URL)
    try:
        # A live room never expires under its players.
        assert await client.ttl(keys.room_meta("r1")) == -1
        assert await client.ttl(keys.room_log("r1")) == -1
        assert 0 < await client.ttl(keys.daily("2024-05-01")) <= DAILY_TTL

        await store.rooms.finish_room("r1", replay("g1", 100.0))

        assert 0 < await client.ttl(keys.room_meta("r1")) <= FINISHED_ROOM_TTL
        assert 0 < await client.ttl(keys.room_log("r1")) <= FINISHED_ROOM_TTL
        assert 0 < await client.ttl(keys.replay("g1")) <= REPLAY_TTL
    finally:
        await client.aclose()


async def test_the_log_reads_from_any_index_and_lengths_count_every_log(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    for i in range(4):
        await store.rooms.append("r1", i, entry(i))
    assert await store.rooms.log("r1", 2) == [entry(2), entry(3)]
    assert await store.rooms.log("r1", 4) == []
    await store.rooms.create_room("r2", meta())
    assert await store.rooms.lengths(["r1", "r2", "unknown"]) == [4, 0, 0]
    assert await store.rooms.is_active("r1") and not await store.rooms.is_active("unknown")


async def test_active_rooms_and_their_count_span_every_room(store: Store) -> None:
    """Rooms are spread over many groups (keys in many slots): the whole list is read."""
    rooms = [f"room{n}" for n in range(40)]
    for room_id in rooms:
        await store.rooms.create_room(room_id, meta())
    for room_id in rooms[:5]:
        await store.rooms.finish_room(room_id, None)
    assert sorted(await store.rooms.active_rooms()) == sorted(rooms[5:])
    assert await store.rooms.active_count() == 35


async def test_the_latest_replays_of_many_rooms_come_newest_first(store: Store) -> None:
    for n in range(30):
        finished_at = 1000.0 + (n * 7) % 30  # finished out of order
        await store.rooms.create_room(f"g{n}", meta())
        await store.rooms.finish_room(f"g{n}", replay(f"g{n}", finished_at))
    latest = await store.replays.replays(12)
    assert [s["finished_at"] for s in latest] == [1000.0 + t for t in range(29, 17, -1)]


# ---- deadlines -----------------------------------------------------------------------------


async def test_a_deadline_keeps_the_first_start_recorded(store: Store) -> None:
    """A driver that takes the room over and names its own time (its clock, a little ahead
    or behind) goes on from the start the first driver recorded."""
    await store.rooms.create_room("r1", meta())
    assert await store.rooms.deadlines("r1") == {}
    assert await store.rooms.set_deadline("r1", "grace:0", 1_000) == 1_000
    assert await store.rooms.set_deadline("r1", "grace:0", 5_000) == 1_000
    assert await store.rooms.set_deadline("r1", "grace:0", 500) == 1_000
    assert await store.rooms.set_deadline("r1", "unjoined", 2_000) == 2_000
    assert await store.rooms.deadlines("r1") == {"grace:0": 1_000, "unjoined": 2_000}


async def test_a_deadline_removed_can_start_again(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    await store.rooms.set_deadline("r1", "grace:1", 1_000)
    await store.rooms.set_deadline("r1", "abandoned", 1_500)
    assert await store.rooms.set_deadline("r1", "grace:1", None) is None
    assert await store.rooms.deadlines("r1") == {"abandoned": 1_500}
    await store.rooms.set_deadline("r1", "grace:1", None)  # removing an absent one is no error
    assert await store.rooms.set_deadline("r1", "grace:1", 9_000) == 9_000
    assert await store.rooms.deadlines("r1") == {"abandoned": 1_500, "grace:1": 9_000}


async def test_deadlines_are_each_rooms_own(store: Store) -> None:
    for room_id in ("r1", "r2"):
        await store.rooms.create_room(room_id, meta())
    await store.rooms.set_deadline("r1", "grace:0", 1_000)
    assert await store.rooms.set_deadline("r2", "grace:0", 2_000) == 2_000
    await store.rooms.set_deadline("r1", "grace:0", None)
    assert await store.rooms.deadlines("r1") == {}
    assert await store.rooms.deadlines("r2") == {"grace:0": 2_000}
    assert await store.rooms.deadlines("unknown") == {}


async def test_deadlines_go_with_the_room_when_it_finishes(store: Store) -> None:
    """Nothing is left behind, and a late write of a stale driver records nothing."""
    await store.rooms.create_room("r1", meta())
    await store.rooms.set_deadline("r1", "grace:0", 1_000)
    await store.rooms.finish_room("r1", replay("g1", 100.0))
    assert await store.rooms.deadlines("r1") == {}
    assert await store.rooms.set_deadline("r1", "grace:0", 2_000) is None
    assert await store.rooms.deadlines("r1") == {}
    assert await store.rooms.set_deadline("never-created", "unjoined", 2_000) is None


async def test_another_store_on_the_same_data_sees_the_deadlines(stores: Stores) -> None:
    """The next driver is another node (Redis), or the next process (embedded)."""
    first = stores.open()
    await first.rooms.create_room("r1", meta())
    await first.rooms.set_deadline("r1", "grace:0", 1_000)
    second = stores.open()
    assert await second.rooms.deadlines("r1") == {"grace:0": 1_000}
    assert await second.rooms.set_deadline("r1", "grace:0", 3_000) == 1_000
    await second.rooms.set_deadline("r1", "unjoined", 4_000)
    second = await stores.reopen(second)
    assert await second.rooms.deadlines("r1") == {"grace:0": 1_000, "unjoined": 4_000}


# ---- the deadline index -----------------------------------------------------------------


async def test_a_deadline_with_its_period_makes_the_room_due_when_it_ends(store: Store) -> None:
    """The index holds the earliest end of the room's deadlines, by the first start
    recorded (a later start named by another driver does not move it)."""
    await store.rooms.create_room("r1", meta())
    await store.rooms.create_room("r2", meta())
    assert await store.rooms.due(10**13, 10) == []
    await store.rooms.set_deadline("r1", "grace:0", 1_000, 60_000)
    await store.rooms.set_deadline("r1", "grace:0", 5_000, 60_000)  # the first start stays
    assert await store.rooms.due(60_999, 10) == []
    assert await store.rooms.due(61_000, 10) == ["r1"]
    await store.rooms.set_deadline("r2", "unjoined", 2_000, 600_000)
    await store.rooms.set_deadline("r1", "abandoned", 500, 1_000)  # earlier: lowers it
    assert await store.rooms.due(1_500, 10) == ["r1"]
    assert await store.rooms.due(10**13, 10) == ["r1", "r2"]  # earliest first
    assert await store.rooms.due(10**13, 10, [room_group("r2")]) == ["r2"]
    other = next(g for g in GROUPS if g not in (room_group("r1"), room_group("r2")))
    assert await store.rooms.due(10**13, 10, [other]) == []
    await store.rooms.set_deadline("r1", "abandoned", None)  # the index is left as it is
    assert await store.rooms.due(1_500, 10) == ["r1"]
    await store.rooms.set_deadline("r2", "grace:1", 0)  # no period: the index is left too
    assert await store.rooms.due(1_500, 10) == ["r1"]


async def test_the_driver_sets_a_rooms_entry_and_a_look_only_lowers_it(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    await store.rooms.set_deadline("r1", "grace:0", 1_000, 60_000)
    await store.rooms.set_due("r1", 90_000)  # up
    assert await store.rooms.due(89_999, 10) == []
    await store.rooms.look_by("r1", 95_000)  # later: nothing changes
    assert await store.rooms.due(94_000, 10) == ["r1"]
    await store.rooms.look_by("r1", 0)  # now
    assert await store.rooms.due(0, 10) == ["r1"]
    await store.rooms.set_due("r1", None)
    assert await store.rooms.due(10**13, 10) == []
    await store.rooms.look_by("r1", 7_000)  # absent: added
    assert await store.rooms.due(7_000, 10) == ["r1"]
    await store.rooms.set_due("r1", 3_000)  # down
    assert await store.rooms.due(3_000, 10) == ["r1"]
    with pytest.raises(ValueError):
        await store.rooms.set_due("r1", 1.5)  # type: ignore[arg-type]


async def test_a_finished_room_leaves_the_index_and_is_never_added_again(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    await store.rooms.set_deadline("r1", "grace:0", 1_000, 60_000)
    await store.rooms.finish_room("r1", replay("g1", 100.0))
    assert await store.rooms.due(10**13, 10) == []
    await store.rooms.set_deadline("r1", "grace:0", 2_000, 60_000)
    await store.rooms.set_due("r1", 5)
    await store.rooms.look_by("r1", 5)
    await store.leases.set_presence("r1", "node-b", [1, 0, 0])
    await store.rooms.set_due("never-created", 5)
    await store.rooms.look_by("never-created", 5)
    assert await store.rooms.due(10**13, 10) == []


async def test_a_read_of_the_rooms_due_is_bounded_per_group(store: Store) -> None:
    """At most ``limit`` of each group, the earliest: the rest come at the next read."""
    rooms = [f"r{n}" for n in range(40)]
    for n, room_id in enumerate(rooms):
        await store.rooms.create_room(room_id, meta())
        await store.rooms.set_due(room_id, 1_000 + n)
    one = [r for r in rooms if room_group(r) == room_group(rooms[0])]
    assert len(one) >= 2  # r0 shares its group
    found = await store.rooms.due(10**13, 1)
    groups = {room_group(r) for r in rooms}
    assert len(found) == len(groups)
    assert one[0] in found and all(r not in found for r in one[1:])
    assert await store.rooms.due(10**13, 100) == rooms  # earliest first
    assert await store.rooms.due(1_004, 100) == rooms[:5]


async def test_another_nodes_presence_makes_the_room_due_at_once(store: Store) -> None:
    """A node writing presence that is not the room's driver (by its lease) marks the room
    due now; the driver's own writes do not (it knows them). Presence is kept by life,
    ``node/life``; the lease by node."""
    await store.rooms.create_room("r1", meta())
    await store.rooms.create_room("r2", meta())
    assert await store.leases.acquire("r1", "node-a", 10_000) is not None
    await store.leases.set_presence("r1", "node-a/life1", [1, 0, 0])
    assert await store.rooms.due(10**13, 10) == []
    await store.leases.set_presence("r1", "node-b/life2", [0, 1, 0])
    assert await store.rooms.due(0, 10) == ["r1"]
    await store.rooms.set_due("r1", None)
    await store.leases.set_presence("r1", "node-b/life2", None)  # a socket left
    assert await store.rooms.due(0, 10) == ["r1"]
    await store.leases.set_presence("r2", "node-a/life1", [1, 0, 0])  # nobody drives r2
    assert await store.rooms.due(0, 10) == ["r1", "r2"]


async def test_another_store_on_the_same_data_sees_the_rooms_due(stores: Stores) -> None:
    """The next driver is another node (Redis), or the next process (embedded, whose index
    is made again at open: every room with a deadline due at once, never later)."""
    first = stores.open()
    await first.rooms.create_room("r1", meta())
    await first.rooms.create_room("r2", meta())
    await first.rooms.set_deadline("r1", "grace:0", 1_000, 60_000)
    second = await stores.reopen(first)
    assert await second.rooms.due(61_000, 10) == ["r1"]
    await second.rooms.set_deadline("r2", "grace:0", 2_000, 60_000)
    assert await second.rooms.due(62_000, 10) == ["r1", "r2"]


async def test_a_room_holds_a_handful_of_deadlines_not_more(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    for n in range(DEADLINES_PER_ROOM):
        await store.rooms.set_deadline("r1", f"grace:{n}", n)
    with pytest.raises(ValueError):
        await store.rooms.set_deadline("r1", "one-more", 1)
    assert await store.rooms.set_deadline("r1", "grace:0", 99) == 0  # recorded ones still answer
    with pytest.raises(ValueError):
        await store.rooms.set_deadline("r1", "x" * 65, 1)
    assert len(await store.rooms.deadlines("r1")) == DEADLINES_PER_ROOM


async def test_redis_deadlines_are_deleted_with_the_finished_room(
    redis_stores: Stores, redis_prefix: str
) -> None:
    store = redis_stores.open()
    keys = Keys(redis_prefix)
    await store.rooms.create_room("r1", meta())
    await store.rooms.set_deadline("r1", "grace:0", 1_000)
    client = redis.from_url(REDIS_URL)
    try:
        assert await client.ttl(keys.deadlines("r1")) == -1  # a live room's: no expiry
        await store.rooms.finish_room("r1", None)
        assert not await client.exists(keys.deadlines("r1"))
        assert 0 < await client.ttl(keys.room_meta("r1")) <= FINISHED_ROOM_TTL
    finally:
        await client.aclose()


async def test_redis_appends_of_one_step_go_together_and_survive_a_script_flush(
    redis_stores: Stores,
) -> None:
    """Appends made in one step of the loop share one pipeline; a Redis that forgot its
    scripts (restarted without them) still takes every one of them, each once."""
    store = redis_stores.open()
    rooms = [f"f{k}" for k in range(12)]
    for room_id in rooms:
        await store.rooms.create_room(room_id, meta())
    await asyncio.gather(*(store.rooms.append(r, 0, entry(0)) for r in rooms))
    await store.redis.script_flush()
    await asyncio.gather(*(store.rooms.append(r, 1, entry(1)) for r in rooms))
    with pytest.raises(Conflict):
        await store.rooms.append("f0", 1, entry(99))
    assert [await store.rooms.log(r) for r in rooms] == [[entry(0), entry(1)]] * len(rooms)


async def test_a_game_that_ends_between_the_reads_of_its_replay_is_answered_with_it(
    store: Store,
) -> None:
    """``/api/replays/{id}`` and the review read the replay, then (none) whether the room is
    still active: a game that ended between the two reads is finished, not unknown (seen
    as a 404 for a match of bots that had just ended, on a busy machine)."""
    await store.rooms.create_room("r1", meta())
    await store.rooms.append("r1", 0, entry(0))
    read = store.replays.replay

    async def ends_after_the_first_read(game_id: str):
        found = await read(game_id)
        if store.replays.replay is ends_after_the_first_read:
            store.replays.replay = read
            await store.rooms.finish_room("r1", replay("r1", 100.0))
        return found

    store.replays.replay = ends_after_the_first_read
    assert await finished(store, "r1") == replay("r1", 100.0)
    with pytest.raises(RoomError) as refused:
        await finished(store, "nope")
    assert refused.value.code == "no_replay"
    await store.rooms.create_room("r2", meta())
    with pytest.raises(RoomError) as refused:
        await finished(store, "r2")
    assert refused.value.code == "in_progress"
