"""The event loop's lag as /metrics tells it (server/host/upkeep.py ``watch_lag``): each
sample in a histogram (bench/load.py prints its p99, a target of issue 52) and the worst."""

from __future__ import annotations

import asyncio
import contextlib
import time

from prometheus_client import REGISTRY
from waiting import until

from server.host.upkeep import watch_lag

SAMPLES = "cardroom_event_loop_lag_sample_seconds"


def samples(over: str | None = None) -> float:
    """How many samples were taken, or how many took longer than ``over`` seconds."""
    total = REGISTRY.get_sample_value(f"{SAMPLES}_count") or 0.0
    if over is None:
        return total
    return total - (REGISTRY.get_sample_value(f"{SAMPLES}_bucket", {"le": over}) or 0.0)


async def test_a_loop_held_up_shows_in_the_lag_samples_and_in_the_worst() -> None:
    taken, late = samples(), samples(over="0.02")
    watching = asyncio.create_task(watch_lag(interval=0.01))
    try:
        await until(lambda: samples() > taken, 5, "a first sample")
        time.sleep(0.06)  # a step of the loop that holds it up (what the lag measures)
        await until(lambda: samples(over="0.02") > late, 5, "the late sample")
        assert REGISTRY.get_sample_value("cardroom_event_loop_lag_max_seconds") >= 0.04
    finally:
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watching
