"""The Starlette application: the HTTP routes, the WebSocket gateway, and the lifespan that
owns the store and the node (which builds everything else)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.types import ASGIApp

from server import logs, metrics
from server.config import Config
from server.examples.routes import ROUTES as EXAMPLE_ROUTES
from server.host import collector
from server.node import Node
from server.services.pool import store_limits
from server.store import Store, open_store
from server.transport import wire
from server.transport.http import ROUTES as HTTP_ROUTES
from server.transport.profiles import ROUTES as PLAYER_ROUTES
from server.transport.requests import Gateway
from server.transport.web import Client, Representations, SecurityHeaders, http_error


class App(Starlette):
    """Starlette with :mod:`server.transport.web`'s layers outside everything (so that a 500 from
    Starlette's error middleware carries the security headers too)."""

    hsts_seconds = 0

    def build_middleware_stack(self) -> ASGIApp:
        inner = Representations(super().build_middleware_stack())
        return SecurityHeaders(inner, hsts_seconds=self.hsts_seconds)


def create_app(
    store: Store | None = None, config: Config | None = None, gateway: type[Gateway] = Gateway
) -> Starlette:
    """The app; ``gateway`` answers its sockets (a tool may serve more paths:
    :mod:`tools.relay`)."""
    config = config or Config.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Any]]:
        logs.setup(config.log_level.upper())
        node = Node(store or open_store(config.store, store_limits()), config)
        await node.start()
        # What startup made (modules, meld tables) lives as long as the process: keep it
        # out of the collector's full passes, which otherwise stall the loop.
        gc.freeze()
        # The collector runs on the loop's clock, a few hundred objects at a time
        # (server.host.collector says why); CPython's own trigger stays only for a loop that
        # stalls while it allocates, high enough never to come otherwise. (At CPython's
        # default, 700, 10, 10, full collections over the views of 1 000 busy rooms came
        # every few seconds, 100-200 ms each: p99 294 ms against 170 ms at 50 000.)
        gc.set_threshold(50_000, 20, 10)
        metrics.watch_gc()
        node.tasks.keep("collector", collector.pace)
        app.state.node = node  # for __main__'s signal handler
        app.state.services = node.services  # what the HTTP routes answer from
        node.tasks.keep("keepalive", wire.keepalive)
        # which event loop runs it (uvicorn takes uvloop when installed): for the operator
        loop = type(asyncio.get_running_loop()).__module__.split(".")[0]
        logs.log("started", node=node.id, loop=loop)
        try:
            # The lifespan's state reaches every socket's Wire (uvicorn's app_state): the
            # gateway is how a socket's requests reach the services, no process global.
            yield {"gateway": gateway(node.services)}
        finally:
            await node.close()
            logs.log("stopped")

    app = App(
        routes=[*HTTP_ROUTES, *EXAMPLE_ROUTES, *PLAYER_ROUTES],
        lifespan=lifespan,
        exception_handlers={404: http_error, 405: http_error},
    )
    app.hsts_seconds = config.hsts_seconds
    # Every other path: the browser client, built by `make run` / `make test`
    # (client_web/build.mjs), or a 404.
    app.router.default = Client(config.client_dir)
    return app
