"""What a ``create`` with a request id was answered, so that a repeat of it (a double click, a
resend after a reconnect) is answered with the same room and makes no second one.

The memory is small on purpose, per owner (the identified player, across their sockets on
this node; else the one socket) and short-lived:

- **bounded** (:data:`PER_OWNER` ids an owner, the oldest forgotten first): a repeat comes
  right after its first, so only the last few ids of an owner can be repeated; a client
  sending a new id with every create must not grow the server's memory with them;
- **expiring** (:data:`KEEP_SECONDS`): a double click repeats within a second, a resend after
  a reconnect within the client's backoff (at most 8 s) or a phone's network outage (a minute
  or two); five minutes covers both, and an id reused after that is a new create (the room
  made then is not held open for an answer nobody waits for any more).

Kept in the node's memory, not the store: a repeat on another node (the socket moved while
the create was in flight) makes a new room, as a create without a request id always does.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from protocol.codec import ProtocolError

PER_OWNER = 16
"""Request ids remembered per owner (the newest)."""
KEEP_SECONDS = 300.0
"""How long a request id is remembered after its create."""
PRUNE_AT = 10_000
"""Owners held before those with nothing left to remember are forgotten."""


@dataclass
class Asked:
    """One create: what it asked (to tell a repeat from another create under the same id),
    its answer (a task: a repeat that comes while it is being made waits for it) and when."""

    options: dict[str, Any]
    answer: asyncio.Future
    at: float


@dataclass
class Owner:
    asked: OrderedDict[str, Asked] = field(default_factory=OrderedDict)

    def forget_old(self, now: float) -> None:
        for request, asked in list(self.asked.items()):
            if now - asked.at < KEEP_SECONDS:
                break  # in order of arrival: the rest are newer
            del self.asked[request]


class Requested:
    """The creates of each player by request id (a socket without a player keeps its own
    :class:`Owner`, which goes with it); ``clock``: monotonic seconds (a test gives a fake
    one)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.owners: dict[str, Owner] = {}

    def of_player(self, player: str) -> Owner:
        """The creates of an identified player (across their sockets on this node)."""
        now = self.clock()
        held = self.owners.get(player)
        if held is None:
            if len(self.owners) >= PRUNE_AT:
                self.prune(now)
            held = self.owners[player] = Owner()
        return held

    async def once(
        self,
        held: Owner,
        request: str,
        options: dict[str, Any],
        make: Callable[[], Awaitable[dict[str, Any]]],
    ) -> dict[str, Any]:
        """``make()``'s answer, made once per owner (``held``: a player's, or a socket's own,
        which goes with the socket) and ``request`` while remembered: a
        repeat gets the first answer with ``duplicate`` true; the same id with other
        options is refused (``request_reused``); a refused create is forgotten (nothing was
        made: the same id may try again)."""
        now = self.clock()
        held.forget_old(now)
        asked = held.asked.get(request)
        if asked is not None:
            if asked.options != options:
                raise ProtocolError(
                    "request_reused",
                    "That request id was used for another create; use a new id.",
                )
            return {**await asyncio.shield(asked.answer), "duplicate": True}
        answer = asyncio.ensure_future(make())
        held.asked[request] = Asked(options, answer, now)
        while len(held.asked) > PER_OWNER:
            held.asked.popitem(last=False)
        try:
            return await asyncio.shield(answer)
        except BaseException:
            if held.asked.get(request) is not None and held.asked[request].answer is answer:
                del held.asked[request]
            raise

    def prune(self, now: float) -> None:
        """Forget the owners whose every create is past remembering."""
        for owner, held in list(self.owners.items()):
            held.forget_old(now)
            if not held.asked:
                del self.owners[owner]
