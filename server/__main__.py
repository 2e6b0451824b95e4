"""`python -m server`: start cardroom on uvicorn.

HOST and PORT choose where it listens; REDIS_URL selects the Redis store (otherwise the
embedded SQLite store in CARDROOM_DB, default ``cardroom.sqlite3``). On SIGTERM or SIGINT the
server tells every client to reconnect, stops accepting, and finishes what it accepted.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import uvicorn
from starlette.applications import Starlette

from server.app import create_app
from server.config import Config
from server.logs import uvicorn_config
from server.transport.wire import Wire


class Server(uvicorn.Server):
    def handle_exit(self, sig, frame) -> None:
        app = self.config.loaded_app
        node = getattr(getattr(app, "state", None), "node", None) if app else None
        if node is None:  # the app may be wrapped by middleware
            inner = getattr(app, "app", None)
            node = getattr(getattr(inner, "state", None), "node", None)
        if node is not None and not node.stopping:
            node.stopping = True
            # Signal handlers run between loop steps: hand the broadcast to the loop.
            asyncio.get_event_loop().call_soon_threadsafe(node.announce_shutdown)
        super().handle_exit(sig, frame)


def main(make_app: Callable[[Config], Starlette] = create_app) -> None:
    """Serve the app ``make_app`` builds from the settings (a tool may build another:
    :mod:`tools.relay`)."""
    try:
        settings = Config.from_env()
    except ValueError as bad:  # a setting that cannot be: say which, and do not start
        raise SystemExit(f"cardroom: {bad}") from None
    config = uvicorn.Config(
        make_app(config=settings),
        host=settings.host,
        port=settings.port,
        # WebSockets are served by server.transport.wire (frame limits, keepalive and permessage-
        # deflate are set there), HTTP by uvicorn and Starlette.
        ws=Wire,
        timeout_graceful_shutdown=5,
        log_level=settings.log_level,
        log_config=uvicorn_config(settings.log_level),
        lifespan="on",
    )
    Server(config).run()


if __name__ == "__main__":
    main()
