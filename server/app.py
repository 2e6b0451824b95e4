"""The Starlette application: HTTP routes, the WebSocket endpoint, and the lifespan that owns
the store and the node."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import gc
import os
from collections.abc import AsyncIterator
from pathlib import Path

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from protocol import PROTOCOL_VERSION
from server import logs, wire
from server.config import Config
from server.examples.routes import ROUTES as EXAMPLE_ROUTES
from server.games.solitaire import encode, variant_for
from server.lobby import MAX_PAGE
from server.node import Node
from server.profiles import ROUTES as PLAYER_ROUTES
from server.replays import replay_frames
from server.store import Store, open_store
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
    """Today's games: Gin Rummy's date and bot, never its seed (it would reveal every card),
    and the deal code of each solitaire (public: the player sees it anyway)."""
    node: Node = request.app.state.node
    assert node.dailies is not None
    deal = await node.dailies.gin()
    kinds = (("easy_harp", 1), ("reflechi", 1), ("reflechi", 3))
    found = await asyncio.gather(*(node.dailies.solitaire(game, draw) for game, draw in kinds))
    solitaires = {
        (game if game == "easy_harp" else f"{game}_draw{draw}"): encode(
            variant_for(game, draw), today["number"]
        )
        for (game, draw), today in zip(kinds, found, strict=True)
    }
    return JSONResponse(
        {"date": deal["date"], "game": "gin_rummy", "bot": "normal", "solitaires": solitaires}
    )


def _daily_is_over(replay: dict) -> bool:
    day = replay.get("daily")
    return day is None or day < dt.datetime.now(dt.UTC).date().isoformat()


async def replays(request: Request) -> JSONResponse:
    node: Node = request.app.state.node
    found = await node.store.replays(limit=100)
    return JSONResponse({"replays": [s for s in found if _daily_is_over(s)]})


async def _finished(request: Request) -> dict | JSONResponse:
    """The stored replay of a finished game, or the error saying why there is none (yet)."""
    node: Node = request.app.state.node
    game_id = request.path_params["game_id"]
    found = await node.store.replay(game_id)
    if found is None:
        if await node.store.is_active(game_id):
            return _error(409, "in_progress", "A game still in progress has no replay.")
        return _error(404, "no_replay", "There is no finished game with that id.")
    if not _daily_is_over(found):
        return _error(403, "daily_not_over", "Today's deal is replayable from tomorrow (UTC).")
    return found


async def replay(request: Request) -> JSONResponse:
    found = await _finished(request)
    return found if isinstance(found, JSONResponse) else JSONResponse(found)


async def replay_frames_route(request: Request) -> JSONResponse:
    """Every position of a finished game, for the browser's replay player."""
    found = await _finished(request)
    if isinstance(found, JSONResponse):
        return found
    return JSONResponse(await run_in_threadpool(replay_frames, found))


async def metrics_route(request: Request) -> Response:
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


def create_app(store: Store | None = None, config: Config | None = None) -> Starlette:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        logs.setup()
        node = Node(store or open_store(), config or Config.from_env())
        await node.start()
        # What startup made (modules, meld tables) lives as long as the process: keep it
        # out of the collector's full passes, which otherwise stall the loop.
        gc.freeze()
        app.state.node = node
        wire.SERVE = Gateway(node)  # WebSockets at /ws reach the node through server.wire
        node.spawn(wire.keepalive())
        logs.log("started", node=node.id)
        try:
            yield
        finally:
            wire.SERVE = None
            await node.close()
            logs.log("stopped")

    return Starlette(
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
            # The browser client, built by `make run` / `make test` (client_web/build.mjs).
            Mount("/", StaticFiles(directory=CLIENT, html=True, check_dir=False)),
        ],
        lifespan=lifespan,
    )
