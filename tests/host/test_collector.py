"""The garbage collector paced on a clock (server/host/collector.py): the young and middle
generations at every step, sooner in a crowd, the oldest every so often; in fake time, with
the collector's counts made up, then once with CPython's own collector."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest
from prometheus_client import REGISTRY

from server import metrics
from server.host.collector import BURST, BURST_STEP, FULL_EVERY, STEP, Pacer, pace


def test_steps_come_sooner_while_a_crowd_makes_many_objects() -> None:
    """Moves that free about what they make keep CPython's count near zero (or below it):
    a step every STEP. A crowd of sockets connecting leaves BURST objects or more a step:
    steps every BURST_STEP, so that none collects more than a short step's worth."""
    assert Pacer.wait(0) == Pacer.wait(-400) == Pacer.wait(BURST - 1) == STEP
    assert Pacer.wait(BURST) == Pacer.wait(50 * BURST) == BURST_STEP
    assert BURST_STEP < STEP


def test_the_oldest_generation_is_collected_every_so_often_and_only_then() -> None:
    """Every step collects the young and middle generations (1); all three (2) once every
    FULL_EVERY seconds."""
    pacer = Pacer(now=0.0)
    now, chosen = 0.0, []
    while now < 2.5 * FULL_EVERY:
        now += 1.0
        chosen.append((now, pacer.generation(now)))
    assert [t for t, generation in chosen if generation == 2] == [FULL_EVERY, 2 * FULL_EVERY]
    assert {generation for t, generation in chosen if t % FULL_EVERY} == {1}


async def test_every_step_collects_what_the_pacer_chose_after_the_wait_it_chose() -> None:
    now = [0.0]
    waits: list[float] = []
    collected: list[int] = []
    counts = [10, BURST, 2 * BURST, 10, -5]

    async def sleep(seconds: float) -> None:
        if not counts:
            raise asyncio.CancelledError  # (the steps are all taken)
        waits.append(seconds)
        now[0] += seconds

    def count() -> tuple[int, int, int]:
        return counts.pop(0), 0, 0

    with pytest.raises(asyncio.CancelledError):
        await pace(clock=lambda: now[0], sleep=sleep, collect=collected.append, count=count)
    assert collected == [1, 1, 1, 1, 1]
    # the step after each that found a crowd's objects comes sooner
    assert waits == [STEP, STEP, BURST_STEP, BURST_STEP, STEP]
    assert now[0] == pytest.approx(3 * STEP + 2 * BURST_STEP)


async def test_a_step_frees_young_cycles_and_hands_what_lives_on_to_the_oldest_generation() -> None:
    """With the app's young threshold (50 000) one cycle would wait for many thousands more
    allocations; one step of the pacer, with CPython's own collector, frees it, and what
    still lives is then in the oldest generation."""
    thresholds = gc.get_threshold()
    gc.set_threshold(50_000, 20, 10)
    try:

        class Node:
            pass

        gc.collect()
        a, b = Node(), Node()
        a.other, b.other = b, a
        gone = weakref.ref(a)
        del a, b
        assert gone() is not None  # a cycle: freed by nothing but a collection
        kept = Node()  # lives on
        steps = [None]

        async def sleep(seconds: float) -> None:
            if not steps:
                raise asyncio.CancelledError
            steps.pop()

        with pytest.raises(asyncio.CancelledError):
            await pace(sleep=sleep)
        assert gone() is None
        # what lives on goes to the oldest generation at once: no second young walk of it
        assert any(o is kept for o in gc.get_objects(generation=2))
    finally:
        gc.set_threshold(*thresholds)


def test_collections_are_timed_once_however_many_apps_the_process_starts() -> None:
    """Every app's start asks for the pauses to be timed (a test process starts many): one
    callback stays, so a collection is one observation of its generation's histogram."""
    metrics.watch_gc()
    metrics.watch_gc()
    assert gc.callbacks.count(metrics._timed) == 1

    def pauses() -> tuple[float, float]:
        labels = {"generation": "1"}
        count = REGISTRY.get_sample_value("cardroom_gc_pause_seconds_count", labels)
        total = REGISTRY.get_sample_value("cardroom_gc_pause_seconds_sum", labels)
        return count or 0.0, total or 0.0

    count, total = pauses()
    gc.collect(1)
    assert pauses()[0] == count + 1
    assert pauses()[1] > total
