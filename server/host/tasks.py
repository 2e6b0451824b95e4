"""The node's background work, supervised: one-off tasks, and loops that must run for the
node's whole life. A loop that fails is logged, counted (``cardroom_loop_failures_total``),
marked down (``/ready`` says so) and started again after a backoff that doubles up to
MAX_BACKOFF seconds, so one bad moment (a store error nobody expected, a bug hit once) never
stops the periodic check of every room for the rest of the process's life."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from server import metrics
from server.logs import logger

FIRST_BACKOFF, MAX_BACKOFF = 0.1, 10.0


class Tasks:
    """``sleep``: how a failed loop waits for its restart (a test passes one that does not
    wait)."""

    def __init__(self, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.sleep = sleep
        self.tasks: set[asyncio.Task] = set()
        self.down: set[str] = set()  # loops waiting to be started again after a failure

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task:
        """Run ``coro`` in the background; a failure is logged (it ends there)."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("background task failed", exc_info=task.exception())

    def keep(self, name: str, loop: Callable[[], Coroutine[Any, Any, Any]]) -> asyncio.Task:
        """Run ``loop()`` for as long as the node runs, started again whenever it fails (or
        returns while it should not)."""
        return self.spawn(self._supervise(name, loop))

    async def _supervise(self, name: str, loop: Callable[[], Coroutine[Any, Any, Any]]) -> None:
        backoff = FIRST_BACKOFF
        while True:
            try:
                await loop()
                return  # a loop that ends by itself is done (the node is stopping)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("loop %s failed; starting it again in %.1f s", name, backoff)
                metrics.LOOP_FAILURES.labels(name).inc()
            self.down.add(name)
            try:
                await self.sleep(backoff)
            finally:
                self.down.discard(name)
            backoff = min(MAX_BACKOFF, backoff * 2)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
