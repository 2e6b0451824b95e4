"""Quick pairing's pool of seekers and rematch offers, shared by every node: records that
one atomic step changes, whose rules are decided by the callers."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from server.store.base import Event

EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass
class PoolState:
    """The pool of seekers as one read found it. Every write of the pool comes with a new
    ``version``, so a step decided on this state is written only if nothing changed since
    (:meth:`SeekStore.commit`)."""

    version: int
    seeks: dict[str, dict[str, Any]]
    """Player -> their seek."""
    counts: dict[str, int]
    """The day's counters, by name (the rated pairs made that day)."""
    swept: int | None
    """When the pool was last swept (ms), as the sweeper wrote it."""
    held: set[str] = field(default_factory=set)
    """Players whose seeks are not to be paired now (a reset of their secret is being
    written: the embedded store's, which writes it on another thread)."""
    reset: str | None = None
    """The named player's reset mark while it is kept (:meth:`~server.store.players.
    PlayerStore.reset_secret`)."""
    pairings: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The kept pairings of the named players (those that have one)."""
    aged: list[str] = field(default_factory=list)
    """Players whose pairing was kept before ``paired_before``."""


class SeekStore(ABC):
    """The pool of seekers as a versioned record in one place (one Redis slot): read it
    whole (:meth:`pool`), write a change to it only if no other write came since
    (:meth:`commit`, a compare-and-set on its version). Which seeks pair is decided above
    the store (:mod:`server.players.pairing`); this is what makes each decision atomic. And
    the rematch offers of finished rooms."""

    @abstractmethod
    async def pool(
        self,
        day: str,
        player: str | None = None,
        paired_before: int | None = None,
        others: Sequence[str] = (),
    ) -> PoolState:
        """The pool now, with the counters of ``day``, the reset mark of ``player`` if named,
        the kept pairings of ``player`` and ``others``, and the players whose pairing is older
        than ``paired_before`` (ms) if given."""

    @abstractmethod
    async def version(self) -> int:
        """The pool's version now: a read of :meth:`pool` whose version it still is was
        not crossed by a write (a decision to write nothing is checked so)."""

    @abstractmethod
    async def commit(
        self,
        version: int,
        day: str,
        *,
        put: Sequence[dict[str, Any]] = (),
        drop: Sequence[str] = (),
        pairings: Mapping[str, dict[str, Any]] = EMPTY,
        forget: Sequence[str] = (),
        counted: Sequence[str] = (),
        uncounted: Sequence[str] = (),
        swept: int | None = None,
    ) -> bool:
        """If the pool is still at ``version``, in one atomic step: take out the seeks of
        the players ``drop``, forget the pairings of ``forget``, put in the seeks ``put``
        (by their ``player``), keep each player's pairing of ``pairings`` (with its ``at``),
        add one to each of ``day``'s counters ``counted`` (kept the store's PAIR_TTL) and
        take one from each of ``uncounted``, note
        ``swept``; the pool gets a new version. Whether it was written (False: another write
        came first; read again)."""

    @abstractmethod
    async def pairing(self, player: str) -> dict[str, Any] | None:
        """The player's pairing, while it is kept."""

    @abstractmethod
    async def seek_of(self, player: str) -> dict[str, Any] | None:
        """The player's seek in the pool, or None (paired, ended, or never there)."""

    @abstractmethod
    async def seekers(self) -> list[dict[str, Any]]:
        """Every seek in the pool."""

    @abstractmethod
    async def announce(self, event: Event) -> None:
        """Tell every node ``event`` (a ``paired`` event)."""

    @abstractmethod
    async def rematch(
        self,
        room_id: str,
        change: Callable[[dict[str, Any] | None], dict[str, Any]],
        keep_s: int,
    ) -> dict[str, Any]:
        """Apply ``change`` (a pure step: the caller's rules) to the
        room's offer at one instant: read it, and write what ``change`` makes of it unless
        another writer changed it meanwhile (then read again); the state written, kept
        ``keep_s`` seconds. An exception from ``change`` writes nothing."""

    @abstractmethod
    async def rematch_state(self, room_id: str) -> dict[str, Any] | None:
        """The room's last offer, while it is kept."""
