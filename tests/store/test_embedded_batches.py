"""The embedded store commits the appends that wait as one batch (one disk sync for all),
hands the next batch to its writer as soon as one ends, and settles every append: written,
refused as a conflict, or failed with the store closed, never left waiting."""

from __future__ import annotations

import asyncio
import threading

import pytest
from waiting import until

from server.store import Conflict
from server.store.embedded import EmbeddedStore


@pytest.fixture
async def store(tmp_path):
    s = EmbeddedStore(str(tmp_path / "db.sqlite3"))
    yield s
    await s.close()


async def test_a_steps_appends_share_a_batch_and_those_made_during_one_share_the_next(store):
    batches: list[int] = []
    write = store.rooms._append_batch

    def counted(batch, known):
        batches.append(len(batch))
        return write(batch, known)

    store.rooms._append_batch = counted
    rooms = [f"r{k}" for k in range(60)]
    for room in rooms:
        await store.rooms.create_room(room, {"seats": []})
    # One append, handed to the writer at the end of its step; then 59 while it is there.
    first = asyncio.ensure_future(store.rooms.append(rooms[0], 0, {"n": 0}))
    await asyncio.sleep(0)  # the append is made
    await asyncio.sleep(0)  # its batch of one goes to the writer
    await asyncio.gather(first, *(store.rooms.append(r, 0, {"n": 0}) for r in rooms[1:]))
    assert batches == [1, 59]
    # Sixty appends of one step: one batch.
    await asyncio.gather(*(store.rooms.append(r, 1, {"n": 1}) for r in rooms))
    assert batches == [1, 59, 60]
    for room in rooms:
        assert [e["n"] for e in await store.rooms.log(room)] == [0, 1]


async def test_a_busy_stores_batches_are_spaced_and_a_quiet_stores_append_goes_at_once(store):
    """Batches are handed to the writer at least ``spacing`` apart (on the loop's clock), so
    that a busy server's appends share a disk sync; an append after a quiet spell does not
    wait for it. Read from the batch's timer, not waited out."""
    rooms = store.rooms
    await rooms.create_room("a", {"seats": []})
    rooms.spacing = 3600.0  # nothing handed on yet: the first append goes at once
    await asyncio.wait_for(rooms.append("a", 0, {"n": 0}), 10)
    first = rooms._handed
    # The next one waits for the rest of the spacing: its batch is due an hour after.
    second = asyncio.ensure_future(rooms.append("a", 1, {"n": 1}))
    await until(lambda: rooms._due, 5, "the second append's batch to wait")
    assert not second.done()
    assert rooms._due.when() == pytest.approx(first + 3600)
    rooms.flush()  # (the hour taken as past)
    await asyncio.wait_for(second, 10)
    # An hour after the last batch, a new append goes at once.
    rooms._handed = asyncio.get_running_loop().time() - 3600
    await asyncio.wait_for(rooms.append("a", 2, {"n": 2}), 10)
    assert [e["n"] for e in await rooms.log("a")] == [0, 1, 2]


async def test_an_append_waiting_for_the_spacing_is_written_when_the_store_closes(tmp_path):
    path = str(tmp_path / "db.sqlite3")
    closing = EmbeddedStore(path)
    await closing.rooms.create_room("a", {"seats": []})
    closing.rooms.spacing = 3600.0
    await closing.rooms.append("a", 0, {"n": 0})  # the first goes at once
    waiting = asyncio.ensure_future(closing.rooms.append("a", 1, {"n": 1}))
    await until(lambda: closing.rooms._due, 5, "the append's batch to wait for the spacing")
    assert not waiting.done()
    await closing.close()
    await asyncio.wait_for(waiting, 5)  # written, not failed
    reopened = EmbeddedStore(path)
    try:
        assert [e["n"] for e in await reopened.rooms.log("a")] == [0, 1]
    finally:
        await reopened.close()


async def test_a_conflict_in_a_batch_refuses_only_its_own_append(store):
    await store.rooms.create_room("a", {"seats": []})
    await store.rooms.create_room("b", {"seats": []})
    results = await asyncio.gather(
        store.rooms.append("a", 0, {"n": 0}),
        store.rooms.append("b", 1, {"n": 1}),  # a gap: b has no entry 0
        store.rooms.append("b", 0, {"n": 0}),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Conflict)
    assert [e["n"] for e in await store.rooms.log("a")] == [0]
    assert [e["n"] for e in await store.rooms.log("b")] == [0]


async def test_an_append_to_a_closed_store_fails_instead_of_waiting(tmp_path):
    closed = EmbeddedStore(str(tmp_path / "db.sqlite3"))
    await closed.rooms.create_room("a", {"seats": []})
    await closed.close()
    with pytest.raises(RuntimeError):
        await asyncio.wait_for(closed.rooms.append("a", 0, {"n": 0}), 5)


async def test_log_lengths_asked_while_a_room_finishes_answer_for_every_room(store):
    """The periodic check of every held room against its log asked the lengths while 4 580
    rooms closed at once: a room finished during the read lost its known length and the
    check failed with a KeyError. Lengths are read as they were when asked."""
    for room in ("known", "unknown"):
        await store.rooms.create_room(room, {"seats": []})
    await store.rooms.append("known", 0, {"n": 0})
    await store.rooms.append("known", 1, {"n": 1})
    store.rooms._lengths_known.pop("unknown", None)  # a room of the file not appended to here
    # The finish runs first on the store's one thread, and lets go of "known" before the
    # lengths' own read of "unknown" comes back.
    _, lengths = await asyncio.gather(
        store.rooms.finish_room("known", None), store.rooms.lengths(["known", "unknown"])
    )
    assert lengths == [2, 0]
    assert "known" not in store.rooms._lengths_known  # a finished room is not remembered again


async def test_an_append_is_answered_only_once_its_batch_has_been_written(store):
    """The append waits for its batch's transaction to end on the writer's thread: while
    the writer is inside it, nothing is acknowledged."""
    inside, release = threading.Event(), threading.Event()
    write = store.rooms._append_batch

    def held(batch, known):
        inside.set()
        release.wait(10)
        return write(batch, known)

    store.rooms._append_batch = held
    await store.rooms.create_room("a", {"seats": []})
    append = asyncio.ensure_future(store.rooms.append("a", 0, {"n": 0}))
    await until(inside.is_set, 10, "the writer inside the batch")
    assert not append.done()  # in the transaction (held there): not acknowledged
    release.set()
    await asyncio.wait_for(append, 5)
    assert [e["n"] for e in await store.rooms.log("a")] == [0]


async def test_a_failed_batch_fails_each_of_its_appends_and_the_writer_goes_on(store):
    write = store.rooms._append_batch
    failures = [RuntimeError("disk gone")]

    def failing(batch, known):
        if failures:
            raise failures.pop()
        return write(batch, known)

    store.rooms._append_batch = failing
    await store.rooms.create_room("a", {"seats": []})
    with pytest.raises(RuntimeError, match="disk gone"):
        await store.rooms.append("a", 0, {"n": 0})
    await store.rooms.append("a", 0, {"n": 0})  # the thread took the next batch
    assert [e["n"] for e in await store.rooms.log("a")] == [0]


async def test_entries_read_back_as_they_were_written_whatever_their_text(store):
    """Entries are written as JSON by msgspec (rooms._json): names in any script, a lone
    surrogate (written by json.dumps instead) and 64-bit command ids read back equal."""
    entries = [
        {"kind": "join", "seat": 0, "name": '김민준 Łukasz "q" \\ /', "at": 1},
        {"kind": "join", "seat": 1, "name": "half \ud800 pair", "at": 2},
        {"kind": "act", "seat": 0, "action": {"type": "draw_stock"}, "cmd": -(2**63), "at": 3},
        {"kind": "act", "seat": 1, "action": {"type": "discard", "card": "TS"}, "cmd": "x" * 64},
    ]
    await store.rooms.create_room("a", {"seats": []})
    for k, entry in enumerate(entries):
        await store.rooms.append("a", k, entry)
    assert await store.rooms.log("a") == entries
