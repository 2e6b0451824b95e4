"""A node's settings, from the environment: the only module that reads it (the README's
table documents each setting; tests/source/test_config.py holds the two to the same names)."""

from __future__ import annotations

import datetime as dt
import os
import re
import secrets
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path


def _cores() -> int:
    return max(1, os.cpu_count() or 1)


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def fixed_day(day: str) -> Callable[[], dt.datetime]:
    """A clock that stays at noon (UTC) of ``day`` (YYYY-MM-DD): ``CARDROOM_TODAY``, for
    tests of the daily deals (a day that is over, tomorrow's deal) without waiting a day."""
    noon = dt.datetime.combine(dt.date.fromisoformat(day), dt.time(12), dt.UTC)
    return lambda: noon


CLIENT_DIR = Path(__file__).resolve().parent.parent / "client_web" / "dist"
"""The built browser client in a checkout (``make run`` / ``make test`` build it)."""


@dataclass(frozen=True)
class StoreSettings:
    """Which store a node opens: Redis when ``redis_url``, ``sentinels`` or
    ``cluster_nodes`` is set, the embedded SQLite file ``db_path`` otherwise (one command
    starts a server on a bare machine)."""

    redis_url: str | None = None
    sentinels: tuple[tuple[str, int], ...] = ()  # the primary found through Redis Sentinel
    cluster_nodes: tuple[tuple[str, int], ...] = ()  # Redis Cluster: some of its nodes
    sentinel_service: str = "cardroom"
    wait_replicas: int = 0  # acknowledge only once this many replicas hold a write (WAIT)
    wait_ms: int = 500
    prefix: str = "cardroom"  # of every Redis key
    db_path: str = "cardroom.sqlite3"
    # a store's batches of appends at least this far apart when busy (0: none)
    commit_ms: float = 10.0

    @property
    def redis(self) -> bool:
        return bool(self.redis_url or self.sentinels or self.cluster_nodes)

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> StoreSettings:
        url = env.get("REDIS_URL") or None
        cluster = env.get("REDIS_CLUSTER_NODES", "")
        if url and url.startswith(CLUSTER_SCHEME):  # redis+cluster://host:port,host:port
            cluster, url = url.removeprefix(CLUSTER_SCHEME).rstrip("/"), None
        return cls(
            redis_url=url,
            sentinels=tuple(_sentinels(env.get("REDIS_SENTINELS", ""))),
            cluster_nodes=tuple(_sentinels(cluster)),
            sentinel_service=env.get("REDIS_SENTINEL_SERVICE", "cardroom"),
            wait_replicas=int(env.get("REDIS_WAIT_REPLICAS", 0)),
            wait_ms=int(env.get("REDIS_WAIT_MS", 500)),
            prefix=env.get("REDIS_PREFIX") or "cardroom",
            db_path=env.get("CARDROOM_DB") or "cardroom.sqlite3",
            commit_ms=_milliseconds("CARDROOM_COMMIT_MS", env.get("CARDROOM_COMMIT_MS", "10")),
        )


CLUSTER_SCHEME = "redis+cluster://"


def _milliseconds(name: str, value: str) -> float:
    """``value`` as a number of milliseconds from 0 to a second, or ValueError naming the
    setting (at start-up: the node does not start)."""
    try:
        ms = float(value)
    except ValueError:
        ms = -1.0
    if not 0 <= ms <= 1000:
        raise ValueError(f"{name} must be a number of milliseconds from 0 to 1000, not {value!r}")
    return ms


def _switch(name: str, value: str) -> bool:
    """``on`` or ``off`` (or true/false, yes/no, 1/0), or ValueError naming the setting."""
    word = value.strip().lower()
    if word in ("on", "true", "yes", "1"):
        return True
    if word in ("off", "false", "no", "0"):
        return False
    raise ValueError(f"{name} must be on or off, not {value!r}")


def _sentinels(spec: str) -> list[tuple[str, int]]:
    """``host:port,host:port`` -> [(host, port), ...]"""
    found = []
    for item in _items(spec):
        host, _, port = item.rpartition(":")
        found.append((host, int(port)))
    return found


@dataclass
class Config:
    host: str = "127.0.0.1"
    port: int = 8000
    log_level: str = "info"
    client_dir: Path = CLIENT_DIR
    store: StoreSettings = field(default_factory=StoreSettings)
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
    check_seconds: float = 5.0  # how often held replicas and seeks are compared with the store
    trim_seconds: float = 30.0  # how often freed memory is handed back to the system
    unjoined_seconds: float = 600.0  # a room with an open seat and nobody there closes
    # A quick pairing's room whose kept seat's player has not joined within this long ends
    # ("no_show"): the player who did join is told, and goes back to seeking.
    paired_join_seconds: float = 5.0
    abandoned_seconds: float = 3600.0  # a solitaire nobody has looked at for this long ends
    address_connections: int = 200  # open sockets from one client address, on this node
    address_rooms: int = 100  # rooms one client address may create per ten minutes
    address_players: int = 20  # players one client address may create per hour (all nodes)
    max_rooms: int = 20_000  # active rooms in the whole deployment
    trusted_proxies: frozenset[str] = frozenset()  # whose X-Forwarded-For names the client
    clock: Callable[[], dt.datetime] = utc_now  # what "today" is for the daily deals
    daily_secret: str | None = None  # None: drawn once and kept in the store
    # Browser origins whose pages may open a WebSocket (normalised by `origin()`); empty: a
    # page of the host the socket itself was opened to (its Host header), only.
    allowed_origins: frozenset[str] = frozenset()
    hsts_seconds: int = 0  # Strict-Transport-Security's max-age; 0: no such header
    # Bytes of replay frames kept in memory (server.services.replays.FramesCache); 0: none kept. An
    # entry is a game's frames as JSON plus gzip: about 100 KB for a match to 100 points,
    # 350 to 420 KB for a match to 500 (the highest target, 900 to 1 100 actions). 64 MiB
    # holds all the 100 replays /api/replays lists even if every one were that long (42 MiB),
    # or some 650 usual ones: a small part of a node's memory, for the replays people open.
    frames_cache_bytes: int = 64 << 20
    # permessage-deflate offered to sockets: a patch leaves in about a fifth of its bytes,
    # for about an eighth more CPU an action (bench/RESULTS.md, issue 52); off suits a server
    # whose traffic costs less than its cores.
    deflate: bool = True

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Config:

        def number(name: str, default: float) -> float:
            return float(env.get(name, default))

        return cls(
            host=env.get("HOST", "127.0.0.1"),
            port=int(env.get("PORT", 8000)),
            log_level=env.get("LOG_LEVEL", "info").lower(),
            # where the server is installed as a package, as in the Docker image
            client_dir=Path(env["CARDROOM_CLIENT_DIR"])
            if env.get("CARDROOM_CLIENT_DIR")
            else CLIENT_DIR,
            store=StoreSettings.from_env(env),
            node_id=node_id(env.get("CARDROOM_NODE_ID") or secrets.token_hex(4)),
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
            check_seconds=number("CARDROOM_CHECK_SECONDS", 5),
            unjoined_seconds=number("CARDROOM_UNJOINED_SECONDS", 600),
            paired_join_seconds=number("CARDROOM_PAIRED_JOIN_SECONDS", 5),
            abandoned_seconds=number("CARDROOM_ABANDONED_SECONDS", 3600),
            trim_seconds=number("CARDROOM_TRIM_SECONDS", 30),
            rooms_per_connection=int(env.get("CARDROOM_ROOMS_PER_CONNECTION", 50)),
            queue_bytes=int(env.get("CARDROOM_QUEUE_BYTES", 1 << 20)),
            address_connections=int(env.get("CARDROOM_ADDRESS_CONNECTIONS", 200)),
            address_rooms=int(env.get("CARDROOM_ADDRESS_ROOMS", 100)),
            address_players=int(env.get("CARDROOM_ADDRESS_PLAYERS", 20)),
            max_rooms=int(env.get("CARDROOM_MAX_ROOMS", 20_000)),
            trusted_proxies=frozenset(_items(env.get("CARDROOM_TRUSTED_PROXIES", ""))),
            allowed_origins=frozenset(
                _allowed(o) for o in _items(env.get("CARDROOM_ALLOWED_ORIGINS", ""))
            ),
            clock=fixed_day(env["CARDROOM_TODAY"]) if env.get("CARDROOM_TODAY") else utc_now,
            daily_secret=env.get("CARDROOM_DAILY_SECRET") or None,
            hsts_seconds=int(env.get("CARDROOM_HSTS_SECONDS", 0)),
            frames_cache_bytes=int(env.get("CARDROOM_FRAMES_CACHE_BYTES", 64 << 20)),
            deflate=_switch("CARDROOM_DEFLATE", env.get("CARDROOM_DEFLATE", "on")),
        )


NODE_ID = re.compile(r"[A-Za-z0-9_.-]{1,64}")
"""What a node's name may be: a node's life is named ``node/life`` (presence, membership),
so a "/" (or a space, a ":") in the name would make one life's name read as another's."""


def node_id(value: str) -> str:
    """``value`` as a node's name, or ValueError (at start-up: the node does not start)."""
    if not NODE_ID.fullmatch(value):
        raise ValueError(
            f"CARDROOM_NODE_ID: {value!r} is not a node name: 1 to 64 letters, digits, "
            "'.', '_' or '-' (no '/': a node's life is named node/life)."
        )
    return value


def _items(value: str) -> list[str]:
    return [a.strip() for a in value.split(",") if a.strip()]


def _allowed(value: str) -> str:
    normal = origin(value)
    if normal is None:
        raise ValueError(
            f"CARDROOM_ALLOWED_ORIGINS: {value!r} is not an origin (scheme://host[:port])."
        )
    return normal


DEFAULT_PORTS = {"http": 80, "https": 443}


def _host_port(netloc: str) -> tuple[str, int | None] | None:
    """``host[:port]`` (``[v6]:port`` too) as (lower-case host, port or None)."""
    try:
        split = urllib.parse.urlsplit(f"//{netloc}")
        host, port = split.hostname, split.port
    except ValueError:
        return None
    if not host or split.username is not None or split.path or split.query:
        return None
    return host, port


def origin(value: str) -> str | None:
    """An Origin as ``scheme://host[:port]`` with the scheme's default port left out, or None
    when it is none (``null``, a path, another scheme)."""
    scheme, sep, rest = value.strip().partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in DEFAULT_PORTS:
        return None
    parsed = _host_port(rest)
    if parsed is None:
        return None
    host, port = parsed
    host = f"[{host}]" if ":" in host else host
    return (
        f"{scheme}://{host}"
        if port in (None, DEFAULT_PORTS[scheme])
        else f"{scheme}://{host}:{port}"
    )


def same_host(page_origin: str, host_header: str | None) -> bool:
    """Whether a page of ``page_origin`` is on the host its socket was opened to (the Host
    header the browser sent). The scheme is not compared: behind a proxy that ends TLS the
    node itself is reached over plain HTTP."""
    normal = origin(page_origin)
    if normal is None or not host_header:
        return False
    scheme, _, rest = normal.partition("://")
    page, asked = _host_port(rest), _host_port(host_header)
    if page is None or asked is None or page[0] != asked[0]:
        return False
    default = DEFAULT_PORTS[scheme]
    return (page[1] or default) == (asked[1] or default)


def origin_allowed(page_origin: str | None, host_header: str | None, allowed: frozenset) -> bool:
    """May a WebSocket opened with this Origin header be accepted? A client that sends no
    Origin is not a browser page (browsers always send it), so no other site is acting
    through it."""
    if page_origin is None:
        return True
    if allowed:
        return origin(page_origin) in allowed
    return same_host(page_origin, host_header)
