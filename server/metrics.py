"""Prometheus metrics served at /metrics."""

from __future__ import annotations

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
LOOP_LAG = Gauge("cardroom_event_loop_lag_seconds", "Worst event-loop lag in the last interval")
LOOP_LAG_MAX = Gauge("cardroom_event_loop_lag_max_seconds", "Worst event-loop lag since start")
BOT_THINK = Histogram(
    "cardroom_bot_think_seconds",
    "Time a bot took to choose an action",
    ["level"],
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0),
)
