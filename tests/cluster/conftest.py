"""Several nodes on one Redis behind HAProxy, real processes on loopback (a private
redis-server, the server nodes, Debian's haproxy), and ``make cluster``'s tool that starts
them. ``cluster`` is three nodes for a module's tests (tools.cluster.LocalCluster); a test
that breaks one brings it back (test_cluster.py's ``heal``) before the next."""

from __future__ import annotations

import pytest
from cluster_play import Trace

from tools.cluster import LocalCluster

ENV = {
    "CARDROOM_BOT_DELAY": "0.02",
    "CARDROOM_BOT_WORKERS": "1",
    "CARDROOM_SOLVER_WORKERS": "1",
    "CARDROOM_RATE": "2000",
    "CARDROOM_ADDRESS_ROOMS": "100000",
    "CARDROOM_ADDRESS_PLAYERS": "100000",  # every trial's seekers are new players, from 127.0.0.1
    "CARDROOM_BURST": "4000",
    "CARDROOM_SOLVE_SECONDS": "1",
    "LOG_LEVEL": "warning",
}


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """Three nodes on a private Redis behind HAProxy, for the module's tests."""
    with LocalCluster(tmp_path_factory.mktemp("cluster"), env=ENV) as running:
        yield running


@pytest.fixture
def trace(cluster):
    """What the cluster's store holds: the rooms' logs and leases (cluster_play.Trace)."""
    return Trace(cluster.redis_url, cluster.prefix)


@pytest.fixture(scope="module")
def on_redis_cluster(tmp_path_factory):
    """Three nodes behind HAProxy on a Redis Cluster of three primaries, a replica each
    (``make cluster CLUSTER_REDIS=cluster``)."""
    workdir = tmp_path_factory.mktemp("on-redis-cluster")
    with LocalCluster(workdir, env=ENV, redis_cluster=True) as running:
        yield running


@pytest.fixture(scope="module")
def on_waited_redis_cluster(tmp_path_factory):
    """As ``on_redis_cluster``, with every action waiting for a replica
    (``REDIS_WAIT_REPLICAS=1``) and a spare replica, which the cluster gives the replica
    that takes over from a dead primary (without one, its rooms are refused every action)."""
    workdir = tmp_path_factory.mktemp("on-waited-redis-cluster")
    env = {**ENV, "REDIS_WAIT_REPLICAS": "1"}
    with LocalCluster(workdir, env=env, redis_cluster=True, redis_spares=1) as running:
        yield running
