"""Redis commands and round trips per room created, per action and per finished game, on
one Redis primary, and the capacity that gives on paper.

    .venv/bin/python bench/store_commands.py [--rooms 60] [--games 12] [--redis-cluster]

Starts a private ``redis-server`` (no persistence: its own cost is not the question) and one
server node on it (tools.cluster, without HAProxy), then reads Redis's own counters
around each phase: ``total_commands_processed`` (the commands the node sent: a script
counts one), ``total_reads_processed`` (a read event is a round trip, however many
pipelined commands it carried), and ``INFO commandstats`` for what ran (there the calls a
script makes count too):

- idle: what the node sends by itself (heartbeats, the lease scan, checks) per second;
- rooms created: ``create`` of a two-human Gin room, ``rooms`` of them;
- actions: two people per room (``games`` rooms) playing whole 100-point matches with a
  bot's choices (their rooms' creation and end spread over their actions);
- finished games: 1-point matches between two identified players (rated: each ends with the
  settlement of both players' statistics and ratings), played to their end.

Each phase's counts, less the idle rate times its length, divided by what it did. A finished
game's figure is its whole cost less its actions at the actions' rate. Then: commands a
second one primary runs flat out on this machine (``redis-benchmark -t set,get,lpush`` in
pipelines of 16: simple commands, a yardstick, where the scripts of an action cost more),
and the rooms one primary would carry at one action a second each on that yardstick.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from cluster_play import Player  # noqa: E402

from protocol.client import Client  # noqa: E402
from tools.cluster import LocalCluster, Part, _listening, _wait_for, free_port  # noqa: E402

ENV = {
    "CARDROOM_BOT_DELAY": "0",
    "CARDROOM_RATE": "100000",
    "CARDROOM_BURST": "100000",
    "CARDROOM_ADDRESS_ROOMS": "100000",
    "CARDROOM_ADDRESS_PLAYERS": "100000",
    "LOG_LEVEL": "warning",
}


def counters(clients: list[redis.Redis]) -> tuple[int, int, dict[str, int]]:
    """(commands, round trips, commands by name) the primaries counted so far, summed."""
    commands = trips = 0
    by_name: dict[str, int] = {}
    for client in clients:
        stats = client.info("stats")
        commands += int(stats["total_commands_processed"])
        trips += int(stats["total_reads_processed"])
        for name, v in client.info("commandstats").items():
            key = name.removeprefix("cmdstat_")
            by_name[key] = by_name.get(key, 0) + int(v["calls"])
    return commands, trips, by_name


class Meter:
    """Redis's counters around a phase (summed over the primaries), less what the node sends
    by itself meanwhile; with several primaries, also each one's commands in the phase."""

    def __init__(self, clients: list[redis.Redis]) -> None:
        self.clients = clients
        self.idle = (0.0, 0.0)  # commands and round trips a second with nothing to do
        self.shares: list[int] = []  # each primary's commands in the last phase

    def _each(self) -> list[int]:
        return [int(c.info("stats")["total_commands_processed"]) for c in self.clients]

    def start(self) -> None:
        self.e0 = self._each()
        self.t0, (self.c0, self.r0, self.n0) = time.monotonic(), counters(self.clients)

    def stop(self) -> tuple[float, float, dict[str, int], float]:
        seconds = time.monotonic() - self.t0
        c, r, n = counters(self.clients)
        self.shares = [b - a for a, b in zip(self.e0, self._each(), strict=True)]
        names = {k: v - self.n0.get(k, 0) for k, v in n.items() if v - self.n0.get(k, 0)}
        return (
            c - self.c0 - self.idle[0] * seconds,
            r - self.r0 - self.idle[1] * seconds,
            names,
            seconds,
        )


async def create_rooms(ws: str, n: int) -> None:
    client = await Client(ws).connect()
    for _ in range(n):
        await client.create([{"kind": "human"}, {"kind": "human"}])
    await client.close()


async def play(ws: str, games: int, target: int, identified: bool) -> tuple[int, int]:
    """``games`` rooms of two players playing to their end; (actions acknowledged, games)."""

    async def one(k: int) -> int:
        a, b = Player(ws, "Ann", seed=2 * k + 1), Player(ws, "Bob", seed=2 * k + 2)
        await a.start()
        await b.start()
        if identified:
            await a.client.new_player("Ann")
            await b.client.new_player("Bob")
        room = await a.client.create(
            [{"kind": "human"}, {"kind": "human"}], target=target, rated=identified
        )
        await a.sit(room, 0)
        await b.sit(room, 1)
        await asyncio.gather(a.play(), b.play())
        for c in (*a.clients, *b.clients):
            await c.close()
        return len(a.acked) + len(b.acked)

    done = await asyncio.gather(*(one(k) for k in range(games)))
    return sum(done), games


def primary_ops_per_second(port: int) -> float:
    """What one primary runs flat out here: redis-benchmark, SET/GET/LPUSH, pipelines of 16
    (the mean of the three)."""
    done = subprocess.run(
        [
            shutil.which("redis-benchmark") or "redis-benchmark",
            "-p", str(port), "--csv", "-n", "200000", "-P", "16", "-t", "set,get,lpush",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    rows = list(csv.reader(done.stdout.splitlines()))[1:]
    rates = [float(row[1]) for row in rows if len(row) > 1]
    return sum(rates) / len(rates) if rates else float("nan")


async def measure(ws: str, meter: Meter, args: argparse.Namespace) -> tuple[float, float]:
    meter.start()
    await asyncio.sleep(5)
    c, r, _, s = meter.stop()
    meter.idle = (c / s, r / s)
    print(f"idle: {meter.idle[0]:.1f} commands/s, {meter.idle[1]:.1f} round trips/s")

    meter.start()
    await create_rooms(ws, args.rooms)
    c, r, names, _ = meter.stop()
    top = ", ".join(
        f"{k} {v / args.rooms:.1f}" for k, v in sorted(names.items(), key=lambda x: -x[1])[:6]
    )
    print(
        f"room created: {c / args.rooms:.1f} commands, {r / args.rooms:.1f} round trips"
        f" (run, scripts' own calls included: {top})"
    )

    meter.start()
    actions, _ = await play(ws, args.games, 100, identified=False)
    c, r, names, _ = meter.stop()
    per_action = (c / actions, r / actions)
    top = ", ".join(
        f"{k} {v / actions:.2f}" for k, v in sorted(names.items(), key=lambda x: -x[1])[:6]
    )
    print(
        f"action ({actions} in {args.games} whole 100-point matches, their creation and end"
        f" included): {per_action[0]:.2f} commands, {per_action[1]:.2f} round trips"
        f" (run, scripts' own calls included: {top})"
    )
    if len(meter.shares) > 1:
        each = ", ".join(f"{n / actions:.2f}" for n in meter.shares)
        print(f"  each primary's commands per action (idle not taken out): {each}")

    meter.start()
    actions, games = await play(ws, args.games, 1, identified=True)
    c, r, names, _ = meter.stop()
    c -= actions * per_action[0]
    r -= actions * per_action[1]
    print(
        f"finished rated game ({games} 1-point matches, {actions} actions taken out at the"
        f" actions' rate): {c / games:.1f} commands, {r / games:.1f} round trips"
    )
    return per_action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=60)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument(
        "--redis-cluster",
        action="store_true",
        help="on a Redis Cluster of three primaries (no replicas), counted on each",
    )
    args = parser.parse_args()
    if args.redis_cluster:
        on_cluster(args)
        return
    work = Path(tempfile.mkdtemp(prefix="store-commands-"))
    port = free_port()
    redis_part = Part(
        "redis",
        [shutil.which("redis-server") or "redis-server", "--port", str(port), "--save", "",
         "--appendonly", "no", "--bind", "127.0.0.1"],
        {},
        work / "redis.log",
    )  # fmt: skip
    redis_part.start()
    try:
        _wait_for(lambda: _listening(port), 10, "redis")
        cluster = LocalCluster(work, nodes=1, redis_url=f"redis://127.0.0.1:{port}/0", env=ENV)
        cluster._start_nodes()
        try:
            client = redis.Redis(port=port, decode_responses=True)
            per_action = asyncio.run(measure(cluster.node(1).ws, Meter([client]), args))
            ops = primary_ops_per_second(port)
            print(
                f"one primary here: {ops:,.0f} commands/s (redis-benchmark SET/GET/LPUSH,"
                f" pipelines of 16): at one action a second per room, about"
                f" {ops / per_action[0]:,.0f} rooms per primary on paper"
            )
        finally:
            cluster.stop()
    finally:
        redis_part.stop()


def on_cluster(args: argparse.Namespace) -> None:
    """The same phases on a Redis Cluster of three primaries (tools.redis_cluster, no
    replicas, so that only the node's commands count), one node on it."""
    from tools.redis_cluster import LocalRedisCluster

    work = Path(tempfile.mkdtemp(prefix="store-commands-cluster-"))
    with LocalRedisCluster(work / "redis-cluster", replicas=0) as primaries:
        url = f"redis+cluster://{primaries.startup_nodes}"
        cluster = LocalCluster(work, nodes=1, redis_url=url, env=ENV)
        cluster._start_nodes()
        try:
            clients = [redis.Redis(port=p, decode_responses=True) for p in primaries.ports]
            asyncio.run(measure(cluster.node(1).ws, Meter(clients), args))
        finally:
            cluster.stop()


if __name__ == "__main__":
    main()
