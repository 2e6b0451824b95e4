"""Players: identities by the hash of their secret, resets, allowances.

Run against both implementations (tests/stores.py)."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis.asyncio as redis
from stores import REDIS_URL, SINCE, Stores, player_record

from server.services.pool import Pool
from server.store import Conflict, Store
from server.store.keys import Keys
from server.store.players import allowance_window


async def test_a_player_is_found_by_id_and_by_the_hash_of_the_secret(store: Store) -> None:
    await store.players.create_player(player_record(), "h1" * 32)
    assert await store.players.player("p222222222222") == player_record()
    assert await store.players.player_by_secret("h1" * 32) == player_record()
    assert await store.players.player_by_secret("h2" * 32) is None
    assert await store.players.player("p333333333333") is None


async def test_a_taken_player_id_or_secret_hash_conflicts(store: Store) -> None:
    await store.players.create_player(player_record(), "h1" * 32)
    with pytest.raises(Conflict):
        await store.players.create_player(player_record(name="Bob"), "h2" * 32)
    with pytest.raises(Conflict):
        await store.players.create_player(player_record("p333333333333"), "h1" * 32)
    assert (await store.players.player("p222222222222"))["name"] == "Ann"
    assert await store.players.player("p333333333333") is None


async def test_an_update_changes_fields_and_marks_the_player_seen(store: Store) -> None:
    await store.players.create_player(player_record(), "h1" * 32)
    updated = await store.players.update_player(
        "p222222222222", {"name": "Bo", "settings": {"x": 1}}
    )
    assert updated is not None and updated["name"] == "Bo" and updated["settings"] == {"x": 1}
    assert updated["seen"] > SINCE and updated["created"] == SINCE
    assert await store.players.player_by_secret("h1" * 32) == updated
    assert await store.players.update_player("p333333333333", {"name": "X"}) is None


async def test_a_reset_secret_replaces_the_old_one_at_once(store: Store) -> None:
    await store.players.create_player(player_record(), "h1" * 32)
    assert await store.players.reset_secret("p222222222222", "h2" * 32, "h1" * 32)
    assert await store.players.player_by_secret("h1" * 32) is None
    assert (await store.players.player_by_secret("h2" * 32))["id"] == "p222222222222"
    assert not await store.players.reset_secret("p333333333333", "h3" * 32, "h1" * 32)


async def test_a_session_a_reset_ended_can_neither_reset_nor_update(store: Store) -> None:
    """A socket still signed in with the old secret (a leaked device link) changes nothing
    once the owner has reset: its reset would lock the owner out."""
    await store.players.create_player(player_record(), "h1" * 32)
    assert await store.players.reset_secret("p222222222222", "h2" * 32, "h1" * 32)
    assert not await store.players.reset_secret("p222222222222", "h3" * 32, "h1" * 32)
    assert await store.players.update_player("p222222222222", {"name": "Thief"}, "h1" * 32) is None
    assert (await store.players.player_by_secret("h2" * 32))["name"] == "Ann"
    updated = await store.players.update_player("p222222222222", {"name": "Bo"}, "h2" * 32)
    assert updated is not None and updated["name"] == "Bo"


async def test_a_reset_ends_the_player_s_seek_in_the_same_step(store: Store) -> None:
    """A seek made before a reset (from any of the player's sockets) is not paired after it:
    the one who came to play would be put in a room whose kept seat nobody is told of."""
    from test_store_pairing import SEED, T0, seek

    from server.store.base import fingerprint

    player = "p222222222222"
    await store.players.create_player(player_record(), "h1" * 32)
    assert await Pool(store.seeks).seek(seek(player, 1500), "r1", SEED, T0) is None
    assert not await store.players.reset_secret(player, "h3" * 32, "h9" * 32)  # refused: kept
    assert await store.seeks.seek_of(player) is not None
    assert await store.players.reset_secret(player, "h2" * 32, "h1" * 32)
    assert await store.seeks.seek_of(player) is None
    assert await Pool(store.seeks).seek(seek("bob", 1510, T0 + 1000), "r2", SEED, T0 + 1000) is None
    assert await Pool(store.seeks).sweep("n1", T0 + 2000, None, [("r3", SEED)]) == ([], ["bob"])
    # A seek made on the old secret, whose check passed just before the reset, is refused.
    stale = {**seek(player, 1500, T0 + 2500), "session": fingerprint("h1" * 32)}
    assert await Pool(store.seeks).seek(stale, "r4", SEED, T0 + 2500) == "reset"
    assert await store.seeks.seekers() == [seek("bob", 1510, T0 + 1000)]
    # The player, on the new secret, seeks again like anyone.
    fresh = {**seek(player, 1500, T0 + 3000), "session": fingerprint("h2" * 32)}
    made = await Pool(store.seeks).seek(fresh, "r5", SEED, T0 + 3000)
    assert made is not None and made["room"] == "r5"


async def test_no_seek_is_paired_while_the_embedded_store_writes_a_reset(
    embedded_stores: Stores,
) -> None:
    """The embedded store writes the new secret on its file's thread: meanwhile the event loop
    runs on, and a sweep or a new seek then must not pair the seek the reset ends."""
    from test_store_pairing import SEED, T0, seek

    from server.store.base import fingerprint

    store, player = embedded_stores.open(), "p222222222222"
    await store.players.create_player(player_record(), "h1" * 32)
    assert await Pool(store.seeks).seek(seek(player, 1500), "r1", SEED, T0) is None
    resetting = asyncio.ensure_future(store.players.reset_secret(player, "h2" * 32, "h1" * 32))
    await asyncio.sleep(0)  # the reset is under way: its write is on the file's thread
    assert not resetting.done()
    assert await Pool(store.seeks).seek(seek("bob", 1500, T0 + 1000), "r2", SEED, T0 + 1000) is None
    assert await Pool(store.seeks).sweep("n1", T0 + 2000, None, [("r3", SEED)]) == (
        [],
        ["bob", player],
    )
    assert await resetting
    assert await store.seeks.seekers() == [seek("bob", 1500, T0 + 1000)]
    # A reset refused (a session that has ended) leaves the seek as it was, and pairable.
    now = {"session": fingerprint("h2" * 32)}  # the player's seeks on the new secret
    made = await Pool(store.seeks).seek(
        {**seek(player, 1500, T0 + 3000), **now}, "r4", SEED, T0 + 3000
    )
    assert made is not None
    await Pool(store.seeks).unseek("bob")
    assert (
        await Pool(store.seeks).seek(
            {**seek(player, 1500, T0 + 4000), **now}, "r5", SEED, T0 + 4000
        )
        is None
    )
    assert not await store.players.reset_secret(player, "h3" * 32, "h1" * 32)
    assert (await store.seeks.seek_of(player))["since"] == T0 + 4000
    made = await Pool(store.seeks).seek(seek("cy", 1500, T0 + 5000), "r6", SEED, T0 + 5000)
    assert made is not None and made["seeks"][0]["player"] == player


async def test_a_reset_tells_every_node_whose_sessions_end(stores: Stores) -> None:
    from server.store.base import fingerprint

    store = stores.open()
    other = stores.open() if stores.kind == "redis" else store
    events = other.events()
    assert (await anext(events))["k"] == "resync"
    await store.players.create_player(player_record(), "h1" * 32)
    assert await store.players.reset_secret("p222222222222", "h2" * 32, "h1" * 32)
    event = await asyncio.wait_for(anext(events), 5)
    assert event == {"k": "signed_out", "player": "p222222222222", "keep": fingerprint("h2" * 32)}
    assert "h2" * 32 not in str(event)
    await events.aclose()


async def test_an_allowance_counts_up_to_its_limit_per_bucket(store: Store) -> None:
    assert [await store.players.allow("a", 3, 3600) for _ in range(5)] == [True] * 3 + [False] * 2
    assert await store.players.allow("b", 3, 3600)


def test_an_allowance_window_ends_on_its_boundary_and_says_so() -> None:
    """The fixed windows every store counts in, and the seconds left of one: what a refusal
    tells the client (``retry_after``), never 0 (the window has not ended yet)."""
    assert allowance_window(3600, 7200.0) == (2, 3600)
    assert allowance_window(3600, 7200.5) == (2, 3600)
    assert allowance_window(3600, 10_799.2) == (2, 1)
    assert allowance_window(60, 61.0) == (1, 59)


async def test_redis_player_keys_expire(redis_stores: Stores, redis_prefix: str) -> None:
    from server.store.keys import PLAYER_TTL

    store = redis_stores.open()
    await store.players.create_player(player_record(), "h1" * 32)
    await store.players.allow("a", 3, 3600)
    client = redis.from_url(REDIS_URL)
    try:
        keys = Keys(redis_prefix)
        for key in (keys.player("p222222222222"), keys.secret("h1" * 32)):
            assert PLAYER_TTL - 5 <= await client.ttl(key) <= PLAYER_TTL
        allowances = [k async for k in client.scan_iter(match=f"{redis_prefix}:allow:*")]
        assert len(allowances) == 1 and 0 < await client.ttl(allowances[0]) <= 3600
        # Counted in the window a refusal's retry_after is computed from.
        window, _ = allowance_window(3600, time.time())
        assert allowances[0].decode() == keys.allowance("a", window)
    finally:
        await client.aclose()
