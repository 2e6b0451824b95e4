"""Every Redis key the store uses, in one place, with the TTL of those that expire."""

from __future__ import annotations

FINISHED_ROOM_TTL = 7 * 24 * 3600
"""A finished room's meta and log stay a week (the replay holds what matters)."""
REPLAY_TTL = 90 * 24 * 3600
DAILY_TTL = 40 * 24 * 3600
REPLAY_INDEX_LIMIT = 10_000


class Keys:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def room_meta(self, room_id: str) -> str:
        return f"{self.prefix}:room:{room_id}:meta"

    def room_log(self, room_id: str) -> str:
        return f"{self.prefix}:room:{room_id}:log"

    @property
    def active(self) -> str:
        return f"{self.prefix}:rooms:active"

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
