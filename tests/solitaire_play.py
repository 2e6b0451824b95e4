"""A test helper that wins solitaire deals: depth-first search over the engine's own moves,
with full knowledge of the deal (it is a test, not a hint), foundation moves first and a
memory of the positions already seen. Not the product's solver (that one has its own issue):
just enough to play whole games through the real rules."""

from __future__ import annotations

from server.games.solitaire import IllegalMove, Solitaire


def _key(game: Solitaire) -> tuple:
    return (game.columns, game.hidden, game.stock, game.waste, game.foundations)


def candidates(game: Solitaire):
    """Foundation moves first; then, where cards lie face down (Easy Harp), the stock before
    the tableau, and where all is face up (Réfléchi), the tableau before the stock."""
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


def _useful(before: Solitaire, after: Solitaire, action: dict) -> bool:
    """Skip moves that only shuffle a whole column into an empty one; where cards lie face
    down, move between columns only to turn one up."""
    if action["type"] == "move" and action["from"].startswith("c") and action["to"] != "f":
        i = int(action["from"][1:])
        if len(before.columns[i]) == action.get("count", 1) and not before.hidden[i]:
            return False
        if before.variant.face_down and after.hidden[i] == before.hidden[i]:
            return False
    return True


def win(game: Solitaire, budget: int = 20_000) -> list[dict] | None:
    """A list of actions that wins ``game``, or None within ``budget`` positions."""
    seen = {_key(game)}
    path: list[dict] = []
    stack = [(game, iter(list(candidates(game))))]
    while stack and len(seen) < budget:
        position, moves = stack[-1]
        if position.won:
            return path
        for action in moves:
            try:
                after = position.apply(action)
            except IllegalMove:
                continue
            key = _key(after)
            if key in seen or not _useful(position, after, action):
                continue
            if action["type"] == "stock" and after.recycles > 2:
                continue
            seen.add(key)
            path.append(action)
            stack.append((after, iter(list(candidates(after)))))
            break
        else:
            stack.pop()
            if path:
                path.pop()
    return None


def every_action(game: Solitaire):
    """Every action the engine could be asked for (most are refused)."""
    v = game.variant
    piles = ["waste", *(f"c{i}" for i in range(v.columns)), *(f"f{i}" for i in range(len(v.slots)))]
    yield {"type": "stock"}
    for source in piles:
        most = len(game.columns[int(source[1:])]) if source.startswith("c") else 1
        for target in piles[1:]:
            for count in range(1, most + 1):
                yield {"type": "move", "from": source, "to": target, "count": count}


def winnable_by_brute_force(game: Solitaire, budget: int = 300_000) -> bool | None:
    """Exhaustive search over every legal action, no pruning at all: an independent check of
    the solver's proofs on small spaces. None when the budget runs out."""
    seen = {_key(game)}
    todo = [game]
    while todo:
        position = todo.pop()
        if position.won:
            return True
        for action in every_action(position):
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
