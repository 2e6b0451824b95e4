"""Finished games' replays and the daily deals.

Run against both implementations (tests/stores.py)."""

from __future__ import annotations

import asyncio

from stores import deal, meta, replay

from server.store import Store


async def test_put_daily_keeps_the_first_deal(store: Store) -> None:
    assert await store.dailies.put_daily("2024-05-01", deal(1)) == deal(1)
    assert await store.dailies.put_daily("2024-05-01", deal(2)) == deal(1)
    assert await store.dailies.daily("2024-05-01") == deal(1)


async def test_daily_of_unknown_key_is_none(store: Store) -> None:
    assert await store.dailies.daily("1999-12-31") is None


async def test_concurrent_put_daily_both_get_the_one_stored_deal(store: Store) -> None:
    first, second = await asyncio.gather(
        store.dailies.put_daily("2024-05-01", deal(1)),
        store.dailies.put_daily("2024-05-01", deal(2)),
    )
    assert first == second
    assert first in (deal(1), deal(2))
    assert await store.dailies.daily("2024-05-01") == first


async def test_a_review_is_kept_with_its_replay_one_per_seat(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    await store.rooms.finish_room("r1", replay("r1", 100.0))
    assert await store.replays.review("r1", 0) is None
    assert await store.replays.put_review("r1", 0, {"accuracy": 80.0})
    assert await store.replays.put_review("r1", 1, {"accuracy": 60.0})
    assert await store.replays.put_review(
        "r1", 0, {"accuracy": 81.0}
    )  # a second replaces the first
    assert await store.replays.review("r1", 0) == {"accuracy": 81.0}
    assert await store.replays.review("r1", 1) == {"accuracy": 60.0}


async def test_no_review_is_kept_for_a_game_without_a_replay(store: Store) -> None:
    assert not await store.replays.put_review("nothing", 0, {"accuracy": 80.0})
    assert await store.replays.review("nothing", 0) is None
