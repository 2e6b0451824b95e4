"""A room as a sans-I/O object: entries in, per-audience diffs out.

Everything that changes a room is an *entry* of its log: a seat claimed (``join``), a game
action (``act``), a forfeit. The shell writes an entry to the store first (the commit point)
and then calls :meth:`Room.apply`; rebuilding a room after a crash is applying its log again.

Each change recomputes the view of every audience once (seat 0, seat 1, spectators), diffs it
against that audience's previous view and returns the operations; because diffs are taken
between already-redacted views, a hidden card cannot leak through a diff. Connections and the
spectator count are not logged: they change the room's view (so everyone sees who is there)
but are rebuilt from the sockets, not the log.
"""

from __future__ import annotations

import hashlib
import secrets
from abc import ABC, abstractmethod
from collections import deque
from dataclasses import dataclass
from typing import Any

from protocol.codec import pack
from protocol.diff import diff
from server.games.gin_rummy import Action, Match, new_match
from server.games.gin_rummy.melds import VALUES, arrange
from server.games.solitaire import DealCodeError, IllegalMove, Solitaire, decode, variant_for
from server.games.solitaire.deals import MAX_DEAL, check_number
from server.games.solitaire.game import parse_action

AUDIENCES = ("seat0", "seat1", "spectators")
RECENT = 256
"""Diffs kept per audience so a client that reconnects can catch up without a snapshot."""

LEVELS = ("easy", "normal", "hard", "expert")
SOLITAIRES = ("easy_harp", "reflechi")


class RoomError(Exception):
    """A request the room refuses. ``code`` is stable, ``message`` is a sentence."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """An unguessable seat token (the secret that proves a seat is yours)."""
    return secrets.token_urlsafe(24)


def new_room_code() -> str:
    """A room code: 10 characters from a 32-letter alphabet (50 bits), not enumerable."""
    alphabet = "23456789abcdefghjkmnpqrstuvwxyz"
    return "".join(secrets.choice(alphabet) for _ in range(10))


@dataclass
class Seat:
    kind: str  # "human" or "bot"
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    connected: bool = False
    timeouts: int = 0

    @property
    def open(self) -> bool:
        return self.kind == "human" and self.token_hash is None

    def public(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "connected": self.connected if self.kind == "human" else True,
            "timeouts": self.timeouts,
        }


def check_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """Validate room options from a client; returns the normalised meta or raises RoomError."""
    game = meta.get("game", "gin_rummy")
    if game in SOLITAIRES:
        return check_solitaire_meta(meta)
    if game != "gin_rummy":
        raise RoomError("bad_room", "The games are gin_rummy, easy_harp and reflechi.")
    seats = meta.get("seats")
    if not isinstance(seats, list) or len(seats) != 2:
        raise RoomError("bad_room", "A Gin Rummy room has two seats.")
    specs = []
    for spec in seats:
        if not isinstance(spec, dict) or spec.get("kind") not in ("human", "bot"):
            raise RoomError("bad_room", "Each seat is {'kind': 'human'} or a bot with a level.")
        if spec["kind"] == "bot":
            if spec.get("level") not in LEVELS:
                raise RoomError("bad_room", f"A bot level is one of {', '.join(LEVELS)}.")
            specs.append({"kind": "bot", "level": spec["level"]})
        else:
            specs.append({"kind": "human"})
    open_hands = bool(meta.get("open_hands", False))
    if open_hands and any(s["kind"] == "human" for s in specs):
        raise RoomError("bad_room", "Open hands are only for rooms where both seats are bots.")
    turn = meta.get("turn_seconds")
    if turn is not None and (
        not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= 600
    ):
        raise RoomError("bad_room", "A turn clock is between 1 and 600 seconds, or none.")
    if sum(s["kind"] == "human" for s in specs) < 2:
        turn = None  # the clock runs only between two humans
    target = meta.get("target", 100)
    if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 500:
        raise RoomError("bad_room", "A match target is between 1 and 500 points.")
    return {
        "game": "gin_rummy",
        "seats": specs,
        "public": bool(meta.get("public", False)),
        "open_hands": open_hands,
        "turn_seconds": turn,
        "target": target,
        "seed": meta["seed"],
        "daily": meta.get("daily"),
        "created_at": meta.get("created_at", 0),
    }


def check_solitaire_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """A solitaire room: one seat, a deal by code, by number, today's (the manager fills in
    the number) or a random one (from the room's seed)."""
    game, draw = meta["game"], meta.get("draw", 1)
    if draw not in (1, 3) or isinstance(draw, bool) or (game == "easy_harp" and draw != 1):
        raise RoomError("bad_room", "Réfléchi draws 1 or 3 cards; Easy Harp draws 1.")
    variant = variant_for(game, draw)
    try:
        if meta.get("code") is not None:
            variant, number = decode(meta["code"])
            if variant.game != game:
                raise DealCodeError(f"That code is a deal of {variant.name}.")
        elif meta.get("number") is not None:
            number = check_number(meta["number"])
        else:
            number = 1 + meta["seed"] % MAX_DEAL
    except DealCodeError as bad:
        raise RoomError("bad_deal", str(bad)) from None
    return {
        "game": game,
        "draw": variant.draw,
        "number": number,
        "seats": [{"kind": "human"}],
        "public": bool(meta.get("public", False)),
        "open_hands": False,
        "turn_seconds": None,
        "seed": meta["seed"],
        "daily": meta.get("daily"),
        "created_at": meta.get("created_at", 0),
    }


def open_hands(match: Match) -> list[dict[str, Any]]:
    """Both hands with their melds, for views that show everything (bot rooms, replays)."""
    return [{"hand": list(h), "melds": [list(m) for m in arrange(h).melds]} for h in match.hands]


class Room(ABC):
    """What every room shares: seats, the log, sequence numbers, per-audience views and
    diffs. A game's room (:class:`GinRoom`, :class:`SolitaireRoom`) adds its rules through
    a few methods. Build one with :func:`make_room`, then :meth:`apply` its log."""

    game = ""

    def __init__(self, room_id: str, meta: dict[str, Any], epoch: str | None = None) -> None:
        self.id = room_id
        self.meta = meta
        self.start()
        self.seats = [Seat(s["kind"], s.get("level")) for s in meta["seats"]]
        for seat in self.seats:
            if seat.kind == "bot":
                seat.name = f"{seat.level.capitalize()} bot"
        self.log: list[dict[str, Any]] = []
        self.seq = 0
        self.epoch = epoch or secrets.token_hex(4)
        self.spectators = 0
        self.forfeit: int | None = None
        self.forfeit_reason: str | None = None
        self.deadline: int | None = None
        self.commands: dict[tuple[int, Any], int] = {}
        self._views = {a: self.render(a) for a in AUDIENCES}
        # The last diffs of each audience as packed patch frames: bytes, which the garbage
        # collector never scans (as objects they were most of a busy server's heap, and
        # full collections stalled the event loop by tens of milliseconds).
        self._recent: dict[str, deque[tuple[int, bytes]]] = {
            a: deque(maxlen=RECENT) for a in AUDIENCES
        }

    # ---- what a game's room provides ---------------------------------------------------

    @abstractmethod
    def start(self) -> None:
        """Set up the game from ``self.meta``."""

    @property
    @abstractmethod
    def over(self) -> bool:
        """The game has reached its end (a won solitaire, a match to its target)."""

    @abstractmethod
    def game_view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: spectators) may see of the game."""

    @abstractmethod
    def check(self, seat: int, action: Any) -> dict[str, Any]:
        """The wire form of ``action`` if the rules allow it now, else raise."""

    @abstractmethod
    def play(self, seat: int, action: dict[str, Any]) -> None:
        """Apply an action :meth:`check` accepted (or one read back from the log)."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """The final result, for replays and logs."""

    @abstractmethod
    def options(self) -> dict[str, Any]:
        """What, with the seed and the actions, rebuilds the game (replays)."""

    def bot_to_act(self) -> int | None:
        return None

    def clock_seat(self) -> int | None:
        return None

    # ---- reading -------------------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.forfeit is not None or self.over:
            return "finished"
        if any(s.open for s in self.seats):
            return "waiting"
        return "playing"

    @property
    def winner(self) -> int | None:
        if self.forfeit is not None:
            return 1 - self.forfeit if len(self.seats) == 2 else None
        return self.game_winner()

    def game_winner(self) -> int | None:
        return None

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def seat_of(self, token: str) -> int | None:
        h = hash_token(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return i
        return None

    def render(self, audience: str) -> dict[str, Any]:
        """The full view of one audience: the room part and the game part."""
        seat = AUDIENCES.index(audience) if audience != "spectators" else None
        if seat is not None and seat >= len(self.seats):
            seat = None  # a one-seat room's second seat audience sees what spectators see
        game = self.game_view(seat)
        return {
            "room": {
                "id": self.id,
                "game": self.game,
                "status": self.status,
                "public": self.meta.get("public", False),
                "open_hands": self.meta.get("open_hands", False),
                "daily": self.meta.get("daily"),
                "turn_seconds": self.meta.get("turn_seconds"),
                "deadline": self.deadline,
                "seats": [s.public() for s in self.seats],
                "spectators": self.spectators,
                "forfeit": self.forfeit,
                "forfeit_reason": self.forfeit_reason,
                "winner": self.winner,
            },
            "seat": seat,
            "game": game,
        }

    def view(self, audience: str) -> dict[str, Any]:
        return self._views[audience]

    def since(self, audience: str, seq: int) -> list[tuple[int, bytes]] | None:
        """The patch frames after ``seq`` for ``audience``, or None if they are no longer
        kept."""
        if seq == self.seq:
            return []
        recent = self._recent[audience]
        if seq > self.seq or not recent or recent[0][0] > seq + 1:
            return None
        return [(s, frame) for s, frame in recent if s > seq]

    def frame(self, audience: str) -> bytes:
        """The packed patch frame of the latest change for ``audience``."""
        return self._recent[audience][-1][1]

    def summary(self) -> dict[str, Any]:
        """What the lobby lists about this room."""
        return {
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "seats": [
                {"kind": s.kind, "level": s.level, "name": s.name, "open": s.open}
                for s in self.seats
            ],
            "scores": self.scores(),
            "spectators": self.spectators,
            "open_hands": self.meta.get("open_hands", False),
        }

    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score, for the lobby and replays."""

    def replay(self, finished_at: float) -> dict[str, Any]:
        """Seed, options, the action list and the final result: a finished game forever."""
        return {
            "id": self.id,
            "game": self.game,
            "seed": self.meta.get("seed"),
            "options": self.options(),
            "seats": [{"kind": s.kind, "level": s.level, "name": s.name} for s in self.seats],
            "actions": [[e["seat"], e["action"]] for e in self.log if e["kind"] == "act"],
            "result": {
                "winner": self.winner,
                "scores": self.scores(),
                "forfeit": self.forfeit,
                "forfeit_reason": self.forfeit_reason,
                **self.result(),
            },
            "finished_at": finished_at,
            "daily": self.meta.get("daily"),
        }

    # ---- checking requests into entries ------------------------------------------------

    def join_entry(self, seat: int | None, name: str, token: str) -> dict[str, Any]:
        if self.status == "finished":
            raise RoomError("room_finished", "This game is over; watch its replay instead.")
        if seat is None:
            seat = next((i for i, s in enumerate(self.seats) if s.open), None)
            if seat is None:
                raise RoomError("room_full", "Every seat is taken; you can watch instead.")
        if seat not in range(len(self.seats)):
            seats = "Seats are 0 and 1." if len(self.seats) == 2 else "This room has one seat, 0."
            raise RoomError("bad_seat", seats)
        if not self.seats[seat].open:
            raise RoomError("seat_taken", "That seat is taken.")
        return {"kind": "join", "seat": seat, "name": name, "token_hash": hash_token(token)}

    def act_entry(self, seat: int, action: Any, cmd: Any, auto: bool = False) -> dict[str, Any]:
        """Check an action by ``seat``; raises IllegalAction or RoomError, changes nothing."""
        if self.status == "finished":
            raise RoomError("room_finished", "This game is over.")
        if self.status == "waiting":
            raise RoomError("waiting", "The game starts when every seat is taken.")
        entry = {"kind": "act", "seat": seat, "action": self.check(seat, action), "cmd": cmd}
        if auto:
            entry["auto"] = True
        return entry

    def forfeit_entry(self, seat: int, reason: str) -> dict[str, Any]:
        return {"kind": "forfeit", "seat": seat, "reason": reason}

    # ---- changing --------------------------------------------------------------------------

    def apply(self, entry: dict[str, Any], now_ms: int | None = None) -> dict[str, list]:
        """Apply a logged entry; returns the diff for each audience.

        ``now_ms`` (wall clock, milliseconds) starts the turn clock of the next human to act
        in rooms that have one; rebuilding from the log passes None (no clock until the next
        live move).
        """
        kind = entry["kind"]
        seat = entry["seat"]
        if kind == "join":
            s = self.seats[seat]
            s.name, s.token_hash = entry["name"], entry["token_hash"]
        elif kind == "act":
            self.play(seat, entry["action"])
            if entry.get("cmd") is not None:
                self.commands[(seat, entry["cmd"])] = self.seq + 1
            if entry.get("auto"):
                self.seats[seat].timeouts += 1
        elif kind == "forfeit":
            self.forfeit, self.forfeit_reason = seat, entry.get("reason")
        else:
            raise ValueError(f"unknown log entry {kind!r}")
        self.log.append(entry)
        turn = self.meta.get("turn_seconds")
        clocked = now_ms is not None and turn and self.clock_seat() is not None
        self.deadline = now_ms + 1000 * turn if clocked else None
        return self.refresh()

    def refresh(self) -> dict[str, list]:
        """Recompute every audience's view; record and return the diffs (seq + 1)."""
        self.seq += 1
        out = {}
        for audience in AUDIENCES:
            new = self.render(audience)
            ops = diff(self._views[audience], new)
            self._views[audience] = new
            frame = pack({"t": "patch", "room": self.id, "seq": self.seq, "ops": ops})
            self._recent[audience].append((self.seq, frame))
            out[audience] = ops
        return out

    def duplicate(self, seat: int, cmd: Any) -> int | None:
        """The seq at which command ``cmd`` of ``seat`` was applied, if it already was."""
        if cmd is None:
            return None
        return self.commands.get((seat, cmd))


class GinRoom(Room):
    """A Gin Rummy room: two seats (people or bots), a match to a target."""

    game = "gin_rummy"

    def start(self) -> None:
        self.match: Match = new_match(self.meta["seed"], {"target": self.meta.get("target", 100)})

    @property
    def over(self) -> bool:
        return self.match.is_over

    def game_winner(self) -> int | None:
        return self.match.winner

    def game_view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            return self.match.view(seat)
        game = self.match.view(None)
        if self.meta.get("open_hands"):
            game["open"] = open_hands(self.match)
        return game

    def check(self, seat: int, action: Any) -> dict[str, Any]:
        parsed = action if isinstance(action, Action) else Action.from_dict(action)
        refusal = self.match.check(seat, parsed)
        if refusal is not None:
            raise refusal
        return parsed.to_dict()

    def play(self, seat: int, action: dict[str, Any]) -> None:
        self.match = self.match.apply(seat, Action.from_dict(action))

    def scores(self) -> list[int]:
        return list(self.match.scores)

    def options(self) -> dict[str, Any]:
        return {"target": self.meta.get("target", 100)}

    def result(self) -> dict[str, Any]:
        return {"hands": [h.to_dict() for h in self.match.past]}

    def bot_to_act(self) -> int | None:
        """The bot seat that should act now, if any (bots start the next hand only when no
        human sits in the room: people read the end of a hand at their own pace)."""
        if self.status != "playing":
            return None
        to_act = self.match.to_act
        if to_act is not None:
            return to_act if self.seats[to_act].kind == "bot" else None
        if self.match.phase == "hand_over" and not self.humans:
            return 0
        return None

    def clock_seat(self) -> int | None:
        """The human seat whose turn clock runs now (two-human rooms with a clock)."""
        if not self.meta.get("turn_seconds") or self.status != "playing":
            return None
        to_act = self.match.to_act
        if to_act is not None and self.seats[to_act].kind == "human":
            return to_act
        return None


class SolitaireRoom(Room):
    """Easy Harp or Réfléchi: one player's seat and spectators; everyone sees the same."""

    def start(self) -> None:
        self.game = self.meta["game"]
        self.solitaire = Solitaire.new(
            variant_for(self.game, self.meta.get("draw", 1)), self.meta["number"]
        )
        self._shown: tuple[Solitaire, dict[str, Any]] | None = None
        self._checked: tuple[Solitaire, dict[str, Any], Solitaire] | None = None

    @property
    def over(self) -> bool:
        return self.solitaire.won

    def game_view(self, seat: int | None) -> dict[str, Any]:
        # Every audience sees the same: one view per position, not one per audience.
        if self._shown is None or self._shown[0] is not self.solitaire:
            self._shown = (self.solitaire, self.solitaire.view())
        return self._shown[1]

    def check(self, seat: int, action: Any) -> dict[str, Any]:
        try:
            clean = parse_action(action)
            after = self.solitaire.apply(clean)
        except IllegalMove as refused:
            raise RoomError(refused.code, refused.message) from None
        self._checked = (self.solitaire, clean, after)  # play() takes it instead of redoing it
        return clean

    def play(self, seat: int, action: dict[str, Any]) -> None:
        checked = self._checked
        if checked and checked[0] is self.solitaire and checked[1] == action:
            self.solitaire = checked[2]
        else:  # read back from the log
            self.solitaire = self.solitaire.apply(action)
        self._checked = None

    def scores(self) -> list[int]:
        return [self.solitaire.score]

    def options(self) -> dict[str, Any]:
        return {"draw": self.solitaire.variant.draw, "number": self.solitaire.number}

    def result(self) -> dict[str, Any]:
        s = self.solitaire
        return {"code": s.code, "won": s.won, "score": s.score, "moves": s.moves}


def make_room(room_id: str, meta: dict[str, Any], epoch: str | None = None) -> Room:
    """The room for ``meta`` (already checked by :func:`check_meta`)."""
    kind = SolitaireRoom if meta.get("game") in SOLITAIRES else GinRoom
    return kind(room_id, meta, epoch)


def default_action(match: Match, seat: int) -> Action:
    """The safe move the turn clock plays for a seat that ran out of time: pass the upcard,
    draw from the stock, discard the highest loose card (never the card just taken)."""
    phase = match.phase
    if phase == "offer":
        return Action("pass")
    if phase == "draw":
        return Action("draw_stock")
    hand = match.hands[seat]
    loose = [c for c in arrange(hand).deadwood_cards if c != match.taken]
    pool = loose or [c for c in hand if c != match.taken]
    card = max(pool, key=lambda c: (VALUES[c], c))
    return Action("discard", card)
