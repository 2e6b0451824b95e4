"""Rematch offers on one node (the rules: :mod:`server.rooms.rematch`): a seated player of a
finished match between two people answers, the store applies the step at one instant, the
new room is made when the two agree, and every node tells its sockets in the old room.

The new room is a pure function of the old one and the agreed room id (seats swapped and
kept for the same players, the same settings, a seed whose first dealer is the player who
did not deal first before), so whichever node makes it, and however often, it is one room:
a second make is a no-op. Each answer that sees the agreement makes it again, so a node that
died between agreeing and making leaves nothing undone once either player answers again.
"""

from __future__ import annotations

import contextlib
import time
import zlib
from collections.abc import Callable
from typing import Any

from server.games.cards import derive_seed
from server.host.replicas import Replicas
from server.rooms import RoomError
from server.rooms.rematch import is_open, step
from server.rooms.room import Room, new_room_code
from server.services.connection import Connection
from server.services.rooms import Rooms
from server.store import Store, Unavailable


def rematch_meta(room: Room, new_room: str) -> dict[str, Any]:
    """The room of an agreed rematch of ``room``: seats swapped (each kept for its player),
    the same match settings, and a seed (from the new id) whose first dealer is the seat of
    the player who did not deal first in ``room``."""
    meta = room.meta
    seats = []
    for seat in reversed(room.seats):
        seats.append({"kind": "human", **({"for": seat.player} if seat.player else {})})
    old_first = derive_seed(meta["seed"], 0) & 1
    # Player P at old seat s sits at 1 - s now: the old first dealer's opponent, who was at
    # 1 - old_first, is at old_first now, and deals first.
    seed = zlib.crc32(new_room.encode())
    while derive_seed(seed, 0) & 1 != old_first:
        seed += 1
    return {
        "game": "gin_rummy",
        "seats": seats,
        "public": meta.get("public", False),
        "target": meta.get("target", 100),
        "turn_seconds": meta.get("turn_seconds"),
        "rated": bool(meta.get("rated")) and all(s.player for s in room.seats),
        "seed": seed,
        "created_at": time.time(),
    }


class RematchOffers:
    def __init__(
        self,
        store: Store,
        rooms: Rooms,
        replicas: Replicas,
        wall_ms: Callable[[], int] = lambda: int(time.time() * 1000),
    ) -> None:
        self.store = store
        self.rooms = rooms
        self.replicas = replicas
        self.wall_ms = wall_ms

    async def answer(self, conn: Connection, room_id: Any, answer: str) -> dict[str, Any]:
        joined = conn.rooms.get(room_id) if isinstance(room_id, str) else None
        if joined is None or joined[1] is None:
            raise RoomError("not_joined", "Only the match's two players answer a rematch.")
        room = (await self.replicas.get(room_id)).room
        if room.game != "gin_rummy" or any(s.kind != "human" for s in room.seats):
            raise RoomError("no_rematch", "Rematch offers are between two people.")
        if room.status != "finished":
            raise RoomError("match_on", "A rematch is offered once the match is over.")
        return await self._step(room, joined[1], answer)

    async def _step(self, room: Room, seat: int, answer: str) -> dict[str, Any]:
        now = self.wall_ms()
        fresh = new_room_code()
        state = await self.store.rematch(room.id, lambda st: step(st, seat, answer, now, fresh))
        if state["state"] == "accepted":
            await self.rooms.create_paired(state["next"], rematch_meta(room, state["next"]))
        await self.store.announce({"k": "rematch", "room": room.id, "offer": state})
        return {"room": room.id, "offer": state}

    def on_rematch(self, event: dict[str, Any]) -> None:
        """Tell this node's sockets in the room (players and spectators) how the offer
        stands."""
        replica = self.replicas.rooms.get(event["room"])
        if replica is None:
            return
        message = {"t": "rematch", "room": event["room"], **event["offer"]}
        for conns in replica.subs.values():
            for conn in conns:
                conn.send(message)

    def seats_left(self, conn: Connection, room_ids: list[str]) -> list[tuple[Room, int]]:
        """The finished two-person rooms among ``room_ids`` where ``conn`` holds a seat (the
        ones whose offer its leaving ends)."""
        left = []
        for room_id in room_ids:
            joined = conn.rooms.get(room_id)
            replica = self.replicas.rooms.get(room_id)
            if joined is None or joined[1] is None or replica is None:
                continue
            room = replica.room
            if room.status == "finished" and all(s.kind == "human" for s in room.seats):
                left.append((room, joined[1]))
        return left

    async def left(self, room: Room, seat: int) -> None:
        """A player left a finished room: an open offer there ends."""
        # Nothing open any more, or the store is away: then the offer lapses by itself.
        with contextlib.suppress(RoomError, Unavailable):
            state = await self.store.rematch_state(room.id)
            if is_open(state, self.wall_ms()):
                await self._step(room, seat, "leave")
