"""The embedded store copies its WAL into the database file on a thread of its own, not in
the commit of an action that happened to fill it: the WAL stays small under steady appends,
and every append is still there after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.store.embedded import EmbeddedStore, sqlite

ROOMS = 8
ROUNDS = 300  # a round appends one entry to every room, as concurrent actions do
EVERY = 100  # CHECKPOINT_EVERY in these tests, so that 2 400 appends make many rounds
PAGE = 4096
BOUND = 2 * EVERY * 3 * PAGE
"""A commit of one entry writes two or three pages to the WAL (a leaf of the table and of
its key, now and then a parent), and the WAL starts over after EVERY appends and those that
came while the checkpoint ran: under twice EVERY (seen: 1.1 MB), bounded at 2.5 MB. Without
checkpoints 2 400 appends fill about 20 MB."""
ENTRY = {"kind": "act", "seat": 0, "action": {"type": "discard", "card": "QH"}, "cmd": "x" * 40}


async def append_rounds(path: Path) -> int:
    """Append ROUNDS entries to each of ROOMS rooms; the largest size the WAL file had."""
    store = EmbeddedStore(str(path))
    store.rooms.spacing = 0  # appends far apart, as under light load: each one handed at once
    wal = Path(f"{path}-wal")
    largest = 0
    try:
        for room in range(ROOMS):
            await store.rooms.create_room(f"r{room}", {"seats": []})
        for index in range(ROUNDS):
            for room in range(ROOMS):  # one at a time: one commit each, as under light load
                await store.rooms.append(f"r{room}", index, {**ENTRY, "at": index})
            largest = max(largest, wal.stat().st_size if wal.exists() else 0)
    finally:
        await store.close()
    return largest


async def test_the_wal_stays_small_and_every_append_survives(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite, "CHECKPOINT_EVERY", EVERY)
    largest = await append_rounds(tmp_path / "db.sqlite3")
    assert largest < BOUND, largest
    reopened = EmbeddedStore(str(tmp_path / "db.sqlite3"))
    try:
        for room in range(ROOMS):
            log = await reopened.rooms.log(f"r{room}")
            assert [e["at"] for e in log] == list(range(ROUNDS))
    finally:
        await reopened.close()


async def test_without_the_checkpointer_the_wal_grows(tmp_path, monkeypatch):
    """The control: the same appends with the checkpointer never due fill the WAL far past
    the bound above (the writer's own checkpoint waits for BACKSTOP_PAGES)."""
    monkeypatch.setattr(sqlite, "CHECKPOINT_EVERY", 10**9)
    largest = await append_rounds(tmp_path / "db.sqlite3")
    assert largest > 5 * BOUND, largest


@pytest.mark.parametrize("every", [1, 7])
async def test_checkpoints_racing_the_appends_lose_nothing(tmp_path, monkeypatch, every):
    """Checkpoints as often as after every commit, while appends go on: the log is whole."""
    monkeypatch.setattr(sqlite, "CHECKPOINT_EVERY", every)
    path = tmp_path / "db.sqlite3"
    store = EmbeddedStore(str(path))
    try:
        await store.rooms.create_room("r", {"seats": []})
        for index in range(300):
            await store.rooms.append("r", index, {**ENTRY, "at": index})
        assert store.sqlite.checkpointer.checkpoints > 0
    finally:
        await store.close()
    reopened = EmbeddedStore(str(path))
    try:
        assert [e["at"] for e in await reopened.rooms.log("r")] == list(range(300))
    finally:
        await reopened.close()
