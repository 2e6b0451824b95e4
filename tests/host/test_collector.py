"""The garbage collector paced on a clock (server/host/collector.py): the young generation at
every step, the middle one once it has taken in enough or enough time has passed; in fake
time, with the collector's counts made up, then once with CPython's own collector."""

from __future__ import annotations

import asyncio
import gc
import itertools
import weakref

import pytest

from server.host.collector import (
    BURST,
    BURST_STEP,
    FULL_EVERY,
    MIDDLE,
    MIDDLE_EVERY,
    STEP,
    Pacer,
    pace,
)


def test_at_play_the_middle_generation_is_collected_every_so_often() -> None:
    """Moves that free about what they make keep CPython's count near zero: the middle
    generation then goes by the clock alone, never sooner than MIDDLE_EVERY after the last
    and at most a step later."""
    pacer = Pacer(now=0.0)
    now, middles = 0.0, []
    for _ in range(round(2 / STEP)):
        assert pacer.wait(5) == STEP
        now += STEP
        if pacer.generation(now, young=5) == 1:
            middles.append(now)
    assert len(middles) >= round(2 / (MIDDLE_EVERY + STEP))
    for earlier, later in itertools.pairwise([0.0, *middles]):
        assert MIDDLE_EVERY - 1e-9 <= later - earlier <= MIDDLE_EVERY + STEP + 1e-9


def test_in_a_burst_steps_come_sooner_and_the_middle_generation_goes_once_it_took_enough() -> None:
    """A crowd of sockets connecting: steps every BURST_STEP while each finds BURST or more
    new objects, and the middle generation collected as soon as it took in MIDDLE of them,
    long before its time is up."""
    pacer = Pacer(now=0.0)
    per_step = MIDDLE // 3 + 1
    assert per_step >= BURST and pacer.wait(per_step) == BURST_STEP
    chosen = [pacer.generation(now=0.001 * (k + 1), young=per_step) for k in range(9)]
    assert chosen == [0, 0, 1] * 3


def test_a_count_below_zero_takes_nothing_in() -> None:
    """CPython's count goes below zero when more was freed than made: nothing taken in."""
    pacer = Pacer(now=0.0)
    assert pacer.generation(now=0.01, young=-400) == 0
    assert pacer.generation(now=0.02, young=MIDDLE - 1) == 0
    assert pacer.generation(now=0.03, young=1) == 1


def test_the_oldest_generation_is_collected_every_so_often_and_only_then() -> None:
    pacer = Pacer(now=0.0)
    now, fulls = 0.0, []
    while now < 2.5 * FULL_EVERY:
        now += 1.0
        if pacer.generation(now, young=10) == 2:
            fulls.append(now)
    assert fulls == [FULL_EVERY, 2 * FULL_EVERY]


async def test_every_step_collects_what_the_pacer_chose_after_the_wait_it_chose() -> None:
    now = [0.0]
    waits: list[float] = []
    collected: list[int] = []
    counts = [10, MIDDLE, 10, 10, 10]

    async def sleep(seconds: float) -> None:
        if not counts:
            raise asyncio.CancelledError  # (the steps are all taken)
        waits.append(seconds)
        now[0] += seconds

    def count() -> tuple[int, int, int]:
        return counts.pop(0), 0, 0

    with pytest.raises(asyncio.CancelledError):
        await pace(clock=lambda: now[0], sleep=sleep, collect=collected.append, count=count)
    # the middle generation at the crowd's MIDDLE objects, then by the clock again
    assert collected == [0, 1, 0, 0, 1]
    assert waits == [STEP, STEP, BURST_STEP, STEP, STEP]  # after the crowd, sooner
    assert now[0] == pytest.approx(4 * STEP + BURST_STEP)


async def test_a_step_frees_the_young_cycles_cpython_itself_would_not_have_collected_yet() -> None:
    """With the app's young threshold (50 000) one cycle would wait for many thousands more
    allocations; one step of the pacer, with CPython's own collector, frees it."""
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
        steps = [None]

        async def sleep(seconds: float) -> None:
            if not steps:
                raise asyncio.CancelledError
            steps.pop()

        with pytest.raises(asyncio.CancelledError):
            await pace(sleep=sleep)
        assert gone() is None
    finally:
        gc.set_threshold(*thresholds)
