"""What the nodes' pulses (server/host/pulse.py) cost Redis: each life writes its pulse and
reads everyone's every PULSE_SECONDS, one script on one key, whatever the players held.

    .venv/bin/python bench/pulse.py [--nodes 3 20] [--seconds 10]

A private ``redis-server`` (no persistence) on a free port, removed after; for each count of
nodes, that many lives pulse on their schedule through the Redis store for ``--seconds``
(one process: the script's cost on Redis is the question, not the nodes'). Prints the
scripts a second, Redis's own CPU time per script (``INFO commandstats``) and per second,
and the share of a core that is.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis.asyncio as redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.host.pulse import PULSE_SECONDS
from server.store.redis_store import RedisStore


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def pulse(store: RedisStore, life: str, until: float) -> None:
    while time.monotonic() < until:
        await store.leases.pulse(life)
        await asyncio.sleep(PULSE_SECONDS)


async def measure(url: str, nodes: int, seconds: float) -> None:
    store = RedisStore(url, prefix=f"pulse{nodes}")
    stats = redis.Redis.from_url(url)
    await stats.config_resetstat()
    until = time.monotonic() + seconds
    await asyncio.gather(*(pulse(store, f"n{i}/{i:016x}", until) for i in range(nodes)))
    ran = (await stats.info("commandstats"))["cmdstat_evalsha"]
    per_second = ran["calls"] / seconds
    print(
        f"{nodes} nodes: {per_second:.0f} scripts/s, {ran['usec_per_call']:.1f} µs of Redis "
        f"each, {per_second * ran['usec_per_call'] / 1000:.2f} ms of Redis CPU a second "
        f"({per_second * ran['usec_per_call'] / 1e4:.3f} % of a core)"
    )
    await stats.aclose()
    await store.close()


async def run(args) -> None:
    port = free_port()
    workdir = tempfile.mkdtemp(prefix="bench-pulse-")
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
        cwd=workdir,
        stdout=subprocess.DEVNULL,
    )
    try:
        url = f"redis://127.0.0.1:{port}/0"
        client = redis.Redis.from_url(url)
        for _ in range(100):
            try:
                await client.ping()
                break
            except redis.ConnectionError:
                await asyncio.sleep(0.05)
        await client.aclose()
        for nodes in args.nodes:
            await measure(url, nodes, args.seconds)
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(workdir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, nargs="+", default=[3, 20])
    parser.add_argument("--seconds", type=float, default=10.0)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
