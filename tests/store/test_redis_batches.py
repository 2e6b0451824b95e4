"""The Redis store sends a busy node's appends in batches spaced ``spacing`` apart (so that
they share a round trip), sends a quiet node's append at once, and sends what waits for the
spacing when it closes: every append answered, none lost to the wait. On a real Redis, under
a key prefix of the test's own. The spacing is read from the batch's timer, never waited
out."""

from __future__ import annotations

import asyncio

import pytest
from stores import REDIS_URL, Stores, meta
from waiting import until

from server.store.redis_store import RedisStore


async def test_a_busy_nodes_batches_are_spaced_and_a_quiet_nodes_append_goes_at_once(
    redis_stores: Stores,
) -> None:
    store = redis_stores.open()
    await store.rooms.create_room("a", meta())
    batches = store.rooms._appends
    batches.spacing = 3600.0  # nothing sent yet: the first append goes at once
    await asyncio.wait_for(store.rooms.append("a", 0, {"n": 0}), 10)
    first = batches._sent
    # Two more while the spacing runs: they wait, in one batch due an hour after the first.
    second = asyncio.ensure_future(store.rooms.append("a", 1, {"n": 1}))
    await until(lambda: batches._due, 5, "the second append's batch to wait")
    third = asyncio.ensure_future(store.rooms.append("a", 2, {"n": 2}))
    await until(lambda: len(batches.queued) == 2, 5, "the third append to join the batch")
    assert not second.done() and not third.done()
    assert batches._due.when() == pytest.approx(first + 3600)
    await batches.flush()  # (the hour taken as past)
    await asyncio.wait_for(asyncio.gather(second, third), 10)
    # An hour after the last batch, a new append goes at once.
    batches._sent = asyncio.get_running_loop().time() - 3600
    await asyncio.wait_for(store.rooms.append("a", 3, {"n": 3}), 10)
    assert [e["n"] for e in await store.rooms.log("a")] == [0, 1, 2, 3]


async def test_an_append_waiting_for_the_spacing_is_written_when_the_store_closes(
    redis_stores: Stores, redis_prefix: str
) -> None:
    closing = RedisStore(REDIS_URL, prefix=redis_prefix, commit_ms=3_600_000)
    await closing.rooms.create_room("a", meta())
    await closing.rooms.append("a", 0, {"n": 0})  # the first goes at once
    waiting = asyncio.ensure_future(closing.rooms.append("a", 1, {"n": 1}))
    await until(lambda: closing.rooms._appends._due, 5, "the append's batch to wait")
    assert not waiting.done()
    await closing.close()
    await asyncio.wait_for(waiting, 5)  # written, not failed
    reader = redis_stores.open()
    assert [e["n"] for e in await reader.rooms.log("a")] == [0, 1]
