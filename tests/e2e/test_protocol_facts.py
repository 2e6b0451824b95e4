"""Two facts protocol/README.md promises client authors, over the wire: one membership per
socket per room, and turn-clock timeouts counted per phase."""

from __future__ import annotations

import json
import sqlite3

import pytest
from e2e_play import connect

from protocol.client import ClientError, RoomState

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def test_watching_a_room_again_on_a_seated_socket_replaces_the_seat_membership(server):
    alice, bob = await connect(server.ws), await connect(server.ws)
    room = await alice.create(HUMANS)
    await alice.join(room, 0, "Alice")
    await bob.join(room, 1, "Bob")
    await bob.wait(room, lambda s: s.view["room"]["seats"][0]["connected"])
    token = alice.rooms[room].token
    # The same socket watches: it is a spectator now, no longer the seat.
    state = await alice.watch(room)
    assert state.view["seat"] is None and "hand" not in state.view["game"]
    assert state.view["room"]["spectators"] == 1
    await bob.wait(room, lambda s: not s.view["room"]["seats"][0]["connected"])
    with pytest.raises(ClientError) as refused:
        await alice.act(room, {"type": "pass"})
    assert refused.value.code == "spectator"
    # Resuming the seat on that socket replaces the spectator membership in turn.
    alice.rooms[room] = RoomState(seat=0, token=token)
    await alice.resume(room)
    await alice.wait(room, lambda s: s.view["seat"] == 0)
    await bob.wait(room, lambda s: s.view["room"]["seats"][0]["connected"])
    assert bob.rooms[room].view["room"]["spectators"] == 0
    # Joining the room's other seat is refused (it is taken); the room counts once.
    with pytest.raises(ClientError) as refused:
        await alice.join(room, 1, "Alice again")
    assert refused.value.code == "seat_taken"


async def test_each_automatic_move_of_the_turn_clock_counts_one_timeout(server):
    """Nobody moves with a one-second clock: every phase that runs out is one safe move
    and one timeout, a turn's draw and discard two, and the third forfeits the seat."""
    alice, bob = await connect(server.ws), await connect(server.ws)
    room = await alice.create(HUMANS, turn_seconds=1)
    await alice.join(room, 0, "Alice")
    await bob.join(room, 1, "Bob")
    state = await alice.wait(room, lambda s: s.view["room"]["status"] == "finished", timeout=20)
    loser = state.view["room"]["forfeit"]
    assert state.view["room"]["forfeit_reason"] == "timeouts"
    assert state.view["room"]["seats"][loser]["timeouts"] == 3
    with sqlite3.connect(server.env["CARDROOM_DB"]) as db:
        rows = db.execute("SELECT entry FROM log WHERE room = ? ORDER BY idx", (room,))
        entries = [json.loads(e) for (e,) in rows]
    autos = [(e["seat"], e["action"]["type"]) for e in entries if e.get("auto")]
    assert all(e["kind"] != "act" or e.get("auto") for e in entries)  # nobody else moved
    assert [t for s, t in autos if s == loser] == ["pass", "draw_stock", "discard"]
    other = 1 - loser
    assert (
        len([1 for s, _ in autos if s == other]) == state.view["room"]["seats"][other]["timeouts"]
    )
    assert entries[-1]["kind"] == "forfeit" and entries[-1]["seat"] == loser
