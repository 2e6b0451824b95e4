"""Every Redis key the store uses, in one place, with the TTL of those that expire."""

from __future__ import annotations

FINISHED_ROOM_TTL = 7 * 24 * 3600
"""A finished room's meta and log stay a week (the replay holds what matters)."""
REPLAY_TTL = 90 * 24 * 3600
DAILY_TTL = 40 * 24 * 3600
REPLAY_INDEX_LIMIT = 10_000
PLAYER_TTL = 400 * 24 * 3600
"""A player nobody has seen for this long is forgotten (the record and its secret: every
hello refreshes them); statistics, rating and last games last this long from the last game
counted for the player."""
COUNTED_TTL = REPLAY_TTL
"""A finished game's *counted* mark: far longer than the room could be finished again (a
finished room's meta goes after a week)."""
RATING_BOARD = 10_000
ATTEMPT_TTL = 3 * 24 * 3600
"""A first attempt at a daily board is remembered past the day (a game may end after
midnight)."""
PRESENCE_TTL = 24 * 3600
"""A room's presence hash and a node's room set outlive any socket; refreshed on each write."""


class Keys:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def room_meta(self, room_id: str) -> str:
        return f"{self.prefix}:room:{room_id}:meta"

    def room_log(self, room_id: str) -> str:
        return f"{self.prefix}:room:{room_id}:log"

    def lease(self, room_id: str) -> str:
        """The driver's lease: ``node:token``, with a PX expiry."""
        return f"{self.prefix}:room:{room_id}:lease"

    def fence(self, room_id: str) -> str:
        """The room's latest fencing token (INCR on every lease granted)."""
        return f"{self.prefix}:room:{room_id}:fence"

    def presence(self, room_id: str) -> str:
        """Hash: node -> JSON counts of its sockets per audience."""
        return f"{self.prefix}:room:{room_id}:presence"

    @property
    def active(self) -> str:
        return f"{self.prefix}:rooms:active"

    @property
    def leases(self) -> str:
        """Sorted set: active room -> when its lease lapses (ms, Redis clock; 0: lapsed)."""
        return f"{self.prefix}:rooms:leases"

    @property
    def nodes(self) -> str:
        """Sorted set: node -> its last heartbeat (ms, Redis clock)."""
        return f"{self.prefix}:nodes"

    def node_rooms(self, node: str) -> str:
        """Set: the rooms where ``node`` has recorded presence (for cleaning up after it)."""
        return f"{self.prefix}:node:{node}:rooms"

    @property
    def events(self) -> str:
        """The pub/sub channel of events between nodes."""
        return f"{self.prefix}:events"

    def replay(self, game_id: str) -> str:
        return f"{self.prefix}:replay:{game_id}"

    @property
    def replays(self) -> str:
        return f"{self.prefix}:replays"

    def daily(self, key: str) -> str:
        return f"{self.prefix}:daily:{key}"

    @property
    def lobby(self) -> str:
        return f"{self.prefix}:lobby"

    @property
    def lobby_version(self) -> str:
        return f"{self.prefix}:lobby:version"

    # ---- players -------------------------------------------------------------------------

    def player(self, player_id: str) -> str:
        """A player's record (JSON, with the secret's hash), PLAYER_TTL from last seen."""
        return f"{self.prefix}:player:{player_id}"

    def secret(self, secret_hash: str) -> str:
        """The player id a secret's hash belongs to (same TTL as the player)."""
        return f"{self.prefix}:secret:{secret_hash}"

    def allowance(self, bucket: str, window: int) -> str:
        """A counter of one fixed window of a rate limit (expires with the window)."""
        return f"{self.prefix}:allow:{bucket}:{window}"

    def counted(self, game_id: str) -> str:
        """Set once a finished game has been counted for its players (COUNTED_TTL)."""
        return f"{self.prefix}:counted:{game_id}"

    def stats(self, player_id: str) -> str:
        """A player's statistics: JSON, line -> counters (PLAYER_TTL)."""
        return f"{self.prefix}:player:{player_id}:stats"

    def games(self, player_id: str) -> str:
        """List: the player's last games, newest first, at most RECENT_GAMES (PLAYER_TTL)."""
        return f"{self.prefix}:player:{player_id}:games"

    def rating(self, player_id: str) -> str:
        """A player's Glicko-2 rating: JSON (PLAYER_TTL)."""
        return f"{self.prefix}:player:{player_id}:rating"

    def rating_history(self, player_id: str) -> str:
        """List: the player's rating after each rated match, newest first (RATING_HISTORY)."""
        return f"{self.prefix}:player:{player_id}:ratings"

    @property
    def rating_board(self) -> str:
        """Sorted set: player -> rating, of players whose deviation was under RATED_RD at their
        last match; at most RATING_BOARD members (the lowest go)."""
        return f"{self.prefix}:ratings"

    def attempt(self, board: str, date: str, player_id: str) -> str:
        """The room of the player's first attempt at a daily board that day (ATTEMPT_TTL)."""
        return f"{self.prefix}:attempt:{board}:{date}:{player_id}"

    def rated_pair(self, date: str, a: str, b: str) -> str:
        """How many rated matches players ``a`` < ``b`` played that UTC day (PAIR_TTL)."""
        return f"{self.prefix}:pair:{date}:{a}:{b}"

    def daily_board(self, board: str, date: str) -> str:
        """Sorted set: player -> minus the composite score (so that ZRANGE lists the best
        first and ties by player id), one per board and day (DAILY_TTL)."""
        return f"{self.prefix}:board:{board}:{date}"

    def daily_rows(self, board: str, date: str) -> str:
        """Hash: player -> the shown row of their ranked game (DAILY_TTL)."""
        return f"{self.prefix}:board:{board}:{date}:rows"
