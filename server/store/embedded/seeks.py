"""The embedded store's pool of seekers and rematch offers, in memory."""

from __future__ import annotations

import json
import time
from typing import Any

from server.store.base import Event
from server.store.embedded.sqlite import Sqlite
from server.store.seeks import EMPTY, PoolState, SeekStore


class EmbeddedSeeks(SeekStore):
    """The pool of seekers (the players of the store hold a player's seeks while they write a
    reset: :meth:`hold`) and the rematch offers."""

    def __init__(self, sqlite: Sqlite) -> None:
        self._sqlite = sqlite
        self._version = 0
        self._seeks: dict[str, dict[str, Any]] = {}
        self._paired: dict[str, dict[str, Any]] = {}  # player -> their pairing
        self._counts: dict[str, dict[str, int]] = {}  # day -> counter -> n
        self._swept: int | None = None
        self._held: set[str] = set()
        self._resets: dict[str, tuple[str, float]] = {}  # player -> (mark, until ms)
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

    async def pool(
        self, day: str, player: str | None = None, paired_before: int | None = None, others=()
    ) -> PoolState:
        reset = self._resets.get(player) if player is not None else None
        if reset is not None and reset[1] <= time.time() * 1000:
            reset = None
        return PoolState(
            version=self._version,
            seeks=_copy(self._seeks),
            counts=dict(self._counts.get(day, {})),
            swept=self._swept,
            held=set(self._held),
            reset=reset[0] if reset is not None else None,
            pairings={
                p: _copy(self._paired[p])
                for p in ([player] if player is not None else []) + list(others)
                if p in self._paired
            },
            aged=[]
            if paired_before is None
            else sorted(p for p, made in self._paired.items() if made["at"] < paired_before),
        )

    async def version(self) -> int:
        return self._version

    async def commit(
        self, version: int, day: str, *, put=(), drop=(), pairings=EMPTY, forget=(), counted=(),
        uncounted=(), swept=None,
    ) -> bool:  # fmt: skip
        if version != self._version:
            return False
        self._version += 1
        for player in drop:
            self._seeks.pop(player, None)
        for player in forget:
            self._paired.pop(player, None)
        for seek in put:
            self._seeks[seek["player"]] = _copy(seek)
        for player, made in pairings.items():
            self._paired[player] = _copy(made)
        if counted:
            for old in [d for d in self._counts if d != day]:
                del self._counts[old]  # the day's counts outlive the day (PAIR_TTL) on Redis
        counts = self._counts.setdefault(day, {}) if counted or uncounted else {}
        for name in counted:
            counts[name] = counts.get(name, 0) + 1
        for name in uncounted:
            counts[name] = counts.get(name, 0) - 1
        if swept is not None:
            self._swept = swept
        return True

    def hold(self, player: str) -> None:
        """``player``'s secret is being written (on the file's thread): their seek is paired
        with nobody until :meth:`release`."""
        self._held.add(player)
        self._version += 1

    def release(self, player: str, mark: str | None, keep_ms: int) -> None:
        """The write is over; ``mark``: the new secret's fingerprint if it changed. Then the
        player's seek has ended, and for ``keep_ms`` the mark is kept (a seek on any other
        session is refused), as the Redis store's reset step does."""
        self._held.discard(player)
        self._version += 1
        if mark is not None:
            self._seeks.pop(player, None)
            now = time.time() * 1000
            self._resets[player] = (mark, now + keep_ms)
            for old in [p for p, (_, until) in self._resets.items() if until <= now]:
                del self._resets[old]

    async def pairing(self, player: str) -> dict[str, Any] | None:
        return _copy(self._paired.get(player))

    async def seek_of(self, player: str) -> dict[str, Any] | None:
        return _copy(self._seeks.get(player))

    async def seekers(self) -> list[dict[str, Any]]:
        return _copy(list(self._seeks.values()))

    async def announce(self, event: Event) -> None:
        self._sqlite.publish(_copy(event))


def _copy(value: Any) -> Any:
    """A deep copy through JSON, as a store hands back what it keeps (tuples as lists)."""
    return None if value is None else json.loads(json.dumps(value))
