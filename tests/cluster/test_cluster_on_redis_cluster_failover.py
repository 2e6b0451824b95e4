"""Three nodes behind HAProxy on a Redis Cluster of three primaries, a replica each and a
spare replica, every action waiting for a replica (``REDIS_WAIT_REPLICAS=1``): at a random
moment of the trial's play the primary that serves a driven room's slot is killed (kill -9).
In a module of their own, so that their ten processes never run beside another cluster's
(``pytest -m slow`` for four more trials)."""

from __future__ import annotations

import asyncio
import random

import pytest
from cluster_play import Trace
from test_cluster import trial
from waiting import until_sync


async def test_nodes_play_on_through_a_primarys_kill_9_and_lose_no_acknowledged_action(
    on_waited_redis_cluster,
):
    """The trial's rooms with every action waiting for a replica; at a random moment the
    primary that serves a driven room's slot is killed (kill -9): every acknowledged action
    is in the logs once, every game completes, every view is the engine's, and the sockets
    stay open."""
    await primary_trial(on_waited_redis_cluster, random.Random(11), "primary-0")


@pytest.mark.slow
@pytest.mark.parametrize("n", range(1, 5))
async def test_more_primary_kills_at_random_moments_lose_nothing(on_waited_redis_cluster, n):
    await primary_trial(on_waited_redis_cluster, random.Random(11 + n), f"primary-{n}")


async def primary_trial(cluster, rng: random.Random, label: str) -> None:
    trace = Trace(cluster.redis_url, cluster.prefix)
    await trial(cluster, trace, "kill_primary", rng, label)
    await asyncio.to_thread(heal_redis, cluster.cluster_redis)


def heal_redis(redis_cluster) -> None:
    """Bring every killed Redis process back (each rejoins as a replica), then wait until
    each primary has a replica in sync again, for the next trial."""
    for port, part in redis_cluster.parts.items():
        if not part.running:
            redis_cluster.restart(port)
    redis_cluster.wait_healthy()
    until_sync(
        lambda: all(redis_cluster.replicas_of(p) >= 1 for p in redis_cluster.primary_ports()),
        30,
        "every primary to have a replica",
    )
