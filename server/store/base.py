"""The store's interfaces, one per concern (a room's log, the archive of finished games and
days' deals, players, what games change for them, leases, presence, the lobby, the events
between nodes), which both implementations honour: one contract suite per concern
(tests/test_store_*.py) runs on both. A part of the server is given the concerns it uses.

A room's log is append-only and the append is the commit point of an action: it names the
index it expects to write, and fails with :class:`Conflict` if another writer got there
first, so two writers can never both extend one log. What happens by itself in a room (bot
moves, clocks, forfeits) is appended by the room's one *driver*, which holds the room's
lease; the lease comes with a fencing token, the append of an automatic entry names it, and
the store refuses it (:class:`Fenced`) once a newer lease was granted, so a driver that was
paused or cut off past its lease can never write a stale move.

Besides what it keeps, a store carries the events nodes tell each other (:meth:`events`):
an entry appended (with the entry, so a replica rarely needs to read the log), a room's
presence changed, a lobby change, a player's sessions ended by a new secret. Delivery is at
most once; a ``resync`` event says that some may have been lost (at start and after a lost
connection).
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable
from typing import Any

Entry = dict[str, Any]
Event = dict[str, Any]

NODE_TIMEOUT_MS = 5000
"""A node whose heartbeat is older than this is dead: its presence no longer counts."""
DEADLINE_NAME = 64
"""The longest name of a room's deadline (:meth:`RoomLog.set_deadline`)."""


class Conflict(Exception):
    """The log already has an entry at the index an append expected to write."""


class Fenced(Exception):
    """An automatic entry carried a fencing token older than the room's current lease."""


class Unavailable(Exception):
    """The store did not answer; whether a write took effect is unknown."""


class RoomLog(ABC):
    """Rooms and their logs: the log of each room is the source of truth, and an append the
    commit point of an action."""

    @abstractmethod
    async def create_room(self, room_id: str, meta: dict[str, Any]) -> None:
        """Record a new room (its options, seed and seats), mark it active and put it in the
        lease index with a lapsed lease (so a driver takes it at once).

        Room ids are unique: creating an existing room raises :class:`Conflict`.
        """

    @abstractmethod
    async def room_meta(self, room_id: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def append(
        self, room_id: str, index: int, entry: Entry, fence: int | None = None, node: str = ""
    ) -> None:
        """Write ``entry`` at position ``index`` of the room's log and tell the other nodes
        that hold the room (an ``entry`` event; at least those with sockets in it, by its
        presence, and its driver; never need the writer, ``node``, be told), or raise
        :class:`Conflict`. With ``fence`` (an automatic entry of the driver), raise
        :class:`Fenced` unless it is the room's latest token."""

    async def durable(self, room_id: str) -> None:
        """Return once the room's log is kept as the store promises for an acknowledged
        entry (on Redis with REDIS_WAIT_REPLICAS: held by that many replicas), else raise
        :class:`Unavailable`: a command found already applied is acknowledged no sooner
        than its first answer would have been."""
        return None

    @abstractmethod
    async def log(self, room_id: str, start: int = 0) -> list[Entry]:
        """The room's log from index ``start`` on."""

    @abstractmethod
    async def lengths(self, room_ids: list[str]) -> list[int]:
        """How many entries each room's log holds (one round trip for all)."""

    @abstractmethod
    async def active_rooms(self) -> list[str]:
        """Rooms created and not yet finished."""

    @abstractmethod
    async def active_count(self) -> int:
        """How many rooms are active in the whole deployment."""

    @abstractmethod
    async def is_active(self, room_id: str) -> bool:
        """The room was created and is not finished."""

    @abstractmethod
    async def deadlines(self, room_id: str) -> dict[str, int]:
        """The room's deadlines: name -> when it started (wall-clock ms). They are kept in
        the store, not by the driver, so that a driver taking the room over goes on from the
        same starts (a seat's grace does not start again with each new driver)."""

    @abstractmethod
    async def set_deadline(self, room_id: str, name: str, start_ms: int | None) -> int | None:
        """Record that the room's deadline ``name`` (a short name: ``grace:0``, ``unjoined``)
        started at ``start_ms``, unless a start is recorded for it; the start recorded now.
        The first start recorded stays: a driver that takes over and names the time of its
        own clock does not move the deadline. An inactive room records nothing (None).

        ``None`` forgets the name (and returns None). A room holds at most
        :data:`~server.store.keys.DEADLINES_PER_ROOM` names, each at most
        :data:`DEADLINE_NAME` characters: more is refused (ValueError) before anything is
        written. The room's deadlines go when it finishes."""

    @abstractmethod
    async def finish_room(self, room_id: str, replay: dict[str, Any] | None) -> None:
        """Store the replay of a finished game (None: a room where nothing was played keeps
        none), retire the room from the active set, the lease index and the lobby, and forget
        its deadlines. Idempotent: finishing twice stores the same replay.

        ``replay["finished_at"]`` is epoch seconds (a number); anything else is refused before
        anything is written.
        """


class Archive(ABC):
    """What outlives a room: finished games' replays, and the days' deals."""

    @abstractmethod
    async def replay(self, game_id: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def replays(self, limit: int = 50) -> list[dict[str, Any]]:
        """Summaries of the latest finished games, newest first."""

    @abstractmethod
    async def review(self, game_id: str, seat: int) -> dict[str, Any] | None:
        """The review of ``seat`` in the finished game ``game_id``, if one was made."""

    @abstractmethod
    async def put_review(self, game_id: str, seat: int, review: dict[str, Any]) -> bool:
        """Keep ``review`` with the game's replay: as long as the replay is kept, and only if
        it is (False, and nothing kept, for a game with no replay). One per (game, seat): a
        second replaces the first."""

    @abstractmethod
    async def daily(self, key: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def put_daily(self, key: str, deal: dict[str, Any]) -> dict[str, Any]:
        """Store ``deal`` under ``key`` unless one is there; return the stored deal."""


class PlayerStore(ABC):
    """Players' identities (reached by the hash of their secret) and allowances."""

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
        and read by :meth:`LedgerStore.record_game` in its own step."""

    @abstractmethod
    async def networks(self, player_id: str) -> dict[str, float]:
        """The player's networks still kept: tag -> when last used."""


class LedgerStore(ABC):
    """What finished games change for their players: statistics, ratings, the daily
    boards and their first attempts."""

    @abstractmethod
    async def record_game(self, replay: dict[str, Any]) -> bool:
        """Count a finished game for its identified players (statistics, last games, daily
        boards, ratings and the rated pair's count of the day; see
        :mod:`server.players.ledger`) exactly once per game id, atomically with its
        *counted* mark: True if it was counted now, False if it had been already. A rated
        match is settled on what the store holds in that same step: both ratings, both
        players' networks (:meth:`PlayerStore.note_network`, and the ``addr`` their record
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

    @abstractmethod
    async def claim_attempt(self, board: str, date: str, player_id: str, claim: str) -> str:
        """Record ``claim`` (:func:`server.players.boards.claim`: a room, ranked or not) as
        the player's first attempt at a daily board that day unless one is recorded; the
        claim recorded."""

    @abstractmethod
    async def attempt(self, board: str, date: str, player_id: str) -> str | None:
        """The player's claimed first attempt at a board that day, or None."""

    @abstractmethod
    async def daily_board(
        self, board: str, date: str, limit: int, player_id: str | None = None
    ) -> dict[str, Any]:
        """A day's board: ``total`` entries, the best ``limit`` ``rows`` (best first, ties by
        player id, each with its ``rank``: 1 + how many are strictly better), and ``me``: the
        row of ``player_id`` with its rank among everyone, or None."""


class Leases(ABC):
    """Leases: one driver per room, with fencing tokens."""

    @abstractmethod
    async def acquire(self, room_id: str, node: str, ttl_ms: int) -> int | None:
        """Take the room's lease for ``ttl_ms`` if nobody holds it and the room is active;
        the new fencing token (greater than every earlier one), or None."""

    @abstractmethod
    async def renew(self, leases: list[tuple[str, str, int]], ttl_ms: int) -> list[bool]:
        """Extend each ``(room, node, token)`` lease still held; whether each still is."""

    @abstractmethod
    async def release(self, room_id: str, node: str, token: int) -> None:
        """Give a held lease up now (a graceful stop), so another node takes it at once."""

    @abstractmethod
    async def lapsed(self, limit: int) -> list[str]:
        """Up to ``limit`` active rooms whose lease has lapsed (nobody drives them)."""

    @abstractmethod
    async def holders(self, room_ids: list[str]) -> list[str | None]:
        """The node holding each room's lease now (None: nobody), in one round trip: the
        room's home (:mod:`server.host.homes`)."""


class Presence(ABC):
    """Nodes' heartbeats and their sockets' presence in rooms."""

    @abstractmethod
    async def heartbeat(self, node: str) -> dict[str, int]:
        """Say ``node`` is alive; every node known, with how long ago (ms) it was heard."""

    @abstractmethod
    async def leave_cluster(self, node: str) -> None:
        """Forget ``node``: its heartbeat and its presence in every room."""

    @abstractmethod
    async def set_presence(self, room_id: str, node: str, counts: list[int] | None) -> None:
        """Record how many of ``node``'s sockets are in each audience of the room (None: no
        more), and tell every node (a ``presence`` event)."""

    @abstractmethod
    async def presence(self, room_id: str) -> dict[str, list[int]]:
        """Every node's counts for the room (dead nodes' included: readers filter)."""


class LobbyStore(ABC):
    """The lobby: public rooms' summaries, versioned."""

    @abstractmethod
    async def lobby_put(self, room_id: str, summary: dict[str, Any] | None) -> None:
        """Set (or with None remove) a public room's summary and tell every node (a
        ``lobby`` event carrying the lobby's new version)."""

    async def lobby_remove(self, room_id: str) -> None:
        await self.lobby_put(room_id, None)

    @abstractmethod
    async def lobby_snapshot(self) -> tuple[int, dict[str, dict[str, Any]]]:
        """The lobby's version and every room in it, read at one instant."""

    async def lobby(self) -> list[dict[str, Any]]:
        _, rooms = await self.lobby_snapshot()
        return [rooms[k] for k in sorted(rooms)]


class Rematches(ABC):
    """The rematch offer of a finished room (:mod:`server.rooms.rematch`)."""

    @abstractmethod
    async def rematch(
        self, room_id: str, change: Callable[[dict[str, Any] | None], dict[str, Any]]
    ) -> dict[str, Any]:
        """Apply ``change`` (a pure step) to the room's offer at one instant: read it, and
        write what ``change`` makes of it unless another writer changed it meanwhile (then
        read again); the state written, kept KEEP_SECONDS. An exception from ``change``
        writes nothing."""

    @abstractmethod
    async def rematch_state(self, room_id: str) -> dict[str, Any] | None:
        """The room's last offer, while it is kept."""


class PairingPool(ABC):
    """Quick pairing's pool of seekers (:mod:`server.players.pairing`), shared by every
    node: each call is one atomic step, so that a seek is paired at most once, into one
    room, whichever nodes ask at once."""

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


class EventBus(ABC):
    """What nodes tell each other, and the store's own upkeep."""

    @abstractmethod
    def events(self, node: str = "") -> AsyncIterator[Event]:
        """What nodes tell each other, for as long as the store is open: ``resync`` first
        and after any loss, then ``entry``, ``presence``, ``lobby`` and ``signed_out``
        events: those for every node, and those for ``node`` (the entries and presence of
        rooms it holds: see :meth:`RoomLog.append`)."""

    async def ping(self) -> bool:
        """True when the store answers (readiness)."""
        return True

    @abstractmethod
    async def close(self) -> None:
        """Release connections and files."""


class Store(
    RoomLog,
    Archive,
    PlayerStore,
    LedgerStore,
    Leases,
    Presence,
    LobbyStore,
    PairingPool,
    Rematches,
    EventBus,
):
    """Every concern at once: what each backend implements (the embedded store, Redis).
    A part of the server is typed with the concerns it uses."""


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
    """Refuse a deadline the stores would not keep (:meth:`RoomLog.set_deadline`)."""
    if not isinstance(name, str) or not 0 < len(name) <= DEADLINE_NAME:
        raise ValueError(f"a deadline's name has 1 to {DEADLINE_NAME} characters: {name!r}")
    if start_ms is not None and (not isinstance(start_ms, int) or isinstance(start_ms, bool)):
        raise ValueError(f"a deadline starts at a whole number of ms: {start_ms!r}")


def replay_summary(replay: dict[str, Any]) -> dict[str, Any]:
    """The part of a replay the list of finished games shows."""
    keys = ("id", "game", "finished_at", "seats", "result", "daily")
    return {k: replay.get(k) for k in keys}
