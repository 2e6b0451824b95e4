"""Players on Redis: records and their secrets' entries, allowances, networks, and what
finished games change for their players, counted in one transaction per game
(:meth:`RedisPlayers.record_game`). The transactions here span slots (a record and its
secrets' entries; a game's players): see :mod:`server.store.redis_store`."""

from __future__ import annotations

import json
import time
from typing import Any

import redis.asyncio as redis

from server.players import ledger, pairing
from server.store.base import Conflict, fingerprint, with_last
from server.store.keys import COUNTED_TTL, DAILY_TTL, PLAYER_TTL, RATING_BOARD, Keys
from server.store.players import PlayerStore
from server.store.redis_store.client import Concern, reachable, script


class RedisPlayers(Concern, PlayerStore):
    """Players' identities and what their finished games changed."""

    def __init__(self, client: redis.Redis, keys: Keys) -> None:
        super().__init__(client, keys)
        self._allow = script(client, "allow")

    @staticmethod
    def _record(raw: str | None) -> dict[str, Any] | None:
        if not raw:
            return None
        record = json.loads(raw)
        record.pop("secret", None)
        return record

    @reachable
    async def create_player(self, record: dict[str, Any], secret_hash: str) -> None:
        # The record, then its secret's entry (two slots): a record whose secret is taken
        # goes again; one left by a crash in between is reached by no secret, and expires.
        k = self.keys
        body = json.dumps({**record, "secret": secret_hash})
        if not await self.redis.set(k.player(record["id"]), body, nx=True, ex=PLAYER_TTL):
            raise Conflict(f"player {record['id']} exists")
        if not await self.redis.set(k.secret(secret_hash), record["id"], nx=True, ex=PLAYER_TTL):
            await self.redis.delete(k.player(record["id"]))
            raise Conflict(f"the secret of player {record['id']} is taken")

    @reachable
    async def player(self, player_id: str) -> dict[str, Any] | None:
        return self._record(await self.redis.get(self.keys.player(player_id)))

    @reachable
    async def player_by_secret(self, secret_hash: str) -> dict[str, Any] | None:
        player_id = await self.redis.get(self.keys.secret(secret_hash))
        if not player_id:
            return None
        raw = await self.redis.get(self.keys.player(player_id))
        if not raw or json.loads(raw).get("secret") != secret_hash:
            return None  # an index entry left by a reset a moment ago
        return self._record(raw)

    @reachable
    async def update_player(
        self, player_id: str, changes: dict[str, Any], secret_hash: str | None = None
    ) -> dict[str, Any] | None:
        key = self.keys.player(player_id)

        async def work(pipe) -> dict[str, Any] | None:
            raw = await pipe.get(key)
            pipe.multi()
            if not raw:
                return None
            stored = json.loads(raw)
            if secret_hash is not None and stored.get("secret") != secret_hash:
                return None
            record = {**stored, **changes}
            record["seen"] = max(record["seen"], time.time())
            pipe.set(key, json.dumps(record), ex=PLAYER_TTL)
            pipe.expire(self.keys.secret(record["secret"]), PLAYER_TTL)
            record.pop("secret")
            return record

        return await self._watched([key], work)

    @reachable
    async def reset_secret(self, player_id: str, secret_hash: str, current: str) -> bool:
        key = self.keys.player(player_id)
        event = {"k": "signed_out", "player": player_id, "keep": fingerprint(secret_hash)}

        async def work(pipe) -> bool:
            raw = await pipe.get(key)
            pipe.multi()
            if not raw:
                return False
            record = json.loads(raw)
            if record.get("secret") != current:
                return False
            pipe.delete(self.keys.secret(record["secret"]))
            record["secret"] = secret_hash
            pipe.set(key, json.dumps(record), ex=PLAYER_TTL)
            pipe.set(self.keys.secret(secret_hash), player_id, ex=PLAYER_TTL)
            pipe.hdel(self.keys.seek_pool, player_id)  # its seek ends with the old secret
            # and a seek on another session than the new one is refused for a while
            pipe.set(self.keys.seek_reset(player_id), fingerprint(secret_hash), px=pairing.RESET_MS)
            pipe.publish(self.keys.events, json.dumps(event))  # in the same transaction
            return True

        return await self._watched([key], work)

    @reachable
    async def note_network(self, player_id: str, tag: str, at: float) -> None:
        key = self.keys.networks(player_id)
        kept = ledger.SHARED_NETWORK_DAYS * 86_400
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zadd(key, {tag: at}, gt=True)
            pipe.zremrangebyscore(key, "-inf", f"({at - kept}")
            pipe.zremrangebyrank(key, 0, -1 - ledger.NETWORKS_KEPT)
            pipe.expire(key, kept)
            await pipe.execute()

    @reachable
    async def networks(self, player_id: str) -> dict[str, float]:
        return dict(await self.redis.zrange(self.keys.networks(player_id), 0, -1, withscores=True))

    @reachable
    async def allow(self, bucket: str, limit: int, window_s: int) -> bool:
        window = int(time.time() // window_s)
        key = self.keys.allowance(bucket, window)
        return bool(await self._allow(keys=[key], args=[limit, window_s]))

    # ---- what finished games change for their players ------------------------------------

    @reachable
    async def record_game(self, replay: dict[str, Any]) -> bool:
        keys = _GameKeys(self.keys, ledger.wanted(replay), replay["id"])

        async def work(pipe) -> bool:
            if await pipe.exists(keys.marker):
                pipe.multi()
                return False
            changes = ledger.settle(replay, **await keys.before(pipe))
            pipe.multi()
            keys.write(pipe, changes)
            return True

        return await self._watched(keys.watched, work)

    @reachable
    async def player_stats(self, player_id: str) -> dict[str, dict[str, Any]]:
        raw = await self.redis.get(self.keys.stats(player_id))
        return json.loads(raw) if raw else {}

    @reachable
    async def player_games(self, player_id: str) -> list[dict[str, Any]]:
        raw = await self.redis.lrange(self.keys.games(player_id), 0, ledger.RECENT_GAMES - 1)
        return [json.loads(g) for g in raw]

    @reachable
    async def player_rating(self, player_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.rating(player_id))
        return json.loads(raw) if raw else None

    @reachable
    async def rating_history(self, player_id: str) -> list[dict[str, Any]]:
        key = self.keys.rating_history(player_id)
        return [json.loads(p) for p in await self.redis.lrange(key, 0, ledger.RATING_HISTORY - 1)]

    @reachable
    async def rating_board(self, limit: int) -> list[dict[str, Any]]:
        if limit <= 0:
            return []
        # Ties in rating go by player id, as in the embedded store: read the whole tie at
        # the edge of the page, then cut.
        top = await self.redis.zrevrange(
            self.keys.rating_board, 0, min(limit, RATING_BOARD) - 1, withscores=True
        )
        if len(top) == limit:
            edge = top[-1][1]
            tied = await self.redis.zrangebyscore(self.keys.rating_board, edge, edge)
            top = [t for t in top if t[1] > edge] + [(p, edge) for p in tied]
        top.sort(key=lambda t: (-t[1], t[0]))
        top = top[:limit]
        bodies = await self._get_each([self.keys.rating(p) for p, _ in top])
        gone = [p for (p, _), b in zip(top, bodies, strict=True) if not b]
        if gone:  # players forgotten by TTL leave the board on the next read
            await self.redis.zrem(self.keys.rating_board, *gone)
        return [{**json.loads(b), "player": p} for (p, _), b in zip(top, bodies, strict=True) if b]


class _GameKeys:
    """The keys one finished game reads and writes (:meth:`RedisPlayers.record_game`): read
    under WATCH, written in the MULTI that follows."""

    def __init__(self, keys: Keys, want: ledger.Wanted, game_id: str) -> None:
        self.k, self.want = keys, want
        self.marker = keys.counted(game_id)
        self.stats = {p: keys.stats(p) for p in want.players}
        self.ratings = {p: keys.rating(p) for p in want.rated or ()}
        self.records = {p: keys.player(p) for p in want.rated or ()}
        self.networks = {p: keys.networks(p) for p in want.rated or ()}
        self.attempts = {p: keys.attempt(*want.board, p) for p in want.players if want.board}
        self.pair = keys.rated_pair(want.day, *ledger.pair_key(want.rated)) if want.rated else None
        self.board = keys.daily_board(*want.board) if want.board else None
        self.watched = [
            self.marker,
            *self.stats.values(),
            *self.ratings.values(),
            *self.attempts.values(),
            *self.records.values(),
            *self.networks.values(),
            *(k for k in (self.pair, self.board) if k is not None),
        ]

    async def before(self, pipe) -> dict[str, Any]:
        """What :func:`server.players.ledger.settle` needs besides the replay, as stored."""

        async def body(key: str) -> Any:
            raw = await pipe.get(key)
            return json.loads(raw) if raw else None

        async def networks(key: str) -> dict[str, float]:
            return dict(await pipe.zrange(key, 0, -1, withscores=True))

        return {
            "stats": {p: await body(key) for p, key in self.stats.items()},
            "ratings": {p: await body(key) for p, key in self.ratings.items()},
            "attempts": {p: await pipe.get(key) for p, key in self.attempts.items()},
            "board_size": int(await pipe.zcard(self.board)) if self.board else 0,
            "addresses": {
                p: with_last(await networks(self.networks[p]), await body(key))
                for p, key in self.records.items()
            },
            "pair_count": int(await pipe.get(self.pair) or 0) if self.pair else 0,
        }

    def write(self, pipe, changes: ledger.Changes) -> None:
        k = self.k
        if changes.pair_counted:
            pipe.incr(self.pair)
            pipe.expire(self.pair, ledger.PAIR_TTL)
        if changes.ranked:
            assert self.want.board is not None
            rows = k.daily_rows(*self.want.board)
            for player, (score, row) in changes.ranked.items():
                pipe.zadd(self.board, {player: -score}, nx=True)
                pipe.hsetnx(rows, player, json.dumps(row))
            pipe.expire(self.board, DAILY_TTL)
            pipe.expire(rows, DAILY_TTL)
        for player, body in changes.ratings.items():
            pipe.set(self.ratings[player], json.dumps(body), ex=PLAYER_TTL)
            if ledger.on_the_board(body):
                pipe.zadd(k.rating_board, {player: body["rating"]})
            else:
                pipe.zrem(k.rating_board, player)
            pipe.zremrangebyrank(k.rating_board, 0, -1 - RATING_BOARD)
        for player, point in changes.history.items():
            _push_last(pipe, k.rating_history(player), point, ledger.RATING_HISTORY)
        for player, body in changes.stats.items():
            pipe.set(self.stats[player], json.dumps(body), ex=PLAYER_TTL)
        for player, game in changes.games.items():
            _push_last(pipe, k.games(player), game, ledger.RECENT_GAMES)
        pipe.set(self.marker, 1, ex=COUNTED_TTL)


def _push_last(pipe, key: str, item: dict[str, Any], keep: int) -> None:
    """Add one of a player's items (games, rating points) and keep the last ``keep``."""
    pipe.lpush(key, json.dumps(item))
    pipe.ltrim(key, 0, keep - 1)
    pipe.expire(key, PLAYER_TTL)
