"""Hint latency as a player feels it: request to reply over a real WebSocket.

Starts the server (embedded store, the default solver pool: one worker per core) on a free
port, opens a room of each solitaire (Easy Harp, Réfléchi draw 1 and draw 3) on several
deals, and plays each game by its hints, one request at a time, timing every `hint` request
from send to reply. Prints the median, p95 and max per game and overall, and how often a hint
was the next move of a known win.

    .venv/bin/python bench/hints.py [deals per game] [hints per deal]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from servers import ServerProcess, env_for

from protocol.client import Client

GAMES = (("easy_harp", 1), ("reflechi", 1), ("reflechi", 3))


def figures(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (
        f"median {1000 * statistics.median(times):.0f} ms, p95 {1000 * p95:.0f} ms, "
        f"max {1000 * times[-1]:.0f} ms ({len(times)} hints)"
    )


async def run(deals: int, per_deal: int) -> None:
    env = env_for(Path(tempfile.mkdtemp()))
    for name in ("CARDROOM_SOLVER_WORKERS", "CARDROOM_SOLVE_SECONDS"):
        env.pop(name)  # the server's defaults
    server = ServerProcess(env).start()
    everything: list[float] = []
    try:
        player = await Client(server.ws).connect()
        for game, draw in GAMES:
            times, known = [], 0
            for number in range(1, deals + 1):
                room = await player.create([], game=game, draw=draw, number=number)
                await player.join(room, 0, "Bench")
                for _ in range(per_deal):
                    started = time.perf_counter()
                    found = await player.request("hint", room=room)
                    times.append(time.perf_counter() - started)
                    known += found["verdict"] == "winnable"
                    if found["action"] is None:
                        break
                    await player.act(room, found["action"])
                    if player.rooms[room].view["game"]["won"]:
                        break
                await player.request("leave", room=room)
            everything += times
            print(f"{game} draw {draw}: {figures(times)}; next move of a known win: {known}")
        print(f"all: {figures(everything)}")
        await player.close()
    finally:
        server.stop()


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    asyncio.run(run(*(args or [10, 40])))
