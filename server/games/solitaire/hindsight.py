"""After a solitaire: where it was lost, or how long the win was (issue 36). Pure: no I/O.

Everything here is **in hindsight**: the solver sees every card where it lay (the face-down
cards and the order of the stock included), which the player could not see when moving. A
move "that lost the deal" may have been a fair choice on what was visible then; every result
carries ``"hindsight": True`` to say so.

What is decided
---------------

A position is *winnable* when some sequence of forward actions (stock, move, tap, double:
everything but undo, taking cards back from the foundations included) wins from its cards as
they lie. That depends on the layout only (columns, face-down counts, stock, waste,
foundations), never on the score, the move counter or what undo could restore; undo is not a
way to win here, or every position with a history would be winnable.

The actions of a game walk a tree: a forward action goes from a position to a new child, and
undo goes back to the parent (the engine restores ``history[0]``, the position before the
last action not undone, exactly). If a child is winnable, so is its parent (play the action,
then the child's win), so along every path down from the deal winnability is monotone: true,
then false for good. Let ``p_0 .. p_n`` be the positions of the game (``p_k`` after ``k``
actions), and ``n_0 .. n_m`` the path from the deal ``n_0`` to the last position ``n_m``
(the forward actions not undone: the *net line*).

**The move that lost the deal** is action ``i`` (0-based, an index into the actions) such
that ``p_i`` is winnable and no later position ``p_{i+1} .. p_n`` is. It is unique when it
exists, and it is what this module finds, by a binary search over the net line:

* Along the net line winnability is monotone (each node is the parent of the next), so if
  ``n_0`` is winnable and ``n_m`` is not there is one ``j`` with ``n_j`` winnable and
  ``n_{j+1}`` not, and bisection finds it with O(log m) solves: each probe that the solver
  decides halves the interval.
* ``i`` is the last time the walk stands on ``n_j``. After it the walk never comes back to
  ``n_j``, and every path from below ``n_{j+1}`` to anywhere outside it passes through
  ``n_j``; the walk ends at ``n_m``, below ``n_{j+1}``; so action ``i`` goes down to
  ``n_{j+1}`` (checked as the walk is rebuilt) and every later position lies below
  ``n_{j+1}``: none is winnable, since a win from there would give one from ``n_{j+1}``,
  which the solver proved lost. And ``p_i`` (the layout of ``n_j``) is winnable: the line
  shown wins from it.
* So ``i`` is exactly the move above. It is not always the *first* move after which the
  position was lost: a player who lost the deal, then undid back to a winnable position,
  lost nothing by that earlier move in the end; the move reported is the one never undone.

The probes: the deal first (if it is proved lost: "this deal could not be won", and every
later position is lost with it), then the last position (if it has a win: the game was left
while it could still be won, and the win is shown), then bisection. A probe the solver leaves
undecided within its budget tells nothing; the next probe is then the middle of the widest
stretch between probes, so that one stubborn position does not stop the others. When the
budget is spent or no position is left to probe, what is not proved is said: verdict
``unknown``, with the range of actions that may hold the losing move.

Each solve is bounded by positions (``solve_nodes``, the same for every probe, so that a
probe's verdict does not depend on when it came), and the whole analysis by ``max_nodes``: a
probe starts only if its whole budget fits in what is left (the first always starts). So the
answer is the same on any machine however busy (as hints are, issue 35). A time cap in
CPU seconds is kept only as a safety net, far above what the node budgets take; if it ever
ends a solve the result says so (``safety_cap_hit``).

For a won game: the player's move count against the solver's win from the deal. The solver
searches depth first and does not look for the shortest win; its line is shortened here by
cutting out every stretch that comes back to a layout seen before (the rest still wins, since
legality depends on the layout only), but is still not claimed to be the shortest. So the
answer is either "a shorter win exists: N moves" (the line proves it) or "the solver's win is
no shorter" (not: "yours was the shortest").
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from server.games.solitaire.game import Solitaire
from server.games.solitaire.solver import LOST, UNKNOWN, WON, solve
from server.games.solitaire.variants import variant_for

# The budget of one analysis, in positions searched: each solve gets SOLVE_NODES and the whole
# analysis MAX_NODES (six solves of the whole budget; most solves take far less). Chosen with
# bench/hindsight.py (2026-12-03, 100 lost games): 2 M a solve decided 79 of 100, 4 M 87 of
# 100, both with a p95 of 13 s of CPU (the undecided ones spend the whole budget: 24 M
# positions are about 10-20 s). Memory: a solve's table holds every position keyed, not only
# those entered; one Easy Harp analysis of the bench peaked at 1.3 GiB RSS (most: 110-480 MiB).
SOLVE_NODES = 4_000_000
MAX_NODES = 24_000_000
# A safety net only, in CPU seconds of the analysing thread: the node budgets end every solve
# long before (4 M positions take 2-4 s).
SAFETY_SECONDS = 120.0

LOST_AT = "lost_at"
NEVER_WINNABLE = "never_winnable"
STILL_WINNABLE = "still_winnable"
GAME_WON = "won"

HINDSIGHT = (
    "In hindsight: the solver knows every card, face-down cards and the stock order included, "
    "which the player could not see at the time."
)


@dataclass
class _Node:
    """A position of the game's tree: ``index`` is when the walk was last on it."""

    game: Solitaire
    index: int


def layout(game: Solitaire) -> tuple:
    """What legality and winnability depend on: the cards where they lie."""
    return (game.columns, game.hidden, game.stock, game.waste, game.foundations)


def start_of(replay: dict[str, Any]) -> Solitaire:
    """The deal of a stored solitaire replay (as ``replays._views`` rebuilds it)."""
    options = replay["options"]
    variant = variant_for(replay["game"], options["draw"])
    if options.get("order") is not None:  # a day's deal
        return Solitaire.daily(variant, options["day"], options["order"])
    return Solitaire.new(variant, options["number"])


def analyse_replay(replay: dict[str, Any], **budget: Any) -> dict[str, Any]:
    """:func:`analyse` of a stored replay (``actions`` are ``[seat, action]`` pairs)."""
    return analyse(start_of(replay), [action for _, action in replay["actions"]], **budget)


def net_line(start: Solitaire, actions: list[dict[str, Any]]) -> tuple[list[_Node], Solitaire]:
    """The path from the deal to the last position (undo pops it, any other action pushes),
    each node with the index of the last action played from it; and the last position."""
    game = start
    path = [_Node(start, 0)]
    for k, action in enumerate(actions):
        path[-1].index = k
        game = game.apply(action)
        if action.get("type") == "undo":
            path.pop()
            if not path or layout(path[-1].game) != layout(game):
                raise AssertionError("undo did not restore the position before")  # engine bug
        else:
            path.append(_Node(game, k + 1))
    path[-1].index = len(actions)
    return path, game


def _shortcut(game: Solitaire, line: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``line`` without the stretches that come back to a layout seen before on it."""
    seen = {layout(game): 0}
    keys = [layout(game)]
    out: list[dict[str, Any]] = []
    for action in line:
        game = game.apply(action)
        key = layout(game)
        if key in seen:
            back = seen[key]
            for dropped in keys[back + 1 :]:
                del seen[dropped]
            del keys[back + 1 :], out[back:]
        else:
            out.append(action)
            seen[key] = len(out)
            keys.append(key)
    return out


def _wins(game: Solitaire, line: list[dict[str, Any]]) -> bool:
    for action in line:
        game = game.apply(action)
    return game.won


class _Solver:
    """The solves of one analysis, within its budgets; each probe recorded."""

    def __init__(self, solve_nodes: int, max_nodes: int, safety_seconds: float) -> None:
        self.solve_nodes, self.max_nodes = solve_nodes, max_nodes
        self.safety_seconds = safety_seconds
        self.nodes = 0
        self.seconds = 0.0
        self.capped = False
        self.probes: list[dict[str, Any]] = []
        self.lines: dict[int, list[dict[str, Any]]] = {}

    @property
    def spent(self) -> bool:
        """No room for one more solve of ``solve_nodes`` (every solve gets the same budget,
        so a probe's verdict does not depend on when it came), or the safety net reached."""
        too_many = self.probes and self.nodes + self.solve_nodes > self.max_nodes
        return bool(too_many) or self.seconds >= self.safety_seconds

    def __call__(self, game: Solitaire, at: int) -> str:
        """The verdict on ``game`` (the position after ``at`` actions); a line is kept."""
        nodes = self.solve_nodes
        seconds = self.safety_seconds - self.seconds
        result = solve(game, max_nodes=nodes, max_seconds=seconds, cpu_clock=True)
        self.nodes += result.nodes
        self.seconds += result.seconds
        if result.verdict == UNKNOWN and result.nodes < nodes and result.seconds >= seconds:
            self.capped = True
        if result.verdict == WON:
            line = _shortcut(game, result.line)
            if not _wins(game, line):
                raise AssertionError("the solver's line does not win")
            self.lines[at] = line
        self.probes.append({"position": at, "verdict": result.verdict, "nodes": result.nodes})
        return result.verdict

    def budget(self) -> dict[str, Any]:
        return {
            "solve_nodes": self.solve_nodes,
            "max_nodes": self.max_nodes,
            "nodes": self.nodes,
            "solves": len(self.probes),
            "safety_seconds": self.safety_seconds,
            "safety_cap_hit": self.capped,
        }


def analyse(
    start: Solitaire,
    actions: list[dict[str, Any]],
    solve_nodes: int = SOLVE_NODES,
    max_nodes: int = MAX_NODES,
    safety_seconds: float = SAFETY_SECONDS,
) -> dict[str, Any]:
    """Where the game from ``start`` played by ``actions`` was lost, or how its win compares
    (see the module's docstring). A dict that JSON encodes:

    * ``hindsight``: True, and ``note``, the sentence that says what it means;
    * ``verdict``: ``lost_at`` (``move_index`` is the action that lost the deal, ``move`` that
      action, ``line`` a win from the position before it, i.e. after ``move_index`` actions),
      ``never_winnable`` (the deal is proved lost), ``still_winnable`` (the last position has
      a win: ``line``), ``unknown`` (``undecided`` is the range of actions that may hold the
      losing move, ``None`` when nothing was decided at all; ``stopped``: ``budget`` when the
      budget ended the search, ``undecided`` when every position left was probed in vain;
      ``summary`` is an English sentence for logs, not for players) or ``won`` (``moves`` against
      ``solver_moves``, ``comparison`` ``shorter``, ``not_shorter`` or ``unknown``);
    * ``budget``: the node budgets, the positions searched, the solves; ``probes``: each solve
      (``position``: after how many actions, its verdict, its positions searched).
    """
    path, end = net_line(start, actions)
    solver = _Solver(solve_nodes, max_nodes, safety_seconds)
    result: dict[str, Any] = {
        "hindsight": True,
        "note": HINDSIGHT,
        "verdict": UNKNOWN,
        "actions": len(actions),
        "moves": end.moves,
        "move_index": None,
        "move": None,
        "line": None,
        "undecided": None,
    }
    if end.won:
        result.update(_won(start, end, solver))
    else:
        result.update(_lost(path, actions, solver))
    result["budget"] = solver.budget()
    result["probes"] = solver.probes
    return result


def _won(start: Solitaire, end: Solitaire, solver: _Solver) -> dict[str, Any]:
    verdict = solver(start, 0)
    line = solver.lines.get(0)
    if line is None:  # the solver found no win within its budget (it was won: not a proof)
        comparison, summary = UNKNOWN, "The solver found no win within its budget."
    elif len(line) < end.moves:
        comparison, summary = "shorter", f"A shorter win exists: {len(line)} moves."
    else:
        comparison = "not_shorter"
        summary = (
            f"The solver's win takes {len(line)} moves, no fewer than yours; it does not look "
            "for the shortest, so a shorter one may still exist."
        )
    return {
        "verdict": GAME_WON,
        "solver_verdict": verdict,
        "solver_moves": None if line is None else len(line),
        "comparison": comparison,
        "line": line,
        "summary": summary,
    }


def _next_probe(lo: int, hi: int, unknown: set[int]) -> int | None:
    """The middle of the widest stretch between the probes in ``lo .. hi`` (the earliest of
    equals), or None when every position between has been probed."""
    points = [lo, *sorted(u for u in unknown if lo < u < hi), hi]
    best = None
    for a, b in pairwise(points):
        if b - a > 1 and (best is None or b - a > best[1] - best[0]):
            best = (a, b)
    return None if best is None else (best[0] + best[1]) // 2


def _lost(path: list[_Node], actions: list[dict[str, Any]], solver: _Solver) -> dict[str, Any]:
    m = len(path) - 1
    # lo: the last node proved winnable (-1: none), hi: the first proved lost (m + 1: none).
    lo, hi, unknown = -1, m + 1, set()

    def probe(j: int) -> None:
        nonlocal lo, hi
        verdict = solver(path[j].game, path[j].index)
        if verdict == WON:
            lo = max(lo, j)
        elif verdict == LOST:
            hi = min(hi, j)
        else:
            unknown.add(j)

    probe(0)
    if hi > 0 and m > 0 and not solver.spent:
        probe(m)
    while hi - lo > 1 and lo < m and hi > 0 and not solver.spent:
        j = _next_probe(lo, hi, unknown)
        if j is None:
            break
        probe(j)

    if hi == 0:
        return {
            "verdict": NEVER_WINNABLE,
            "summary": "This deal could not be won, whatever the moves.",
        }
    if lo == m:
        return {
            "verdict": STILL_WINNABLE,
            "line": solver.lines[path[m].index],
            "summary": "The game was left while it could still be won: a win from there.",
        }
    if lo >= 0 and hi == lo + 1:
        i = path[lo].index
        return {
            "verdict": LOST_AT,
            "move_index": i,
            "move": actions[i],
            "line": solver.lines[i],
            "summary": (
                f"After move {i + 1} the deal could no longer be won; before it, this line wins."
            ),
        }
    # Undecided: the losing move, if any, leaves one of the nodes lo .. hi - 1 (the last
    # position may still have a win if hi == m + 1, the deal may be lost if lo == -1).
    first, last = max(lo, 0), min(hi, m) - 1
    undecided = None
    if first <= last:
        undecided = {
            "first": path[first].index,
            "last": path[last].index,
            "candidates": last - first + 1,
            "deal_winnable": True if lo >= 0 else None,
            "end_lost": True if hi <= m else None,
        }
    return {
        "verdict": UNKNOWN,
        "undecided": undecided,
        # Why the search stopped: its budget was spent, or every position left was probed.
        "stopped": "budget" if solver.spent else "undecided",
        "summary": "The solver could not decide where the game was lost within its budget.",
    }
