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
from server.host.clock import REAL, Clock
from server.host.driver import Driver
from server.host.homes import Homes
from server.host.replicas import Replicas
from server.services.challenges import Challenges
from server.services.clients import Clients
from server.services.connection import Connection
from server.services.dailies import Dailies
from server.services.friends import Friends
from server.services.limits import AddressBook
from server.services.lobby import Lobby
from server.services.online import Online
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
    friends: Friends
    online: Online
    challenges: Challenges
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
    life: str = ""  # this node's life (server.host.membership), its id if not given
    # the lives whose players show to their friends: alive, and pulsing (this one's if not given)
    lives: Callable[[], set[str]] | None = None
    clock: Clock = REAL


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
        store, rooms, players, node_id, host.live, host.clock, config.check_seconds,
        spawn=host.spawn, gone=host.gone,
    )  # fmt: skip
    rematches = RematchOffers(store, rooms, host.replicas)
    life = host.life or node_id
    online = Online(
        store, life, host.lives or (lambda: {life}), players.sessions,
        lambda conn: table(host.replicas, conn), host.clock, host.spawn,
    )  # fmt: skip
    players.on_sessions = online.touch
    friends = Friends(store, online.lists_changed)
    challenges = Challenges(
        store, rooms, players, online, host.lives or (lambda: {life}), host.clock, host.spawn
    )
    clients = Clients(addresses, players, lobby, host.replicas, seeks, rematches, host.spawn)
    clients.on_close = challenges.disconnected
    reviews = Reviews(store, bot_pool, dailies.is_over)
    return Services(
        node_id, config, store, clients, rooms, players, lobby, dailies, frames, reviews,
        seeks, rematches, friends, online, challenges, host.spawn, status,
    )  # fmt: skip


def table(replicas: Replicas, conn: Connection) -> dict[str, Any] | None:
    """``conn``'s seat at a room not finished (what its player's friends see: playing or
    not, and the room to watch only if public), or None."""
    for room_id, (_audience, seat) in conn.rooms.items():
        replica = replicas.rooms.get(room_id)
        if seat is None or replica is None or replica.room.status == "finished":
            continue
        room = replica.room
        public = room_id if room.meta.get("public") else None
        return {"playing": room.status == "playing", "room": public}
    return None
