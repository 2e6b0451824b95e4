"""Three nodes behind HAProxy on a Redis Cluster of three primaries, a replica each (``make
cluster CLUSTER_REDIS=cluster``), in a module of their own: their processes never run beside
the one-Redis cluster of test_cluster.py (a primary's kill -9 under play:
test_cluster_on_redis_cluster_failover.py)."""

from __future__ import annotations

import random

from cluster_play import Trace
from test_cluster import trial


async def test_nodes_on_a_redis_cluster_play_every_room_to_its_end(on_redis_cluster):
    """The trial's rooms (two people across nodes, a person against a bot, bots) with a
    spectator on every node, on three primaries: every log and every view as the engine
    says, without a fault."""
    trace = Trace(on_redis_cluster.redis_url, on_redis_cluster.prefix)
    await trial(on_redis_cluster, trace, "none", random.Random(5))
