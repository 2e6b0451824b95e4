"""One room as this node holds it: the room, its lock, the sockets of each audience, the
presence of the other nodes, and the timers of its presence and its unloading. What the host
modules share about a replica, and the refusals they share."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field

from protocol.patches import PatchLog
from server.host.clock import Timer
from server.host.members import Member
from server.rooms import AUDIENCES, Room, RoomError

ROOM_ID = re.compile(r"[a-z0-9]{1,32}")


class Duplicate(Exception):
    """The command was already applied, at ``seq``."""

    def __init__(self, seq: int) -> None:
        self.seq = seq


def no_room() -> RoomError:
    return RoomError("no_room", "There is no such room (check the code or link).")


def unavailable() -> RoomError:
    return RoomError("unavailable", "The game store cannot be reached; try again in a moment.")


def reloaded() -> RoomError:
    return RoomError(
        "reloaded", "The game store lost the last moves of this room: look at the table again."
    )


@dataclass(eq=False)
class Replica:
    room: Room
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subs: dict[str, set[Member]] = field(default_factory=lambda: {a: set() for a in AUDIENCES})
    others: dict[str, list[int]] = field(default_factory=dict)  # other nodes' presence
    published: list[int] | None = None  # this node's counts as the store last heard them
    flushing: asyncio.Task | None = None
    unload_timer: Timer | None = None
    crowd: Timer | None = None  # a spectator count waiting to be shown
    leaving: Timer | None = None  # a seat's departure waiting to be shown
    driven: bool = False  # this node drives the room
    home_told: str | None = None  # the home elsewhere this node last sent its sockets to
    # Each followed audience's last patch messages, for resumes (the room returns ops).
    patches: dict[str, PatchLog] = field(default_factory=dict)
    # The last entries of people this node wrote and answered (index -> its "at"): what a
    # loss of the log's last entries took that this node acknowledged (Commits.reload).
    acked: dict[int, int] = field(default_factory=dict)

    def local(self) -> list[int]:
        return [len(self.subs[a]) for a in AUDIENCES]

    @property
    def watched(self) -> bool:
        return any(self.subs.values())
