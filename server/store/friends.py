"""Friends and presence of players, shared by every node: each player's social record (their
friends, requests and blocks) and where their sockets are. Atomic primitives only: the rules
of :mod:`server.players.friends` decide what a step writes."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from server.store.base import Event

Step = Callable[[dict[str, Any] | None], dict[str, Any]]


class FriendStore(ABC):
    """A player's social record changed one step at a time (:meth:`change`, a compare-and-set
    on the one record: one Redis slot, the player's), their challenges likewise
    (:meth:`change_challenges`), the player's sockets per node (:meth:`set_online`), and a
    word to one node (:meth:`tell`)."""

    @abstractmethod
    async def record(self, player: str) -> dict[str, Any] | None:
        """The player's social record, or None (no change was ever written)."""

    @abstractmethod
    async def records(self, players: Sequence[str]) -> list[dict[str, Any] | None]:
        """Each player's social record, in one round trip."""

    @abstractmethod
    async def change(self, player: str, step: Step) -> dict[str, Any]:
        """Apply ``step`` (pure: the caller's rules) to the player's record at one instant:
        read it, and write what ``step`` makes of it unless another writer changed it
        meanwhile (then read again). An exception from ``step`` writes nothing. The state
        written."""

    @abstractmethod
    async def challenges(self, player: str) -> dict[str, Any] | None:
        """The player's challenge record (:mod:`server.players.challenges`), or None."""

    @abstractmethod
    async def change_challenges(self, player: str, step: Step) -> dict[str, Any]:
        """Apply ``step`` to the player's challenge record at one instant, as :meth:`change`
        does to the social record (one key in the player's slot): the accept of a challenge
        is decided here, once. The state written."""

    @abstractmethod
    async def set_online(self, player: str, life: str, state: dict[str, Any] | None) -> None:
        """What ``life`` (a node's life, ``node/life``) has of the player now (None: no
        socket). Kept a day past the last write: a dead life's entry is filtered by readers,
        as a room's presence is."""

    @abstractmethod
    async def online(self, players: Sequence[str]) -> list[dict[str, dict[str, Any]]]:
        """Each player's entries by life (dead lives' included), in one round trip."""

    @abstractmethod
    async def tell(self, node: str, event: Event) -> None:
        """Send ``event`` to ``node`` alone (its own channel of events)."""
