"""Where a solitaire was lost (issue 36): the cost of one analysis, and how often it decides.

Plays lost games deterministically (the tests' ``played``: random deals of Easy Harp and
Réfléchi draw 1 and draw 3 in turn, up to ``--length`` actions each, a random legal action
or a card to a foundation, now and then an undo; games that happen to be won are skipped),
analyses each with :func:`server.games.solitaire.hindsight.analyse` and its product budgets,
and prints the CPU time per analysis (this thread's, the solver included: it runs in it)
p50/p95/max per game and overall, the verdicts, the share decided and the node budget.

    .venv/bin/python bench/hindsight.py [--deals 100] [--length 200] [--solve-nodes N]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from solitaire_play import played

from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3
from server.games.solitaire.hindsight import MAX_NODES, SOLVE_NODES, analyse

VARIANTS = (REFLECHI_DRAW1, REFLECHI_DRAW3, EASY_HARP)
DECIDED = ("lost_at", "never_winnable", "still_winnable")


def name(variant) -> str:
    return variant.name if variant is EASY_HARP else f"Réfléchi draw {variant.draw}"


def figures(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (
        f"p50 {statistics.median(times):.2f} s, p95 {p95:.2f} s, max {times[-1]:.2f} s "
        f"({len(times)} analyses)"
    )


def machine() -> str:
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--length", type=int, default=200)
    parser.add_argument("--solve-nodes", type=int, default=SOLVE_NODES)
    parser.add_argument("--max-nodes", type=int, default=MAX_NODES)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    print(f"machine: {machine()}; load average at the start {os.getloadavg()}")
    print(
        f"budget: {args.solve_nodes:,} positions a solve, {args.max_nodes:,} an analysis; "
        f"games of up to {args.length} actions"
    )
    times: dict[str, list[float]] = {name(v): [] for v in VARIANTS}
    verdicts: dict[str, Counter] = {name(v): Counter() for v in VARIANTS}
    nodes: list[int] = []
    solves: list[int] = []
    seed, done, skipped = 0, 0, 0
    wall = time.perf_counter()
    while done < args.deals:
        variant = VARIANTS[seed % len(VARIANTS)]
        start, actions, end = played(variant, seed, args.length)
        seed += 1
        if end.won:
            skipped += 1
            continue
        cpu = time.thread_time()
        found = analyse(start, actions, solve_nodes=args.solve_nodes, max_nodes=args.max_nodes)
        spent = time.thread_time() - cpu
        times[name(variant)].append(spent)
        verdicts[name(variant)][found["verdict"]] += 1
        nodes.append(found["budget"]["nodes"])
        solves.append(found["budget"]["solves"])
        done += 1
        if args.verbose:
            print(
                f"  {name(variant)} {start.code} {len(actions)} actions: {found['verdict']} "
                f"{found['move_index']} {found['undecided']} {spent:.2f} s "
                f"{found['budget']['solves']} solves {found['budget']['nodes']:,} positions, "
                f"peak RSS so far {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10} MiB",
                flush=True,
            )
    wall = time.perf_counter() - wall
    everything = [t for each in times.values() for t in each]
    for game, each in times.items():
        decided = sum(verdicts[game][v] for v in DECIDED)
        print(f"{game}: {figures(each)}; decided {decided}/{len(each)}; {dict(verdicts[game])}")
    total = sum(verdicts.values(), Counter())
    decided = sum(total[v] for v in DECIDED)
    print(f"all: CPU time per analysis {figures(everything)}")
    print(
        f"decided {decided}/{done} ({100 * decided / done:.0f} %), unknown {total['unknown']}; "
        f"{dict(total)}"
    )
    print(
        f"positions per analysis: p50 {statistics.median(nodes):,.0f}, max {max(nodes):,}; "
        f"solves: mean {statistics.mean(solves):.1f}, max {max(solves)}; "
        f"{skipped} games won and skipped"
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"wall {wall:.0f} s; peak RSS {peak:.0f} MiB; load average at the end {os.getloadavg()}")


if __name__ == "__main__":
    main()
