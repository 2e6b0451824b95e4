"""Players in the store: their identities (reached by the hash of their secret), allowances,
networks, and what finished games change for them (statistics, last games, ratings)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class PlayerStore(ABC):
    """Players' identities and what their finished games changed."""

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
        player's seek (quick pairing) leaves the pool in the same step, and for RESET_MS the
        pool refuses a seek made on another session (one whose check of the old secret
        passed just before the reset): no seek a signed-out socket made is paired after it.
        False (nothing changed) if there is no such player or its secret is no longer
        ``current``."""

    @abstractmethod
    async def allow(self, bucket: str, limit: int, window_s: int) -> bool:
        """Count one use of ``bucket`` (such as player creation from one address) in the
        current fixed window of ``window_s`` seconds; False, counting nothing more, once
        ``limit`` uses were counted in it. Shared by every node; windows expire."""

    @abstractmethod
    async def note_network(self, player_id: str, tag: str, at: float) -> None:
        """The player used network ``tag`` (a keyed hash: :func:`server.players.identity.
        address_tag`) at ``at`` (epoch seconds). Kept for SHARED_NETWORK_DAYS after its last
        use, at most NETWORKS_KEPT per player (the most recent; :mod:`server.players.ledger`),
        and read by :meth:`record_game` in its own step."""

    @abstractmethod
    async def networks(self, player_id: str) -> dict[str, float]:
        """The player's networks still kept: tag -> when last used."""

    @abstractmethod
    async def record_game(self, replay: dict[str, Any]) -> bool:
        """Count a finished game for its identified players (statistics, last games, daily
        boards, ratings and the rated pair's count of the day; see
        :mod:`server.players.ledger`) exactly once per game id, atomically with its
        *counted* mark: True if it was counted now, False if it had been already. A rated
        match is settled on what the store holds in that same step: both ratings, both
        players' networks (:meth:`note_network`, and the ``addr`` their record
        last kept), the pair's count of the day."""

    @abstractmethod
    async def player_stats(self, player_id: str) -> dict[str, dict[str, Any]]:
        """The player's statistics, line -> counters (empty for none)."""

    @abstractmethod
    async def player_games(self, player_id: str) -> list[dict[str, Any]]:
        """The player's last games, newest first (at most ``RECENT_GAMES``)."""

    @abstractmethod
    async def player_rating(self, player_id: str) -> dict[str, Any] | None:
        """The player's rating record as of their last rated match, or None."""

    @abstractmethod
    async def rating_history(self, player_id: str) -> list[dict[str, Any]]:
        """The player's rating after each rated match, newest first."""

    @abstractmethod
    async def rating_board(self, limit: int) -> list[dict[str, Any]]:
        """Up to ``limit`` rating records (with ``player``), highest rating first, of
        players whose deviation was under RATED_RD at their last match (ties: player id)."""
