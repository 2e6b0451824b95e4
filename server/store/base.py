"""What every concern of the store shares: its errors, its types, a few helpers; and why a
room's log is its source of truth.

A room's log is append-only and the append is the commit point of an action: it names the
index it expects to write, and fails with :class:`Conflict` if another writer got there
first, so two writers can never both extend one log. What happens by itself in a room (bot
moves, clocks, forfeits) is appended by the room's one *driver*, which holds the room's
lease; the lease comes with a fencing token, the append of an automatic entry names it, and
the store refuses it (:class:`Fenced`) once a newer lease was granted, so a driver that was
paused or cut off past its lease can never write a stale move.

Besides what it keeps, a store carries the events nodes tell each other
(:meth:`server.store.Store.events`): an entry appended (with the entry, so a replica rarely
needs to read the log), a room's presence changed, a lobby change, a player's sessions ended
by a new secret. Delivery is at most once; a ``resync`` event says that some may have been
lost (at start and after a lost connection).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

Entry = dict[str, Any]
Event = dict[str, Any]


@dataclass(frozen=True)
class Limits:
    """The times and sizes the rules above the store set for what it keeps, handed to a store
    when it is built (the store imports no rules). The defaults are the rules' values
    (``server.services.pool.store_limits`` builds them from the rules; a test checks the
    two agree), for the tests that build a store bare."""

    networks_kept: int = 64
    """A player's networks kept at most (``players.ledger.NETWORKS_KEPT``)."""
    shared_network_days: int = 30
    """How long a player's network is kept (``players.ledger.SHARED_NETWORK_DAYS``)."""
    reset_ms: int = 60_000
    """How long a reset's mark refuses seeks of other sessions (``players.pairing``)."""


DEFAULT_LIMITS = Limits()


NODE_TIMEOUT_MS = 5000
"""A node whose heartbeat is older than this is dead: its presence no longer counts."""
DEADLINE_NAME = 64
"""The longest name of a room's deadline (:meth:`~server.store.rooms.RoomStore.set_deadline`)."""


class Conflict(Exception):
    """The log already has an entry at the index an append expected to write."""


class Fenced(Exception):
    """An automatic entry carried a fencing token older than the room's current lease."""


class Unavailable(Exception):
    """The store did not answer; whether a write took effect is unknown."""


def with_last(networks: dict[str, float], record: dict[str, Any] | None) -> dict[str, float]:
    """A player's networks and the one their record last kept (``addr``, as of its
    ``seen``): a record made before networks were kept has that one only."""
    tag = (record or {}).get("addr")
    if not tag:
        return networks
    assert record is not None
    return {**networks, tag: max(networks.get(tag, 0.0), float(record.get("seen") or 0.0))}


def fingerprint(secret_hash: str) -> str:
    """A short tag of a secret's hash, what a ``signed_out`` event carries of it."""
    return hashlib.sha256(secret_hash.encode()).hexdigest()[:16]


def check_deadline(name: str, start_ms: int | None) -> None:
    """Refuse a deadline the stores would not keep
    (:meth:`~server.store.rooms.RoomStore.set_deadline`)."""
    if not isinstance(name, str) or not 0 < len(name) <= DEADLINE_NAME:
        raise ValueError(f"a deadline's name has 1 to {DEADLINE_NAME} characters: {name!r}")
    if start_ms is not None and (not isinstance(start_ms, int) or isinstance(start_ms, bool)):
        raise ValueError(f"a deadline starts at a whole number of ms: {start_ms!r}")


def replay_summary(replay: dict[str, Any]) -> dict[str, Any]:
    """The part of a replay the list of finished games shows."""
    keys = ("id", "game", "finished_at", "seats", "result", "daily")
    return {k: replay.get(k) for k in keys}
