"""Solve a range of deal numbers and print how many are winnable, proved lost and unknown,
the time per deal (median, p95, max) and the search speed.

    python -m tools.solve_range reflechi --draw 3 --first 1 --count 1000 \\
        --seconds 10 --jobs 2
"""

from __future__ import annotations

import argparse
import statistics
import time

from server.games.solitaire import Solitaire, variant_for
from server.games.solitaire.solver import LOST, UNKNOWN, WON, solve
from tools.batch import run_all


def solve_deal(args: tuple[str, int, int, float, int, bool]) -> tuple[int, str, int, float]:
    game, draw, number, seconds, nodes, cpu = args
    result = solve(Solitaire.new(variant_for(game, draw), number), nodes, seconds, cpu_clock=cpu)
    return number, result.verdict, result.nodes, result.seconds


def summarize(
    results, variant, seconds_budget: float, wall: float, jobs: int, cpu: bool = False
) -> str:
    n = len(results)
    listed = "" if n == 1 + results[-1][0] - results[0][0] else " listed"
    verdicts = [r[1] for r in results]
    times = sorted(r[3] for r in results)
    nodes = sum(r[2] for r in results)
    p95 = times[min(n - 1, int(0.95 * n))]
    within_1s = sum(1 for r in results if r[1] != UNKNOWN and r[3] <= 1.0)
    lines = [
        f"{variant.name} {variant.code}1-{variant.options}: deals "
        f"{results[0][0]}..{results[-1][0]} ({n}{listed}), budget {seconds_budget:g} s "
        f"{'of CPU ' if cpu else ''}per deal, "
        f"{jobs} process(es), {wall:.0f} s",
        f"winnable {100 * verdicts.count(WON) / n:.1f}%, proved lost "
        f"{100 * verdicts.count(LOST) / n:.1f}%, unknown {100 * verdicts.count(UNKNOWN) / n:.1f}%",
        f"decided within 1 s: {100 * within_1s / n:.1f}%; within the budget: "
        f"{100 * (n - verdicts.count(UNKNOWN)) / n:.1f}%",
        f"time per deal: median {statistics.median(times):.3f} s, p95 {p95:.3f} s, "
        f"max {times[-1]:.3f} s; {nodes / max(sum(times), 1e-9):,.0f} positions/s",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["easy_harp", "reflechi"])
    parser.add_argument("--draw", type=int, default=1, choices=[1, 3])
    parser.add_argument("--first", type=int, default=1, help="first deal number")
    parser.add_argument("--count", type=int, default=100, help="how many deals")
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget per deal")
    parser.add_argument("--nodes", type=int, default=10**9, help="position budget per deal")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (cores to use)")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="budget and times in CPU seconds of the solving thread (a shared machine)",
    )
    parser.add_argument("--list", action="store_true", help="print the unknown and lost deals")
    parser.add_argument(
        "--deals", help="these deal numbers only (separated by spaces or commas), not a range"
    )
    args = parser.parse_args(argv)
    variant = variant_for(args.game, args.draw)
    work = [
        (args.game, args.draw, number, args.seconds, args.nodes, args.cpu)
        for number in (
            [int(n) for n in args.deals.replace(",", " ").split()]
            if args.deals
            else range(args.first, args.first + args.count)
        )
    ]
    started = time.monotonic()
    results = run_all(solve_deal, work, args.jobs, "deals")
    wall = time.monotonic() - started
    print(summarize(results, variant, args.seconds, wall, args.jobs, args.cpu))
    if args.list:
        for kind in (UNKNOWN, LOST):
            numbers = " ".join(str(r[0]) for r in results if r[1] == kind)
            print(f"{kind}: {numbers}")


if __name__ == "__main__":
    main()
