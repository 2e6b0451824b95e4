"""One server node: builds its parts and wires them, and owns their lifetime. Nothing but
the app imports it, and it holds no logic of its own: the room host (:mod:`server.host`)
keeps rooms going, the services (:mod:`server.services`) answer requests, the transport
(:mod:`server.transport`) speaks to clients. Nothing a node keeps in memory is needed by
another: it can die at any moment, and what it accepted is already in the store."""

from __future__ import annotations

import contextlib
from typing import Any

from server import services
from server.config import Config
from server.host.bots import Bots
from server.host.driver import Driver
from server.host.events import Events
from server.host.homes import Homes
from server.host.membership import Membership
from server.host.pulse import Pulse
from server.host.tasks import Tasks
from server.host.upkeep import trims, watch_lag
from server.services.replays import FramesCache, frames_pool
from server.store import Store, Unavailable
from server.workers import Pools


class Node:
    def __init__(self, store: Store, config: Config | None = None) -> None:
        self.store = store
        self.config = config = config or Config()
        self.id = config.node_id
        self.stopping = False
        self.tasks = tasks = Tasks()
        self.membership = Membership(
            store.leases, self.id, self._nodes_changed, on_back=lambda: self._resync({})
        )
        # friends see a dead node's players offline by its pulse, within the grace
        self.pulse = Pulse(store.leases, self.membership.name, self._pulse_changed)
        live = lambda: self.membership.live  # noqa: E731
        lives = lambda: self.membership.lives  # noqa: E731
        present = lambda: self.membership.lives - self.pulse.lapsed  # noqa: E731
        # Worker processes: made here, started in start() (not at the first expert move).
        self.pools = Pools(config.bot_workers, config.solver_workers, lambda: self.frames.warm())
        self.driver = Driver(
            store, self.id, config, Bots(self.pools.bots).think, tasks.spawn, lives,
            on_strangers=lambda nodes: self.membership.look(tasks.spawn),
            name=self.membership.name,
        )  # fmt: skip
        self.replicas = replicas = self.driver.replicas
        self.homes = homes = Homes(store.leases, replicas, self.driver, self.id, live)
        self.frames = FramesCache(config.frames_cache_bytes, new_pool=frames_pool)
        gone = lambda: self.membership.gone  # noqa: E731
        host = services.Host(replicas, self.driver, homes, live, tasks.spawn, gone)
        host.life, host.lives = self.membership.name, present
        self.services = services.build(
            self.id, config, store, host, (self.pools.bots, self.pools.solvers), self.frames,
            self.status,
        )  # fmt: skip
        self.players, self.clients = self.services.players, self.services.clients
        self.events = Events(store, self._handlers(), self.id)

    def _handlers(self) -> dict[str, Any]:
        """What each kind of event from the other nodes is handed to."""
        seeks, online, commits = self.services.seeks, self.services.online, self.replicas.commits
        return {
            "entry": commits.on_entry,
            "presence": self._presence,
            "lobby": self.services.lobby.on_event,
            "signed_out": self._signed_out,
            "paired": seeks.on_paired,
            "proposed": seeks.on_proposed,
            "unpaired": seeks.on_unpaired,
            "sought": seeks.on_sought,
            "rematch": self.services.rematches.on_rematch,
            "friend_presence": online.on_presence,
            "social": online.on_social,
            "challenge": self.services.challenges.on_challenge,
            "resync": self._resync,
        }

    async def start(self) -> None:
        """Start the worker processes and the node's loops. Rooms are not rebuilt here: the
        driver's scan takes every room nobody drives (all of them, after a restart), and a
        room a client asks for is loaded on demand, so the port listens at once."""
        self.pools.start()
        with contextlib.suppress(Unavailable):
            await self.membership.beat()  # known to the others before the first client
        keep = self.tasks.keep
        keep("events", self.events.listen)
        keep("heartbeats", self.membership.run)
        keep("pulse", self.pulse.run)
        keep("checks", lambda: self.replicas.commits.checks(self.config.check_seconds))
        keep("scan", self.driver.scan)
        keep("renew", self.driver.renew)
        keep("sweep", self.driver.sweep)
        keep("homes", self.homes.tell)
        keep("lag", watch_lag)
        keep("seeks", self.services.seeks.run)
        keep("trims", lambda: trims(self.config.trim_seconds))

    async def close(self) -> None:
        self.stopping = True
        await self.driver.release_all()
        with contextlib.suppress(Unavailable):
            await self.store.leases.leave_cluster(self.membership.name)
        await self.tasks.close()
        await self.pools.stop()
        self.frames.close()
        await self.store.close()

    def announce_shutdown(self) -> None:
        self.clients.announce_shutdown()

    async def status(self) -> dict[str, Any] | None:
        """What ``/ready`` says: None while starting, stopping, deaf to the other nodes, a
        loop is down (started again after a failure), or the store does not answer. ``live``:
        the nodes this one hears beat (itself among them): it tells a room's sockets to go
        to the room's home only when it hears that node (server.host.homes)."""
        if self.stopping or not self.events.listening or self.tasks.down:
            return None
        if not await self.store.ping():
            return None
        drives = len(self.driver.drives)
        return {
            "node": self.id,
            "rooms": len(self.replicas.rooms),
            "drives": drives,
            "live": sorted(self.membership.live),
        }

    def _presence(self, event: dict[str, Any]) -> None:
        self.membership.heard_from(event["node"])
        self.replicas.presence.on_presence(event)

    def _nodes_changed(self, gone: set[str], came: set[str]) -> None:
        self.replicas.presence.nodes_changed(gone, came)
        self.services.online.nodes_changed(gone, came)

    def _pulse_changed(self, gone: set[str], came: set[str]) -> None:
        self.services.online.nodes_changed(gone, came)

    def _signed_out(self, event: dict[str, Any]) -> None:
        self.services.seeks.on_signed_out(event, self.tasks.spawn)
        self.players.end_sessions(event["player"], event["keep"])

    def _resync(self, event: dict[str, Any]) -> None:
        self.services.lobby.resync()
        self.tasks.spawn(self.replicas.presence.resync())
        self.tasks.spawn(self.services.online.resync())
