"""The examples' HTTP routes (``server/examples/README.md``): read-only and stateless."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from server.examples.catalogue import CATALOGUE, find, play, start_view
from server.examples.model import ExampleError

MAX_BODY = 16 * 1024
"""A question is a short list of moves: a larger body is refused unread."""


def _error(error: ExampleError) -> JSONResponse:
    return JSONResponse({"code": error.code, "message": error.message}, status_code=error.status)


def _example_id(request: Request) -> str:
    return f"{request.path_params['game']}/{request.path_params['name']}"


async def _body(request: Request) -> bytes:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ExampleError("too_large", "An example's moves fit in 16 KiB.", status=413)
    return body


async def list_examples(request: Request) -> JSONResponse:
    return JSONResponse({"examples": [e.summary() for e in CATALOGUE.values()]})


async def example(request: Request) -> JSONResponse:
    try:
        return JSONResponse(start_view(find(_example_id(request))))
    except ExampleError as error:
        return _error(error)


async def example_moves(request: Request) -> JSONResponse:
    """The engine's answer to the moves a reader tried: ``{"moves": [action, ...]}``."""
    try:
        found = find(_example_id(request))
        body = await _body(request)
        try:
            data = json.loads(body)
        except (ValueError, RecursionError):
            raise ExampleError("bad_field", 'The body is JSON: {"moves": [...]}.') from None
        if not isinstance(data, dict) or set(data) != {"moves"}:
            raise ExampleError("bad_field", 'The body is JSON: {"moves": [...]}.')
        return JSONResponse(play(found, data["moves"]))
    except ExampleError as error:
        return _error(error)


ROUTES = [
    Route("/api/examples", list_examples),
    Route("/api/examples/{game}/{name}", example),
    Route("/api/examples/{game}/{name}/moves", example_moves, methods=["POST"]),
]
