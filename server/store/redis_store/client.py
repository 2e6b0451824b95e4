"""What every concern of the Redis store shares: the client (:func:`connect`, one for the
whole store), the failures that mean Redis is away (:data:`UNREACHABLE`, :func:`reachable`),
the Lua scripts (:func:`script`) and the helpers that read every group or run a transaction
(:class:`Concern`).

Each Lua script is a file of lua/, beginning with its KEYS/ARGV contract as comments. A line
``-- include: tell.lua`` in a script stands for the body of that file (what follows its own
contract): the fragments several scripts share (``now.lua``, ``tell.lua``)
are written once and composed into each script's text before it is registered.
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
import weakref
from importlib import resources
from typing import Any

import redis.asyncio as redis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.connection import BlockingConnectionPool, Connection
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel, SentinelConnectionPool
from redis.backoff import ExponentialWithJitterBackoff
from redis.commands.core import AsyncScript
from redis.exceptions import ClusterDownError, SlotNotCoveredError, TryAgainError

from server.store.base import Unavailable
from server.store.keys import GROUPS, Keys, room_group

UNREACHABLE = (
    redis.ConnectionError,
    redis.TimeoutError,
    redis.BusyLoadingError,
    redis.ReadOnlyError,
    OSError,
    # A Redis Cluster that serves no slot for a while: a primary failed and its replica not
    # yet elected in its place (CLUSTERDOWN from every primary, MASTERDOWN), or a slot on
    # the move. redis-py retries these for a few seconds and then raises them; they are
    # Redis away as much as a refused connection is (an election that failed once is tried
    # again only after twice the fail-over timeout, about 4 s here).
    ClusterDownError,
    SlotNotCoveredError,
    TryAgainError,
)


def reachable(method):
    """Report a Redis that cannot be reached as :class:`Unavailable`."""

    @functools.wraps(method)
    async def wrapper(*args, **kwargs):
        try:
            return await method(*args, **kwargs)
        except UNREACHABLE as lost:
            raise Unavailable(str(lost) or type(lost).__name__) from None

    return wrapper


POOL_CONNECTIONS = 64
"""Connections to Redis one node holds at most (Redis runs one command at a time: more would
not make it faster). A command waits up to POOL_WAIT seconds for a free one. redis-py's own
pool refuses a command at once when a hundred are in use: under a burst of requests (100
clients setting up rooms together) every one past the hundredth failed as unavailable."""
POOL_WAIT = 2.0
CLUSTER_CONNECTIONS = 1024
"""Connections to each primary of a cluster one node may hold: redis-py's cluster client has
no pool that waits for a free connection, and its answer to running out (an error, then a
retry) must not come into a burst of requests."""


class _Connection(Connection):
    """A connection that reports a command written on it after it was closed under it as the
    lost connection it is (``ConnectionError``), before a byte is sent.

    While a primary is failing over, redis-py closes a cluster client's connections to start
    afresh (:class:`_Cluster`), and a connection a second command was still setting up
    (its ``HELLO`` on the way) is among them. That command's write then found no writer
    (AttributeError, on asyncio's loop) or a closed transport (RuntimeError "the handler is
    closed", on uvloop, which the server runs): neither is an error redis-py retries or the
    store reports as Redis away, so a player's action was answered ``internal``. A
    ``ConnectionError`` is retried on the cluster's new map; nothing was sent, so the retry
    cannot apply the command twice."""

    async def _send_packed_command(self, command: Any) -> None:
        # (redis-py writes through this method when a socket timeout is set, as every client
        # of the store's has; without one it writes inline and this check would not run)
        writer = self._writer
        if writer is None or writer.transport.is_closing():
            raise redis.ConnectionError("the connection was closed before the command was sent")
        await super()._send_packed_command(command)


class _Cluster(RedisCluster):
    """redis-py's cluster client with what the store needs of it besides:

    - connections that report a write after they were closed under it as lost
      (:class:`_Connection`), which redis-py retries on the cluster's new map;
    - scripts loaded on every primary before their first call (:class:`_ClusterScript`);
    - a plain client of each primary (:meth:`primary`), for what must run on one connection
      to it (a write and the WAIT that follows it), its connections closed with this client's
      (the client itself kept: redis-py closes this client to start afresh, and serves on);
    - the closing of the nodes a fail-over took out of its maps waited for when it closes:
      redis-py closes a dropped node's idle connections in a task it never waits for."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # redis-py's cluster client takes no connection class: every node it makes from
        # now on is made with these arguments, and the start-up nodes it already made have
        # no connection yet.
        self.nodes_manager.connection_kwargs["connection_class"] = _Connection
        for node in self.nodes_manager.startup_nodes.values():
            node.connection_class = _Connection
        self._primaries: dict[tuple[str, int], redis.Redis] = {}

    def register_script(self, script: Any) -> Any:
        return _ClusterScript(self, super().register_script(script))

    def primary(self, host: str, port: int) -> redis.Redis:
        if (host, port) not in self._primaries:
            pool = _EveryConnectionPool(
                host=host, port=port, decode_responses=True, socket_timeout=2.0,
                socket_connect_timeout=1.0, connection_class=_Connection,
            )  # fmt: skip
            self._primaries[host, port] = redis.Redis(connection_pool=pool)
        return self._primaries[host, port]

    async def aclose(self) -> None:
        # redis-py calls this itself to start afresh, and goes on serving: on CLUSTERDOWN
        # (40 to 70 times while a dead primary's replica is not yet elected), every few
        # MOVED, a pipeline's connection error. The primaries' clients are kept, their
        # connections closed: a command under way goes on through its client, and a
        # connection it opens after (one still being opened as the pool closed, which the
        # closing skips: not connected yet) is closed by the next call. Forgotten here, such
        # a client's pool was closed by no one (the fail-over test, 1 run in 8: 5 sockets
        # to one primary left open after the store was closed).
        await asyncio.gather(
            *(client.aclose(close_connection_pool=True) for client in self._primaries.values()),
            return_exceptions=True,
        )
        await super().aclose()
        await asyncio.gather(*self.nodes_manager._background_tasks, return_exceptions=True)


class _EveryConnectionPool(redis.ConnectionPool):
    """A pool that closes every connection it ever made when it is closed. redis-py's pool
    closes those it holds as free or in use; a write and its WAIT to a primary killed with
    kill -9, cut off by the caller's timeout, left one that was in neither, still open after
    the client was closed (the fail-over test, 2 runs of 5, each such connection made by
    :func:`waited`'s pipeline)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._made: weakref.WeakSet = weakref.WeakSet()

    def make_connection(self) -> Any:
        connection = super().make_connection()
        self._made.add(connection)
        return connection

    async def disconnect(self, inuse_connections: bool = True) -> None:
        try:
            await super().disconnect(inuse_connections)
        finally:
            if inuse_connections:
                left = [c for c in self._made if c.is_connected]
                await asyncio.gather(*(c.disconnect() for c in left), return_exceptions=True)


class _BlockingSentinelPool(SentinelConnectionPool, BlockingConnectionPool):
    """A pool that follows the primary the sentinels name (SentinelConnectionPool) and waits
    for a free connection (BlockingConnectionPool)."""


def connect(
    url: str | None,
    sentinels: list[tuple[str, int]] | None = None,
    service: str = "cardroom",
    cluster_nodes: list[tuple[str, int]] | None = None,
) -> redis.Redis:
    """A client for one Redis, for the primary that ``sentinels`` name for ``service`` (it
    follows a fail-over), or for the Redis Cluster that ``cluster_nodes`` belong to (it
    follows the slots as they move, and a primary's fail-over). Short timeouts and few
    retries: a request waits at most about two seconds for a Redis that is gone, then is
    refused as unavailable."""
    if cluster_nodes:
        return _Cluster(
            startup_nodes=[ClusterNode(host, port) for host, port in cluster_nodes],
            decode_responses=True,
            socket_timeout=2.0,
            socket_connect_timeout=1.0,
            retry=Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.5), 6),
            max_connections=CLUSTER_CONNECTIONS,
        )  # type: ignore[return-value]
    options: dict[str, Any] = {
        "decode_responses": True,
        "socket_timeout": 2.0,
        "socket_connect_timeout": 1.0,
        "retry": Retry(ExponentialWithJitterBackoff(base=0.02, cap=0.5), 3),
        "health_check_interval": 10,
        "max_connections": POOL_CONNECTIONS,
        "timeout": POOL_WAIT,
    }
    if sentinels:
        sentinel = Sentinel(sentinels, socket_timeout=1.0, socket_connect_timeout=1.0)
        return sentinel.master_for(service, connection_pool_class=_BlockingSentinelPool, **options)
    assert url is not None
    return redis.Redis.from_pool(BlockingConnectionPool.from_url(url, **options))  # owns it


_INCLUDE = re.compile(r"-- include: (\S+\.lua)\n?")


@functools.cache
def source(name: str) -> str:
    """The text of the script ``lua/<name>``: its lines after the contract (the comments it
    begins with), each ``-- include:`` line replaced by the text of the file it names."""
    text = resources.files(__package__).joinpath("lua", name).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    while lines and lines[0].startswith("--") and not _INCLUDE.fullmatch(lines[0]):
        lines.pop(0)
    return "".join(
        source(found[1]) if (found := _INCLUDE.fullmatch(line)) else line for line in lines
    )


def script(client: redis.Redis, name: str) -> AsyncScript:
    """The script ``lua/<name>.lua`` registered on ``client``: called by its SHA (EVALSHA),
    loaded again by redis-py when Redis answers NOSCRIPT (on a cluster, loaded on every
    primary before its first call: :class:`_Cluster`)."""
    return client.register_script(source(f"{name}.lua"))


class _ClusterScript:
    """A script of a cluster client, loaded on every primary (SCRIPT LOAD goes to each)
    before it is first called. redis-py's own answer to NOSCRIPT, a load from each caller
    that met it, broke under a burst of calls: the connections of the others were closed
    under them, and a call whose effect was already made was sent again (a room created
    twice was told it existed). A primary that takes over from another holds the scripts
    its primary loaded (they are replicated); one that lost them is loaded by redis-py."""

    def __init__(self, client: Any, registered: AsyncScript) -> None:
        self.client, self.registered = client, registered
        self.sha = registered.sha
        self._loaded: asyncio.Future | None = None

    async def __call__(self, keys: Any = (), args: Any = (), client: Any = None) -> Any:
        if self._loaded is None or (self._loaded.done() and self._loaded.exception()):
            self._loaded = asyncio.ensure_future(self.client.script_load(self.registered.script))
        await asyncio.shield(self._loaded)
        return await self.registered(keys=keys, args=args)


async def waited(client: redis.Redis, replicas: int, ms: int, key: str) -> int:
    """How many replicas hold this connection's writes, waiting up to ``ms`` for
    ``replicas`` of them (-1: Redis refused to wait, as a demoted primary does). WAIT counts
    only the writes made on its own connection: ``key``, a write of nothing that matters made
    just before it, makes it count for every write Redis took before (its place in the
    replication stream comes after theirs)."""
    async with client.pipeline(transaction=False) as pipe:
        pipe.set(key, "", px=1000)
        pipe.execute_command("WAIT", replicas, ms)
        written, acked = await pipe.execute(raise_on_error=False)
    # A write refused (a demoted primary; on a cluster, a slot served elsewhere now) counts
    # no replica: whoever asked answers "unavailable", and a retry finds the new primary.
    if isinstance(written, Exception) or isinstance(acked, Exception):
        return -1
    return int(acked)


class Concern:
    """One concern of the Redis store: the store's client (shared by all of them) and keys."""

    def __init__(self, client: redis.Redis, keys: Keys) -> None:
        self.redis, self.keys = client, keys
        self._step: AsyncScript | None = None

    async def _each_group(self, command) -> list[Any]:
        """``command(pipe, group)`` for every group, in one pipeline: their answers."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for group in GROUPS:
                await command(pipe, group)
            return await pipe.execute()

    async def _get_each(self, keys: list[str]) -> list[str | None]:
        """GET of each key, in one pipeline (one MGET must keep to one slot)."""
        if not keys:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.get(key)
            return await pipe.execute()

    @property
    def clustered(self) -> bool:
        return isinstance(self.redis, RedisCluster)

    @property
    def publish(self) -> str:
        """How a script publishes: PUBLISH on one Redis; on a cluster SPUBLISH, on a channel
        in the slot of the keys the script writes (:mod:`.events`)."""
        return "SPUBLISH" if self.clustered else "PUBLISH"

    def node_channels(self, room_id: str) -> str:
        """The start of each node's own channel for the events of ``room_id``."""
        if self.clustered:
            return self.keys.group_node_events(room_group(room_id))
        return self.keys.node_events

    def everyone_channel(self, group: int) -> str:
        """The channel of the events for every node that the group's scripts tell."""
        return self.keys.group_events(group) if self.clustered else self.keys.events

    async def tell_everyone(self, event: dict[str, Any]) -> None:
        """Publish ``event`` to every node (on a cluster, on the channel of a group chosen by
        the event's text, so that such events spread over the primaries)."""
        body = json.dumps(event)
        if self.clustered:
            await self.redis.spublish(self.everyone_channel(room_group(body)), body)
        else:
            await self.redis.publish(self.keys.events, body)

    async def _each_script(self, script: AsyncScript, calls: list[tuple[list, list]]) -> list:
        """``script`` once for each ``(keys, args)``: in one pipeline on one Redis; on a
        cluster, which runs no script in a pipeline, each on its own, all at once (each to
        the primary of its keys' slot)."""
        if self.clustered:
            return list(await asyncio.gather(*(script(keys=k, args=a) for k, a in calls)))
        async with self.redis.pipeline(transaction=False) as pipe:
            for keys, args in calls:
                await script(keys=keys, args=args, client=pipe)
            return await pipe.execute()

    async def _waited(self, replicas: int, ms: int, key: str) -> int:
        """:func:`waited` on the Redis that holds ``key``'s slot: on a cluster, the primary
        that serves it now (WAIT counts one primary's replicas, on one connection)."""
        if not self.clustered:
            return await waited(self.redis, replicas, ms, key)
        node = self.redis.get_node_from_key(key)  # type: ignore[attr-defined]
        primary = self.redis.primary(node.host, node.port)  # type: ignore[attr-defined]
        return await waited(primary, replicas, ms, key)

    async def _apply(self, step: Step) -> bool:
        """Write ``step`` if its checks still hold (lua/step.lua): whether it was written."""
        if self._step is None:
            self._step = script(self.redis, "step")
        checks, writes = json.dumps(step.checks), json.dumps(step.writes)
        return bool(await self._step(keys=step.keys, args=[checks, writes]))


class Step:
    """What a step of the store read (``check``: a command and the answer it gave) and what
    it writes if none of those answers changed (``write``), as lua/step.lua runs it: on one
    Redis or a cluster alike, one slot, atomic."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.checks: list[list[Any]] = []
        self.writes: list[list[Any]] = []

    def _key(self, key: str) -> int:
        if key not in self.keys:
            self.keys.append(key)
        return self.keys.index(key) + 1

    def check(self, command: str, key: str, *args: Any, answer: str | None) -> Step:
        self.checks.append([command, self._key(key), *map(str, args), answer])
        return self

    def write(self, command: str, key: str, *args: Any) -> Step:
        self.writes.append([command, self._key(key), *map(str, args)])
        return self
