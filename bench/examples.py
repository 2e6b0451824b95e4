"""How long the examples endpoint spends answering, per example: the engine replaying the
moves a reader tried (what runs on the event loop for each POST), and one full HTTP round
trip through Starlette's test client.

    .venv/bin/python bench/examples.py [repeats]
"""

from __future__ import annotations

import statistics
import sys
import time

from starlette.applications import Starlette
from starlette.testclient import TestClient

from server.examples import CATALOGUE, play
from server.examples.routes import ROUTES


def main(repeats: int = 200) -> None:
    print(f"{'example':32} {'try':8} {'moves':>5} {'median ms':>10} {'max ms':>8}")
    worst = 0.0
    for example in CATALOGUE.values():
        for attempt in example.tries:
            moves = list(attempt.moves)
            times = []
            for _ in range(repeats):
                start = time.perf_counter()
                play(example, moves)
                times.append((time.perf_counter() - start) * 1000)
            worst = max(worst, max(times))
            print(
                f"{example.id:32} {attempt.name:8} {len(moves):5} "
                f"{statistics.median(times):10.3f} {max(times):8.3f}"
            )
    with TestClient(Starlette(routes=ROUTES)) as client:
        body = {"moves": [{"type": "knock", "card": "KD"}]}
        client.post("/api/examples/gin-rummy/knock/moves", json=body)
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            client.post("/api/examples/gin-rummy/knock/moves", json=body)
            times.append((time.perf_counter() - start) * 1000)
    print(f"worst engine answer: {worst:.3f} ms over {repeats} repeats of every try")
    print(
        f"HTTP round trip (test client, gin-rummy/knock with its lay-offs): "
        f"median {statistics.median(times):.3f} ms, max {max(times):.3f} ms"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
