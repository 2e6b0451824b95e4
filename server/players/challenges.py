"""Challenges between friends: the rules, pure (a player's challenge record in, the changed
record or a refusal out), as :mod:`server.players.friends` keeps friendships.

Each player has one *challenge record* (``new_record``), kept in their own store slot: the
challenges they received (``in``, by challenge id), the one they sent and is open (``out``),
and the last challenge that took them to a table (``met``). A challenge lives in its
*challenged* player's record: every answer that decides it (accept on any of their devices,
decline, the challenger's withdrawal, leaving, the minute running out) is a compare-and-set
on that one record, so two accepts at once on two devices are one accept, and a withdrawal
crossing an accept is one or the other, on one Redis or a cluster alike. The challenger's
``out`` only bounds them to one open challenge; it is cleared by a mirror step that never
refuses.

Before the accepting step, both players are *claimed* (``met``, on each one's record, naming
the challenge and its challenged player): a player claimed for another challenge is not
taken to a second one until that one is decided (ended, or its room made and over: on its
way to its table, presence does not show them yet), which the claimer of the second reads
from the first's record before taking the claim over (:mod:`server.services.claims`).

A challenge is ``{"id", "from", "from_name", "to", "to_name", "target", "turn", "rated",
"public", "rating", "provisional", "addr", "at", "until", "state", "room", "seed", "by"}``
with ``state`` one of ``offered``, ``accepted``, ``declined``, ``withdrawn``, ``left``,
``expired``; an offered challenge past ``until`` has expired whatever its state says. Its
``seed`` and the challenger's ``addr`` are the store's: what anyone is told is
:func:`public`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol.codec import Refusal
from server.players.friends import filled

CHALLENGE_SECONDS = 60
"""How long a challenge waits for an answer."""
KEEP_SECONDS = 300
"""How long an answered challenge is kept (a device that asks late is told how it ended)."""
MET_SECONDS = 30
"""How long a player taken to a challenge's table is not taken to another one."""
MAX_IN = 5
"""Open challenges a player may have received at once."""
TARGETS = (100, 50, 25, 10)
TURNS = (None, 20, 60)
ENDED = ("declined", "withdrawn", "left", "expired")

Record = dict[str, Any]
Challenge = dict[str, Any]
Step = Callable[[Record | None], Record]


def new_record() -> Record:
    return {"in": {}, "out": None, "met": None}


def of(record: Record | None) -> Record:
    """A copy of a stored challenge record, with every part present."""
    return filled(record, new_record())


def is_open(challenge: Challenge | None, now_ms: int) -> bool:
    return challenge is not None and challenge["state"] == "offered" and now_ms < challenge["until"]


def state_of(challenge: Challenge, now_ms: int) -> str:
    """The challenge's state now: an offered one past its minute has expired."""
    if challenge["state"] == "offered" and now_ms >= challenge["until"]:
        return "expired"
    return challenge["state"]


def public(challenge: Challenge, now_ms: int) -> Challenge:
    """What the two players are told: all but the room's seed and the challenger's network."""
    shown = {k: v for k, v in challenge.items() if k not in ("seed", "addr", "by")}
    return {**shown, "state": state_of(challenge, now_ms)}


def settings(target: Any, turn: Any, rated: Any, public: Any) -> dict[str, Any]:
    """The match settings of a challenge (More options'), or a refusal."""
    if isinstance(target, bool) or target not in TARGETS:
        raise Refusal("bad_challenge", f"A match is to {', '.join(map(str, TARGETS))} points.")
    if isinstance(turn, bool) or turn not in TURNS:
        raise Refusal("bad_challenge", "A turn clock is 20 or 60 seconds, or none.")
    if not isinstance(rated, bool) or not isinstance(public, bool):
        raise Refusal("bad_challenge", "Rated and public are true or false.")
    return {"target": target, "turn": turn, "rated": rated, "public": public}


def _kept(mine: Record, now_ms: int) -> None:
    """Forget the challenges answered or lapsed more than KEEP_SECONDS ago."""
    mine["in"] = {
        cid: ch for cid, ch in mine["in"].items() if now_ms - ch["until"] < KEEP_SECONDS * 1000
    }
    if mine["out"] is not None and now_ms >= mine["out"]["until"]:
        mine["out"] = None


# ---- steps: each on one record -------------------------------------------------------------


def send(challenge: Challenge, now_ms: int):
    """The challenger's step: one open challenge out at a time."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        _kept(mine, now_ms)
        out = mine["out"]
        if out is not None and out["id"] != challenge["id"]:
            raise Refusal(
                "challenge_open", "Your last challenge is still waiting: withdraw it first."
            )
        mine["out"] = {"id": challenge["id"], "to": challenge["to"], "until": challenge["until"]}
        return mine

    return step


def unsend(cid: str):
    """Mirror: the challenger's ``out`` no longer names ``cid`` (ended, or not delivered)."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        if mine["out"] is not None and mine["out"]["id"] == cid:
            mine["out"] = None
        return mine

    return step


def receive(challenge: Challenge, now_ms: int):
    """The challenged player's step: at most MAX_IN open challenges received."""

    def step(record: Record | None) -> Record:
        theirs = of(record)
        _kept(theirs, now_ms)
        if challenge["id"] in theirs["in"]:
            return theirs
        waiting = sum(1 for ch in theirs["in"].values() if is_open(ch, now_ms))
        if waiting >= MAX_IN:
            raise Refusal("their_challenges_full", "This player has too many challenges waiting.")
        theirs["in"][challenge["id"]] = challenge
        return theirs

    return step


def open_one(mine: Record, cid: str, now_ms: int) -> Challenge:
    """The open challenge ``cid`` of this record, or the refusal that says why not."""
    challenge = mine["in"].get(cid)
    if challenge is None:
        raise Refusal("no_challenge", "There is no such challenge.")
    state = state_of(challenge, now_ms)
    if state == "accepted":
        raise Refusal("challenge_taken", "This challenge was accepted already, on another device.")
    if state == "expired":
        raise Refusal("challenge_expired", "This challenge waited a minute and expired.")
    if state != "offered":
        raise Refusal("challenge_ended", "This challenge was declined or withdrawn.")
    return challenge


def accept(record: Record | None, cid: str, now_ms: int, room: str, seed: int, by: str) -> Record:
    """The deciding step of an accept (on the challenged player's record): once only, into
    ``room`` dealt by ``seed`` (drawn by :mod:`server.seeds`); a retry by the same device
    ``by`` is the same accept. (A step given to the store as a lambda over this.)"""
    mine = of(record)
    challenge = mine["in"].get(cid)
    if challenge is not None and challenge["state"] == "accepted" and challenge["by"] == by:
        return mine
    challenge = open_one(mine, cid, now_ms)
    challenge.update(state="accepted", room=room, seed=seed, by=by, answered=now_ms)
    return mine


def answer(cid: str, now_ms: int, state: str, challenger: str | None = None):
    """The deciding step of a decline (``challenger`` None) or of the challenger ending their
    own challenge (``withdrawn``, ``left``, ``expired``: ``challenger`` theirs)."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        challenge = mine["in"].get(cid)
        if challenger is not None and (challenge is None or challenge["from"] != challenger):
            raise Refusal("no_challenge", "There is no such challenge.")
        if state == "expired" and challenge is not None and state_of(challenge, now_ms) == state:
            challenge.update(state=state, answered=now_ms)
            return mine
        challenge = open_one(mine, cid, now_ms)
        challenge.update(state=state, answered=now_ms)
        return mine

    return step


def claim(
    cid: str,
    now_ms: int,
    code: str,
    message: str,
    to: str | None = None,
    replacing: str | None = None,
):
    """Mark a player as taken to challenge ``cid``'s table (``to``: its challenged player,
    whose record decides it); refused (``code``) while another challenge holds them. A claim
    naming its challenged player holds until one who has seen that challenge decided names
    it as ``replacing`` (:mod:`server.services.claims`): no clock decides that two accepts
    at once make one room. One without (written before claims named it) holds MET_SECONDS."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        met = mine["met"]
        if met is not None and met["id"] not in (cid, replacing) and _holds(met, now_ms):
            raise Refusal(code, message)
        if met is None or met["id"] != cid:
            mine["met"] = {"id": cid, "at": now_ms, **({"to": to} if to else {})}
        return mine

    return step


def _holds(met: dict[str, Any], now_ms: int) -> bool:
    return "to" in met or now_ms - met["at"] < MET_SECONDS * 1000


def unclaim(cid: str):
    """Undo a claim whose accept did not stand."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        if mine["met"] is not None and mine["met"]["id"] == cid:
            mine["met"] = None
        return mine

    return step


def room_meta(challenge: Challenge) -> dict[str, Any]:
    """An accepted challenge's room: the challenger at seat 0, both seats kept for their
    players, the challenge's settings and seed (stored by the accepting step)."""
    return {
        "game": "gin_rummy",
        "paired": True,
        "seats": [
            {"kind": "human", "for": challenge["from"]},
            {"kind": "human", "for": challenge["to"]},
        ],
        "public": challenge["public"],
        "target": challenge["target"],
        "turn_seconds": challenge["turn"],
        "rated": challenge["rated"],
        "seed": challenge["seed"],
        "created_at": challenge["answered"] / 1000,
    }
