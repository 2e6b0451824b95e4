"""Table phrases: a ``say`` entry of the room's log, checked by the room on the log's own
times (one every 2 seconds a seat, 30 a match), shown in the room part of every view but a
private room's spectators', kept in replays, and never a move: the turn clock and the game
go on as they were. In fake time on the host harness (tests/host_harness.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from host_harness import Host

from server.host.replica import Replica
from server.rooms import RoomError, check_meta, make_room
from server.rooms.phrases import PHRASE_GAP_MS, PHRASES, PHRASES_PER_SEAT, PHRASES_SHOWN
from server.rooms.room import new_token

HUMANS = [{"kind": "human"}, {"kind": "human"}]
ROOT = Path(__file__).resolve().parents[2]


async def say(node: Host, replica: Replica, seat: int, phrase: str) -> dict:
    """What the ``say`` service writes: the room's check at the clock's time, committed."""
    clock = node.replicas.clock
    return await node.replicas.commits.write(
        replica, lambda: replica.room.say_entry(seat, phrase, clock.wall_ms())
    )


async def at_play(node: Host, **options) -> Replica:
    """Room r1 on ``node``, two people seated (so play has begun)."""
    replica = await node.create("r1", seats=HUMANS, **options)
    await node.sit(replica, 0)
    await node.sit(replica, 1)
    return replica


async def refused(node: Host, replica: Replica, seat: int, phrase: str) -> str:
    """The code of a refused phrase, after checking that nothing was written."""
    before = len(await node.store.rooms.log(replica.room.id))
    with pytest.raises(RoomError) as refusal:
        await say(node, replica, seat, phrase)
    assert len(await node.store.rooms.log(replica.room.id)) == before
    assert refusal.value.message  # a sentence, not only a code
    return refusal.value.code


async def test_a_phrase_never_moves_the_turn_clock(world):
    """A phrase said mid-turn leaves the deadline where the last move put it, and the seat
    out of time is played for at that deadline, not 30 s after the phrase."""
    clock, store, host, _ = world
    a = host("a")
    replica = await at_play(a, turn_seconds=30)
    deadline = replica.room.deadline
    assert deadline is not None
    await clock.advance(20.0)
    await say(a, replica, 0, "good_luck")
    assert replica.room.deadline == deadline
    assert replica.room.seats[0].timeouts == replica.room.seats[1].timeouts == 0
    await clock.advance(10.5)
    log = await store.rooms.log("r1")
    assert log[-1].get("auto") is True and log[-1]["at"] == deadline
    assert [e["kind"] for e in log].count("say") == 1


async def test_a_phrase_reaches_every_node_and_the_public_rooms_spectators_only(world):
    clock, _, host, _ = world
    a, b = host("a"), host("b")
    for room_id, public in (("pub", True), ("priv", False)):
        replica = await a.create(room_id, seats=HUMANS, public=public)
        await a.sit(replica, 0)
        await a.sit(replica, 1)
        other = await b.replicas.get(room_id)  # a replica on another node
        watcher = await b.watch(other)
        await say(a, replica, 1, "nice_move")
        await clock.advance(0.5)
        await b.replicas.commits.catch_up(other)  # what the node's events bring (no events here)
        said = {"seat": 1, "phrase": "nice_move", "at": clock.wall_ms() - 500}
        assert other.room.view("seat0")["room"]["phrases"] == [said]
        assert other.room.view("seat1")["room"]["phrases"] == [said]
        shown = other.room.view("spectators")["room"]["phrases"]
        assert shown == ([said] if public else []), room_id
        patched = [
            op
            for frame in watcher.received
            if frame["t"] == "patch"
            for op in frame["ops"]
            if "phrases" in op["path"]
        ]
        assert bool(patched) == public, room_id


async def test_one_phrase_every_two_seconds_a_seat_by_the_logs_times(world):
    clock, _, host, _ = world
    a = host("a")
    replica = await at_play(a)
    first = await say(a, replica, 0, "hello")
    await clock.advance(PHRASE_GAP_MS / 1000 - 0.1)
    assert await refused(a, replica, 0, "thanks") == "phrase_too_soon"
    await say(a, replica, 1, "hello")  # the other seat counts on its own
    await clock.advance(0.1)
    second = await say(a, replica, 0, "thanks")
    assert second["at"] - first["at"] == PHRASE_GAP_MS


async def test_thirty_phrases_a_seat_in_a_match_then_phrase_limit(world):
    clock, _, host, _ = world
    a = host("a")
    replica = await at_play(a)
    for k in range(PHRASES_PER_SEAT):
        await say(a, replica, 0, PHRASES[k % len(PHRASES)])
        await clock.advance(PHRASE_GAP_MS / 1000)
    assert await refused(a, replica, 0, "sorry") == "phrase_limit"
    await say(a, replica, 1, "sorry")
    shown = replica.room.view("seat0")["room"]["phrases"]
    assert len(shown) == PHRASES_SHOWN and shown[-1]["seat"] == 1


async def test_bad_phrases_and_rooms_without_two_people_at_play_are_refused(world):
    _, _, host, _ = world
    a = host("a")
    replica = await a.create("r1", seats=HUMANS)
    await a.sit(replica, 0)
    assert await refused(a, replica, 0, "hello") == "waiting"
    await a.sit(replica, 1)
    for bad in ("Hello", "", "good luck", "x" * 1000):
        assert await refused(a, replica, 0, bad) == "bad_phrase"
    with pytest.raises(RoomError) as refusal:
        replica.room.say_entry(0, 7, 0)  # not even a string
    assert refusal.value.code == "bad_phrase"
    bots = await a.create("r2", seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    await a.sit(bots, 0)
    assert await refused(a, bots, 0, "hello") == "no_phrases"
    solitaire = await a.create("r3", game="easy_harp", draw=1, number=5)
    await a.sit(solitaire, 0)
    assert await refused(a, solitaire, 0, "hello") == "no_phrases"


def test_a_replay_keeps_each_phrase_at_its_step_and_a_rebuilt_room_shows_them():
    meta = check_meta({"seats": HUMANS, "seed": 7, "created_at": 0})
    room = make_room("r1", meta)
    at = 1_800_000_000_000
    for seat in (0, 1):
        room.apply({**room.join_entry(seat, f"P{seat}", new_token()), "at": at})
    room.apply({**room.say_entry(1, "good_luck", at), "at": at})
    first = room.match.view(None)["turn"]["to_act"]  # the non-dealer, offered the upcard
    move = room.command(first, {"type": "pass"}, "c1")
    room.apply({**move.entry, "at": at + 1000})
    room.apply({**room.say_entry(0, "nice_move", at + 3000), "at": at + 3000})
    replay = room.replay(0)
    assert replay["phrases"] == [[1, "good_luck", at, 0], [0, "nice_move", at + 3000, 1]]
    assert replay["actions"] == [[first, {"type": "pass"}]]
    again = make_room("r1", meta)
    again.load(list(room.log))
    assert again.view("seat1")["room"]["phrases"] == room.view("seat1")["room"]["phrases"]
    assert again.seats[0].said == 1 and again.seats[0].said_at == at + 3000


def test_the_views_schema_the_readme_and_the_client_list_every_phrase_id():
    schema = json.loads((ROOT / "protocol" / "schemas" / "room.schema.json").read_text())
    item = schema["properties"]["phrases"]["items"]["properties"]["phrase"]
    assert item["enum"] == list(PHRASES)
    assert ", ".join(f"`{p}`" for p in PHRASES) in (ROOT / "protocol" / "README.md").read_text()
    client = (ROOT / "client_web" / "src" / "phrases.js").read_text()
    listed = client.split("export const PHRASES = [", 1)[1].split("];", 1)[0]
    assert re.findall(r'"(\w+)"', listed) == list(PHRASES)
