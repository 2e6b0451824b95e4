"""The embedded store's friends: social and challenge records in the SQLite file (they
outlive a restart), presence in memory (a restart ends every socket), events straight back
to this process."""

from __future__ import annotations

import copy
import json
from typing import Any

from server.store.base import Event
from server.store.embedded.sqlite import Sqlite
from server.store.friends import FriendStore, Step


class EmbeddedFriends(FriendStore):
    def __init__(self, sqlite: Sqlite) -> None:
        self._sqlite = sqlite
        self._online: dict[str, dict[str, dict[str, Any]]] = {}

    def _read(self, player: str, table: str = "social") -> dict[str, Any] | None:
        rows = self._sqlite.query(f"SELECT body FROM {table} WHERE player = ?", (player,))
        return json.loads(rows[0][0]) if rows else None

    async def record(self, player: str) -> dict[str, Any] | None:
        return await self._sqlite.run(self._read, player)

    async def records(self, players) -> list[dict[str, Any] | None]:
        return await self._sqlite.run(lambda: [self._read(p) for p in players])

    async def change(self, player: str, step: Step) -> dict[str, Any]:
        return await self._change(player, step, "social")

    async def _change(self, player: str, step: Step, table: str) -> dict[str, Any]:
        def write(db) -> dict[str, Any]:
            made = step(self._read(player, table))
            body = json.dumps(made)
            self._sqlite.changed(
                f"INSERT INTO {table} (player, body) VALUES (?, ?) "  # (table: one of two names)
                "ON CONFLICT (player) DO UPDATE SET body = excluded.body",
                (player, body),
            )
            return json.loads(body)

        # One step at a time on the file's thread, and in one transaction: a second store
        # on the same file (another process) steps before or after, never between.
        return await self._sqlite.run(self._sqlite.transaction, write)

    async def challenges(self, player: str) -> dict[str, Any] | None:
        return await self._sqlite.run(self._read, player, "challenges")

    async def change_challenges(self, player: str, step: Step) -> dict[str, Any]:
        return await self._change(player, step, "challenges")

    async def set_online(self, player: str, life: str, state: dict[str, Any] | None) -> None:
        entries = self._online.setdefault(player, {})
        if state is None:
            entries.pop(life, None)
            if not entries:
                del self._online[player]
        else:
            entries[life] = copy.deepcopy(state)

    async def online(self, players) -> list[dict[str, dict[str, Any]]]:
        return [copy.deepcopy(self._online.get(p, {})) for p in players]

    async def tell(self, node: str, event: Event) -> None:
        self._sqlite.publish(copy.deepcopy(event))
