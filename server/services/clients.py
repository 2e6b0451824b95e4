"""The sockets a node serves: counted, and everything they hold let go when one closes
(its rooms and their rematch offers, its challenge, the lobby, its player session, its seek, its
address's share of sockets)."""

from __future__ import annotations

from collections.abc import Callable

from server import metrics
from server.host.replicas import Replicas
from server.services.connection import Connection
from server.services.limits import AddressBook
from server.services.lobby import Lobby
from server.services.players import Players
from server.services.rematches import RematchOffers
from server.services.seeks import Seeks


class Clients:
    def __init__(
        self,
        addresses: AddressBook,
        players: Players,
        lobby: Lobby,
        replicas: Replicas,
        seeks: Seeks,
        rematches: RematchOffers,
        spawn: Callable,
    ) -> None:
        self.addresses = addresses
        self.seeks = seeks
        self.rematches = rematches
        self.spawn = spawn
        self.players = players
        self.lobby = lobby
        self.replicas = replicas
        self.connections: set[Connection] = set()
        # told of each socket that closes (an open challenge it made ends: services.challenges)
        self.on_close: Callable[[Connection], None] = lambda conn: None

    def connect(self, conn: Connection) -> None:
        self.connections.add(conn)
        metrics.CONNECTIONS.set(len(self.connections))

    def disconnect(self, conn: Connection) -> None:
        if conn in self.connections:
            self.addresses.close(conn.address)
        self.connections.discard(conn)
        self.players.forget_session(conn)
        metrics.CONNECTIONS.set(len(self.connections))
        self.lobby.follow(conn, False)
        for room, seat in self.rematches.seats_left(conn, list(conn.rooms)):
            self.spawn(self.rematches.left(room, seat))  # an open rematch offer ends
        self.replicas.drop_socket(conn)
        self.seeks.disconnected(conn, self.spawn)
        self.on_close(conn)

    def announce_shutdown(self) -> None:
        """Tell every client to reconnect (to another node, or this one after a restart)."""
        for conn in list(self.connections):
            conn.send({"t": "reconnect", "after_ms": 1000})
