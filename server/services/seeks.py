"""Quick pairing on one node: its sockets' seeks, the pairings it makes, and telling its
players when they are paired, whichever node paired them.

The pool is the store's, its steps :class:`~server.services.pool.Pool`'s (one atomic step
pairs a seek at most once, into one room, or cancels it). A pairing names its room and seed
before the room exists; the node that made it creates the room (seats kept for the two
players) and then tells every node (a ``paired`` event), and each node tells its own seeker.
What a crash can leave undone is mended by the seeker's node: every ``check_seconds``
(CARDROOM_CHECK_SECONDS) it looks up the pairings of its seekers still waiting, creates the
room if nobody did (a second create is a no-op) and tells them. So a pairing is never lost
with the node that made it.

A seek ends when its socket closes or asks (``unseek``), when its player seeks again
elsewhere (``seek_ended``: ``replaced``), after SEEK_SECONDS (``expired``), or when the
player's secret is reset (``reset``): the store drops the seek in the step that changes the
secret, the node of the socket that reset tells its sockets at once, and every other node
tells its own as the ``signed_out`` event reaches it (and, should that event be lost, at its
next look at the seek: a seek whose session has ended is never put back).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from server.host.clock import REAL, Clock
from server.logs import log
from server.players import friends, ledger, pairing
from server.rooms import RoomError
from server.rooms.room import new_room_code
from server.seeds import new_seed
from server.services.connection import Connection
from server.services.players import Players, signed_out
from server.services.pool import Pool
from server.services.rooms import Rooms
from server.store import Store, Unavailable
from server.store.base import fingerprint

TARGETS = (100, 50, 25, 10)
"""Match lengths a seek may ask for: the lobby's."""
TURNS = (None, 20, 60)
"""Turn clocks a seek may ask for (seconds; None: no clock)."""
SWEEP_SECONDS = 1.0
"""How often a node offers to sweep the pool (the store runs one sweep a second in all)."""
CHECK_SECONDS = 5.0
"""How often a waiting seek's pairing is looked up (an event lost with a node)."""
ROOMS_PER_SWEEP = 32
"""Pairs one sweep makes at most (each needs a room id named in advance)."""


@dataclass
class Waiting:
    conn: Connection
    seek: dict[str, Any]
    checked: float  # when its pairing was last looked up (monotonic seconds)
    pending: dict[str, Any] | None = None  # its pairing, until complete or void
    deadline: float = 0.0  # when a pending pairing is voided (monotonic seconds)


def room_meta(made: dict[str, Any]) -> dict[str, Any]:
    """A pairing's room: two seats kept for its players, their settings, public (to watch),
    marked ``paired`` (a player who does not come ends it: ``no_show``)."""
    first = made["seeks"][0]
    return {
        "game": "gin_rummy",
        "paired": True,
        "seats": [{"kind": "human", "for": s["player"]} for s in made["seeks"]],
        "public": True,
        "target": first["target"],
        "turn_seconds": first["turn"],
        "rated": first["rated"],
        "seed": made["seed"],
        "created_at": made["at"] / 1000,
    }


def told(made: dict[str, Any], seat: int) -> dict[str, Any]:
    """What a paired player is told: their seat, and who they play."""
    other = made["seeks"][1 - seat]
    first = made["seeks"][0]
    opponent = {"player": other["player"], "name": other["name"], "rating": other["rating"]}
    if other.get("provisional"):
        opponent["provisional"] = True
    return {
        "room": made["room"],
        "seat": seat,
        "opponent": opponent,
        "target": first["target"],
        "turn_seconds": first["turn"],
        "rated": first["rated"],
    }


def _same(waiting: Waiting, seek: dict[str, Any]) -> bool:
    """Is ``seek`` (of a pairing) the seek ``waiting`` holds? Its socket's, and made at the
    same time: a socket that sought again is not told of its earlier seek's pairing."""
    return waiting.conn.id == seek["conn"] and waiting.seek["since"] == seek["since"]


class Seeks:
    def __init__(
        self,
        store: Store,
        rooms: Rooms,
        players: Players,
        node_id: str,
        live: Callable[[], set[str]],
        clock: Clock = REAL,
        check_seconds: float = CHECK_SECONDS,
        spawn: Callable = asyncio.ensure_future,
        gone: Callable[[], set[str]] = set,
    ) -> None:
        self.spawn = spawn
        self.gone = gone
        self.check_seconds = check_seconds
        self.store = store
        self.pool = Pool(store.seeks)
        self.rooms = rooms
        self.players = players
        self.node_id = node_id
        self.live = live
        self.clock = clock
        self.waiting: dict[str, Waiting] = {}  # player -> this node's socket seeking

    # ---- requests ------------------------------------------------------------------------

    async def seek(
        self, conn: Connection, target: int, turn: int | None, rated: bool
    ) -> dict[str, Any]:
        seek = await self._record(conn, target, turn, rated)
        player, now = seek["player"], seek["since"]
        made = await self._place(seek)
        # The player's earlier seek, here or on another node, is replaced by this one.
        earlier = self.waiting.pop(player, None)
        if earlier is not None and earlier.conn is not conn:
            earlier.conn.send({"t": "seek_ended", "reason": "replaced"})
        # From here on the seek is the pool's: held before anything else can fail, so that
        # the store going away now delays it (the next looks mend what is left undone) and
        # never leaves a pairing whose player nobody tells.
        waiting = self.waiting[player] = Waiting(conn, seek, self.clock.monotonic())
        seeking = {"seeking": True, "since": now}
        if made == "unknown":
            waiting.checked -= self.check_seconds  # looked up at the next look
            return seeking
        log("seek", player=player, target=seek["target"], rated=seek["rated"])
        with contextlib.suppress(Unavailable):  # missed: the other socket's next look sees it
            await self.store.seeks.announce({"k": "sought", "player": player, "conn": conn.id})
        if made is None:
            return seeking
        try:
            return await self._at_once(player, waiting, made)
        except Unavailable:  # pending: its deadline (:meth:`_settle`) completes or voids it
            return seeking

    async def _record(
        self, conn: Connection, target: int, turn: int | None, rated: bool
    ) -> dict[str, Any]:
        """The seek ``conn`` asks for, as the pool keeps it (refused: settings, no player)."""
        if target not in TARGETS:
            raise RoomError("bad_seek", f"A match is to {', '.join(map(str, TARGETS))} points.")
        if turn not in TURNS:
            raise RoomError("bad_seek", "A turn clock is 20 or 60 seconds, or none.")
        player = await self.players.current(conn)
        if player is None or conn.player is None or conn.session is None:
            raise RoomError("no_player", "Quick pairing needs a player: make one first.")
        name, session = conn.player["name"], fingerprint(conn.session)
        rating = await self.store.results.player_rating(player)
        now = self.clock.wall_ms()
        return {
            "player": player,
            "name": name,
            "rating": round((rating or {}).get("rating", 1500.0)),
            "provisional": ledger.provisional(rating, now / 1000),
            "target": target,
            "turn": turn,
            "rated": bool(rated),
            "addr": await self.players.address_tag(conn),
            "node": self.node_id,
            "conn": conn.id,
            "session": session,  # the pool refuses it if a reset came since the check above
            "since": now,
            "avoid": friends.avoided(await self.store.friends.record(player)),  # blocks
        }

    async def _place(self, seek: dict[str, Any]) -> dict[str, Any] | str | None:
        """Put ``seek`` in the pool: its pairing, None (it waits) or ``"unknown"`` (the
        store went away during the step); refused when the pool says so."""
        # Paired at once with a seek of any node not known dead: one of a node this node
        # has not heard of yet (the first second after a start) would otherwise wait for
        # a sweep, up to SWEEP_SECONDS; its pairing is pending until that node confirms.
        now = seek["since"]
        try:
            made = await self.pool.seek(seek, new_room_code(), new_seed(), now, gone=self.gone())
        except Unavailable:
            # The store may have taken it before it went away (and paired it): held here as
            # made, and looked up at the next look (:meth:`_check`), which finds it, finds
            # its pairing or puts it back. Refusing it would leave a pairing nobody tells.
            return "unknown"
        if made == "reset":  # the secret was reset since this socket's session was checked
            raise signed_out()
        if made == "full":
            raise RoomError("busy", "Too many players are waiting; try again in a moment.")
        if made == "address":
            raise RoomError(
                "too_many_seeks", "Too many players from your address are waiting already."
            )
        return made

    async def _at_once(self, player: str, waiting: Waiting, made: dict[str, Any]) -> dict:
        """Paired with a seek that waited, pending until its player is found there too: at
        once when on this node (then told in the answer), else by its node (the
        ``proposed`` event), and told by a ``paired`` message."""
        self._pend(waiting, made)
        done = await self._advance(made)
        if done is None:
            await self.store.seeks.announce({"k": "proposed", "pairing": made})
            return {"seeking": True, "since": waiting.seek["since"]}
        await self.rooms.create_paired(done["room"], room_meta(done))
        answer = {"seeking": True, "since": waiting.seek["since"]}  # told already, by push
        if self.waiting.get(player) is waiting:
            del self.waiting[player]  # told in this answer
            answer = {"seeking": False, **told(done, 1)}
        await self._told(done)
        return answer

    async def unseek(self, conn: Connection) -> dict[str, Any]:
        player = conn.player["id"] if conn.player is not None else None
        waiting = self.waiting.get(player) if player else None
        if waiting is None or waiting.conn is not conn:
            return {"sought": False}
        del self.waiting[player]
        # One step of the pool decides: cancelled, or paired before the cancel came (then the
        # ``paired`` event found this seek gone from ``waiting``: it is told here).
        outcome = await self.pool.unseek(player, conn.id)
        if not isinstance(outcome, dict):
            # This node held the seek, and no pairing stands: it is cancelled (False: a put
            # back that saw it cancelled here took it out already).
            return {"sought": True}
        if outcome.get("void"):  # its pairing was pending: the cancel voided it
            await self._unpaired(outcome)
            return {"sought": True}
        await self.rooms.create_paired(outcome["room"], room_meta(outcome))
        seat = [s["player"] for s in outcome["seeks"]].index(player)
        paired = told(outcome, seat)
        conn.send({"t": "paired", **paired})
        return {"sought": False, "paired": paired}

    def reset(self, player: str, spawn: Callable | None = None) -> None:
        """``player``'s secret was reset: every seek of theirs this node holds has ended.
        The store dropped it in the same step; ``spawn``: drop it again (a seek that was on
        its way to the pool when the reset came, which the pool refuses, but a second look
        costs one command)."""
        waiting = self.waiting.pop(player, None)
        if waiting is not None:
            waiting.conn.send({"t": "seek_ended", "reason": "reset"})
            if spawn is not None:
                spawn(self._quietly(self.pool.unseek(player, waiting.conn.id)))

    def on_signed_out(self, event: dict[str, Any], spawn: Callable) -> None:
        """A ``signed_out`` event: the player's seek held here by a socket of the old secret
        has ended (a seek made since on the new secret stays)."""
        waiting = self.waiting.get(event["player"])
        if waiting is not None and waiting.seek.get("session") != event["keep"]:
            self.reset(event["player"], spawn)

    def disconnected(self, conn: Connection, spawn: Callable) -> None:
        """A socket closed: its seek leaves the pool at once (found by its player, so a
        close costs the same however many wait; one whose socket said hello as someone
        else meanwhile goes at the next look, :meth:`_look_after`)."""
        player = conn.player["id"] if conn.player is not None else None
        waiting = self.waiting.get(player) if player else None
        if waiting is not None and waiting.conn is conn:
            del self.waiting[player]
            spawn(self._quietly(self._gone(player, conn.id)))

    async def _gone(self, player: str, conn: str) -> None:
        """The seek of a socket that closed leaves the pool, or voids its pending pairing."""
        outcome = await self.pool.unseek(player, conn)
        if isinstance(outcome, dict) and outcome.get("void"):
            await self._unpaired(outcome)

    # ---- pairings --------------------------------------------------------------------------

    # A pairing is *pending* until each of its players is found there by their socket's
    # node (the one whose seek made it is, by its request): a pairing with a player whose
    # node died, whose socket closed or who cancelled is voided, in one step of the pool that
    # no confirmation can cross, and the other goes on seeking, never told. Once complete,
    # its room is made and both are told (:func:`server.players.pairing.complete`).

    def _pend(self, waiting: Waiting, made: dict[str, Any]) -> None:
        waiting.pending = made
        waiting.deadline = self.clock.monotonic() + pairing.CONFIRM_SECONDS

    async def _advance(self, made: dict[str, Any]) -> dict[str, Any] | None:
        """Confirm the players of a pending pairing whose socket is here and open; void it
        if one of this node's is gone. The pairing if it is complete, else None."""
        for seek in made["seeks"]:
            if seek["node"] != self.node_id or seek["player"] in made["ready"]:
                continue
            waiting = self.waiting.get(seek["player"])
            if waiting is None or not _same(waiting, seek) or waiting.conn.closed:
                now = await self.pool.void(seek["player"], made["room"])
                if now is not None and pairing.complete(now):
                    return now  # it stood: both were there before this one went
                await self._unpaired(made)
                return None
            self._pend(waiting, made)
            now = await self.pool.confirm(seek["player"], made["room"])
            if now is None:
                return None  # void meanwhile: the deadline or the event puts them back
            made = now
        return made if pairing.complete(made) else None

    async def _complete(self, made: dict[str, Any]) -> None:
        """A complete pairing: create its room, then tell its players (here, and every node)."""
        await self.rooms.create_paired(made["room"], room_meta(made))
        await self._told(made)

    async def _told(self, made: dict[str, Any]) -> None:
        """A complete pairing's room is made: tell its players here, and every node. An
        event lost with the store is mended by the other node's next look (:meth:`_check`)."""
        log("paired", room=made["room"], players=[s["player"] for s in made["seeks"]])
        self._tell(made)
        with contextlib.suppress(Unavailable):
            await self.store.seeks.announce({"k": "paired", "pairing": made})

    async def _unpaired(self, made: dict[str, Any]) -> None:
        """A pending pairing was voided: tell every node (its other player goes on seeking)."""
        log("unpaired", room=made["room"], players=[s["player"] for s in made["seeks"]])
        await self.store.seeks.announce({"k": "unpaired", "room": made["room"]})

    def on_proposed(self, event: dict[str, Any]) -> None:
        """A ``proposed`` event: a pairing waits for its players' nodes."""
        self.spawn(self._quietly(self._proposed(event["pairing"])))

    async def _proposed(self, made: dict[str, Any]) -> None:
        done = await self._advance(made)
        if done is not None:
            await self._complete(done)

    def on_unpaired(self, event: dict[str, Any]) -> None:
        """An ``unpaired`` event: this node's players of that pairing go on seeking."""
        for player, waiting in list(self.waiting.items()):
            if waiting.pending is not None and waiting.pending["room"] == event["room"]:
                self.spawn(self._quietly(self._settle(player, waiting)))

    async def _settle(self, player: str, waiting: Waiting) -> None:
        """A pending pairing of this node's player was voided, or is past its deadline: void
        it (unless it came to be complete: then it stands, and they are told), and put the
        player's seek back in the pool, as it was."""
        made = waiting.pending
        if made is None:
            return
        now = await self.pool.void(player, made["room"])
        if self.waiting.get(player) is not waiting or waiting.pending is not made:
            return
        if now is not None and pairing.complete(now):
            await self._complete(now)
            return
        waiting.pending = None
        if now is not None:
            await self._unpaired(now)
        await self._again(player, waiting, self.clock.wall_ms())

    async def _again(self, player: str, waiting: Waiting, now: int) -> None:
        """Put a seek of this node's back in the pool, as it was (its waiting time kept)."""
        again = await self.pool.seek(
            waiting.seek, new_room_code(), new_seed(), now, gone=self.gone()
        )  # fmt: skip
        if self.waiting.get(player) is not waiting:  # cancelled or closed meanwhile
            await self.pool.unseek(player, waiting.conn.id)
        elif isinstance(again, dict):
            self._pend(waiting, again)
            await self._proposed(again)
            if waiting.pending is again and self.waiting.get(player) is waiting:
                await self.store.seeks.announce({"k": "proposed", "pairing": again})
        elif again == "reset":  # the secret was reset while the seek was being put back
            self.reset(player)
        elif again is not None:  # no room for it any more (the pool, or its address, full)
            del self.waiting[player]
            waiting.conn.send({"t": "seek_ended", "reason": "busy"})

    def on_paired(self, event: dict[str, Any]) -> None:
        self._tell(event["pairing"])

    def _tell(self, made: dict[str, Any]) -> None:
        for seat, seek in enumerate(made["seeks"]):
            waiting = self.waiting.get(seek["player"])
            if waiting is not None and _same(waiting, seek):
                del self.waiting[seek["player"]]
                waiting.conn.send({"t": "paired", **told(made, seat)})

    def on_sought(self, event: dict[str, Any]) -> None:
        """The player sought from socket ``conn``: a seek of theirs from another ends."""
        waiting = self.waiting.get(event["player"])
        if waiting is not None and waiting.conn.id != event["conn"]:
            del self.waiting[event["player"]]
            waiting.conn.send({"t": "seek_ended", "reason": "replaced"})

    async def run(self) -> None:
        """Offer to sweep the pool each SWEEP_SECONDS; look after this node's seekers."""
        while True:
            with contextlib.suppress(Unavailable):
                await self.tick()
            await self.clock.sleep(SWEEP_SECONDS)

    async def tick(self) -> None:
        now = self.clock.wall_ms()
        rooms = [(new_room_code(), new_seed()) for _ in range(ROOMS_PER_SWEEP)]
        # The seeks of the nodes known dead are dropped, not those of every node not known
        # alive: a node that has not heard of the others yet (the first second after a
        # start) dropped theirs, and they waited until their node put them back (CHECK_SECONDS).
        swept = await self.pool.sweep(self.node_id, now, None, rooms, gone=self.gone())
        for made in swept[0] if swept else []:
            await self.store.seeks.announce({"k": "proposed", "pairing": made})
        await self._look_after(now)

    async def _look_after(self, now: int) -> None:
        """End this node's seeks past their time; look after the others now and then."""
        clock = self.clock.monotonic()
        for player, waiting in list(self.waiting.items()):
            if waiting.conn.closed:
                del self.waiting[player]
                await self._gone(player, waiting.conn.id)
            elif waiting.pending is not None:
                if clock >= waiting.deadline:
                    await self._settle(player, waiting)
            elif now - waiting.seek["since"] > pairing.SEEK_SECONDS * 1000:
                del self.waiting[player]
                await self.pool.unseek(player, waiting.conn.id)
                waiting.conn.send({"t": "seek_ended", "reason": "expired"})
            elif clock - waiting.checked >= self.check_seconds:
                waiting.checked = clock
                await self._check(player, waiting, now)

    async def _check(self, player: str, waiting: Waiting, now: int) -> None:
        """A seek this node holds, as the store has it: still waiting; replaced by a seek of
        the same player from another socket (``sought`` missed); paired (``paired`` missed,
        or its node died before making the room: made here, the player told); or gone
        (dropped by a sweep that took this node for dead): put back, as it was.

        The pool is read before the pairings: a seek leaves the pool in the same atomic
        step that keeps its pairing, so a seek found in neither was not paired, and putting
        it back can never pair a player twice."""
        present = await self.store.seeks.seek_of(player)
        if present is not None and present["since"] < waiting.seek["since"]:
            present = None  # older than this one: this one never reached the pool (store away)
        if present is not None:
            if present["conn"] != waiting.conn.id and self.waiting.get(player) is waiting:
                del self.waiting[player]
                waiting.conn.send({"t": "seek_ended", "reason": "replaced"})
            return
        made = await self.store.seeks.pairing(player)
        if self.waiting.get(player) is not waiting:
            return  # told meanwhile (an event came while the store was read)
        if made is None and await self.players.current(waiting.conn) is None:
            # Not dropped by a sweep: the player's secret was reset (its event missed).
            if self.waiting.get(player) is waiting:
                self.reset(player)
            return
        if self.waiting.get(player) is not waiting:
            return  # told meanwhile, or reset (the event came while the store was read)
        if made is not None and not made.get("void"):
            if not pairing.complete(made):  # pending: this node missed its ``proposed``
                self._pend(waiting, made)
                await self._proposed(made)
                return
            await self.rooms.create_paired(made["room"], room_meta(made))
            self._tell(made)
            if self.waiting.get(player) is waiting:  # paired from another socket
                del self.waiting[player]
                waiting.conn.send({"t": "seek_ended", "reason": "replaced"})
            return
        await self._again(player, waiting, now)

    @staticmethod
    async def _quietly(work) -> None:
        with contextlib.suppress(Unavailable):
            await work
