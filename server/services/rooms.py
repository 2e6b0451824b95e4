"""Rooms as clients ask for them: create, join, resume, watch, leave, act, today's game, and
the solver's hints in a solitaire one plays. Each request is checked before anything is
written (a refused request changes nothing), then goes through the room host."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from server import metrics
from server.config import Config
from server.games.solitaire.deals import DealCodeError, decode_daily
from server.host.driver import Driver
from server.host.homes import Homes
from server.host.replica import Duplicate, Replica
from server.host.replicas import Replicas
from server.logs import log
from server.players import boards, ledger
from server.rooms import AUDIENCES, SOLITAIRES, RoomError, check_meta, make_room
from server.rooms.gin import GinRoom
from server.rooms.room import new_room_code, new_token
from server.rooms.solitaire import SolitaireRoom
from server.seeds import new_seed
from server.services.connection import Connection
from server.services.dailies import Dailies
from server.services.limits import AddressBook
from server.services.players import Players
from server.services.requested import Requested
from server.services.solving import Solving
from server.store import Conflict, Store

MEMBERSHIPS = 20
"""Rooms one socket may be in at once (each is a replica this node must hold)."""


def _dealt(deal: dict[str, Any]) -> dict[str, Any]:
    """A stored day's deal as room options: its deck order (or, stored before days had
    deals of their own, its number)."""
    if deal.get("order") is None:
        return {"number": deal["number"], "order": None, "code": None}
    return {"number": None, "order": deal["order"]}


class Rooms:
    """Given what it uses: the store, the replicas and their driver, the settings, the
    address book (rooms made per address), today's deals, the solver and the players."""

    def __init__(
        self,
        store: Store,
        replicas: Replicas,
        driver: Driver,
        homes: Homes,
        config: Config,
        addresses: AddressBook,
        dailies: Dailies,
        solving: Solving,
        players: Players,
    ) -> None:
        self.store = store
        self.replicas = replicas
        self.driver = driver
        self.homes = homes
        self.config = config
        self.addresses = addresses
        self.dailies = dailies
        self.solving = solving
        self.players = players
        self.requested = Requested()

    def _room_for(self, conn: Connection, room_id: str | None = None) -> None:
        """Refuse before anything is written: a seat taken (or a room made) for a socket
        that then cannot be in the room would change a room for a refused request."""
        if room_id not in conn.rooms and len(conn.rooms) >= MEMBERSHIPS:
            raise RoomError("too_many_rooms", f"One connection may be in {MEMBERSHIPS} rooms.")

    async def _member(
        self, conn: Connection, replica: Replica, audience: str, seat: int | None, **since
    ) -> dict[str, Any]:
        """Subscribe ``conn``; the reply's ``home`` when the room lives on another node."""
        self._room_for(conn, replica.room.id)
        await self.replicas.attach(conn, replica, audience, seat, **since)
        home = await self.homes.hint(conn, replica)
        return {} if home is None else {"home": home}

    async def create(self, meta: dict[str, Any], conn: Connection | None = None) -> Replica:
        # A room's seed is drawn here, as it is made (server.seeds); today's game brings the
        # day's, which the daily key makes.
        meta = {**meta, "seed": meta["seed"] if "seed" in meta else new_seed()}
        if conn is not None:
            if conn.created >= self.config.rooms_per_connection:
                raise RoomError("too_many_rooms", "One connection may create only so many rooms.")
            check_meta(meta)  # a refused room uses up nothing
            if not self.addresses.create(conn.address):
                raise RoomError(
                    "too_many_rooms", "Too many new rooms from your address; try again later."
                )
            conn.created += 1
        full = await self.store.rooms.active_count() >= self.config.max_rooms
        if full:
            raise RoomError("server_full", "The server holds all the games it can; try later.")
        if meta.get("game") in SOLITAIRES:
            meta = await self._solitaire_meta(meta, conn)
        if conn is not None and conn.player is not None and isinstance(meta.get("daily"), str):
            await self._practice_allowed(conn.player["id"], meta)
        meta = check_meta({**meta, "created_at": time.time()})
        while True:
            room_id = new_room_code()
            try:
                await self.store.rooms.create_room(room_id, meta)
                break
            except Conflict:
                continue
        replica = await self.replicas.hold(make_room(room_id, meta, watched=()))
        log("room_created", room=room_id, game=meta["game"], public=meta["public"])
        await self.driver.take(room_id)  # the creator's node drives the new room
        return replica

    async def create_once(
        self, conn: Connection, request: str | None, meta: dict[str, Any]
    ) -> dict[str, Any]:
        """A ``create``'s answer (the room and its game). With a request id, a repeat of it
        from the same player (or, without one, the same socket) is answered with the room
        the first made, and makes none (:mod:`server.services.requested`)."""

        async def make() -> dict[str, Any]:
            replica = await self.create(conn=conn, meta=meta)
            return {"room": replica.room.id, "game": replica.room.game}

        if request is None:
            return await make()
        held = conn.requests if conn.player is None else self.requested.of_player(conn.player["id"])
        return await self.requested.once(held, request, meta, make)

    async def create_paired(self, room_id: str, meta: dict[str, Any]) -> None:
        """The room of a quick pairing, under the id the pairing named, made by whichever node
        gets there first (the one that paired, or one whose players missed the news): a second
        make finds it made and does nothing. Its seats are kept for the two players."""
        meta = check_meta(meta)
        try:
            await self.store.rooms.create_room(room_id, meta)
        except Conflict:
            return
        await self.replicas.hold(make_room(room_id, meta, watched=()))
        log("room_created", room=room_id, game=meta["game"], public=meta["public"], paired=True)
        await self.driver.take(room_id)

    async def _solitaire_meta(
        self, meta: dict[str, Any], conn: Connection | None = None
    ) -> dict[str, Any]:
        """Fill in today's deal, a past day's deal (its daily code), or a deal the solver has
        proved winnable."""
        if meta.get("daily"):
            deal = await self.dailies.solitaire(meta["game"], meta.get("draw", 1))
            return {**meta, **_dealt(deal), "code": None, "daily": deal["date"]}
        try:
            dated = decode_daily(meta.get("code"))
        except DealCodeError as bad:
            raise RoomError("bad_deal", str(bad)) from None
        if dated is not None:
            variant, day = dated
            if not self.dailies.is_over(day):  # the same answer, whatever is stored
                raise RoomError("daily_not_over", "A day's deal opens when the day is over (UTC).")
            deal = await self.dailies.past_solitaire(variant, day)
            if deal is None:
                raise RoomError("bad_deal", "This server keeps no deal of that day.")
            return {**meta, **_dealt(deal), "daily": None}
        if meta.get("winnable") and meta.get("code") is None and meta.get("number") is None:
            return await self.solving.winnable_meta(meta, conn)  # in its creator's turn
        return {**meta, "daily": None}

    async def join(self, conn: Connection, room_id: Any, seat: Any, name: str) -> dict[str, Any]:
        replica = await self.replicas.get(room_id)
        room = replica.room
        self._room_for(conn, room.id)
        token = new_token()
        player = await self.players.current(conn)
        ranked = None
        if player is not None and isinstance(room.meta.get("daily"), str):
            room.join_entry(seat, name, token, player)  # refused here: nothing is claimed
            ranked = await self._claim(player, room.meta, room.id)
        rating, unsure = None, False
        if player is not None and room.game == "gin_rummy":
            record = await self.store.results.player_rating(player)
            if record is not None:
                rating, unsure = round(record["rating"]), ledger.provisional(record, time.time())
        entry = await self.replicas.commits.write(
            replica,  # the copy as it is then (a reload may replace it)
            lambda: replica.room.join_entry(
                seat, name, token, player, bool(ranked), rating, unsure
            ),
        )
        seat = entry["seat"]
        home = await self._member(conn, replica, AUDIENCES[seat], seat)
        reply = {"room": room.id, "seat": seat, "token": token, **home}
        if ranked is not None:
            reply["practice"] = not ranked
        return reply

    async def _claim(self, player: str, meta: dict[str, Any], room_id: str) -> bool:
        """Whether the player's seat in this daily room is their ranked attempt: the first
        daily room of the day at a board a player sits down at is (if the identity may
        rank yet: :func:`server.players.boards.eligible`), the later ones are practice, and
        refused while the ranked attempt is still being played."""
        board, day = boards.board_of_meta(meta), meta["daily"]
        claim = await self.store.dailies.attempt(board, day, player)
        if claim is None:
            record, stats = await asyncio.gather(
                self.store.players.player(player), self.store.results.player_stats(player)
            )
            fresh = boards.claim(room_id, boards.eligible(record or {}, stats, day))
            claim = await self.store.dailies.claim_attempt(board, day, player, fresh)
        first, ranked = boards.claimed(claim)
        if first == room_id:
            return ranked
        await self._practice_allowed(player, meta, claim)
        return False

    async def _practice_allowed(
        self, player: str, meta: dict[str, Any], claim: str | None = None
    ) -> None:
        """Refuse a practice room of a daily deal while the player's ranked attempt at it is
        not finished (a line found in practice would be played in the held ranked room)."""
        board, day = boards.board_of_meta(meta), meta["daily"]
        try:
            claim = claim or await self.store.dailies.attempt(board, day, player)
            if claim is None:
                return
            first, ranked = boards.claimed(claim)
            if not ranked or not await self.store.rooms.is_active(first):
                return
            # Active in the store until its driver has finished it: its log says first.
            replica = await self.replicas.get(first)
            await self.replicas.commits.catch_up(replica)
        except RoomError as missing:
            if missing.code == "no_room":
                return
            raise
        if replica.room.status != "finished":
            raise RoomError(
                "ranked_unfinished",
                "Your ranked attempt at today's deal is still open: finish it first (a game "
                "you leave ends on its own). Practice opens after it.",
            )

    async def resume(self, conn, room_id, token, since, epoch) -> dict[str, Any]:
        replica = await self.replicas.get(room_id)
        if not isinstance(token, str):
            raise RoomError("bad_token", "That seat token does not belong to a seat of this room.")
        seat = replica.room.seat_of(token)
        if seat is None:  # the seat may have been taken on another node a moment ago
            await self.replicas.commits.catch_up(replica)
            seat = replica.room.seat_of(token)
        if seat is None:
            raise RoomError("bad_token", "That seat token does not belong to a seat of this room.")
        holder = replica.room.seats[seat].player
        if holder is not None and replica.room.meta.get("rated"):
            # Whoever holds a seat by its token plays for its player: from this network too.
            await self.players.note_network(conn, holder)
        home = await self._member(conn, replica, AUDIENCES[seat], seat, since=since, epoch=epoch)
        return {"room": replica.room.id, "seat": seat, **home}

    async def watch(self, conn, room_id, since, epoch) -> dict[str, Any]:
        replica = await self.replicas.get(room_id)
        home = await self._member(conn, replica, "spectators", None, since=since, epoch=epoch)
        return {"room": replica.room.id, **home}

    async def leave(self, conn: Connection, room_id: Any) -> dict[str, Any]:
        if room_id not in conn.rooms:
            raise RoomError("not_joined", "You are not in that room.")
        self.replicas.detach(conn, room_id)
        return {"room": room_id}

    async def act(self, conn: Connection, room_id: Any, action: Any, cmd: Any) -> dict[str, Any]:
        started = time.perf_counter()
        seat = _seat(
            conn,
            room_id,
            "Join or watch this room before acting in it.",
            "Spectators watch; only seated players act.",
        )
        replica = await self.replicas.get(room_id)
        try:
            seq = await self.replicas.commits.act(replica, seat, action, cmd)
        except Duplicate as done:
            # Its first answer may have been lost, or been "unavailable" (on the primary,
            # not yet on its replicas): it is acknowledged now only as safely as then.
            await self.store.rooms.durable(room_id)
            return {"room": room_id, "seq": done.seq, "duplicate": True}
        metrics.ACTION_LATENCY.observe(time.perf_counter() - started)
        return {"room": room_id, "seq": seq}

    async def say(self, conn: Connection, room_id: Any, phrase: str) -> dict[str, Any]:
        """A table phrase from a seated player: a ``say`` entry of the room's log, so that
        every viewer on every node sees it and its replay keeps it; the room checks it."""
        seat = _seat(
            conn,
            room_id,
            "Join this room before saying anything in it.",
            "Spectators watch; only seated players say phrases.",
        )
        replica = await self.replicas.get(room_id)
        clock = self.replicas.clock
        await self.replicas.commits.write(
            replica, lambda: replica.room.say_entry(seat, phrase, clock.wall_ms())
        )
        return {"room": room_id, "seq": replica.room.seq}

    async def daily(self, conn: Connection, name: str) -> dict[str, Any]:
        """Today's Gin Rummy against the normal bot: the same cards for everyone today."""
        self._room_for(conn)
        deal = await self.dailies.gin()
        replica = await self.create(
            {
                "seats": [{"kind": "human"}, {"kind": "bot", "level": "normal"}],
                "public": False,
                "seed": deal["seed"],
                "daily": deal["date"],
            },
            conn,
        )
        return await self.join(conn, replica.room.id, 0, name)

    async def hint(self, conn: Connection, room_id: Any) -> dict[str, Any]:
        """A hint for the player of a solitaire room, from what the player has seen."""
        room = self._solitaire_of(conn, room_id)
        return {"room": room_id, **await self.solving.hint(conn, room.solitaire)}

    async def winnable(self, conn: Connection, room_id: Any) -> dict[str, Any]:
        """Can the player's solitaire still be won? The server's answer and its budget."""
        room = self._solitaire_of(conn, room_id)
        return {"room": room_id, **await self.solving.winnable(conn, room.solitaire)}

    def hands_so_far(self, conn: Connection, room_id: Any, seat: int) -> dict[str, Any] | None:
        """The replay so far of a Gin Rummy match this socket plays at ``seat``, between two
        hands (the last one over, the next not dealt): for the player's own review of what
        was played. None when the socket holds no seat of a live match there (ask the
        finished game's review instead). Refused while a hand is in play."""
        joined = conn.rooms.get(room_id) if isinstance(room_id, str) else None
        replica = self.replicas.rooms.get(room_id) if joined else None
        if joined is None or joined[1] is None:  # not here, or watching: no seat of its own
            return None
        if replica is None or not isinstance(replica.room, GinRoom):
            return None
        if replica.room.status == "finished":
            return None
        if joined[1] != seat:
            raise RoomError("not_joined", "During a match, a player sees their own review only.")
        if replica.room.match.phase not in ("hand_over", "match_over"):
            raise RoomError("hand_in_play", "A hand in play has no review: ask at its end.")
        return replica.room.replay(time.time())

    def _solitaire_of(self, conn: Connection, room_id: Any) -> SolitaireRoom:
        joined = conn.rooms.get(room_id) if isinstance(room_id, str) else None
        replica = self.replicas.rooms.get(room_id) if joined else None
        if joined is None or joined[1] is None or replica is None:
            raise RoomError("not_joined", "Only the player of this game can ask that.")
        if not isinstance(replica.room, SolitaireRoom):
            raise RoomError("not_solitaire", "Hints are for the solitaires.")
        if replica.room.seats[0].ranked and replica.room.status != "finished":
            raise RoomError(
                "ranked_no_help",
                "No hints in your ranked attempt at today's deal: the board ranks what you "
                "find yourself. They work in practice games.",
            )
        return replica.room


def _seat(conn: Connection, room_id: Any, not_joined: str, spectator: str) -> int:
    """The seat ``conn`` holds in ``room_id``; refused (``not_joined``, ``spectator``, with
    the sentence given for what was asked) when it holds none."""
    joined = conn.rooms.get(room_id) if isinstance(room_id, str) else None
    if joined is None:
        raise RoomError("not_joined", not_joined)
    seat = joined[1]
    if seat is None:
        raise RoomError("spectator", spectator)
    return seat
