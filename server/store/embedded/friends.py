"""The embedded store's friends: social records in the SQLite file (they outlive a restart),
presence in memory (a restart ends every socket), events straight back to this process."""

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

    def _read(self, player: str) -> dict[str, Any] | None:
        rows = self._sqlite.query("SELECT body FROM social WHERE player = ?", (player,))
        return json.loads(rows[0][0]) if rows else None

    async def record(self, player: str) -> dict[str, Any] | None:
        return await self._sqlite.run(self._read, player)

    async def records(self, players) -> list[dict[str, Any] | None]:
        return await self._sqlite.run(lambda: [self._read(p) for p in players])

    async def change(self, player: str, step: Step) -> dict[str, Any]:
        def write() -> dict[str, Any]:  # on the file's one thread: one step at a time
            made = step(self._read(player))
            body = json.dumps(made)
            self._sqlite.changed(
                "INSERT INTO social (player, body) VALUES (?, ?) "
                "ON CONFLICT (player) DO UPDATE SET body = excluded.body",
                (player, body),
            )
            return json.loads(body)

        return await self._sqlite.run(write)

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
