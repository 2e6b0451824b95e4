"""Players in the store: their identities (reached by the hash of their secret), allowances
and networks (what their finished games change: :mod:`server.store.results`)."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from typing import Any


def allowance_window(window_s: int, now: float) -> tuple[int, int]:
    """The fixed window of :meth:`PlayerStore.allow` that holds ``now`` (epoch seconds): its
    number, and the whole seconds until it ends, when a bucket it refused allows again.
    Every store counts in these windows, so a refusal can say when it passes."""
    return int(now // window_s), max(1, math.ceil(window_s - now % window_s))


class PlayerStore(ABC):
    """Players' identities, allowances and networks."""

    @abstractmethod
    async def create_player(self, record: dict[str, Any], secret_hash: str) -> None:
        """Store a new player (``record["id"]``) reached by ``secret_hash``; :class:`Conflict`
        if the id or the hash is taken. Kept :data:`~server.store.keys.PLAYER_TTL` from
        the last time it was seen."""

    @abstractmethod
    async def player(self, player_id: str) -> dict[str, Any] | None:
        """The player's record (never the secret's hash), or None."""

    @abstractmethod
    async def player_by_secret(self, secret_hash: str) -> dict[str, Any] | None:
        """The record of the player whose current secret has this hash, or None."""

    @abstractmethod
    async def update_player(
        self, player_id: str, changes: dict[str, Any], secret_hash: str | None = None
    ) -> dict[str, Any] | None:
        """Set some fields of a record (name, settings, seen, addr), keep it another
        PLAYER_TTL; the new record, or None if there is no such player. With
        ``secret_hash``: only while that is still the player's secret (a session a reset
        ended changes nothing), else None."""

    @abstractmethod
    async def reset_secret(self, player_id: str, secret_hash: str, current: str) -> bool:
        """Reach the player by ``secret_hash`` from now on, if ``current`` is still its
        secret's hash: the old secret stops working at once, and every node is told (a
        ``signed_out`` event: the player, and the :func:`fingerprint` of the new hash, so
        that each node signs out that player's sockets but those on the new secret). The
        player's seek (quick pairing) leaves the pool no later than the secret changes (on
        Redis in a step just before it, in its own slot), and for RESET_MS the pool refuses
        a seek made on another session (one whose check of the old secret passed just before
        the reset): no seek a signed-out socket made is paired after it. False (nothing
        changed) if there is no such player or its secret is no longer ``current``."""

    @abstractmethod
    async def allow(self, bucket: str, limit: int, window_s: int) -> bool:
        """Count one use of ``bucket`` (such as player creation from one address) in the
        current fixed window of ``window_s`` seconds (:func:`allowance_window`); False,
        counting nothing more, once ``limit`` uses were counted in it. Shared by every node;
        windows expire."""

    @abstractmethod
    async def note_network(self, player_id: str, tag: str, at: float) -> None:
        """The player used network ``tag`` (a keyed hash: :func:`server.players.identity.
        address_tag`) at ``at`` (epoch seconds). Kept for SHARED_NETWORK_DAYS after its last
        use, at most NETWORKS_KEPT per player (the most recent; :mod:`server.players.ledger`),
        and read by :func:`server.host.settlement.record_game` in its own step."""

    @abstractmethod
    async def networks(self, player_id: str) -> dict[str, float]:
        """The player's networks still kept: tag -> when last used."""
