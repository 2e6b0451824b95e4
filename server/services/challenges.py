"""Challenges between friends on one node (the rules: :mod:`server.players.challenges`): a
player challenges a friend with More options' settings, the friend's every socket is told
(whichever node holds it), one of them accepts (the store decides which, once), and both
are taken to a room made as quick pairing makes its rooms (seats kept for the two, the seed
drawn here from :mod:`server.seeds` and stored by the accepting step).

The node of the socket that challenged keeps the challenge's minute (a timer on the host's
clock) and ends it when that socket closes (``left``); a challenge whose node died lapses by
its ``until`` all the same, for anyone who reads it. Every change is told to the nodes of
both players (a ``challenge`` event, :meth:`~server.services.online.Online.tell_nodes`),
which push a ``challenge`` message to their sockets.

Rated challenges follow the rating rules of quick pairing and the ledger: not between two
players on one network (the challenger's network, kept with the challenge and never told,
against the accepting socket's), not past the pair's rated matches of the day, and each
player is shown the other's rating and whether it is provisional; the ledger settles the
match as any rated one.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable
from typing import Any

from protocol.codec import Refusal
from server.host.clock import REAL, Clock, Timer
from server.players import challenges as rules
from server.players import friends, identity, ledger, pairing
from server.rooms.room import new_room_code
from server.seeds import new_seed
from server.services import claims
from server.services.connection import Connection
from server.services.online import Online
from server.services.players import Players, signed_out
from server.services.rooms import Rooms
from server.store import Store, Unavailable

ANSWERS = ("accept", "decline", "withdraw")


def challenge_id() -> str:
    """A challenge's id: 'c' and 16 letters or digits (not enumerable)."""
    return "c" + secrets.token_hex(8)


class Challenges:
    """Given the store, rooms, players, the presence hub (to find the players' nodes and
    whether a player is at a table), the lives alive now, the clock and ``spawn``."""

    def __init__(
        self,
        store: Store,
        rooms: Rooms,
        players: Players,
        online: Online,
        lives: Callable[[], set[str]],
        clock: Clock = REAL,
        spawn: Callable = asyncio.ensure_future,
    ) -> None:
        self.store, self.rooms, self.players, self.online = store, rooms, players, online
        self.lives, self.clock, self.spawn = lives, clock, spawn
        self.open: dict[str, tuple[Connection, str, Timer]] = {}  # id -> socket, to, timer

    # ---- requests --------------------------------------------------------------------------

    async def _me(self, conn: Connection) -> dict[str, Any]:
        me = self.players.identified(conn)
        if await self.players.current(conn) is None:
            raise signed_out()
        return me

    async def challenge(
        self, conn: Connection, them: Any, target: Any, turn: Any, rated: Any, public: Any
    ) -> dict[str, Any]:
        """``conn``'s player challenges their friend ``them``."""
        me = await self._me(conn)
        chosen = rules.settings(target, turn, rated, public)
        other = await self._friend(me["id"], them)
        now = self.clock.wall_ms()
        if chosen["rated"]:
            await self._pair_limit(me["id"], them, now)
        rating = await self.store.results.player_rating(me["id"])
        made = {
            "id": challenge_id(), "from": me["id"], "from_name": me["name"],
            "to": them, "to_name": other["name"], **chosen,
            "rating": round((rating or {}).get("rating", 1500.0)),
            "provisional": ledger.provisional(rating, now / 1000),
            "addr": await self.players.address_tag(conn),
            "at": now, "until": now + rules.CHALLENGE_SECONDS * 1000,
            "state": "offered", "room": None, "by": None,
        }  # fmt: skip
        await self.store.friends.change_challenges(me["id"], rules.send(made, now))
        try:
            await self.store.friends.change_challenges(them, rules.receive(made, now))
        except Refusal:
            await self.store.friends.change_challenges(me["id"], rules.unsend(made["id"]))
            raise
        timer = self.clock.call_later(rules.CHALLENGE_SECONDS, self._lapse, made["id"])
        self.open[made["id"]] = (conn, them, timer)
        await self._tell(made)
        return {"challenge": rules.public(made, now)}

    async def _friend(self, me: str, them: Any) -> dict[str, Any]:
        """The friend ``them`` names (refused: not an id, one's own, nobody, no friend, a
        block either way)."""
        if not identity.is_player_id(them):
            raise Refusal("bad_player", "A player id is 'p' and 12 letters or digits.")
        if them == me:
            raise Refusal("self_challenge", "You cannot challenge yourself.")
        other = await self.store.players.player(them)
        if other is None:
            raise Refusal("unknown_player", "No player has that id.")
        mine = friends.of(await self.store.friends.record(me))
        if them in mine["blocked"]:
            raise Refusal("you_block", "You block this player: unblock them first.")
        if them in mine["blocked_by"]:
            raise Refusal("blocked", "This player does not take challenges from you.")
        if them not in mine["friends"]:
            raise Refusal("not_friends", "You challenge your friends only.")
        return other

    async def _pair_limit(self, a: str, b: str, now: int) -> None:
        played = await self.store.results.pair_games(pairing.day_of(now), ledger.pair_key((a, b)))
        if played >= ledger.PAIR_RATED_PER_DAY:
            raise Refusal(
                "pair_limit",
                f"You two have played {ledger.PAIR_RATED_PER_DAY} rated matches today: "
                "make this one casual.",
            )

    async def answer(self, conn: Connection, cid: Any, do: Any) -> dict[str, Any]:
        """``accept``, ``decline`` (the challenged player, any of their sockets) or
        ``withdraw`` (the challenger) challenge ``cid``."""
        if do not in ANSWERS:
            raise Refusal("bad_field", f"A challenge answer is one of: {', '.join(ANSWERS)}.")
        if not isinstance(cid, str) or len(cid) > 40:
            raise Refusal("no_challenge", "There is no such challenge.")
        me = await self._me(conn)
        if do == "withdraw":
            return await self._withdraw(me["id"], cid)
        if do == "decline":
            made = await self.store.friends.change_challenges(
                me["id"], rules.answer(cid, self.clock.wall_ms(), "declined")
            )
            return await self._ended(made["in"][cid])
        return await self._accept(conn, me["id"], cid)

    async def _withdraw(self, me: str, cid: str) -> dict[str, Any]:
        out = rules.of(await self.store.friends.challenges(me))["out"]
        if out is None or out["id"] != cid:
            raise Refusal("no_challenge", "You have no such challenge waiting.")
        step = rules.answer(cid, self.clock.wall_ms(), "withdrawn", challenger=me)
        made = await self.store.friends.change_challenges(out["to"], step)
        return await self._ended(made["in"][cid])

    async def _ended(self, challenge: dict[str, Any]) -> dict[str, Any]:
        """A challenge answered no, withdrawn, left or lapsed: the challenger may send
        another, both are told."""
        await self.store.friends.change_challenges(challenge["from"], rules.unsend(challenge["id"]))
        await self._tell(challenge)
        return {"challenge": rules.public(challenge, self.clock.wall_ms())}

    async def _accept(self, conn: Connection, me: str, cid: str) -> dict[str, Any]:
        now = self.clock.wall_ms()
        record = rules.of(await self.store.friends.challenges(me))
        challenge = record["in"].get(cid)
        if challenge is not None and challenge["state"] == "accepted":
            # made again (a no-op if it is: a node may have died before making it)
            await self.rooms.create_paired(challenge["room"], rules.room_meta(challenge))
            if challenge["by"] == conn.id:
                return {"challenge": rules.public(challenge, now), "seat": 1}
        challenge = rules.open_one(record, cid, now)  # refused as the store's step would be
        await self._ready(conn, me, challenge)
        them = challenge["from"]
        taken = "challenger_in_challenge", "Your friend has just gone to another challenge's table."
        mine = "in_challenge", "You have just accepted another challenge."
        room, seed = new_room_code(), new_seed()
        step = lambda record: rules.accept(record, cid, now, room, seed, conn.id)  # noqa: E731
        made = await claims.accept_once(self.store, challenge, now, step, (taken, mine))
        accepted = made["in"][cid]
        await self.rooms.create_paired(accepted["room"], rules.room_meta(accepted))
        await self.store.friends.change_challenges(them, rules.unsend(cid))
        await self._tell(accepted)
        return {"challenge": rules.public(accepted, now), "seat": 1}

    async def _ready(self, conn: Connection, me: str, challenge: dict[str, Any]) -> None:
        """Refuse an accept the challenger cannot take now (seeking, at a table), one made
        while the accepting player seeks a match too, a block since, or a rated match between
        two players on one network."""
        them = challenge["from"]
        if them in friends.avoided(await self.store.friends.record(me)):
            raise Refusal("blocked", "There is no match with this player: a block stands.")
        if await self.store.seeks.seek_of(them) is not None:
            raise Refusal("challenger_seeking", "Your friend is looking for another match now.")
        if await self.store.seeks.seek_of(me) is not None:  # else paired twice, maybe
            raise Refusal(
                "you_are_seeking", "You are looking for a quick match: stop looking, then accept."
            )
        (entries,) = await self.store.friends.online([them])
        lives = self.lives()
        if any(state.get("seated") for life, state in entries.items() if life in lives):
            raise Refusal("challenger_playing", "Your friend is at a table now.")
        if challenge["rated"] and challenge["addr"] == await self.players.address_tag(conn):
            raise Refusal(
                "same_network",
                "A rated match is between players on two networks: ask for a casual one.",
            )

    async def listing(self, conn: Connection) -> dict[str, Any]:
        """The challenges open now: received (``incoming``) and the one sent (``outgoing``)."""
        me = await self._me(conn)
        now = self.clock.wall_ms()
        mine = rules.of(await self.store.friends.challenges(me["id"]))
        incoming = [rules.public(c, now) for c in mine["in"].values() if rules.is_open(c, now)]
        outgoing = []
        if mine["out"] is not None and now < mine["out"]["until"]:
            theirs = rules.of(await self.store.friends.challenges(mine["out"]["to"]))
            sent = theirs["in"].get(mine["out"]["id"])
            if rules.is_open(sent, now):
                outgoing.append(rules.public(sent, now))
        return {"incoming": sorted(incoming, key=lambda c: c["at"]), "outgoing": outgoing}

    # ---- the challenger's socket and minute ------------------------------------------------

    def _lapse(self, cid: str) -> None:
        self.spawn(self._end(cid, "expired"))

    def disconnected(self, conn: Connection) -> None:
        """The socket that challenged closed: its open challenge ends (``left``)."""
        for cid, (holder, _to, _timer) in list(self.open.items()):
            if holder is conn:
                self.spawn(self._end(cid, "left"))

    async def _end(self, cid: str, reason: str) -> None:
        held = self.open.pop(cid, None)
        if held is None:
            return
        conn, to, timer = held
        timer.cancel()
        if conn.player is None:
            return
        step = rules.answer(cid, self.clock.wall_ms(), reason, challenger=conn.player["id"])
        with contextlib.suppress(Refusal, Unavailable):  # answered meanwhile, or lapses alone
            made = await self.store.friends.change_challenges(to, step)
            await self._ended(made["in"][cid])

    # ---- telling both players --------------------------------------------------------------

    async def _tell(self, challenge: dict[str, Any]) -> None:
        told = rules.public(challenge, self.clock.wall_ms())
        event = {"k": "challenge", "player": challenge["to"], "challenge": told}
        await self.online.tell_nodes([challenge["from"], challenge["to"]], event, self.on_challenge)

    def on_challenge(self, event: dict[str, Any]) -> None:
        """A ``challenge`` event: push it to this node's sockets of either player."""
        challenge = event["challenge"]
        if challenge["state"] != "offered":
            held = self.open.pop(challenge["id"], None)
            if held is not None:
                held[2].cancel()
        message = {"t": "challenge", **challenge}
        for player in (challenge["from"], challenge["to"]):
            for conn in self.players.sessions.get(player, ()):
                conn.send(message)
