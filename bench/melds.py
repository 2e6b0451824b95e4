"""How many Gin Rummy meld evaluations per second ``melds.py`` does on one core.

Run with ``.venv/bin/python bench/melds.py``. Three fixed, seeded sets of hands are built
before any timing:

(a) random 10-card hands dealt from ``random.Random(1)``;
(b) meld-rich 10-card hands from late in simulated hands: a greedy player on both seats
    (takes the discard when that lowers its best deadwood, discards with ``best_discard``,
    never knocks), and every hand a player holds when about to draw with 8 or fewer cards
    left in the stock;
(c) random 11-card hands from ``random.Random(3)``, each one best-discard decision.

Each set is timed whole with ``time.perf_counter``, three times; the best run counts.
Plain output, no assertions: compare the rates with the targets printed beside them.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence

from server.games.cards import CARDS
from server.games.gin_rummy import DISCARD, DRAW, HAND_OVER, MATCH_OVER, OFFER, Action, new_match
from server.games.gin_rummy.melds import arrange, best_discard, deadwood

RANDOM_HANDS = 200_000
LATE_HANDS = 30_000
DISCARD_HANDS = 50_000
LATE_STOCK = 8
RUNS = 3

TARGET_RANDOM = 300_000
TARGET_LATE = 100_000
TARGET_DISCARD = 20_000


def random_hands(seed: int, count: int, size: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(CARDS, size) for _ in range(count)]


def lowers_deadwood(hand: Sequence[str], card: str) -> bool:
    """Would taking ``card`` (and then discarding something else) lower the best deadwood?"""
    _, after = best_discard([*hand, card], forbidden=card)
    return after.deadwood < deadwood(hand)


def late_game_hands(
    seed: int, count: int, stock_limit: int = LATE_STOCK
) -> tuple[list[list[str]], int]:
    """``count`` hands held by greedy players about to draw with ``stock_limit`` or fewer
    cards left in the stock, and the number of deals played to get them. Nobody knocks, so
    every deal plays on until the stock runs out (a dead hand) and the hands keep improving."""
    hands: list[list[str]] = []
    deals = 1
    match = new_match(seed)
    while len(hands) < count:
        if match.phase == MATCH_OVER:  # cannot happen without knocks; kept as a guard
            seed += 1
            match = new_match(seed)
            deals += 1
            continue
        if match.phase == HAND_OVER:
            match = match.apply(0, Action("next_hand"))
            deals += 1
            continue
        seat = match.to_act
        assert seat is not None
        hand = match.hands[seat]
        if match.phase == OFFER:
            upcard = match.discard_pile[-1]
            action = Action("take_upcard" if lowers_deadwood(hand, upcard) else "pass")
        elif match.phase == DRAW:
            if len(match.stock) <= stock_limit:
                hands.append(list(hand))
            top = match.discard_pile[-1]
            take = Action("draw_discard") in match.legal_actions(seat)
            action = Action("draw_discard" if take and lowers_deadwood(hand, top) else "draw_stock")
        elif match.phase == DISCARD:
            card, _ = best_discard(hand, forbidden=match.taken)
            action = Action("discard", card)
        else:
            raise RuntimeError(f"unexpected phase {match.phase!r}")
        match = match.apply(seat, action)
    return hands, deals


def rate(function: Callable[[list[str]], object], hands: list[list[str]]) -> float:
    """Evaluations per second: the whole set timed at once, best of ``RUNS`` runs."""
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        for hand in hands:
            function(hand)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def share_with_three_of_a_rank(hands: list[list[str]]) -> float:
    with_triple = sum(1 for h in hands if max(Counter(c[0] for c in h).values()) >= 3)
    return with_triple / len(hands)


def mean_deadwood(hands: list[list[str]]) -> float:
    return statistics.fmean(deadwood(h) for h in hands)


def mean_discard_deadwood(hands: list[list[str]]) -> float:
    return statistics.fmean(best_discard(h)[1].deadwood for h in hands)


def pin_to_one_core() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "one core (single thread; affinity not available on this platform)"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return f"one core (single thread, pinned to CPU {cpu})"


def line(label: str, value: float, target: int) -> None:
    verdict = "meets" if value >= target else "BELOW"
    print(f"  {label:<34} {value:>11,.0f} /s   target >= {target:>9,} /s   {verdict}")


def main() -> None:
    core = pin_to_one_core()
    print("Gin Rummy melds benchmark (server/games/gin_rummy/melds.py)")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}, {platform.system()}"
    )
    print(f"Conditions: {core}; pure Python; best of {RUNS} timed runs over each whole set")
    print()

    start = time.perf_counter()
    random10 = random_hands(1, RANDOM_HANDS, 10)
    late10, deals = late_game_hands(2, LATE_HANDS)
    random11 = random_hands(3, DISCARD_HANDS, 11)
    built = time.perf_counter() - start

    print(f"Hand sets (built in {built:.1f} s, before timing):")
    print(
        f"  (a) random 10-card hands, random.Random(1):   {len(random10):>7,}   "
        f"3+ of a rank {share_with_three_of_a_rank(random10):6.1%}   "
        f"mean deadwood {mean_deadwood(random10):5.1f}"
    )
    print(
        f"  (b) late-game 10-card hands, new_match(2):    {len(late10):>7,}   "
        f"3+ of a rank {share_with_three_of_a_rank(late10):6.1%}   "
        f"mean deadwood {mean_deadwood(late10):5.1f}"
    )
    print(
        f"      (greedy players, {deals:,} deals; each hand about to draw"
        f" with <= {LATE_STOCK} cards in stock)"
    )
    print(
        f"  (c) random 11-card hands, random.Random(3):   {len(random11):>7,}   "
        f"3+ of a rank {share_with_three_of_a_rank(random11):6.1%}   "
        f"mean deadwood after best discard {mean_discard_deadwood(random11):5.1f}"
    )
    print()

    print("Rates (evaluations per second, from card codes):")
    line("(a) arrange(), random 10 cards", rate(arrange, random10), TARGET_RANDOM)
    line("(a) deadwood(), random 10 cards", rate(deadwood, random10), TARGET_RANDOM)
    line("(b) arrange(), meld-rich 10 cards", rate(arrange, late10), TARGET_LATE)
    line("(b) deadwood(), meld-rich 10 cards", rate(deadwood, late10), TARGET_LATE)
    line("(c) best_discard(), 11 cards", rate(best_discard, random11), TARGET_DISCARD)


if __name__ == "__main__":
    main()
