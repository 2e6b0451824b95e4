"""The embedded store's pool of seekers and rematch offers, in memory."""

from __future__ import annotations

import json
import time
from typing import Any

from server.players import pairing
from server.store.base import Event
from server.store.embedded.sqlite import Sqlite
from server.store.seeks import SeekStore


class EmbeddedSeeks(SeekStore):
    """``pool``: the pool of seekers (the players of the store hold it while they write a
    reset: :meth:`~server.store.embedded.players.EmbeddedPlayers.reset_secret`)."""

    def __init__(self, sqlite: Sqlite) -> None:
        self._sqlite = sqlite
        self.pool = pairing.Pool()
        self._rematches: dict[str, tuple[dict[str, Any], float]] = {}

    # ---- rematch offers --------------------------------------------------------------------------

    # In memory, as the pool: an offer lives ``keep_s`` (a minute: the service always asks
    # for KEEP_SECONDS). Each step does not yield, and the offers are kept in the order they
    # were written, so with one keeping time the lapsed ones go from the front (with
    # others, a lapsed offer behind one still kept would wait for it: later, never lost).

    async def rematch(self, room_id: str, change, keep_s: int) -> dict[str, Any]:
        now = time.monotonic()
        kept = self._rematches.get(room_id)
        made = _copy(change(_copy(kept[0]) if kept and kept[1] >= now else None))
        self._rematches.pop(room_id, None)
        self._rematches[room_id] = (made, now + keep_s)
        while next(iter(self._rematches.values()))[1] < now:
            self._rematches.pop(next(iter(self._rematches)))
        return _copy(made)

    async def rematch_state(self, room_id: str) -> dict[str, Any] | None:
        kept = self._rematches.get(room_id)
        return None if kept is None or kept[1] < time.monotonic() else _copy(kept[0])

    # ---- quick pairing ---------------------------------------------------------------------------

    # The pool lives in memory, as presence and the lobby do: seeks are sockets waiting,
    # and a restart ends every socket. Each step is one call that does not yield (the
    # transaction of this one-process store); a copy goes in and out, as stored.

    async def seek(self, seek: dict[str, Any], room: str, seed: int, now_ms: int) -> Any:
        return _copy(self.pool.seek(_copy(seek), room, seed, now_ms))

    async def unseek(self, player: str, conn: str | None = None) -> bool:
        return self.pool.unseek(player, conn)

    async def sweep(
        self, node: str, now_ms: int, alive: list[str] | None, rooms: list[tuple[str, int]]
    ) -> tuple[list[dict[str, Any]], list[str]] | None:
        swept = _copy(self.pool.sweep(node, now_ms, alive, rooms))
        return None if swept is None else (swept[0], swept[1])

    async def pairing(self, player: str) -> dict[str, Any] | None:
        return _copy(self.pool.paired.get(player))

    async def seek_of(self, player: str) -> dict[str, Any] | None:
        return _copy(self.pool.seeks.get(player))

    async def seekers(self) -> list[dict[str, Any]]:
        return _copy(list(self.pool.seeks.values()))

    async def announce(self, event: Event) -> None:
        self._sqlite.publish(_copy(event))


def _copy(value: Any) -> Any:
    """A deep copy through JSON, as a store hands back what it keeps (tuples as lists)."""
    return None if value is None else json.loads(json.dumps(value))
