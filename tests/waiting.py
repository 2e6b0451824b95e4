"""One way for a test to wait on a real process (a server, Redis, a thread): ask again until
a condition holds, within a deadline. Never a sleep that guesses how long something takes:
on a busy machine a guess is too short, and everywhere else it wastes the time it adds."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable
from typing import Any

STEP = 0.02


async def until(
    read: Callable[[], Any],
    timeout: float = 20.0,
    what: str = "condition",
    check: Callable[[Any], Any] = bool,
    step: float = STEP,
) -> Any:
    """Call ``read`` (a function, or one that returns an awaitable) until ``check`` holds
    of its value (by default: the value is truthy); that value. Fails the test after
    ``timeout`` seconds. ``read`` is called again ``step`` seconds after each time (longer
    for an attempt that costs the other side, such as a connection to a node that is down)."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if inspect.isawaitable(value):
            value = await value
        if check(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what} (last: {value!r})")
        await asyncio.sleep(step)


async def until_passes(check: Callable[[], Any], timeout: float = 20.0, step: float = 0.2) -> Any:
    """Call ``check`` (a function, or one that returns an awaitable) until it raises no
    AssertionError; its value. After ``timeout`` seconds its last AssertionError fails the
    test, saying what is still wrong. For checks that read a store or a cluster (hence the
    longer ``step``), such as a fail-over trial's checks of what it left behind."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = check()
            return await value if inspect.isawaitable(value) else value
        except AssertionError:
            if time.monotonic() > deadline:
                raise
        await asyncio.sleep(step)


def until_sync(
    read: Callable[[], Any],
    timeout: float = 20.0,
    what: str = "condition",
    check: Callable[[Any], Any] = bool,
    step: float = STEP,
) -> Any:
    """:func:`until` for a test without an event loop (the browser tests, processes)."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if check(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what} (last: {value!r})")
        time.sleep(step)
