"""A daily leaderboard of 100 000 entries: how long the top 100 and one player's own rank take.

Fills one day's Réfléchi board of both stores with ``entries`` first attempts (random
results, written in the stores' own layout: the Redis store's sorted set and row hash, the
embedded store's table), then times ``Store.daily_board(board, day, 100, player)`` for
random players, the call behind ``/api/leaderboards/daily/{game}``. Redis is the machine's
(``REDIS_URL``, default ``redis://127.0.0.1:6379/0``) under a key prefix of its own, removed
afterwards.

    .venv/bin/python bench/leaderboard.py [entries] [queries]
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid

import redis.asyncio as redis

from server.players import boards
from server.store.embedded import EmbeddedStore
from server.store.keys import Keys
from server.store.redis_store import RedisStore

BOARD = "reflechi_draw1"


def entries(n: int, seed: int = 1) -> list[tuple[str, float, dict]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        player = f"p{i:012d}"
        won = rng.random() < 0.4
        replay = {
            "id": f"r{i:010d}",
            "game": "reflechi",
            "options": {"draw": 1},
            "seats": [{"kind": "human", "name": f"Player {i}", "player": player}],
            "result": {"won": won, "score": rng.randrange(0, 600), "moves": rng.randrange(80, 400)},
            "started_ms": 0,
            "ended_ms": rng.randrange(60_000, 1_800_000),
        }
        score, row = boards.entry(replay, 0)
        out.append((player, score, row))
    return out


async def fill_redis(url: str, prefix: str, day: str, rows) -> None:
    client = redis.from_url(url)
    keys = Keys(prefix)
    try:
        for start in range(0, len(rows), 5000):
            chunk = rows[start : start + 5000]
            async with client.pipeline(transaction=False) as pipe:
                pipe.zadd(keys.daily_board(BOARD, day), {p: -s for p, s, _ in chunk})
                pipe.hset(
                    keys.daily_rows(BOARD, day), mapping={p: json.dumps(r) for p, _, r in chunk}
                )
                await pipe.execute()
    finally:
        await client.aclose()


def fill_sqlite(store: EmbeddedStore, day: str, rows) -> None:
    def work() -> None:
        db = store.sqlite.db
        assert db is not None
        db.execute("BEGIN")
        db.executemany(
            "INSERT INTO boards (board, date, player, score, body) VALUES (?, ?, ?, ?, ?)",
            [(BOARD, day, p, s, json.dumps(r)) for p, s, r in rows],
        )
        db.execute(
            "INSERT INTO board_sizes (board, date, n) VALUES (?, ?, ?)", (BOARD, day, len(rows))
        )
        db.execute("COMMIT")

    store.sqlite.thread.submit(work).result()


async def timed(store, day: str, players: list[str]) -> list[float]:
    await store.dailies.daily_board(BOARD, day, 100, players[0])  # warm up
    took = []
    for player in players:
        started = time.perf_counter()
        found = await store.dailies.daily_board(BOARD, day, 100, player)
        took.append((time.perf_counter() - started) * 1000)
        assert len(found["rows"]) == 100 and found["me"] is not None
    return took


def report(name: str, took: list[float]) -> None:
    took = sorted(took)
    p99 = took[min(len(took) - 1, int(len(took) * 0.99))]
    print(
        f"{name:9} median {statistics.median(took):.2f} ms  p99 {p99:.2f} ms  max {took[-1]:.2f} ms"
    )


async def main(n: int = 100_000, queries: int = 500) -> None:
    day = time.strftime("%Y-%m-%d", time.gmtime())
    rows = entries(n)
    players = [p for p, _, _ in random.Random(2).sample(rows, queries)]
    with open("/proc/loadavg") as f:
        load = f.read().strip()
    print(f"{n} entries, {queries} queries of top 100 + own rank; load {load}")
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    prefix = f"cardroom-bench:{uuid.uuid4().hex}"
    store = RedisStore(url, prefix=prefix)
    try:
        await fill_redis(url, prefix, day, rows)
        report("redis", await timed(store, day, players))
    finally:
        client = redis.from_url(url)
        keys = [k async for k in client.scan_iter(match=f"{prefix}:*")]
        if keys:
            await client.delete(*keys)
        await client.aclose()
        await store.close()
    with tempfile.TemporaryDirectory() as tmp:
        embedded = EmbeddedStore(os.path.join(tmp, "bench.sqlite3"))
        try:
            fill_sqlite(embedded, day, rows)
            report("embedded", await timed(embedded, day, players))
        finally:
            await embedded.close()


if __name__ == "__main__":
    asyncio.run(main(*(int(a) for a in sys.argv[1:3])))
