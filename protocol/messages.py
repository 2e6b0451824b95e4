"""Every request a client may send and every message the server sends, declared once
(msgspec ``Struct``s, tagged by ``t``).

One declaration gives three things: the server's check of a request (a map decoded from
MessagePack is converted to its struct in one call: each field's type, required fields, and
no field the request does not have), the JSON Schema of the requests
(``schemas/requests.schema.json``, made by :func:`schema`), and the request table of
``protocol/README.md`` that a test holds to it. What a field's value may be beyond its type
(a name's rules, a lobby page's size, a seat's spec) is the server's to check, with its own
codes.

Fields left out or sent as nil take their default. A command id is a string of up to 64
characters or a 64-bit integer.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import msgspec

CommandId = (
    Annotated[str, msgspec.Meta(max_length=64)]
    | Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
)
RequestId = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{8,64}$")]
"""A ``create``'s request id: one per thing the person asked for (a click), kept when the
same create is sent again; refused otherwise with ``bad_request_id``."""


class Request(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, kw_only=True):
    id: CommandId | None = None
    """The client's command id, echoed in the reply (an ``act`` needs one)."""


class Hello(Request, tag="hello"):
    """The first request of a socket: the protocol version, and a player's secret."""

    v: int
    secret: Any = None  # checked by the server (bad_secret), whatever its type


class Ping(Request, tag="ping"):
    """Answered with an empty ``ok``."""


class Create(Request, tag="create"):
    """A new room. Gin Rummy (``game`` left out or ``gin_rummy``): ``seats``, ``open_hands``,
    ``turn_seconds``, ``target``, ``rated``. A solitaire (``easy_harp``, ``reflechi``):
    ``draw``, and at most one of ``code``, ``number``, ``daily``, or ``winnable``; ``seats``
    empty or left out. Both: ``public``. An option of the other game, or two that contradict
    each other, is refused (``bad_field``). ``request``: its request id; a repeat of it (a
    double click, a resend after a reconnect) is answered with the room the first made."""

    request: RequestId | None = None
    game: str = "gin_rummy"
    public: bool = False
    seats: list[Any] | None = None
    open_hands: bool | None = None
    turn_seconds: int | None = None
    target: int | None = None
    rated: bool | None = None
    draw: int | None = None
    number: int | None = None
    code: str | None = None
    daily: bool | None = None
    winnable: bool | None = None


class Join(Request, tag="join"):
    """Take a seat (the first open one unless ``seat`` says)."""

    room: str
    seat: int | None = None
    name: str | None = None


class Resume(Request, tag="resume"):
    """Take back one's seat by its token, from the last patch seen."""

    room: str
    token: str
    since: int | None = None
    epoch: str | None = None


class Watch(Request, tag="watch"):
    """Follow a room as a spectator, from the last patch seen."""

    room: str
    since: int | None = None
    epoch: str | None = None


class Leave(Request, tag="leave"):
    room: str


class Act(Request, tag="act"):
    """An action in a room one sits in; the command id makes a retry apply at most once."""

    id: CommandId  # type: ignore[assignment]  # required here
    room: str
    action: dict[str, Any]


class Say(Request, tag="say"):
    """A table phrase, by its id, from a seated player of a Gin Rummy room between two
    people; each viewer reads it in their own language."""

    room: str
    phrase: str


class Lobby(Request, tag="lobby"):
    """One page of the public rooms, and their changes while ``follow``."""

    limit: int = 100
    after: str | None = None
    follow: bool = True


class Daily(Request, tag="daily"):
    """Today's Gin Rummy against the normal bot."""

    name: str | None = None


class PlayerNew(Request, tag="player_new"):
    name: str | None = None


class PlayerReset(Request, tag="player_reset"):
    """A new secret: every other session of the player ends."""


class PlayerUpdate(Request, tag="player_update"):
    name: str | None = None
    settings: dict[str, Any] | None = None


class Hint(Request, tag="hint"):
    room: str


class Winnable(Request, tag="winnable"):
    room: str


class Review(Request, tag="review"):
    """The review of a seat of a finished Gin Rummy match (see server.games.gin_rummy.review)."""

    room: str
    seat: int


class Seek(Request, tag="seek"):
    """Quick pairing: a Gin Rummy match now, against the next player who seeks the same
    ``target``, ``turn_seconds`` and ``rated`` within reach of this player's rating. Needs a
    player identity; one seek per identity (a second replaces the first)."""

    target: int = 100
    turn_seconds: int | None = None
    rated: bool = True


class Unseek(Request, tag="unseek"):
    """Stop waiting for a pairing."""


class Rematch(Request, tag="rematch"):
    """A seated player's answer about a rematch of a finished match between two people:
    ``offer``, ``accept``, ``decline`` or ``withdraw``."""

    room: str
    answer: str


class Friends(Request, tag="friends"):
    """The player's friends (each with what shows of them: ``offline``, ``online`` or
    ``playing``, and a public table's room to ``watch``), the requests they received
    (``incoming``) and sent (``outgoing``), and the players they block. Needs a player."""


class Friend(Request, tag="friend"):
    """A change about another player (``player``, their id): ``request`` (to be friends; a
    request both ways is a friendship), ``accept`` or ``decline`` their request,
    ``withdraw`` one's own, ``remove`` a friend, ``block`` (ends the friendship and any
    request; they can neither request, see this player's presence, nor be paired with them)
    or ``unblock``. Answered with the lists, as ``friends`` is."""

    player: str
    do: str


class Challenge(Request, tag="challenge"):
    """Challenge a friend (``player``) to a Gin Rummy match with More options' settings; it
    waits a minute for their answer. One open challenge out at a time. Needs a player."""

    player: str
    target: int = 100
    turn_seconds: int | None = None
    rated: bool = False
    public: bool = False


class ChallengeAnswer(Request, tag="challenge_answer"):
    """An answer about challenge ``challenge`` (its id): ``accept`` or ``decline`` (the
    challenged player, from any device), ``withdraw`` (the challenger)."""

    challenge: str
    do: str


class Challenges(Request, tag="challenges"):
    """The challenges open now: those received (``incoming``) and the one sent
    (``outgoing``). Needs a player."""


REQUESTS: dict[str, type[Request]] = {
    cls.__struct_config__.tag: cls  # type: ignore[misc]
    for cls in (
        Hello,
        Ping,
        Create,
        Join,
        Resume,
        Watch,
        Leave,
        Act,
        Say,
        Lobby,
        Daily,
        PlayerNew,
        PlayerReset,
        PlayerUpdate,
        Hint,
        Winnable,
        Review,
        Seek,
        Unseek,
        Rematch,
        Friends,
        Friend,
        Challenge,
        ChallengeAnswer,
        Challenges,
    )
}
"""Each request type by its ``t``."""


# ---- what the server sends ------------------------------------------------------------------
# Replies are ``ok`` messages with the request's id and the fields of its kind (REPLIES);
# the other messages come unasked (PUSHED). A test holds the server's messages to these.

Id = CommandId | None
Map = dict[str, Any]


class Reply(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    t: str = "ok"
    id: Id = None


class HelloOk(Reply):
    v: int
    node: str
    player: Map | None = None


class PingOk(Reply):
    pass


class CreateOk(Reply):
    room: str
    game: str
    duplicate: bool | None = None  # a repeat of a request id: the room its first create made


class SeatOk(Reply):
    """``join`` and ``daily``: the seat and its token; for a player at a daily room,
    whether this is practice (not the day's ranked first attempt)."""

    room: str
    seat: int
    token: str
    practice: bool | None = None
    home: str | None = None  # the room lives on this other node: reconnect with ?home=


class ResumeOk(Reply):
    room: str
    seat: int
    home: str | None = None


class RoomOk(Reply):
    """``watch`` and ``leave``."""

    room: str
    home: str | None = None


class ActOk(Reply):
    room: str
    seq: int
    duplicate: bool | None = None


class LobbyOk(Reply):
    rooms: list[Map]
    total: int
    next: str | None
    featured: Map | None = None


class PlayerOk(Reply):
    """``player_update``; ``player_new`` and ``player_reset`` add the secret."""

    player: Map
    secret: str | None = None


class HintOk(Reply):
    room: str
    action: Map | None
    verdict: str
    seen_all: bool
    samples: int
    wins: int
    nodes: int
    seconds: float


class WinnableOk(Reply):
    room: str
    verdict: str
    nodes: int
    seconds: float
    budget_seconds: float


class ReviewOk(Reply):
    room: str
    seat: int
    decisions: list[Map]
    lost: Map
    lost_per_decision: float
    marks: Map
    accuracy: float
    hands: list[Map]
    format: int | None = None


class SeekOk(Reply):
    """Waiting (``seeking`` true, since ``since`` ms), or paired at once: the ``paired``
    message's fields."""

    seeking: bool
    since: int | None = None
    room: str | None = None
    seat: int | None = None
    opponent: Map | None = None
    target: int | None = None
    turn_seconds: int | None = None
    rated: bool | None = None


class UnseekOk(Reply):
    """``sought``: whether the seek was waiting (and is no more); ``paired``: the seek was
    paired before the cancel reached it, with the ``paired`` message's fields (also sent)."""

    sought: bool
    paired: Map | None = None


class RematchOk(Reply):
    room: str
    offer: Map


class FriendsOk(Reply):
    """``friends`` and ``friend``: the lists, friends online first (playing, online,
    offline), each ``{"id", "name"}``, a friend with ``status`` and ``watch``."""

    friends: list[Map]
    incoming: list[Map]
    outgoing: list[Map]
    blocked: list[Map]


class ChallengeOk(Reply):
    """``challenge`` and ``challenge_answer``: the challenge as it stands (an accept also
    gives the ``seat`` to take in its ``room``: 1, the challenger's is 0)."""

    challenge: Map
    seat: int | None = None


class ChallengesOk(Reply):
    incoming: list[Map]
    outgoing: list[Map]


REPLIES: dict[str, type[Reply]] = {
    "hello": HelloOk,
    "ping": PingOk,
    "create": CreateOk,
    "join": SeatOk,
    "daily": SeatOk,
    "resume": ResumeOk,
    "watch": RoomOk,
    "leave": RoomOk,
    "act": ActOk,
    "say": ActOk,
    "lobby": LobbyOk,
    "player_new": PlayerOk,
    "player_reset": PlayerOk,
    "player_update": PlayerOk,
    "hint": HintOk,
    "winnable": WinnableOk,
    "review": ReviewOk,
    "seek": SeekOk,
    "unseek": UnseekOk,
    "rematch": RematchOk,
    "friends": FriendsOk,
    "friend": FriendsOk,
    "challenge": ChallengeOk,
    "challenge_answer": ChallengeOk,
    "challenges": ChallengesOk,
}
"""The ``ok`` each request kind is answered with."""


class Pushed(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, kw_only=True):
    pass


class Error(Pushed, tag="error", kw_only=True):
    """A request refused (README, Errors): the request's id, a stable code, a sentence, the
    room it named; ``retry_after``, for a refusal that time lifts (``too_many_players``),
    the whole seconds until the same request may succeed."""

    id: Id = None
    code: str
    message: str
    room: str | None = None
    retry_after: Annotated[int, msgspec.Meta(ge=1)] | None = None


class Snapshot(Pushed, tag="snapshot"):
    room: str
    seq: int
    epoch: str
    view: Map


class Patch(Pushed, tag="patch"):
    room: str
    seq: int
    ops: list[Map]


class LobbyChanges(Pushed, tag="lobby"):
    changes: list[Map]
    featured: str | msgspec.UnsetType | None = msgspec.UNSET  # present when it changed


class Notice(Pushed, tag="notice"):
    room: str
    kind: str
    seat: int
    reason: str | None = None


class Reconnect(Pushed, tag="reconnect"):
    after_ms: int


class SignedOut(Pushed, tag="signed_out"):
    player: str
    reason: str


class Home(Pushed, tag="home"):
    """The room now lives on ``node`` (a take-over moved it): reconnect with ?home=node."""

    room: str
    node: str


class Paired(Pushed, tag="paired"):
    """A seek was paired: take seat ``seat`` of room ``room`` (kept for this player)."""

    room: str
    seat: int
    opponent: Map
    target: int
    turn_seconds: int | None
    rated: bool


class SeekEnded(Pushed, tag="seek_ended"):
    """A seek ended unpaired: ``expired`` (waited its time), ``replaced`` (the same player
    sought again elsewhere), ``busy`` (it could not be put back in a full pool), ``reset``
    (the player's secret was changed: every seek of theirs ends)."""

    reason: str


class RematchState(Pushed, tag="rematch"):
    """How the rematch offer of a finished room stands (see server.rooms.rematch)."""

    room: str
    by: int
    at: int
    until: int
    state: str
    room_next: str | None = msgspec.field(default=None, name="next")
    reason: str | None = None


class FriendLists(Pushed, tag="friends"):
    """The player's lists changed (a request, an answer, a removal or a block, made on any
    device of theirs or by the other player): the ``friends`` reply's fields."""

    friends: list[Map]
    incoming: list[Map]
    outgoing: list[Map]
    blocked: list[Map]


class FriendPresence(Pushed, tag="friend"):
    """What shows of a friend changed: ``offline``, ``online`` or ``playing``; ``watch``: the
    room of their table when it is public (a private room's id is never sent)."""

    player: str
    status: str
    watch: str | None = None


class ChallengeState(Pushed, tag="challenge"):
    """A challenge to or from this player, as it stands now (sent to every socket of both
    players at each change): ``offered``, ``accepted`` (``room``: the match, the challenger
    at seat 0), ``declined``, ``withdrawn``, ``left`` (the challenger's page closed) or
    ``expired`` (a minute without an answer)."""

    challenge_id: str = msgspec.field(name="id")
    sender: str = msgspec.field(name="from")
    from_name: str
    to: str
    to_name: str
    target: int
    turn: int | None
    rated: bool
    public: bool
    rating: int
    provisional: bool
    at: int
    until: int
    state: str
    room: str | None
    answered: int | None = None


PUSHED = (
    Error | Snapshot | Patch | LobbyChanges | Notice | Reconnect | SignedOut | Home | Paired
) | (SeekEnded | RematchState | FriendLists | FriendPresence | ChallengeState)
"""Every message the server sends but an ``ok``."""


def fields(kind: str) -> list[str]:
    """The fields of a request type, ``t`` and ``id`` aside."""
    return [f for f in REQUESTS[kind].__struct_fields__ if f != "id"]


def _schema(union: Any, name: str, description: str) -> str:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": name,
        "description": description,
        **msgspec.json.schema(union),
    }
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def schema() -> str:
    """The JSON Schema of every request (``protocol/schemas/requests.schema.json``)."""
    union = Hello | Ping | Create | Join | Resume | Watch | Leave | Act | Lobby | Daily
    union = union | PlayerNew | PlayerReset | PlayerUpdate | Hint | Winnable | Review
    union = union | Seek | Unseek | Rematch | Friends | Friend | Say
    union = union | Challenge | ChallengeAnswer | Challenges
    made = "Every request a client may send (made from protocol/messages.py)."
    return _schema(union, "requests.schema.json", made)


def pushed_schema() -> str:
    """The JSON Schema of every message the server sends but an ``ok`` (an error among
    them): ``protocol/schemas/messages.schema.json``."""
    made = "Every message the server sends but an ok (made from protocol/messages.py)."
    return _schema(PUSHED, "messages.schema.json", made)
