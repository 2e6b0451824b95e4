"""Restart with many rooms: how soon a restarted node listens, is ready, and drives them all.

    .venv/bin/python bench/restart.py [rooms]        # default 3000 public two-human rooms

Creates the rooms (one player seated in each, so they stay open), stops the server with
SIGTERM, starts it again on the same store and prints: time to the port answering ``/health``,
to ``/ready``, and until ``/ready`` reports every room driven again (the driver's scan takes
the rooms nobody drives, in batches), and the lobby's size as a client then sees it.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import Lean, Server


async def make(url: str, rooms: int) -> None:
    host = await Lean.open(url)
    for _ in range(rooms):
        room = (await host.request("create", seats=[{"kind": "human"}] * 2, public=True))["room"]
        await host.request("join", room=room, seat=0, name="Host")
        await host.request("leave", room=room)
    await host.close()


def get(port: int, path: str) -> dict | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2) as r:
            return json.loads(r.read())
    except OSError:
        return None


def main() -> None:
    rooms = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    env = {"CARDROOM_GRACE_SECONDS": "3600", "CARDROOM_UNJOINED_SECONDS": "3600"}
    first = Server(env).start()
    asyncio.run(make(first.ws, rooms))
    time.sleep(1)
    print(f"restart: {rooms} public rooms, a seat taken in each, embedded store")
    print(f"  before the restart: {get(first.port, '/ready')}")
    first.stop(remove=False)  # the second server starts on its store

    again = Server(env, on=first)
    started = time.monotonic()
    again.start()
    marks: dict[str, float] = {}
    try:
        while time.monotonic() - started < 300:
            health = get(again.port, "/health")
            if health and "health" not in marks:
                marks["health"] = time.monotonic() - started
            ready = get(again.port, "/ready")
            if ready and "ready" not in marks:
                marks["ready"] = time.monotonic() - started
            if ready and ready.get("drives", 0) >= rooms:
                marks["all driven"] = time.monotonic() - started
                break
            time.sleep(0.05)
        lobby = get(again.port, "/api/lobby")
        print("  after: " + ", ".join(f"{k} {v:.2f} s" for k, v in marks.items()))
        total = lobby.get("total") if isinstance(lobby, dict) else None
        print(f"  lobby total then: {total}; load average {os.getloadavg()[0]:.2f}")
    finally:
        again.stop()


if __name__ == "__main__":
    main()
