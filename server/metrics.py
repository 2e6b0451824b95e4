"""Prometheus metrics served at /metrics."""

from __future__ import annotations

import functools
import gc
import time

from prometheus_client import Counter, Gauge, Histogram

CONNECTIONS = Gauge("cardroom_connections", "Open WebSocket connections")
ROOMS = Gauge("cardroom_rooms", "Rooms held in memory by this node")
TASKS = Gauge("cardroom_tasks", "Asyncio tasks alive (sampled every 5 s): a leak shows as growth")
MESSAGES_IN = Counter("cardroom_messages_in_total", "Client messages received", ["type"])
MESSAGES_OUT = Counter("cardroom_messages_out_total", "Messages sent to clients", ["type"])
REFUSALS = Counter("cardroom_refusals_total", "Requests refused, by code", ["code"])
ACTION_LATENCY = Histogram(
    "cardroom_action_seconds",
    "From receiving an action to its diffs being queued for every socket",
    buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0),
)
LOOP_FAILURES = Counter(
    "cardroom_loop_failures_total",
    "A background loop of the node failed and was started again (server/host/tasks.py)",
    ["loop"],
)
LOST_ENTRIES = Counter(
    "cardroom_lost_entries_total",
    "Log entries this node had applied that the store no longer holds (Redis lost its last "
    "writes): each room was reloaded from the log and played on",
)
LOOP_LAG = Gauge("cardroom_event_loop_lag_seconds", "Worst event-loop lag in the last interval")
LOOP_LAG_MAX = Gauge("cardroom_event_loop_lag_max_seconds", "Worst event-loop lag since start")
LOOP_LAGS = Histogram(
    "cardroom_event_loop_lag_sample_seconds",
    "How late the event loop woke a sleeper, each sample (one every 50 ms): its percentiles",
    buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0),
)
GC_PAUSE = Histogram(
    "cardroom_gc_pause_seconds",
    "Time the cyclic garbage collector stopped the process, by generation",
    ["generation"],
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5),
)
BOT_THINK = Histogram(
    "cardroom_bot_think_seconds",
    "Time a bot took to choose an action",
    ["level"],
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0),
)


@functools.cache
def sent(kind: str):
    """The counter of sent messages of ``kind``: a label lookup costs more than the count,
    and the server sends a few kinds only (its own message types)."""
    return MESSAGES_OUT.labels(kind)


@functools.cache
def received(kind: str):
    """The counter of received messages of ``kind`` (a known request type or ``unknown``)."""
    return MESSAGES_IN.labels(kind)


@functools.cache
def gc_pause(generation: int):
    """The pause histogram of ``generation``: looked up at every collection (the collector's
    steps come twenty times a second), so once per generation."""
    return GC_PAUSE.labels(str(generation))


_GC_STARTED = [0.0]


def _timed(phase: str, info: dict) -> None:
    if phase == "start":
        _GC_STARTED[0] = time.perf_counter()
    else:
        gc_pause(info["generation"]).observe(time.perf_counter() - _GC_STARTED[0])


def watch_gc() -> None:
    """Time every collection: a full one over many rooms' views stops the loop (the tail of
    the action latency), and this is where an operator sees it. Once per process, however
    many apps it starts (a test's several): one callback, at module level, so it is found."""
    if _timed not in gc.callbacks:
        gc.callbacks.append(_timed)
