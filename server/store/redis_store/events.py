"""The events between nodes on Redis (:meth:`~server.store.redis_store.RedisStore.events`).

On one Redis (or the primary Sentinel names), classic pub/sub: a channel for every node and
one for each node (:func:`plain_events`). On a Redis Cluster, classic PUBLISH is sent to
every node of the cluster and a subscriber hears it on one node only, so the events go by
sharded pub/sub (SPUBLISH, SSUBSCRIBE: Redis 7) on channels of each room group, in the
group's slot (:meth:`~server.store.keys.Keys.group_events`): a script publishes beside the
keys it writes, and only the primary that serves the group carries its events
(:func:`sharded_events`). A node holds one connection to each primary, subscribed to its
groups' channels, and subscribes again everywhere, with a ``resync``, whenever one of them
is lost, falls silent (a primary paused or cut off), is unsubscribed by Redis (its slots
moved: a fail-over or a resharding) or serves slots the cluster client now places on
another primary.

redis-py's own cluster pub/sub moves subscriptions between nodes by itself as slots move; it
does not say when, and an event published meanwhile is lost without the ``resync`` that
makes a node read again what it may have missed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import redis.asyncio as redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import Connection
from redis.exceptions import RedisClusterException

from server.store.base import Event
from server.store.keys import GROUPS, Keys
from server.store.redis_store.client import UNREACHABLE

RESYNC: Event = {"k": "resync"}
HEARD_EVERY = 1.0
"""A connection quiet this long is asked for a PONG."""
SILENCE = 5.0
"""A connection that answered nothing this long (not even a PONG) is taken for lost."""
SUBSCRIBED_WITHIN = 2.0
"""How long a primary has to confirm the subscriptions."""
LOST = (*UNREACHABLE, redis.RedisError, RedisClusterException)
"""What makes the node subscribe again, after a pause (the cluster may be failing over)."""


class _Backoff:
    """Pauses between attempts to subscribe: from 50 ms, doubled up to two seconds."""

    def __init__(self) -> None:
        self.delay = 0.05

    async def pause(self) -> None:
        await asyncio.sleep(self.delay)
        self.delay = min(2.0, self.delay * 2)

    def reset(self) -> None:
        self.delay = 0.05


async def plain_events(
    client: redis.Redis, keys: Keys, node: str, closed: asyncio.Event
) -> AsyncIterator[Event]:
    """Classic pub/sub on the channel of every node and on ``node``'s own, subscribed again
    (with a ``resync``) whenever the connection was lost."""
    backoff = _Backoff()
    while not closed.is_set():
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(keys.events, keys.node_events + node)
            backoff.reset()
            yield RESYNC
            while not closed.is_set():
                message = await pubsub.get_message(timeout=1.0)
                if message is not None and message["type"] == "message":
                    yield json.loads(message["data"])
        except UNREACHABLE:
            await backoff.pause()
        finally:
            with contextlib.suppress(*UNREACHABLE):
                await pubsub.aclose()


async def sharded_events(
    cluster: RedisCluster, keys: Keys, node: str, closed: asyncio.Event
) -> AsyncIterator[Event]:
    """Sharded pub/sub on every group's channel for every node and for ``node``, each on
    the primary that serves the group; subscribed again everywhere (after reading the
    cluster's slots anew, with a ``resync``) whenever any of it was lost."""
    backoff, again = _Backoff(), False
    while not closed.is_set():
        shards: _Shards | None = None
        try:
            await cluster.initialize()  # the client's own first reading of the slots, once
            if again:  # and after a loss, the slots as the cluster has them now
                await cluster.nodes_manager.initialize()
            again = True
            shards = _Shards(cluster, keys, node)
            await shards.subscribe()
            backoff.reset()
            yield RESYNC
            async for event in shards.events(closed):
                yield event
        except LOST:
            await backoff.pause()
        finally:
            if shards is not None:
                await shards.close()


class _Shards:
    """One connection to each primary that serves a group, subscribed to the group's
    channels there; their events on one queue (with the error that ended a connection)."""

    def __init__(self, cluster: RedisCluster, keys: Keys, node: str) -> None:
        self.cluster = cluster
        self.channels = {
            g: (keys.group_events(g), keys.group_node_events(g) + node) for g in GROUPS
        }
        self.served: dict[int, str] = {}  # group -> the primary it was subscribed on
        self.connections: dict[str, Connection] = {}
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.readers: list[asyncio.Task] = []

    def _primary(self, group: int) -> Any:
        return self.cluster.get_node_from_key(self.channels[group][0])

    async def subscribe(self) -> None:
        """SSUBSCRIBE each group's two channels (one slot) on its primary; return once every
        primary confirmed every channel."""
        for group, channels in self.channels.items():
            primary = self._primary(group)
            self.served[group] = primary.name
            if primary.name not in self.connections:
                connection = Connection(
                    host=primary.host,
                    port=primary.port,
                    decode_responses=True,
                    protocol=2,  # messages as replies (RESP3 would hand them to a push handler)
                    socket_connect_timeout=1.0,
                    socket_timeout=SUBSCRIBED_WITHIN,
                )
                self.connections[primary.name] = connection
                await connection.connect()
            await self.connections[primary.name].send_command("SSUBSCRIBE", *channels)
        for name, connection in self.connections.items():
            expected = 2 * sum(1 for served in self.served.values() if served == name)
            while expected:  # events of the groups confirmed first may come in between
                reply = await connection.read_response(timeout=SUBSCRIBED_WITHIN)
                if reply is None:
                    raise redis.TimeoutError(f"{name} did not confirm the subscriptions")
                if reply[0] == "ssubscribe":
                    expected -= 1
                elif reply[0] == "smessage":
                    self.queue.put_nowait(json.loads(reply[2]))
        self.readers = [asyncio.ensure_future(self._read(c)) for c in self.connections.values()]

    async def _read(self, connection: Connection) -> None:
        """Put each event this connection hears on the queue; on its end, the error."""
        heard = time.monotonic()
        try:
            while True:
                message = await connection.read_response(timeout=HEARD_EVERY)
                if message is None:  # quiet: is the primary still there?
                    if time.monotonic() - heard > SILENCE:
                        raise redis.TimeoutError(f"{connection.host}:{connection.port} is silent")
                    await connection.send_command("PING")
                    continue
                heard = time.monotonic()
                if message[0] == "smessage":
                    self.queue.put_nowait(json.loads(message[2]))
                elif message[0] == "sunsubscribe":  # Redis moved the slot away
                    raise redis.ConnectionError(f"{message[1]} was unsubscribed")
        except Exception as ended:
            self.queue.put_nowait(ended)

    def moved(self) -> bool:
        """Whether the cluster client places a group on another primary than the one its
        channels were subscribed on (it learnt of a fail-over or a resharding)."""
        try:
            return any(self._primary(g).name != name for g, name in self.served.items())
        except RedisClusterException:  # a slot not covered: the cluster is failing over
            return True

    async def events(self, closed: asyncio.Event) -> AsyncIterator[Event]:
        """The events heard, until ``closed``; raises what ended a connection, returns if
        the slots moved."""
        checked = time.monotonic()
        while not closed.is_set():
            item = None
            with contextlib.suppress(TimeoutError):
                # asyncio.timeout, not wait_for: Python 3.11's wait_for loses a cancellation
                # that comes as the queue hands it an item, and the node never stops listening
                async with asyncio.timeout(HEARD_EVERY):
                    item = await self.queue.get()
            if isinstance(item, Exception):
                raise item
            if item is not None:
                yield item
            if time.monotonic() - checked > HEARD_EVERY:
                checked = time.monotonic()
                if self.moved():
                    return

    async def close(self) -> None:
        for reader in self.readers:
            reader.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)
        for connection in self.connections.values():
            with contextlib.suppress(Exception):
                await connection.disconnect()
