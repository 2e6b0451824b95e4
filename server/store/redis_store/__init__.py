"""The Redis store (``REDIS_URL``, ``REDIS_SENTINELS`` or ``REDIS_CLUSTER_NODES``): shared by
every server node.

One module per concern (:mod:`.rooms` with the lobby, :mod:`.leases`, :mod:`.players`,
:mod:`.results`, :mod:`.dailies`, :mod:`.replays`, :mod:`.seeks`, :mod:`.friends`), each on
the one client of the store, with what they share in :mod:`.client`; :class:`RedisStore` holds
them and carries the events.

Read-modify-write happens inside Lua scripts called by SHA (``register_script``), each a
file of lua/ that begins with its KEYS/ARGV contract, or, where rules in Python decide what
is written (a player's record, a player's results, a rematch offer), as a compare-and-set:
what the step read is read again by lua/step.lua, which writes only if it is unchanged
(WATCH and MULTI are not for a cluster: redis-py's cluster client runs them by blocking the
loop).
Times that nodes compare (lease expiries, heartbeats) are read from Redis' own clock
(``TIME``) inside the scripts, so nodes whose clocks disagree still agree on who holds a
lease.

Every failure to reach Redis surfaces as :class:`Unavailable`: the caller cannot know whether a
write took effect, and the compare-and-set of the log makes a retry safe.

On a Redis Cluster (:mod:`server.store.keys`) every script touches the keys of one slot: a
room's with its group's indexes, a player's results, quick pairing's, a day's board. What
reads every group does so with single-key commands in a pipeline. What spans slots is done
as steps, each in one slot, in an order that leaves every state between them safe: the
lobby's version (the one counter outside the groups) is taken after a lobby change is
written in the room's group and before it is told (:meth:`RedisLobby.put`); a player's
secret is reset seeks first, then the record, then the secrets' entries
(:meth:`~RedisPlayers.reset_secret`); a finished game is counted one player at a time
(:mod:`server.host.settlement`). The client is then redis-py's ``RedisCluster``
(:func:`~.client.connect`): scripts go one by one where a cluster takes none in a pipeline,
a WAIT goes to the primary that serves the room's slot, and events go by sharded pub/sub on
channels in the slots of the groups they are about (:mod:`.events`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import redis.asyncio as redis
from redis.asyncio.cluster import RedisCluster

from server.store import Store
from server.store.base import DEFAULT_LIMITS, Event, Limits
from server.store.keys import Keys
from server.store.redis_store.client import UNREACHABLE, connect
from server.store.redis_store.dailies import RedisDailies
from server.store.redis_store.events import plain_events, sharded_events
from server.store.redis_store.friends import RedisFriends
from server.store.redis_store.leases import RedisLeases
from server.store.redis_store.players import RedisPlayers
from server.store.redis_store.replays import RedisReplays
from server.store.redis_store.results import RedisResults
from server.store.redis_store.rooms import RedisLobby, RedisRooms
from server.store.redis_store.seeks import RedisSeeks


class RedisStore(Store):
    """Every concern on one Redis client (``.redis``) and one set of keys (``.keys``)."""

    def __init__(
        self,
        url: str | None = None,
        prefix: str = "cardroom",
        *,
        sentinels: list[tuple[str, int]] | None = None,
        service: str = "cardroom",
        wait_replicas: int = 0,
        wait_ms: int = 500,
        cluster_nodes: list[tuple[str, int]] | None = None,
        limits: Limits = DEFAULT_LIMITS,
        commit_ms: float = 0.0,
    ) -> None:
        """``commit_ms``: how far apart a busy node's batches of appends leave
        (:class:`~.batches.Batches`); none by default, as a test's scripted players want."""
        self.redis = connect(url, sentinels, service, cluster_nodes)
        self.keys = Keys(prefix)
        self.wait_replicas, self.wait_ms = wait_replicas, wait_ms
        self._closed = asyncio.Event()
        client, keys = self.redis, self.keys
        wait = {"wait_replicas": wait_replicas, "wait_ms": wait_ms}
        self.lobby = RedisLobby(client, keys)
        self.rooms = RedisRooms(client, keys, self.lobby, **wait, spacing=commit_ms / 1000)
        self.leases = RedisLeases(client, keys, **wait)
        self.players = RedisPlayers(client, keys, limits)
        self.results = RedisResults(client, keys)
        self.dailies = RedisDailies(client, keys)
        self.replays = RedisReplays(client, keys)
        self.seeks = RedisSeeks(client, keys)
        self.friends = RedisFriends(client, keys)

    def events(self, node: str = "") -> AsyncIterator[Event]:
        """Pub/sub on the channel of every node and on ``node``'s own (on a cluster, sharded
        pub/sub on each group's: :mod:`.events`), subscribed again (with a ``resync``)
        whenever the connection was lost, backing off up to two seconds while Redis is
        away."""
        if isinstance(self.redis, RedisCluster):
            return sharded_events(self.redis, self.keys, node, self._closed)
        return plain_events(self.redis, self.keys, node, self._closed)

    async def ping(self) -> bool:
        try:
            return bool(await self.redis.ping())
        except UNREACHABLE:
            return False
        except redis.RedisError:
            return False

    async def close(self) -> None:
        self._closed.set()
        await self.rooms.flush()
        await self.redis.aclose()


__all__ = ["RedisStore", "connect"]
