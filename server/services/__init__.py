"""What requests ask for: rooms, players, the lobby, today's deals, the solver, replays.

Services sit on the room host (:mod:`server.host`) and the store, and are called by the
transport (:mod:`server.transport`); they know nothing of sockets' framing or HTTP."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from server.config import Config
from server.services.clients import Clients
from server.services.dailies import Dailies
from server.services.lobby import Lobby
from server.services.players import Players
from server.services.rematches import RematchOffers
from server.services.replays import FramesCache
from server.services.reviews import Reviews
from server.services.rooms import Rooms
from server.services.seeks import Seeks
from server.store import Store


@dataclass
class Services:
    """Everything the transport hands requests to, built and wired by the node."""

    node_id: str
    config: Config
    store: Store  # read-only queries of the HTTP routes (profiles, boards, replays)
    clients: Clients
    rooms: Rooms
    players: Players
    lobby: Lobby
    dailies: Dailies
    frames: FramesCache
    reviews: Reviews
    seeks: Seeks
    rematches: RematchOffers
    spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task]
    status: Callable[[], Awaitable[dict[str, Any] | None]]  # /ready: None when not ready
