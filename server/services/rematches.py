"""Rematch offers on one node (the rules: :mod:`server.rooms.rematch`): a seated player of a
finished match between two people answers, the store applies the step at one instant, the
new room is made when the two agree, and every node tells its sockets in the old room.

The new room is a pure function of the old one and the agreement the store keeps (seats
swapped and kept for the same players, the same settings, and the room id and seed the
agreeing step recorded), so whichever node makes it, and however often, it is one room: a
second make is a no-op. Each answer that sees the agreement makes it again, so a node that
died between agreeing and making leaves nothing undone once either player answers again.

The seed is drawn from the CSPRNG by the node that answers (:mod:`server.seeds`), so that the
player who did not deal first before deals first now, and is stored by the agreeing step
itself; nobody is told it (:func:`server.rooms.rematch.public`).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

from server.games.gin_rummy.game import first_dealer
from server.host.replicas import Replicas
from server.players import friends
from server.rooms import RoomError
from server.rooms.rematch import KEEP_SECONDS, State, is_open, public, step
from server.rooms.room import Room, new_room_code
from server.seeds import new_seed_where
from server.services.connection import Connection
from server.services.rooms import Rooms
from server.store import Store, Unavailable


def rematch_seed(room: Room) -> int:
    """A fresh seed for a rematch of ``room`` whose first dealer is the seat of the player
    who did not deal first in ``room``."""
    # Player P at old seat s sits at 1 - s now: the old first dealer's opponent, who was at
    # 1 - old_first, is at old_first now, and deals first.
    old_first = first_dealer(room.meta["seed"])
    return new_seed_where(lambda seed: first_dealer(seed) == old_first)


def rematch_meta(room: Room, agreed: State) -> dict[str, Any]:
    """The room of the rematch of ``room`` the store's state ``agreed`` records: seats
    swapped (each kept for its player), the same match settings, the agreed seed."""
    meta = room.meta
    seats = []
    for seat in reversed(room.seats):
        seats.append({"kind": "human", **({"for": seat.player} if seat.player else {})})
    return {
        "game": "gin_rummy",
        "seats": seats,
        "public": meta.get("public", False),
        "target": meta.get("target", 100),
        "turn_seconds": meta.get("turn_seconds"),
        "rated": bool(meta.get("rated")) and all(s.player for s in room.seats),
        "seed": agreed["seed"],
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
        if answer in ("offer", "accept"):
            await self._not_blocked(room)
        return await self._step(room, joined[1], answer)

    async def _not_blocked(self, room: Room) -> None:
        """A rematch is never offered or agreed between two players one of whom blocks the
        other (either player's social record says so: blocks are written on both)."""
        players = [s.player for s in room.seats if s.player]
        if len(players) != 2:
            return
        mine = await self.store.friends.record(players[0])
        if players[1] in friends.avoided(mine):
            raise RoomError(
                "blocked", "There is no rematch with this player: one of you blocks the other."
            )

    async def _step(self, room: Room, seat: int, answer: str) -> dict[str, Any]:
        now = self.wall_ms()
        fresh, seed = new_room_code(), rematch_seed(room)
        state = await self.store.seeks.rematch(
            room.id, lambda st: step(st, seat, answer, now, fresh, seed), KEEP_SECONDS
        )
        if state["state"] == "accepted":
            # An agreement kept by a node of an earlier version has no seed: this answer's
            # fresh one, and the first node to make the room makes it (a second is a no-op).
            agreed = state if "seed" in state else {**state, "seed": seed}
            await self.rooms.create_paired(state["next"], rematch_meta(room, agreed))
        told = public(state)
        await self.store.seeks.announce({"k": "rematch", "room": room.id, "offer": told})
        return {"room": room.id, "offer": told}

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
            state = await self.store.seeks.rematch_state(room.id)
            if is_open(state, self.wall_ms()):
                await self._step(room, seat, "leave")
