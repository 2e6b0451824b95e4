"""The Starlette application: HTTP routes, the WebSocket endpoint, and the lifespan that owns
the store and the node."""

from __future__ import annotations

import contextlib
import datetime as dt
import gc
import os
from collections.abc import AsyncIterator
from pathlib import Path

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp

from protocol import PROTOCOL_VERSION
from server import logs, metrics, wire
from server.config import Config
from server.dailies import SOLITAIRE_KINDS, kind_name
from server.examples.routes import ROUTES as EXAMPLE_ROUTES
from server.games.solitaire import variant_for
from server.games.solitaire.deals import daily_code
from server.lobby import MAX_PAGE
from server.node import Node
from server.profiles import ROUTES as PLAYER_ROUTES
from server.replays import FramesCache, frames_etag, frames_pool, not_modified, represent
from server.store import Store, open_store
from server.web import Client, Representations, SecurityHeaders, etag_matches, http_error
from server.ws import Gateway

CLIENT = Path(
    os.environ.get("CARDROOM_CLIENT_DIR")
    or Path(__file__).resolve().parent.parent / "client_web" / "dist"
)
"""The built browser client (``CARDROOM_CLIENT_DIR`` where the server is installed as a
package, as in the Docker image)."""


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status)


async def health(request: Request) -> JSONResponse:
    """Liveness: answers as long as the process serves requests."""
    return JSONResponse({"status": "ok", "protocol": PROTOCOL_VERSION})


async def ready(request: Request) -> JSONResponse:
    """Readiness: the store answers and the node hears the others (a balancer sends no new
    client to a node that is not ready)."""
    node: Node | None = getattr(request.app.state, "node", None)
    if node is None or not await node.ready():
        return _error(503, "not_ready", "The server is starting, stopping or lost its store.")
    rooms, drives = len(node.replicas.rooms), len(node.driver.drives)
    return JSONResponse({"status": "ready", "node": node.id, "rooms": rooms, "drives": drives})


async def lobby(request: Request) -> JSONResponse:
    """One page of the public rooms, newest first (``limit``, ``after``: a room id)."""
    try:
        limit = int(request.query_params.get("limit", 100))
    except ValueError:
        limit = 0
    if not 1 <= limit <= MAX_PAGE:
        return _error(400, "bad_field", f"A lobby page holds 1 to {MAX_PAGE} rooms.")
    node: Node = request.app.state.node
    return JSONResponse(node.lobby.page(limit, request.query_params.get("after")))


async def daily(request: Request) -> JSONResponse:
    """Today's games: Gin Rummy's date and bot and the solitaires that have a deal of the
    day, never a seed, a code or a deal (they would give the cards away); and yesterday's
    solitaire codes, public now that its day is over (those this server dealt)."""
    node: Node = request.app.state.node
    assert node.dailies is not None
    deal = await node.dailies.gin()
    # Found meanwhile (nothing of them is shown), so that the first player of the day waits
    # less for the solver.
    for game, draw in SOLITAIRE_KINDS:
        node.spawn(node.dailies.solitaire(game, draw))
    yesterday = node.dailies.today() - dt.timedelta(days=1)
    codes = {}
    for game, draw in SOLITAIRE_KINDS:
        variant = variant_for(game, draw)
        if await node.dailies.past_solitaire(variant, yesterday) is not None:
            codes[kind_name(game, draw)] = daily_code(variant, yesterday)
    return JSONResponse(
        {
            "date": deal["date"],
            "game": "gin_rummy",
            "bot": "normal",
            "solitaires": [kind_name(game, draw) for game, draw in SOLITAIRE_KINDS],
            "yesterday": {"date": yesterday.isoformat(), "solitaires": codes},
        }
    )


def _daily_is_over(request: Request, replay: dict) -> bool:
    node: Node = request.app.state.node
    assert node.dailies is not None
    return node.dailies.is_over(replay.get("daily"))


async def replays(request: Request) -> JSONResponse:
    node: Node = request.app.state.node
    found = await node.store.replays(limit=100)
    return JSONResponse({"replays": [s for s in found if _daily_is_over(request, s)]})


def _daily_not_over() -> JSONResponse:
    return _error(403, "daily_not_over", "Today's deal is replayable from tomorrow (UTC).")


async def _finished(request: Request) -> dict | JSONResponse:
    """The stored replay of a finished game, or the error saying why there is none (yet)."""
    node: Node = request.app.state.node
    game_id = request.path_params["game_id"]
    found = await node.store.replay(game_id)
    if found is None:
        if await node.store.is_active(game_id):
            return _error(409, "in_progress", "A game still in progress has no replay.")
        return _error(404, "no_replay", "There is no finished game with that id.")
    if not _daily_is_over(request, found):
        return _daily_not_over()
    return found


async def replay(request: Request) -> JSONResponse:
    found = await _finished(request)
    return found if isinstance(found, JSONResponse) else JSONResponse(found)


async def replay_frames_route(request: Request) -> Response:
    """Every position of a finished game, for the browser's replay player.

    Frames the cache holds are answered from it without the store (a finished game never
    changes), but for the daily check: a day's game is refused until its day is over, which
    its entry remembers (no entry is made before then: the store's replay is checked first,
    and a day, once over, stays over). Otherwise (and for kept frames whose replay the store
    may have let expire) the replay is read and checked as ``/api/replays/{id}`` does, with
    the same refusals; a browser that holds the frames already (If-None-Match: their ETag
    names the game) gets a 304 with nothing built, and anyone else the frames built once for
    everyone asking (:class:`server.replays.FramesCache`)."""
    cache: FramesCache = request.app.state.frames
    kept = cache.get(request.path_params["game_id"])
    if kept is not None:
        if not _daily_is_over(request, {"daily": kept.daily}):
            return _daily_not_over()
        return represent(kept, request.headers)
    found = await _finished(request)
    if isinstance(found, JSONResponse):
        return found
    etag = frames_etag(found["id"])
    if etag_matches(request.headers.get("if-none-match"), etag):
        return not_modified(etag)
    return represent(await cache.frames(found), request.headers)


async def metrics_route(request: Request) -> Response:
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


class App(Starlette):
    """Starlette with :mod:`server.web`'s layers outside everything (so that a 500 from
    Starlette's error middleware carries the security headers too)."""

    hsts_seconds = 0

    def build_middleware_stack(self) -> ASGIApp:
        inner = Representations(super().build_middleware_stack())
        return SecurityHeaders(inner, hsts_seconds=self.hsts_seconds)


def create_app(store: Store | None = None, config: Config | None = None) -> Starlette:
    config = config or Config.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        logs.setup(os.environ.get("LOG_LEVEL", "info").upper())
        node = Node(store or open_store(), config)
        await node.start()
        # What startup made (modules, meld tables) lives as long as the process: keep it
        # out of the collector's full passes, which otherwise stall the loop.
        gc.freeze()
        # A young generation of 50 000 net allocations: the views a room replaces on every
        # action die young instead of being promoted, so full collections (100-200 ms over
        # the views of 1 000 busy rooms on this hardware) nearly stop. Measured with
        # bench/load.py play at 1 000 rooms: p99 294 ms with the default (700, 10, 10),
        # 170 ms with this; gen2 pauses 8 in 30 s before, none after.
        gc.set_threshold(50_000, 20, 10)
        metrics.watch_gc()
        app.state.node = node
        # Replay frames: built in a worker process of their own, kept up to the configured
        # bytes; released, and the worker stopped, when the app stops.
        frames = FramesCache(config.frames_cache_bytes, new_pool=frames_pool)
        await frames.start()
        app.state.frames = frames
        wire.SERVE = Gateway(node)  # WebSockets at /ws reach the node through server.wire
        node.spawn(wire.keepalive())
        logs.log("started", node=node.id)
        try:
            yield
        finally:
            wire.SERVE = None
            frames.close()
            await node.close()
            logs.log("stopped")

    app = App(
        routes=[
            Route("/health", health),
            Route("/ready", ready),
            Route("/api/lobby", lobby),
            Route("/api/daily", daily),
            Route("/api/replays", replays),
            Route("/api/replays/{game_id}", replay),
            Route("/api/replays/{game_id}/frames", replay_frames_route),
            Route("/metrics", metrics_route),
            *EXAMPLE_ROUTES,
            *PLAYER_ROUTES,
        ],
        lifespan=lifespan,
        exception_handlers={404: http_error, 405: http_error},
    )
    app.hsts_seconds = config.hsts_seconds
    # Every other path: the browser client, built by `make run` / `make test`
    # (client_web/build.mjs), or a 404.
    app.router.default = Client(CLIENT)
    return app
