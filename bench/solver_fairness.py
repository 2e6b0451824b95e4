"""Does one address's flood of solver questions delay another player's answer?

Reproduces the finding that led to the fair solver queue (server/services/fair.py): many
sockets from one client address ask "can this still be won?" back to back, and a bystander
from another address asks the same on its own game about once a second. Prints the
bystander's answer time (send to reply) without the flood and with it.

    .venv/bin/python bench/solver_fairness.py                  # this checkout's server
    .venv/bin/python bench/solver_fairness.py --before HEAD    # and a commit's, for the before

A real server process on loopback (embedded store in a temporary directory), with
CARDROOM_TRUSTED_PROXIES=127.0.0.1 so that each client names its address in X-Forwarded-For
(the flood 203.0.113.7, the bystander 198.51.100.20), the solver at its default worker count
(one per core) unless --workers, a 3 s budget for "can this still be won?", and the rate and
per-address limits lifted. The flood: --flood sockets (40), each in its own Easy Harp deal 123
after two turns of the stock (the solver uses the whole budget there), asking again as soon
as it is answered; told ``busy`` (the fair queue's cap of questions waiting per address), it
asks again after 0.1 s. The bystander: Réfléchi draw 3, deal 63 after one move, a position the
solver decides in about a millisecond, so its answer time is its wait. ``--before REV`` also
runs the server at that commit, from a temporary ``git worktree`` (removed after), with this
venv's Python.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from protocol.client import Client, ClientError  # noqa: E402
from tools.cluster import free_port  # noqa: E402

FLOOD_ADDRESS, BYSTANDER_ADDRESS = "203.0.113.7", "198.51.100.20"
BUSY_PAUSE = 0.1  # a flood socket told busy asks again after this


# ---- the server ------------------------------------------------------------------------


class Server:
    """``python -m server`` from ``root`` (this checkout, or a worktree of another commit)."""

    def __init__(self, root: Path, workers: int | None) -> None:
        self.root = root
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="cardroom-fairness-")
        self.env = {
            **os.environ,
            "PYTHONPATH": str(root),
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "CARDROOM_DB": f"{self.dir}/db.sqlite3",
            "REDIS_URL": "",
            "LOG_LEVEL": "warning",
            "CARDROOM_TRUSTED_PROXIES": "127.0.0.1",
            "CARDROOM_SOLVE_SECONDS": "3",
            "CARDROOM_RATE": "100000",
            "CARDROOM_BURST": "100000",
            "CARDROOM_ADDRESS_CONNECTIONS": "1000000",
            "CARDROOM_ADDRESS_ROOMS": "1000000",
            "CARDROOM_ADDRESS_PLAYERS": "1000000",
            "CARDROOM_ROOMS_PER_CONNECTION": "1000000",
            "CARDROOM_MAX_ROOMS": "1000000",
            "CARDROOM_BOT_WORKERS": "1",
        }
        self.env.pop("CARDROOM_SOLVER_WORKERS", None)
        if workers is not None:
            self.env["CARDROOM_SOLVER_WORKERS"] = str(workers)

    def start(self) -> Server:
        self.log = open(f"{self.dir}/server.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "server"],
            cwd=self.root,
            env=self.env,
            stdout=self.log,
            stderr=self.log,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: see {self.dir}/server.log")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/ready", timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not become ready")

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        if self.proc.returncode in (0, -signal.SIGTERM):
            shutil.rmtree(self.dir, ignore_errors=True)
        else:
            print(f"  the server exited with {self.proc.returncode}: see {self.dir}/server.log")


# ---- the clients -----------------------------------------------------------------------


async def player(url: str, address: str) -> Client:
    """A client of ``address`` that waits up to ten minutes for an answer instead of 30 s:
    a flooded solver queue may hold a question for over a minute."""
    client = Client(url, headers={"X-Forwarded-For": address})
    client.timeout = 600.0
    return await client.connect()


async def flood_game(url: str, k: int) -> tuple[Client, str]:
    client = await player(url, FLOOD_ADDRESS)
    room = await client.create([], game="easy_harp", number=123)
    await client.join(room, 0, f"Flood {k}")
    for _ in range(2):
        await client.act(room, {"type": "stock"})
    return client, room


async def bystander_game(url: str) -> tuple[Client, str]:
    client = await player(url, BYSTANDER_ADDRESS)
    room = await client.create([], game="reflechi", draw=3, number=63)
    await client.join(room, 0, "Bystander")
    await client.act(room, (await client.request("hint", room=room))["action"])
    return client, room


@dataclass
class Flood:
    answers: int = 0
    busy: int = 0
    seconds: list[float] = field(default_factory=list)  # the solver's time per answer


async def ask_again_and_again(client: Client, room: str, stats: Flood) -> None:
    while True:
        try:
            answer = await client.request("winnable", room=room)
        except ClientError as refusal:
            if refusal.code != "busy":
                raise
            stats.busy += 1
            await asyncio.sleep(BUSY_PAUSE)
            continue
        stats.answers += 1
        stats.seconds.append(answer["seconds"])


async def bystander(url: str, seconds: float, most: int) -> tuple[list[float], list[float]]:
    """Ask once a second (one question at a time) for ``seconds`` or ``most`` answers; the
    answer times and the solver's own time for each."""
    client, room = await bystander_game(url)
    times: list[float] = []
    solver: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end and len(times) < most:
        asked = time.perf_counter()
        answer = await client.request("winnable", room=room)
        times.append(time.perf_counter() - asked)
        solver.append(answer["seconds"])
        await asyncio.sleep(1.0)
    await client.close()
    return times, solver


def figures(times: list[float]) -> str:
    if not times:
        return "no answers"
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"median {statistics.median(ordered):.2f} s, p90 {p90:.2f} s, max {ordered[-1]:.2f} s "
        f"(n={len(ordered)})"
    )


def conditions() -> str:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{os.cpu_count()} cores, load average {load}"


async def measure(label: str, root: Path, args) -> None:
    server = Server(root, args.workers).start()
    workers = server.env.get("CARDROOM_SOLVER_WORKERS", f"default ({os.cpu_count()})")
    print(f"{label}: server from {root}, solver workers {workers}, budget 3 s; {conditions()}")
    try:
        times, solver = await bystander(server.ws, args.quiet_seconds, args.answers)
        print(
            f"  without the flood: bystander {figures(times)}; its solver time max "
            f"{max(solver):.3f} s; {conditions()}"
        )
        games = await asyncio.gather(*(flood_game(server.ws, k) for k in range(args.flood)))
        stats = Flood()
        askers = [asyncio.ensure_future(ask_again_and_again(c, r, stats)) for c, r in games]
        await asyncio.sleep(args.warm_up)  # the flood fills the queue
        started, answered = time.monotonic(), stats.answers
        times, solver = await bystander(server.ws, args.seconds, args.answers)
        span = time.monotonic() - started
        print(
            f"  with {args.flood} sockets from one address asking back to back: bystander "
            f"{figures(times)}; its solver time max {max(solver):.3f} s"
        )
        flood_seconds = statistics.mean(stats.seconds) if stats.seconds else 0.0
        print(
            f"    over {span:.0f} s the flood had {stats.answers - answered} answers "
            f"(solver time mean {flood_seconds:.2f} s) and {stats.busy} busy in all; "
            f"{conditions()}"
        )
        for task in askers:
            task.cancel()
        await asyncio.gather(*askers, return_exceptions=True)
        await asyncio.gather(*(c.close() for c, _ in games), return_exceptions=True)
    finally:
        server.stop()


def worktree(rev: str) -> Path:
    """A worktree of ``rev`` in a temporary directory, with this checkout's compiled
    extensions (the solver's search and the bot's playouts are built in place)."""
    path = Path(tempfile.mkdtemp(prefix="cardroom-before-"))
    path.rmdir()
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(path), rev],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    for built in ROOT.glob("server/**/*.so"):
        target = path / built.relative_to(ROOT)
        if target.parent.exists():
            shutil.copy2(built, target)
    return path


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", type=int, default=40, help="sockets from one address")
    parser.add_argument("--workers", type=int, default=None, help="solver workers (default: cores)")
    parser.add_argument("--seconds", type=float, default=90, help="the bystander's time, flooded")
    parser.add_argument("--quiet-seconds", type=float, default=15, help="its time, no flood")
    parser.add_argument("--answers", type=int, default=30, help="stop after this many answers")
    parser.add_argument("--warm-up", type=float, default=5, help="the flood alone, first")
    parser.add_argument("--before", metavar="REV", help="also run the server at this commit")
    args = parser.parse_args()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    if args.before:
        path = worktree(args.before)
        try:
            await measure(f"before ({args.before})", path, args)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(path)], cwd=ROOT, check=False
            )
    await measure(f"fair queue (this checkout, on {commit})", ROOT, args)


if __name__ == "__main__":
    asyncio.run(main())
