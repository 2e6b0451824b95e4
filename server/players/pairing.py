"""Quick pairing: who in the pool of seekers may play whom, and who is paired first.

A *seek* is one identified player asking to play a Gin Rummy match now, with its settings
(match target, turn clock, rated or casual), its rating, the tag of its client address, and
since when it waits. Two seeks are *compatible* when:

* they are two different players with the same settings;
* each rating lies within the other's *reach*: ``RANGE_START`` rating points either side at
  first, growing by ``RANGE_GROWTH`` a second of waiting up to ``RANGE_MAX`` (a player
  alone in their part of the ladder is offered a wider and wider choice: anyone within 800
  after 70 seconds);
* for a rated match, the two are not kept apart by the fair-play rules of
  :mod:`server.players.ledger`: not from the same client address, and not a pair that has
  already been paired for ``PAIR_RATED_PER_DAY`` rated matches that UTC day.

A new seek takes at once its best partner in the pool (closest rating, then the one waiting
longest, then by player id): :func:`partner`. Reach grows with time, so a pool can come to
hold two compatible seeks that were not when they came: :func:`sweep` pairs them, oldest
seek first, each with its best partner left.

Both stores run these rules in one atomic step (Redis: a Lua script that mirrors this module
line for line; the embedded store: this module, in one step that does not yield), so a seek
is paired at most once and into one room. tests/store/test_store_pairing.py runs the same cases on
both, and compares the two on random pools.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from server.players.ledger import PAIR_RATED_PER_DAY

RANGE_START = 100
"""Rating points either side a new seek reaches."""
RANGE_GROWTH = 10
"""Rating points the reach grows each second of waiting."""
RANGE_MAX = 800
"""The widest reach (after 70 seconds)."""
SEEK_SECONDS = 300
"""A seek waits at most this long (it is told, and may seek again)."""
PAIRED_SECONDS = 120
"""How long a pairing is kept in the store for a node that missed its event."""
PAIR_LIMIT = PAIR_RATED_PER_DAY
MAX_SEEKS = 5000
"""Seeks the pool holds at most, over every node (one per identity)."""
SEEKS_PER_ADDRESS = 3
"""Seeks one client address (its tag) may have waiting at once, whatever its identities."""
SWEEP_GAP_MS = 900
"""A sweep within this long of the last one (by any node) does nothing: one a second."""
RESET_MS = 60_000
"""How long after a player's secret is reset the pool refuses a seek made on another
session than the new one (``session``: the fingerprint of the secret a seek was made with).
A seek request checks its session before it reaches the pool, milliseconds before: a reset
in between is what this catches."""
SETTINGS = ("target", "turn", "rated")

Seek = dict[str, Any]


def reach(seek: Seek, now_ms: int) -> float:
    """How far from its rating ``seek`` reaches at ``now_ms``."""
    waited = max(0, now_ms - seek["since"]) / 1000
    return min(RANGE_MAX, RANGE_START + RANGE_GROWTH * waited)


def pair_key(a: str, b: str) -> str:
    """The pair of two players in one order, whoever sought first."""
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def compatible(a: Seek, b: Seek, now_ms: int, counts: dict[str, int]) -> bool:
    """May seeks ``a`` and ``b`` be paired at ``now_ms``? ``counts``: rated pairings made
    today, by :func:`pair_key`."""
    if a["player"] == b["player"]:
        return False
    if any(a[k] != b[k] for k in SETTINGS):
        return False
    gap = abs(a["rating"] - b["rating"])
    if gap > reach(a, now_ms) or gap > reach(b, now_ms):
        return False
    if a["rated"]:
        if a["addr"] and a["addr"] == b["addr"]:
            return False
        if counts.get(pair_key(a["player"], b["player"]), 0) >= PAIR_LIMIT:
            return False
    return True


def _rank(seek: Seek, other: Seek) -> tuple:
    return (abs(seek["rating"] - other["rating"]), other["since"], other["player"])


def partner(seek: Seek, pool: list[Seek], now_ms: int, counts: dict[str, int]) -> Seek | None:
    """The best partner for ``seek`` among ``pool`` (closest rating, then longest waiting,
    then player id), or None."""
    best = None
    for other in pool:
        if compatible(seek, other, now_ms, counts) and (
            best is None or _rank(seek, other) < _rank(seek, best)
        ):
            best = other
    return best


def order(pool: list[Seek]) -> list[Seek]:
    """Seeks oldest first (ties by player id): the order a sweep pairs them in."""
    return sorted(pool, key=lambda s: (s["since"], s["player"]))


def sweep(
    pool: list[Seek], now_ms: int, counts: dict[str, int], limit: int
) -> list[tuple[Seek, Seek]]:
    """Up to ``limit`` pairs of compatible seeks of ``pool``: each seek, oldest first, with
    its best partner among those left. ``counts`` is updated with the rated pairs made."""
    left = order(pool)
    pairs: list[tuple[Seek, Seek]] = []
    i = 0
    while i < len(left) and len(pairs) < limit:
        seek = left[i]
        other = partner(seek, left[i + 1 :], now_ms, counts)
        if other is None:
            i += 1
            continue
        left.remove(other)
        left.pop(i)
        pairs.append((seek, other))
        count(counts, seek, other)
    return pairs


def count(counts: dict[str, int], a: Seek, b: Seek) -> None:
    """Count a rated pairing of ``a`` and ``b`` in today's ``counts``."""
    if a["rated"]:
        key = pair_key(a["player"], b["player"])
        counts[key] = counts.get(key, 0) + 1


def expired(seek: Seek, now_ms: int, alive: set[str] | None) -> bool:
    """A seek past SEEK_SECONDS, or of a node known dead (``alive``: the nodes alive)."""
    if now_ms - seek["since"] > SEEK_SECONDS * 1000:
        return True
    return alive is not None and seek["node"] not in alive


def crowded(seek: Seek, pool) -> bool:
    """Does the address of ``seek`` have SEEKS_PER_ADDRESS seeks waiting already?"""
    return sum(1 for other in pool if other["addr"] == seek["addr"]) >= SEEKS_PER_ADDRESS


def day_of(now_ms: int) -> str:
    """The UTC day of ``now_ms``: the rated pairs' counts are per day."""
    return time.strftime("%Y-%m-%d", time.gmtime(now_ms / 1000))


def make_pairing(waited: Seek, new: Seek, room: str, seed: int, now_ms: int) -> dict[str, Any]:
    """The pairing of two seeks: seat 0 for the one that waited longer."""
    return {"room": room, "seed": seed, "at": now_ms, "seeks": [waited, new]}


@dataclass
class Pool:
    """The pool as one process keeps it (the embedded store's): the same steps as the Redis
    scripts, each a plain call that does not yield, so each is atomic on the event loop."""

    seeks: dict[str, Seek] = field(default_factory=dict)
    paired: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> pairing
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # day -> pair -> n
    swept: int = -(10**15)
    # Players whose secret is being reset: their seek is paired with nobody until the reset
    # is over, and goes if it succeeds (:meth:`hold`).
    held: set[str] = field(default_factory=set)
    resets: dict[str, tuple[str, int]] = field(default_factory=dict)  # player -> (session, until)

    def hold(self, player: str) -> None:
        """``player``'s secret is being changed (outside this pool's one step): no seek of
        theirs is paired until :meth:`release`."""
        self.held.add(player)

    def release(self, player: str, session: str | None, now_ms: int) -> None:
        """The change is over; ``session``: the new secret's fingerprint if it changed. Then
        the player's seek has ended, and for RESET_MS a seek on any other session is refused
        (as the Redis store's reset step does)."""
        self.held.discard(player)
        if session is not None:
            self.seeks.pop(player, None)
            self.resets[player] = (session, now_ms + RESET_MS)
            for old in [p for p, (_, until) in self.resets.items() if until <= now_ms]:
                del self.resets[old]

    def _free(self) -> list[Seek]:
        return [s for s in self.seeks.values() if s["player"] not in self.held]

    def _counts(self, now_ms: int) -> dict[str, int]:
        day = day_of(now_ms)
        for old in [d for d in self.counts if d != day]:
            del self.counts[old]
        return self.counts.setdefault(day, {})

    def _pair(self, a: Seek, b: Seek, room: str, seed: int, now_ms: int) -> dict[str, Any]:
        pairing = make_pairing(a, b, room, seed, now_ms)
        self.paired[a["player"]] = self.paired[b["player"]] = pairing
        return pairing

    def seek(self, seek: Seek, room: str, seed: int, now_ms: int) -> Any:
        reset = self.resets.get(seek["player"])
        if reset is not None and reset[1] > now_ms and reset[0] != seek.get("session"):
            return "reset"
        self.seeks.pop(seek["player"], None)
        self.paired.pop(seek["player"], None)
        if len(self.seeks) >= MAX_SEEKS:
            return "full"
        if seek["addr"] and crowded(seek, self.seeks.values()):
            return "address"
        counts = self._counts(now_ms)
        held = seek["player"] in self.held
        other = None if held else partner(seek, self._free(), now_ms, counts)
        if other is None:
            self.seeks[seek["player"]] = seek
            return None
        del self.seeks[other["player"]]
        count(counts, other, seek)
        return self._pair(other, seek, room, seed, now_ms)

    def unseek(self, player: str, conn: str | None = None) -> bool:
        seek = self.seeks.get(player)
        if seek is None or (conn is not None and seek["conn"] != conn):
            return False
        del self.seeks[player]
        return True

    def sweep(
        self, node: str, now_ms: int, alive: list[str] | None, rooms: list[tuple[str, int]]
    ) -> tuple[list[dict[str, Any]], list[str]] | None:
        if now_ms - self.swept < SWEEP_GAP_MS:
            return None
        self.swept = now_ms
        cutoff = now_ms - PAIRED_SECONDS * 1000
        for player in [p for p, pairing in self.paired.items() if pairing["at"] < cutoff]:
            del self.paired[player]
        living = set(alive) if alive is not None else None
        for player in [p for p, s in self.seeks.items() if expired(s, now_ms, living)]:
            del self.seeks[player]
        counts = self._counts(now_ms)
        made = []
        for (a, b), (room, seed) in zip(
            sweep(self._free(), now_ms, counts, len(rooms)), rooms, strict=False
        ):
            del self.seeks[a["player"]], self.seeks[b["player"]]
            made.append(self._pair(a, b, room, seed, now_ms))
        mine = sorted(p for p, s in self.seeks.items() if s["node"] == node)
        return made, mine
