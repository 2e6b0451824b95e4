"""What a room's change costs the server: ``Room.apply`` (the engine's move, the three
audiences' views rendered and diffed) and the patch messages packed and kept for resumes
(``protocol.patches.PatchLog``, as the room host does), replayed.

Matches between two easy bots are played once and their log entries kept; the timed part
replays those entries into fresh rooms, so the bots' thinking is not in the figure. Prints
the best of N passes (CPU time of this process): on a shared two-core machine the best pass
is the one least disturbed, and two builds are compared by running this in each, one after
the other, a few times (with ``PYTHONPATH=.``: the virtualenv's own path leads to the
checkout it was made in).

    .venv/bin/python bench/apply.py [matches] [passes]
"""

from __future__ import annotations

import os
import sys
import time

from matches import bot_moves, seated

from protocol.patches import PatchLog
from server.rooms import AUDIENCES, make_room


def record(matches: int) -> list[tuple[dict, list[dict]]]:
    """Each match's room meta and its log entries (two joins, then the moves)."""
    games = []
    for seed in range(1, matches + 1):
        meta, room, entries = seated(f"apply{seed}", seed)
        for seat, action in bot_moves(room, "easy", seed):
            entry = room.act_entry(seat, action, None)
            room.apply(entry)
            entries.append(entry)
        games.append((meta, entries))
    return games


def main(matches: int = 10, passes: int = 10) -> None:
    games = record(matches)
    changes = sum(len(entries) for _, entries in games)
    best = float("inf")
    for _ in range(passes):
        started = time.process_time()
        for meta, entries in games:
            room = make_room("apply", meta, epoch="bench")
            logs = {a: PatchLog(room.seq) for a in AUDIENCES}
            for entry in entries:
                for audience, ops in room.apply(entry).items():
                    logs[audience].add(room.id, room.seq, ops, room.view_sizes[audience])
        best = min(best, time.process_time() - started)
    load = os.getloadavg()[0]
    print(
        f"room.apply and its frames: {1e6 * best / changes:.1f} us a change, every audience "
        "followed "
        f"(best of {passes} passes over {changes} changes of {matches} matches; "
        f"load average {load:.2f})"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
