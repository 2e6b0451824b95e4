"""The event loop's lag as /metrics tells it (server/host/upkeep.py ``watch_lag``): each
sample in a histogram (bench/load.py prints its p99, a target of issue 52) and the worst,
in fake time: each sleep wakes as late as the test says."""

from __future__ import annotations

import asyncio

import pytest
from prometheus_client import REGISTRY

from server.host.upkeep import watch_lag

SAMPLES = "cardroom_event_loop_lag_sample_seconds"


def samples(over: str | None = None) -> float:
    """How many samples were taken, or how many took longer than ``over`` seconds."""
    total = REGISTRY.get_sample_value(f"{SAMPLES}_count") or 0.0
    if over is None:
        return total
    return total - (REGISTRY.get_sample_value(f"{SAMPLES}_bucket", {"le": over}) or 0.0)


async def test_each_sample_of_the_lag_is_counted_and_the_worst_kept() -> None:
    late = [0.0, 0.001, 0.06, 0.0, 0.03]  # how late each sleeper wakes, in seconds
    now = [0.0]

    async def sleep(seconds: float) -> None:
        if not late:
            raise asyncio.CancelledError  # (the samples are all taken)
        now[0] += seconds + late.pop(0)

    taken, over, band = samples(), samples(over="0.02"), samples("0.05") - samples("0.1")
    with pytest.raises(asyncio.CancelledError):
        await watch_lag(interval=0.05, clock=lambda: now[0], sleep=sleep)
    assert samples() == taken + 5
    assert samples(over="0.02") == over + 2  # the 60 ms and the 30 ms
    assert samples("0.05") - samples("0.1") == band + 1  # the 60 ms, in its bucket
    worst = REGISTRY.get_sample_value("cardroom_event_loop_lag_max_seconds")
    assert worst == pytest.approx(0.06)
