"""The days' deals and boards on Redis: a board is a sorted set of negated scores with a hash
of its rows (one slot: the board's and day's tag), read in one script (``daily_board.lua``)
and entered in one transaction (:meth:`RedisDailies.rank`)."""

from __future__ import annotations

import json
from typing import Any

import redis.asyncio as redis

from server.store.dailies import DailyStore, ranked
from server.store.keys import ATTEMPT_TTL, DAILY_TTL, Keys
from server.store.redis_store.client import Concern, Step, reachable, script


class RedisDailies(Concern, DailyStore):
    """Today's deals and their boards."""

    def __init__(self, client: redis.Redis, keys: Keys) -> None:
        super().__init__(client, keys)
        self._daily_board = script(client, "daily_board")

    @reachable
    async def daily(self, key: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.daily(key))
        return json.loads(raw) if raw else None

    @reachable
    async def put_daily(self, key: str, deal: dict[str, Any]) -> dict[str, Any]:
        # SET NX is one atomic command: the first node to store today's deal wins.
        await self.redis.set(self.keys.daily(key), json.dumps(deal), nx=True, ex=DAILY_TTL)
        stored = await self.daily(key)
        assert stored is not None
        return stored

    @reachable
    async def claim_attempt(self, board: str, date: str, player_id: str, claim: str) -> str:
        key = self.keys.attempt(board, date, player_id)
        await self.redis.set(key, claim, nx=True, ex=ATTEMPT_TTL)  # the first claim stays
        return await self.redis.get(key)

    @reachable
    async def attempt(self, board: str, date: str, player_id: str) -> str | None:
        return await self.redis.get(self.keys.attempt(board, date, player_id))

    @reachable
    async def daily_board(
        self, board: str, date: str, limit: int, player_id: str | None = None
    ) -> dict[str, Any]:
        k = self.keys
        size, top, bodies, mine, better, row = await self._daily_board(
            keys=[k.daily_board(board, date), k.daily_rows(board, date)],
            args=[max(0, limit), player_id or ""],
        )
        pairs = list(zip(top[::2], top[1::2], strict=True))
        rows = ranked(
            [(p, -float(s), json.loads(b)) for (p, s), b in zip(pairs, bodies, strict=True) if b]
        )
        me = {"rank": int(better) + 1, **json.loads(row)} if mine and row else None
        total = int(size)
        return {"total": total, "rows": rows, "me": me}

    @reachable
    async def rank(self, board: str, date: str, player_id: str, score: float, row: dict) -> bool:
        k = self.keys
        entries, rows = k.daily_board(board, date), k.daily_rows(board, date)
        step = Step().check("ZSCORE", entries, player_id, answer=None)
        step.write("ZADD", entries, "NX", repr(-float(score)), player_id)
        step.write("HSETNX", rows, player_id, json.dumps(row))
        return await self._apply(
            step.write("EXPIRE", entries, DAILY_TTL).write("EXPIRE", rows, DAILY_TTL)
        )

    @reachable
    async def board_size(self, board: str, date: str) -> int:
        return int(await self.redis.zcard(self.keys.daily_board(board, date)))
