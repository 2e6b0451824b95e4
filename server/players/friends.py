"""Friends and blocks: the rules, pure (a player's social record in, the changed record or a
refusal out).

Each player has one *social record* (``new_record``): their friends, the requests they sent
(``out``) and received (``in``), the players they block (``blocked``) and those who block
them (``blocked_by``), and the times of their requests of the last hour (``sent``). A
friendship spans two records, which a store keeps in two places (two Redis slots), so every
change is two steps, each one atomic on one record (:mod:`server.services.friends`):

* the *deciding* step, on the record whose rules may refuse (a full list, a block, no such
  request): it raises a :class:`~protocol.codec.Refusal` and then nothing is written;
* the *mirror* step, on the other record, which never refuses: it only keeps the two sides
  in agreement.

A request is the one change both of whose sides may refuse (the sender's limits, the
receiver's block or full list): its sender's step goes first and is undone
(:func:`unsend`) if the receiver's refuses. Every step is idempotent, so a change cut in the
middle (the store went away) is completed by asking again.

A block takes precedence over everything: it ends the friendship and any request between the
two, and the blocked player can neither request the blocker, nor see their presence (it is
only ever sent to friends), nor be paired with them (:func:`avoided`, which quick pairing and
rematch offers read).
"""

from __future__ import annotations

import copy
from typing import Any

from protocol.codec import Refusal

MAX_FRIENDS = 200
"""Friends a player may have."""
MAX_OUT = 20
"""Requests a player may have waiting for an answer."""
MAX_IN = 100
"""Requests a player may have received and not answered."""
MAX_BLOCKED = 200
"""Players one player may block."""
REQUESTS_PER_HOUR = 30
"""Friend requests one player may send in any hour."""
HOUR_MS = 3_600_000

Record = dict[str, Any]
KINDS = ("friends", "out", "in", "blocked", "blocked_by")


def new_record() -> Record:
    """A player's social record before any change."""
    return {"friends": {}, "out": {}, "in": {}, "blocked": {}, "blocked_by": {}, "sent": []}


def of(record: Record | None) -> Record:
    """A copy of a stored record (None: nobody's yet), with every part present."""
    return filled(record, new_record())


def filled(record: Record | None, blank: Record) -> Record:
    """``blank`` with the parts of ``record`` it names, copied (a stored record may lack
    parts added since it was written, or hold parts no longer read)."""
    for key, value in (record or {}).items():
        if key in blank:
            blank[key] = copy.deepcopy(value)
    return blank


def refuse(code: str, message: str) -> Refusal:
    return Refusal(code, message)


# ---- checks before the steps (both records read) ---------------------------------------------


def check_request(me: str, them: str, mine: Record, theirs: Record, now_ms: int) -> None:
    """Refuse a request from ``me`` to ``them`` that a step would refuse (for the sentence
    the asker sees first; the steps check again, each on its own record)."""
    if me == them:
        raise refuse("self_friend", "You cannot add yourself as a friend.")
    _sendable(mine, them, now_ms)
    _receivable(theirs, me)


def _sendable(mine: Record, them: str, now_ms: int) -> None:
    if them in mine["blocked"]:
        raise refuse("you_block", "You block this player: unblock them first.")
    if them in mine["blocked_by"]:
        raise refuse("blocked", "This player does not take friend requests from you.")
    if them in mine["friends"]:
        raise refuse("already_friends", "You are friends already.")
    if them in mine["out"]:
        raise refuse("already_requested", "Your request is waiting for their answer.")
    if len(mine["friends"]) >= MAX_FRIENDS:
        raise refuse("friends_full", f"You have {MAX_FRIENDS} friends, the most one may have.")
    if len(mine["out"]) >= MAX_OUT:
        raise refuse(
            "too_many_requests",
            f"You have {MAX_OUT} requests waiting for an answer; wait for some first.",
        )
    if len(recent(mine, now_ms)) >= REQUESTS_PER_HOUR:
        raise refuse(
            "requests_per_hour", f"You sent {REQUESTS_PER_HOUR} requests this hour; try later."
        )


def _receivable(theirs: Record, me: str) -> None:
    if me in theirs["blocked"]:
        raise refuse("blocked", "This player does not take friend requests from you.")
    if len(theirs["friends"]) >= MAX_FRIENDS:
        raise refuse("their_friends_full", "This player's friend list is full.")
    if me not in theirs["in"] and len(theirs["in"]) >= MAX_IN:
        raise refuse("their_requests_full", "This player has too many requests waiting.")


def recent(record: Record, now_ms: int) -> list[int]:
    """The times of the requests sent within the last hour."""
    return [t for t in record["sent"] if now_ms - t < HOUR_MS]


# ---- steps: each on one record, pure ---------------------------------------------------------


def send(them: str, name: str, now_ms: int):
    """The sender's step of a request to ``them`` (named ``name``): refuses by the sender's
    limits; counts the request in the hour."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        if them in mine["out"]:
            return mine  # asked again: done already
        _sendable(mine, them, now_ms)
        mine["out"][them] = {"name": name, "at": now_ms}
        mine["sent"] = [*recent(mine, now_ms), now_ms]
        return mine

    return step


def unsend(them: str):
    """Undo the sender's step (the receiver refused): the request is not waiting."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        mine["out"].pop(them, None)
        return mine

    return step


def receive(me: str, name: str, now_ms: int):
    """The receiver's step of a request from ``me``: refuses if they block ``me`` or their
    lists are full."""

    def step(record: Record | None) -> Record:
        theirs = of(record)
        if me in theirs["in"] or me in theirs["friends"]:
            return theirs
        _receivable(theirs, me)
        theirs["in"][me] = {"name": name, "at": now_ms}
        return theirs

    return step


def accept(them: str, now_ms: int):
    """The deciding step of an answer yes to ``them``'s request (on the receiver's
    record)."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        if them in mine["friends"]:
            return mine
        asked = mine["in"].pop(them, None)
        if asked is None:
            raise refuse("no_request", "This player has no request waiting for your answer.")
        if len(mine["friends"]) >= MAX_FRIENDS:
            raise refuse("friends_full", f"You have {MAX_FRIENDS} friends, the most one may have.")
        mine["friends"][them] = {"name": asked["name"], "since": now_ms}
        return mine

    return step


def accepted(them: str, name: str, now_ms: int):
    """The mirror of an accept, on the sender's record: their request became a friend."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        mine["out"].pop(them, None)
        mine["in"].pop(them, None)
        mine["friends"].setdefault(them, {"name": name, "since": now_ms})
        return mine

    return step


def decline(them: str):
    """The deciding step of an answer no (on the receiver's record)."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        if mine["in"].pop(them, None) is None:
            raise refuse("no_request", "This player has no request waiting for your answer.")
        return mine

    return step


def withdraw(them: str):
    """The deciding step of taking one's own request back."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        if mine["out"].pop(them, None) is None:
            raise refuse("no_request", "You have no request waiting for this player.")
        return mine

    return step


def unfriend(them: str):
    """The deciding step of ending a friendship."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        if mine["friends"].pop(them, None) is None:
            raise refuse("not_friends", "This player is not your friend.")
        return mine

    return step


def forget(them: str, kinds: tuple[str, ...]):
    """A mirror step: ``them`` out of the record's ``kinds`` (a declined or withdrawn
    request, an ended friendship, a block lifted)."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        for kind in kinds:
            mine[kind].pop(them, None)
        return mine

    return step


def block(them: str, name: str, now_ms: int):
    """The deciding step of a block: ends the friendship and requests with ``them``."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        if them in mine["blocked"]:
            return mine
        if len(mine["blocked"]) >= MAX_BLOCKED:
            raise refuse("blocks_full", f"You block {MAX_BLOCKED} players, the most one may.")
        for kind in ("friends", "out", "in"):
            mine[kind].pop(them, None)
        mine["blocked"][them] = {"name": name, "at": now_ms}
        return mine

    return step


def blocked_by(them: str, now_ms: int):
    """The mirror of a block, on the blocked player's record."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        for kind in ("friends", "out", "in"):
            mine[kind].pop(them, None)
        mine["blocked_by"][them] = {"at": now_ms}
        return mine

    return step


def unblock(them: str):
    """The deciding step of lifting a block."""

    def step(record: Record | None) -> Record:
        mine = of(record)
        if mine["blocked"].pop(them, None) is None:
            raise refuse("not_blocked", "You do not block this player.")
        return mine

    return step


def check_other(me: str, them: str) -> None:
    """A change between ``me`` and ``them`` names two players."""
    if me == them:
        raise refuse("self_friend", "That is your own player.")


def avoided(record: Record | None) -> list[str]:
    """Players never paired with this one (quick pairing, rematch offers): those they block
    and those who block them, sorted."""
    mine = of(record)
    return sorted({*mine["blocked"], *mine["blocked_by"]})


def listing(record: Record | None) -> dict[str, Any]:
    """What the player is shown of their own record (not who blocks them)."""
    mine = of(record)

    def rows(kind: str) -> list[dict[str, Any]]:
        return [{"id": p, "name": v.get("name", "")} for p, v in sorted(mine[kind].items())]

    return {
        "friends": rows("friends"),
        "incoming": rows("in"),
        "outgoing": rows("out"),
        "blocked": rows("blocked"),
    }
