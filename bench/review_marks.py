"""Whether a review's marks can be trusted (issue 45): measured on the expert's play.

    .venv/bin/python bench/review_marks.py [--matches 6] [--target 100] [--seed 1]

The expert plays ``--matches`` matches against each level (easy, normal, hard, expert) and
its seat is reviewed (server/games/gin_rummy/review.py), one process, so the CPU time of a
review is one core's. Printed:

* **Marks that hold**: every expert decision marked mistake or worse is judged again with 8
  times the playouts at both stages and another seed; the share that is still mistake or
  worse (target: at least 90 %).
* **How often the expert is marked** mistake or worse (target: at most 1 decision in 200).
* **Planted blunders**: at each of the expert's decisions where one applies, a blunder of each
  clear kind is planted in its place and judged (target: at least 95 % of them marked):
  ``pass_gin`` (the top discard makes gin; drawn from the stock instead), ``no_gin`` (gin is
  there; a card of its melds thrown instead), ``break_meld`` (a card of a made meld thrown,
  leaving 10 or more deadwood more than the best discard), ``feed`` (the card that completes
  a meld with two cards the opponent holds unmelded, one of which the seat saw them take from
  the pile, thrown while a card of no more deadwood would have been safe).
* **Time**: CPU time of one seat's review of a whole match, p50 and p95 (target: 10 s p95).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from server.games.cards import CARDS
from server.games.gin_rummy.actions import Action
from server.games.gin_rummy.bots import LEVELS
from server.games.gin_rummy.bots.playout import BIT_OF, MELD_PATTERNS
from server.games.gin_rummy.bots.table import discard_options, read_view
from server.games.gin_rummy.game import new_match
from server.games.gin_rummy.melds import arrange, deadwood_of_mask
from server.games.gin_rummy.review import (
    REVIEW_SEED,
    Reviewer,
    decisions_of,
    judge_decision,
    review_seat,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from gin_positions import bot_match

SERIOUS = ("mistake", "blunder")
AGAIN_SEED = 4242
"""The seed of the second, larger look (any seed but the review's)."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def gin_after(mask: int, card: str, taken: str | None = None) -> bool:
    """Would adding ``card`` to the 10-card hand ``mask`` let some discard leave no deadwood?"""
    m = mask | BIT_OF[card]
    return any(deadwood_of_mask(m - BIT_OF[c]) == 0 for c in CARDS if m & BIT_OF[c] and c != card)


def planted(view: dict, opponent: tuple[str, ...]) -> dict[str, dict]:
    """The blunders of each clear kind that could be made in the seat's place at ``view``.

    ``opponent`` is the other hand as it really is: the bench, not the review, looks at it, so
    that a planted feed is one for sure (the two cards it completes lie unmelded in that hand,
    and the seat saw one of them taken).
    """
    table = read_view(view)
    found: dict[str, dict] = {}
    if table.phase in ("offer", "draw") and table.top is not None and not table.stock_only:
        if gin_after(table.mask, table.top):
            found["pass_gin"] = {"type": "pass" if table.phase == "offer" else "draw_stock"}
        return found
    if table.phase != "discard":
        return found
    options = discard_options(table.mask, table.hand, table.taken)
    least = min(dw for dw, _ in options)
    melded = {c for meld in arrange(table.hand).melds for c in meld}
    if least == 0:
        worst = max((dw, c) for dw, c in options if c in melded)
        found["no_gin"] = {"type": "discard", "card": worst[1]}
        return found
    breaking = [(dw, c) for dw, c in options if c in melded and dw >= least + 10]
    if breaking:
        found["break_meld"] = {"type": "discard", "card": max(breaking)[1]}
    unmelded = set(opponent) - {c for meld in arrange(opponent).melds for c in meld}
    theirs = sum(BIT_OF[c] for c in unmelded)
    seen = sum(BIT_OF[c] for c in table.opp_taken if c in table.opp_known and c in unmelded)
    for dw, card in sorted(options):
        feeds = any(theirs & p == p and seen & p for p in MELD_PATTERNS[BIT_OF[card]])
        if feeds and dw <= least + 2:
            found["feed"] = {"type": "discard", "card": card}
            break
    return found


def opponent_hands(replay: dict, opponent: int) -> dict[int, tuple[str, ...]]:
    """The other seat's hand before each action of the match, by the action's index."""
    match = new_match(replay["seed"], replay.get("options"))
    hands = {}
    for at, (who, action) in enumerate(replay["actions"]):
        hands[at] = tuple(match.view(opponent).get("hand") or ())
        match = match.apply(who, Action.from_dict(action) if isinstance(action, dict) else action)
    return hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6, help="matches against each level")
    parser.add_argument("--target", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    started = time.perf_counter()
    seconds: list[float] = []
    decisions = 0
    serious: list[tuple[dict, dict]] = []  # (view, decision) of marks mistake or worse
    plants: dict[str, list[dict]] = defaultdict(list)
    seed = args.seed
    for level in LEVELS:
        for n in range(args.matches):
            levels = ("expert", level) if n % 2 == 0 else (level, "expert")
            seat = levels.index("expert")
            replay = bot_match(seed, levels, args.target)
            seed += 1
            clock = time.process_time()
            review = review_seat(replay, seat)
            seconds.append(time.process_time() - clock)
            decisions += len(review["decisions"])
            judged = {d["at"]: d for d in review["decisions"]}
            moves = decisions_of(replay["seed"], replay.get("options"), replay["actions"], seat)
            hands = opponent_hands(replay, 1 - seat)
            for at, view, _ in moves:
                mine = judged.get(at)
                if mine is not None and mine["mark"] in SERIOUS:
                    serious.append((view, mine))
                for kind, action in planted(view, hands[at]).items():
                    plants[kind].append(judge_decision(view, action, at).to_dict())

    again = []
    for view, first in serious:
        big = Reviewer(AGAIN_SEED, scale=8)
        again.append(judge_decision(view, first["chosen"], first["at"], big).to_dict())
    held = sum(1 for d in again if d["mark"] in SERIOUS)

    load = os.getloadavg()
    print(
        f"the expert against each of {', '.join(LEVELS)}: {args.matches} matches each, to "
        f"{args.target}, seeds from {args.seed}; {time.perf_counter() - started:.0f} s in all;"
        f" load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs"
    )
    print(
        f"\nexpert decisions reviewed: {decisions}; marked mistake or worse: {len(serious)} "
        f"(1 in {decisions / len(serious):.0f})"
        if serious
        else f"\n{decisions} decisions, none marked mistake or worse"
    )
    if serious:
        print(
            f"  judged again at 8x the playouts, seed {AGAIN_SEED}: {held} of {len(serious)} "
            f"still mistake or worse ({held / len(serious):.0%}); losses first "
            f"{statistics.median(d['loss'] for _, d in serious):.1f}, again "
            f"{statistics.median(d['loss'] for d in again):.1f} (medians)"
        )
    print("\nplanted blunders (mark: any; serious: mistake or worse; loss: median points):")
    total = marked = 0
    for kind in ("pass_gin", "no_gin", "break_meld", "feed"):
        found = plants.get(kind, [])
        hit = sum(1 for d in found if d["mark"])
        hard = sum(1 for d in found if d["mark"] in SERIOUS)
        total, marked = total + len(found), marked + hit
        loss = statistics.median(d["loss"] for d in found) if found else float("nan")
        print(
            f"  {kind:<10} {len(found):4} planted, {hit:4} marked, {hard:4} serious, "
            f"loss {loss:.1f}"
        )
    if total:
        print(f"  all        {total:4} planted, {marked:4} marked ({marked / total:.1%})")
    print(
        f"\nCPU time of one seat's review of a whole match (one core): p50 "
        f"{percentile(seconds, 0.5):.2f} s, p95 {percentile(seconds, 0.95):.2f} s, max "
        f"{max(seconds):.2f} s ({len(seconds)} reviews; review seed {REVIEW_SEED})"
    )


if __name__ == "__main__":
    main()
