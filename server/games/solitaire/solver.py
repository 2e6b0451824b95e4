"""A solitaire solver: winnable (with a winning line), not winnable (proved), or unknown.

It searches with full information (the server knows the deal), depth first, over a compact
copy of the position (cards as small integers), in C (``_search.c``). "Not winnable" is
claimed only when the complete pass (below) has seen every position it must see within the
budget; a win is a list of engine actions, and replaying it with :meth:`Solitaire.apply`
wins. What the complete pass leaves out, and why no win is lost by it (the rules as they are:
a card may be taken back from a foundation to a column in both games, Easy Harp has two
slots per suit, Réfléchi draws 1 or 3, passes through the stock are unlimited):

* Positions seen before (a transposition table). A depth-first search that skips a position
  already seen still reaches every position reachable from the start, so it finds a win if
  there is one. A position is marked seen when it is first generated (all children of a
  position are keyed at once, so that the table's cache misses overlap), not when it is
  entered: a marked position waits in its parent's list of moves and is entered before the
  search can end with every list done, so an exhausted search has still entered every position
  it marked. Positions that share a key are one game up to renaming (equally winnable), though
  not always with the same moves tried (which safe card goes up first can depend on the column
  order or, in draw 1, on the waste count): the moves tried from the one entered keep a win if
  it has one, which is all a proof needs. Positions are keyed by 128-bit hashes of a canonical
  form: the columns as a set (columns are interchangeable: a line for one arrangement is a line
  for the other with the columns renamed), in Easy Harp each suit's two slots as a pair (the
  same, for slots), the foundations packed exactly, the talon's waste count folded as in the
  next point, and the talon by the places (in the talon the search started with) of the cards
  taken out of it: the talon only ever loses cards and keeps the order of the rest, so these
  places tell it (in Easy Harp two places may hold equal cards: then two keys may name one
  talon, which only costs a transposition). Each half of the key comes from its own random
  numbers (Zobrist hashes of each column, a number per place and card, and of the talon, kept
  up to date by each move, and the columns' hashes mixed and summed). Two different positions
  share a key with a chance of about n^2 / 2^129 for n positions: below 10^-23 for a ten-second
  solve. That is the one thing a proof takes on trust.
* A move that undoes the move that led to a position (a run moved back where it came from, a
  card taken back onto the column it went up from, a take-back sent up again; none of them
  turning a card up) is not even keyed: it leads to the position before, which is marked
  (every position on the search's path is), so it would be dropped as seen. This changes no
  position the search sees, only its cost: in a complete pass about a fifth of the children
  keyed were such moves. A build with -DCHECK_KEYS plays each dropped move and checks it
  leads to the key of the position before (tests/rules/test_solver_keys.py).
* Presses of the stock are folded into the moves: "press k times, then play the waste top"
  is one move, for every k up to a full round, so no position that presses reach is left
  out. The waste counts of one round (0, the draw's multiples, all of the talon) are one
  state: presses lead from each to each (passes are unlimited) and change nothing else.
  Other counts (left by playing from the waste mid-round) stay apart: pressing leads from
  them into the round but not back.
* A king (or a run it leads) goes to the first empty column only, and not from a column it
  alone fills: empty columns are interchangeable, and moving a whole column to an empty one
  changes nothing but the names of the columns.
* One dominance rule: a card X of rank r (ace 1) on top of a column, or on top of the waste
  in draw 1, goes up at once, as the only move tried, when every opposite-colour slot holds
  at least r - 1 cards, every slot of the other suit of X's colour at least r - 2 and (Easy
  Harp) the other slot of X's suit at least r - 1. Let K be X and every card, in all its
  copies, of the opposite colour up to r - 1, of X's colour up to r - 2 and of X's suit up
  to r - 1: all of K but X is on the foundations, and K is closed under "may lie on" (a card
  that fits on a card of K is in K). So from now on cards of K lie in the tableau only at
  the tops of columns, above every other card, and no other card ever lies on one. Take any
  winning line from the position and play it from the position with X up, leaving out every
  move of a card of K (a run keeps its cards outside K): each move left in is legal, because
  its card and its target are where they were except for K cards on top, which are not in
  the way (no other card lies on them, none is a target), and a foundation takes a card
  outside K only once its suit's K cards are all up, which they are in the copy too. The
  talon is the same in both, except X in draw 1, where every card of the talon is reached
  in turn with or without X. So the shorter line wins too: no win is lost, and the rule
  only shortens lines, so the search still ends. The classic rule (r - 1 on the
  opposite-colour slots only) is not safe with take-backs: a card taken back from a
  foundation may be the parent a card needs, and that parent needs X (issue 12's position,
  in the tests). Nor is any rule on the waste top in draw 3: taking a card out of the talon
  regroups the cards after it by threes, and a card that came to the top in the old grouping
  may then be out of reach (also in the tests).
* Swaps, in Réfléchi (one deck, runs of any card). A swap moves a run R off the card p its
  bottom card c lies on and fits, onto p', the other card of p's colour and rank (the only
  other card c fits): it changes only which of the twins p, p' is free. A swap is tried only
  when p can then go up (it is among the moves that free a card for a foundation). Take a
  shortest winning line, and in it the last swap S not followed at once by p going up, and
  move S later, step by step, never making the line longer (nor shorter: it is shortest).
  The next move M after S:
  - touches neither p, p' nor c: it is legal before S and S after it (a card put on R's
    top, or part of R moved away, is the same with R still on p; S then moves R as it is);
  - moves c: c can only go up or back onto p (it fits nothing else), which is c going up
    from p, or S undone: the line would be shorter;
  - moves a run with p on top (from a card q at or below p) onto T: move it with R on it,
    then S (p' is still free: q is at least p's rank, so T, one rank above q, is not p');
    likewise a run through p' (under R) moves first without R, and S after it;
  - puts a run X on p, whose bottom is c's twin c~ (the one other card that fits p), from a
    column, the waste or a foundation: put X on p' instead and leave R on p, and play the
    rest of the line with the stacks on p and p' exchanged. c and c~ lie on and take the
    same cards, and so do p and p', so every move stays legal, until the bottom of one stack
    goes up (it can go nowhere else); there a swap of the other stack onto the parent just
    freed makes the positions equal. One swap is gone and one comes later;
  - sends p up: S is followed by it, as the rule wants.
  Each step moves the swap later (the line keeps its length), so this ends; swaps after S
  that are followed by their parent going up stay so (S passes each with its parent's move
  together, and the exchange maps such a pair to the same pair; a parent going up follows
  the one swap that freed it, so no move is owed to two swaps). Done from the last swap to
  the first, a shortest winning line has every swap followed by its parent going up, and the
  search tries its first move (or the dominance rule's, above): from every winnable position
  it enters, some move it tries leads to one with a shorter shortest line, so it reaches a
  win. Easy Harp has no such rule: a card fits four cards there, and one card moves at a
  time (R could not carry what was put on it). When a solve avoids a first move, every swap
  is tried at its root (the rewriting can change which move comes first). On Réfléchi draw 3
  deal 102 is proved lost after 2.1 M positions instead of 12.6 M, deal 732 after 0.83 M
  instead of 14.6 M (2026-12-02); the tests check every proof of the solver on small knotted
  positions against the brute force, and every verdict against a complete pass with every swap.
* A blocked start (Réfléchi: one deck, runs of any card) is lost: nothing is tried from it.
  A position is blocked when it has a non-empty set H of cards in the columns, each
  of which (1) is not a king, (2) lies on a card it does not fit on (so it can only ever
  leave its column as the bottom card of what moves: the cards under it stay), (3) has both
  its parents (the two cards of the other colour one rank higher) under cards of H (in the
  column of a card of H, below it) and (4) has a lower card of its own suit under a card of
  H. No card of H ever leaves its column, take-backs or not: take the first one to leave, X.
  Until then every card of H is where it was, so what lies under them is still there. X
  cannot go to a foundation (a lower card of its suit is not up), nor onto a parent (neither
  is the top of a column), nor to an empty column (it is not a king). So H never reaches
  the foundations: no line wins. The test keeps the largest such set: start from every card
  meeting (1) and (2), drop any that fails (3) or (4) given the others, until none drops (a
  set that holds stays inside every candidate set, so it is never dropped). Only the start
  of a search is tested: no move makes a blocked position out of one that is not. A move
  puts cards only where they fit (a king only on an empty column, at the bottom), so it never
  makes a card that lies on one it does not fit on, and it never changes what lies under
  such a card; a take-back brings a card to the top of a column, where nothing is under it.
  So each later position's candidates and what they cover are among the start's, and its
  largest set lies inside the start's. It decides at once deals that were out of reach
  (61 127 147 608 754 of Réfléchi draw 3); the property tests check every blocked position
  they make against the brute force, and that no move makes one.

The search runs in passes (``REFLECHI_PASSES``, ``EASY_HARP_PASSES``): narrow ones first, which
leave out further moves and so can find wins but prove nothing, then the complete pass. Narrow
passes differ only in their move order, so one that sees its whole space without a win ends
them: the others would see the same space. Move ordering (foundation moves first, then moves
that turn a card up, empty a column or free a card for a foundation, other tableau moves, the
talon to the columns, swaps of a run's parent, and last taking a card back from a foundation)
changes only how soon a win is found, not what the complete pass sees.

Not a rule here, tried and measured (2026-12-01): "a card taken back from a foundation is used
at once" (the next move puts a card on it, or is another take-back). It holds by commuting
moves: a take-back can wait until just before the first move that depends on it. But that
prunes only moves, not positions: every position a line reaches is reached by the reordered
line too, with the take-backs not used yet at its end. So positions just after a take-back
are still entered (keyed apart, or not keyed and entered from each parent), and on Réfléchi
draw 3 the complete pass entered more positions and spent more instructions than without
the rule (deal 14: 493 579 positions, 571 000 to 706 000 with the variants; on the same
deal, no take-backs at all, which is not sound, would be 301 424).

Tried and refuted (2026-12-02): "a take-back only together with a use, as one move" (a card
put on the card taken back, or the card under it in its suit taken back, with its own use in
turn; the position between never entered). It cut deal 102 to 1.4 M positions, but it is not
sound: in KING_TAKEN_BACK (tests) QH goes back onto KS and QS onto KH, and then JH onto QS
uses both (it needs QH off the hearts and QS in a column), so one of the two is not followed
by its use; the solver answered "not winnable". What commuting gives is weaker: in a block of
take-backs, each is used by a later one or by the move after the block.
"""

from __future__ import annotations

import itertools
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
# budget). A narrow pass leaves out moves that only swap a run's parent for another (in
# Réfléchi the complete pass leaves out those that free nothing, above), foundation
# take-backs (Réfléchi) and, in draw 1, talon cards played to a column where nothing wants
# them (a card is wanted as a parent of a column's card whose move turns a card up, empties a
# column or frees a card for a foundation, or of a wanted card still in the talon). It finds
# most wins fast but can never prove a loss: only the complete last pass can. In Easy Harp,
# which moves one card at a time, taking a built column apart over face-down cards is not a
# swap, and take-backs stay (a card back from a foundation is often the parent a card needs).
# Easy Harp's wins hide behind a few unlucky first choices: many short restarts with shuffled
# move orders find them (on the Easy Harp deals that 1 s did not decide, 10 restarts of a tenth
# of the budget each decided 21 of 43, 40 of a fortieth 30, 80 after a plain pass of a fifth
# 33). Its losses are too rare and too deep to prove, so the complete pass gets a twentieth.
# Réfléchi draw 3 loses about one deal in eight, and its complete pass, which leaves out the
# swaps that free nothing, is little more than a narrow pass with take-backs: it gets 70 % of
# the budget (2026-12-02, deals 1..1000, 10 s: 93.8 % decided within 1 s and 97.2 % within
# 5 s, against 93.6 % and 97.0 % with half; the same 24 deals undecided).
REFLECHI_PASSES = ((True, 0, 0.3), (False, 0, 1.0))


def restart_passes(first: float, restarts: int, complete: float) -> tuple:
    """A plain narrow pass with ``first`` of the budget, ``restarts`` shuffled narrow passes of
    equal shares, then the complete pass with ``complete`` (as shares of what is left)."""
    each = (1 - first - complete) / restarts
    return (
        (True, 0, first),
        *((True, seed, each / (1 - first - (seed - 1) * each)) for seed in range(1, restarts + 1)),
        (False, 0, 1.0),
    )


EASY_HARP_PASSES = restart_passes(0.2, 100, 0.05)

# Restarts (Réfléchi): the narrow share of the budget is spent in a first narrow pass in the
# plain move order (FIRST_SHARE of it), then in narrow passes whose node budgets follow the
# Luby sequence (1 1 2 1 1 2 4 1 1 2 ...) times RESTART_NODES, each with its own shuffle of
# the move order. A win hidden behind an unlucky
# early choice costs a short pass, not the whole share; the long passes still come, for wins
# that lie deep. A narrow pass that sees its whole (narrow) space ends the restarts: the
# others would see the same space.
RESTART_NODES = 25_000
FIRST_SHARE = 0.6  # of the narrow share: the first narrow pass, in the plain order
RESTARTS = {"reflechi": True, "easy_harp": False}


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if (1 << k) - 1 == i:
        return 1 << (k - 1)
    return luby(i - (1 << (k - 1)) + 1)


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


def search_position(game: Solitaire) -> tuple:
    """The position as the C search takes it (its first nine arguments)."""
    v = game.variant
    talon = bytes(card_number(c) for c in (*game.waste, *reversed(game.stock)))
    return (
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
    try:
        return _solve(game, max_nodes, max_seconds, avoid, cpu_clock)
    finally:
        _search.release()  # the table memory the passes shared


def budget_clock(cpu_clock: bool = False) -> float:
    """Seconds on the clock of the time budget: wall time, or (``cpu_clock``) the CPU time
    of the solving thread, read by the C search (the one the search loop reads itself)."""
    return _search.clock(cpu_clock)


def _solve(
    game: Solitaire,
    max_nodes: int,
    max_seconds: float,
    avoid: dict[str, Any] | None,
    cpu_clock: bool,
) -> Result:
    if game.won:
        return Result(WON, [], 0, 0.0)

    def clock() -> float:
        return budget_clock(cpu_clock)

    started = clock()
    v = game.variant
    position = search_position(game)
    first = None
    if avoid is not None:
        first = (pile_number(avoid["from"]), pile_number(avoid["to"]), avoid.get("count", 1))
    nodes, line = 0, None

    def run(narrow: bool, seed: int, node_budget: int, seconds: float):
        nonlocal nodes
        won, exhausted, searched, steps = _search.search(
            *position, max(0, node_budget), max(0.0, seconds), narrow, first, seed, cpu_clock
        )
        nodes += searched
        return won, exhausted, steps

    if RESTARTS.get(v.game):
        share = REFLECHI_PASSES[0][2]
        narrow_nodes, narrow_until = max_nodes * share, max_seconds * share
        for i in itertools.count(0):
            spent = clock() - started
            if i == 0:  # the plain order first, for a long while: most wins are there
                budget, seconds = int(narrow_nodes * FIRST_SHARE), narrow_until * FIRST_SHARE
            else:
                budget = min(RESTART_NODES * luby(i), int(narrow_nodes - nodes))
                seconds = narrow_until - spent
            if budget <= 0 or spent >= narrow_until:
                break
            before = nodes
            won, exhausted, steps = run(True, i, budget, seconds)
            if won:
                line = [_action(step) for step in steps]
                break
            if exhausted and budget > 0:
                break
            if nodes == before:
                # Not one position entered: out of time or of table memory. Either way the
                # next restart would fare no better, and without a time budget (hints) only
                # this ends the restarts: each one enters a position or ends them.
                break
        passes = REFLECHI_PASSES[1:] if line is None else ()
    else:
        passes = EASY_HARP_PASSES if v.runs == KING_RUNS else REFLECHI_PASSES
    exhausted = False
    for narrow, seed, share in passes:
        if narrow and exhausted:
            continue  # a narrow pass saw its whole space: the others would see the same
        # Each pass has its share of what is left of the budget.
        spent = clock() - started
        won, exhausted, steps = run(
            narrow, seed, int((max_nodes - nodes) * share), (max_seconds - spent) * share
        )
        if won:
            line = [_action(step) for step in steps]
            break
    elapsed = clock() - started
    if line is not None:
        return Result(WON, line, nodes, elapsed)
    return Result(LOST if exhausted else UNKNOWN, None, nodes, elapsed)
