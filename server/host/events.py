"""What the other nodes tell this one, through the store (:meth:`server.store.Store.events`),
handed to whoever handles each kind. The first ``resync`` (and one after any loss of events)
means the node hears the others: until then it is not ready."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.logs import logger
from server.store import Store

Handler = Callable[[dict[str, Any]], None]


class Events:
    def __init__(self, store: Store, handlers: dict[str, Handler], node: str = "") -> None:
        self.store = store
        self.handlers = handlers
        self.node = node  # this node: its own events come too
        self.listening = False  # subscribed to the other nodes' events

    async def listen(self) -> None:
        async for event in self.store.events(self.node):
            kind = event.get("k")
            if kind == "resync":
                self.listening = True
            handler = self.handlers.get(kind)
            if handler is None:
                continue
            try:
                handler(event)
            except Exception:  # one event's failure is not the listener's
                logger.exception("event %s failed", kind)
