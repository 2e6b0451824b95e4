"""Replays as the browser plays them back: every position of a finished game, hands open.

A replay in the store is a seed or deal number, options and actions (small, and the engine's
own proof of the game). The browser must not re-implement the rules to step through it, so
the server rebuilds each position with the engine and sends the first view and, for every
action, the RFC 6902 patch to the next one: the same form as live play, about a tenth of the
size of every view.

That rebuild is the costly part: a match to 500 points (900 to 1 100 actions) is 0.1 s of
engine work, 330 to 400 KB of JSON and 20 to 25 KB of gzip, and when it ran in a thread of
the server for every request, eight clients fetching it took a bystander's ping from 1 ms to
300 ms (the thread holds the GIL the event loop needs; bench/replay_frames.py). A finished
game never changes, so :class:`FramesCache` builds its frames once, in a worker process of
their own, as the bytes that are sent (JSON and its gzip), keeps them in memory (an LRU
bounded in bytes), and serves them with an ETag that names the game and
:data:`FRAMES_FORMAT`: a browser that holds them is answered 304 without anything built, and
a request the cache can answer reads nothing from the store.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import os
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from prometheus_client import Counter, Gauge

from protocol import PROTOCOL_VERSION
from protocol.diff import diff
from server.flights import Flights
from server.games.gin_rummy import Action, Match, new_match
from server.games.solitaire import Solitaire, variant_for
from server.rooms import RoomError
from server.rooms.gin import open_hands
from server.rooms.solitaire import SOLITAIRES
from server.store import Store
from server.store.keys import REPLAY_TTL
from server.workers import pool, stop_all

BUILDS = Counter(
    "cardroom_replay_frames_builds_total",
    "Replay frames built from a stored replay (the engine's work, in the frames worker)",
)
HITS = Counter(
    "cardroom_replay_frames_cache_hits_total", "Replay frames requests the cache answered"
)
HELD = Gauge("cardroom_replay_frames_cache_bytes", "Bytes of replay frames the cache holds")

FRAMES_FORMAT = 2
"""The form of :func:`replay_frames`' answer. Raise it with any change of that form (of the
views, the patches, the fields): it is part of the ETag, so a browser holding frames of the
old form gets the new ones instead of a 304."""

MAX_AGE = 24 * 3600
"""How long a browser (or a shared cache: the frames are public) may reuse frames without
asking. A finished game's frames never change, but their form can with a new server
(:data:`FRAMES_FORMAT`): a day bounds how long an old form can outlive a deploy, and asking
again after it costs a 304, not a build."""

CACHE_CONTROL = f"public, max-age={MAX_AGE}"
GZIP_LEVEL = 9
"""Frames are compressed once per game and sent many times: level 9 is 13 % smaller than 6
on a match to 500 (23.7 against 27.2 KB) for 8 ms more, once, in the worker."""


def _frame(match: Match) -> dict[str, Any]:
    view = match.view(None)
    view["open"] = open_hands(match)
    return view


def _views(replay: dict[str, Any]) -> list[dict[str, Any]]:
    if replay["game"] in SOLITAIRES:
        options = replay["options"]
        variant = variant_for(replay["game"], options["draw"])
        if options.get("order") is not None:  # a day's deal
            game = Solitaire.daily(variant, options["day"], options["order"])
        else:
            game = Solitaire.new(variant, options["number"])
        views = [game.view()]
        for _, action in replay["actions"]:
            game = game.apply(action)
            views.append(game.view())
        return views
    match = new_match(replay["seed"], replay.get("options"))
    views = [_frame(match)]
    for seat, action in replay["actions"]:
        match = match.apply(seat, Action.from_dict(action))
        views.append(_frame(match))
    return views


def replay_frames(replay: dict[str, Any]) -> dict[str, Any]:
    """``{"first": view, "steps": [{"seat", "action", "ops"}, ...], "phrases": [{"seat",
    "phrase", "step"}, ...]}`` for a stored replay (``step``: the frame a phrase was said at;
    replays from before phrases have none)."""
    views = _views(replay)
    steps = [
        {"seat": seat, "action": action, "ops": diff(a, b)}
        for (seat, action), (a, b) in zip(replay["actions"], pairwise(views), strict=True)
    ]
    return {
        "id": replay["id"],
        "game": replay["game"],
        "seats": replay["seats"],
        "first": views[0],
        "steps": steps,
        "phrases": [
            {"seat": seat, "phrase": phrase, "step": step}
            for seat, phrase, _, step in replay.get("phrases", ())
        ],
    }


# ---- built once, kept, sent as bytes -----------------------------------------------------


def render(replay: dict[str, Any]) -> tuple[bytes, bytes | None]:
    """The frames of ``replay`` as sent: the JSON body (byte for byte what Starlette's
    JSONResponse makes of :func:`replay_frames`) and its gzip form (which the HTTP layer
    sends when it is asked for and the body is worth it). Run in the frames worker: engine,
    JSON and gzip all stay off the server's GIL."""
    body = json.dumps(
        replay_frames(replay), ensure_ascii=False, allow_nan=False, separators=(",", ":")
    ).encode("utf-8")
    gzipped = gzip.compress(body, GZIP_LEVEL, mtime=0)
    return body, gzipped


def _started() -> int:
    """Run once in a new worker: it imports this module (the engine, the rooms) now rather
    than at the first replay someone opens."""
    return os.getpid()


def frames_pool() -> Executor:
    """The frames worker: one process, at nice 5 like the solver's (a person waits for it;
    a player's move on the event loop still goes first), exiting with the server
    (:mod:`server.workers`). One, because a build is rare once the cache holds the frames,
    and one process at a time bounds what builds take at a core, whatever is asked; the
    server's own process never runs a build, so the GIL its event loop needs is never held
    by one. Measured with the cache off (every request builds) and eight clients fetching a
    930-action match: a bystander's ping p50/p99/max 1.1/14/16 ms with this worker against
    8.1/33/41 ms with one build thread, and the server process's own CPU 6.5 ms a request
    against 102 ms. Its cost: one more process, about 23 MiB (PSS) once it has imported the
    engine."""
    return pool(1, 5)


async def finished(store: Store, game_id: str) -> dict[str, Any]:
    """The stored replay of the finished game ``game_id``, or a refusal: ``in_progress``
    (its room is still active) or ``no_replay``. A room ends in one step of the store (its
    replay written, the room no longer active), so a room found inactive after a first read
    found no replay is read once more: the game may have ended between the two reads, and
    "no finished game" would be wrong about a game that had just finished."""
    found = await store.replays.replay(game_id)
    if found is None:
        if await store.rooms.is_active(game_id):
            raise RoomError("in_progress", "A game still in progress has no replay or review yet.")
        found = await store.replays.replay(game_id)
    if found is None:
        raise RoomError("no_replay", "There is no finished game with that id.")
    return found


def frames_etag(game_id: str) -> str:
    """The frames' ETag: from the game id and :data:`FRAMES_FORMAT` (and the protocol's
    version) only, since a finished game never changes; so a browser's If-None-Match is
    answered without the frames at hand. Weak: the identity and gzip bodies share it."""
    named = f"{FRAMES_FORMAT}:{PROTOCOL_VERSION}:{game_id}".encode()
    return f'W/"f{FRAMES_FORMAT}-{hashlib.blake2b(named, digest_size=12).hexdigest()}"'


@dataclass(frozen=True, slots=True)
class Frames:
    """A game's frames as sent, and what is needed to answer for them without the store:
    its ``daily`` (None, or the day before whose end they are refused) and until when the
    store keeps the replay (``expires``, epoch seconds: :data:`REPLAY_TTL` from its end)."""

    game_id: str
    daily: str | None
    expires: float
    body: bytes
    gzipped: bytes | None
    etag: str

    @property
    def size(self) -> int:
        """What the cache counts against its budget: both bodies. (The entry's own
        bookkeeping, a few hundred bytes, is left out: an entry is tens or hundreds of KB.)"""
        return len(self.body) + len(self.gzipped or b"")


Build = Callable[[dict[str, Any]], Awaitable[tuple[bytes, bytes | None]]]


class FramesCache:
    """Finished games' frames, built once and kept, bounded by the bytes they hold.

    - **Bound**: at most ``budget`` bytes of bodies (:attr:`Frames.size`: the JSON and its
      gzip) at any moment. Keeping an entry releases the least recently used ones until the
      total is within the budget again; an entry larger than the whole budget is served to
      whoever asked and not kept. ``budget`` 0 keeps nothing: every request builds (as
      before there was a cache), still one build at a time per game. Entries are released
      only so, and all of them when the app stops (:meth:`close`).
    - **One build per game at a time**: requests for frames being built wait for that
      build (:attr:`flights`) instead of starting their own; a request that goes away
      (its client left) leaves the build running for the others, and for the cache.
    - **Off the event loop**: ``build`` renders in ``new_pool()``'s executor (the frames
      worker process in the server, :func:`frames_pool`); a worker that died (a kill, the
      OOM killer) is replaced and the build tried once more in the new one.

    :attr:`builds` counts the builds this cache started (tests and the
    ``cardroom_replay_frames_builds_total`` metric read it)."""

    def __init__(
        self,
        budget: int,
        new_pool: Callable[[], Executor] | None = None,
        build: Build | None = None,
    ) -> None:
        self.budget = max(0, budget)
        self.entries: OrderedDict[str, Frames] = OrderedDict()  # least recently used first
        self.held = 0  # bytes: the sum of the entries' sizes, never above the budget
        self.flights = Flights()
        self.builds = 0
        self._new_pool = new_pool
        self.pool: Executor | None = new_pool() if new_pool is not None else None
        self._build: Build = build or self._render

    def warm(self) -> None:
        """Start the worker now, not at the first replay someone opens (a process start
        and the engine's import, 0.1 s or more). Waits for it: call it from a thread."""
        if self.pool is not None:
            self.pool.submit(_started).result()

    async def start(self) -> None:
        """:meth:`warm`, off the event loop."""
        await asyncio.to_thread(self.warm)

    def close(self) -> None:
        """Stop the worker (a build under way is abandoned) and release every entry."""
        if self.pool is not None:
            if isinstance(self.pool, ProcessPoolExecutor):
                stop_all(self.pool)
            else:
                self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None
        self.entries.clear()
        self._held(0)

    def get(self, game_id: str) -> Frames | None:
        """The kept frames of ``game_id``, now the most recently used, if they may be served
        without asking the store: None if there are none (never built, or released), or if
        their replay is past the store's keeping (:attr:`Frames.expires`: Redis lets it go
        then), so that the caller asks the store whether it still has it; :meth:`frames`
        then answers with the kept ones, not a new build."""
        entry = self.entries.get(game_id)
        if entry is None or entry.expires <= time.time():
            return None
        self.entries.move_to_end(game_id)
        HITS.inc()
        return entry

    async def frames(self, replay: dict[str, Any]) -> Frames:
        """The frames of the stored ``replay`` (a finished game, one the caller may show):
        kept ones, the build under way, or a new build."""
        game_id = replay["id"]
        entry = self.entries.get(game_id)
        if entry is not None:
            self.entries.move_to_end(game_id)
            HITS.inc()
            return entry
        # A request cancelled while it waits does not cancel the others' build.
        return await self.flights.run(game_id, lambda: self._make(replay))

    async def _make(self, replay: dict[str, Any]) -> Frames:
        self.builds += 1
        BUILDS.inc()
        body, gzipped = await self._build(replay)
        finished = float(replay.get("finished_at") or time.time())
        entry = Frames(
            game_id=replay["id"],
            daily=replay.get("daily"),
            expires=finished + REPLAY_TTL,
            body=body,
            gzipped=gzipped,
            etag=frames_etag(replay["id"]),
        )
        self._keep(entry)
        return entry

    def _keep(self, entry: Frames) -> None:
        if entry.size > self.budget:
            return  # served to those waiting for it, never kept: it would empty the cache
        self._release(entry.game_id)
        self.entries[entry.game_id] = entry
        held = self.held + entry.size
        while held > self.budget:
            _, oldest = self.entries.popitem(last=False)
            held -= oldest.size
        self._held(held)

    def _release(self, game_id: str) -> None:
        entry = self.entries.pop(game_id, None)
        if entry is not None:
            self._held(self.held - entry.size)

    def _held(self, held: int) -> None:
        self.held = held
        HELD.set(held)

    async def _render(self, replay: dict[str, Any]) -> tuple[bytes, bytes | None]:
        loop = asyncio.get_running_loop()
        used = self.pool
        try:
            return await loop.run_in_executor(used, render, replay)
        except BrokenProcessPool:
            if self._new_pool is None or self.pool is None:
                raise
            if self.pool is used:  # the first to find it broken replaces it
                used.shutdown(wait=False, cancel_futures=True)
                self.pool = self._new_pool()
            return await loop.run_in_executor(self.pool, render, replay)
