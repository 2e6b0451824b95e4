"""The Starlette application: HTTP routes now, the WebSocket endpoint and client later."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from protocol import PROTOCOL_VERSION


async def health(request: Request) -> JSONResponse:
    """Liveness: answers as long as the process serves requests."""
    return JSONResponse({"status": "ok", "protocol": PROTOCOL_VERSION})


def create_app() -> Starlette:
    return Starlette(routes=[Route("/health", health)])


app = create_app()
