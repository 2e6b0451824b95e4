"""The Store contract's fixtures and builders, shared by the tests of each concern
(tests/store/test_store_*.py and others), run against both implementations.

Every test gets its own namespace: a fresh SQLite file for the embedded store, and a unique
key prefix for the Redis store, whose keys are all deleted (SCAN + DEL) after the test.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
import redis.asyncio as redis

from server.host.settlement import record_game
from server.store import Store
from server.store.embedded import EmbeddedStore
from server.store.redis_store import RedisStore
from tools.redis_cluster import LocalRedisCluster

REDIS_URL = "redis://127.0.0.1:6379/0"


class Stores:
    """Opens stores on one namespace (a file or a key prefix) and closes them after the test."""

    def __init__(self, kind: str, factory: Callable[[], Store]) -> None:
        self.kind = kind
        self._factory = factory
        self._open: list[Store] = []

    def open(self) -> Store:
        store = self._factory()
        self._open.append(store)
        return store

    async def reopen(self, store: Store) -> Store:
        """Close ``store`` (as a process exit would) and open a new one on the same data."""
        self._open.remove(store)
        await store.close()
        return self.open()

    async def close_all(self) -> None:
        while self._open:
            await self._open.pop().close()


async def delete_prefix(prefix: str) -> None:
    client = redis.from_url(REDIS_URL)
    try:
        keys = [key async for key in client.scan_iter(match=f"{prefix}:*", count=500)]
        if keys:
            await client.delete(*keys)
    finally:
        await client.aclose()


@pytest.fixture
async def embedded_stores(tmp_path: Path) -> AsyncIterator[Stores]:
    path = str(tmp_path / "cardroom.sqlite3")
    stores = Stores("embedded", lambda: EmbeddedStore(path))
    yield stores
    await stores.close_all()


@pytest.fixture
def redis_prefix() -> str:
    return f"cardroom-test:{uuid4().hex}"


@contextlib.asynccontextmanager
async def closing(stores: Stores, clean: Callable[[], Awaitable[None]]) -> AsyncIterator[Stores]:
    """``stores`` for a test, closed after it and their keys deleted (``clean``)."""
    try:
        yield stores
    finally:
        try:
            await stores.close_all()
        finally:
            await clean()


@pytest.fixture
async def redis_stores(redis_prefix: str) -> AsyncIterator[Stores]:
    stores = Stores("redis", lambda: RedisStore(REDIS_URL, prefix=redis_prefix))
    async with closing(stores, lambda: delete_prefix(redis_prefix)):
        yield stores


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory) -> Iterator[LocalRedisCluster]:
    """Six redis-server processes in cluster mode (three primaries, a replica each), for the
    session: the store's contract runs on it as on one Redis."""
    with LocalRedisCluster(tmp_path_factory.mktemp("redis-cluster")) as running:
        yield running


async def delete_cluster_prefix(cluster: LocalRedisCluster, prefix: str) -> None:
    for port in cluster.primary_ports():
        client = redis.Redis(port=port)
        try:
            keys = [key async for key in client.scan_iter(match=f"{prefix}:*", count=500)]
            for key in keys:  # one by one: a DEL of several keys must keep to one slot
                await client.delete(key)
        finally:
            await client.aclose()


@pytest.fixture
async def cluster_stores(redis_cluster, redis_prefix: str) -> AsyncIterator[Stores]:
    nodes = [("127.0.0.1", port) for port in redis_cluster.ports]
    stores = Stores("cluster", lambda: RedisStore(prefix=redis_prefix, cluster_nodes=nodes))
    async with closing(stores, lambda: delete_cluster_prefix(redis_cluster, redis_prefix)):
        yield stores


@pytest.fixture(params=["embedded", "redis", "cluster"])
def stores(request: pytest.FixtureRequest) -> Stores:
    return request.getfixturevalue(f"{request.param}_stores")


@pytest.fixture
def store(stores: Stores) -> Store:
    return stores.open()


def meta(seed: int = 7) -> dict[str, Any]:
    return {"game": "gin_rummy", "seed": seed, "seats": ["ann", "bob"], "options": {"to": 100}}


def entry(n: int) -> dict[str, Any]:
    return {"seat": n % 2, "action": "draw", "card": f"{n + 2}S"}


def replay(game_id: str, finished_at: float) -> dict[str, Any]:
    return {
        "id": game_id,
        "game": "gin_rummy",
        "finished_at": finished_at,
        "seats": ["ann", "bob"],
        "result": {"winner": 0, "points": [25, 0]},
        "seed": 7,
        "log": [entry(0), entry(1)],
    }


def summary(game_id: str, finished_at: float) -> dict[str, Any]:
    full = replay(game_id, finished_at)
    return {k: full.get(k) for k in ("id", "game", "finished_at", "seats", "result", "daily")}


def deal(seed: int) -> dict[str, Any]:
    return {"game": "solitaire", "seed": seed, "cards": ["AS", "KH", "2C"]}


def lobby_entry(room_id: str, seated: int) -> dict[str, Any]:
    return {"room": room_id, "game": "gin_rummy", "seated": seated, "seats": 2}


def by_room(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(entries, key=lambda e: e["room"])


SINCE = float(int(time.time()) - 100)


def player_record(player_id: str = "p222222222222", name: str = "Ann") -> dict[str, Any]:
    return {"id": player_id, "name": name, "created": SINCE, "seen": SINCE, "settings": {}}


def solitaire_game(game_id: str, player: str, won: bool, score: int, at: float) -> dict:
    return {
        "id": game_id,
        "game": "reflechi",
        "options": {"draw": 1, "number": 1},
        "seats": [{"kind": "human", "level": None, "name": "Ann", "player": player}],
        "result": {"winner": None, "won": won, "score": score, "moves": 120},
        "finished_at": SINCE + at,
        "daily": None,
        "started_ms": 1000,
        "ended_ms": 61_000,
    }


def gin_game(game_id: str, players: list[str | None], winner: int, at: float = 5.0) -> dict:
    hands = [
        {"hand": 1, "dealer": 0, "kind": "gin", "winner": winner, "points": 40},
        {"hand": 2, "dealer": 1, "kind": "undercut", "winner": 1 - winner, "points": 27},
    ]
    return {
        "id": game_id,
        "game": "gin_rummy",
        "options": {"target": 50},
        "seats": [
            {"kind": "human", "level": None, "name": "Ann", "player": players[0]},
            {"kind": "human", "level": None, "name": "Bob", "player": players[1]},
        ],
        "result": {"winner": winner, "scores": [67, 27], "forfeit": None, "hands": hands},
        "finished_at": SINCE + at,
        "daily": None,
    }


def rated_game(game_id: str, players: list[str], winner: int, at: float) -> dict:
    return {**gin_game(game_id, players, winner, at), "rated": True}


DAY = time.strftime("%Y-%m-%d", time.gmtime())  # boards older than DAILY_TTL are forgotten


def daily_solitaire(game_id: str, player: str, won: bool, score: int, moves: int, ms: int):
    game = solitaire_game(game_id, player, won, score, 0.0)
    game["result"]["moves"] = moves
    return {**game, "daily": DAY, "started_ms": 0, "ended_ms": ms}


async def ranked(store: Store, game: dict) -> bool:
    """Count a daily game that is the player's first attempt of the day."""
    player = game["seats"][0]["player"]
    board = "reflechi_draw1" if game["game"] == "reflechi" else "gin_rummy"
    await store.dailies.claim_attempt(board, DAY, player, game["id"])
    return await record_game(store, game)
