"""Figures of several nodes on one Redis (real processes on loopback, as `make cluster`).

    .venv/bin/python bench/cluster.py failover [trials]     # take-over time after kill -9
    .venv/bin/python bench/cluster.py latency [actions]     # same node vs across nodes
    .venv/bin/python bench/cluster.py throughput [rooms]    # 1 node vs 3 nodes, bots at full speed

Each starts its own private redis-server (append-only file), nodes and HAProxy, and prints
its figures with the conditions (load average before and after: the machine's two cores are
shared with whatever else runs).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

import redis.asyncio as redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from protocol.client import Client
from server.games.gin_rummy.bots import make_bot
from server.store.keys import Keys
from tools.cluster import LocalCluster

QUIET = {
    "LOG_LEVEL": "warning",
    "CARDROOM_RATE": "5000",
    "CARDROOM_BURST": "10000",
    "CARDROOM_ADDRESS_ROOMS": "1000000",  # every client here comes from 127.0.0.1
}


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(values: list[float]) -> str:
    return (
        f"p50 {1000 * quantile(values, 0.5):.1f} ms, p99 {1000 * quantile(values, 0.99):.1f} ms, "
        f"max {1000 * max(values):.1f} ms (n={len(values)})"
    )


async def client(url: str) -> Client:
    return await Client(url).connect()


# ---- take-over ------------------------------------------------------------------------


async def failover(trials: int) -> None:
    """Kill the driver of a bot room with SIGKILL; time until another node holds the lease
    and until the room's next bot move (with the default bot delay of 0.8 s, and the
    default lease of 2 s)."""
    print(f"failover: {trials} trials, default lease (2 s), default bot delay (0.8 s); {load()}")
    workdir = Path(tempfile.mkdtemp(prefix="bench-failover-"))
    env = {**QUIET, "CARDROOM_BOT_WORKERS": "1", "CARDROOM_SOLVER_WORKERS": "1"}
    leases, moves = [], []
    with LocalCluster(workdir, env=env) as cluster:
        store = redis.from_url(cluster.redis_url, decode_responses=True)
        keys = Keys(cluster.prefix)
        for trial in range(trials):
            host = await client(cluster.ws)
            room = await host.create([{"kind": "bot", "level": "easy"}] * 2, target=500)
            await host.close()
            await asyncio.sleep(1.0)
            lease = await store.get(keys.lease(room))
            driver = lease.split(":")[0]
            token = int(lease.split(":")[1])
            cluster.node(int(driver[-1])).send(signal.SIGKILL)
            killed = time.monotonic()
            got_lease = None
            while True:
                now = time.monotonic()
                if got_lease is None:
                    holder = await store.get(keys.lease(room))
                    if holder and not holder.startswith(f"{driver}:"):
                        got_lease = now - killed
                last = await store.lindex(keys.room_log(room), -1)
                if last and json.loads(last).get("lease", 0) > token:
                    break  # the first move of the new driver
                await asyncio.sleep(0.005)
            leases.append(got_lease if got_lease is not None else now - killed)
            moves.append(time.monotonic() - killed)
            print(f"  trial {trial + 1}: lease {leases[-1]:.2f} s, next move {moves[-1]:.2f} s")
            await asyncio.to_thread(cluster.restart_node, int(driver[-1]))
            await asyncio.sleep(2.5)  # the balancer sees it up again
        await store.aclose()
    print(f"new lease holder: {ms(leases)}")
    print(f"next bot move:    {ms(moves)}")
    print(load())


# ---- latency --------------------------------------------------------------------------


async def duel(a: Client, b: Client, actions: int) -> tuple[list[float], int]:
    """Two scripted players take turns as fast as they can; the time from one sending an
    action to the other holding the patch."""
    room = await a.create([{"kind": "human"}] * 2, target=500)
    await a.join(room, 0, "A")
    await b.join(room, 1, "B")
    seats = {0: a, 1: b}
    bots = {0: make_bot("normal", 1), 1: make_bot("normal", 2)}
    samples = []
    while len(samples) < actions:
        view = a.rooms[room].view["game"]
        if a.rooms[room].view["room"]["status"] == "finished":
            break
        seat = view["turn"]["to_act"]
        if seat is None:
            seat = 0
        me, other = seats[seat], seats[1 - seat]
        action = bots[seat].act(me.rooms[room].view["game"])
        if action is None:
            await asyncio.sleep(0.01)
            continue
        target = other.rooms[room].seq + 1
        started = time.perf_counter()
        await asyncio.gather(
            me.act(room, action.to_dict()), other.wait(room, lambda s, t=target: s.seq >= t)
        )
        samples.append(time.perf_counter() - started)
        await me.wait(room, lambda s, t=target: s.seq >= t)
    return samples, len(samples)


async def latency(actions: int) -> None:
    print(f"latency: {actions} actions per placement, 3 nodes, one Redis; {load()}")
    workdir = Path(tempfile.mkdtemp(prefix="bench-latency-"))
    env = {**QUIET, "CARDROOM_BOT_WORKERS": "1", "CARDROOM_SOLVER_WORKERS": "1"}
    with LocalCluster(workdir, env=env) as cluster:
        store = redis.from_url(cluster.redis_url, decode_responses=True)
        one, two = cluster.node(1), cluster.node(2)
        for label, (ua, ub) in (
            ("same node", (one.ws, one.ws)),
            ("across nodes", (one.ws, two.ws)),
        ):
            a, b = await client(ua), await client(ub)
            before = (await store.info("stats"))["total_commands_processed"]
            calls = await store.info("commandstats")
            samples, n = await duel(a, b, actions)
            after = (await store.info("stats"))["total_commands_processed"]
            later = await store.info("commandstats")
            counts = {
                name.removeprefix("cmdstat_"): (
                    stat["calls"] - calls.get(name, {"calls": 0})["calls"]
                )
                / n
                for name, stat in later.items()
            }
            main = ", ".join(f"{k} {v:.2f}" for k, v in sorted(counts.items()) if v >= 0.05)
            print(f"    per action: {main} (LLEN, RPUSH and PUBLISH run inside the EVALSHA)")
            print(f"  {label}: action -> patch at the opponent {ms(samples)}")
            per = (after - before) / n
            print(f"    Redis commands per action (all nodes, heartbeats too): {per:.2f}")
            await a.close()
            await b.close()
        await store.aclose()
    print(load())


# ---- throughput -----------------------------------------------------------------------


async def rooms_per_second(url: str, rooms: int) -> tuple[float, int]:
    host = await client(url)
    started = time.perf_counter()
    ids = [
        await host.create([{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "normal"}])
        for _ in range(rooms)
    ]
    watchers = [await client(url) for _ in range(4)]
    for k, room in enumerate(ids):
        await watchers[k % 4].watch(room)
    for k, room in enumerate(ids):
        await watchers[k % 4].wait(
            room, lambda s: s.view["room"]["status"] == "finished", timeout=600
        )
    spent = time.perf_counter() - started
    moves = sum(
        w.rooms[r].view["game"]["turn"]["ply"] for k, r in enumerate(ids) for w in [watchers[k % 4]]
    )
    for c in [host, *watchers]:
        await c.close()
    return rooms / spent, moves


async def throughput(rooms: int) -> None:
    print(f"throughput: {rooms} bot rooms (easy vs normal, matches to 100, no bot delay); {load()}")
    env = {
        **QUIET,
        "CARDROOM_BOT_DELAY": "0",
        "CARDROOM_BOT_WORKERS": "1",
        "CARDROOM_SOLVER_WORKERS": "1",
    }
    for nodes in (1, 3):
        workdir = Path(tempfile.mkdtemp(prefix=f"bench-throughput-{nodes}-"))
        with LocalCluster(workdir, nodes=nodes, env=env) as cluster:
            rate, moves = await rooms_per_second(cluster.ws, rooms)
            print(f"  {nodes} node(s) behind HAProxy: {rate:.2f} rooms/s ({moves} moves)")
    print(load())


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "latency"
    count = (
        int(sys.argv[2])
        if len(sys.argv) > 2
        else {"failover": 10, "latency": 400, "throughput": 30}[what]
    )
    asyncio.run({"failover": failover, "latency": latency, "throughput": throughput}[what](count))


if __name__ == "__main__":
    main()
