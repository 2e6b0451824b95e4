"""Bots' decisions for the driver: the light levels on the loop, the heavy ones (hard,
expert: a few hundred milliseconds of playouts) in worker processes."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import Executor
from typing import Any

from server import metrics
from server.games.gin_rummy.bots import make_bot

POOLED_LEVELS = frozenset({"hard", "expert"})


def decide(level: str, seed: int, view: dict[str, Any]) -> dict[str, str]:
    """A bot's decision as plain data (runs in a worker process for the heavy levels)."""
    return make_bot(level, seed).act(view).to_dict()


class Bots:
    def __init__(self, pool: Executor | None = None) -> None:
        self.pool = pool

    async def think(self, level: str, seed: int, view: dict[str, Any]) -> dict[str, str]:
        started = time.perf_counter()
        if level in POOLED_LEVELS and self.pool is not None:
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self.pool, decide, level, seed, view)
        else:
            action = decide(level, seed, view)
        metrics.BOT_THINK.labels(level).observe(time.perf_counter() - started)
        return action
