"""Leases, heartbeats and presence on Redis. A lease is a key with an expiry and a fencing
token, and each group's lease index holds the expiry of each of its rooms' leases (0: lapsed)
by Redis' own clock, read inside the scripts (``now.lua``)."""

from __future__ import annotations

import json

import redis.asyncio as redis

from server.store.base import Unavailable
from server.store.keys import GROUPS, PRESENCE_TTL, Keys, room_group
from server.store.leases import LeaseStore
from server.store.redis_store.client import Concern, reachable, script


class RedisLeases(Concern, LeaseStore):
    """Leases (with ``wait_replicas``, a token is granted once that many replicas hold it),
    nodes' heartbeats and their presence in rooms."""

    def __init__(
        self, client: redis.Redis, keys: Keys, *, wait_replicas: int = 0, wait_ms: int = 500
    ) -> None:
        super().__init__(client, keys)
        self.wait_replicas, self.wait_ms = wait_replicas, wait_ms
        self._acquire = script(client, "acquire")
        self._renew = script(client, "renew")
        self._release = script(client, "release")
        self._lapsed = script(client, "lapsed")
        self._heartbeat = script(client, "heartbeat")
        self._presence = script(client, "presence")

    # ---- leases ----------------------------------------------------------------------------

    @reachable
    async def acquire(self, room_id: str, node: str, ttl_ms: int) -> int | None:
        k = self.keys
        keys = [k.lease(room_id), k.fence(room_id), k.leases(room_group(room_id))]
        args = [node, ttl_ms, room_id]
        if not self.wait_replicas:
            return int(await self._acquire(keys=keys, args=args)) or None
        # A token a fail-over could lose might be granted again to another node: wait until
        # the replicas have it, as for an entry (a write just after it, then WAIT, on the
        # primary of the room's slot: see waited).
        token = await self._acquire(keys=keys, args=args)
        if not token:
            return None
        acked = await self._waited(self.wait_replicas, self.wait_ms, k.wait(room_id))
        if acked < self.wait_replicas:
            raise Unavailable(f"the lease of {room_id} reached {acked} replicas")
        return int(token) or None

    @reachable
    async def renew(self, leases: list[tuple[str, str, int]], ttl_ms: int) -> list[bool]:
        if not leases:
            return []
        k = self.keys
        calls = [
            (
                [k.lease(room_id), k.leases(room_group(room_id))],
                [f"{node}:{token}", ttl_ms, room_id],
            )
            for room_id, node, token in leases
        ]
        return [bool(r) for r in await self._each_script(self._renew, calls)]

    @reachable
    async def release(self, room_id: str, node: str, token: int) -> None:
        k = self.keys
        await self._release(
            keys=[k.lease(room_id), k.leases(room_group(room_id))],
            args=[f"{node}:{token}", room_id],
        )

    @reachable
    async def holders(self, room_ids: list[str]) -> list[str | None]:
        if not room_ids:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for room_id in room_ids:
                pipe.get(self.keys.lease(room_id))
            held = await pipe.execute()
        return [None if h is None else h.rpartition(":")[0] for h in held]

    @reachable
    async def lapsed(self, limit: int) -> list[str]:
        calls = [([self.keys.leases(group)], [limit]) for group in GROUPS]
        found = [
            (float(when), room)
            for flat in await self._each_script(self._lapsed, calls)
            for room, when in zip(flat[::2], flat[1::2], strict=True)
        ]
        return [room for _, room in sorted(found)[:limit]]

    # ---- nodes and presence ------------------------------------------------------------------

    @reachable
    async def heartbeat(self, node: str) -> dict[str, int]:
        now, flat = await self._heartbeat(keys=[self.keys.beats("nodes")], args=[node])
        return {n: int(now) - int(float(s)) for n, s in zip(flat[::2], flat[1::2], strict=True)}

    @reachable
    async def pulse(self, life: str) -> dict[str, int]:
        # the heartbeat's script on the pulses' own sorted set (one key: one slot)
        now, flat = await self._heartbeat(keys=[self.keys.beats("pulses")], args=[life])
        return {n: int(now) - int(float(s)) for n, s in zip(flat[::2], flat[1::2], strict=True)}

    @reachable
    async def leave_cluster(self, node: str) -> None:
        k = self.keys

        async def rooms(pipe, group: int) -> None:
            pipe.smembers(k.node_rooms(node, group))

        found = await self._each_group(rooms)
        async with self.redis.pipeline(transaction=False) as pipe:
            for group, room_ids in zip(GROUPS, found, strict=True):
                for room_id in room_ids:
                    pipe.hdel(k.presence(room_id), node)
                if room_ids:
                    pipe.delete(k.node_rooms(node, group))
            pipe.zrem(k.beats("nodes"), node)
            pipe.zrem(k.beats("pulses"), node)
            await pipe.execute()

    @reachable
    async def set_presence(self, room_id: str, node: str, counts: list[int] | None) -> None:
        k, group = self.keys, room_group(room_id)
        event = json.dumps({"k": "presence", "room": room_id, "node": node, "counts": counts})
        await self._presence(
            keys=[
                k.presence(room_id),
                k.node_rooms(node, group),
                k.lease(room_id),
                k.due(group),
                k.active(group),
            ],
            args=[
                node,
                "" if counts is None else json.dumps(counts),
                room_id,
                PRESENCE_TTL,
                event,
                self.node_channels(room_id),
                self.publish,
            ],
        )

    @reachable
    async def presence(self, room_id: str) -> dict[str, list[int]]:
        raw = await self.redis.hgetall(self.keys.presence(room_id))
        return {node: json.loads(counts) for node, counts in raw.items()}
