"""A solitaire solver: winnable (with a winning line), not winnable (proved), or unknown.

It searches with full information (the server knows the deal), depth first, over a compact
copy of the position (cards as small integers), with:

* a transposition table keyed on a canonical form: columns are interchangeable as a set, and
  in Easy Harp the two foundation slots of a suit are interchangeable;
* move ordering: foundation moves, moves that turn a card up or empty a column, other tableau
  moves, the waste, the stock, and last taking a card back from a foundation;
* one dominance rule, proved safe for both games: a card whose rank is at most one more than
  every opposite-colour foundation slot (so nothing could ever need to be built on it) goes up
  at once, as the only move tried in that position.

A win is a list of engine actions; replaying it with :meth:`Solitaire.apply` wins. "Not
winnable" is claimed only when the whole space was searched within the budget.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from server.games.cards import RANKS, SUITS
from server.games.solitaire.game import Solitaire
from server.games.solitaire.variants import KING_RUNS

WON, LOST, UNKNOWN = "winnable", "not_winnable", "unknown"


def _int(card: str) -> int:
    return SUITS.index(card[1]) * 13 + RANKS.index(card[0])


def _red(c: int) -> bool:
    return 13 <= c < 39  # hearts and diamonds


def _fits(card: int, under: int) -> bool:
    return _red(card) != _red(under) and card % 13 + 1 == under % 13


@dataclass
class Result:
    verdict: str
    line: list[dict[str, Any]] | None
    nodes: int
    seconds: float


class _Search:
    def __init__(
        self, game: Solitaire, max_nodes: int, max_seconds: float, prune_swaps: bool = False
    ) -> None:
        v = game.variant
        self.prune_swaps = prune_swaps  # a first, incomplete pass: it can win, never prove
        self.variant = v
        self.king_runs = v.runs == KING_RUNS
        self.draw = v.draw
        self.slot_suits = [SUITS.index(s) for s in v.slots]
        self.slots_of = [
            [i for i, s in enumerate(self.slot_suits) if s == suit] for suit in range(4)
        ]
        self.max_nodes, self.deadline = max_nodes, time.perf_counter() + max_seconds
        self.nodes = 0
        self.seen: set = set()
        self.total = v.cards
        self.exhausted = True

    # A position: (columns, hidden, stock, waste, foundations) of tuples of ints.
    def key(self, p) -> tuple:
        columns, hidden, stock, waste, found = p
        cols = tuple(sorted(zip(hidden, columns, strict=True)))
        if len(found) == 8:
            found = tuple(tuple(sorted((found[i], found[i + 4]))) for i in range(4))
        return (cols, stock, waste, found)

    def moves(self, p):
        """(action, next position) pairs, best first."""
        columns, hidden, stock, waste, found = p
        ncols = len(columns)
        out_found, out_up, out_tab, out_waste, out_swap, out_back = [], [], [], [], [], []

        # To a foundation: waste top, column tops.
        sources = [("waste", waste[-1])] if waste else []
        sources += [(i, col[-1]) for i, col in enumerate(columns) if col]
        for src, card in sources:
            suit, rank = divmod(card, 13)
            slot = next((s for s in self.slots_of[suit] if found[s] == rank), None)
            if slot is None:
                continue
            nf = list(found)
            nf[slot] += 1
            if src == "waste":
                q = (columns, hidden, stock, waste[:-1], tuple(nf))
                action = {"type": "move", "from": "waste", "to": "f"}
            else:
                q = self._take(p, src, 1, found=tuple(nf))
                action = {"type": "move", "from": f"c{src}", "to": "f"}
            if self._safe(card, found):
                return [(action, q)]  # dominance: nothing is lost by playing it now
            out_found.append((action, q))

        # Between columns.
        empty = [j for j in range(ncols) if not columns[j]]
        for i, col in enumerate(columns):
            up = len(col) - hidden[i]
            for count in range(1, up + 1):
                start = len(col) - count
                if count > 1:
                    if not _fits(col[start + 1], col[start]) and count > 1:
                        break  # longer tails are not runs either
                    if self.king_runs and (col[start] % 13 != 12):
                        continue
                card = col[start]
                uncovers = start == hidden[i] and start > 0
                empties = start == 0
                # Ordering only (every move is still tried): a run that leaves a card the
                # foundation takes goes early; one that leaves a card it was already built on
                # goes late (it only swaps one parent for another).
                below = col[start - 1] if start > 0 else None
                frees = below is not None and self._goes_up(below, found)
                swaps = below is not None and not frees and _fits(card, below)
                for j in range(ncols):
                    if j == i:
                        continue
                    target = columns[j]
                    if target:
                        if self.king_runs and count > 1:
                            continue
                        if not _fits(card, target[-1]):
                            continue
                    else:
                        if card % 13 != 12 or empties:
                            continue  # only kings, and never a whole column into another
                        if j != empty[0]:
                            continue  # empty columns are alike: try one
                    q = self._move(p, i, j, count)
                    action = {"type": "move", "from": f"c{i}", "to": f"c{j}", "count": count}
                    if uncovers or empties or frees:
                        out_up.append((action, q))
                    elif swaps:
                        if not self.prune_swaps:
                            out_swap.append((action, q))
                    else:
                        out_tab.append((action, q))

        # The talon: the waste top now, and each card the stock would bring to the top, as
        # one move ("press the stock k times, then play it"). Presses change nothing but the
        # talon, which comes back round (passes are unlimited), so no winning line is lost.
        presses, s, w = 0, stock, waste
        cycle = {(s, w)}
        while True:
            if w:
                out_waste.extend(self._talon_plays(p, s, w, presses, empty))
            if s:
                n = min(self.draw, len(s))
                s, w = s[:-n], w + tuple(reversed(s[-n:]))
            elif w:
                s, w = tuple(reversed(w)), ()
            else:
                break
            presses += 1
            if (s, w) in cycle:
                break
            cycle.add((s, w))

        # A card back from a foundation, onto a column.
        for s, count in enumerate(found):
            if not count:
                continue
            card = self.slot_suits[s] * 13 + count - 1
            for j in range(ncols):
                target = columns[j]
                fits = _fits(card, target[-1]) if target else card % 13 == 12 and j == empty[0]
                if fits:
                    nf = list(found)
                    nf[s] -= 1
                    nc = list(columns)
                    nc[j] = (*target, card)
                    q = (tuple(nc), hidden, stock, waste, tuple(nf))
                    out_back.append(({"type": "move", "from": f"f{s}", "to": f"c{j}"}, q))
        return out_found + out_up + out_tab + out_waste + out_swap + out_back

    def _talon_plays(self, p, s, w, presses: int, empty: list[int]):
        """The plays of the waste top ``w[-1]`` after ``presses`` presses of the stock."""
        columns, hidden, _, _, found = p
        card = w[-1]
        before = [{"type": "stock"}] * presses
        suit, rank = divmod(card, 13)
        slot = next((i for i in self.slots_of[suit] if found[i] == rank), None)
        if slot is not None and presses:  # with no press it is among the foundation moves
            nf = list(found)
            nf[slot] += 1
            yield (
                [*before, {"type": "move", "from": "waste", "to": "f"}],
                (
                    columns,
                    hidden,
                    s,
                    w[:-1],
                    tuple(nf),
                ),
            )
        for j, target in enumerate(columns):
            if (target and _fits(card, target[-1])) or (
                not target and card % 13 == 12 and j == empty[0]
            ):
                nc = list(columns)
                nc[j] = (*target, card)
                action = {"type": "move", "from": "waste", "to": f"c{j}"}
                yield [*before, action], (tuple(nc), hidden, s, w[:-1], found)

    def _goes_up(self, card: int, found) -> bool:
        suit, rank = divmod(card, 13)
        return any(found[s] == rank for s in self.slots_of[suit])

    def _safe(self, card: int, found) -> bool:
        suit, rank = divmod(card, 13)
        if rank <= 1:
            return True
        opposite = (1, 2) if suit in (0, 3) else (0, 3)
        return all(found[s] >= rank for o in opposite for s in self.slots_of[o])

    def _take(self, p, i: int, count: int, found=None):
        columns, hidden, stock, waste, old_found = p
        nc = list(columns)
        nh = list(hidden)
        nc[i] = columns[i][:-count]
        if nc[i] and nh[i] >= len(nc[i]):
            nh[i] = len(nc[i]) - 1
        return (tuple(nc), tuple(nh), stock, waste, found if found is not None else old_found)

    def _move(self, p, i: int, j: int, count: int):
        columns = p[0]
        moved = columns[i][-count:]
        q = self._take(p, i, count)
        nc = list(q[0])
        nc[j] = nc[j] + moved
        return (tuple(nc), q[1], q[2], q[3], q[4])

    def run(self, start) -> list[dict[str, Any]] | None:
        self.seen.add(self.key(start))
        path: list[dict[str, Any]] = []
        stack = [iter(self.moves(start))]
        while stack:
            if self.nodes >= self.max_nodes or (
                self.nodes % 512 == 0 and time.perf_counter() > self.deadline
            ):
                self.exhausted = False
                return None
            for action, q in stack[-1]:
                k = self.key(q)
                if k in self.seen:
                    continue
                self.seen.add(k)
                self.nodes += 1
                path.append(action)
                if sum(q[4]) == self.total:
                    return [
                        a for step in path for a in (step if isinstance(step, list) else [step])
                    ]
                stack.append(iter(self.moves(q)))
                break
            else:
                stack.pop()
                if path:
                    path.pop()
        return None


def solve(game: Solitaire, max_nodes: int = 200_000, max_seconds: float = 10.0) -> Result:
    """Decide ``game`` from its current position within the budgets."""
    started = time.perf_counter()
    start = (
        tuple(tuple(_int(c) for c in col) for col in game.columns),
        game.hidden,
        tuple(_int(c) for c in game.stock),
        tuple(_int(c) for c in game.waste),
        tuple(len(f) for f in game.foundations),
    )
    if game.won:
        return Result(WON, [], 0, 0.0)
    # First a narrower search (no moves that only swap a run's parent for another) with half
    # the budget: most wins are found there fast. Then the complete search, which alone may
    # prove that there is no win.
    quick = _Search(game, max_nodes // 2, max_seconds / 2, prune_swaps=True)
    line = quick.run(start)
    nodes = quick.nodes
    if line is None:
        spent = time.perf_counter() - started
        search = _Search(game, max_nodes - nodes, max(0.0, max_seconds - spent))
        line = search.run(start)
        nodes += search.nodes
    elapsed = time.perf_counter() - started
    if line is not None:
        return Result(WON, line, nodes, elapsed)
    verdict = LOST if search.exhausted else UNKNOWN
    return Result(verdict, None, nodes, elapsed)
