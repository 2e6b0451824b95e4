"""A long finished game's replay frames: what a request costs the server, and what eight
clients fetching them cost a bystander's ping.

    .venv/bin/python bench/replay_frames.py [--target 500] [--seconds 10] [--requests 20]
        [--cached-requests 500] [--min-actions 900] [--rate 4]

Plays bot-against-bot Gin Rummy matches to ``--target`` points (``CARDROOM_BOT_DELAY=0``)
until one has ``--min-actions`` (the issue's game had 918) or ten were played, and takes the
longest, on a server with the frames cache off (``CARDROOM_FRAMES_CACHE_BYTES=0``), then
starts a second server on the same store with the cache on (its default budget), and on
each, in this order:

1. server CPU per ``/api/replays/{id}/frames`` request, from ``/proc`` before and after
   ``--requests`` (cache off) or ``--cached-requests`` (on) sequential requests, after one
   not counted (which builds the frames where the cache is on), each asking for gzip as a
   browser does; the server process alone, and its whole process tree (the worker that
   builds frames is in it);
2. eight HTTP clients (threads of one process of their own) fetching the frames in a loop for
   ``--seconds`` while a WebSocket client, in this process, sends ``ping`` every 50 ms and
   records the round trip: p50, p99 and max of that bystander's ping, with how many frames
   the eight got; then the same with each client at ``--rate`` requests a second (the same
   load on both servers); and the ping with nothing else going on, for reference.

With the cache off, requests for the same game that arrive while its frames are being built
still share that build (one per game at a time): the count of builds is printed. The eight
clients of the first run are a closed loop (each asks again as soon as it has the answer),
so where the cache answers at once they ask far more often: the ping then waits behind many
small answers, not behind one build; the paced run compares the two at the same load.

Everything runs on 127.0.0.1. The machine's cores and load average are printed: a figure is
only worth comparing with one taken in the same conditions (bench/README.md).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import http.client
import json
import multiprocessing
import os
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import Lean, Server, observe, pid_usage

GZIP = {"Accept-Encoding": "gzip"}
CLIENTS = 8
PING_EVERY = 0.05


def conditions() -> str:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{os.cpu_count()} cores, load average {load}"


def get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def tree_cpu(root: int) -> float:
    """CPU seconds of ``root`` and every process under it (its fork server and workers)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parents[int(entry.name)] = int(stat[stat.rindex(")") + 2 :].split()[1])
    family, grown = {root}, True
    while grown:
        more = {pid for pid, parent in parents.items() if parent in family} - family
        family |= more
        grown = bool(more)
    total = 0.0
    for pid in family:
        with contextlib.suppress(OSError, ValueError):  # ended meanwhile
            total += pid_usage(pid)[0]
    return total


# ---- the game ----------------------------------------------------------------------------


async def long_game(url: str, target: int) -> str:
    host = await Lean.open(url)
    bots = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    reply = await host.request("create", seats=bots, target=target)
    await host.close()
    return reply["room"]


def builds(port: int) -> int:
    """Frames the server built so far (its /metrics; 0 from a server without the counter)."""
    _, body = get(port, "/metrics")
    for line in body.decode().splitlines():
        if line.startswith("cardroom_replay_frames_builds_total "):
            return int(float(line.split()[1]))
    return 0


def wait_replay(port: int, room: str, seconds: float = 600) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, body = get(port, f"/api/replays/{room}")
        if status == 200:
            return json.loads(body)
        time.sleep(0.5)
    raise RuntimeError(f"no replay of {room} after {seconds:.0f} s")


# ---- the measurements --------------------------------------------------------------------


def cpu_per_request(server: Server, path: str, requests: int) -> str:
    status, _ = get(server.port, path, GZIP)  # the build, where the cache keeps it
    assert status == 200, status
    pid = server.proc.pid
    own, tree = pid_usage(pid)[0], tree_cpu(pid)
    started = time.monotonic()
    for _ in range(requests):
        status, _ = get(server.port, path, GZIP)
        assert status == 200, status
    wall = time.monotonic() - started
    own, tree = pid_usage(pid)[0] - own, tree_cpu(pid) - tree
    return (
        f"server CPU per request {1000 * own / requests:.1f} ms "
        f"(whole process tree {1000 * tree / requests:.1f} ms), "
        f"wall {1000 * wall / requests:.1f} ms per request, {requests} sequential requests"
    )


def fetchers(port: int, path: str, seconds: float, rate: float, ready, go, counts) -> None:
    """``CLIENTS`` threads fetching ``path`` in a loop (kept-alive connections, gzip): each
    as soon as it has the last answer (``rate`` 0) or at ``rate`` requests a second, the
    clients' plans spread evenly (a late one does not wait)."""
    ready.set()
    go.wait()
    start = time.monotonic()
    deadline = start + seconds

    def loop(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        n = 0
        while time.monotonic() < deadline:
            if rate:
                planned = start + (n + i / CLIENTS) / rate
                time.sleep(max(0.0, planned - time.monotonic()))
            conn.request("GET", path, headers=GZIP)
            response = conn.getresponse()
            response.read()
            assert response.status == 200, response.status
            n += 1
        conn.close()
        counts[i] = n

    threads = [threading.Thread(target=loop, args=(i,)) for i in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


async def pings(url: str, seconds: float) -> list[float]:
    """A bystander's ping round trips (ms), one every :data:`PING_EVERY` s."""
    return await observe(url, seconds, PING_EVERY)


def describe(trips: list[float]) -> str:
    trips = sorted(trips)
    p99 = trips[min(len(trips) - 1, round(0.99 * (len(trips) - 1)))]
    return (
        f"p50 {statistics.median(trips):.1f} ms, p99 {p99:.1f} ms, max {trips[-1]:.1f} ms "
        f"(n={len(trips)})"
    )


def under_load(server: Server, path: str, seconds: float, rate: float = 0) -> str:
    context = multiprocessing.get_context("spawn")
    ready, go, counts = context.Event(), context.Event(), context.Array("i", CLIENTS)
    load = context.Process(
        target=fetchers, args=(server.port, path, seconds, rate, ready, go, counts)
    )
    load.start()
    if not ready.wait(60):  # spawn imports this script first
        raise RuntimeError("the clients' process did not start")
    go.set()
    trips = asyncio.run(pings(server.ws, seconds))
    load.join()
    fetched = sum(counts)
    return (
        f"bystander ping {describe(trips)}; {CLIENTS} clients got the frames "
        f"{fetched} times ({fetched / seconds:.0f}/s)"
    )


def measure(server: Server, path: str, args, requests: int) -> None:
    before = builds(server.port)
    print(f"  {cpu_per_request(server, path, requests)}")
    print(f"  idle: bystander ping {describe(asyncio.run(pings(server.ws, 3)))}")
    seconds = args.seconds
    print(f"  {CLIENTS} clients for {seconds:.0f} s: {under_load(server, path, seconds)}")
    paced = under_load(server, path, seconds, args.rate)
    print(f"  {CLIENTS} clients at {args.rate:g} requests/s each for {seconds:.0f} s: {paced}")
    print(f"  frames built by the server meanwhile: {builds(server.port) - before}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=500)
    parser.add_argument(
        "--min-actions", type=int, default=900, help="play again (10 tries) if shorter"
    )
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--requests", type=int, default=20, help="sequential, cache off")
    parser.add_argument(
        "--rate", type=float, default=4, help="requests/s of each client in the paced run"
    )
    parser.add_argument(
        "--cached-requests",
        type=int,
        default=500,
        help="sequential, cache on (/proc counts CPU in 10 ms ticks: this many make many)",
    )
    args = parser.parse_args()
    print(f"replay frames: {conditions()}")
    env = {"CARDROOM_BOT_DELAY": "0", "CARDROOM_FRAMES_CACHE_BYTES": "0"}
    off = Server(env).start()
    try:
        started, played = time.monotonic(), []
        while len(played) < 10 and max((n for n, _ in played), default=0) < args.min_actions:
            room = asyncio.run(long_game(off.ws, args.target))
            played.append((len(wait_replay(off.port, room)["actions"]), room))
        actions, room = max(played)
        path = f"/api/replays/{room}/frames"
        status, body = get(off.port, path)
        assert status == 200, status
        zipped = get(off.port, path, GZIP)[1]
        assert gzip.decompress(zipped) == body
        print(
            f"  a bot-vs-bot Gin Rummy match to {args.target}: {actions} actions (the longest "
            f"of {len(played)} played in {time.monotonic() - started:.0f} s); "
            f"frames {len(body) / 1024:.0f} KiB "
            f"({len(zipped) / 1024:.0f} KiB gzipped, as served)"
        )
        print(f"cache off (CARDROOM_FRAMES_CACHE_BYTES=0): {conditions()}")
        measure(off, path, args, args.requests)
    finally:
        off.stop(remove=False)
    on = Server({"CARDROOM_BOT_DELAY": "0"}, on=off).start()  # the same store
    try:
        print(f"cache on (its default budget): {conditions()}")
        measure(on, path, args, args.cached_requests)
    finally:
        on.stop()


if __name__ == "__main__":
    main()
