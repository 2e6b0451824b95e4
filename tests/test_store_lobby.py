"""The lobby: public rooms' summaries, read at one instant with their version.

Run against both implementations (tests/stores.py)."""

from __future__ import annotations

from stores import by_room, lobby_entry, meta, replay

from server.store import Store


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
