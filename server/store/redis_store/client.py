"""What every concern of the Redis store shares: the client (:func:`connect`, one for the
whole store), the failures that mean Redis is away (:data:`UNREACHABLE`, :func:`reachable`),
the Lua scripts (:func:`script`) and the helpers that read every group or run a transaction
(:class:`Concern`).

Each Lua script is a file of lua/, beginning with its KEYS/ARGV contract as comments. A line
``-- include: tell.lua`` in a script stands for the body of that file (what follows its own
contract): the fragments several scripts share (``now.lua``, ``tell.lua``, ``pairing.lua``)
are written once and composed into each script's text before it is registered.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from typing import Any

import redis.asyncio as redis
from redis.asyncio.connection import BlockingConnectionPool
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel, SentinelConnectionPool
from redis.backoff import ExponentialWithJitterBackoff
from redis.commands.core import AsyncScript

from server.store.base import Unavailable
from server.store.keys import GROUPS, Keys

UNREACHABLE = (
    redis.ConnectionError,
    redis.TimeoutError,
    redis.BusyLoadingError,
    redis.ReadOnlyError,
    OSError,
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


class _BlockingSentinelPool(SentinelConnectionPool, BlockingConnectionPool):
    """A pool that follows the primary the sentinels name (SentinelConnectionPool) and waits
    for a free connection (BlockingConnectionPool)."""


def connect(
    url: str | None, sentinels: list[tuple[str, int]] | None = None, service: str = "cardroom"
) -> redis.Redis:
    """A client for one Redis, or for the primary that ``sentinels`` name for ``service``
    (it follows a fail-over). Short timeouts and few retries: a request waits at most about
    two seconds for a Redis that is gone, then is refused as unavailable."""
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
    loaded again by redis-py when Redis answers NOSCRIPT."""
    return client.register_script(source(f"{name}.lua"))


async def waited(client: redis.Redis, replicas: int, ms: int, key: str) -> int:
    """How many replicas hold this connection's writes, waiting up to ``ms`` for
    ``replicas`` of them (-1: Redis refused to wait, as a demoted primary does). WAIT counts
    only the writes made on its own connection: ``key``, a write of nothing that matters made
    just before it, makes it count for every write Redis took before (its place in the
    replication stream comes after theirs)."""
    async with client.pipeline(transaction=False) as pipe:
        pipe.set(key, "", px=1000)
        pipe.execute_command("WAIT", replicas, ms)
        answers = await pipe.execute(raise_on_error=False)
    acked = answers[-1]
    return -1 if isinstance(acked, Exception) else int(acked)


class Concern:
    """One concern of the Redis store: the store's client (shared by all of them) and keys."""

    def __init__(self, client: redis.Redis, keys: Keys) -> None:
        self.redis, self.keys = client, keys

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

    async def _watched(self, keys: list[str], work) -> Any:
        """Run ``await work(pipe)`` under WATCH on ``keys``: it reads, calls ``pipe.multi()``
        and queues its writes; the writes happen only if no watched key changed meanwhile
        (else it runs again on what is there now)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    await pipe.watch(*keys)
                    result = await work(pipe)
                    await pipe.execute()
                    return result
                except redis.WatchError:
                    continue
