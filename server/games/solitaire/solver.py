"""A solitaire solver: winnable (with a winning line), not winnable (proved), or unknown.

It searches with full information (the server knows the deal), depth first, over a compact
copy of the position (cards as small integers), in C (``_search.c``), with:

* a transposition table of 128-bit keys of a canonical form: columns are interchangeable as
  a set, and in Easy Harp the two foundation slots of a suit are interchangeable;
* the talon as macro moves: "press the stock k times, then play the waste top" is one move.
  Presses change nothing but the talon, which comes back round (passes are unlimited), so no
  winning line is lost;
* the waste counts of one round of the talon as one state (presses are free and come round);
* move ordering: foundation moves (the talon's too), moves that turn a card up (where most
  cards are face down first), empty a column or free a card the foundation takes, other
  tableau moves, the talon to the columns, moves that only swap a run's parent for another,
  and last taking a card back from a foundation;
* one dominance rule, proved safe for both games: a card whose rank is at most one more than
  every opposite-colour foundation slot (so nothing could ever need to be built on it) goes up
  at once, as the only move tried in that position.

It runs in passes (see ``REFLECHI_PASSES``): narrow ones first, then the complete search.
"Not winnable" is claimed only when the complete search has seen the whole space within the
budget. A win is a list of engine actions; replaying it with :meth:`Solitaire.apply` wins.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from server.games.cards import RANKS, SUITS
from server.games.solitaire import _search
from server.games.solitaire.game import Solitaire
from server.games.solitaire.variants import KING_RUNS

WON, LOST, UNKNOWN = "winnable", "not_winnable", "unknown"

# Pile numbers of the C search (see _search.c).
WASTE, SLOT, ANY_FOUNDATION, STOCK = 20, 30, 40, 50


# The passes of a solve: (narrow, seed of the move order or 0, share of what is left of the
# budget). A narrow pass leaves out moves that only swap a run's parent for another, foundation
# take-backs (Réfléchi) and, in draw 1, talon cards played to a column where nothing wants
# them (a card is wanted as a parent of a column's card whose move turns a card up, empties a
# column or frees a card for a foundation, or of a wanted card still in the talon). It finds
# most wins fast but can never prove a loss: only the complete last pass can. In Easy Harp,
# which moves one card at a time, taking a built column apart over face-down cards is not a
# swap, and take-backs stay (a card back from a foundation is often the parent a card needs).
# Easy Harp's wins hide behind a few unlucky first choices: restarts with shuffled move
# orders find them; its losses are too rare and too deep to prove, so the complete pass gets
# a tenth. Réfléchi draw 3 loses about one deal in five: half the budget goes to proofs.
REFLECHI_PASSES = ((True, 0, 0.5), (False, 0, 1.0))
EASY_HARP_PASSES = (
    (True, 0, 0.1),
    *((True, seed, 1 / (10 - seed)) for seed in range(1, 9)),
    (False, 0, 1.0),
)


@dataclass
class Result:
    verdict: str
    line: list[dict[str, Any]] | None
    nodes: int
    seconds: float


def card_number(card: str) -> int:
    return SUITS.index(card[1]) * 13 + RANKS.index(card[0])


def _pile(number: int) -> str:
    if number == WASTE:
        return "waste"
    if number == ANY_FOUNDATION:
        return "f"
    if number >= SLOT:
        return f"f{number - SLOT}"
    return f"c{number}"


def pile_number(name: str) -> int:
    """The C search's number of a pile name (``c3``, ``waste``, ``f2``, ``f``)."""
    if name == "waste":
        return WASTE
    if name == "f":
        return ANY_FOUNDATION
    return (SLOT if name[0] == "f" else 0) + int(name[1:])


def _action(step: tuple[int, int, int]) -> dict[str, Any]:
    source, target, count = step
    if source == STOCK:
        return {"type": "stock"}
    if target == ANY_FOUNDATION:
        return {"type": "move", "from": _pile(source), "to": "f"}
    return {"type": "move", "from": _pile(source), "to": _pile(target), "count": count}


def solve(
    game: Solitaire,
    max_nodes: int = 2_000_000,
    max_seconds: float = 10.0,
    avoid: dict[str, Any] | None = None,
    cpu_clock: bool = False,
) -> Result:
    """Decide ``game`` from its current position within the budgets.

    ``avoid`` is a move not to start with (the one that would undo the player's last move);
    a win or a proof then holds for the other first moves only. With ``cpu_clock`` the time
    budget (and the time reported) is CPU time of the solving thread, not wall time: for
    measurements on a shared machine.
    """
    if game.won:
        return Result(WON, [], 0, 0.0)
    clock = time.thread_time if cpu_clock else time.perf_counter
    started = clock()
    v = game.variant
    talon = bytes(card_number(c) for c in (*game.waste, *reversed(game.stock)))
    position = (
        [bytes(card_number(c) for c in col) for col in game.columns],
        bytes(game.hidden),
        talon,
        len(game.waste),
        bytes(len(f) for f in game.foundations),
        bytes(SUITS.index(s) for s in v.slots),
        v.draw,
        v.runs == KING_RUNS,
        v.cards,
    )
    first = None
    if avoid is not None:
        first = (pile_number(avoid["from"]), pile_number(avoid["to"]), avoid.get("count", 1))
    nodes, line = 0, None
    passes = EASY_HARP_PASSES if v.runs == KING_RUNS else REFLECHI_PASSES
    for narrow, seed, share in passes:
        # Each pass has its share of what is left of the budget.
        spent = clock() - started
        won, exhausted, searched, steps = _search.search(
            *position,
            max(0, int((max_nodes - nodes) * share)),
            max(0.0, (max_seconds - spent) * share),
            narrow,
            first,
            seed,
            cpu_clock,
        )
        nodes += searched
        if won:
            line = [_action(step) for step in steps]
            break
    elapsed = clock() - started
    if line is not None:
        return Result(WON, line, nodes, elapsed)
    return Result(LOST if exhausted else UNKNOWN, None, nodes, elapsed)
