"""Play two bots against each other on mirrored deals and print how they compare.

    python -m server.games.gin_rummy.tournament expert simple --pairs 500 --seed 1 --jobs 2

Each pair plays the same match seed twice with the seats swapped, so both bots get the same
cards; the 95% confidence interval of the match win share treats each pair as one unit.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from server.games.batch import run_all
from server.games.cards import derive_seed
from server.games.gin_rummy.actions import Action
from server.games.gin_rummy.bots import make_bot
from server.games.gin_rummy.game import new_match


@dataclass
class Side:
    """What one bot did over the matches it played."""

    matches_won: int = 0
    hands_won: int = 0
    points: int = 0
    counts: Counter = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)

    def merge(self, other: Side) -> None:
        self.matches_won += other.matches_won
        self.hands_won += other.hands_won
        self.points += other.points
        self.counts.update(other.counts)
        self.times.extend(other.times)


@dataclass
class PairResult:
    sides: tuple[Side, Side]
    a_wins: int  # matches of the pair won by the first bot (0, 1 or 2)
    hands: int
    dead: int


def _record(result, seats: tuple[int, int], sides: tuple[Side, Side]) -> bool:
    """Count one finished hand; True if it was dead."""
    if result.kind == "dead":
        return True
    w = seats.index(result.winner)
    sides[w].hands_won += 1
    sides[w].points += result.points
    sides[w].counts[result.kind] += 1
    if result.kind == "undercut":
        sides[1 - w].counts["knock_undercut"] += 1
    return False


def play_match(levels: tuple[str, str], seats: tuple[int, int], seed: int, target: int):
    """One match; ``seats[i]`` is the seat of bot ``i``. Returns both sides and hand counts."""
    bots = {seats[i]: make_bot(levels[i], derive_seed(seed, 100 + i)) for i in (0, 1)}
    sides = (Side(), Side())
    match = new_match(seed, {"target": target})
    hands = dead = 0
    clock = time.perf_counter
    while True:
        if match.result is not None:
            hands += 1
            dead += _record(match.result, seats, sides)
            if match.is_over:
                break
            match = match.apply(0, Action("next_hand"))
            continue
        seat = match.to_act
        start = clock()
        action = bots[seat].act(match.view(seat))
        sides[seats.index(seat)].times.append(clock() - start)
        match = match.apply(seat, action)
    sides[seats.index(match.winner)].matches_won += 1
    return sides, hands, dead


def play_pair(args: tuple[str, str, int, int]) -> PairResult:
    a, b, seed, target = args
    first, h1, d1 = play_match((a, b), (0, 1), seed, target)
    second, h2, d2 = play_match((a, b), (1, 0), seed, target)
    for i in (0, 1):
        first[i].merge(second[i])
    return PairResult(first, first[0].matches_won, h1 + h2, d1 + d2)


def summarize(
    a: str, b: str, results: list[PairResult], seconds: float, jobs: int, target: int = 100
) -> str:
    sides = (Side(), Side())
    for r in results:
        sides[0].merge(r.sides[0])
        sides[1].merge(r.sides[1])
    n = len(results)
    shares = [r.a_wins / 2 for r in results]
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(n) if n > 1 else float("nan")
    hands = sum(r.hands for r in results)
    dead = sum(r.dead for r in results)
    lines = [
        f"{a} vs {b}: {n} mirrored pairs ({2 * n} matches to {target}), {hands} hands, "
        f"{seconds:.0f}s on {jobs} process(es)",
        f"match win share of {a}: {100 * mean:.2f}%  (95% CI {100 * (mean - half):.2f}% .. "
        f"{100 * (mean + half):.2f}%, pairs as units)",
        f"hands won: {a} {100 * sides[0].hands_won / hands:.1f}%, "
        f"{b} {100 * sides[1].hands_won / hands:.1f}%, dead {100 * dead / hands:.1f}%",
        f"points per hand: {a} {sides[0].points / hands:.2f}, {b} {sides[1].points / hands:.2f}"
        f"  (net {(sides[0].points - sides[1].points) / hands:+.2f} for {a})",
        f"dead hands: {dead}",
    ]
    for name, side in ((a, sides[0]), (b, sides[1])):
        c = side.counts
        times = sorted(side.times)
        p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
        lines.append(
            f"{name:>8}: knocks won {c['knock']}, gins {c['gin']}, undercuts made {c['undercut']}, "
            f"knocks undercut {c['knock_undercut']}; decision time mean "
            f"{1000 * statistics.fmean(times):.2f} ms, p95 {1000 * p95:.2f} ms, "
            f"max {1000 * times[-1]:.2f} ms over {len(times)} decisions"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="level of the first bot (easy, normal, hard, expert, simple)")
    parser.add_argument("second", help="level of the second bot")
    parser.add_argument("--pairs", type=int, default=100, help="mirrored pairs of matches")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deal sequence")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (cores to use)")
    parser.add_argument("--target", type=int, default=100, help="match target (points)")
    args = parser.parse_args(argv)
    make_bot(args.first, 0), make_bot(args.second, 0)  # fail fast on an unknown level
    work = [
        (args.first, args.second, derive_seed(args.seed, i), args.target) for i in range(args.pairs)
    ]
    started = time.monotonic()
    results: list[PairResult] = run_all(play_pair, work, args.jobs, "pairs")
    seconds = time.monotonic() - started
    print(summarize(args.first, args.second, results, seconds, args.jobs, args.target))


if __name__ == "__main__":
    main()
