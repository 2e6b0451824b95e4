"""How many points a Gin Rummy hand is worth between two good players: the distribution the
review's chance to win a match rests on (server/games/gin_rummy/equity.py, HAND_POINTS).

Plays hands between two bots (seeded) and prints the share of dead hands and the share of
won hands in 5-point bins, each bin as its mean points, ready to paste.

    .venv/bin/python bench/hand_points.py [--hands 3000] [--levels hard hard] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter

from server.games.gin_rummy.actions import next_hand
from server.games.gin_rummy.bots import make_bot
from server.games.gin_rummy.game import new_match

BIN = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--levels", nargs=2, default=["hard", "hard"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    points: Counter[int] = Counter()
    dead = hands = 0
    seed = args.seed
    while hands < args.hands:
        match = new_match(seed, {"target": 10**6})
        bots = [make_bot(args.levels[0], seed), make_bot(args.levels[1], seed + 1)]
        seed += 1
        for _ in range(20):  # hands of one match, then a fresh seed
            while match.phase != "hand_over":
                seat = match.to_act
                match = match.apply(seat, bots[seat].act(match.view(seat)))
            result = match.result
            hands += 1
            if result.winner is None:
                dead += 1
            else:
                points[result.points] += 1
            match = match.apply(0, next_hand())
            if hands >= args.hands:
                break
    won = hands - dead
    bins: dict[int, list[int]] = {}
    for value, count in points.items():
        bins.setdefault((value - 1) // BIN, []).extend([value] * count)
    load = os.getloadavg()
    print(
        f"{hands} hands of {args.levels[0]} vs {args.levels[1]} from seed {args.seed}, "
        f"{time.perf_counter() - started:.0f} s, load {load[0]:.2f} on {os.cpu_count()} CPUs"
    )
    print(
        f"dead hands: {dead / hands:.4f}; mean points of a won hand "
        f"{sum(points.elements()) / won:.2f}"
    )
    print("HAND_POINTS = (")
    for key in sorted(bins):
        values = bins[key]
        print(f"    ({round(sum(values) / len(values))}, {len(values) / won:.4f}),")
    print(")")


if __name__ == "__main__":
    main()
