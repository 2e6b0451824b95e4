"""Hints and "can this still be won?", for a player at the table.

A hint may use only what the player has seen: face-down cards are unseen, and so is the
order of the stock until the player has turned all of it once (after the first recycle every
stock card has been on the waste). When nothing is unseen the hint is the next move of a
winning line. Otherwise it is the first move most often winning over a few deals sampled from
what the player has seen (the unseen cards shuffled into the unseen places, with a seed taken
from the seen position only), and its verdict is "unknown": the honest answer. Either way it
never proposes the move that just undoes the last one.

"Can this still be won?" is the server's full-information answer, with the budget it used;
it says a yes, a no or "unknown", never a card.

A "no" here (and a hint's ``not_winnable``) is the solver's proof, which holds with cards
taken back from the foundations (see solver.py); nothing in this module assumes a card on a
foundation stays there. A "yes", a hint's move and "winnable deals only" rest on a winning
line, never on a proof of loss: a sample or a candidate deal the solver cannot win counts as
no win, whatever the reason.

A hint is a function of what the player has seen, and of nothing else: not of the unseen
cards (the samples' seed comes from the seen position), and not of the clock. Its searches
are bounded by positions (``HINT_NODES``) only, with no time budget: a time budget let a busy
server stop a sample early and count it as no win, so that the same position got "wins in 3
of 4" once and "2 of 4" the next time (issue 35). The node bound alone bounds the cost:

* A search counts every position it enters, and each costs a bounded amount of work (its
  moves, at most a fixed array's worth, are generated and keyed once), so a search of n
  positions costs O(n), its table included (it grows with the positions keyed).
* A solve's passes and restarts share its node budget. Easy Harp's passes are a fixed number
  (102); Réfléchi's restarts go on only while each enters a position (solver.py), so they end
  within the budget.
* A hint solves each of its ``SAMPLES`` samples with ``HINT_NODES / SAMPLES`` positions (the
  whole position with ``HINT_NODES`` once everything is seen), and again with as many when
  the line found starts with the undo: 2 x ``HINT_NODES`` positions at most.
* The rest (the samples, the seed, the heuristic move) is a pass or two over the cards and
  the legal moves of one position.

Measured on the 2-core development machine (2026-12, 50 positions reached by random play
from random deals of the three games, nothing else running): 20 ms a hint on average, 91 ms
at most (24 000 positions searched on average, 60 000 at most). At the bound, 8 solves of
15 000 positions of Easy Harp, the slowest (40 ms CPU each at most over 110 positions):
about 0.3 s. A busy server makes a hint slower, never different.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import Counter
from dataclasses import replace
from typing import Any

from server.games.solitaire import _search
from server.games.solitaire.deals import layout
from server.games.solitaire.game import IllegalMove, Solitaire
from server.games.solitaire.solver import LOST, UNKNOWN, WON, solve

# The one budget of a hint, in positions searched (see above: no time budget, so that the
# same sight gets the same hint however busy the server).
HINT_NODES = 60_000
SAMPLES = 4


def unseen_places(game: Solitaire) -> tuple[list[tuple[int, int]], bool]:
    """Where the unseen cards lie: (column, index) of each face-down card, and whether the
    stock order is unseen."""
    face_down = [(i, k) for i, down in enumerate(game.hidden) for k in range(down)]
    return face_down, bool(game.stock) and game.recycles == 0


def seen_all(game: Solitaire) -> bool:
    face_down, stock_unseen = unseen_places(game)
    return not face_down and not stock_unseen


def sample(game: Solitaire, rng: random.Random) -> Solitaire:
    """A deal consistent with what the player has seen: the cards the player has not seen,
    shuffled into the places the player has not seen."""
    face_down, stock_unseen = unseen_places(game)
    unseen = [game.columns[i][k] for i, k in face_down]
    if stock_unseen:
        unseen += game.stock
    unseen.sort()  # where they really lie must not shape the sample
    rng.shuffle(unseen)
    columns = [list(col) for col in game.columns]
    for i, k in face_down:
        columns[i][k] = unseen.pop()
    stock = tuple(unseen) if stock_unseen else game.stock
    return replace(game, columns=tuple(tuple(c) for c in columns), stock=stock, history=())


def _seen_seed(game: Solitaire) -> int:
    """A seed from the seen position only, so that a hint is the same for the same sight and
    says nothing about the unseen cards."""
    view = game.view()
    seen = repr((view["columns"], view["waste"], view["waste_count"], view["foundations"]))
    if not unseen_places(game)[1]:
        seen += repr(game.stock)
    return int.from_bytes(hashlib.sha256(seen.encode()).digest()[:8], "big")


def _layout(game: Solitaire) -> tuple:
    """The cards where they lie (which slot of a suit's two is not told apart)."""
    return (game.columns, game.stock, game.waste, tuple(sorted(game.foundations)))


def undoes_last(game: Solitaire, action: dict[str, Any]) -> bool:
    """``action`` puts the cards back where they were before the last action."""
    if not game.history:
        return False
    try:
        after = game.apply(action)
    except IllegalMove:
        return False
    return _layout(after) == _layout(game.history[0])


def _first_move(
    searched: Solitaire, game: Solitaire, nodes: int
) -> tuple[str, dict[str, Any] | None, int]:
    """The solver's verdict on ``searched`` (``game`` itself, or a sample of it) and the
    first action of its line, never one undoing the last action of ``game``; and the
    positions it searched. Bounded by ``nodes`` only: no clock (see above)."""
    result = solve(searched, max_nodes=nodes, max_seconds=math.inf)
    searched_nodes = result.nodes
    if result.line and undoes_last(game, result.line[0]):
        result = solve(searched, max_nodes=nodes, max_seconds=math.inf, avoid=result.line[0])
        searched_nodes += result.nodes
        if result.verdict == LOST:
            # Only the undo wins: say so with a move that is not it.
            return WON, None, searched_nodes
    return result.verdict, (result.line[0] if result.line else None), searched_nodes


def legal_moves(game: Solitaire) -> list[dict[str, Any]]:
    """Every move the rules allow now (the stock too), in no particular order."""
    v = game.variant
    piles = ["waste", *(f"c{i}" for i in range(v.columns))]
    targets = ["f", *(f"c{i}" for i in range(v.columns))]
    out: list[dict[str, Any]] = []
    for src in piles:
        most = len(game.columns[int(src[1:])]) - game.hidden[int(src[1:])] if src[0] == "c" else 1
        for dst in targets:
            for count in range(1, max(most, 0) + 1) if dst != "f" else (1,):
                action = {"type": "move", "from": src, "to": dst, "count": count}
                try:
                    game.apply(action)
                except IllegalMove:
                    continue
                out.append(action)
    if game.stock or game.waste:
        out.append({"type": "stock"})
    return out


def heuristic_move(game: Solitaire) -> dict[str, Any] | None:
    """The best-looking legal move, for when no line is known: a card to a foundation, then
    one that turns a card up or empties a column, a waste card to a column, the stock; never
    the move that undoes the last one."""

    def score(action: dict[str, Any]) -> int:
        if action["type"] == "stock":
            return 1
        after = game.apply(action)
        gained = sum(map(len, after.foundations)) - sum(map(len, game.foundations))
        turned = sum(game.hidden) - sum(after.hidden)
        src = action["from"]
        emptied = src[0] == "c" and not after.columns[int(src[1:])]
        return 100 * gained + 50 * turned + 20 * emptied + 10 * (src == "waste")

    moves = [a for a in legal_moves(game) if not undoes_last(game, a)]
    return max(moves, key=score, default=None)


def hint(game: Solitaire, nodes: int = HINT_NODES, samples: int = SAMPLES) -> dict:
    """The hint for the player of ``game``, from what the player has seen only: the same
    for the same sight, whatever the unseen cards and however long it takes (no time
    budget; ``seconds`` in the answer is only how long it took)."""
    started = _search.clock()
    if game.won:
        return {"action": None, "verdict": WON, "seen_all": True, "samples": 0, "wins": 0}
    if seen_all(game):
        verdict, action, searched = _first_move(game, game, nodes)
        wins, tried = int(verdict == WON), 1
        if action is None:
            action = heuristic_move(game)
    else:
        rng = random.Random(_seen_seed(game))
        votes: Counter[str] = Counter()
        by_key: dict[str, dict[str, Any]] = {}
        searched = wins = 0
        for _ in range(samples):
            verdict, first, spent = _first_move(sample(game, rng), game, nodes // samples)
            searched += spent
            if verdict == WON and first is not None:
                wins += 1
                key = repr(sorted(first.items()))
                votes[key] += 1
                by_key[key] = first
        action = by_key[votes.most_common(1)[0][0]] if votes else heuristic_move(game)
        verdict, tried = UNKNOWN, samples
    return {
        "action": action,
        "verdict": verdict,
        "seen_all": tried == 1,
        "samples": tried,
        "wins": wins,
        "nodes": searched,
        "seconds": round(_search.clock() - started, 3),
    }


# "Can this still be won?" has a time budget; the node cap only bounds the table's memory, well
# above what the search reaches in that time (about 2.4 M positions/s on a 2-core dev machine;
# the solver's default of 2 M nodes ended the search before 1 s once it got that fast).
WINNABLE_NODES_PER_SECOND = 4_000_000
WINNABLE_MAX_NODES = 8_000_000  # about 256 MB of table, whatever the configured budget


def still_winnable(game: Solitaire, seconds: float) -> dict[str, Any]:
    """The full-information verdict from here, and the budget it used (no line, no card)."""
    nodes = min(WINNABLE_MAX_NODES, max(2_000_000, int(seconds * WINNABLE_NODES_PER_SECOND)))
    result = solve(game, max_nodes=nodes, max_seconds=seconds)
    return {
        "verdict": result.verdict,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
        "budget_seconds": seconds,
    }


def winnable_number(
    variant, numbers, seconds: float, max_nodes: int = 10**9
) -> tuple[int, list | None]:
    """The first of ``numbers`` the solver proves winnable within the budgets (each), and
    its winning line; (last number tried, None) if none was."""
    number = 0
    for number in numbers:
        result = solve(Solitaire.new(variant, number), max_nodes=max_nodes, max_seconds=seconds)
        if result.verdict == WON:
            return number, result.line
    return number, None


def winnable_order(
    variant, orders: list[list[str]], seconds: float, max_nodes: int = 10**9
) -> tuple[int, list | None]:
    """The index of the first deck order in ``orders`` the solver proves winnable within the
    budgets (each), and its winning line; (last index tried, None) if none was."""
    index = 0
    for index, order in enumerate(orders):
        game = Solitaire.new(variant, 0, layout(variant, order))
        result = solve(game, max_nodes=max_nodes, max_seconds=seconds)
        if result.verdict == WON:
            return index, result.line
    return index, None
