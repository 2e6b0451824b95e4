"""Players' results on Redis, each step of counting a game in one slot
(:mod:`server.store.results`): a player's statistics, last games, rating, rating history and
*settled* marks share the player's tag (``{p:<id>}``), written in one compare-and-set per
game and player (lua/step.lua); a game's plan, its counted mark, a pair's games of a day
and the rating board are single keys.

Players counted before their results had a slot of their own have them under the old
untagged keys (:meth:`~server.store.keys.Keys.stats` and its neighbours), which nothing
writes any more: each is read where the player's tagged key is missing, and the player's
first step since (no *settled* mark yet) carries them into the tagged keys."""

from __future__ import annotations

import json
import time
from typing import Any

from server.store.keys import (
    COUNTED_TTL,
    PAIR_TTL,
    PLAYER_TTL,
    RATING_BOARD,
    SETTLED_KEPT,
    Keys,
)
from server.store.redis_store.client import Concern, Step, reachable
from server.store.results import Fold, Kept, ResultStore


class RedisResults(Concern, ResultStore):
    """Players' results and the steps that count a finished game."""

    # ---- the steps -----------------------------------------------------------------------

    @reachable
    async def propose(self, game_id: str, plan: dict[str, Any]) -> dict[str, Any]:
        key = self.keys.settle_plan(game_id)
        await self.redis.set(key, json.dumps(plan), nx=True, ex=COUNTED_TTL)
        return json.loads(await self.redis.get(key))

    @reachable
    async def settle_player(self, game_id: str, player_id: str, fold: Fold, kept: Kept) -> bool:
        mine = _Mine(self.keys, player_id)
        while True:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.zscore(mine.settled, game_id)
                pipe.exists(mine.settled)
                pipe.get(mine.stats)
                pipe.get(mine.rating)
                done, known, stats, rating = await pipe.execute()
            if done is not None:
                return False
            step = Step().check("ZSCORE", mine.settled, game_id, answer=None)
            step.check("EXISTS", mine.settled, answer=known)
            step.check("GET", mine.stats, answer=stats)
            step.check("GET", mine.rating, answer=rating)
            old = {} if known else await self._old(player_id)  # its first step in this slot
            settled = fold(_body(stats or old.get("stats")), _body(rating or old.get("rating")))
            self._write(step, mine, settled, kept, old, rating or old.get("rating"))
            step.write("ZADD", mine.settled, time.time(), game_id)
            step.write("ZREMRANGEBYRANK", mine.settled, 0, -1 - SETTLED_KEPT)
            for key in mine.all:
                step.write("EXPIRE", key, PLAYER_TTL)
            if await self._apply(step):
                return True

    @staticmethod
    def _write(step: Step, mine: _Mine, settled, kept: Kept, old: dict, rating: str | None):
        """A player's results after a game, written by ``step`` (and what their old keys
        held, carried over at their first step: ``old``)."""
        step.write("SET", mine.stats, json.dumps(settled.stats), "EX", PLAYER_TTL)
        if settled.rating is not None:
            step.write("SET", mine.rating, json.dumps(settled.rating), "EX", PLAYER_TTL)
        elif old and rating:  # carried over
            step.write("SET", mine.rating, rating, "EX", PLAYER_TTL)
        _push_last(step, mine.games, old.get("games"), settled.game, kept.games)
        if settled.point is not None:
            _push_last(step, mine.history, old.get("points"), settled.point, kept.points)
        elif old.get("points"):  # carried over
            step.write("RPUSH", mine.history, *old["points"][: kept.points])

    async def _old(self, player_id: str) -> dict[str, Any]:
        """What the player's old untagged keys hold, read at their first step since results
        had a slot of their own (and carried into their tagged keys by it). Read on the
        store's client, not in the transaction: those keys are in other slots, and nothing
        writes them any more."""
        k = self.keys
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.get(k.stats(player_id))
            pipe.get(k.rating(player_id))
            pipe.lrange(k.games(player_id), 0, -1)
            pipe.lrange(k.rating_history(player_id), 0, -1)
            stats, rating, games, points = await pipe.execute()
        return {"stats": stats, "rating": rating, "games": games, "points": points}

    @reachable
    async def count_pair(self, day: str, pair: tuple[str, str], game_id: str) -> None:
        key = self.keys.pair_games(day, *pair)
        await self._apply(Step().write("SADD", key, game_id).write("EXPIRE", key, PAIR_TTL))

    @reachable
    async def pair_games(self, day: str, pair: tuple[str, str]) -> int:
        counted = await self.redis.scard(self.keys.pair_games(day, *pair))
        before = await self.redis.get(self.keys.rated_pair(day, *pair))  # counted until the change
        return int(counted) + int(before or 0)

    @reachable
    async def set_board_rating(self, player_id: str, rating: float | None) -> None:
        board = self.keys.rating_board
        step = Step()
        if rating is None:
            step.write("ZREM", board, player_id)
        else:
            step.write("ZADD", board, repr(float(rating)), player_id)
        await self._apply(step.write("ZREMRANGEBYRANK", board, 0, -1 - RATING_BOARD))

    @reachable
    async def mark_counted(self, game_id: str) -> bool:
        return bool(await self.redis.set(self.keys.counted(game_id), 1, nx=True, ex=COUNTED_TTL))

    @reachable
    async def counted(self, game_id: str) -> bool:
        return bool(await self.redis.exists(self.keys.counted(game_id)))

    # ---- reads ---------------------------------------------------------------------------

    async def _read(self, read, new: str, old: str) -> Any:
        """``read`` of a player's key in their slot, or of the old key it replaced while the
        new one is empty (a player not counted since)."""
        return await read(new) or await read(old)

    def _list(self, key: str):
        return self.redis.lrange(key, 0, -1)

    @reachable
    async def player_stats(self, player_id: str) -> dict[str, dict[str, Any]]:
        k = self.keys
        raw = await self._read(self.redis.get, k.results_stats(player_id), k.stats(player_id))
        return json.loads(raw) if raw else {}

    @reachable
    async def player_games(self, player_id: str) -> list[dict[str, Any]]:
        k = self.keys
        raw = await self._read(self._list, k.results_games(player_id), k.games(player_id))
        return [json.loads(g) for g in raw]

    @reachable
    async def player_rating(self, player_id: str) -> dict[str, Any] | None:
        k = self.keys
        raw = await self._read(self.redis.get, k.results_rating(player_id), k.rating(player_id))
        return json.loads(raw) if raw else None

    @reachable
    async def rating_history(self, player_id: str) -> list[dict[str, Any]]:
        k = self.keys
        new, old = k.results_history(player_id), k.rating_history(player_id)
        return [json.loads(p) for p in await self._read(self._list, new, old)]

    @reachable
    async def rating_board(self, limit: int) -> list[dict[str, Any]]:
        if limit <= 0:
            return []
        # Ties in rating go by player id, as in the embedded store: read the whole tie at
        # the edge of the page, then cut.
        k = self.keys
        top = await self.redis.zrevrange(
            k.rating_board, 0, min(limit, RATING_BOARD) - 1, withscores=True
        )
        if len(top) == limit:
            edge = top[-1][1]
            tied = await self.redis.zrangebyscore(k.rating_board, edge, edge)
            top = [t for t in top if t[1] > edge] + [(p, edge) for p in tied]
        top.sort(key=lambda t: (-t[1], t[0]))
        top = top[:limit]
        bodies = await self._get_each([k.results_rating(p) for p, _ in top])
        lacking = [p for (p, _), b in zip(top, bodies, strict=True) if not b]
        older = dict(
            zip(lacking, await self._get_each([k.rating(p) for p in lacking]), strict=True)
        )
        bodies = [b or older[p] for (p, _), b in zip(top, bodies, strict=True)]
        gone = [p for (p, _), b in zip(top, bodies, strict=True) if not b]
        if gone:  # players forgotten by TTL leave the board on the next read
            await self.redis.zrem(k.rating_board, *gone)
        return [{**json.loads(b), "player": p} for (p, _), b in zip(top, bodies, strict=True) if b]


class _Mine:
    """The keys of one player's results: one slot (the player's tag)."""

    def __init__(self, keys: Keys, player_id: str) -> None:
        self.stats = keys.results_stats(player_id)
        self.rating = keys.results_rating(player_id)
        self.games = keys.results_games(player_id)
        self.history = keys.results_history(player_id)
        self.settled = keys.settled(player_id)
        self.all = [self.stats, self.rating, self.games, self.history, self.settled]


def _body(raw: str | None) -> dict[str, Any] | None:
    return json.loads(raw) if raw else None


def _push_last(step: Step, key: str, before: list[str] | None, item: dict, keep: int) -> None:
    """Add one of a player's items (games, rating points) and keep the last ``keep``: on
    ``before`` (the old key's items, newest first) if the player's key is new."""
    if before:
        step.write("RPUSH", key, *before[:keep])
    step.write("LPUSH", key, json.dumps(item))
    step.write("LTRIM", key, 0, keep - 1)


__all__ = ["RedisResults"]
