"""A room as a sans-I/O object: entries in, per-audience diffs out.

Everything that changes a room is an *entry* of its log: a seat claimed (``join``), a game
action (``act``), a forfeit, the end of an abandoned room (``close``), a seat's grace shown
(``away``), a table phrase said (``say``: kept in replays, never a move). The shell writes an
entry to the store first (the commit point) and then calls :meth:`Room.apply`; every node
holding the room applies the same entries in the same order, so every replica is the same
game. An entry carries the wall-clock time it was written (``at``, epoch ms), from which
the turn clock's deadline follows: every replica shows the same deadline.

Each change recomputes the view of every audience once (seat 0, seat 1, spectators), diffs it
against that audience's previous view and returns the operations; because diffs are taken
between already-redacted views, a hidden card cannot leak through a diff. Who is connected and
how many watch are not logged: they change the view (so everyone sees who is there) but come
from the sockets of every node (:meth:`Room.set_presence`), not from the log.
"""

from __future__ import annotations

import hashlib
import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import msgpack

from protocol.codec import Refusal, pack_kept
from protocol.diff import (
    PackedMap,
    Stable,
    diff_views,
    pack_map,
    unpack_map,
)
from server.rooms.phrases import PHRASE_GAP_MS, PHRASES, PHRASES_PER_SEAT, PHRASES_SHOWN

AUDIENCES = ("seat0", "seat1", "spectators")
DEEP = frozenset({"game"})
"""The part of a view kept packed entry by entry (the room part changes rarely, as a whole)."""
STABLE = frozenset({"hands_played"})
"""Parts of a game's view that its engine hands out as the same object until they change (a
match's finished hands, which grow with the match): not packed again while they are the same
(protocol.diff.diff_packed), so that a move costs work in proportion to what it changed."""
WHOLE = frozenset({"turn"})
"""Parts of a game's view replaced in one operation when they change: a Gin Rummy ``turn``
(phase, who acts, ply, counts, the seat's options) changes at every move in several of its
entries, so diffing inside it, which took a fifth of a change's work, only ever found that
one replacement is shorter (bench/diffs.py: the same bytes within 0.1 %)."""


class RoomError(Refusal):
    """A request the room (or a service on it) refuses. ``code`` is stable, ``message`` is
    a sentence."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """An unguessable seat token (the secret that proves a seat is yours)."""
    return secrets.token_urlsafe(24)


def new_room_code() -> str:
    """A room code: 10 characters from a 32-letter alphabet (50 bits), not enumerable."""
    alphabet = "23456789abcdefghjkmnpqrstuvwxyz"
    return "".join(secrets.choice(alphabet) for _ in range(10))


class PackedLog:
    """A room's log entries, each kept packed: bytes, which the garbage collector never
    scans. A busy server holds every entry of every room; as dicts they were a tenth of the
    objects of each young collection and, once old, most of what a full one goes through.
    Reading unpacks (a replay, the time of the last entry)."""

    __slots__ = ("_packed",)

    def __init__(self) -> None:
        self._packed: list[bytes] = []

    def append(self, entry: dict[str, Any]) -> None:
        self._packed.append(pack_kept(entry))

    def __len__(self) -> int:
        return len(self._packed)

    def __getitem__(self, index: int) -> dict[str, Any]:
        return msgpack.unpackb(self._packed[index])

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (msgpack.unpackb(p) for p in self._packed)

    def __reversed__(self) -> Iterator[dict[str, Any]]:
        return (msgpack.unpackb(p) for p in reversed(self._packed))


@dataclass
class Seat:
    kind: str  # "human" or "bot"
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    player: str | None = None  # the identified player in this seat, if any
    ranked: bool = False  # the player's ranked first attempt at a daily board
    kept_for: str | None = None  # the only identity that may take this seat (quick pairing)
    rating: int | None = None  # the player's rating when they sat down (shown, never counted)
    provisional: bool = False  # that rating was provisional (shown with a "?")
    connected: bool = False
    timeouts: int = 0
    away_until: int | None = None  # when a seat's grace runs out (wall ms), while it is away
    aways: int = 0  # the ``away`` entries logged for the seat (never in a view)
    said: int = 0  # the phrases the seat said (``say`` entries)
    said_at: int | None = None  # when it said the last one (its entry's ``at``)

    @property
    def open(self) -> bool:
        return self.kind == "human" and self.token_hash is None

    def public(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "player": self.player,
            "ranked": self.ranked,
            "rating": self.rating,
            "provisional": self.provisional,
            "connected": self.connected if self.kind == "human" else True,
            "timeouts": self.timeouts,
            "away_until": self.away_until,
        }


@dataclass(frozen=True, slots=True)
class Move:
    """An entry a room checked: the log entry that records it, the position it leads to (an
    action the rules accepted: the rules run once per action, :meth:`Room.apply` takes
    ``after`` instead of playing the entry again) or None, and where in the log it goes."""

    entry: dict[str, Any]
    after: Any
    index: int
    """The log's length when the rules checked it: ``after`` holds only there."""


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a game stands after a change, as the room host reads it: whether it is over and
    who won, whose move it is, whether a hand just ended. The game is asked once per change
    (:meth:`Room.start` and :meth:`Room.play` return it), never at each look."""

    over: bool = False
    winner: int | None = None
    to_act: int | None = None
    between_hands: bool = False


def entry_of(made: dict[str, Any] | Move) -> dict[str, Any]:
    """The log entry of what a build made: an entry, or a :class:`Move`'s."""
    return made.entry if isinstance(made, Move) else made


class Room(ABC):
    """What every room shares: seats, the log, sequence numbers, per-audience views and
    diffs. A game's room (:class:`server.rooms.gin.GinRoom`,
    :class:`server.rooms.solitaire.SolitaireRoom`) adds its rules through a few methods.
    Build one with :func:`server.rooms.make_room`, then :meth:`load` its log."""

    game = ""
    talks = False
    """Its seated people may say table phrases to each other (:meth:`say_entry`)."""

    def __init__(
        self,
        room_id: str,
        meta: dict[str, Any],
        epoch: str | None = None,
        watched: tuple[str, ...] | None = None,
    ) -> None:
        self.id = room_id
        self.meta = meta
        self.standing = self.start()
        self.seats = [Seat(s["kind"], s.get("level"), kept_for=s.get("for")) for s in meta["seats"]]
        for seat in self.seats:
            if seat.kind == "bot":
                seat.name = f"{seat.level.capitalize()} bot"
        self.log = PackedLog()
        self.seq = 0
        self.epoch = epoch or secrets.token_hex(4)
        self.spectators = 0
        self.forfeit: int | None = None
        self.forfeit_reason: str | None = None
        self.closed: str | None = None  # why an abandoned room was closed
        self.phrases: list[dict[str, Any]] = []  # the latest said, oldest first (the view's)
        self.deadline: int | None = None
        self.humans = [i for i, s in enumerate(self.seats) if s.kind == "human"]
        self._settle()
        # Per seat: command id -> the packed [seq at which it was applied, its action].
        self.commands: list[dict[Any, bytes]] = [{} for _ in self.seats]
        # Only the audiences someone follows are rendered and diffed (a node holding a room
        # for one spectator renders one view per change, a bot room nobody watches none);
        # an audience followed again starts from a snapshot. The last view of each is kept
        # packed, part by part (protocol.diff.pack_map): bytes, which the garbage collector
        # never scans. As objects, every busy room's views lived the second or so between
        # its changes, long enough to be in every young collection: at 1 000 busy rooms,
        # 50 000-80 000 containers and 9-40 ms per collection, which was most of the latency
        # tail. Part by part, a change unpacks only the parts it changed.
        self._views: dict[str, PackedMap] = {}
        self._stable: Stable = {}
        self.view_sizes: dict[str, int] = {}  # each view's bytes packed, at the last change
        for audience in AUDIENCES if watched is None else watched:
            self.follow(audience)

    # ---- what a game's room provides ---------------------------------------------------

    @abstractmethod
    def start(self) -> Standing:
        """Set up the game from ``self.meta``; where it stands."""

    @abstractmethod
    def game_view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: spectators) may see of the game."""

    def game_views(self, seats: list[int | None]) -> list[dict[str, Any]]:
        """:meth:`game_view` for each of ``seats`` (a game may build what they share once)."""
        return [self.game_view(seat) for seat in seats]

    @abstractmethod
    def normalize(self, action: Any) -> dict[str, Any]:
        """The wire form of a well-formed ``action`` (whatever the position), else raise."""

    @abstractmethod
    def check(self, seat: int, action: Any) -> tuple[dict[str, Any], Any]:
        """The wire form of ``action`` and the position it leads to, if the rules allow it
        now; else raise."""

    @abstractmethod
    def play(self, seat: int, action: dict[str, Any], after: Any = None) -> Standing:
        """Apply an action the rules accepted: ``after``, the position :meth:`check` reached
        from the position now, or (None: read back from the log) the action played again;
        where the game stands then."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """The final result, for replays and logs."""

    @abstractmethod
    def options(self) -> dict[str, Any]:
        """What, with the seed and the actions, rebuilds the game (replays)."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score, for the lobby and replays."""

    def progress(self) -> dict[str, Any]:
        """How far the game has gone, for the lobby (a game's own fields)."""
        return {}

    @property
    def played(self) -> bool:
        """Something was played (a finished room that was only waiting keeps no replay)."""
        return any(e["kind"] == "act" for e in self.log)

    # ---- reading -------------------------------------------------------------------------

    def _settle(self) -> None:
        """What the room host reads after every change, worked out once here from the
        game's :class:`Standing` as plain attributes: ``status``, ``bot_seat`` (the bot to
        move, if any: between two hands, a bot deals the next one only when no person sits
        in the room, since people read the end of a hand at their own pace) and
        ``clock_holder`` (the person whose turn clock runs, in a room with a clock)."""
        game = self.standing
        if self.forfeit is not None or self.closed is not None or game.over:
            self.status = "finished"
        elif any(s.open for s in self.seats):
            self.status = "waiting"
        else:
            self.status = "playing"
        self.bot_seat = self.clock_holder = None
        if self.status != "playing":
            return
        to_act = game.to_act
        if to_act is None:
            if game.between_hands and not self.humans:
                self.bot_seat = 0
        elif self.seats[to_act].kind == "bot":
            self.bot_seat = to_act
        elif self.meta.get("turn_seconds"):
            self.clock_holder = to_act

    @property
    def winner(self) -> int | None:
        if self.forfeit is not None:
            return 1 - self.forfeit if len(self.seats) == 2 else None
        if self.closed is not None:
            return None
        return self.standing.winner

    def distinct_name(self, seat: int, name: str) -> str:
        """``name``, with a visible suffix when another seat already shows the same name
        (ignoring case), so two people called alike (or someone calling themselves "Normal
        bot") can be told apart."""
        taken = {s.name.casefold() for i, s in enumerate(self.seats) if i != seat and s.name}
        if name.casefold() not in taken:
            return name
        return next(
            f"{name} ({n})"
            for n in range(2, len(self.seats) + 2)
            if f"{name} ({n})".casefold() not in taken
        )

    def seat_of(self, token: str) -> int | None:
        h = hash_token(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return i
        return None

    def render(self, audience: str) -> dict[str, Any]:
        """The full view of one audience: the room part and the game part."""
        return self.render_all([audience])[0]

    def render_all(self, audiences: list[str]) -> list[dict[str, Any]]:
        """:meth:`render` for each of ``audiences``, sharing what they have in common (the
        room part, the game's public parts): read-only."""
        seats = []
        for audience in audiences:
            seat = AUDIENCES.index(audience) if audience != "spectators" else None
            if seat is not None and seat >= len(self.seats):
                seat = None  # a one-seat room's second seat audience sees what spectators see
            seats.append(seat)
        room = {
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "public": self.meta.get("public", False),
            "open_hands": self.meta.get("open_hands", False),
            "daily": self.meta.get("daily"),
            "rated": bool(self.meta.get("rated")),
            "turn_seconds": self.meta.get("turn_seconds"),
            "deadline": self.deadline,
            "seats": [s.public() for s in self.seats],
            "spectators": self.spectators,
            "forfeit": self.forfeit,
            "forfeit_reason": self.forfeit_reason,
            "closed": self.closed,
            "winner": self.winner,
            "phrases": self.phrases,
        }
        # What two people say at a private table is theirs: its spectators never see it.
        hushed = room  # (a copy only when a private room's spectators are rendered)
        if not room["public"] and None in seats:
            hushed = {**room, "phrases": []}
        games = self.game_views(seats)
        return [
            {"room": room if seat is not None else hushed, "seat": seat, "game": game}
            for seat, game in zip(seats, games, strict=True)
        ]

    def follow(self, audience: str) -> None:
        """Render ``audience`` from now on (its view as it stands now)."""
        if audience not in self._views:
            self._views[audience] = pack_map(self.render(audience), DEEP)

    def unfollow(self, audience: str) -> None:
        """Stop rendering ``audience`` (nobody here looks at it)."""
        self._views.pop(audience, None)

    def view(self, audience: str) -> dict[str, Any]:
        self.follow(audience)
        return unpack_map(self._views[audience])

    def summary(self) -> dict[str, Any]:
        """What the lobby lists about this room."""
        return {
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "seats": [
                {
                    "kind": s.kind,
                    "level": s.level,
                    "name": s.name,
                    "open": s.open and not s.kept_for,
                    "rating": s.rating,
                    "provisional": s.provisional,
                }
                for s in self.seats
            ],
            "scores": self.scores(),
            **self.progress(),
            "spectators": self.spectators,
            "open_hands": self.meta.get("open_hands", False),
            "created_at": self.meta.get("created_at", 0),
        }

    def replay(self, finished_at: float) -> dict[str, Any]:
        """Seed, options, the action list and the final result: a finished game forever."""
        return {
            "id": self.id,
            "game": self.game,
            "seed": self.meta.get("seed"),
            "options": self.options(),
            "seats": [
                {"kind": s.kind, "level": s.level, "name": s.name, "player": s.player}
                for s in self.seats
            ],
            "actions": [[e["seat"], e["action"]] for e in self.log if e["kind"] == "act"],
            "phrases": self.said_phrases(),
            "result": {
                "winner": self.winner,
                "scores": self.scores(),
                "forfeit": self.forfeit,
                "forfeit_reason": self.forfeit_reason,
                "closed": self.closed,
                **self.result(),
            },
            "finished_at": finished_at,
            "daily": self.meta.get("daily"),
            "rated": bool(self.meta.get("rated")),
            # When the first and the last move were written (epoch ms): the time a game took;
            # and the first join (a ranked daily attempt is timed from it).
            "started_ms": next((e.get("at") for e in self.log if e["kind"] == "act"), None),
            "ended_ms": next((e.get("at") for e in reversed(self.log) if e["kind"] == "act"), None),
            "joined_ms": next((e.get("at") for e in self.log if e["kind"] == "join"), None),
            # The moves each seat made itself (not the turn clock's): a rated match in which a
            # seat made none was aborted, not lost (server.players.ledger).
            "own_moves": self.own_moves(),
        }

    def said_phrases(self) -> list[list[Any]]:
        """Every phrase said, as ``[seat, phrase, at, step]`` (``step``: how many actions
        had been played then), so a replay shows each where it was said."""
        said, step = [], 0
        for e in self.log:
            if e["kind"] == "act":
                step += 1
            elif e["kind"] == "say":
                said.append([e["seat"], e["phrase"], e.get("at"), step])
        return said

    def own_moves(self) -> list[int]:
        counts = [0] * len(self.seats)
        for e in self.log:
            if e["kind"] == "act" and not e.get("auto"):
                counts[e["seat"]] += 1
        return counts

    # ---- checking requests into entries ------------------------------------------------

    def join_entry(
        self,
        seat: int | None,
        name: str,
        token: str,
        player: str | None = None,
        ranked: bool = False,
        rating: int | None = None,
        provisional: bool = False,
    ) -> dict[str, Any]:
        if self.status == "finished":
            raise RoomError("room_finished", "This game is over; watch its replay instead.")
        if seat is None:
            seat = next(
                (i for i, s in enumerate(self.seats) if s.open and s.kept_for in (None, player)),
                None,
            )
            if seat is None:
                raise RoomError("room_full", "Every seat is taken; you can watch instead.")
        if seat not in range(len(self.seats)):
            seats = "Seats are 0 and 1." if len(self.seats) == 2 else "This room has one seat, 0."
            raise RoomError("bad_seat", seats)
        if not self.seats[seat].open:
            raise RoomError("seat_taken", "That seat is taken.")
        kept_for = self.seats[seat].kept_for
        if kept_for is not None and kept_for != player:
            raise RoomError("seat_kept", "That seat is kept for the player who was paired to it.")
        entry = {"kind": "join", "seat": seat, "name": name, "token_hash": hash_token(token)}
        if player is not None:
            entry["player"] = player  # whose statistics and rating this seat's game counts for
        if ranked:
            entry["ranked"] = True  # the player's ranked attempt at today's board: no solver
        if rating is not None:
            entry["rating"] = rating  # shown beside the name (the lobby, the watch page)
            if provisional:
                entry["provisional"] = True  # with a "?": the system is not sure of it yet
        return entry

    def act_entry(self, seat: int, action: Any, cmd: Any, auto: bool = False) -> Move:
        """Check an action by ``seat``; raises RoomError (the rule it breaks), changes nothing."""
        if self.status == "finished":
            raise RoomError("room_finished", "This game is over.")
        if self.status == "waiting":
            raise RoomError("waiting", "The game starts when every seat is taken.")
        clean, after = self.check(seat, action)
        entry = {"kind": "act", "seat": seat, "action": clean, "cmd": cmd}
        if auto:
            entry["auto"] = True
        return Move(entry, after, len(self.log))

    def command(self, seat: int, action: Any, cmd: Any) -> Move | int:
        """A player's command: the :class:`Move` it makes (checked, nothing changed yet), or
        the seq at which command ``cmd`` of ``seat`` was applied already (:meth:`duplicate`)."""
        done = self.duplicate(seat, cmd, action)
        return done if done is not None else self.act_entry(seat, action, cmd)

    def away_entry(self, seat: int, until: int | None) -> dict[str, Any]:
        """The driver's word that ``seat`` is away and forfeits at ``until`` (wall ms) unless
        it comes back; None: it is back. Logged, so that every node shows the same time."""
        return {"kind": "away", "seat": seat, "until": until}

    def say_entry(self, seat: int, phrase: Any, now_ms: int) -> dict[str, Any]:
        """A table phrase ``seat`` says at ``now_ms`` (wall ms, the entry's ``at`` to be),
        checked against the log (so every replica counts alike); raises RoomError, changes
        nothing. Only while two people play: nobody hears a bot or an empty seat."""
        if not self.talks or any(s.kind != "human" for s in self.seats):
            raise RoomError("no_phrases", "Phrases are for two people at a Gin Rummy table.")
        if self.status != "playing":
            raise RoomError(
                "room_finished" if self.status == "finished" else "waiting",
                "Phrases are said while the match is played.",
            )
        if not isinstance(phrase, str) or phrase not in PHRASES:
            raise RoomError("bad_phrase", "That is not one of the table's phrases.")
        seated = self.seats[seat]
        if seated.said >= PHRASES_PER_SEAT:
            raise RoomError(
                "phrase_limit", f"A player says at most {PHRASES_PER_SEAT} phrases a match."
            )
        if seated.said_at is not None and now_ms - seated.said_at < PHRASE_GAP_MS:
            raise RoomError(
                "phrase_too_soon",
                f"One phrase every {PHRASE_GAP_MS // 1000} seconds: wait a moment.",
            )
        return {"kind": "say", "seat": seat, "phrase": phrase}

    def forfeit_entry(self, seat: int, reason: str) -> dict[str, Any]:
        return {"kind": "forfeit", "seat": seat, "reason": reason}

    def close_entry(self, reason: str) -> dict[str, Any]:
        """End a room nobody plays in any more (``reason``: ``unjoined``, ``abandoned``,
        ``no_show``: a quick pairing's player never came)."""
        return {"kind": "close", "seat": None, "reason": reason}

    def duplicate(self, seat: int, cmd: Any, action: Any) -> int | None:
        """The seq at which command ``cmd`` of ``seat`` was applied, if it already was; a
        known id that carries another action is refused (its first action stands)."""
        if cmd is None:
            return None
        done = self.commands[seat].get(cmd)
        if done is None:
            return None
        applied, first = msgpack.unpackb(done)
        try:
            same = self.normalize(action) == first
        except Exception:
            same = False
        if not same:
            raise RoomError(
                "id_reused", "That command id was already used for another action; use a new id."
            )
        return applied

    # ---- changing --------------------------------------------------------------------------

    def _play_entry(self, entry: dict[str, Any], after: Any = None) -> None:
        """The change one entry makes, without rendering anything (``after``: :meth:`play`'s)."""
        kind = entry["kind"]
        seat = entry["seat"]
        if kind == "join":
            s = self.seats[seat]
            s.name, s.token_hash = self.distinct_name(seat, entry["name"]), entry["token_hash"]
            s.player = entry.get("player")
            s.ranked = bool(entry.get("ranked"))
            s.rating = entry.get("rating")
            s.provisional = bool(entry.get("provisional"))
        elif kind == "act":
            self.standing = self.play(seat, entry["action"], after)
            if entry.get("cmd") is not None:
                self.commands[seat][entry["cmd"]] = pack_kept([self.seq + 1, entry["action"]])
            if entry.get("auto"):
                self.seats[seat].timeouts += 1
        elif kind == "forfeit":
            self.forfeit, self.forfeit_reason = seat, entry.get("reason")
            self.seats[seat].away_until = None
        elif kind == "close":
            self.closed = entry.get("reason") or "abandoned"
        elif kind == "away":
            self.seats[seat].away_until = entry.get("until")
            self.seats[seat].aways += 1
        elif kind == "say":
            self.seats[seat].said += 1
            self.seats[seat].said_at = entry.get("at")
            said = {"seat": seat, "phrase": entry["phrase"], "at": entry.get("at")}
            self.phrases = [*self.phrases[1 - PHRASES_SHOWN :], said]
        else:
            raise ValueError(f"unknown log entry {kind!r}")
        self.log.append(entry)
        self._settle()
        if kind in ("away", "say"):
            return  # not a move: the turn clock runs on as it was
        turn = self.meta.get("turn_seconds")
        at = entry.get("at")
        clocked = at is not None and turn and self.clock_holder is not None
        self.deadline = at + 1000 * turn if clocked else None

    def apply(self, entry: dict[str, Any] | Move) -> dict[str, list] | None:
        """Apply a logged entry, or a :class:`Move` this room checked (its position is
        taken, not played again); the diff for each audience. None for a move the log has
        gone past since its check: its entry was read back from the log and applied then
        (a writer applies what it wrote only if nothing did meanwhile)."""
        if isinstance(entry, Move):
            if entry.index != len(self.log):
                return None
            self._play_entry(entry.entry, entry.after)
        else:
            self._play_entry(entry)
        return self.refresh()

    def load(self, entries: list[dict[str, Any]]) -> None:
        """Apply a whole log at once (a replica being built): one render at the end, not one
        per entry."""
        for entry in entries:
            self._play_entry(entry)
            self.seq += 1
        audiences = list(self._views)
        for audience, view in zip(audiences, self.render_all(audiences), strict=True):
            self._views[audience] = pack_map(view, DEEP)

    def set_presence(self, connected: list[bool], spectators: int) -> dict[str, list] | None:
        """Who is connected, across every node; the diffs, or None if nothing changed."""
        if spectators == self.spectators and all(
            s.connected == c for s, c in zip(self.seats, connected, strict=False)
        ):
            return None
        self.spectators = spectators
        for s, c in zip(self.seats, connected, strict=False):
            s.connected = c
        return self.refresh()

    def refresh(self) -> dict[str, list]:
        """Recompute every followed audience's view; its diff for each (seq + 1), and the
        size of each view packed in :attr:`view_sizes` (what keeping patches for resumes is
        worth: a client that missed more gets the view instead)."""
        self.seq += 1
        diffs, self.view_sizes = diff_views(
            self._views, self.render_all(list(self._views)), DEEP, self._stable, STABLE, WHOLE
        )
        return diffs
