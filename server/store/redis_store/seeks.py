"""Quick pairing's pool and rematch offers on Redis. The pool, its pairings and the day's
rated pairs are in one slot (``{seeks}``), each step one script (``seek.lua``, ``sweep.lua``,
``unseek.lua``, the first two with the rules of ``pairing.lua``); an offer is read and written
under WATCH."""

from __future__ import annotations

import json
from typing import Any

import redis.asyncio as redis

from server.players import ledger, pairing
from server.store.base import Event
from server.store.keys import Keys
from server.store.redis_store.client import Concern, Step, reachable, script
from server.store.seeks import SeekStore


class RedisSeeks(Concern, SeekStore):
    """The pool of seekers and the rematch offers of finished rooms."""

    def __init__(self, client: redis.Redis, keys: Keys) -> None:
        super().__init__(client, keys)
        self._seek = script(client, "seek")
        self._sweep = script(client, "sweep")
        self._unseek = script(client, "unseek")

    # ---- quick pairing -------------------------------------------------------------------------

    def _pairing_keys(self, now_ms: int) -> list[str]:
        k = self.keys
        return [k.seek_pool, k.seek_pairs(pairing.day_of(now_ms)), k.paired, k.paired_at, k.swept]

    def _pairing_args(self, now_ms: int) -> list[Any]:
        p = pairing
        return [now_ms, p.RANGE_START, p.RANGE_GROWTH, p.RANGE_MAX, p.PAIR_LIMIT, ledger.PAIR_TTL]

    @reachable
    async def seek(self, seek: dict[str, Any], room: str, seed: int, now_ms: int) -> Any:
        args = [json.dumps(seek), room, str(int(seed)), pairing.MAX_SEEKS]
        args.append(pairing.SEEKS_PER_ADDRESS)
        keys = [*self._pairing_keys(now_ms), self.keys.seek_reset(seek["player"])]
        made = await self._seek(keys=keys, args=self._pairing_args(now_ms) + args)
        if not made:
            return None
        text = made.decode() if isinstance(made, bytes) else made
        return text if text in ("full", "address", "reset") else json.loads(text)

    @reachable
    async def unseek(self, player: str, conn: str | None = None) -> bool:
        return bool(await self._unseek(keys=[self.keys.seek_pool], args=[player, conn or ""]))

    @reachable
    async def sweep(
        self, node: str, now_ms: int, alive: list[str] | None, rooms: list[tuple[str, int]]
    ) -> tuple[list[dict[str, Any]], list[str]] | None:
        p = pairing
        args = [
            node,
            "" if alive is None else json.dumps(sorted(alive)),
            json.dumps([[room, str(int(seed))] for room, seed in rooms]),
            p.SEEK_SECONDS * 1000,
            p.PAIRED_SECONDS * 1000,
            p.SWEEP_GAP_MS,
        ]
        out = await self._sweep(
            keys=self._pairing_keys(now_ms), args=self._pairing_args(now_ms) + args
        )
        if not out:
            return None
        texts = [x.decode() if isinstance(x, bytes) else x for x in out]
        count = int(texts[0])
        return [json.loads(t) for t in texts[1 : 1 + count]], texts[1 + count :]

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
