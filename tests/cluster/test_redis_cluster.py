"""The local Redis Cluster the store's cluster tests run on (tools.redis_cluster): three
primaries sharing every slot, a replica each, and the fail-over the store relies on: a write
a replica acknowledged (WAIT) is still there once its primary was killed with kill -9 and
the replica took over."""

from __future__ import annotations

import random
from collections import Counter

from redis import Redis
from redis.cluster import RedisCluster

from server.store.keys import GROUP_TAGS, GROUPS, room_group
from tools.redis_cluster import SLOTS


def test_three_primaries_share_every_slot_and_each_has_a_replica(redis_cluster):
    nodes = redis_cluster.nodes()
    primaries = [n for n in nodes if n.primary]
    assert len(primaries) == 3 and len(nodes) == 6
    assert sum(n.slots for n in primaries) == SLOTS
    assert all(abs(n.slots - SLOTS / 3) < 2 for n in primaries)  # even ranges
    assert redis_cluster.replicas_in_sync()


def test_a_write_its_replica_acknowledged_survives_its_primarys_kill_9(redis_cluster):
    keys = [f"{{t{n}}}:kept" for n in range(40)]  # spread over the three primaries
    by_primary: dict[int, list[str]] = {}
    for key in keys:
        by_primary.setdefault(redis_cluster.primary_of(key), []).append(key)
    assert len(by_primary) == 3
    for port, held in by_primary.items():
        # WAIT counts the writes of its own connection: the writes, then WAIT, on one.
        with Redis(port=port) as primary, primary.pipeline(transaction=False) as pipe:
            for key in held:
                pipe.set(key, keys.index(key))
            pipe.execute_command("WAIT", 1, 2000)
            assert pipe.execute()[-1] == 1  # its replica holds them
    victim = redis_cluster.primary_of(keys[0])
    redis_cluster.kill(victim)
    redis_cluster.wait_healthy()
    assert redis_cluster.primary_of(keys[0]) != victim  # its replica serves the slot now
    port = redis_cluster.primary_ports()[0]
    with RedisCluster(host="127.0.0.1", port=port, decode_responses=True) as after:
        assert [after.get(k) for k in keys] == [str(n) for n in range(len(keys))]
    redis_cluster.restart(victim)  # back, as a replica
    redis_cluster.wait_healthy()


def test_rooms_spread_over_the_primaries_within_one_group_of_an_even_share(redis_cluster):
    """The 64 room groups each sit in one slot of their own run of slots, so three primaries
    with even ranges serve 21 or 22 groups each: within one group of an even share. And rooms
    fall into the groups evenly, by CRC-32 of their codes (6 400 codes of the server's shape,
    drawn from a fixed seed so that the figures are the same each run: every group within 40%
    of its even share of them), so a primary holds its groups' share of the rooms."""
    primary_of_group = {g: redis_cluster.primary_of(f"{{{GROUP_TAGS[g]}}}") for g in GROUPS}
    served = Counter(primary_of_group.values())
    assert len(served) == 3
    assert all(abs(n - len(GROUPS) / 3) <= 1 for n in served.values()), served
    rng, alphabet = random.Random(64), "23456789abcdefghjkmnpqrstuvwxyz"
    codes = ["".join(rng.choice(alphabet) for _ in range(10)) for _ in range(6_400)]
    rooms = Counter(room_group(code) for code in codes)
    per_group = len(codes) / len(GROUPS)
    assert all(abs(rooms[g] - per_group) <= 0.4 * per_group for g in GROUPS), rooms
