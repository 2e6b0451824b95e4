"""Play bots against each other on mirrored deals and print how they compare.

    python -m tools.tournament expert simple --pairs 500 --seed 1 --jobs 2
    python -m tools.tournament --round-robin --pairs 200 --jobs 2

Each pair plays the same match seed twice with the seats swapped, so both bots get the same
cards; the 95% confidence interval of the match win share treats each pair as one unit.
Players are the lobby levels, the ``simple`` research baseline and the reference opponents
of :mod:`server.games.gin_rummy.references` (``defensive``, ``cautious``).

The round robin plays every pair of players on the same deal seeds and prints one table:
each pairing's share with its interval, then Elo-like ratings fitted to all the match results
at once (Bradley-Terry: the chance that A beats B is ``1 / (1 + 10 ** ((R_B - R_A) / 400))``,
maximum likelihood, ``simple`` fixed at 1500, or the first player named when ``simple`` does
not play), each with a 95% interval from the curvature of the likelihood, which counts every
match as an independent result.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from server.games.cards import derive_seed
from server.games.gin_rummy.actions import Action
from server.games.gin_rummy.game import new_match
from server.games.gin_rummy.references import NAMES, player
from tools.batch import run_all


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
    bots = {seats[i]: player(levels[i], derive_seed(seed, 100 + i)) for i in (0, 1)}
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


def share_interval(results: list[PairResult]) -> tuple[float, float]:
    """The first bot's match win share and the half-width of its 95% interval (pairs as units)."""
    shares = [r.a_wins / 2 for r in results]
    n = len(shares)
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(n) if n > 1 else float("nan")
    return mean, half


def summarize(
    a: str, b: str, results: list[PairResult], seconds: float, jobs: int, target: int = 100
) -> str:
    sides = (Side(), Side())
    for r in results:
        sides[0].merge(r.sides[0])
        sides[1].merge(r.sides[1])
    n = len(results)
    mean, half = share_interval(results)
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


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix @ x == vector`` by Gauss-Jordan elimination with partial pivoting."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] for i in range(n)]


ELO = math.log(10) / 400


def fit_ratings(
    players: list[str],
    wins: dict[tuple[str, str], tuple[float, float]],
    anchor: str,
    prior: float = 0.5,
) -> dict[str, tuple[float, float]]:
    """Elo-like ratings by maximum likelihood (Bradley-Terry), ``anchor`` fixed at 1500.

    ``wins[(a, b)]`` is ``(matches a won, matches b won)``. Every pairing gets ``prior``
    virtual wins each way, so a perfect record gives a large but finite gap. Returns, per
    player, the rating and the half-width of its 95% interval relative to the anchor (from
    the inverse of the likelihood's curvature; the anchor's is 0).
    """
    free = [p for p in players if p != anchor]
    index = {p: i for i, p in enumerate(free)}
    rating = dict.fromkeys(players, 0.0)
    games = [(a, b, wa + prior, wb + prior) for (a, b), (wa, wb) in wins.items()]

    def curvature() -> tuple[list[float], list[list[float]]]:
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for a, b, wa, wb in games:
            n = wa + wb
            p = 1 / (1 + math.exp(-ELO * (rating[a] - rating[b])))
            g, h = ELO * (wa - n * p), ELO * ELO * n * p * (1 - p)
            for x, y, sign in ((a, b, 1), (b, a, -1)):
                if x in index:
                    grad[index[x]] += sign * g
                    info[index[x]][index[x]] += h
                    if y in index:
                        info[index[x]][index[y]] -= h
        return grad, info

    for _ in range(100):
        grad, info = curvature()
        step = _solve(info, grad)
        for p, d in zip(free, step, strict=True):
            rating[p] += d
        if max(map(abs, step), default=0.0) < 1e-6:
            break
    _, info = curvature()
    fitted = {anchor: (1500.0, 0.0)}
    for p in free:
        unit = [1.0 if q == p else 0.0 for q in free]
        variance = _solve(info, unit)[index[p]]
        fitted[p] = (1500.0 + rating[p], 1.96 * math.sqrt(max(variance, 0.0)))
    return fitted


def pairings(players: list[str]) -> list[tuple[str, str]]:
    """Every pair of distinct players once, the stronger-looking (listed first) first."""
    return [(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]


def round_robin(
    players: list[str], pairs: int, seed: int, jobs: int, target: int
) -> dict[tuple[str, str], list[PairResult]]:
    """Every pairing on the same ``pairs`` deal seeds, interleaved so the progress bar is fair."""
    matchups = pairings(players)
    work = [(a, b, derive_seed(seed, i), target) for i in range(pairs) for a, b in matchups]
    flat = run_all(play_pair, work, jobs, "pairs")
    results: dict[tuple[str, str], list[PairResult]] = {m: [] for m in matchups}
    for (a, b, _, _), result in zip(work, flat, strict=True):
        results[(a, b)].append(result)
    return results


def cross_table(players: list[str], share: dict[tuple[str, str], float], width: int) -> list[str]:
    """The lines of the table of each row's share of wins against each column."""
    lines = [" " * width + "".join(f"{p:>{width}}" for p in players)]
    for a in players:
        cells = "".join(
            f"{'-':>{width}}" if a == b else f"{100 * share[(a, b)]:>{width - 1}.1f}%"
            for b in players
        )
        lines.append(f"{a:<{width}}{cells}")
    return lines


def round_robin_table(
    players: list[str],
    results: dict[tuple[str, str], list[PairResult]],
    seconds: float,
    jobs: int,
    target: int,
    anchor: str = "simple",
) -> str:
    """One table for the whole round robin: pairings, cross table, ratings, decision times."""
    pairs = len(next(iter(results.values())))
    lines = [
        f"round robin: {len(players)} players, {len(results)} pairings x {pairs} mirrored pairs"
        f" (matches to {target}), {seconds:.0f}s on {jobs} process(es)",
        "",
        f"{'pairing':<24}{'share of first':>15}  95% CI (pairs as units)",
    ]
    share: dict[tuple[str, str], float] = {}
    wins: dict[tuple[str, str], tuple[float, float]] = {}
    times: dict[str, list[float]] = {p: [] for p in players}
    for (a, b), rs in results.items():
        mean, half = share_interval(rs)
        share[(a, b)], share[(b, a)] = mean, 1 - mean
        won = sum(r.a_wins for r in rs)
        wins[(a, b)] = (won, 2 * len(rs) - won)
        for r in rs:
            times[a].extend(r.sides[0].times)
            times[b].extend(r.sides[1].times)
        lines.append(
            f"{a + ' vs ' + b:<24}{100 * mean:>14.2f}%  "
            f"{100 * (mean - half):.2f}% .. {100 * (mean + half):.2f}%"
        )
    width = max(9, *(len(p) + 2 for p in players))
    lines += [
        "",
        "match win share of the row against the column:",
        *cross_table(players, share, width),
    ]
    fitted = fit_ratings(players, wins, anchor if anchor in players else players[0])
    lines += ["", "Elo-like ratings (Bradley-Terry fit to every match, 95% interval):"]
    for p in sorted(players, key=lambda p: -fitted[p][0]):
        r, half = fitted[p]
        t = sorted(times[p])
        p95 = t[int(0.95 * (len(t) - 1))] if t else 0.0
        lines.append(
            f"{p:<{width}}{r:7.0f}  ({r - half:.0f} .. {r + half:.0f})   decision time mean "
            f"{1000 * statistics.fmean(t):.2f} ms, p95 {1000 * p95:.2f} ms"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "players", nargs="*", help=f"two players (or, with --round-robin, any): {', '.join(NAMES)}"
    )
    parser.add_argument(
        "--round-robin", action="store_true", help="every pair of the players (default: all)"
    )
    parser.add_argument("--pairs", type=int, default=100, help="mirrored pairs of matches")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deal sequence")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (cores to use)")
    parser.add_argument("--target", type=int, default=100, help="match target (points)")
    args = parser.parse_args(argv)
    players = list(args.players) or (list(NAMES) if args.round_robin else [])
    if len(players) != 2 and not (args.round_robin and len(players) >= 2):
        parser.error("name two players, or use --round-robin")
    try:
        for name in players:
            player(name, 0)  # fail fast on an unknown name
    except ValueError as error:
        parser.error(str(error))
    started = time.monotonic()
    if args.round_robin:
        results = round_robin(players, args.pairs, args.seed, args.jobs, args.target)
        seconds = time.monotonic() - started
        print(round_robin_table(players, results, seconds, args.jobs, args.target))
        return
    first, second = players
    work = [(first, second, derive_seed(args.seed, i), args.target) for i in range(args.pairs)]
    pair_results: list[PairResult] = run_all(play_pair, work, args.jobs, "pairs")
    seconds = time.monotonic() - started
    print(summarize(first, second, pair_results, seconds, args.jobs, args.target))


if __name__ == "__main__":
    main()
