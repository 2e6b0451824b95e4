"""The embedded store: SQLite in one file, used when no REDIS_URL is set.

One object per concern (:mod:`.rooms`, :mod:`.leases`, :mod:`.players`, :mod:`.results`,
:mod:`.dailies`, :mod:`.replays`, :mod:`.seeks`, :mod:`.friends`), all on one
:class:`~.sqlite.Sqlite`: the file, the one thread its reads and writes run on, the
checkpointer, and the events.

One process owns the file, so what only matters between nodes lives in this process's
memory: leases (this node drives every room, but through the same code as a cluster),
presence, heartbeats, and the events, which go straight back to this process (but an
entry's, which its writer is not told, as on Redis). So do the
lobby, the pool of seekers and the rematch offers, which a restart ends with its sockets.

What one concern changes of another's is handed to it when the store is built: the active
rooms (the rooms', which the lobby reads), the leases (which a room's creation and end
change), the deadline index (which deadlines, presence and a room's end change), the lobby
(which a room's end changes), the pool of seekers (which a reset of a player's secret holds
while it is written).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable

from server.store import Store
from server.store.base import DEFAULT_LIMITS, Event, Limits
from server.store.embedded.dailies import EmbeddedDailies
from server.store.embedded.dues import Dues
from server.store.embedded.friends import EmbeddedFriends
from server.store.embedded.leases import EmbeddedLeases
from server.store.embedded.players import EmbeddedPlayers
from server.store.embedded.replays import EmbeddedReplays
from server.store.embedded.results import EmbeddedResults
from server.store.embedded.rooms import COMMIT_SPACING, EmbeddedLobby, EmbeddedRooms
from server.store.embedded.seeks import EmbeddedSeeks
from server.store.embedded.sqlite import Sqlite

WITH_DEADLINES = (
    "SELECT DISTINCT room FROM deadlines WHERE room IN (SELECT id FROM rooms WHERE active = 1)"
)
"""The active rooms with a deadline: due now in the index rebuilt at open (:mod:`.dues`)."""


class EmbeddedStore(Store):
    """``monotonic``: the clock leases run on (a test of the room host passes its fake
    clock's, so that a lease lapses when the test says). ``commit_ms``: how far apart a busy
    store's batches of appends go to disk (:data:`.rooms.COMMIT_SPACING`)."""

    def __init__(
        self,
        path: str,
        monotonic: Callable[[], float] = time.monotonic,
        limits: Limits = DEFAULT_LIMITS,
        commit_ms: float = 1000 * COMMIT_SPACING,
    ) -> None:
        self.path = path
        self.sqlite = Sqlite(path)
        active = self.sqlite.open()  # the rooms of the file not finished: none driven yet
        running = set(active)
        dated = self.sqlite.thread.submit(self.sqlite.query, WITH_DEADLINES).result()
        dues = Dues(room for (room,) in dated)
        self.leases = EmbeddedLeases(self.sqlite, monotonic, lapsed=active, dues=dues)
        self.lobby = EmbeddedLobby(self.sqlite, running)
        self.rooms = EmbeddedRooms(
            self.sqlite, running, self.lobby, self.leases, dues, spacing=commit_ms / 1000
        )
        self.seeks = EmbeddedSeeks(self.sqlite)
        self.players = EmbeddedPlayers(self.sqlite, self.seeks, limits)
        self.results = EmbeddedResults(self.sqlite, limits)
        self.dailies = EmbeddedDailies(self.sqlite)
        self.replays = EmbeddedReplays(self.sqlite)
        self.friends = EmbeddedFriends(self.sqlite)

    async def events(self, node: str = "") -> AsyncIterator[Event]:
        self.sqlite.queue = asyncio.Queue()
        self.sqlite.listener = node
        yield {"k": "resync"}
        while True:
            yield await self.sqlite.queue.get()

    async def close(self) -> None:
        self.rooms.flush()
        await self.sqlite.close()


__all__ = ["EmbeddedStore"]
