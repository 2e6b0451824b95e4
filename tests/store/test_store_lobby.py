"""The lobby: public rooms' summaries, read at one instant with their version.

Run against both implementations (tests/stores.py)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

import pytest
from stores import by_room, lobby_entry, meta, replay
from waiting import until

from server.store import Store
from server.store.redis_store import RedisStore


async def test_lobby_put_and_remove_round_trip(store: Store) -> None:
    assert await store.lobby.listed() == []
    for room_id in ("r1", "r2"):
        await store.rooms.create_room(room_id, meta())
    await store.lobby.put("r1", lobby_entry("r1", 1))
    await store.lobby.put("r2", lobby_entry("r2", 1))
    assert by_room(await store.lobby.listed()) == [lobby_entry("r1", 1), lobby_entry("r2", 1)]
    await store.lobby.remove("r1")
    assert await store.lobby.listed() == [lobby_entry("r2", 1)]
    await store.lobby.remove("r1")  # removing an absent room is not an error
    assert await store.lobby.listed() == [lobby_entry("r2", 1)]


async def test_lobby_put_of_same_room_keeps_latest_summary(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    await store.lobby.put("r1", lobby_entry("r1", 1))
    await store.lobby.put("r1", lobby_entry("r1", 2))
    assert await store.lobby.listed() == [lobby_entry("r1", 2)]


async def test_finish_room_removes_it_from_lobby(store: Store) -> None:
    for room_id in ("r1", "r2"):
        await store.rooms.create_room(room_id, meta())
        await store.lobby.put(room_id, lobby_entry(room_id, 2))
    await store.rooms.finish_room("r1", replay("g1", 100.0))
    assert await store.lobby.listed() == [lobby_entry("r2", 2)]


async def test_ping_answers(store: Store) -> None:
    assert await store.ping() is True


async def test_the_lobby_lists_the_public_rooms_of_every_group(store: Store) -> None:
    rooms = [f"room{n}" for n in range(30)]
    for room_id in rooms:
        await store.rooms.create_room(room_id, meta())
        await store.lobby.put(room_id, lobby_entry(room_id, 1))
    assert by_room(await store.lobby.listed()) == [lobby_entry(r, 1) for r in sorted(rooms)]


async def test_finishing_a_listed_room_tells_that_it_left_the_lobby(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    await store.lobby.put("r1", lobby_entry("r1", 1))
    events = store.events()
    assert await anext(events) == {"k": "resync"}
    version, _ = await store.lobby.snapshot()
    await store.rooms.finish_room("r1", None)
    assert await asyncio.wait_for(anext(events), 5) == {
        "k": "lobby",
        "v": version + 1,
        "room": "r1",
        "summary": None,
    }
    assert await store.lobby.snapshot() == (version + 1, {})
    await events.aclose()


class Mirror:
    """What a node's lobby does with the store (server.services.lobby): read a snapshot,
    then apply the events of the versions after it in order, reading again at a gap."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.version, self.rooms = -1, {}

    async def read(self) -> None:
        self.version, self.rooms = await self.store.lobby.snapshot()

    async def follow(self, events) -> None:
        async for event in events:
            if event["k"] == "resync":
                await self.read()
            elif event["k"] == "lobby" and event["v"] > self.version:
                if event["v"] != self.version + 1:
                    await self.read()
                    continue
                self.version = event["v"]
                if event["summary"] is None:
                    self.rooms.pop(event["room"], None)
                else:
                    self.rooms[event["room"]] = event["summary"]


async def test_a_mirror_of_the_lobby_holds_what_the_store_holds_after_racing_writers(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writers race on the same rooms, one of which finishes meanwhile; each time they are
    done, the mirror holds the store's lobby. On Redis a lobby change is written, then
    given a version: there writers pause a moment in between (as on a busy node), so that
    versions come in another order than writes (telling the summary each wrote, rather
    than the room's summary once the version is taken, then leaves a stale one)."""
    if isinstance(store, RedisStore):
        incr, pauses = store.redis.incr, random.Random(7)

        async def paused(*args: Any, **kwargs: Any) -> Any:
            await asyncio.sleep(pauses.random() * 0.002)
            return await incr(*args, **kwargs)

        monkeypatch.setattr(store.redis, "incr", paused)
    rooms = ["r1", "r2", "r3"]
    for room_id in rooms:
        await store.rooms.create_room(room_id, meta())
    mirror, events = Mirror(store), store.events()
    following = asyncio.create_task(mirror.follow(events))
    try:
        for n in range(10):
            writes = [
                store.lobby.put(r, None if (w + n) % 5 == 0 else lobby_entry(r, 10 * n + w))
                for w in range(6)
                for r in rooms
            ]
            if n == 5:
                writes.append(store.rooms.finish_room("r1", None))
            await asyncio.gather(*writes)
            version, listed = await store.lobby.snapshot()
            await until(lambda v=version: mirror.version >= v, what="the mirror to catch up")
            assert mirror.rooms == listed, f"round {n}"
        assert "r1" not in listed
    finally:
        following.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await following
        await events.aclose()
