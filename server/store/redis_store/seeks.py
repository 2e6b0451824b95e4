"""Quick pairing's pool and rematch offers on Redis. The pool, its pairings, the day's
counters, the reset marks and the pool's version are in one slot (``{seeks}``): a read is one
pipeline, the version first (every write adds one to it, so a read that met a write in the
middle is never written upon, nor trusted to write nothing: the version is read again), and
a write is a compare-and-set on the version (``step.lua``); an offer is read and written
under the same compare-and-set."""

from __future__ import annotations

import json
from typing import Any

from server.store.base import Event
from server.store.keys import PAIR_TTL
from server.store.redis_store.client import Concern, Step, reachable
from server.store.seeks import EMPTY, PoolState, SeekStore

SWEPT_MS = 60_000
"""How long the time of the last sweep is kept (the sweepers' gap is far shorter)."""


class RedisSeeks(Concern, SeekStore):
    """The pool of seekers and the rematch offers of finished rooms."""

    # ---- quick pairing -------------------------------------------------------------------------

    @reachable
    async def pool(
        self, day: str, player: str | None = None, paired_before: int | None = None, others=()
    ) -> PoolState:
        k = self.keys
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.get(k.seek_version)
            pipe.hgetall(k.seek_pool)
            pipe.hgetall(k.seek_pairs(day))
            pipe.get(k.swept)
            named = ([player] if player is not None else []) + list(others)
            pipe.get(k.seek_reset(player or ""))
            if named:
                pipe.hmget(k.paired, named)
            if paired_before is not None:
                pipe.zrangebyscore(k.paired_at, "-inf", f"({paired_before}")
            found = await pipe.execute()
        version, seeks, counts, swept, reset = found[:5]
        made = found[5] if named else []
        return PoolState(
            version=int(version or 0),
            seeks={p: json.loads(raw) for p, raw in seeks.items()},
            counts={name: int(n) for name, n in counts.items()},
            swept=int(swept) if swept is not None else None,
            reset=reset if player is not None else None,
            pairings={p: json.loads(raw) for p, raw in zip(named, made, strict=True) if raw},
            aged=sorted(found[-1]) if paired_before is not None else [],
        )

    @reachable
    async def version(self) -> int:
        return int(await self.redis.get(self.keys.seek_version) or 0)

    @reachable
    async def commit(
        self, version: int, day: str, *, put=(), drop=(), pairings=EMPTY, forget=(), counted=(),
        uncounted=(), swept=None,
    ) -> bool:  # fmt: skip
        k = self.keys
        step = Step().check("GET", k.seek_version, answer=str(version) if version else None)
        step.write("INCR", k.seek_version)
        if drop:
            step.write("HDEL", k.seek_pool, *drop)
        if forget:
            step.write("HDEL", k.paired, *forget).write("ZREM", k.paired_at, *forget)
        for seek in put:
            step.write("HSET", k.seek_pool, seek["player"], json.dumps(seek))
        for player, made in pairings.items():
            step.write("HSET", k.paired, player, json.dumps(made))
            step.write("ZADD", k.paired_at, made["at"], player)
        for name in counted:
            step.write("HINCRBY", k.seek_pairs(day), name, 1)
        for name in uncounted:
            step.write("HINCRBY", k.seek_pairs(day), name, -1)
        if counted or uncounted:
            step.write("EXPIRE", k.seek_pairs(day), PAIR_TTL)
        if swept is not None:
            step.write("SET", k.swept, swept, "PX", SWEPT_MS)
        return await self._apply(step)

    @reachable
    async def pairing(self, player: str) -> dict[str, Any] | None:
        raw = await self.redis.hget(self.keys.paired, player)
        return json.loads(raw) if raw else None

    @reachable
    async def seek_of(self, player: str) -> dict[str, Any] | None:
        raw = await self.redis.hget(self.keys.seek_pool, player)
        return json.loads(raw) if raw else None

    @reachable
    async def seekers(self) -> list[dict[str, Any]]:
        return [json.loads(raw) for raw in (await self.redis.hgetall(self.keys.seek_pool)).values()]

    @reachable
    async def announce(self, event: Event) -> None:
        await self.tell_everyone(event)

    # ---- rematch offers --------------------------------------------------------------------------

    @reachable
    async def rematch(self, room_id: str, change, keep_s: int) -> dict[str, Any]:
        key = self.keys.rematch(room_id)
        while True:
            raw = await self.redis.get(key)
            made = change(json.loads(raw) if raw else None)
            step = Step().check("GET", key, answer=raw)
            if await self._apply(step.write("SET", key, json.dumps(made), "EX", keep_s)):
                return made

    @reachable
    async def rematch_state(self, room_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.rematch(room_id))
        return json.loads(raw) if raw else None
