"""Test helpers for whole solitaire games: the moves worth trying in a position, a winning
line (from the solver), a quickly won Easy Harp deal, a brute-force search that prunes
nothing, to check the solver's proofs, and random games played from random deals
(``played``: hindsight's tests and bench/hindsight.py)."""

from __future__ import annotations

import json
import random
import sqlite3

from server.games.solitaire import EASY_HARP, IllegalMove, Solitaire
from server.games.solitaire.deals import layout
from server.games.solitaire.game import fits_on
from server.games.solitaire.solver import solve


def todays_line(db: str, game: str, draw: int, day: str) -> list[dict]:
    """The winning line stored with a day's deal, read from a server's SQLite file as its
    operator could (a player is told nothing of today's deal: not its number, not its line)."""
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT body FROM daily WHERE key = ?", (f"{game}-{draw}:{day}",))
        (body,) = row.fetchone()
    return json.loads(body)["line"]


UNDO = {"type": "undo"}


def _key(game: Solitaire) -> tuple:
    return (game.columns, game.hidden, game.stock, game.waste, game.foundations)


def candidates(game: Solitaire):
    """Actions worth trying: to the foundations, the stock, runs and cards between columns,
    the waste to a column (many are refused; random play picks among the legal ones)."""
    v = game.variant
    sources = ["waste"] + [f"c{i}" for i in range(v.columns)]
    for source in sources:
        yield {"type": "move", "from": source, "to": "f"}
    if v.face_down:
        yield {"type": "stock"}
    for i, column in enumerate(game.columns):  # runs and cards between columns
        up = len(column) - game.hidden[i]
        for count in range(up, 0, -1):
            for j in range(v.columns):
                if j != i:
                    yield {"type": "move", "from": f"c{i}", "to": f"c{j}", "count": count}
    for j in range(v.columns):
        yield {"type": "move", "from": "waste", "to": f"c{j}"}
    if not v.face_down:
        yield {"type": "stock"}


def win(game: Solitaire) -> list[dict] | None:
    """A list of actions that wins ``game`` (the product's solver, with a node budget so the
    answer is the same on every machine), or None."""
    return solve(game, max_nodes=2_000_000, max_seconds=60.0).line


def ladder_deal() -> Solitaire:
    """An Easy Harp game dealt by algorithm 1 from a deck order that is quick to win: the
    stock comes in foundation order, the columns hold the rest, each column's top the lowest."""
    ladder = [r + s for s in "SHDC" for r in "A23456789TJQK" for _ in (0, 1)]
    stock, rest = ladder[:59], ladder[59:]
    columns, at = [], 0
    for size in range(1, 10):
        columns += reversed(rest[at : at + size])
        at += size
    return Solitaire.new(EASY_HARP, 1, layout(EASY_HARP, columns + stock))


def every_action(game: Solitaire, take_backs: bool = True):
    """Every action the engine could be asked for (most are refused); without ``take_backs``,
    none that takes a card back from a foundation."""
    v = game.variant
    piles = ["waste", *(f"c{i}" for i in range(v.columns)), *(f"f{i}" for i in range(len(v.slots)))]
    yield {"type": "stock"}
    for source in piles if take_backs else piles[: 1 + v.columns]:
        most = len(game.columns[int(source[1:])]) if source.startswith("c") else 1
        for target in piles[1:]:
            for count in range(1, most + 1):
                yield {"type": "move", "from": source, "to": target, "count": count}


def is_swap(game: Solitaire, action: dict) -> bool:
    """``action`` moves a run between columns off a card its bottom card fits on (so onto
    the other card of that colour and rank)."""
    if action.get("type") != "move" or not action["from"].startswith("c"):
        return False
    if not action["to"].startswith("c"):
        return False
    column = game.columns[int(action["from"][1:])]
    count = action.get("count", 1)
    return count < len(column) and fits_on(column[-count], column[-count - 1])


def winnable_by_brute_force(
    game: Solitaire, budget: int = 300_000, take_backs: bool = True, swaps: bool = True
) -> bool | None:
    """Exhaustive search over every legal action, no pruning at all: an independent check of
    the solver's proofs on small spaces. None when the budget runs out. Without
    ``take_backs`` it never takes a card back from a foundation (to show that a position is
    won only by taking one back); without ``swaps``, never a swap (``is_swap``)."""
    seen = {_key(game)}
    todo = [game]
    while todo:
        position = todo.pop()
        if position.won:
            return True
        for action in every_action(position, take_backs):
            if not swaps and is_swap(position, action):
                continue
            try:
                after = position.apply(action)
            except IllegalMove:
                continue
            key = _key(after)
            if key not in seen:
                if len(seen) >= budget:
                    return None
                seen.add(key)
                todo.append(after)
    return False


def take_backs(game: Solitaire):
    """A card taken back from each foundation slot to each column (most are refused)."""
    for slot, pile in enumerate(game.foundations):
        if pile:
            for j in range(game.variant.columns):
                yield {"type": "move", "from": f"f{slot}", "to": f"c{j}", "count": 1}


def random_move(game: Solitaire, rng: random.Random, greedy: float) -> dict:
    """A legal action: with chance ``greedy`` a card to a foundation if one can go, else any
    legal action (the first accepted of the candidates, shuffled; take-backs among them
    one time in ten)."""
    moves = list(candidates(game))
    if rng.random() < 0.1:
        moves += take_backs(game)
    rng.shuffle(moves)
    if rng.random() < greedy:
        moves.sort(key=lambda a: a.get("to") != "f")  # stable: still shuffled within
    for action in moves:
        try:
            game.apply(action)
        except IllegalMove:
            continue
        return action
    raise AssertionError("no legal move")  # the stock always is, until the game is won


def played(variant, seed: int, length: int, undo: float = 0.05, greedy: float = 0.5):
    """A game from a random deal: ``length`` actions at most, each an undo (with chance
    ``undo``) or a random legal action (``random_move``). Deterministic."""
    rng = random.Random(seed)
    game = start = Solitaire.new(variant, rng.randrange(1, 10**6))
    actions: list[dict] = []
    for _ in range(length):
        if game.won:
            break
        action = UNDO if game.history and rng.random() < undo else random_move(game, rng, greedy)
        game = game.apply(action)
        actions.append(action)
    return start, actions, game
