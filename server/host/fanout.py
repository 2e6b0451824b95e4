"""What a replica's sockets are sent: each audience's patches, framed once for all its sockets
and kept for resumes; notices; snapshots. Synchronous, no store: the host calls it once a
room has changed."""

from __future__ import annotations

from typing import Any

from protocol.patches import PatchLog, framed_all
from server.host.members import Member, deliver
from server.host.replica import Replica


def framed(replica: Replica, diffs: dict[str, list]) -> dict[str, bytes]:
    """Each audience's change as the patch message sent (packed once for all its sockets),
    kept for resumes (:class:`protocol.patches.PatchLog`)."""
    room = replica.room
    return framed_all(replica.patches, room.id, room.seq, diffs, room.view_sizes)


def publish(replica: Replica, diffs: dict[str, list]) -> None:
    """:func:`framed` and :func:`broadcast`: a change, sent to every socket following it."""
    broadcast(replica, framed(replica, diffs))


def broadcast(replica: Replica, frames: dict[str, bytes], skip: Member | None = None) -> None:
    """Each audience's frame to its sockets on this node (but ``skip``)."""
    deliver([(replica.subs[audience], frame) for audience, frame in frames.items()], skip)


def notice(replica: Replica, kind: str, **fields: Any) -> None:
    message = {"t": "notice", "room": replica.room.id, "kind": kind, **fields}
    for conns in replica.subs.values():
        for conn in conns:
            conn.send(message)


def snapshot(replica: Replica, audience: str) -> dict[str, Any]:
    """The whole view of ``audience``; the room follows the audience from now on, and its
    patches are kept from here."""
    room = replica.room
    view = room.view(audience)
    if audience not in replica.patches:
        replica.patches[audience] = PatchLog(room.seq)
    return {"t": "snapshot", "room": room.id, "seq": room.seq, "epoch": room.epoch, "view": view}


def subscribe(conn: Member, replica: Replica, audience: str, seat: int | None) -> None:
    replica.subs[audience].add(conn)
    conn.rooms[replica.room.id] = (audience, seat)


def unsubscribe(conn: Member, replica: Replica, audience: str) -> None:
    replica.subs[audience].discard(conn)
    if not replica.subs[audience]:
        replica.room.unfollow(audience)
        replica.patches.pop(audience, None)


def bring_up_to_date(
    conn: Member, replica: Replica, audience: str, since: int | None, epoch: str | None
) -> None:
    """The patches after ``since`` (if kept, and the epoch is the room's), else a snapshot:
    a socket never sees a patch of another audience or one ahead of what it has."""
    log = replica.patches.get(audience)
    missing = None
    if isinstance(since, int) and epoch == replica.room.epoch and log is not None:
        missing = log.since(since)
    if missing is None:
        conn.send(snapshot(replica, audience))
        return
    for _, frame in missing:
        conn.send_packed(frame)


def snapshot_all(replica: Replica) -> None:
    """Every socket a snapshot (the room was rebuilt under a new epoch)."""
    replica.patches.clear()
    for audience, members in replica.subs.items():
        if members:
            message = snapshot(replica, audience)
            for member in members:
                member.send(message)
