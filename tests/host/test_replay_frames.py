"""Replay frames are built once per game and kept (server/services/replays.py: FramesCache), and the
route answers from them: ETag and 304, gzip, the daily refusal, the errors as before.

The cache's own tests drive it with a build that counts and waits on asyncio events; the
route's run the app's own layers in this process, on a fake node whose store counts its
reads; the last plays a real game on a real server and reads its /metrics."""

from __future__ import annotations

import asyncio
import gzip
import json
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest
from e2e_play import connect
from starlette.routing import Route
from waiting import until

from server.app import App
from server.games.gin_rummy import new_match
from server.games.gin_rummy.bots import make_bot
from server.services.replays import FramesCache, replay_frames
from server.store.keys import REPLAY_TTL
from server.transport.http import replay_frames_route

DAY = "2026-12-01"


def gin_replay(game_id: str = "g1", target: int = 1, daily: str | None = None) -> dict:
    """A finished bot-against-bot Gin Rummy match, as the store keeps it."""
    match = new_match(7, {"target": target})
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    actions = []
    while not match.is_over:
        seat = match.to_act if match.to_act is not None else 0
        action = bots[seat].act(match.view(seat))
        if action is None:
            seat = 1 - seat
            action = bots[seat].act(match.view(seat))
        match = match.apply(seat, action)
        actions.append([seat, action.to_dict()])
    return {
        "id": game_id,
        "game": "gin_rummy",
        "seed": 7,
        "options": {"target": target},
        "seats": [{"kind": "bot", "level": "easy", "name": "Easy bot", "player": None}] * 2,
        "actions": actions,
        "result": {},
        "finished_at": time.time(),
        "daily": daily,
    }


def stub(game_id: str, daily: str | None = None, finished_at: float | None = None) -> dict:
    """A replay for a fake build: only what the cache reads."""
    return {"id": game_id, "daily": daily, "finished_at": finished_at or time.time()}


class FakeBuild:
    """Counts builds per game; answers ``sizes[id]`` bytes (60 % body, 40 % gzip), and waits
    for ``gate`` when one is set (``started`` is set as a build begins)."""

    def __init__(self, sizes: dict[str, int] | None = None) -> None:
        self.sizes = sizes or {}
        self.count: dict[str, int] = {}
        self.gate: asyncio.Event | None = None
        self.started = asyncio.Event()

    async def __call__(self, replay: dict) -> tuple[bytes, bytes | None]:
        game_id = replay["id"]
        self.count[game_id] = self.count.get(game_id, 0) + 1
        self.started.set()
        if self.gate is not None:
            await self.gate.wait()
        size = self.sizes.get(game_id, 100)
        body = size * 6 // 10
        return game_id.encode().ljust(body, b"."), b"z" * (size - body)


# ---- the cache ---------------------------------------------------------------------------


async def test_the_second_request_for_the_same_frames_does_not_build_them():
    build = FakeBuild()
    cache = FramesCache(10_000, build=build)
    first = await cache.frames(stub("a"))
    assert cache.get("a") is first and await cache.frames(stub("a")) is first
    assert cache.builds == 1 and build.count == {"a": 1}
    assert cache.held == first.size == 100


async def test_the_lru_releases_the_least_recently_used_and_never_holds_more_than_its_budget():
    build = FakeBuild({"a": 100, "b": 100, "c": 100, "d": 150, "e": 60})
    cache = FramesCache(300, build=build)
    for game_id in "abc":
        await cache.frames(stub(game_id))
        assert cache.held <= 300
    assert list(cache.entries) == ["a", "b", "c"] and cache.held == 300
    assert cache.get("a") is not None  # a is now the most recently used: b is the oldest
    await cache.frames(stub("d"))  # 150 more bytes: b and c go, in that order
    assert list(cache.entries) == ["a", "d"] and cache.held == 250
    await cache.frames(stub("e"))  # 60 more: a, the oldest now, goes
    assert list(cache.entries) == ["d", "e"] and cache.held == 210
    assert cache.held == sum(e.size for e in cache.entries.values())
    assert cache.get("b") is None
    await cache.frames(stub("b"))  # released frames are built again
    assert build.count["b"] == 2 and cache.held <= 300


async def test_frames_larger_than_the_whole_budget_are_served_and_not_kept():
    build = FakeBuild({"small": 100, "huge": 301})
    cache = FramesCache(300, build=build)
    await cache.frames(stub("small"))
    huge = await cache.frames(stub("huge"))
    assert huge.size == 301 and len(huge.body) + len(huge.gzipped) == 301
    assert list(cache.entries) == ["small"] and cache.held == 100  # nothing evicted for it
    await cache.frames(stub("huge"))
    assert build.count["huge"] == 2


async def test_concurrent_first_requests_share_one_build():
    build = FakeBuild()
    build.gate = asyncio.Event()
    cache = FramesCache(10_000, build=build)
    waiting = [asyncio.create_task(cache.frames(stub("a"))) for _ in range(10)]
    # Every request has had its turn before the build's task first runs: when the build
    # starts, all ten are waiting for it.
    await asyncio.wait_for(build.started.wait(), 5)
    assert list(cache.flights) == ["a"]
    waiting[0].cancel()  # a client that went away does not cancel the others' build
    build.gate.set()
    results = await asyncio.gather(*waiting[1:])
    assert build.count == {"a": 1} and cache.builds == 1
    assert all(r is results[0] for r in results) and cache.get("a") is results[0]
    assert waiting[0].cancelled() and cache.flights == {}


async def test_a_failed_build_fails_every_waiter_and_the_next_request_builds_again():
    calls = 0
    started, gate = asyncio.Event(), asyncio.Event()

    async def failing(replay: dict) -> tuple[bytes, bytes | None]:
        nonlocal calls
        calls += 1
        started.set()
        await gate.wait()
        if calls == 1:
            raise RuntimeError("worker lost")
        return b"{}", None

    cache = FramesCache(10_000, build=failing)
    waiting = [asyncio.create_task(cache.frames(stub("a"))) for _ in range(3)]
    await asyncio.wait_for(started.wait(), 5)  # (after all three asked, as above)
    gate.set()
    outcomes = await asyncio.gather(*waiting, return_exceptions=True)
    assert [type(o) for o in outcomes] == [RuntimeError] * 3 and calls == 1
    assert (await cache.frames(stub("a"))).body == b"{}" and calls == 2


async def test_budget_zero_keeps_nothing_and_still_serves():
    build = FakeBuild()
    cache = FramesCache(0, build=build)
    first, second = await cache.frames(stub("a")), await cache.frames(stub("a"))
    assert first.body == second.body and first.etag == second.etag
    assert build.count == {"a": 2} and cache.entries == {} and cache.held == 0


async def test_kept_frames_past_the_stores_keeping_ask_the_store_but_are_not_built_again():
    build = FakeBuild()
    cache = FramesCache(10_000, build=build)
    old = stub("old", finished_at=time.time() - REPLAY_TTL - 60)
    kept = await cache.frames(old)
    assert cache.get("old") is None  # the route reads the store: Redis may have let it go
    assert await cache.frames(old) is kept and build.count == {"old": 1}


async def test_the_real_build_in_a_worker_gives_the_json_of_replay_frames_and_its_gzip():
    replay = gin_replay()
    cache = FramesCache(1 << 20, new_pool=lambda: ThreadPoolExecutor(1))
    try:
        await cache.start()
        frames = await cache.frames(replay)
    finally:
        cache.close()
    assert json.loads(frames.body) == replay_frames(replay)
    assert gzip.decompress(frames.gzipped) == frames.body
    assert len(replay["actions"]) > 10 and cache.builds == 1


# ---- the route, in this process ----------------------------------------------------------


class FakeStore:
    """The store's replays (``kept``, and how many were read) and its rooms (``active``)."""

    def __init__(self) -> None:
        self.kept: dict[str, dict] = {}
        self.active: set[str] = set()
        self.reads = 0
        self.replays = self.rooms = self  # the two concerns the route asks

    async def replay(self, game_id: str) -> dict | None:
        self.reads += 1
        return self.kept.get(game_id)

    async def is_active(self, game_id: str) -> bool:
        return game_id in self.active


class FakeDailies:
    """:meth:`server.services.dailies.Dailies.is_over` on a clock the test moves."""

    def __init__(self, today: str) -> None:
        self.today = today

    def is_over(self, day: str | None) -> bool:
        return day is None or str(day) < self.today


@pytest.fixture
def route():
    store, dailies = FakeStore(), FakeDailies(DAY)
    app = App(routes=[Route("/api/replays/{game_id}/frames", replay_frames_route)])
    frames = FramesCache(1 << 20, new_pool=lambda: ThreadPoolExecutor(1))
    app.state.services = SimpleNamespace(store=store, dailies=dailies, frames=frames)
    yield SimpleNamespace(app=app, store=store, dailies=dailies, cache=frames)
    app.state.services.frames.close()


async def call(app, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """One GET through the app's every layer: (status, headers, the body as sent)."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(k.replace("_", "-").lower().encode(), v.encode()) for k, v in headers.items()],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 80),
    }
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    await app(scope, receive, send)
    start = sent[0]
    head = {k.decode(): v.decode() for k, v in start["headers"]}
    return start["status"], head, b"".join(m.get("body", b"") for m in sent[1:])


async def test_the_route_answers_from_the_cache_without_the_store_with_etag_and_gzip(route):
    replay = gin_replay("g1")
    route.store.kept["g1"] = replay
    path = "/api/replays/g1/frames"
    status, head, body = await call(route.app, path)
    assert status == 200 and json.loads(body) == replay_frames(replay)
    assert head["content-type"] == "application/json" and "content-encoding" not in head
    assert (
        head["cache-control"].startswith("public, max-age=") and head["vary"] == "Accept-Encoding"
    )
    etag = head["etag"]
    assert route.store.reads == 1 and route.cache.builds == 1

    status, zipped_head, zipped = await call(route.app, path, accept_encoding="gzip, br")
    assert status == 200 and zipped_head["content-encoding"] == "gzip"
    assert zipped_head["etag"] == etag and int(zipped_head["content-length"]) == len(zipped)
    assert gzip.decompress(zipped) == body  # the same JSON, byte for byte
    status, refused_head, plain = await call(route.app, path, accept_encoding="gzip;q=0")
    assert "content-encoding" not in refused_head and plain == body

    status, not_modified, empty = await call(route.app, path, if_none_match=etag)
    assert status == 304 and empty == b"" and not_modified["etag"] == etag
    assert "content-length" not in not_modified or not_modified["content-length"] == "0"
    assert route.store.reads == 1 and route.cache.builds == 1  # all from the cache

    other = await call(route.app, path, if_none_match='W/"something-else"')
    assert other[0] == 200 and other[2] == body


async def test_if_none_match_is_answered_without_a_build_when_nothing_is_kept(route):
    route.store.kept["g1"] = gin_replay("g1")
    status, head, _ = await call(route.app, "/api/replays/g1/frames")
    route.cache.close()  # the entry released (a restart, an eviction)
    route.app.state.services.frames = FramesCache(1 << 20, build=FakeBuild())
    status, _, body = await call(route.app, "/api/replays/g1/frames", if_none_match=head["etag"])
    assert status == 304 and body == b"" and route.app.state.services.frames.builds == 0


async def test_the_errors_are_those_of_before(route):
    route.store.active.add("playing")
    for game_id, status, code in [("nothing", 404, "no_replay"), ("playing", 409, "in_progress")]:
        got, head, body = await call(route.app, f"/api/replays/{game_id}/frames")
        assert (got, json.loads(body)["code"]) == (status, code)
        assert head["cache-control"] == "no-cache"  # never kept by a browser
    assert route.cache.builds == 0


async def test_a_days_game_is_refused_until_the_day_is_over_even_with_frames_kept(route):
    route.store.kept["day"] = gin_replay("day", daily=DAY)
    path = "/api/replays/day/frames"
    status, _, body = await call(route.app, path)
    assert (status, json.loads(body)["code"]) == (403, "daily_not_over")
    assert route.cache.builds == 0 and route.cache.entries == {}  # never built before then
    # Kept all the same (as a node whose clock had moved on could have): still refused.
    await route.cache.frames(route.store.kept["day"])
    reads = route.store.reads
    status, _, body = await call(route.app, path)
    assert (status, json.loads(body)["code"]) == (403, "daily_not_over")
    status, _, _ = await call(route.app, path, if_none_match=route.cache.entries["day"].etag)
    assert status == 403
    route.dailies.today = "2026-12-02"  # the day is over: served, from the cache
    status, _, body = await call(route.app, path)
    assert status == 200 and json.loads(body)["id"] == "day"
    assert route.store.reads == reads and route.cache.builds == 1


async def test_the_route_serves_with_the_cache_disabled(route):
    route.cache.close()
    route.app.state.services.frames = cache = FramesCache(0, new_pool=lambda: ThreadPoolExecutor(1))
    try:
        route.store.kept["g1"] = replay = gin_replay("g1")
        for _ in range(2):
            status, head, body = await call(route.app, "/api/replays/g1/frames")
            assert status == 200 and json.loads(body) == replay_frames(replay)
            assert head["etag"]
        assert cache.builds == 2 and cache.entries == {}
    finally:
        cache.close()


# ---- a real server -------------------------------------------------------------------------


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(
        url, headers={k.replace("_", "-"): v for k, v in headers.items()}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def builds(server) -> float:
    for line in server.raw("/metrics").decode().splitlines():
        if line.startswith("cardroom_replay_frames_builds_total "):
            return float(line.split()[1])
    raise AssertionError("no cardroom_replay_frames_builds_total in /metrics")


async def test_a_real_servers_frames_are_built_once_and_revalidated_with_a_304(server):
    host = await connect(server.ws)
    bots = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    room = await host.create(bots, target=1)
    found = await until(
        lambda: server.get(f"/api/replays/{room}"), 60, "the replay", lambda r: r[0] != 409
    )
    assert found[0] == 200, found
    replay = found[1]
    url = f"{server.http}/api/replays/{room}/frames"
    assert builds(server) == 0
    status, head, zipped = await asyncio.to_thread(fetch, url, accept_encoding="gzip")
    assert status == 200 and head["content-encoding"] == "gzip"
    status, plain_head, plain = await asyncio.to_thread(fetch, url)
    assert status == 200 and gzip.decompress(zipped) == plain
    assert plain_head["etag"] == head["etag"] and "content-encoding" not in plain_head
    frames = json.loads(plain)
    assert frames["id"] == room and len(frames["steps"]) == len(replay["actions"]) > 0
    status, _, empty = await asyncio.to_thread(fetch, url, if_none_match=head["etag"])
    assert status == 304 and empty == b""
    assert builds(server) == 1
    assert (await asyncio.to_thread(fetch, f"{server.http}/api/replays/nope/frames"))[0] == 404
