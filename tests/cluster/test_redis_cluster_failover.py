"""The store through a Redis Cluster primary's kill -9, under appends: a cluster of its own
(three primaries, a replica each and a spare replica), two stores as two nodes, the writer
waiting for a replica (``wait_replicas=1``), the other hearing the entries by sharded
pub/sub.

What a fail-over must keep: every append the writer saw acknowledged is in the log once the
replica took over; the rooms of the dead primary's slots take acknowledged appends again
(once the promoted replica has a replica of its own: the spare migrates to it); the other
node hears their entries again, after a ``resync``; and no command ever crossed slots.

Found with this test: without a replica left for the promoted primary, every append to its
rooms reached 0 replicas and was refused as unavailable for as long as the dead process
stayed down; the rooms stalled though the cluster had failed over (a cluster for waited
writes needs a spare replica per primary that may die, or the dead process restarted)."""

from __future__ import annotations

import asyncio
import signal
import time
from collections import Counter

import pytest
from waiting import until

from server.store.base import Conflict, Unavailable
from server.store.keys import room_group
from server.store.redis_store import RedisStore
from tools.redis_cluster import LocalRedisCluster

ROOMS = [f"room{n}" for n in range(24)]
HUNG = 15.0
"""A call to the store that has not returned after this long never will (each gives up on
Redis within seconds)."""


@pytest.fixture
def spare_cluster(tmp_path):
    with LocalRedisCluster(tmp_path / "redis-cluster", spares=1) as running:
        yield running


class Writer:
    """Appends to a room, each append once the one before was acknowledged; keeps what was
    acknowledged, the refusals (unavailable) and any other failure (which ends it)."""

    def __init__(self, store: RedisStore) -> None:
        self.store = store
        self.acked: dict[str, list[int]] = {room: [] for room in ROOMS}
        self.last_ack: dict[str, float] = {}
        self.errors: Counter[str] = Counter()
        self.failed: list[BaseException] = []
        self.stopped = False

    async def run(self, room: str) -> None:
        index = 0
        while not self.stopped:
            try:
                append = self.store.rooms.append(room, index, {"n": index}, node="w")
                await asyncio.wait_for(append, HUNG)
            except Conflict:  # an append refused as unavailable was written after all
                index = len(await asyncio.wait_for(self.store.rooms.log(room), HUNG))
                continue
            except Unavailable as error:
                self.errors[str(error)[:40]] += 1
                continue
            except Exception as error:  # CROSSSLOT among them
                self.failed.append(error)
                return
            self.acked[room].append(index)
            self.last_ack[room] = time.monotonic()
            index += 1


# Slow, not in make test: the in-suite trial of test_cluster_on_redis_cluster_failover.py
# plays through the same kill. Once in about 30 runs (2026-12-06) the dead primary's rooms
# were not acknowledged again within 60 s. The likely cause, made to happen by the test
# below (not caught in a run of this one): a writer ended by a ClusterDownError the store let
# through (the cluster down for longer than redis-py retries, as when an election fails once),
# which the failure's message did not show (it showed the refusals; now the failures too).
# The store reports it as Unavailable now.
@pytest.mark.slow
async def test_a_primarys_kill_9_loses_no_acknowledged_append_and_its_rooms_play_on(
    spare_cluster,
):
    nodes = [("127.0.0.1", port) for port in spare_cluster.ports]
    writer = RedisStore(prefix="failover", cluster_nodes=nodes, wait_replicas=1, wait_ms=500)
    reader = RedisStore(prefix="failover", cluster_nodes=nodes)
    heard: Counter[str] = Counter()
    resyncs: list[float] = []

    async def listen() -> None:
        async for event in reader.events("r"):
            if event["k"] == "resync":
                resyncs.append(time.monotonic())
            elif event["k"] == "entry":
                heard[event["room"]] += 1

    listening = asyncio.create_task(listen())

    w = Writer(writer)
    appending: list[asyncio.Task] = []
    try:
        await until(lambda: resyncs, 10, "the reader to subscribe")
        for room in ROOMS:
            await writer.rooms.create_room(room, {"game": "gin_rummy"})
            await writer.leases.set_presence(room, "r", [1])  # the reader is told its entries
        appending = [asyncio.create_task(w.run(room)) for room in ROOMS]
        await until(lambda: all(len(a) >= 5 for a in w.acked.values()), 20, "appends")

        victim = spare_cluster.primary_of(writer.keys.room_log(ROOMS[0]))
        struck = [r for r in ROOMS if spare_cluster.primary_of(writer.keys.room_log(r)) == victim]
        assert 0 < len(struck) < len(ROOMS)
        killed = time.monotonic()
        spare_cluster.kill(victim)

        def played_on() -> bool:
            return all(w.last_ack.get(r, 0) > killed + 0.1 for r in struck)

        try:
            await until(played_on, 60, "the dead primary's rooms to be acknowledged again")
        except AssertionError as stalled:
            nodes = spare_cluster.nodes()
            raise AssertionError(
                f"{stalled}; writers failed {w.failed}; refusals {dict(w.errors)}; nodes {nodes}"
            ) from None
        took = time.monotonic() - killed
        counts = {r: heard[r] for r in struck}
        await until(
            lambda: all(heard[r] > counts[r] for r in struck), 20, "their entries to be heard"
        )
        assert any(at > killed for at in resyncs), "the reader subscribed again"
        new_primary = spare_cluster.primary_of(writer.keys.room_log(ROOMS[0]))
        assert new_primary != victim and spare_cluster.replicas_of(new_primary) >= 1
    finally:
        w.stopped = True
        await asyncio.gather(*appending, return_exceptions=True)
        listening.cancel()
        await asyncio.gather(listening, return_exceptions=True)

    for room in ROOMS:
        logged = [entry["n"] for entry in await reader.rooms.log(room)]
        assert logged == list(range(len(logged))), f"{room}: a gap or a repeat"
        assert set(w.acked[room]) <= set(logged), f"{room} lost an acknowledged append"
    assert w.failed == []  # no CROSSSLOT, nor anything but a refusal
    groups = {room_group(r) for r in struck}
    print(f"{len(struck)} rooms in {len(groups)} groups played on {took:.1f} s after the kill")
    await writer.close()
    await reader.close()


async def test_a_cluster_down_while_a_primary_fails_over_is_refused_as_unavailable(tmp_path):
    """Between a primary's death and its replica's election every primary answers
    CLUSTERDOWN; redis-py retries for a few seconds, then raises ClusterDownError. The store
    must report that as Redis away (:class:`Unavailable`, which a node answers as
    ``unavailable`` and a caller tries again), not as a failure of its own: the slow trial
    above, once in about 30 runs, had a writer ended by it (an election that failed once is
    tried again some 4 s later), and its rooms were never acknowledged again. Here the
    election is held back: the victim's replica is paused (SIGSTOP) before the kill."""
    with LocalRedisCluster(tmp_path / "redis-cluster") as cluster:
        nodes = [("127.0.0.1", port) for port in cluster.ports]
        store = RedisStore(prefix="down", cluster_nodes=nodes)
        try:
            for room in ROOMS:
                await store.rooms.create_room(room, {"game": "gin_rummy"})
            victim = cluster.primary_of(store.keys.room_log(ROOMS[0]))
            spared = next(r for r in ROOMS if cluster.primary_of(store.keys.room_log(r)) != victim)
            held = [  # each process's own word (another's CLUSTER NODES may lag behind)
                port
                for port in cluster.ports
                if f"master_port:{victim}\n" in cluster.cli(port, "info", "replication")
            ]
            assert held, "the victim's replica"
            for port in held:
                cluster.parts[port].send(signal.SIGSTOP)
            try:
                cluster.kill(victim)
                alive = cluster.primary_of(store.keys.room_log(spared))

                def down() -> bool:
                    return "cluster_state:fail" in cluster.cli(alive, "cluster", "info")

                await until(down, 20, "the cluster to be down")
                with pytest.raises(Unavailable):  # CLUSTERDOWN, after redis-py's retries
                    await store.rooms.append(spared, 0, {"n": 0}, node="w")
                with pytest.raises(Unavailable):
                    await store.rooms.room_meta(spared)
            finally:
                for port in held:
                    cluster.parts[port].send(signal.SIGCONT)
            cluster.wait_healthy(60)
            await until(lambda: _appended(store, spared), 30, "appends once it failed over")
        finally:
            await store.close()


async def _appended(store: RedisStore, room: str) -> bool:
    try:
        index = len(await store.rooms.log(room))
        await store.rooms.append(room, index, {"n": index}, node="w")
    except Unavailable:
        return False
    return True
