"""Friends and presence on Redis: a player's social record, their challenges and their sockets
per node's life are keys in the player's own slot (``{p:<id>}``, beside their results), so each
step is a compare-and-set in one slot (``step.lua``), on one Redis or a cluster alike; a word to one
node goes on its own channel (on a cluster, the sharded one of the player's group)."""

from __future__ import annotations

import json
from typing import Any

from server.store.base import Event
from server.store.friends import FriendStore
from server.store.friends import Step as Change
from server.store.keys import CHALLENGE_TTL, PLAYER_TTL, PRESENCE_TTL, room_group
from server.store.redis_store.client import Concern, Step, reachable


class RedisFriends(Concern, FriendStore):
    @reachable
    async def record(self, player: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.social(player))
        return json.loads(raw) if raw else None

    @reachable
    async def records(self, players) -> list[dict[str, Any] | None]:
        found = await self._get_each([self.keys.social(p) for p in players])
        return [json.loads(raw) if raw else None for raw in found]

    @reachable
    async def change(self, player: str, step: Change) -> dict[str, Any]:
        return await self._cas(self.keys.social(player), step, PLAYER_TTL)

    @reachable
    async def challenges(self, player: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.challenges(player))
        return json.loads(raw) if raw else None

    @reachable
    async def change_challenges(self, player: str, step: Change) -> dict[str, Any]:
        return await self._cas(self.keys.challenges(player), step, CHALLENGE_TTL)

    async def _cas(self, key: str, step: Change, ttl: int) -> dict[str, Any]:
        """Compare-and-set of one JSON key (``step.lua``): read, step, write unless changed."""
        while True:
            raw = await self.redis.get(key)
            made = step(json.loads(raw) if raw else None)
            write = Step().check("GET", key, answer=raw)
            if await self._apply(write.write("SET", key, json.dumps(made), "EX", ttl)):
                return made

    @reachable
    async def set_online(self, player: str, life: str, state: dict[str, Any] | None) -> None:
        key = self.keys.online(player)
        if state is None:
            await self.redis.hdel(key, life)
            return
        async with self.redis.pipeline(transaction=False) as pipe:  # one key: one slot
            pipe.hset(key, life, json.dumps(state))
            pipe.expire(key, PRESENCE_TTL)
            await pipe.execute()

    @reachable
    async def online(self, players) -> list[dict[str, dict[str, Any]]]:
        if not players:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for player in players:
                pipe.hgetall(self.keys.online(player))
            found = await pipe.execute()
        return [{life: json.loads(raw) for life, raw in kept.items()} for kept in found]

    @reachable
    async def tell(self, node: str, event: Event) -> None:
        body = json.dumps(event)
        if self.clustered:
            group = room_group(str(event.get("player", node)))
            await self.redis.spublish(self.keys.group_node_events(group) + node, body)
        else:
            await self.redis.publish(self.keys.node_events + node, body)
