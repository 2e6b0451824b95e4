"""The control of the fail-over trials' checks of what a fault leaves behind
(tests/cluster_play.py: the very functions ``trial`` calls): each passes on a clean state and
fails on a broken one (a room unended, a presence entry left, a ghost spectator, a pairing
told to one player only), so that a trial's zero is a count that could have been more.
The store's part is a Redis of its own keys (on 127.0.0.1:6379); no cluster is started."""

from __future__ import annotations

import asyncio
import json

import pytest
import redis.asyncio as redis
from cluster_play import (
    Seeker,
    Trace,
    check_no_presence,
    check_pairings,
    check_rooms_ended,
    check_spectators,
)
from stores import REDIS_URL, delete_prefix

from protocol.client import Client, RoomState
from server.store.keys import Keys

META = {"game": "gin_rummy", "seats": [{"kind": "human"}, {"kind": "human"}], "target": 10}


@pytest.fixture
async def trace(redis_prefix):
    yield Trace(REDIS_URL, redis_prefix)
    await delete_prefix(redis_prefix)


async def write(trace: Trace, room: str, entries: list[dict], presence: dict | None = None):
    client, keys = redis.from_url(REDIS_URL), Keys(trace.prefix)
    try:
        await client.set(keys.room_meta(room), json.dumps({**META, "seed": 7}))
        for e in entries:
            await client.rpush(keys.room_log(room), json.dumps(e))
        for life, counts in (presence or {}).items():
            await client.hset(keys.presence(room), life, json.dumps(counts))
    finally:
        await client.aclose()


async def test_the_ended_check_fails_on_a_room_unended_or_missing(trace):
    await write(trace, "DONE", [{"kind": "close", "seat": None, "reason": "no_show"}])
    await write(trace, "OPEN", [])
    assert await check_rooms_ended(trace, ["DONE"]) == 1
    with pytest.raises(AssertionError, match=r"1 of 2 rooms unended.*OPEN.*waiting"):
        await check_rooms_ended(trace, ["DONE", "OPEN"])
    with pytest.raises(AssertionError, match=r"NONE.*not in the store"):
        await check_rooms_ended(trace, ["NONE"])


async def test_the_presence_check_fails_on_an_entry_left_even_of_a_former_life(trace):
    await write(trace, "GONE", [])
    await check_no_presence(trace, ["GONE"])
    await write(trace, "LEFT", [], presence={"node2/0123abcd": [0, 0, 1]})
    with pytest.raises(AssertionError, match=r"1 presence entries left.*LEFT.*node2/0123abcd"):
        await check_no_presence(trace, ["GONE", "LEFT"])


def watcher(node: str, room: str, shown: int, closed: bool = False) -> Client:
    client = Client("ws://unused")
    client.node = node
    client.rooms[room] = RoomState(view={"room": {"spectators": shown}})
    if closed:
        client.closed.set()
    return client


def test_the_ghost_check_fails_on_a_spectator_shown_who_is_not_there():
    gone = watcher("node3", "R", 3, closed=True)
    right = [watcher("node1", "R", 2), watcher("node2", "R", 2), gone]
    assert check_spectators({"R": right}) == 2
    ghost = [watcher("node1", "R", 2), watcher("node2", "R", 3), gone]
    with pytest.raises(AssertionError, match="R at node2: 3 shown, 2 watching"):
        check_spectators({"R": ghost})


def seeker(name: str, told: list[dict], gone: bool = False) -> Seeker:
    client = Client("ws://unused")
    client.player = {"id": name.lower(), "name": name}
    client.received = told
    if gone:
        client.closed.set()
    return Seeker(name, client, {"target": 10})


def paired(room: str, seat: int, opponent: str, ok: bool = False) -> dict:
    told = {"room": room, "seat": seat, "opponent": {"player": opponent.lower(), "name": opponent}}
    return {"t": "ok", "id": "x", "seeking": False, **told} if ok else {"t": "paired", **told}


def test_the_pairing_check_fails_on_a_pairing_told_to_one_player_only():
    both = [
        seeker("Ann", [paired("P1", 0, "Cid")]),
        seeker("Cid", [paired("P1", 1, "Ann", ok=True)]),  # paired at once: in its answer
        seeker("Eli", []),  # still seeking
    ]
    assert check_pairings(both, {}) == (1, 0)
    # Cid's node died before telling it: the room ended no_show, and that is not one-sided.
    excused = [seeker("Ann", [paired("P1", 0, "Cid")]), seeker("Cid", [], gone=True)]
    assert check_pairings(excused, {"P1": "no_show"}) == (0, 1)
    one_sided = [
        [seeker("Ann", [paired("P1", 0, "Cid")]), seeker("Cid", [])],  # Cid still seeking
        [seeker("Ann", [paired("P1", 0, "Cid")]), seeker("Cid", [], gone=True)],  # room on
        [seeker("Ann", [paired("P1", 0, "Cid")]), seeker("Cid", [paired("P2", 1, "Ann")])],
        [seeker("Ann", [paired("P1", 0, "Cid")]), seeker("Cid", [paired("P1", 0, "Ann")])],
    ]
    for seekers in one_sided:
        with pytest.raises(AssertionError, match=r"one-sided pairings: .*Ann was told of room P1"):
            check_pairings(seekers, {})
    twice = [seeker("Ann", [paired("P1", 0, "Cid"), paired("P2", 0, "Cid")])]
    with pytest.raises(AssertionError, match="Ann was told of 2 rooms"):
        check_pairings(twice, {})


def test_a_seeker_records_why_its_seek_was_refused():
    s = seeker("Ann", [])

    async def refused(*_, **__):
        raise ConnectionError("connection closed")

    s.client.request = refused  # type: ignore[method-assign]
    asyncio.run(s.seek())
    assert s.refused == "ConnectionError"
