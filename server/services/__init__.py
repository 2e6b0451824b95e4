"""What requests ask for: rooms, players, the lobby, today's deals, the solver, replays.

Services sit on the room host (:mod:`server.host`) and the store, and are called by the
transport (:mod:`server.transport`); they know nothing of sockets' framing or HTTP."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from server.config import Config
from server.host.driver import Driver
from server.host.homes import Homes
from server.host.replicas import Replicas
from server.services.clients import Clients
from server.services.dailies import Dailies
from server.services.limits import AddressBook
from server.services.lobby import Lobby
from server.services.players import Players
from server.services.rematches import RematchOffers
from server.services.replays import FramesCache
from server.services.reviews import Reviews
from server.services.rooms import Rooms
from server.services.seeks import Seeks
from server.services.solving import Solving
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


@dataclass
class Host:
    """The parts of the room host the services use (built by the node)."""

    replicas: Replicas
    driver: Driver
    homes: Homes
    live: Callable[[], set[str]]  # the nodes alive now
    spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task]
    gone: Callable[[], set[str]] = set  # the nodes known dead now (heard of, not alive)


def build(
    node_id: str,
    config: Config,
    store: Store,
    host: Host,
    pools: tuple[Executor, Executor],
    frames: FramesCache,
    status: Callable[[], Awaitable[dict[str, Any] | None]],
) -> Services:
    """The services on the host's parts; ``pools``: the bots' and the solver's workers."""
    bot_pool, solver_pool = pools
    solving = Solving(solver_pool, config.solve_seconds)
    dailies = Dailies(store.dailies, solving, config.clock, config.daily_secret)
    players = Players(store.players, config.address_players, dailies.secret)
    addresses = AddressBook(config.address_connections, config.address_rooms)
    rooms = Rooms(
        store, host.replicas, host.driver, host.homes, config, addresses, dailies, solving,
        players,
    )  # fmt: skip
    lobby = Lobby(store.lobby)
    seeks = Seeks(
        store, rooms, players, node_id, host.live, check_seconds=config.check_seconds,
        spawn=host.spawn, gone=host.gone,
    )  # fmt: skip
    rematches = RematchOffers(store, rooms, host.replicas)
    clients = Clients(addresses, players, lobby, host.replicas, seeks, rematches, host.spawn)
    reviews = Reviews(store, bot_pool, dailies.is_over)
    return Services(
        node_id, config, store, clients, rooms, players, lobby, dailies, frames, reviews,
        seeks, rematches, host.spawn, status,
    )  # fmt: skip
