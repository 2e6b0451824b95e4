"""A node's settings, from the environment (the README's table documents each)."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field


def _cores() -> int:
    return max(1, os.cpu_count() or 1)


@dataclass
class Config:
    node_id: str = field(default_factory=lambda: secrets.token_hex(4))
    grace_seconds: float = 60.0
    bot_delay: float = 0.8
    max_timeouts: int = 3
    bot_workers: int = field(default_factory=_cores)
    rate: float = 20.0
    burst: int = 60
    queue_bytes: int = 1 << 20
    finished_linger: float = 60.0
    idle_unload: float = 30.0  # a replica nobody here uses is dropped after this long
    rooms_per_connection: int = 50
    solver_workers: int = field(default_factory=_cores)
    solve_seconds: float = 3.0  # the budget of "can this still be won?"
    lease_ms: int = 2000  # a driver's lease; renewed every third of it
    scan_seconds: float = 0.25  # how often a node looks for rooms nobody drives
    check_seconds: float = 5.0  # how often held replicas are compared with their logs
    unjoined_seconds: float = 600.0  # a room with an open seat and nobody there closes
    abandoned_seconds: float = 3600.0  # a solitaire nobody has looked at for this long ends
    address_connections: int = 200  # open sockets from one client address, on this node
    address_rooms: int = 100  # rooms one client address may create per ten minutes
    address_players: int = 20  # players one client address may create per hour (all nodes)
    max_rooms: int = 20_000  # active rooms in the whole deployment
    trusted_proxies: frozenset[str] = frozenset()  # whose X-Forwarded-For names the client

    @classmethod
    def from_env(cls) -> Config:
        env = os.environ

        def number(name: str, default: float) -> float:
            return float(env.get(name, default))

        return cls(
            node_id=env.get("CARDROOM_NODE_ID") or secrets.token_hex(4),
            grace_seconds=number("CARDROOM_GRACE_SECONDS", 60),
            bot_delay=number("CARDROOM_BOT_DELAY", 0.8),
            max_timeouts=int(env.get("CARDROOM_MAX_TIMEOUTS", 3)),
            bot_workers=int(env.get("CARDROOM_BOT_WORKERS", _cores())),
            rate=number("CARDROOM_RATE", 20),
            burst=int(env.get("CARDROOM_BURST", 60)),
            solver_workers=int(env.get("CARDROOM_SOLVER_WORKERS", _cores())),
            solve_seconds=number("CARDROOM_SOLVE_SECONDS", 3.0),
            lease_ms=int(env.get("CARDROOM_LEASE_MS", 2000)),
            finished_linger=number("CARDROOM_FINISHED_LINGER", 60),
            unjoined_seconds=number("CARDROOM_UNJOINED_SECONDS", 600),
            abandoned_seconds=number("CARDROOM_ABANDONED_SECONDS", 3600),
            rooms_per_connection=int(env.get("CARDROOM_ROOMS_PER_CONNECTION", 50)),
            queue_bytes=int(env.get("CARDROOM_QUEUE_BYTES", 1 << 20)),
            address_connections=int(env.get("CARDROOM_ADDRESS_CONNECTIONS", 200)),
            address_rooms=int(env.get("CARDROOM_ADDRESS_ROOMS", 100)),
            address_players=int(env.get("CARDROOM_ADDRESS_PLAYERS", 20)),
            max_rooms=int(env.get("CARDROOM_MAX_ROOMS", 20_000)),
            trusted_proxies=frozenset(
                a.strip() for a in env.get("CARDROOM_TRUSTED_PROXIES", "").split(",") if a.strip()
            ),
        )
