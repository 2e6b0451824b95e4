"""Rooms: a sans-I/O core (:mod:`server.rooms.room`, one module per game's room): entries in,
per-audience views and diffs out. The room host (:mod:`server.host`) keeps them running."""

from __future__ import annotations

from typing import Any

from server.rooms.gin import GinRoom, check_gin_meta
from server.rooms.room import AUDIENCES, Move, Room, RoomError, Standing, entry_of
from server.rooms.solitaire import SOLITAIRES, SolitaireRoom, check_solitaire_meta


def check_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """Validate room options from a client; the normalised meta, or RoomError."""
    game = meta.get("game", "gin_rummy")
    if game in SOLITAIRES:
        return check_solitaire_meta(meta)
    if game != "gin_rummy":
        raise RoomError("bad_room", "The games are gin_rummy, easy_harp and reflechi.")
    return check_gin_meta(meta)


def make_room(
    room_id: str,
    meta: dict[str, Any],
    epoch: str | None = None,
    watched: tuple[str, ...] | None = None,
) -> Room:
    """The room for ``meta`` (already checked by :func:`check_meta`), rendering the
    ``watched`` audiences (all of them unless said)."""
    kind = SolitaireRoom if meta.get("game") in SOLITAIRES else GinRoom
    return kind(room_id, meta, epoch, watched)


__all__ = [
    "AUDIENCES",
    "SOLITAIRES",
    "Move",
    "Room",
    "RoomError",
    "Standing",
    "check_meta",
    "entry_of",
    "make_room",
]
