"""Average diff size against average snapshot size over full matches, per audience.

Runs the room core (the same code the server runs) through complete matches between two
normal bots and measures, for every change, the MessagePack size of the patch message each
audience gets and of the snapshot it would get instead.

    .venv/bin/python bench/diffs.py [matches]
"""

from __future__ import annotations

import sys
import time

from protocol.codec import pack
from server.games.gin_rummy.bots import make_bot
from server.rooms.room import AUDIENCES, Room, check_meta, hash_token


def main(matches: int = 20) -> None:
    diff_bytes = dict.fromkeys(AUDIENCES, 0)
    snap_bytes = dict.fromkeys(AUDIENCES, 0)
    changes = 0
    spent = 0.0
    for seed in range(1, matches + 1):
        meta = check_meta({"seats": [{"kind": "human"}, {"kind": "human"}], "seed": seed})
        room = Room(f"bench{seed}", meta, epoch="bench")
        for seat in (0, 1):
            room.apply(
                {
                    "kind": "join",
                    "seat": seat,
                    "name": f"P{seat}",
                    "token_hash": hash_token(str(seat)),
                }
            )
        bots = [make_bot("normal", seed), make_bot("normal", seed + 1000)]
        while room.status != "finished":
            match = room.match
            seat = match.to_act if match.to_act is not None else 0
            action = bots[seat].act(match.view(seat))
            started = time.perf_counter()
            diffs = room.apply(room.act_entry(seat, action, None))
            spent += time.perf_counter() - started
            changes += 1
            for audience, ops in diffs.items():
                diff_bytes[audience] += len(
                    pack({"t": "patch", "room": room.id, "seq": room.seq, "ops": ops})
                )
                snap_bytes[audience] += len(
                    pack(
                        {
                            "t": "snapshot",
                            "room": room.id,
                            "seq": room.seq,
                            "epoch": room.epoch,
                            "view": room.view(audience),
                        }
                    )
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
    print(f"room.apply incl. 3 views and 3 diffs: {1e6 * spent / changes:.0f} us per change")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
