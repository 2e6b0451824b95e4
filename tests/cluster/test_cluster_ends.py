"""Every room ends after a crash, on real processes (three nodes, HAProxy, a private Redis):
the node driving rooms is killed (kill -9) and started again under its id, every socket
closes, and each room forfeits within grace + lease + the sweep, with no presence left of
anyone (the killed node's former life included) and no spectator shown that is not there.
The grace period is short here (GRACE seconds) so that the trial takes seconds."""

from __future__ import annotations

import asyncio
import signal
import time

import pytest
from cluster_play import Trace, check_no_presence, check_rooms_ended, connect_to
from waiting import until_passes

from server.host.driver import SWEEP_SECONDS
from server.store.base import NODE_TIMEOUT_MS
from tools.cluster import LocalCluster

HUMANS = [{"kind": "human"}, {"kind": "human"}]
GRACE = 3.0
LEASE_MS = 2000
ROOMS = 6
ENV = {  # as tests/cluster/conftest.py's, with a short grace period
    "CARDROOM_BOT_WORKERS": "1",
    "CARDROOM_SOLVER_WORKERS": "1",
    "CARDROOM_RATE": "2000",
    "CARDROOM_ADDRESS_ROOMS": "100000",
    "CARDROOM_BURST": "4000",
    "LOG_LEVEL": "warning",
    "CARDROOM_GRACE_SECONDS": str(GRACE),
    "CARDROOM_LEASE_MS": str(LEASE_MS),
}


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    with LocalCluster(tmp_path_factory.mktemp("ends"), env=ENV) as running:
        yield running


async def test_a_killed_and_restarted_driver_leaves_no_room_unended_and_no_presence(cluster):
    trace = Trace(cluster.redis_url, cluster.prefix)
    clients, rooms = [], []
    for k in range(ROOMS):
        # Both players at one node (the room's driver: its creator's), the spectator at the
        # next: the killed node's former life holds both seats of its rooms.
        here, next_ = f"node{k % 3 + 1}", f"node{(k + 1) % 3 + 1}"
        alice, bob, eve = [await connect_to(cluster.ws, n) for n in (here, here, next_)]
        room = await alice.create(HUMANS)
        await alice.join(room, 0, "Alice")
        await bob.join(room, 1, "Bob")
        await eve.watch(room)
        clients += [alice, bob, eve]
        rooms.append(room)
    for room, eve in zip(rooms, clients[2::3], strict=True):  # in play, one spectator shown
        await eve.wait(
            room,
            lambda s: s.view["room"]["status"] == "playing" and s.view["room"]["spectators"] == 1,
        )
    driver = await trace.driver(rooms[0])
    assert driver is not None
    await asyncio.to_thread(cluster.restart_node, int(driver[-1]), signal.SIGKILL)
    # A spectator back in each room whose spectator was at the killed node, at another node,
    # is the only one shown (the former life's socket is not counted with it).
    gone = [(r, eve) for r, eve in zip(rooms, clients[2::3], strict=True) if eve.node == driver]
    assert gone
    other = next(n.name for n in cluster.all_nodes if n.name != driver)
    for room, _ in gone:
        back = await connect_to(cluster.ws, other)
        clients.append(back)
        await back.watch(room)
        await back.wait(room, lambda s: s.view["room"]["spectators"] == 1, timeout=10)
    for client in clients:
        await client.close()
    closed = time.monotonic()
    within = GRACE + LEASE_MS / 1000 + NODE_TIMEOUT_MS / 1000 + SWEEP_SECONDS + 5.0

    # The checks the fail-over trials end with (tests/cluster_play.py; their control is
    # test_cluster_checks.py).
    try:
        await until_passes(lambda: check_rooms_ended(trace, rooms), within)
    except AssertionError as unended:
        raise AssertionError(
            f"{unended} {within:.0f} s after every socket closed (node {driver} killed and "
            f"restarted); presence {await trace.presence(rooms)}"
        ) from None
    assert time.monotonic() - closed < within
    await until_passes(lambda: check_no_presence(trace, rooms), 10)
