"""Quick pairing across three nodes on one Redis (real processes on loopback, as `make
cluster`): how fast two seekers meet, and whether a crowd is paired exactly once.

    .venv/bin/python bench/pairing.py [--pairs 100] [--seekers 1000] [--spread 60]

* **Two seekers**: a player seeks on one node, another compatible player on the next node;
  the time from the second seek to both knowing their room (the second by its reply or its
  ``paired`` message, the first by its ``paired`` message): p50, p99, max.
* **A crowd**: ``--seekers`` players, each with a rating drawn around 1500 (written into the
  store as a rated record) and a client address of its own, seek at random moments over
  ``--spread`` seconds, each on one of the three nodes, with settings drawn from what the
  lobby offers (match length, clock, rated or casual). After the last seek, the bench waits
  until every reach has grown to its widest (70 s) and a few sweeps have run. It prints the
  time to paired, and checks what the issue asks: every pairing seen by both its players,
  nobody in two pairings or two rooms, and nobody left waiting with a compatible partner
  left waiting too (by the rules of server/players/pairing.py, at the end).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import sys
import tempfile
import time
from pathlib import Path

import redis.asyncio as redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cluster import load, quantile

from protocol.client import Client
from server.players import pairing
from server.store.keys import Keys
from tools.cluster import LocalCluster

ENV = {
    "LOG_LEVEL": "warning",
    "CARDROOM_RATE": "5000",
    "CARDROOM_BURST": "10000",
    "CARDROOM_TRUSTED_PROXIES": "127.0.0.1",
    "CARDROOM_ADDRESS_PLAYERS": "1000000",
    "CARDROOM_ADDRESS_ROOMS": "1000000",
    "CARDROOM_BOT_WORKERS": "1",
    "CARDROOM_SOLVER_WORKERS": "1",
}
SETTINGS = [
    # (target, turn, rated), weight: most ask for the default match
    ((100, None, True), 40),
    ((100, None, False), 15),
    ((50, None, True), 12),
    ((100, 60, True), 10),
    ((25, None, False), 8),
    ((10, 20, False), 5),
    ((50, 20, True), 5),
    ((10, None, True), 5),
]


def seconds(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"p50 {1000 * quantile(values, 0.5):.0f} ms, p90 {1000 * quantile(values, 0.9):.0f} ms, "
        f"p99 {1000 * quantile(values, 0.99):.0f} ms, max {1000 * max(values):.0f} ms "
        f"(n={len(values)})"
    )


addresses = (f"10.{a}.{b}.{c}" for a, b, c in itertools.product(range(1, 250), repeat=3))


async def player(url: str, name: str) -> Client:
    client = Client(url, headers={"X-Forwarded-For": next(addresses)})
    client.timeout = 120
    await client.connect()
    await client.new_player(name)
    return client


async def two_seekers(cluster: LocalCluster, pairs: int) -> None:
    nodes = [node.ws for node in cluster.all_nodes]
    times = []
    for i in range(pairs):
        a = await player(nodes[i % 3], f"A{i}")
        b = await player(nodes[(i + 1) % 3], f"B{i}")
        start = len(a.notices)
        assert (await a.request("seek", target=25, turn_seconds=20))["seeking"]
        began = time.perf_counter()
        b_start = len(b.notices)
        told_b = await b.request("seek", target=25, turn_seconds=20)
        if told_b["seeking"]:  # told once the first seeker's node has found them there
            told_b = await b.notice(("paired",), b_start, timeout=30)
        b_knows = time.perf_counter()
        told_a = await a.notice(("paired",), start, timeout=30)
        a_knows = time.perf_counter()
        assert told_b["room"] == told_a["room"]
        times.append(max(a_knows, b_knows) - began)
        await asyncio.gather(a.close(), b.close())
    print(f"two compatible seekers on two nodes, {pairs} times: {seconds(times)}; {load()}")


async def crowd(cluster: LocalCluster, count: int, spread: float) -> None:
    rng = random.Random(7)
    nodes = [node.ws for node in cluster.all_nodes]
    store = redis.from_url(cluster.redis_url, decode_responses=True)
    keys = Keys(cluster.prefix)
    started = time.perf_counter()
    clients = []
    for n in range(0, count, 50):
        clients += await asyncio.gather(
            *(player(nodes[i % 3], f"P{i}") for i in range(n, min(count, n + 50)))
        )
    ratings = {}
    for client in clients:
        rating = round(min(2600, max(600, rng.gauss(1500, 250))))
        ratings[client.player["id"]] = rating
        record = {"rating": rating, "rd": 80.0, "volatility": 0.06, "at": None, "games": 20}
        await store.set(keys.results_rating(client.player["id"]), json.dumps(record))
    print(
        f"\na crowd: {count} players with identities on 3 nodes in "
        f"{time.perf_counter() - started:.0f} s; ratings around 1500 (sd 250); {load()}"
    )
    settings = [s for s, _ in SETTINGS]
    weights = [w for _, w in SETTINGS]
    plan = sorted((rng.uniform(0, spread), c, rng.choices(settings, weights)[0]) for c in clients)
    told: dict[str, dict] = {}
    waited: dict[str, float] = {}
    ended: list[str] = []
    t0 = time.perf_counter()

    async def seek(at: float, client: Client, chosen: tuple) -> None:
        await asyncio.sleep(max(0.0, t0 + at - time.perf_counter()))
        target, turn, rated = chosen
        start = len(client.notices)
        sought = time.perf_counter()
        reply = await client.request("seek", target=target, turn_seconds=turn, rated=rated)
        if reply["seeking"]:
            deadline = spread + pairing.RANGE_MAX / pairing.RANGE_GROWTH + 15
            try:
                reply = await client.notice(("paired", "seek_ended"), start, timeout=deadline)
            except TimeoutError:
                return
        if reply.get("room"):
            told[client.player["id"]] = reply
            waited[client.player["id"]] = time.perf_counter() - sought
        else:
            ended.append(reply.get("reason"))

    await asyncio.gather(*(seek(at, c, s) for at, c, s in plan))
    print(
        f"seeks over {spread:.0f} s, then waiting until every reach was at its widest; "
        f"{time.perf_counter() - t0:.0f} s in all; {load()}"
    )
    # Every pairing told to both its players, each player in one room.
    rooms: dict[str, set[str]] = {}
    for me, reply in told.items():
        rooms.setdefault(reply["room"], set()).add(me)
    halves = [r for r, players in rooms.items() if len(players) != 2]
    opponents_agree = all(
        told[told[me]["opponent"]["player"]]["room"] == told[me]["room"]
        for me in told
        if told[me]["opponent"]["player"] in told
    )
    pool = [json.loads(v) for v in (await store.hgetall(keys.seek_pool)).values()]
    now = int(time.time() * 1000)
    counts = await store.hgetall(keys.seek_pairs(pairing.day_of(now)))
    counts = {k: int(v) for k, v in counts.items()}
    left = [
        (a["player"], b["player"])
        for a, b in itertools.combinations(pool, 2)
        if pairing.compatible(a, b, now, counts)
    ]
    print(
        f"paired: {len(told)} of {count} in {len(rooms)} rooms; rooms not told to exactly two "
        f"players: {len(halves)}; opponents agree: {opponents_agree}"
    )
    print(
        f"still waiting: {len(pool)}; of them, compatible pairs left: {len(left)}; seeks "
        f"ended unpaired: {len(ended)} {sorted(set(ended))}"
    )
    print(f"time to paired: {seconds(list(waited.values()))}")
    pooled = {s["player"] for s in pool}
    for _, client, chosen in plan:
        me = client.player["id"]
        if me not in told and me not in pooled:
            print("  lost:", me, chosen, await store.hget(keys.paired, me))
    by_setting: dict[tuple, int] = {}
    for _, client, chosen in plan:
        if client.player["id"] not in told:
            by_setting[chosen] = by_setting.get(chosen, 0) + 1
    print(f"unpaired by settings (target, clock, rated): {by_setting}")
    await asyncio.gather(*(c.close() for c in clients))
    await store.aclose()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seekers", type=int, default=1000)
    parser.add_argument("--spread", type=float, default=60.0)
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="bench-pairing-"))
    print(f"3 nodes, one private redis-server, loopback; {load()}")
    with LocalCluster(workdir, env=ENV) as cluster:
        await two_seekers(cluster, args.pairs)
        await crowd(cluster, args.seekers, args.spread)


if __name__ == "__main__":
    asyncio.run(main())
