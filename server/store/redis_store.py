"""The Redis store (``REDIS_URL``): shared by every server node.

Read-modify-write happens only inside Lua scripts called by SHA (``register_script``), each
with its KEYS/ARGV contract written above it.
"""

from __future__ import annotations

import json
import time
from typing import Any

import redis.asyncio as redis

from server.store.base import Conflict, Entry, Store, replay_summary
from server.store.keys import (
    DAILY_TTL,
    FINISHED_ROOM_TTL,
    REPLAY_INDEX_LIMIT,
    REPLAY_TTL,
    Keys,
)

# KEYS[1] = the room's log list. ARGV[1] = the index the entry must take, ARGV[2] = the entry.
# Appends only if the list is exactly that long; returns 1, or -1 (someone else wrote).
APPEND = """
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return -1 end
redis.call('RPUSH', KEYS[1], ARGV[2])
return 1
"""

# KEYS[1] = room meta, KEYS[2] = room log, KEYS[3] = active set, KEYS[4] = replay,
# KEYS[5] = replay index (sorted set), KEYS[6] = lobby hash.
# ARGV[1] = room id, ARGV[2] = replay JSON, ARGV[3] = finish time, ARGV[4] = replay id,
# ARGV[5] = finished-room TTL, ARGV[6] = replay TTL, ARGV[7] = index limit.
FINISH = """
redis.call('SREM', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[6], ARGV[1])
redis.call('SET', KEYS[4], ARGV[2], 'EX', ARGV[6])
redis.call('ZADD', KEYS[5], ARGV[3], ARGV[4])
redis.call('ZREMRANGEBYRANK', KEYS[5], 0, -1 - tonumber(ARGV[7]))
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return 1
"""


class RedisStore(Store):
    def __init__(self, url: str, prefix: str = "cardroom") -> None:
        self.redis = redis.from_url(url, decode_responses=True)
        self.keys = Keys(prefix)
        self._append = self.redis.register_script(APPEND)
        self._finish = self.redis.register_script(FINISH)

    async def create_room(self, room_id: str, meta: dict[str, Any]) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(self.keys.room_meta(room_id), json.dumps(meta), nx=True)
            pipe.sadd(self.keys.active, room_id)
            created, _ = await pipe.execute()
        if not created:
            raise Conflict(f"room {room_id} exists")

    async def room_meta(self, room_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.room_meta(room_id))
        return json.loads(raw) if raw else None

    async def append(self, room_id: str, index: int, entry: Entry) -> None:
        done = await self._append(
            keys=[self.keys.room_log(room_id)], args=[index, json.dumps(entry)]
        )
        if done != 1:
            raise Conflict(f"entry {index} of {room_id} is taken")

    async def log(self, room_id: str) -> list[Entry]:
        return [json.loads(x) for x in await self.redis.lrange(self.keys.room_log(room_id), 0, -1)]

    async def active_rooms(self) -> list[str]:
        return sorted(await self.redis.smembers(self.keys.active))

    async def finish_room(self, room_id: str, replay: dict[str, Any]) -> None:
        finished_at = float(replay.get("finished_at", time.time()))  # refuse before any write
        k = self.keys
        await self._finish(
            keys=[
                k.room_meta(room_id),
                k.room_log(room_id),
                k.active,
                k.replay(replay["id"]),
                k.replays,
                k.lobby,
            ],
            args=[
                room_id,
                json.dumps(replay),
                finished_at,
                replay["id"],
                FINISHED_ROOM_TTL,
                REPLAY_TTL,
                REPLAY_INDEX_LIMIT,
            ],
        )

    async def replay(self, game_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.replay(game_id))
        return json.loads(raw) if raw else None

    async def replays(self, limit: int = 50) -> list[dict[str, Any]]:
        if limit <= 0:
            return []
        ids = await self.redis.zrevrange(self.keys.replays, 0, limit - 1)
        if not ids:
            return []
        bodies = await self.redis.mget([self.keys.replay(i) for i in ids])
        expired = [i for i, b in zip(ids, bodies, strict=True) if not b]
        if expired:  # replays expire by TTL; their index entries go on the next read
            await self.redis.zrem(self.keys.replays, *expired)
        return [replay_summary(json.loads(b)) for b in bodies if b]

    async def daily(self, key: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.daily(key))
        return json.loads(raw) if raw else None

    async def put_daily(self, key: str, deal: dict[str, Any]) -> dict[str, Any]:
        # SET NX is one atomic command: the first node to store today's deal wins.
        await self.redis.set(self.keys.daily(key), json.dumps(deal), nx=True, ex=DAILY_TTL)
        stored = await self.daily(key)
        assert stored is not None
        return stored

    async def lobby_put(self, room_id: str, summary: dict[str, Any]) -> None:
        await self.redis.hset(self.keys.lobby, room_id, json.dumps(summary))

    async def lobby_remove(self, room_id: str) -> None:
        await self.redis.hdel(self.keys.lobby, room_id)

    async def lobby(self) -> list[dict[str, Any]]:
        raw = await self.redis.hgetall(self.keys.lobby)
        return [json.loads(raw[k]) for k in sorted(raw)]

    async def ping(self) -> bool:
        try:
            return bool(await self.redis.ping())
        except redis.RedisError:
            return False

    async def close(self) -> None:
        await self.redis.aclose()
