"""Friend requests, answers, removals and blocks: each a change of two players' social
records, made as the two steps of :mod:`server.players.friends` (the deciding one first),
then told to the nodes holding either player (:meth:`~server.services.online.Online.
lists_changed`), whose sockets get the new list."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from protocol.codec import Refusal
from server.players import friends as rules
from server.players import identity
from server.store import Store

Tell = Callable[[list[str]], Awaitable[None]]


async def _nobody(players: list[str]) -> None:
    return None


def unknown_player() -> Refusal:
    return Refusal("unknown_player", "No player has that id.")


class Friends:
    """Given the store, ``tell`` (the lists of these players changed: see above) and the wall
    clock in ms (a test's fake one)."""

    def __init__(
        self,
        store: Store,
        tell: Tell = _nobody,
        wall_ms: Callable[[], int] = lambda: int(time.time() * 1000),
    ) -> None:
        self.store = store
        self.tell = tell
        self.wall_ms = wall_ms

    async def _other(self, me: str, them: Any) -> dict[str, Any]:
        """The player ``them`` names (refused: not an id, one's own, nobody's)."""
        if not identity.is_player_id(them):
            raise Refusal("bad_player", "A player id is 'p' and 12 letters or digits.")
        rules.check_other(me, them)
        record = await self.store.players.player(them)
        if record is None:
            raise unknown_player()
        return record

    async def request(self, me: dict[str, Any], them: Any) -> rules.Record:
        """``me`` asks ``them`` to be friends (or, if they asked first, says yes)."""
        other = await self._other(me["id"], them)
        mine, theirs = await self.store.friends.records([me["id"], them])
        mine, theirs, now = rules.of(mine), rules.of(theirs), self.wall_ms()
        if them in mine["in"]:
            return await self.accept(me, them)
        rules.check_request(me["id"], them, mine, theirs, now)
        made = await self.store.friends.change(me["id"], rules.send(them, other["name"], now))
        try:
            await self.store.friends.change(them, rules.receive(me["id"], me["name"], now))
        except Refusal:
            made = await self.store.friends.change(me["id"], rules.unsend(them))
            raise
        await self.tell([me["id"], them])
        return made

    async def accept(self, me: dict[str, Any], them: Any) -> rules.Record:
        other = await self._other(me["id"], them)
        made = await self.store.friends.change(me["id"], rules.accept(them, self.wall_ms()))
        step = rules.accepted(me["id"], me["name"], self.wall_ms())
        await self.store.friends.change(other["id"], step)
        await self.tell([me["id"], them])
        return made

    async def _pair(self, me: dict[str, Any], them: Any, deciding, mirror) -> rules.Record:
        await self._other(me["id"], them)
        made = await self.store.friends.change(me["id"], deciding)
        await self.store.friends.change(them, mirror)
        await self.tell([me["id"], them])
        return made

    async def decline(self, me: dict[str, Any], them: Any) -> rules.Record:
        return await self._pair(me, them, rules.decline(them), rules.forget(me["id"], ("out",)))

    async def withdraw(self, me: dict[str, Any], them: Any) -> rules.Record:
        return await self._pair(me, them, rules.withdraw(them), rules.forget(me["id"], ("in",)))

    async def remove(self, me: dict[str, Any], them: Any) -> rules.Record:
        mirror = rules.forget(me["id"], ("friends",))
        return await self._pair(me, them, rules.unfriend(them), mirror)

    async def block(self, me: dict[str, Any], them: Any) -> rules.Record:
        other = await self._other(me["id"], them)
        now = self.wall_ms()
        made = await self.store.friends.change(me["id"], rules.block(them, other["name"], now))
        await self.store.friends.change(them, rules.blocked_by(me["id"], now))
        await self.tell([me["id"], them])
        return made

    async def unblock(self, me: dict[str, Any], them: Any) -> rules.Record:
        mirror = rules.forget(me["id"], ("blocked_by",))
        return await self._pair(me, them, rules.unblock(them), mirror)

    async def avoided(self, player: str) -> list[str]:
        """The players ``player`` is never paired with (blocks either way)."""
        return rules.avoided(await self.store.friends.record(player))

    async def apart(self, a: str, b: str) -> bool:
        """Does a block stand between ``a`` and ``b`` (either way)?"""
        return b in await self.avoided(a)
