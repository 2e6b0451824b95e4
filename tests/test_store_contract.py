"""The Store contract, run against both implementations.

Every test gets its own namespace: a fresh SQLite file for the embedded store, and a unique
key prefix for the Redis store, whose keys are all deleted (SCAN + DEL) after the test.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
import redis.asyncio as redis

from server.store import Conflict, Fenced, Store
from server.store.embedded import EmbeddedStore
from server.store.keys import DAILY_TTL, FINISHED_ROOM_TTL, REPLAY_TTL, Keys
from server.store.redis_store import RedisStore

REDIS_URL = "redis://127.0.0.1:6379/0"


class Stores:
    """Opens stores on one namespace (a file or a key prefix) and closes them after the test."""

    def __init__(self, kind: str, factory: Callable[[], Store]) -> None:
        self.kind = kind
        self._factory = factory
        self._open: list[Store] = []

    def open(self) -> Store:
        store = self._factory()
        self._open.append(store)
        return store

    async def reopen(self, store: Store) -> Store:
        """Close ``store`` (as a process exit would) and open a new one on the same data."""
        self._open.remove(store)
        await store.close()
        return self.open()

    async def close_all(self) -> None:
        while self._open:
            await self._open.pop().close()


async def delete_prefix(prefix: str) -> None:
    client = redis.from_url(REDIS_URL)
    try:
        keys = [key async for key in client.scan_iter(match=f"{prefix}:*", count=500)]
        if keys:
            await client.delete(*keys)
    finally:
        await client.aclose()


@pytest.fixture
async def embedded_stores(tmp_path: Path) -> AsyncIterator[Stores]:
    path = str(tmp_path / "cardroom.sqlite3")
    stores = Stores("embedded", lambda: EmbeddedStore(path))
    yield stores
    await stores.close_all()


@pytest.fixture
def redis_prefix() -> str:
    return f"cardroom-test:{uuid4().hex}"


@pytest.fixture
async def redis_stores(redis_prefix: str) -> AsyncIterator[Stores]:
    stores = Stores("redis", lambda: RedisStore(REDIS_URL, prefix=redis_prefix))
    try:
        yield stores
    finally:
        try:
            await stores.close_all()
        finally:
            await delete_prefix(redis_prefix)


@pytest.fixture(params=["embedded", "redis"])
def stores(request: pytest.FixtureRequest) -> Stores:
    return request.getfixturevalue(f"{request.param}_stores")


@pytest.fixture
def store(stores: Stores) -> Store:
    return stores.open()


def meta(seed: int = 7) -> dict[str, Any]:
    return {"game": "gin_rummy", "seed": seed, "seats": ["ann", "bob"], "options": {"to": 100}}


def entry(n: int) -> dict[str, Any]:
    return {"seat": n % 2, "action": "draw", "card": f"{n + 2}S"}


def replay(game_id: str, finished_at: float) -> dict[str, Any]:
    return {
        "id": game_id,
        "game": "gin_rummy",
        "finished_at": finished_at,
        "seats": ["ann", "bob"],
        "result": {"winner": 0, "points": [25, 0]},
        "seed": 7,
        "log": [entry(0), entry(1)],
    }


def summary(game_id: str, finished_at: float) -> dict[str, Any]:
    full = replay(game_id, finished_at)
    return {k: full.get(k) for k in ("id", "game", "finished_at", "seats", "result", "daily")}


def deal(seed: int) -> dict[str, Any]:
    return {"game": "solitaire", "seed": seed, "cards": ["AS", "KH", "2C"]}


def lobby_entry(room_id: str, seated: int) -> dict[str, Any]:
    return {"room": room_id, "game": "gin_rummy", "seated": seated, "seats": 2}


# Rooms and their logs


async def test_created_room_meta_round_trips(store: Store) -> None:
    await store.create_room("r1", meta())
    assert await store.room_meta("r1") == meta()


async def test_creating_an_existing_room_conflicts_and_keeps_the_first(store: Store) -> None:
    await store.create_room("r1", meta(1))
    with pytest.raises(Conflict):
        await store.create_room("r1", meta(2))
    assert await store.room_meta("r1") == meta(1)


async def test_finish_with_a_non_numeric_time_writes_nothing(store: Store) -> None:
    await store.create_room("r1", meta())
    await store.lobby_put("r1", lobby_entry("r1", 1))
    bad = {**replay("g1", 1.0), "finished_at": "2024-05-01T12:00:00Z"}
    with pytest.raises(ValueError):
        await store.finish_room("r1", bad)
    assert await store.active_rooms() == ["r1"]
    assert await store.replay("g1") is None
    assert [e["room"] for e in await store.lobby()] == ["r1"]


async def test_unknown_room_has_no_meta(store: Store) -> None:
    assert await store.room_meta("nope") is None


async def test_appends_at_consecutive_indexes_make_the_log_in_order(store: Store) -> None:
    await store.create_room("r1", meta())
    assert await store.log("r1") == []
    for i in range(3):
        await store.append("r1", i, entry(i))
    assert await store.log("r1") == [entry(0), entry(1), entry(2)]


@pytest.mark.parametrize("index", [0, 1, 3, 7], ids=["taken-0", "taken-1", "gap-3", "gap-7"])
async def test_append_at_taken_or_gap_index_conflicts_and_leaves_log(
    store: Store, index: int
) -> None:
    await store.create_room("r1", meta())
    await store.append("r1", 0, entry(0))
    await store.append("r1", 1, entry(1))
    with pytest.raises(Conflict):
        await store.append("r1", index, entry(99))
    assert await store.log("r1") == [entry(0), entry(1)]


@pytest.mark.parametrize("index", [0, 1, 2])
async def test_concurrent_appends_at_one_index_exactly_one_wins(store: Store, index: int) -> None:
    await store.create_room("r1", meta())
    for i in range(index):
        await store.append("r1", i, entry(i))
    a, b = {"writer": "a"}, {"writer": "b"}
    results = await asyncio.gather(
        store.append("r1", index, a), store.append("r1", index, b), return_exceptions=True
    )
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "NoneType"]
    winner = a if results[0] is None else b
    assert await store.log("r1") == [entry(i) for i in range(index)] + [winner]


async def test_a_burst_of_more_requests_than_connections_is_served_not_refused(
    store: Store,
) -> None:
    """Hundreds of players acting at once on one node: each request waits its turn for a
    store connection, none is refused as unavailable (redis-py's own pool refused every
    command past its hundredth connection at once)."""
    rooms = [f"burst{i}" for i in range(300)]
    await asyncio.gather(*(store.create_room(r, meta()) for r in rooms))
    await asyncio.gather(*(store.append(r, 0, entry(0)) for r in rooms))
    logs = await asyncio.gather(*(store.log(r) for r in rooms))
    assert logs == [[entry(0)]] * len(rooms)


# Active rooms and finished games


async def test_active_rooms_lists_created_rooms_until_finished(store: Store) -> None:
    assert await store.active_rooms() == []
    for room_id in ("r1", "r2", "r3"):
        await store.create_room(room_id, meta())
    assert sorted(await store.active_rooms()) == ["r1", "r2", "r3"]
    await store.finish_room("r2", replay("g2", 100.0))
    assert sorted(await store.active_rooms()) == ["r1", "r3"]


async def test_finished_room_keeps_its_replay(store: Store) -> None:
    await store.create_room("r1", meta())
    await store.append("r1", 0, entry(0))
    await store.finish_room("r1", replay("g1", 100.0))
    assert await store.replay("g1") == replay("g1", 100.0)


async def test_replay_of_unknown_game_is_none(store: Store) -> None:
    assert await store.replay("nope") is None


async def test_replays_lists_summaries_newest_first(store: Store) -> None:
    assert await store.replays() == []
    # Finished out of order: the list follows finished_at, not the order of the calls.
    for room_id, game_id, finished_at in (("r1", "g1", 300.0), ("r2", "g2", 100.0)):
        await store.create_room(room_id, meta())
        await store.finish_room(room_id, replay(game_id, finished_at))
    await store.create_room("r3", meta())
    await store.finish_room("r3", replay("g3", 200.0))
    assert await store.replays() == [
        summary("g1", 300.0),
        summary("g3", 200.0),
        summary("g2", 100.0),
    ]


@pytest.mark.parametrize("limit", [0, 1, 2, 3, 10])
async def test_replays_respects_limit(store: Store, limit: int) -> None:
    for n in range(3):
        await store.create_room(f"r{n}", meta())
        await store.finish_room(f"r{n}", replay(f"g{n}", 100.0 + n))
    newest_first = [summary(f"g{n}", 100.0 + n) for n in (2, 1, 0)]
    assert await store.replays(limit) == newest_first[:limit]


# Daily deals


async def test_put_daily_keeps_the_first_deal(store: Store) -> None:
    assert await store.put_daily("2024-05-01", deal(1)) == deal(1)
    assert await store.put_daily("2024-05-01", deal(2)) == deal(1)
    assert await store.daily("2024-05-01") == deal(1)


async def test_daily_of_unknown_key_is_none(store: Store) -> None:
    assert await store.daily("1999-12-31") is None


async def test_concurrent_put_daily_both_get_the_one_stored_deal(store: Store) -> None:
    first, second = await asyncio.gather(
        store.put_daily("2024-05-01", deal(1)), store.put_daily("2024-05-01", deal(2))
    )
    assert first == second
    assert first in (deal(1), deal(2))
    assert await store.daily("2024-05-01") == first


# Lobby


def by_room(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(entries, key=lambda e: e["room"])


async def test_lobby_put_and_remove_round_trip(store: Store) -> None:
    assert await store.lobby() == []
    for room_id in ("r1", "r2"):
        await store.create_room(room_id, meta())
    await store.lobby_put("r1", lobby_entry("r1", 1))
    await store.lobby_put("r2", lobby_entry("r2", 1))
    assert by_room(await store.lobby()) == [lobby_entry("r1", 1), lobby_entry("r2", 1)]
    await store.lobby_remove("r1")
    assert await store.lobby() == [lobby_entry("r2", 1)]
    await store.lobby_remove("r1")  # removing an absent room is not an error
    assert await store.lobby() == [lobby_entry("r2", 1)]


async def test_lobby_put_of_same_room_keeps_latest_summary(store: Store) -> None:
    await store.create_room("r1", meta())
    await store.lobby_put("r1", lobby_entry("r1", 1))
    await store.lobby_put("r1", lobby_entry("r1", 2))
    assert await store.lobby() == [lobby_entry("r1", 2)]


async def test_finish_room_removes_it_from_lobby(store: Store) -> None:
    for room_id in ("r1", "r2"):
        await store.create_room(room_id, meta())
        await store.lobby_put(room_id, lobby_entry(room_id, 2))
    await store.finish_room("r1", replay("g1", 100.0))
    assert await store.lobby() == [lobby_entry("r2", 2)]


async def test_ping_answers(store: Store) -> None:
    assert await store.ping() is True


# Durability


async def test_data_survives_reopen(stores: Stores) -> None:
    store = stores.open()
    await store.create_room("live", meta(1))
    await store.append("live", 0, entry(0))
    await store.append("live", 1, entry(1))
    await store.create_room("done", meta(2))
    await store.append("done", 0, entry(0))
    await store.finish_room("done", replay("g1", 100.0))
    await store.put_daily("2024-05-01", deal(1))

    store = await stores.reopen(store)

    assert await store.room_meta("live") == meta(1)
    assert await store.log("live") == [entry(0), entry(1)]
    assert await store.active_rooms() == ["live"]
    assert await store.replay("g1") == replay("g1", 100.0)
    assert await store.replays() == [summary("g1", 100.0)]
    assert await store.daily("2024-05-01") == deal(1)
    # The reopened store goes on from where the log stopped.
    with pytest.raises(Conflict):
        await store.append("live", 1, entry(99))
    await store.append("live", 2, entry(2))
    assert await store.log("live") == [entry(0), entry(1), entry(2)]


async def test_embedded_lobby_is_emptied_on_reopen(embedded_stores: Stores) -> None:
    # The lobby describes rooms of the live process; a restart rebuilds it.
    store = embedded_stores.open()
    await store.create_room("r1", meta())
    await store.lobby_put("r1", lobby_entry("r1", 1))
    assert await store.lobby() == [lobby_entry("r1", 1)]
    store = await embedded_stores.reopen(store)
    assert await store.lobby() == []
    assert await store.room_meta("r1") == meta()


async def test_redis_keys_expire_as_declared(redis_stores: Stores, redis_prefix: str) -> None:
    store = redis_stores.open()
    keys = Keys(redis_prefix)
    await store.create_room("r1", meta())
    await store.append("r1", 0, entry(0))
    await store.put_daily("2024-05-01", deal(1))

    client = redis.from_url(REDIS_URL)
    try:
        # A live room never expires under its players.
        assert await client.ttl(keys.room_meta("r1")) == -1
        assert await client.ttl(keys.room_log("r1")) == -1
        assert 0 < await client.ttl(keys.daily("2024-05-01")) <= DAILY_TTL

        await store.finish_room("r1", replay("g1", 100.0))

        assert 0 < await client.ttl(keys.room_meta("r1")) <= FINISHED_ROOM_TTL
        assert 0 < await client.ttl(keys.room_log("r1")) <= FINISHED_ROOM_TTL
        assert 0 < await client.ttl(keys.replay("g1")) <= REPLAY_TTL
    finally:
        await client.aclose()


# Reading logs


async def test_the_log_reads_from_any_index_and_lengths_count_every_log(store: Store) -> None:
    await store.create_room("r1", meta())
    for i in range(4):
        await store.append("r1", i, entry(i))
    assert await store.log("r1", 2) == [entry(2), entry(3)]
    assert await store.log("r1", 4) == []
    await store.create_room("r2", meta())
    assert await store.lengths(["r1", "r2", "unknown"]) == [4, 0, 0]
    assert await store.is_active("r1") and not await store.is_active("unknown")


# Leases and fencing: one driver per room


async def test_a_new_room_has_a_lapsed_lease_until_a_node_takes_it(store: Store) -> None:
    await store.create_room("r1", meta())
    assert await store.lapsed(10) == ["r1"]
    token = await store.acquire("r1", "node-a", 10_000)
    assert token is not None
    assert await store.lapsed(10) == []
    assert await store.acquire("r1", "node-b", 10_000) is None


async def test_two_nodes_asking_at_once_get_one_lease(store: Store) -> None:
    await store.create_room("r1", meta())
    tokens = await asyncio.gather(*(store.acquire("r1", f"n{i}", 10_000) for i in range(5)))
    assert sum(t is not None for t in tokens) == 1


async def test_a_released_or_lapsed_lease_goes_to_another_node_with_a_newer_token(
    store: Store,
) -> None:
    await store.create_room("r1", meta())
    first = await store.acquire("r1", "node-a", 10_000)
    await store.release("r1", "node-b", first)  # not b's: nothing happens
    assert await store.acquire("r1", "node-b", 10_000) is None
    await store.release("r1", "node-a", first)
    assert await store.lapsed(10) == ["r1"]
    second = await store.acquire("r1", "node-b", 150)
    assert second is not None and second > first
    await asyncio.sleep(0.3)  # b's lease runs out
    assert await store.lapsed(10) == ["r1"]
    third = await store.acquire("r1", "node-a", 10_000)
    assert third is not None and third > second


async def test_renewing_keeps_a_held_lease_and_reports_one_that_is_gone(store: Store) -> None:
    for room_id in ("r1", "r2"):
        await store.create_room(room_id, meta())
    a = await store.acquire("r1", "node-a", 300)
    b = await store.acquire("r2", "node-a", 150)
    assert a is not None and b is not None
    for _ in range(3):
        await asyncio.sleep(0.1)
        assert await store.renew([("r1", "node-a", a)], 300) == [True]
    await asyncio.sleep(0.1)  # r2 was not renewed: it lapsed
    assert await store.renew([("r1", "node-a", a), ("r2", "node-a", b)], 300) == [True, False]
    assert await store.renew([("r1", "node-b", a), ("r1", "node-a", a + 1)], 300) == [False] * 2
    assert await store.lapsed(10) == ["r2"]


async def test_an_automatic_entry_with_a_stale_token_is_fenced_and_changes_nothing(
    store: Store,
) -> None:
    await store.create_room("r1", meta())
    old = await store.acquire("r1", "node-a", 100)
    await store.append("r1", 0, entry(0), fence=old)
    await asyncio.sleep(0.25)
    new = await store.acquire("r1", "node-b", 10_000)
    assert new is not None
    with pytest.raises(Fenced):
        await store.append("r1", 1, entry(1), fence=old)
    assert await store.log("r1") == [entry(0)]
    await store.append("r1", 1, entry(1), fence=new)
    await store.append("r1", 2, entry(2))  # a player's entry carries no token
    assert await store.log("r1") == [entry(0), entry(1), entry(2)]


async def test_a_finished_room_is_neither_leased_nor_listed(store: Store) -> None:
    await store.create_room("r1", meta())
    token = await store.acquire("r1", "node-a", 10_000)
    await store.lobby_put("r1", lobby_entry("r1", 1))
    await store.finish_room("r1", replay("g1", 100.0))
    assert await store.lapsed(10) == []
    assert await store.acquire("r1", "node-b", 10_000) is None
    assert await store.renew([("r1", "node-a", token)], 10_000) == [False]
    await store.lobby_put("r1", lobby_entry("r1", 2))  # a late write after the end
    assert await store.lobby() == []


async def test_a_room_where_nothing_was_played_finishes_without_a_replay(store: Store) -> None:
    await store.create_room("r1", meta())
    await store.finish_room("r1", None)
    assert await store.active_rooms() == []
    assert await store.replays() == []


# Presence and events between nodes


async def test_presence_is_kept_per_node_and_forgotten_with_the_node(store: Store) -> None:
    await store.create_room("r1", meta())
    await store.set_presence("r1", "node-a", [1, 0, 2])
    await store.set_presence("r1", "node-b", [0, 1, 0])
    assert await store.presence("r1") == {"node-a": [1, 0, 2], "node-b": [0, 1, 0]}
    await store.set_presence("r1", "node-a", None)
    assert await store.presence("r1") == {"node-b": [0, 1, 0]}
    await store.leave_cluster("node-b")
    assert await store.presence("r1") == {}


async def test_a_node_hears_itself_in_its_heartbeat(store: Store) -> None:
    heard = await store.heartbeat("node-a")
    assert 0 <= heard["node-a"] < 1000


async def test_events_carry_entries_presence_and_lobby_changes_in_order(store: Store) -> None:
    events = store.events()
    assert await anext(events) == {"k": "resync"}
    await store.create_room("r1", meta())
    await store.append("r1", 0, entry(0))
    await store.set_presence("r1", "node-a", [1, 0, 0])
    version, _ = await store.lobby_snapshot()
    await store.lobby_put("r1", lobby_entry("r1", 1))
    await store.lobby_remove("r1")
    got = [await asyncio.wait_for(anext(events), 5) for _ in range(4)]
    assert got == [
        {"k": "entry", "room": "r1", "index": 0, "entry": entry(0)},
        {"k": "presence", "room": "r1", "node": "node-a", "counts": [1, 0, 0]},
        {"k": "lobby", "v": version + 1, "room": "r1", "summary": lobby_entry("r1", 1)},
        {"k": "lobby", "v": version + 2, "room": "r1", "summary": None},
    ]
    assert (await store.lobby_snapshot())[0] == version + 2
    await events.aclose()


async def test_the_lobby_snapshot_holds_what_its_version_says(store: Store) -> None:
    for room_id in ("r1", "r2"):
        await store.create_room(room_id, meta())
        await store.lobby_put(room_id, lobby_entry(room_id, 1))
    version, rooms = await store.lobby_snapshot()
    assert rooms == {"r1": lobby_entry("r1", 1), "r2": lobby_entry("r2", 1)}
    await store.lobby_remove("r1")
    await store.lobby_remove("r1")  # absent: no change, no new version
    assert await store.lobby_snapshot() == (version + 1, {"r2": lobby_entry("r2", 1)})


async def test_redis_nodes_hear_each_other_and_share_leases(redis_stores: Stores) -> None:
    a, b = redis_stores.open(), redis_stores.open()
    await a.heartbeat("node-a")
    heard = await b.heartbeat("node-b")
    assert set(heard) == {"node-a", "node-b"}
    await a.create_room("r1", meta())
    assert await a.acquire("r1", "node-a", 10_000) is not None
    assert await b.acquire("r1", "node-b", 10_000) is None
    events = b.events()
    assert await anext(events) == {"k": "resync"}
    await a.append("r1", 0, entry(0))
    assert await asyncio.wait_for(anext(events), 5) == {
        "k": "entry",
        "room": "r1",
        "index": 0,
        "entry": entry(0),
    }
    await events.aclose()


async def test_many_rooms_appending_at_once_each_get_their_own_log_in_order(store: Store) -> None:
    rooms = [f"r{k}" for k in range(20)]
    for room_id in rooms:
        await store.create_room(room_id, meta())

    async def write(room_id: str) -> None:
        for i in range(5):
            await store.append(room_id, i, {**entry(i), "room": room_id})

    # Racing writers of one room among them: exactly one wins each index.
    results = await asyncio.gather(
        *(write(r) for r in rooms),
        *(store.append("r0", 5, {"writer": w}) for w in "ab"),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results[-2:]) in (
        ["Conflict", "NoneType"],
        ["Conflict", "Conflict"],  # both came before r0 had 5 entries
    )
    for room_id in rooms[1:]:
        assert await store.log(room_id) == [{**entry(i), "room": room_id} for i in range(5)]


# Players


SINCE = float(int(time.time()) - 100)


def player_record(player_id: str = "p222222222222", name: str = "Ann") -> dict[str, Any]:
    return {"id": player_id, "name": name, "created": SINCE, "seen": SINCE, "settings": {}}


async def test_a_player_is_found_by_id_and_by_the_hash_of_the_secret(store: Store) -> None:
    await store.create_player(player_record(), "h1" * 32)
    assert await store.player("p222222222222") == player_record()
    assert await store.player_by_secret("h1" * 32) == player_record()
    assert await store.player_by_secret("h2" * 32) is None
    assert await store.player("p333333333333") is None


async def test_a_taken_player_id_or_secret_hash_conflicts(store: Store) -> None:
    await store.create_player(player_record(), "h1" * 32)
    with pytest.raises(Conflict):
        await store.create_player(player_record(name="Bob"), "h2" * 32)
    with pytest.raises(Conflict):
        await store.create_player(player_record("p333333333333"), "h1" * 32)
    assert (await store.player("p222222222222"))["name"] == "Ann"
    assert await store.player("p333333333333") is None


async def test_an_update_changes_fields_and_marks_the_player_seen(store: Store) -> None:
    await store.create_player(player_record(), "h1" * 32)
    updated = await store.update_player("p222222222222", {"name": "Bo", "settings": {"x": 1}})
    assert updated is not None and updated["name"] == "Bo" and updated["settings"] == {"x": 1}
    assert updated["seen"] > SINCE and updated["created"] == SINCE
    assert await store.player_by_secret("h1" * 32) == updated
    assert await store.update_player("p333333333333", {"name": "X"}) is None


async def test_a_reset_secret_replaces_the_old_one_at_once(store: Store) -> None:
    await store.create_player(player_record(), "h1" * 32)
    assert await store.reset_secret("p222222222222", "h2" * 32, "h1" * 32)
    assert await store.player_by_secret("h1" * 32) is None
    assert (await store.player_by_secret("h2" * 32))["id"] == "p222222222222"
    assert not await store.reset_secret("p333333333333", "h3" * 32, "h1" * 32)


async def test_a_session_a_reset_ended_can_neither_reset_nor_update(store: Store) -> None:
    """A socket still signed in with the old secret (a leaked device link) changes nothing
    once the owner has reset: its reset would lock the owner out."""
    await store.create_player(player_record(), "h1" * 32)
    assert await store.reset_secret("p222222222222", "h2" * 32, "h1" * 32)
    assert not await store.reset_secret("p222222222222", "h3" * 32, "h1" * 32)
    assert await store.update_player("p222222222222", {"name": "Thief"}, "h1" * 32) is None
    assert (await store.player_by_secret("h2" * 32))["name"] == "Ann"
    updated = await store.update_player("p222222222222", {"name": "Bo"}, "h2" * 32)
    assert updated is not None and updated["name"] == "Bo"


async def test_a_reset_tells_every_node_whose_sessions_end(stores: Stores) -> None:
    from server.store.base import fingerprint

    store = stores.open()
    other = stores.open() if stores.kind == "redis" else store
    events = other.events()
    assert (await anext(events))["k"] == "resync"
    await store.create_player(player_record(), "h1" * 32)
    assert await store.reset_secret("p222222222222", "h2" * 32, "h1" * 32)
    event = await asyncio.wait_for(anext(events), 5)
    assert event == {"k": "signed_out", "player": "p222222222222", "keep": fingerprint("h2" * 32)}
    assert "h2" * 32 not in str(event)
    await events.aclose()


async def test_an_allowance_counts_up_to_its_limit_per_bucket(store: Store) -> None:
    assert [await store.allow("a", 3, 3600) for _ in range(5)] == [True] * 3 + [False] * 2
    assert await store.allow("b", 3, 3600)


async def test_redis_player_keys_expire(redis_stores: Stores, redis_prefix: str) -> None:
    from server.store.keys import PLAYER_TTL

    store = redis_stores.open()
    await store.create_player(player_record(), "h1" * 32)
    await store.allow("a", 3, 3600)
    client = redis.from_url(REDIS_URL)
    try:
        keys = Keys(redis_prefix)
        for key in (keys.player("p222222222222"), keys.secret("h1" * 32)):
            assert PLAYER_TTL - 5 <= await client.ttl(key) <= PLAYER_TTL
        allowances = [k async for k in client.scan_iter(match=f"{redis_prefix}:allow:*")]
        assert len(allowances) == 1 and 0 < await client.ttl(allowances[0]) <= 3600
    finally:
        await client.aclose()


# What finished games change for their players


def solitaire_game(game_id: str, player: str, won: bool, score: int, at: float) -> dict:
    return {
        "id": game_id,
        "game": "reflechi",
        "options": {"draw": 1, "number": 1},
        "seats": [{"kind": "human", "level": None, "name": "Ann", "player": player}],
        "result": {"winner": None, "won": won, "score": score, "moves": 120},
        "finished_at": SINCE + at,
        "daily": None,
        "started_ms": 1000,
        "ended_ms": 61_000,
    }


def gin_game(game_id: str, players: list[str | None], winner: int, at: float = 5.0) -> dict:
    hands = [
        {"hand": 1, "dealer": 0, "kind": "gin", "winner": winner, "points": 40},
        {"hand": 2, "dealer": 1, "kind": "undercut", "winner": 1 - winner, "points": 27},
    ]
    return {
        "id": game_id,
        "game": "gin_rummy",
        "options": {"target": 50},
        "seats": [
            {"kind": "human", "level": None, "name": "Ann", "player": players[0]},
            {"kind": "human", "level": None, "name": "Bob", "player": players[1]},
        ],
        "result": {"winner": winner, "scores": [67, 27], "forfeit": None, "hands": hands},
        "finished_at": SINCE + at,
        "daily": None,
    }


async def test_a_finished_game_counts_once_for_its_players(store: Store) -> None:
    ann = "p222222222222"
    assert await store.player_stats(ann) == {}
    assert await store.record_game(solitaire_game("g1", ann, True, 600, 1.0))
    assert not await store.record_game(solitaire_game("g1", ann, True, 600, 1.0))
    assert await store.record_game(solitaire_game("g2", ann, False, 90, 2.0))
    line = (await store.player_stats(ann))["reflechi_draw1"]
    assert line == {
        "played": 2,
        "won": 1,
        "streak": 0,
        "best_streak": 1,
        "best_score": 600,
        "score_sum": 690,
        "fastest_moves": 120,
        "fastest_ms": 60_000,
    }
    assert [g["id"] for g in await store.player_games(ann)] == ["g2", "g1"]


async def test_two_nodes_finishing_one_game_at_once_count_it_once(stores: Stores) -> None:
    a, b = stores.open(), stores.open() if stores.kind == "redis" else None
    b = b or a  # the embedded store has one process: two finishes race on one store
    game = gin_game("g1", ["p222222222222", "p333333333333"], winner=0)
    done = await asyncio.gather(*(s.record_game(game) for s in (a, b, a, b)))
    assert sorted(done) == [False, False, False, True]
    ann = (await a.player_stats("p222222222222"))["gin_rummy:human"]
    bob = (await b.player_stats("p333333333333"))["gin_rummy:human"]
    assert (ann["matches"], ann["matches_won"], ann["gins"], ann["undercuts_suffered"]) == (
        1,
        1,
        1,
        1,
    )
    assert (bob["matches_won"], bob["undercuts_given"], bob["points"], bob["hands"]) == (
        0,
        1,
        27,
        2,
    )


async def test_a_game_whose_counting_fails_midway_writes_nothing(store: Store) -> None:
    broken = gin_game("g1", ["p222222222222", "p333333333333"], winner=0)
    broken["result"]["hands"][1] = {"kind": "undercut"}  # the second player's fold breaks
    with pytest.raises(KeyError):
        await store.record_game(broken)
    assert await store.player_stats("p222222222222") == {}
    assert await store.player_games("p222222222222") == []
    assert await store.record_game(gin_game("g1", ["p222222222222", None], winner=0))
    assert (await store.player_stats("p222222222222"))["gin_rummy:human"]["matches"] == 1


async def test_a_player_keeps_the_last_fifty_games(store: Store) -> None:
    for i in range(53):
        await store.record_game(solitaire_game(f"g{i:02}", "p222222222222", False, i, float(i)))
    games = await store.player_games("p222222222222")
    assert [g["id"] for g in games] == [f"g{i:02}" for i in range(52, 2, -1)]
    assert (await store.player_stats("p222222222222"))["reflechi_draw1"]["played"] == 53


async def test_redis_game_counting_keys_expire(redis_stores: Stores, redis_prefix: str) -> None:
    from server.store.keys import COUNTED_TTL, PLAYER_TTL

    store = redis_stores.open()
    await store.record_game(solitaire_game("g1", "p222222222222", True, 600, 1.0))
    client = redis.from_url(REDIS_URL)
    try:
        keys = Keys(redis_prefix)
        assert COUNTED_TTL - 5 <= await client.ttl(keys.counted("g1")) <= COUNTED_TTL
        for key in (keys.stats("p222222222222"), keys.games("p222222222222")):
            assert PLAYER_TTL - 5 <= await client.ttl(key) <= PLAYER_TTL
    finally:
        await client.aclose()


def rated_game(game_id: str, players: list[str], winner: int, at: float) -> dict:
    return {**gin_game(game_id, players, winner, at), "rated": True}


async def test_a_rated_match_changes_both_ratings_once(store: Store) -> None:
    from server.players.glicko2 import Rating, match

    ann, bob = "p222222222222", "p333333333333"
    assert await store.player_rating(ann) is None
    await store.record_game(rated_game("g1", [ann, bob], 0, 1.0))
    await store.record_game(rated_game("g1", [ann, bob], 0, 1.0))  # a duplicate finish
    await store.record_game(gin_game("g2", [ann, bob], 1, 2.0))  # not rated
    expected = match(Rating(), Rating(), a_won=True)
    for player, want in zip((ann, bob), expected, strict=True):
        got = await store.player_rating(player)
        assert got is not None and got["games"] == 1 and got["at"] == SINCE + 1.0
        assert (got["rating"], got["rd"], got["volatility"]) == (
            pytest.approx(want.rating),
            pytest.approx(want.rd),
            pytest.approx(want.volatility),
        )
        assert [p["game"] for p in await store.rating_history(player)] == ["g1"]
    assert await store.rating_board(10) == []  # a deviation of ~290 is not sure enough


async def test_the_ratings_board_lists_sure_ratings_highest_first_ties_by_id(
    store: Store,
) -> None:
    # Two pairs with the same results get the same ratings: ties go by player id.
    # One match a day per pair: a pair's rated matches count up to three a day.
    pairs = [("p999999999999", "p888888888888"), ("p444444444444", "p555555555555")]
    for i in range(20):
        for n, (first, second) in enumerate(pairs):
            won = 0 if i % 3 else 1  # the first player wins two matches in three
            at = i * 86_400.0
            await store.record_game(rated_game(f"g{i}-{n}", [first, second], won, at))
    board = await store.rating_board(10)
    assert [e["player"] for e in board] == [
        "p444444444444",
        "p999999999999",
        "p555555555555",
        "p888888888888",
    ]
    assert board[0]["rating"] == board[1]["rating"] > board[2]["rating"] == board[3]["rating"]
    assert all(e["rd"] < 110 and e["games"] == 20 for e in board)
    assert [e["player"] for e in await store.rating_board(1)] == ["p444444444444"]
    assert len(await store.rating_history("p444444444444")) == 20


async def test_rated_matches_of_one_pair_count_three_a_day(store: Store) -> None:
    from server.players.ledger import PAIR_RATED_PER_DAY

    ann, bob = "p222222222222", "p333333333333"
    for i in range(PAIR_RATED_PER_DAY + 2):
        players = [ann, bob] if i % 2 else [bob, ann]  # whoever sits where
        await store.record_game(rated_game(f"g{i}", players, 0, float(i)))
    assert (await store.player_rating(ann))["games"] == PAIR_RATED_PER_DAY
    games = await store.player_games(ann)
    assert [g.get("unrated") for g in games] == ["pair_limit"] * 2 + [None] * 3
    assert [g["rated"] for g in games] == [False] * 2 + [True] * 3
    await store.record_game(rated_game("next-day", [ann, bob], 0, 86_400.0))
    assert (await store.player_rating(ann))["games"] == PAIR_RATED_PER_DAY + 1
    await store.record_game(rated_game("other", [ann, "p444444444444"], 0, 10.0))
    assert (await store.player_rating(ann))["games"] == PAIR_RATED_PER_DAY + 2


async def test_a_match_is_not_rated_between_identities_of_one_address(store: Store) -> None:
    ann, bob, cy = "p222222222222", "p333333333333", "p444444444444"
    for player, addr in ((ann, "tag-a"), (bob, "tag-a"), (cy, "tag-c")):
        await store.create_player({**player_record(player), "addr": addr}, player[1:] * 5)
    await store.record_game(rated_game("g1", [ann, bob], 0, 1.0))
    assert await store.player_rating(ann) is None and await store.player_rating(bob) is None
    assert (await store.player_games(ann))[0]["unrated"] == "same_address"
    await store.update_player(bob, {"addr": "tag-b"})  # Bob last connected from elsewhere
    await store.record_game(rated_game("g2", [ann, bob], 0, 2.0))
    await store.record_game(rated_game("g3", [ann, cy], 1, 3.0))
    assert (await store.player_rating(ann))["games"] == 2


async def test_an_aborted_match_or_one_without_a_finished_hand_is_not_rated(
    store: Store,
) -> None:
    ann, bob = "p222222222222", "p333333333333"
    aborted = {**rated_game("g1", [ann, bob], 0, 1.0), "own_moves": [12, 0]}
    no_hand = rated_game("g2", [ann, bob], 0, 2.0)
    no_hand["result"]["hands"] = []
    for game in (aborted, no_hand):
        game["result"]["forfeit"] = 1
        await store.record_game(game)
    assert await store.player_rating(ann) is None and await store.player_rating(bob) is None
    assert [g["unrated"] for g in await store.player_games(bob)] == ["no_hand", "aborted"]
    assert (await store.player_stats(bob))["gin_rummy:human"]["matches"] == 2
    played = {**rated_game("g3", [ann, bob], 0, 3.0), "own_moves": [1, 1]}
    await store.record_game(played)
    assert (await store.player_rating(bob))["games"] == 1


async def test_redis_pair_counts_expire(redis_stores: Stores, redis_prefix: str) -> None:
    from server.players.ledger import PAIR_TTL, utc_day

    store = redis_stores.open()
    await store.record_game(rated_game("g1", ["p333333333333", "p222222222222"], 0, 1.0))
    client = redis.from_url(REDIS_URL)
    try:
        key = Keys(redis_prefix).rated_pair(utc_day(SINCE + 1.0), "p222222222222", "p333333333333")
        assert int(await client.get(key)) == 1
        assert PAIR_TTL - 5 <= await client.ttl(key) <= PAIR_TTL
    finally:
        await client.aclose()


# Daily leaderboards

DAY = time.strftime("%Y-%m-%d", time.gmtime())  # boards older than DAILY_TTL are forgotten


def daily_solitaire(game_id: str, player: str, won: bool, score: int, moves: int, ms: int):
    game = solitaire_game(game_id, player, won, score, 0.0)
    game["result"]["moves"] = moves
    return {**game, "daily": DAY, "started_ms": 0, "ended_ms": ms}


async def ranked(store: Store, game: dict) -> bool:
    """Count a daily game that is the player's first attempt of the day."""
    player = game["seats"][0]["player"]
    board = "reflechi_draw1" if game["game"] == "reflechi" else "gin_rummy"
    await store.claim_attempt(board, DAY, player, game["id"])
    return await store.record_game(game)


async def test_a_daily_board_orders_won_then_score_then_moves_then_time(store: Store) -> None:
    games = [
        daily_solitaire("g1", "p222222222222", False, 900, 10, 1000),  # lost: last
        daily_solitaire("g2", "p333333333333", True, 500, 100, 9000),
        daily_solitaire("g3", "p444444444444", True, 600, 200, 9000),  # best score
        daily_solitaire("g4", "p555555555555", True, 500, 90, 9000),  # fewer moves
        daily_solitaire("g5", "p666666666666", True, 500, 100, 8000),  # less time
        daily_solitaire("g6", "p777777777777", True, 500, 100, 8000),  # a tie with g5
    ]
    for game in games:
        assert await ranked(store, game)
    board = await store.daily_board("reflechi_draw1", DAY, 100, "p333333333333")
    assert board["total"] == 6
    assert [(r["rank"], r["game"]) for r in board["rows"]] == [
        (1, "g3"),
        (2, "g4"),
        (3, "g5"),
        (3, "g6"),
        (5, "g2"),
        (6, "g1"),
    ]
    assert board["me"] == {**board["rows"][4], "rank": 5}
    assert board["rows"][0] == {
        "rank": 1,
        "player": "p444444444444",
        "name": "Ann",
        "game": "g3",
        "won": True,
        "score": 600,
        "moves": 200,
        "ms": 9000,
    }
    top = await store.daily_board("reflechi_draw1", DAY, 3, "p222222222222")
    assert [r["game"] for r in top["rows"]] == ["g3", "g4", "g5"] and top["me"]["rank"] == 6
    nobody = await store.daily_board("reflechi_draw1", DAY, 0, "p888888888888")
    assert nobody == {"total": 6, "rows": [], "me": None}
    assert (await store.daily_board("easy_harp", DAY, 100))["total"] == 0


async def test_only_the_first_attempt_of_the_day_is_ranked(store: Store) -> None:
    ann = "p222222222222"
    assert await store.attempt("reflechi_draw1", DAY, ann) is None
    assert await store.claim_attempt("reflechi_draw1", DAY, ann, "g1") == "g1"
    assert await store.claim_attempt("reflechi_draw1", DAY, ann, "g2") == "g1"
    assert await store.attempt("reflechi_draw1", DAY, ann) == "g1"
    await store.record_game(daily_solitaire("g2", ann, True, 900, 10, 1000))  # practice
    assert (await store.daily_board("reflechi_draw1", DAY, 10))["total"] == 0
    await store.record_game(daily_solitaire("g1", ann, False, 5, 10, 1000))
    await store.record_game(daily_solitaire("g1", ann, False, 5, 10, 1000))  # counted once
    board = await store.daily_board("reflechi_draw1", DAY, 10, ann)
    assert board["total"] == 1 and board["me"]["game"] == "g1" and board["me"]["rank"] == 1
    assert (await store.player_stats(ann))["reflechi_draw1"]["played"] == 2


async def test_a_first_attempt_claimed_unranked_is_used_up_and_never_ranked(
    store: Store,
) -> None:
    from server.players.boards import claim

    ann = "p222222222222"
    unranked = claim("g1", ranked=False)
    assert await store.claim_attempt("reflechi_draw1", DAY, ann, unranked) == unranked
    assert await store.claim_attempt("reflechi_draw1", DAY, ann, "g2") == unranked
    await store.record_game(daily_solitaire("g1", ann, True, 900, 10, 1000))
    await store.record_game(daily_solitaire("g2", ann, True, 900, 10, 1000))
    assert (await store.daily_board("reflechi_draw1", DAY, 10))["total"] == 0


async def test_the_daily_gin_board_orders_won_then_margin_then_fewer_hands(store: Store) -> None:
    def daily_gin(game_id, player, winner, scores, hands):
        game = gin_game(game_id, [player, None], winner)
        game["seats"][1] = {"kind": "bot", "level": "normal", "name": "Normal bot", "player": None}
        game["result"]["scores"] = scores
        game["result"]["hands"] = game["result"]["hands"][:1] * hands
        return {**game, "daily": DAY}

    left_first = daily_gin("g5", "p666666666666", 1, [0, 0], 0)  # left before moving
    left_first["result"]["forfeit"] = 0
    cut_off = daily_gin("g6", "p777777777777", 1, [49, 100], 2)  # behind by 51, then left
    cut_off["result"]["forfeit"] = 0
    for game in (
        daily_gin("g1", "p222222222222", 1, [60, 100], 3),
        daily_gin("g2", "p333333333333", 0, [100, 20], 4),
        daily_gin("g3", "p444444444444", 0, [100, 20], 3),
        daily_gin("g4", "p555555555555", 0, [110, 0], 6),
        daily_gin("g7", "p888888888888", 1, [37, 100], 5),  # lost by 63 at the table
        left_first,
        cut_off,
    ):
        await ranked(store, game)
    board = await store.daily_board("gin_rummy", DAY, 10)
    assert [(r["rank"], r["game"], r["margin"], r["forfeit"]) for r in board["rows"]] == [
        (1, "g4", 110, False),
        (2, "g3", 80, False),
        (3, "g2", 80, False),
        (4, "g1", -40, False),
        (5, "g7", -63, False),  # every match played to its end ranks above every forfeit
        (6, "g5", 0, True),
        (7, "g6", -51, True),
    ]


async def test_redis_daily_board_keys_expire(redis_stores: Stores, redis_prefix: str) -> None:
    from server.store.keys import ATTEMPT_TTL

    store = redis_stores.open()
    await ranked(store, daily_solitaire("g1", "p222222222222", True, 5, 10, 1000))
    client = redis.from_url(REDIS_URL)
    try:
        keys = Keys(redis_prefix)
        for key in (
            keys.daily_board("reflechi_draw1", DAY),
            keys.daily_rows("reflechi_draw1", DAY),
        ):
            assert DAILY_TTL - 5 <= await client.ttl(key) <= DAILY_TTL
        key = keys.attempt("reflechi_draw1", DAY, "p222222222222")
        assert ATTEMPT_TTL - 5 <= await client.ttl(key) <= ATTEMPT_TTL
    finally:
        await client.aclose()
