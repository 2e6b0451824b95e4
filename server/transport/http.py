"""The HTTP routes: health and readiness, the lobby, today's games, replays and their
frames, metrics. Each answers from the services the node built (``app.state.services``)."""

from __future__ import annotations

import datetime as dt

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from protocol import PROTOCOL_VERSION
from server.games.solitaire import variant_for
from server.games.solitaire.deals import daily_code
from server.rooms import RoomError
from server.services import Services
from server.services.dailies import SOLITAIRE_KINDS, kind_name
from server.services.limits import client_address
from server.services.lobby import MAX_PAGE
from server.services.replays import CACHE_CONTROL, Frames, FramesCache, finished, frames_etag
from server.services.reviews import ReviewBusy
from server.transport.web import MIN_COMPRESS, accepted_codings, etag_matches


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status)


async def health(request: Request) -> JSONResponse:
    """Liveness: answers as long as the process serves requests."""
    return JSONResponse({"status": "ok", "protocol": PROTOCOL_VERSION})


async def ready(request: Request) -> JSONResponse:
    """Readiness: the store answers and the node hears the others (a balancer sends no new
    client to a node that is not ready)."""
    services: Services | None = getattr(request.app.state, "services", None)
    status = await services.status() if services is not None else None
    if status is None:
        return _error(503, "not_ready", "The server is starting, stopping or lost its store.")
    return JSONResponse({"status": "ready", **status})


async def lobby(request: Request) -> JSONResponse:
    """One page of the public rooms, newest first (``limit``, ``after``: a room id)."""
    try:
        limit = int(request.query_params.get("limit", 100))
    except ValueError:
        limit = 0
    if not 1 <= limit <= MAX_PAGE:
        return _error(400, "bad_field", f"A lobby page holds 1 to {MAX_PAGE} rooms.")
    services: Services = request.app.state.services
    return JSONResponse(services.lobby.page(limit, request.query_params.get("after")))


async def daily(request: Request) -> JSONResponse:
    """Today's games: Gin Rummy's date and bot and the solitaires that have a deal of the
    day, never a seed, a code or a deal (they would give the cards away); and yesterday's
    solitaire codes, public now that its day is over (those this server dealt)."""
    services: Services = request.app.state.services
    dailies = services.dailies
    deal = await dailies.gin()
    # Found meanwhile (nothing of them is shown), so that the first player of the day waits
    # less for the solver.
    for game, draw in SOLITAIRE_KINDS:
        services.spawn(dailies.solitaire(game, draw))
    yesterday = dailies.today() - dt.timedelta(days=1)
    codes = {}
    for game, draw in SOLITAIRE_KINDS:
        variant = variant_for(game, draw)
        if await dailies.past_solitaire(variant, yesterday) is not None:
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
    return request.app.state.services.dailies.is_over(replay.get("daily"))


async def replays(request: Request) -> JSONResponse:
    found = await request.app.state.services.store.replays.replays(limit=100)
    return JSONResponse({"replays": [s for s in found if _daily_is_over(request, s)]})


def _daily_not_over() -> JSONResponse:
    return _error(403, "daily_not_over", "Today's deal is replayable from tomorrow (UTC).")


async def _finished(request: Request) -> dict | JSONResponse:
    """The stored replay of a finished game, or the error saying why there is none (yet)."""
    try:
        found = await finished(request.app.state.services.store, request.path_params["game_id"])
    except RoomError as refused:
        return _error(409 if refused.code == "in_progress" else 404, refused.code, refused.message)
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
    everyone asking (:class:`server.services.replays.FramesCache`)."""
    cache: FramesCache = request.app.state.services.frames
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


async def review_route(request: Request) -> JSONResponse:
    """The review of one seat of a finished game: of a Gin Rummy match, every decision the
    seat made, judged from its own view at the time (:mod:`server.games.gin_rummy.review`);
    of a solitaire (seat 0), where it was lost, in hindsight
    (:mod:`server.games.solitaire.hindsight`). Shown as
    the replay is (a finished game, a day's game once its day is over: the same refusals), so
    never during a hand in play; made once and kept with the replay."""
    found = await _finished(request)
    if isinstance(found, JSONResponse):
        return found
    seat = request.path_params["seat"]
    if seat not in range(len(found.get("seats") or [])):
        return _error(400, "bad_seat", "That game has no such seat.")
    services: Services = request.app.state.services
    peer = request.client.host if request.client else ""
    forwarded = ", ".join(request.headers.getlist("x-forwarded-for")) or None  # every line
    address = client_address(peer, forwarded, services.config.trusted_proxies)
    try:
        review = await services.reviews.review(found, seat, address)
    except ReviewBusy:
        return _error(429, "busy", "Too many reviews are being made; ask again in a moment.")
    return JSONResponse(review)


async def metrics_route(request: Request) -> Response:
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


def not_modified(etag: str) -> Response:
    """304 for a browser that holds the frames named ``etag``: no body, and the headers a
    200 would have had that say how to keep it."""
    headers = {"etag": etag, "cache-control": CACHE_CONTROL, "vary": "Accept-Encoding"}
    return Response(status_code=304, headers=headers)


def represent(frames: Frames, asked: Headers) -> Response:
    """The answer to a GET of ``frames`` with the request's headers ``asked``: 304 when
    If-None-Match names them, gzip when accepted. It carries its own ETag and coding, so
    :class:`server.transport.web.Representations` neither hashes nor compresses it again."""
    if etag_matches(asked.get("if-none-match"), frames.etag):
        return not_modified(frames.etag)
    headers = {"etag": frames.etag, "cache-control": CACHE_CONTROL, "vary": "Accept-Encoding"}
    body = frames.body
    zipped = frames.gzipped is not None and len(body) >= MIN_COMPRESS
    if zipped and "gzip" in accepted_codings(asked.get("accept-encoding", "")):
        body = frames.gzipped
        headers["content-encoding"] = "gzip"
    return Response(body, headers=headers, media_type="application/json")


ROUTES = [
    Route("/health", health),
    Route("/ready", ready),
    Route("/api/lobby", lobby),
    Route("/api/daily", daily),
    Route("/api/replays", replays),
    Route("/api/replays/{game_id}", replay),
    Route("/api/replays/{game_id}/frames", replay_frames_route),
    Route("/api/replays/{game_id}/review/{seat:int}", review_route),
    Route("/metrics", metrics_route),
]
