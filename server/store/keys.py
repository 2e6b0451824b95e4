"""Every Redis key the store uses, in one place, with the TTL of those that expire.

The keys are laid out for Redis Cluster, where one script (or transaction) may only touch the
keys of one hash slot. Each room belongs to one of ROOM_GROUPS *groups*, by its id; every
key of the room carries its group's hash tag (``prefix:{g07.53}:room:<id>:log``), and so do
the group's indexes of rooms (its active set, lease index, deadline index, lobby, replays,
and the set of its rooms where a node has presence), so that what one script does to a room
and to the indexes it is in lands in one slot. What spans every room (the active count,
lapsed leases, rooms due, the lobby's snapshot, a node leaving) reads each group, in one
pipeline. A player's results
(statistics, last games, rating and its history, and the games settled for them) share a
tag of the player's (``prefix:{p:<id>}:stats``); quick pairing's keys share ``{seeks}``; a
day's board and its rows share the board's and day's tag. Other keys (players' records and
secrets, dailies, heartbeats, the lobby's version, counted marks) are single keys, each
written alone or in a transaction of its own. tests/store/test_redis_slots.py drives the
store and checks that no command, script or transaction it sends spans two slots.
"""

from __future__ import annotations

import binascii
import zlib

FINISHED_ROOM_TTL = 7 * 24 * 3600
"""A finished room's meta and log stay a week (the replay holds what matters)."""
REPLAY_TTL = 90 * 24 * 3600
DAILY_TTL = 40 * 24 * 3600
PLAYER_TTL = 400 * 24 * 3600
"""A player nobody has seen for this long is forgotten (the record and its secret: every
hello refreshes them); statistics, rating and last games last this long from the last game
counted for the player."""
COUNTED_TTL = REPLAY_TTL
"""A finished game's *counted* mark: far longer than the room could be finished again (a
finished room's meta goes after a week)."""
SETTLED_KEPT = 200
"""The games a player's *settled* marks keep (the latest): a count tried again is tried
within minutes, long before 200 more games of the player's are settled."""
PAIR_TTL = 2 * 24 * 3600
"""A pair's rated games of a day are kept past the day (a match may end after midnight).
The same as server.players.ledger.PAIR_TTL, which the store does not import (a test checks
the two agree)."""
RATING_BOARD = 10_000
ATTEMPT_TTL = 3 * 24 * 3600
"""A first attempt at a daily board is remembered past the day (a game may end after
midnight)."""
PRESENCE_TTL = 24 * 3600
CHALLENGE_TTL = 600  # a player's challenges: a minute open, five minutes kept after
"""A room's presence hash and a node's room sets outlive any socket; refreshed on each write."""
DEADLINES_PER_ROOM = 16
"""Names of deadlines one room may hold at once (a seat's grace, an expiry or two): a bound,
not a budget; more is a bug, refused."""

CLUSTER_SLOTS = 16384
ROOM_GROUPS = 64
"""How many groups the rooms are spread over. A group is one slot: it is the most Redis
Cluster primaries the rooms can be shared by, and how many keys an operation over every room
reads. 64, since the groups' tags are placed one in each run of 256 slots (see
:data:`GROUP_TAGS`): a cluster whose primaries hold even ranges of slots (as ``redis-cli
--cluster create`` makes them) then holds within one group of an even share of the rooms on
any number of primaries (16 groups would leave one of five primaries a quarter over its
share); and 64 small reads in one pipeline cost about one round trip (the active count, at
each room created; the lapsed leases, at each node's scan)."""
REPLAY_INDEX_LIMIT = 10_000
"""The list of latest finished games keeps about this many, each group its share."""
REPLAY_SHARE = -(-REPLAY_INDEX_LIMIT // ROOM_GROUPS)
"""The latest games each group's index keeps: the merged list is exact for this many (the
latest N games are among the latest N of each group)."""


def key_slot(tag: str) -> int:
    """Redis Cluster's slot of a hash tag: CRC16 (XMODEM) of it, modulo 16384."""
    return binascii.crc_hqx(tag.encode(), 0) % CLUSTER_SLOTS


def _group_tags() -> tuple[str, ...]:
    """One tag per group, group ``g`` in the g-th run of CLUSTER_SLOTS // ROOM_GROUPS slots:
    ``g07`` and the first number after it that lands there (``g07.53``)."""
    width = CLUSTER_SLOTS // ROOM_GROUPS
    tags = []
    for group in range(ROOM_GROUPS):
        n = 0
        while key_slot(f"g{group:02d}.{n}") // width != group:
            n += 1
        tags.append(f"g{group:02d}.{n}")
    return tuple(tags)


GROUP_TAGS = _group_tags()
GROUPS = range(ROOM_GROUPS)


def room_group(room_id: str) -> int:
    """The group of a room (and of a game's replay, by the game's id, which is its room's):
    CRC-32 of the id, the same in every process (Python's ``hash`` of a string is not)."""
    return zlib.crc32(room_id.encode()) % ROOM_GROUPS


class _Prefixed:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix


class _RoomKeys(_Prefixed):
    """A room's keys, all in its group's slot, and a group's indexes of its rooms."""

    def group(self, group: int) -> str:
        """The start of every key of a group: the prefix, then the group's hash tag."""
        return f"{self.prefix}:{{{GROUP_TAGS[group]}}}"

    def _room(self, room_id: str, what: str) -> str:
        return f"{self.group(room_group(room_id))}:room:{room_id}:{what}"

    # ---- a room's keys: all in its group's slot ------------------------------------------

    def room_meta(self, room_id: str) -> str:
        return self._room(room_id, "meta")

    def room_log(self, room_id: str) -> str:
        return self._room(room_id, "log")

    def lease(self, room_id: str) -> str:
        """The driver's lease: ``node:token``, with a PX expiry."""
        return self._room(room_id, "lease")

    def fence(self, room_id: str) -> str:
        """The room's latest fencing token (INCR on every lease granted)."""
        return self._room(room_id, "fence")

    def presence(self, room_id: str) -> str:
        """Hash: node -> JSON counts of its sockets per audience."""
        return self._room(room_id, "presence")

    def wait(self, room_id: str) -> str:
        """Written with nothing (expiring in a second) just before a WAIT that must count
        every write of the room made before it (RedisRooms.durable)."""
        return self._room(room_id, "wait")

    def rematch(self, room_id: str) -> str:
        """A finished room's rematch offer (JSON; server.rooms.rematch.KEEP_SECONDS)."""
        return self._room(room_id, "rematch")

    def deadlines(self, room_id: str) -> str:
        """Hash: deadline name -> its start (wall ms), at most DEADLINES_PER_ROOM names;
        deleted when the room finishes."""
        return self._room(room_id, "deadlines")

    def replay(self, game_id: str) -> str:
        """A finished game's replay, in the group of the game's id (its room's)."""
        return f"{self.group(room_group(game_id))}:replay:{game_id}"

    def review(self, game_id: str, seat: int) -> str:
        """The review of one seat of a finished game, beside its replay (same group, same
        expiry)."""
        return f"{self.group(room_group(game_id))}:review:{game_id}:{seat}"

    # ---- a group's indexes of its rooms --------------------------------------------------

    def active(self, group: int) -> str:
        """Set: the group's rooms created and not finished."""
        return f"{self.group(group)}:rooms:active"

    def leases(self, group: int) -> str:
        """Sorted set: the group's active rooms -> when their lease lapses (ms, by the clock
        of the Redis that holds the group; 0: lapsed)."""
        return f"{self.group(group)}:rooms:leases"

    def due(self, group: int) -> str:
        """Sorted set: the group's active rooms -> the earliest wall-clock ms by which their
        driver must look at them again (a deadline's start plus its period; 0: now, another
        node's sockets came or went). Lowered with each deadline started, set by the driver
        once it has looked, emptied of a room as it finishes (RoomStore.due)."""
        return f"{self.group(group)}:rooms:due"

    def lobby(self, group: int) -> str:
        """Hash: the group's public rooms -> their summary (JSON)."""
        return f"{self.group(group)}:lobby"

    def replays(self, group: int) -> str:
        """Sorted set: the group's latest finished games -> finish time (REPLAY_SHARE)."""
        return f"{self.group(group)}:replays"

    def group_events(self, group: int) -> str:
        """On a Redis Cluster, the sharded channel (SPUBLISH) of the events for every node
        that a script of the group tells (lobby changes), in the group's slot: a script
        publishes beside the keys it writes, and each primary carries only its groups'."""
        return f"{self.group(group)}:events"

    def group_node_events(self, group: int) -> str:
        """On a Redis Cluster, the start of each node's own sharded channel of the group
        (its id follows): the entries and presence of the group's rooms it holds."""
        return f"{self.group(group)}:events:"

    def node_rooms(self, node: str, group: int) -> str:
        """Set: the group's rooms where ``node`` has recorded presence (to clean up after
        it)."""
        return f"{self.group(group)}:node:{node}:rooms"


class _SharedKeys(_Prefixed):
    """What every node shares: the lobby's version, heartbeats, events, and quick pairing
    (one slot, every key tagged ``{seeks}``: one script pairs)."""

    @property
    def lobby_version(self) -> str:
        """The lobby's version: one counter for every group, taken after each change (see
        ``RedisLobby.put``)."""
        return f"{self.prefix}:lobby:version"

    def beats(self, kind: str) -> str:
        """Sorted set: a node's life -> its last beat (ms, Redis clock), of a ``kind``:
        ``nodes`` (heartbeats, each second) or ``pulses`` (:mod:`server.host.pulse`)."""
        return f"{self.prefix}:{kind}"

    @property
    def events(self) -> str:
        """The pub/sub channel of events for every node (a channel, not a key), on one Redis
        (on a cluster, each group has its own: :meth:`group_events`)."""
        return f"{self.prefix}:events"

    @property
    def node_events(self) -> str:
        """The start of each node's own channel (its id follows): the entries and presence
        of the rooms it holds, sent to it alone (on a cluster: :meth:`group_node_events`)."""
        return f"{self.prefix}:events:"

    # ---- quick pairing: one slot, every key tagged {seeks} (one script pairs) -------------

    def _seeks(self, what: str) -> str:
        return f"{self.prefix}:{{seeks}}:{what}"

    @property
    def seek_pool(self) -> str:
        """Hash: player -> their seek (JSON)."""
        return self._seeks("pool")

    def seek_pairs(self, day: str) -> str:
        """Hash: pair of players -> rated pairings made that UTC day (PAIR_TTL)."""
        return self._seeks(f"pairs:{day}")

    @property
    def paired(self) -> str:
        """Hash: player -> their last pairing (JSON), kept PAIRED_SECONDS (see paired_at)."""
        return self._seeks("paired")

    @property
    def paired_at(self) -> str:
        """Sorted set: player -> when their pairing was made (ms), to forget old ones."""
        return self._seeks("paired_at")

    def seek_reset(self, player: str) -> str:
        """The fingerprint of a player's new secret, for RESET_MS after a reset: a seek on
        another session is refused."""
        return self._seeks(f"reset:{player}")

    @property
    def seek_version(self) -> str:
        """The pool's version: every write of the pool (its seeks, pairings, counts, resets)
        adds one to it in the same step, and a write decided on a read of the pool is made
        only if the version is still the one read."""
        return self._seeks("version")

    @property
    def swept(self) -> str:
        """When the pool was last swept (ms), by any node."""
        return self._seeks("swept")


class _PlayerKeys(_Prefixed):
    """Players' records, their secrets' entries, allowances and networks."""

    def player(self, player_id: str) -> str:
        """A player's record (JSON, with the secret's hash), PLAYER_TTL from last seen."""
        return f"{self.prefix}:player:{player_id}"

    def secret(self, secret_hash: str) -> str:
        """The player id a secret's hash belongs to (same TTL as the player)."""
        return f"{self.prefix}:secret:{secret_hash}"

    def allowance(self, bucket: str, window: int) -> str:
        """A counter of one fixed window of a rate limit (expires with the window)."""
        return f"{self.prefix}:allow:{bucket}:{window}"

    def networks(self, player_id: str) -> str:
        """Sorted set: the networks (address tags) the player used -> when last (seconds);
        at most NETWORKS_KEPT, for SHARED_NETWORK_DAYS (server.players.ledger)."""
        return f"{self.prefix}:player:{player_id}:networks"


class _ResultKeys(_Prefixed):
    """Players' results (:mod:`server.store.redis_store.results`): the steps of a game's
    count, and each player's results in a slot of their own."""

    def counted(self, game_id: str) -> str:
        """Set once a finished game has been counted for its players (COUNTED_TTL)."""
        return f"{self.prefix}:counted:{game_id}"

    def settle_plan(self, game_id: str) -> str:
        """What a finished game changes, as first proposed (JSON; COUNTED_TTL): see
        :meth:`server.store.results.ResultStore.propose`."""
        return f"{self.prefix}:settle:{game_id}"

    @property
    def rating_board(self) -> str:
        """Sorted set: player -> rating, of players whose deviation was under RATED_RD at their
        last match; at most RATING_BOARD members (the lowest go)."""
        return f"{self.prefix}:ratings"

    def pair_games(self, date: str, a: str, b: str) -> str:
        """Set: the rated matches players ``a`` < ``b`` played that UTC day (PAIR_TTL)."""
        return f"{self.prefix}:pairs:{date}:{a}:{b}"

    # ---- a player's results: one slot per player -----------------------------------------

    def _results(self, player_id: str, what: str) -> str:
        return f"{self.prefix}:{{p:{player_id}}}:{what}"

    def results_stats(self, player_id: str) -> str:
        """A player's statistics: JSON, line -> counters (PLAYER_TTL)."""
        return self._results(player_id, "stats")

    def results_games(self, player_id: str) -> str:
        """List: the player's last games, newest first, at most RECENT_GAMES (PLAYER_TTL)."""
        return self._results(player_id, "games")

    def results_rating(self, player_id: str) -> str:
        """A player's Glicko-2 rating: JSON (PLAYER_TTL)."""
        return self._results(player_id, "rating")

    def results_history(self, player_id: str) -> str:
        """List: the player's rating after each rated match, newest first, at most
        RATING_HISTORY (PLAYER_TTL)."""
        return self._results(player_id, "ratings")

    def settled(self, player_id: str) -> str:
        """Sorted set: the games settled for the player -> when (seconds), the last
        SETTLED_KEPT (PLAYER_TTL)."""
        return self._results(player_id, "settled")

    # ---- a player's friends and presence: in the player's slot too ----------------------

    def social(self, player_id: str) -> str:
        """A player's social record: JSON, friends, requests and blocks (PLAYER_TTL)."""
        return self._results(player_id, "social")

    def challenges(self, player_id: str) -> str:  # JSON: received and sent (CHALLENGE_TTL)
        return self._results(player_id, "challenges")

    def online(self, player_id: str) -> str:
        """Hash: a node's life -> JSON of the player's sockets there (PRESENCE_TTL)."""
        return self._results(player_id, "online")

    # ---- read only: a player's results as counted before they had a slot of their own ----
    # Read where the player's key above is missing; written no more, they expire.

    def stats(self, player_id: str) -> str:
        """Read only: a player's statistics (see :meth:`results_stats`)."""
        return f"{self.prefix}:player:{player_id}:stats"

    def games(self, player_id: str) -> str:
        """Read only: the player's last games (see :meth:`results_games`)."""
        return f"{self.prefix}:player:{player_id}:games"

    def rating(self, player_id: str) -> str:
        """Read only: a player's rating (see :meth:`results_rating`)."""
        return f"{self.prefix}:player:{player_id}:rating"

    def rating_history(self, player_id: str) -> str:
        """Read only: the player's rating history (see :meth:`results_history`)."""
        return f"{self.prefix}:player:{player_id}:ratings"

    def rated_pair(self, date: str, a: str, b: str) -> str:
        """Read only: a counter of the rated matches of ``a`` < ``b`` that UTC day (see
        :meth:`pair_games`)."""
        return f"{self.prefix}:pair:{date}:{a}:{b}"


class _DailyKeys(_Prefixed):
    """The days' deals, first attempts and boards (a board and its rows in one slot)."""

    def daily(self, key: str) -> str:
        return f"{self.prefix}:daily:{key}"

    def attempt(self, board: str, date: str, player_id: str) -> str:
        """The room of the player's first attempt at a daily board that day (ATTEMPT_TTL)."""
        return f"{self.prefix}:attempt:{board}:{date}:{player_id}"

    def daily_board(self, board: str, date: str) -> str:
        """Sorted set: player -> minus the composite score (so that ZRANGE lists the best
        first and ties by player id), one per board and day (DAILY_TTL). Tagged by board
        and day, as its rows are: the script that reads a page reads both."""
        return f"{self.prefix}:board:{{{board}:{date}}}"

    def daily_rows(self, board: str, date: str) -> str:
        """Hash: player -> the shown row of their ranked game (DAILY_TTL)."""
        return f"{self.daily_board(board, date)}:rows"


class Keys(_RoomKeys, _SharedKeys, _PlayerKeys, _ResultKeys, _DailyKeys):
    """Every key of the store under ``prefix``, one class of them per concern."""
