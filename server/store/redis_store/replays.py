"""Replays and reviews on Redis: each replay under its game's id, with an index of the latest
per group (written as the room finishes: :meth:`RedisRooms.finish_room
<server.store.redis_store.rooms.RedisRooms.finish_room>`)."""

from __future__ import annotations

import json
from typing import Any

import redis.asyncio as redis

from server.store.base import replay_summary
from server.store.keys import Keys, room_group
from server.store.redis_store.client import Concern, reachable, script
from server.store.replays import ReplayStore


class RedisReplays(Concern, ReplayStore):
    """Finished games' replays and reviews."""

    def __init__(self, client: redis.Redis, keys: Keys) -> None:
        super().__init__(client, keys)
        self._review = script(client, "review")

    @reachable
    async def replay(self, game_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.replay(game_id))
        return json.loads(raw) if raw else None

    @reachable
    async def replays(self, limit: int = 50) -> list[dict[str, Any]]:
        if limit <= 0:
            return []
        k = self.keys

        async def latest(pipe, group: int) -> None:
            pipe.zrevrange(k.replays(group), 0, limit - 1, withscores=True)

        found = [(score, i) for top in await self._each_group(latest) for i, score in top]
        ids = [i for _, i in sorted(found, reverse=True)[:limit]]
        if not ids:
            return []
        bodies = await self._get_each([k.replay(i) for i in ids])
        expired = [i for i, b in zip(ids, bodies, strict=True) if not b]
        if expired:  # replays expire by TTL; their index entries go on the next read
            async with self.redis.pipeline(transaction=False) as pipe:
                for i in expired:
                    pipe.zrem(k.replays(room_group(i)), i)
                await pipe.execute()
        return [replay_summary(json.loads(b)) for b in bodies if b]

    @reachable
    async def review(self, game_id: str, seat: int) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.review(game_id, seat))
        return json.loads(raw) if raw else None

    @reachable
    async def put_review(self, game_id: str, seat: int, review: dict[str, Any]) -> bool:
        keys = [self.keys.replay(game_id), self.keys.review(game_id, seat)]
        return bool(await self._review(keys=keys, args=[json.dumps(review)]))
