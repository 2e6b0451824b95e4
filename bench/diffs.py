"""Average diff size against average snapshot size over full matches, per audience.

Runs the room core (the same code the server runs) through complete matches between two
normal bots and measures, for every change, the MessagePack size of the patch message each
audience gets and of the snapshot it would get instead.

    .venv/bin/python bench/diffs.py [matches]
"""

from __future__ import annotations

import sys
import time
import zlib

from matches import bot_moves, seated

from protocol.codec import pack
from server.rooms import AUDIENCES


def deflated(compressor, frame: bytes) -> int:
    """Bytes of ``frame`` as one permessage-deflate message (RFC 7692 drops the 4-byte tail)."""
    return len(compressor.compress(frame) + compressor.flush(zlib.Z_SYNC_FLUSH)) - 4


def main(matches: int = 20) -> None:
    diff_bytes = dict.fromkeys(AUDIENCES, 0)
    snap_bytes = dict.fromkeys(AUDIENCES, 0)
    # On the wire: permessage-deflate as the server negotiates it (uvicorn: 12-bit window,
    # memLevel 5, context takeover), one compressor per socket; a snapshot compressed alone.
    wire_diff = dict.fromkeys(AUDIENCES, 0)
    wire_snap = dict.fromkeys(AUDIENCES, 0)
    changes = 0
    spent = 0.0
    for seed in range(1, matches + 1):
        _, room, _ = seated(f"bench{seed}", seed)
        sockets = {a: zlib.compressobj(6, zlib.DEFLATED, -12, 5) for a in AUDIENCES}
        for seat, action in bot_moves(room, "normal", seed):
            started = time.perf_counter()
            diffs = room.apply(room.act_entry(seat, action, None))
            spent += time.perf_counter() - started
            changes += 1
            for audience, ops in diffs.items():
                patch = pack({"t": "patch", "room": room.id, "seq": room.seq, "ops": ops})
                snapshot = pack(
                    {
                        "t": "snapshot",
                        "room": room.id,
                        "seq": room.seq,
                        "epoch": room.epoch,
                        "view": room.view(audience),
                    }
                )
                diff_bytes[audience] += len(patch)
                snap_bytes[audience] += len(snapshot)
                wire_diff[audience] += deflated(sockets[audience], patch)
                wire_snap[audience] += deflated(
                    zlib.compressobj(6, zlib.DEFLATED, -12, 5), snapshot
                )
    print(f"{matches} full matches (normal bot vs normal bot, target 100), {changes} changes")
    total_d = total_s = 0
    for audience in AUDIENCES:
        d, s = diff_bytes[audience] / changes, snap_bytes[audience] / changes
        total_d += diff_bytes[audience]
        total_s += snap_bytes[audience]
        print(
            f"  {audience:>10}: diff {d:6.1f} B, snapshot {s:7.1f} B,"
            f" diff/snapshot {100 * d / s:5.1f}%"
        )
    print(f"  {'all':>10}: diff/snapshot {100 * total_d / total_s:5.1f}%  (target: under 15%)")
    print("on the wire, with permessage-deflate (12-bit window, context takeover):")
    for audience in AUDIENCES:
        d, s = wire_diff[audience] / changes, wire_snap[audience] / changes
        print(
            f"  {audience:>10}: diff {d:6.1f} B, snapshot {s:7.1f} B,"
            f" diff/snapshot {100 * d / s:5.1f}%"
        )
    print(
        f"  {'all':>10}: diff/snapshot "
        f"{100 * sum(wire_diff.values()) / sum(wire_snap.values()):5.1f}%"
    )
    print(f"room.apply incl. 3 views and 3 diffs: {1e6 * spent / changes:.0f} us per change")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
