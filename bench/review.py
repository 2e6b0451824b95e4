"""The review of Gin Rummy matches (server/games/gin_rummy/review.py), measured on bot matches.

Prints, for matches of each level against every level (seeded, so a run can be repeated):

* the mean loss per decision of each level, with a 95 % interval over matches (the review
  should order the levels: easy > normal > hard > expert);
* the distribution of the losses of every decision reviewed, and the share of each level's
  decisions above each mark's threshold (what the thresholds in review.py rest on);
* the CPU time a whole match's review of one seat takes: p50, p95, max.

    .venv/bin/python bench/review.py [--matches 8] [--target 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import sys
import time
from pathlib import Path

from server.games.gin_rummy.bots import LEVELS
from server.games.gin_rummy.review import MARKS, review_seat

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from gin_positions import bot_match


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of a 95 % interval (normal approximation over the matches)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=8, help="matches per pairing of levels")
    parser.add_argument("--target", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    per_match: dict[str, list[float]] = {level: [] for level in LEVELS}
    losses: dict[str, list[float]] = {level: [] for level in LEVELS}
    seconds: list[float] = []
    seed = args.seed
    started = time.perf_counter()
    for a, b in itertools.combinations(LEVELS, 2):
        for n in range(args.matches):
            levels = (a, b) if n % 2 == 0 else (b, a)
            replay = bot_match(seed, levels, args.target)
            seed += 1
            for seat, level in enumerate(levels):
                clock = time.process_time()
                review = review_seat(replay, seat)
                seconds.append(time.process_time() - clock)
                mine = [d["loss"] for d in review["decisions"]]
                losses[level].extend(mine)
                per_match[level].append(statistics.fmean(mine) if mine else 0.0)

    load = os.getloadavg()
    print(
        f"{args.matches} matches per pairing of {', '.join(LEVELS)} (each level in "
        f"{args.matches * (len(LEVELS) - 1)} matches), target {args.target}, seeds from "
        f"{args.seed}; {time.perf_counter() - started:.0f} s in all; load average "
        f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs"
    )
    print("\nmean loss per decision (points), 95 % interval over matches:")
    for level in LEVELS:
        mean, half = interval(per_match[level])
        print(f"  {level:<7} {mean:6.3f} +- {half:.3f}   ({len(losses[level])} decisions)")

    everything = [x for level in LEVELS for x in losses[level]]
    print("\nlosses of every decision: percentiles")
    for q in (0.5, 0.75, 0.9, 0.95, 0.98, 0.99):
        print(f"  p{int(q * 100):<3} {percentile(everything, q):6.2f}")
    print("\nshare of decisions with a loss at or above each threshold:")
    header = "  ".join(f"{name} >= {threshold:g}" for name, threshold in MARKS)
    print(f"  {'':<7} {header}")
    for level in LEVELS:
        shares = [sum(x >= t for x in losses[level]) / max(1, len(losses[level])) for _, t in MARKS]
        widths = [len(f"{name} >= {t:g}") for name, t in MARKS]
        row = "  ".join(f"{share:>{width}.1%}" for share, width in zip(shares, widths, strict=True))
        print(f"  {level:<7} {row}")
    print(
        f"\nCPU time of one seat's review of a whole match: p50 {percentile(seconds, 0.5):.2f} s,"
        f" p95 {percentile(seconds, 0.95):.2f} s, max {max(seconds):.2f} s"
        f" ({len(seconds)} reviews)"
    )


if __name__ == "__main__":
    main()
