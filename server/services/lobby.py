"""The lobby on one node: a mirror of the store's list of public rooms, the featured game
(:func:`claim`), and the sockets that follow them.

Every node keeps the whole list in memory, current from the store's ``lobby`` events (each
carries the lobby's version; a gap or a lost connection means a fresh read). A follower gets
one page when it asks, then only the changes: a change after a quiet spell goes out at once,
and changes within FLUSH_SECONDS of the last send wait for the end of that interval and go
together. A change costs one small frame, packed once for every follower, never the whole
list again.
"""

from __future__ import annotations

import asyncio
import bisect
from typing import Any

from protocol.codec import pack
from server import metrics
from server.host.members import Member, send_to_all
from server.rooms import RoomError
from server.store import Unavailable
from server.store.rooms import LobbyStore

FLUSH_SECONDS = 0.05
PAGE, MAX_PAGE = 100, 200


def _key(summary: dict[str, Any]) -> tuple[float, str]:
    """Newest rooms first; ties in creation time by id."""
    return (-float(summary.get("created_at") or 0), summary["id"])


def claim(summary: dict[str, Any]) -> tuple | None:
    """A room's claim to be the featured game (lichess's TV): a rated Gin Rummy match being
    played between two players with ratings; the highest sum of ratings first, then the
    older room, then by id. None for any other room."""
    if summary.get("game") != "gin_rummy" or summary.get("status") != "playing":
        return None
    ratings = [seat.get("rating") for seat in summary["seats"]]
    if not summary.get("rated") or None in ratings:
        return None
    return (sum(ratings), -float(summary.get("created_at") or 0), summary["id"])


class Lobby:
    def __init__(self, store: LobbyStore) -> None:
        self.store = store
        self.version = -1  # nothing read yet
        self.rooms: dict[str, dict[str, Any]] = {}
        self._order: list[tuple[float, str]] = []
        self.followers: set[Member] = set()
        self._pending: dict[str, dict[str, Any] | None] = {}
        self._flush: asyncio.TimerHandle | asyncio.Handle | None = None
        self._sent_at = float("-inf")
        self._reading: asyncio.Task | None = None
        self.featured: str | None = None  # the room with the best claim (see claim)
        self._claim: tuple | None = None  # its claim
        self._featured_sent: str | None = None

    # ---- the mirror ------------------------------------------------------------------------

    def _set(self, room_id: str, summary: dict[str, Any] | None) -> None:
        old = self.rooms.get(room_id)
        if old == summary:
            return
        if old is not None:
            self._order.pop(bisect.bisect_left(self._order, _key(old)))
            del self.rooms[room_id]
        if summary is not None:
            summary = {**summary, "id": room_id}
            self.rooms[room_id] = summary
            bisect.insort(self._order, _key(summary))
        self._feature(room_id, summary)
        self._pending[room_id] = summary
        if self._flush is None:
            loop = asyncio.get_running_loop()
            wait = self._sent_at + FLUSH_SECONDS - loop.time()
            # call_soon still gathers the changes of this loop step into one frame
            self._flush = (
                loop.call_later(wait, self._send) if wait > 0 else loop.call_soon(self._send)
            )

    def _feature(self, room_id: str, summary: dict[str, Any] | None) -> None:
        """Keep the featured room current: a change costs a comparison, except when the
        featured room itself loses its claim (its match ended): then one pass over the rooms
        finds the next."""
        mine = claim(summary) if summary is not None else None
        if room_id == self.featured and (mine is None or mine < self._claim):
            claims = [(c, r) for r, s in self.rooms.items() if (c := claim(s)) is not None]
            best = max(claims) if claims else (None, None)
            self._claim, self.featured = best
        elif mine is not None and (self.featured is None or mine > self._claim):
            self._claim, self.featured = mine, room_id

    def on_event(self, event: dict[str, Any]) -> None:
        version = event["v"]
        if version <= self.version:
            return  # already in what was read
        if version != self.version + 1:
            self.resync()  # some were lost: read the whole list again
            return
        self.version = version
        self._set(event["room"], event["summary"])

    def resync(self) -> None:
        if self._reading is None or self._reading.done():
            self._reading = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        delay = 0.1
        while True:
            try:
                version, rooms = await self.store.snapshot()
                break
            except Unavailable:
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
        if version < self.version:
            return
        for room_id in [r for r in self.rooms if r not in rooms]:
            self._set(room_id, None)
        for room_id, summary in rooms.items():
            self._set(room_id, summary)
        self.version = version

    # ---- followers -------------------------------------------------------------------------

    def page(self, limit: int = PAGE, after: str | None = None) -> dict[str, Any]:
        """Up to ``limit`` rooms, newest first, after the room ``after`` (a cursor)."""
        start = 0
        if after is not None and after in self.rooms:
            start = bisect.bisect_right(self._order, _key(self.rooms[after]))
        ids = [room_id for _, room_id in self._order[start : start + limit]]
        more = start + limit < len(self._order)
        featured = self.rooms.get(self.featured) if self.featured else None
        return {
            "rooms": [self.rooms[i] for i in ids],
            "total": len(self._order),
            "next": ids[-1] if more and ids else None,
            "featured": featured,
        }

    def follow(self, conn: Member, on: bool = True) -> None:
        if on:
            self.followers.add(conn)
        else:
            self.followers.discard(conn)

    def _send(self) -> None:
        self._flush = None
        if not self._pending:
            return
        self._sent_at = asyncio.get_running_loop().time()
        changes = [{"id": room_id, "room": s} for room_id, s in self._pending.items()]
        self._pending = {}
        message: dict[str, Any] = {"t": "lobby", "changes": changes}
        if self.featured != self._featured_sent:
            self._featured_sent = self.featured
            message["featured"] = self.featured
        if not self.followers:
            return
        frame = pack(message)
        metrics.sent("lobby").inc(len(self.followers))
        send_to_all(list(self.followers), frame)

    def ask(
        self, conn: Member, limit: int = PAGE, after: str | None = None, follow: bool = True
    ) -> dict[str, Any]:
        """A ``lobby`` request: one page, and the changes from now on while ``follow``."""
        if not 1 <= limit <= MAX_PAGE:
            raise RoomError("bad_field", f"A lobby page holds 1 to {MAX_PAGE} rooms.")
        self.follow(conn, follow)
        return self.page(limit, after)
