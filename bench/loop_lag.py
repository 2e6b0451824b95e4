"""Event-loop lag of a real server while expert bots think in many rooms.

Starts the server (embedded store, no bot delay) on a free port, creates ROOMS rooms of two
expert bots each (their thinking runs in the worker-process pool), and for SECONDS probes the
server: a client pings every 20 ms (round trip), and /metrics is read every second for the
server's own measure of event-loop lag (how late a 50 ms sleep wakes). Prints both.

    .venv/bin/python bench/loop_lag.py [rooms] [seconds]
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from servers import ServerProcess, env_for

from protocol.client import Client


def metric(text: str, name: str) -> float:
    found = re.search(rf"^{name} ([0-9.e+-]+)$", text, re.M)
    return float(found.group(1)) if found else float("nan")


async def run(rooms: int, seconds: float) -> None:
    env = env_for(Path(tempfile.mkdtemp()))
    server = ServerProcess(env).start()
    try:
        host = await Client(server.ws).connect()
        bots = [{"kind": "bot", "level": "expert"}, {"kind": "bot", "level": "expert"}]
        for _ in range(rooms):
            await host.create(bots, public=True)
        probe = await Client(server.ws).connect()
        rtts: list[float] = []
        lags: list[float] = []
        end = time.monotonic() + seconds
        next_scrape = time.monotonic()
        while time.monotonic() < end:
            started = time.perf_counter()
            await probe.request("ping")
            rtts.append(time.perf_counter() - started)
            if time.monotonic() >= next_scrape:
                with urllib.request.urlopen(f"{server.http}/metrics") as r:
                    text = r.read().decode()
                lags.append(metric(text, "cardroom_event_loop_lag_seconds"))
                next_scrape += 1.0
            await asyncio.sleep(0.02)
        with urllib.request.urlopen(f"{server.http}/metrics") as r:
            text = r.read().decode()
        think = metric(text, 'cardroom_bot_think_seconds_count{level="expert"}')
        think_sum = metric(text, 'cardroom_bot_think_seconds_sum{level="expert"}')
        worst = metric(text, "cardroom_event_loop_lag_max_seconds")
        rtts.sort()
        print(
            f"{rooms} rooms of expert vs expert, {seconds:.0f} s, {os.cpu_count()} cores, "
            f"bot workers = cores, no bot delay"
        )
        print(
            f"expert decisions: {think:.0f} ({think / seconds:.1f}/s), "
            f"mean think {1000 * think_sum / max(think, 1):.1f} ms"
        )
        print(
            f"ping round trip: median {1000 * statistics.median(rtts):.2f} ms, "
            f"p99 {1000 * rtts[int(0.99 * (len(rtts) - 1))]:.2f} ms, max {1000 * rtts[-1]:.2f} ms "
            f"over {len(rtts)} pings"
        )
        print(
            f"worst event-loop lag measured in the server: {1000 * worst:.2f} ms (target < 20 ms)"
        )
        print(
            "worst lag per 5 s window, read each second (ms):",
            " ".join(f"{1000 * x:.1f}" for x in lags),
        )
        await probe.close()
        await host.close()
    finally:
        server.stop()


if __name__ == "__main__":
    asyncio.run(
        run(
            int(sys.argv[1]) if len(sys.argv) > 1 else 8,
            float(sys.argv[2]) if len(sys.argv) > 2 else 30,
        )
    )
