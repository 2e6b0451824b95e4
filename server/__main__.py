"""`python -m server`: start cardroom on uvicorn.

HOST and PORT choose where it listens; REDIS_URL selects the Redis store (otherwise the
embedded SQLite store in CARDROOM_DB, default ``cardroom.sqlite3``). On SIGTERM or SIGINT the
server tells every client to reconnect, stops accepting, and finishes what it accepted.
"""

from __future__ import annotations

import asyncio
import os

import uvicorn

from server.app import create_app
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


def main() -> None:
    config = uvicorn.Config(
        create_app(),
        host=os.environ.get("HOST", "127.0.0.1"),
        port=int(os.environ.get("PORT", "8000")),
        # WebSockets are served by server.transport.wire (frame limits, keepalive and permessage-
        # deflate are set there), HTTP by uvicorn and Starlette.
        ws=Wire,
        timeout_graceful_shutdown=5,
        log_level=os.environ.get("LOG_LEVEL", "info").lower(),
        log_config=uvicorn_config(os.environ.get("LOG_LEVEL", "info")),
        lifespan="on",
    )
    Server(config).run()


if __name__ == "__main__":
    main()
