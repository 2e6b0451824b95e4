"""The node's loops are supervised: one that fails is counted, marked down while it waits
and started again with a backoff that doubles; the node is not ready meanwhile. (Before, a
loop was started once and its failure only logged: the periodic check of every room against
its log stopped for the rest of the process's life.)"""

from __future__ import annotations

import asyncio

from prometheus_client import REGISTRY

from server.host.tasks import FIRST_BACKOFF, MAX_BACKOFF, Tasks


def failures(loop: str) -> float:
    return REGISTRY.get_sample_value("cardroom_loop_failures_total", {"loop": loop}) or 0.0


async def test_a_failing_loop_is_started_again_with_a_doubling_backoff_and_shows_down():
    waits: list[tuple[float, bool]] = []

    async def no_wait(seconds: float) -> None:
        waits.append((seconds, "flaky" in tasks.down))

    tasks = Tasks(sleep=no_wait)
    runs = 0
    running = asyncio.Event()

    async def flaky() -> None:
        nonlocal runs
        runs += 1
        if runs <= 8:
            raise KeyError("a room finished meanwhile")
        running.set()
        await asyncio.Event().wait()  # runs for good now

    before = failures("flaky")
    tasks.keep("flaky", flaky)
    await asyncio.wait_for(running.wait(), 5)
    assert runs == 9 and failures("flaky") - before == 8
    delays = [seconds for seconds, _ in waits]
    assert delays[0] == FIRST_BACKOFF and delays == sorted(delays)
    assert delays[1] == 2 * FIRST_BACKOFF and delays[-1] == MAX_BACKOFF
    assert all(down for _, down in waits) and "flaky" not in tasks.down
    await tasks.close()
    assert not tasks.tasks


async def test_a_loop_that_ends_by_itself_is_not_started_again():
    tasks = Tasks()
    runs = 0

    async def once() -> None:
        nonlocal runs
        runs += 1

    await tasks.keep("once", once)
    assert runs == 1 and not tasks.down
