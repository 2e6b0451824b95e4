"""Server faults bench/fuzz.py found, each pinned over the wire on a real server process."""

from __future__ import annotations

import sqlite3

import pytest
from e2e_play import connect

from protocol.client import ClientError

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def logged(server, room: str) -> list[str]:
    with sqlite3.connect(server.env["CARDROOM_DB"]) as db:
        rows = db.execute("SELECT entry FROM log WHERE room = ? ORDER BY idx", (room,))
        return [entry for (entry,) in rows]


def room_count(server) -> int:
    with sqlite3.connect(server.env["CARDROOM_DB"]) as db:
        return db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0]


async def test_a_solitaire_action_whose_type_is_a_list_is_refused_not_a_fault(server):
    player = await connect(server.ws)
    room = await player.create([], game="easy_harp", number=5)
    await player.join(room, 0, "Solo")
    before = player.rooms[room].view
    for kind in ([], {"stock": 1}, [["stock"]]):
        with pytest.raises(ClientError) as refused:
            await player.act(room, {"type": kind})
        assert refused.value.code == "bad_action"
    assert (await player.request("ping"))["t"] == "ok"
    assert player.rooms[room].view == before


async def test_a_join_refused_for_too_many_rooms_takes_no_seat(server):
    """The seat used to be written to the room's log before the membership limit was
    checked: the join was refused, yet the seat was gone, held by a token nobody had."""
    crowded = await connect(server.ws)
    host = await connect(server.ws)
    for _ in range(20):
        room = await host.create(HUMANS)
        await crowded.watch(room)
    target = await host.create(HUMANS)
    with pytest.raises(ClientError) as refused:
        await crowded.join(target, 0, "Crowded")
    assert refused.value.code == "too_many_rooms"
    assert logged(server, target) == []
    other = await connect(server.ws)
    assert (await other.join(target, 0, "Other")).seat == 0  # the seat is still open


async def test_a_daily_game_refused_for_too_many_rooms_makes_no_room(server):
    crowded = await connect(server.ws)
    host = await connect(server.ws)
    for _ in range(20):
        await crowded.watch(await host.create(HUMANS))
    rooms = room_count(server)
    with pytest.raises(ClientError) as refused:
        await crowded.daily("Crowded")
    assert refused.value.code == "too_many_rooms"
    assert room_count(server) == rooms


async def test_a_hint_or_verdict_refused_never_echoes_a_long_room_string(server):
    """The refusal of a hint or a verdict, answered later, carried the room string back
    whatever its length (up to the 64 KiB frame): it is left out past 64 characters."""
    client = await connect(server.ws)
    for kind in ("hint", "winnable"):
        with pytest.raises(ClientError) as refused:
            await client.request(kind, id=f"{kind}-1", room="x" * 5000)
        assert refused.value.code == "not_joined"
        (error,) = [m for m in client.received if m.get("id") == f"{kind}-1"]
        assert "room" not in error
        with pytest.raises(ClientError):
            await client.request(kind, id=f"{kind}-2", room="nosuchroom")
        (error,) = [m for m in client.received if m.get("id") == f"{kind}-2"]
        assert error["room"] == "nosuchroom"  # a short one still says which room
