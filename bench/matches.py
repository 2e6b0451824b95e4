"""Whole Gin Rummy matches between two bots, run through the room core (the code the server
runs), for the benches that measure what a change of a room costs or sends."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from server.games.gin_rummy.bots import make_bot
from server.rooms import check_meta, make_room
from server.rooms.room import Room, hash_token


def seated(room_id: str, seed: int) -> tuple[dict[str, Any], Room, list[dict[str, Any]]]:
    """A two-human room of deal ``seed`` with both seats taken: its meta, the room, and the
    two join entries it applied."""
    meta = check_meta({"seats": [{"kind": "human"}, {"kind": "human"}], "seed": seed})
    room = make_room(room_id, meta, epoch="bench")
    joins = [
        {"kind": "join", "seat": s, "name": f"P{s}", "token_hash": hash_token(str(s))}
        for s in (0, 1)
    ]
    for entry in joins:
        room.apply(entry)
    return meta, room, joins


def bot_moves(room: Room, level: str, seed: int) -> Iterator[tuple[int, Any]]:
    """(seat, action) of two ``level`` bots until the match ends; the caller applies each
    to ``room`` before asking for the next (the bots read the room's match)."""
    bots = [make_bot(level, seed), make_bot(level, seed + 1000)]
    while room.status != "finished":
        match = room.match
        seat = match.to_act if match.to_act is not None else 0
        yield seat, bots[seat].act(match.view(seat))
