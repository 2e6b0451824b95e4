"""Rematch offers between the two people of a finished Gin Rummy match: the rules of one
offer, as a pure step from the state the store keeps to the next.

One offer per finished room at a time. Either player may offer; the other may accept or
decline; the one who offered may withdraw; either leaving the room ends it; it lapses
:data:`OFFER_SECONDS` after it was made. Two offers crossing (each player offered before
seeing the other's) are an agreement. On agreement the new room is the one the accepting
step names, with the seed that step was given (drawn by :mod:`server.seeds`), so that whichever
node applies the step, and however often the room is made, the two players meet in one room
and one deal.

A state is ``{"by": seat, "at": ms, "until": ms, "state": ..., "next": id | None,
"seed": int, "reason": ...}`` (``next`` and ``seed``: the new room and its deal, once
agreed) with ``state`` one of ``offered``, ``accepted``, ``declined``, ``ended`` (withdrawn or
left: ``reason``). An offer past ``until`` has lapsed whatever its ``state`` says. The seed
is the store's and the room's: what anyone is told of an offer is :func:`public`.
"""

from __future__ import annotations

from typing import Any

from server.rooms.room import RoomError

OFFER_SECONDS = 60
"""How long an offer waits for an answer."""
KEEP_SECONDS = 300
"""How long the store keeps a room's last offer (for a page that loads after it)."""
ANSWERS = ("offer", "accept", "decline", "withdraw", "leave")

State = dict[str, Any]


def is_open(state: State | None, now_ms: int) -> bool:
    return state is not None and state["state"] == "offered" and now_ms < state["until"]


def public(state: State) -> State:
    """What the players (and anyone watching) are told of an offer: all but the new room's
    seed, which would deal every card of the rematch to whoever read it."""
    return {k: v for k, v in state.items() if k != "seed"}


def step(state: State | None, seat: int, answer: str, now_ms: int, room: str, seed: int) -> State:
    """The state after ``seat``'s ``answer`` at ``now_ms`` (``room`` and ``seed``: the new
    room and its deal, if this step agrees a rematch); RoomError when the answer makes no
    sense now."""
    if answer not in ANSWERS:
        raise RoomError("bad_field", f"A rematch answer is one of {', '.join(ANSWERS)}.")
    live = is_open(state, now_ms)
    theirs = live and state["by"] != seat
    if answer == "offer":
        if theirs:  # offers crossed: agreed
            return {**state, "state": "accepted", "next": room, "seed": seed}
        if live:
            return state  # offered already: the same offer
        until = now_ms + OFFER_SECONDS * 1000
        return {"by": seat, "at": now_ms, "until": until, "state": "offered", "next": None}
    if answer == "leave":
        if not live:
            raise RoomError("no_offer", "There is no rematch offer to end.")
        return {**state, "state": "ended", "reason": "left"}
    if answer == "withdraw":
        if not live or theirs:
            raise RoomError("no_offer", "You have no rematch offer waiting.")
        return {**state, "state": "ended", "reason": "withdrawn"}
    if not theirs:
        if state is not None and state["state"] == "accepted" and answer == "accept":
            return state  # both pressed accept: the same rematch
        raise RoomError("no_offer", "There is no rematch offer from the other player now.")
    if answer == "accept":
        return {**state, "state": "accepted", "next": room, "seed": seed}
    return {**state, "state": "declined"}
