"""Players on Redis: records and their secrets' entries, allowances, networks (their results:
:mod:`.results`). A record and its secret's entry are in two slots: each write here touches
one, and the order of the steps of a reset (:meth:`RedisPlayers.reset_secret`) leaves every
state between them safe."""

from __future__ import annotations

import json
import time
from typing import Any

import redis.asyncio as redis

from server.store.base import DEFAULT_LIMITS, Conflict, Limits, fingerprint
from server.store.keys import PLAYER_TTL, Keys
from server.store.players import PlayerStore, allowance_window
from server.store.redis_store.client import Concern, Step, reachable, script


class RedisPlayers(Concern, PlayerStore):
    """Players' identities, allowances and networks."""

    def __init__(self, client: redis.Redis, keys: Keys, limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__(client, keys)
        self._limits = limits
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
        while True:
            raw = await self.redis.get(key)
            if not raw:
                return None
            stored = json.loads(raw)
            if secret_hash is not None and stored.get("secret") != secret_hash:
                return None
            record = {**stored, **changes}
            record["seen"] = max(record["seen"], time.time())
            step = Step().check("GET", key, answer=raw)
            if await self._apply(step.write("SET", key, json.dumps(record), "EX", PLAYER_TTL)):
                break
        secret = record.pop("secret")
        # The secret's entry lives as long as its record: in a slot of its own, after it.
        await self.redis.expire(self.keys.secret(secret), PLAYER_TTL)
        return record

    @reachable
    async def reset_secret(self, player_id: str, secret_hash: str, current: str) -> bool:
        """In steps, each in one slot, in this order:

        0. A look at the record: a session that has ended (``current`` is not the secret)
           changes nothing, not even the pool (its reset is refused).
        1. The pool (``{seeks}``), in one step: the player's seek leaves it, and the reset
           mark (the new secret's fingerprint, RESET_MS) refuses from now on any seek made
           on another session. After this, no seek of the old session is in the pool or can
           enter it.
        2. The commit, a compare-and-set: the record's secret becomes the new one if it is still
           ``current``. From here the old secret reaches nobody: :meth:`player_by_secret`
           and :meth:`update_player` check the record's secret. Else False: another reset
           from ``current`` (a second socket on the same secret) committed between step 0
           and here; it did step 1 as well, so the pool holds no seek of the old session.
           If this step 1 came after that one, the mark names this call's secret, which
           nobody will hold: the player's seeks are refused until it lapses (RESET_MS), a
           wait in a race of two resets of one player, and no seek pairs that should not.
        3. The secrets' index: the old entry goes, the new one is written (until then the new
           secret reaches nobody, and nobody holds it yet: it is answered after this).
        4. Every node is told (``signed_out``).

        Step 1 comes before the commit so that no seek made on the old session is paired once
        the secret is reset: were it after, a seek whose check passed just before the commit
        could be paired between the two. A stop anywhere leaves no seek of the old session
        pairable after the commit, and at worst an index entry that names a record whose
        secret is another (ignored, and expiring)."""
        k = self.keys
        raw = await self.redis.get(k.player(player_id))
        if not raw or json.loads(raw).get("secret") != current:
            return False
        mark = fingerprint(secret_hash)
        pool = Step().write("HDEL", k.seek_pool, player_id).write("INCR", k.seek_version)
        reset_ms = self._limits.reset_ms
        await self._apply(pool.write("SET", k.seek_reset(player_id), mark, "PX", reset_ms))
        if not await self._commit_secret(player_id, secret_hash, current):
            return False
        await self.redis.delete(k.secret(current))
        await self.redis.set(k.secret(secret_hash), player_id, ex=PLAYER_TTL)
        event = {"k": "signed_out", "player": player_id, "keep": fingerprint(secret_hash)}
        await self.tell_everyone(event)
        return True

    async def _commit_secret(self, player_id: str, secret_hash: str, current: str) -> bool:
        """Step 2 of :meth:`reset_secret`: the record's secret, if still ``current``."""
        key = self.keys.player(player_id)
        while True:
            raw = await self.redis.get(key)
            if not raw or json.loads(raw).get("secret") != current:
                return False
            record = json.dumps({**json.loads(raw), "secret": secret_hash})
            step = Step().check("GET", key, answer=raw)
            if await self._apply(step.write("SET", key, record, "EX", PLAYER_TTL)):
                return True

    @reachable
    async def note_network(self, player_id: str, tag: str, at: float) -> None:
        key = self.keys.networks(player_id)
        kept = self._limits.shared_network_days * 86_400
        step = Step().write("ZADD", key, "GT", repr(at), tag)
        step.write("ZREMRANGEBYSCORE", key, "-inf", f"({at - kept!r}")
        step.write("ZREMRANGEBYRANK", key, 0, -1 - self._limits.networks_kept)
        await self._apply(step.write("EXPIRE", key, kept))

    @reachable
    async def networks(self, player_id: str) -> dict[str, float]:
        return dict(await self.redis.zrange(self.keys.networks(player_id), 0, -1, withscores=True))

    @reachable
    async def allow(self, bucket: str, limit: int, window_s: int) -> bool:
        window, _ = allowance_window(window_s, time.time())
        key = self.keys.allowance(bucket, window)
        return bool(await self._allow(keys=[key], args=[limit, window_s]))
