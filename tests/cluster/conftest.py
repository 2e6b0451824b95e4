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
