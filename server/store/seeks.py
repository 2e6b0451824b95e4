"""Quick pairing's pool of seekers (:mod:`server.players.pairing`) and rematch offers
(:mod:`server.rooms.rematch`), shared by every node."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from server.store.base import Event


class SeekStore(ABC):
    """The pool of seekers, each call one atomic step (a seek is paired at most once, into one
    room, whichever nodes ask at once), and the rematch offers of finished rooms."""

    @abstractmethod
    async def seek(self, seek: dict[str, Any], room: str, seed: int, now_ms: int) -> Any:
        """Put ``seek`` in the pool (replacing its player's earlier seek, and forgetting
        their earlier pairing), unless a compatible seek waits: then take that one out
        instead and return the *pairing* (``room`` and ``seed`` for the new room, ``at``,
        and ``seeks``: the one that waited, seat 0, then ``seek``), kept for the two
        players :data:`~server.players.pairing.PAIRED_SECONDS`. None when it waits; the
        string ``"full"`` when the pool holds MAX_SEEKS already, ``"address"`` when the
        seek's address has SEEKS_PER_ADDRESS seeks waiting, ``"reset"`` when its player's
        secret was reset in the last RESET_MS and the seek's ``session`` is not the new
        secret's (then nothing changes)."""

    @abstractmethod
    async def unseek(self, player: str, conn: str | None = None) -> bool:
        """Take the player's seek out of the pool (only the one sought from socket ``conn``,
        when named); whether there was one."""

    @abstractmethod
    async def sweep(
        self, node: str, now_ms: int, alive: list[str] | None, rooms: list[tuple[str, int]]
    ) -> tuple[list[dict[str, Any]], list[str]] | None:
        """Drop the seeks past their time or of nodes not ``alive`` (None: keep them), pair
        compatible seeks (oldest first, at most ``len(rooms)`` pairs, each given the next
        ``(room, seed)``), forget old pairings. The pairings made and the players of
        ``node`` still waiting; None (nothing done) if another sweep ran within the last
        SWEEP_GAP_MS (the nodes share one sweep a second)."""

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
        """Apply ``change`` (a pure step: the rules of :mod:`server.rooms.rematch`) to the
        room's offer at one instant: read it, and write what ``change`` makes of it unless
        another writer changed it meanwhile (then read again); the state written, kept
        ``keep_s`` seconds. An exception from ``change`` writes nothing."""

    @abstractmethod
    async def rematch_state(self, room_id: str) -> dict[str, Any] | None:
        """The room's last offer, while it is kept."""
