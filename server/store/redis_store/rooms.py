"""Rooms on Redis: each room's meta, log, fence and deadlines in the room's group, with the
group's indexes of rooms (:mod:`server.store.keys`); and the lobby, whose summaries live in
the rooms' groups too."""

from __future__ import annotations

import json
import time
from typing import Any

import redis.asyncio as redis

from server.store.base import Conflict, Entry, Fenced, Unavailable, check_deadline
from server.store.keys import (
    DEADLINES_PER_ROOM,
    FINISHED_ROOM_TTL,
    GROUPS,
    REPLAY_SHARE,
    REPLAY_TTL,
    Keys,
    room_group,
)
from server.store.redis_store.batches import Batches
from server.store.redis_store.client import Concern, reachable, script
from server.store.rooms import LobbyStore, RoomStore


class RedisLobby(Concern, LobbyStore):
    """The lobby: each public room's summary in its group's hash, and one version for all.

    The lobby lives in the rooms' groups: each room's summary in its group's hash, written
    by scripts that see the room's active set (a late write after the room's end lists
    nothing; finishing unlists it in the same script). Its version is one counter beside
    the groups, taken after the write; the event then carries the room's summary as read
    after the version was taken:

    - a snapshot reads the version, then the groups: every change with a version up to
      the one it read was written before that, so is in what it reads (or a later one is);
    - a change with a later version is told after, with the room as it stands once that
      version was taken: in order of version, the last event about a room is at least as
      new as every change told before it, in whatever order writes and versions came.

    So a mirror that reads a snapshot, then applies the events after its version in order
    (reading again at a gap), holds what the store holds (server.services.lobby). A node
    that dies between a write and its telling leaves that change untold until the room's
    next one or a mirror's next read; a finish tried again tells again."""

    def __init__(self, client: redis.Redis, keys: Keys) -> None:
        super().__init__(client, keys)
        self._put = script(client, "lobby_put")
        self._event = script(client, "lobby_event")

    @reachable
    async def put(self, room_id: str, summary: dict[str, Any] | None) -> None:
        k, g = self.keys, room_group(room_id)
        body = "" if summary is None else json.dumps(summary)
        if await self._put(keys=[k.lobby(g), k.active(g)], args=[room_id, body]):
            await self.tell(room_id)

    async def tell(self, room_id: str) -> None:
        """Take a new version for a change of the room's summary, then tell it (two steps,
        in this order: see above). Also :meth:`RedisRooms.finish_room`'s, for a room that
        left the lobby as it finished."""
        k = self.keys
        version = await self.redis.incr(k.lobby_version)
        g = room_group(room_id)
        channel = self.everyone_channel(g)
        await self._event(keys=[k.lobby(g)], args=[room_id, version, channel, self.publish])

    @reachable
    async def snapshot(self) -> tuple[int, dict[str, dict[str, Any]]]:
        version = int(await self.redis.get(self.keys.lobby_version) or 0)  # first: see above

        async def listed(pipe, group: int) -> None:
            pipe.hgetall(self.keys.lobby(group))

        rooms = {
            room: json.loads(body)
            for listing in await self._each_group(listed)
            for room, body in listing.items()
        }
        return version, rooms


class RedisRooms(Concern, RoomStore):
    """Rooms and their logs; appends go in batches (:class:`~.batches.Batches`), and with
    ``wait_replicas`` an entry is acknowledged once that many replicas hold it."""

    def __init__(
        self,
        client: redis.Redis,
        keys: Keys,
        lobby: RedisLobby,
        *,
        wait_replicas: int = 0,
        wait_ms: int = 500,
        spacing: float = 0.0,
    ) -> None:
        super().__init__(client, keys)
        self.lobby = lobby  # told when a finished room leaves it
        self.wait_replicas, self.wait_ms = wait_replicas, wait_ms
        self._append = script(client, "append")
        self._create = script(client, "create")
        self._replay = script(client, "replay")
        self._finish = script(client, "finish")
        self._set_deadline = script(client, "set_deadline")
        self._due = script(client, "due")
        wait = (wait_replicas, wait_ms) if wait_replicas else None
        self._appends = Batches(client, self._append, wait, spacing)

    async def flush(self) -> None:
        """Send the appends waiting for the spacing, and wait for those on their way."""
        await self._appends.flush()

    @reachable
    async def create_room(self, room_id: str, meta: dict[str, Any]) -> None:
        k, g = self.keys, room_group(room_id)
        created = await self._create(
            keys=[k.room_meta(room_id), k.active(g), k.leases(g)],
            args=[room_id, json.dumps(meta)],
        )
        if not created:
            raise Conflict(f"room {room_id} exists")

    @reachable
    async def room_meta(self, room_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.room_meta(room_id))
        return json.loads(raw) if raw else None

    @reachable
    async def append(
        self, room_id: str, index: int, entry: Entry, fence: int | None = None, node: str = ""
    ) -> None:
        body = json.dumps(entry)
        event = f'{{"k":"entry","room":{json.dumps(room_id)},"index":{index},"entry":{body}}}'
        k = self.keys
        keys = [k.room_log(room_id), k.fence(room_id), k.lease(room_id), k.presence(room_id)]
        fenced = "" if fence is None else str(fence)
        args = [index, body, fenced, event, self.node_channels(room_id), node, self.publish]
        if self.clustered:  # one by one, each to its slot's primary (no scripts in pipelines)
            done, acked = await self._append(keys=keys, args=args), None
            if done == 1 and self.wait_replicas:
                acked = await self._waited(self.wait_replicas, self.wait_ms, k.wait(room_id))
        else:
            done, acked = await self._appends.append(keys, args)
        if done == -1:
            raise Conflict(f"entry {index} of {room_id} is taken")
        if done == -2:
            raise Fenced(f"a newer driver holds {room_id}")
        if acked is not None and acked < self.wait_replicas:
            # On the primary, not yet on a replica: a fail-over now could lose it, so it is
            # not acknowledged (a retry with the same command id is safe either way).
            raise Unavailable(f"entry {index} of {room_id} reached {acked} replicas")

    @reachable
    async def durable(self, room_id: str) -> None:
        if self.wait_replicas:
            acked = await self._waited(self.wait_replicas, self.wait_ms, self.keys.wait(room_id))
            if acked < self.wait_replicas:
                raise Unavailable(f"the log of {room_id} reached {acked} replicas")

    @reachable
    async def log(self, room_id: str, start: int = 0) -> list[Entry]:
        raw = await self.redis.lrange(self.keys.room_log(room_id), start, -1)
        return [json.loads(x) for x in raw]

    @reachable
    async def lengths(self, room_ids: list[str]) -> list[int]:
        if not room_ids:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for room_id in room_ids:
                pipe.llen(self.keys.room_log(room_id))
            return [int(n) for n in await pipe.execute()]

    @reachable
    async def active_rooms(self) -> list[str]:
        async def members(pipe, group: int) -> None:
            pipe.smembers(self.keys.active(group))

        return sorted(room for rooms in await self._each_group(members) for room in rooms)

    @reachable
    async def active_count(self) -> int:
        async def count(pipe, group: int) -> None:
            pipe.scard(self.keys.active(group))

        return sum(int(n) for n in await self._each_group(count))

    @reachable
    async def is_active(self, room_id: str) -> bool:
        return bool(await self.redis.sismember(self.keys.active(room_group(room_id)), room_id))

    @reachable
    async def deadlines(self, room_id: str) -> dict[str, int]:
        raw = await self.redis.hgetall(self.keys.deadlines(room_id))
        return {name: int(start) for name, start in raw.items()}

    @reachable
    async def set_deadline(
        self, room_id: str, name: str, start_ms: int | None, period_ms: int | None = None
    ) -> int | None:
        check_deadline(name, start_ms)
        k, g = self.keys, room_group(room_id)
        if start_ms is None:
            await self.redis.hdel(k.deadlines(room_id), name)
            return None
        start = await self._set_deadline(
            keys=[k.deadlines(room_id), k.active(g), k.due(g)],
            args=[room_id, name, start_ms, DEADLINES_PER_ROOM, _ms(period_ms)],
        )
        if start == -1:
            raise ValueError(f"room {room_id} holds {DEADLINES_PER_ROOM} deadlines already")
        return None if start is None else int(start)

    # ---- the deadline index ----------------------------------------------------------------

    @reachable
    async def due(self, now_ms: int, limit: int, groups: list[int] | None = None) -> list[str]:
        chosen = list(GROUPS) if groups is None else sorted(set(groups))
        if not chosen:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for group in chosen:
                pipe.zrange(
                    self.keys.due(group), "-inf", int(now_ms), byscore=True, offset=0, num=limit,
                    withscores=True,
                )  # fmt: skip
            found = [(float(when), room) for rows in await pipe.execute() for room, when in rows]
        return [room for _, room in sorted(found)]

    @reachable
    async def set_due(self, room_id: str, due_ms: int | None) -> None:
        k, g = self.keys, room_group(room_id)
        await self._due(keys=[k.due(g), k.active(g)], args=[room_id, _ms(due_ms), ""])

    @reachable
    async def look_by(self, room_id: str, due_ms: int) -> None:
        k, g = self.keys, room_group(room_id)
        await self._due(keys=[k.due(g), k.active(g)], args=[room_id, _ms(due_ms), "LT"])

    @reachable
    async def finish_room(self, room_id: str, replay: dict[str, Any] | None) -> None:
        # Refuse a bad time before any write.
        finished_at = float(replay.get("finished_at", time.time())) if replay else 0.0
        k, g = self.keys, room_group(room_id)
        game = replay["id"] if replay else room_id
        stored = ["", 0, "", 0, 0]
        if replay:
            stored = [json.dumps(replay), finished_at, game, REPLAY_TTL, REPLAY_SHARE]
        if room_group(game) != g:
            # A game id that is not its room's (never so in the server): its replay is in
            # another slot, stored first (finishing again stores it again).
            await self._replay(keys=[k.replay(game), k.replays(room_group(game))], args=stored)
            game, stored[0] = room_id, ""
        tell = await self._finish(
            keys=[
                k.room_meta(room_id),
                k.room_log(room_id),
                k.lease(room_id),
                k.fence(room_id),
                k.deadlines(room_id),
                k.active(g),
                k.leases(g),
                k.lobby(g),
                k.replay(game),
                k.replays(g),
                k.due(g),
            ],
            args=[room_id, FINISHED_ROOM_TTL, *stored],
        )
        if tell:
            await self.lobby.tell(room_id)


def _ms(ms: int | None) -> str:
    """A time or a period in whole ms as a script's argument ('': none)."""
    if ms is None:
        return ""
    if not isinstance(ms, int) or isinstance(ms, bool):
        raise ValueError(f"a time in the deadline index is a whole number of ms: {ms!r}")
    return str(ms)
