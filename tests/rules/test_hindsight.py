"""Where a solitaire was lost, in hindsight (issue 36): every claim is checked. A "lost at
move N" replays its line from the position before move N to a win in the engine, and the
position after move N is proved lost by a solve of its own; "never winnable" and "still
winnable" likewise; "unknown" never comes with a line, and its range holds the move."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from solitaire_play import UNDO, played, random_move, winnable_by_brute_force
from test_solitaire_soundness import position

from server.games.cards import RANKS
from server.games.solitaire import (
    EASY_HARP,
    REFLECHI_DRAW1,
    REFLECHI_DRAW3,
    Solitaire,
)
from server.games.solitaire.deals import deck_order
from server.games.solitaire.hindsight import (
    GAME_WON,
    LOST_AT,
    NEVER_WINNABLE,
    STILL_WINNABLE,
    _next_probe,
    _shortcut,
    analyse,
    analyse_replay,
    layout,
    net_line,
)
from server.games.solitaire.solver import LOST, UNKNOWN, WON, solve

# Budgets of the tests: small, so that the file stays fast (the product's are larger).
SOLVE_NODES, MAX_NODES = 300_000, 1_500_000
SEEDS = 60
BRUTE = 5_000  # positions the brute force may see: the whole space of most small endgames


def after(start: Solitaire, actions) -> Solitaire:
    for action in actions:
        start = start.apply(action)
    return start


def check(start: Solitaire, actions, found: dict, solve_nodes: int = SOLVE_NODES) -> None:
    """Every claim of ``found`` holds, checked apart from the analysis."""
    assert found["hindsight"] is True and "hindsight" in found["note"].lower()
    assert json.loads(json.dumps(found)) == found
    budget = found["budget"]
    assert budget["nodes"] <= max(budget["max_nodes"], budget["solve_nodes"])
    assert not budget["safety_cap_hit"]
    assert all(p["nodes"] <= budget["solve_nodes"] for p in found["probes"])
    assert budget["solves"] == len(found["probes"])
    verdict, line, i = found["verdict"], found["line"], found["move_index"]
    if verdict == LOST_AT:
        before = after(start, actions[:i])
        assert found["move"] == actions[i] and actions[i] != UNDO
        assert after(before, line).won  # the line wins from the position before move N
        lost = before.apply(actions[i])
        assert solve(lost, max_nodes=solve_nodes, max_seconds=60).verdict == LOST
        assert layout(before.apply(line[0])) != layout(lost)  # not the move that was played
        # No later position comes back to one the line could win from (none is winnable):
        # the last one, at least, has no win within the budget.
        assert solve(after(start, actions), max_nodes=solve_nodes).verdict != WON
    elif verdict == NEVER_WINNABLE:
        assert line is None and i is None
        assert solve(start, max_nodes=solve_nodes, max_seconds=60).verdict == LOST
    elif verdict == STILL_WINNABLE:
        assert after(after(start, actions), line).won
    elif verdict == GAME_WON:
        assert after(start, actions).won
        if found["line"] is not None:
            assert after(start, line).won and found["solver_moves"] == len(line)
    else:
        assert verdict == UNKNOWN and line is None and i is None
        if found["stopped"] == "budget":
            assert budget["nodes"] + budget["solve_nodes"] > budget["max_nodes"]
        else:
            assert any(p["verdict"] == UNKNOWN for p in found["probes"])
        if found["undecided"] is not None:
            assert 0 <= found["undecided"]["first"] <= found["undecided"]["last"] < len(actions)


def test_random_lost_games_of_reflechi_each_claim_checked():
    """Deterministic random games of Réfléchi, draw 1 and draw 3: every "lost at" checked,
    and enough of them to mean something."""
    verdicts = []
    for variant in (REFLECHI_DRAW1, REFLECHI_DRAW3):
        for seed in range(12):
            start, actions, end = played(variant, seed, 120)
            assert not end.won
            found = analyse(start, actions, solve_nodes=SOLVE_NODES, max_nodes=MAX_NODES)
            check(start, actions, found)
            verdicts.append(found["verdict"])
    assert verdicts.count(LOST_AT) >= 6, verdicts  # 7 (14 still winnable, 2 never, 1 unknown)


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from([REFLECHI_DRAW1, REFLECHI_DRAW3]),
    st.integers(0, 10**6),
    st.integers(5, 150),
    st.sampled_from([0.0, 0.05, 0.3]),
    st.sampled_from([0.0, 0.5, 0.9]),
)
def test_any_played_game_is_analysed_with_claims_that_hold(variant, seed, length, undo, greedy):
    start, actions, _ = played(variant, seed, length, undo, greedy)
    check(start, actions, analyse(start, actions, solve_nodes=SOLVE_NODES, max_nodes=MAX_NODES))


def test_easy_harp_says_what_it_cannot_decide():
    """Easy Harp's losses are rarely provable (solver.py): its answers are a win from the
    end, or "unknown" with the budget it spent, never a guess."""
    for seed in range(2):
        start, actions, _ = played(EASY_HARP, seed, 60)
        found = analyse(start, actions, solve_nodes=100_000, max_nodes=400_000)
        assert found["verdict"] in (STILL_WINNABLE, UNKNOWN, LOST_AT)
        check(start, actions, found, solve_nodes=100_000)


def test_a_deal_that_could_not_be_won_says_so():
    start = Solitaire.new(REFLECHI_DRAW3, 61)  # a blocked start: proved lost at once
    actions = [{"type": "stock"}] * 5
    found = analyse(start, actions)
    assert found["verdict"] == NEVER_WINNABLE and found["budget"]["solves"] == 1
    check(start, actions, found)
    start = Solitaire.new(REFLECHI_DRAW3, 831_878)  # lost after a search of 152 133 positions
    found = analyse(start, [{"type": "stock"}])
    assert found["verdict"] == NEVER_WINNABLE and found["probes"][0]["nodes"] > 100_000
    check(start, [{"type": "stock"}], found, solve_nodes=2_000_000)


def a_lost_at_game(seed_from: int = 0):
    for seed in range(seed_from, seed_from + 50):
        start, actions, _ = played(REFLECHI_DRAW3, seed, 120)
        found = analyse(start, actions, solve_nodes=SOLVE_NODES, max_nodes=MAX_NODES)
        if found["verdict"] == LOST_AT and found["move_index"] > 4:
            return start, actions, found
    raise AssertionError("no lost game found")


def test_a_tiny_budget_says_unknown_and_its_range_holds_the_move():
    start, actions, found = a_lost_at_game()
    i = found["move_index"]
    tiny = analyse(start, actions, solve_nodes=20, max_nodes=200)
    assert tiny["verdict"] == UNKNOWN and tiny["line"] is None and tiny["move_index"] is None
    assert tiny["budget"]["nodes"] <= 200
    check(start, actions, tiny)
    # Enough for the first probes but not for the whole bisection: the same probes, and
    # the range they leave holds the move.
    for solves in range(2, len(found["probes"])):
        spent = sum(p["nodes"] for p in found["probes"][:solves])
        part = analyse(start, actions, SOLVE_NODES, max_nodes=spent + SOLVE_NODES - 1)
        assert part["probes"] == found["probes"][:solves]
        assert part["verdict"] == UNKNOWN and part["undecided"]["deal_winnable"] is True
        assert part["undecided"]["first"] <= i <= part["undecided"]["last"]
        check(start, actions, part)


def test_nothing_decided_at_all():
    start = Solitaire.new(REFLECHI_DRAW3, 6)
    found = analyse(start, [], solve_nodes=20, max_nodes=20)
    assert found["verdict"] == UNKNOWN and found["undecided"] is None
    assert found["budget"]["solves"] == 1


def test_a_losing_move_undone_is_not_the_one_reported():
    """The player makes the losing move, takes it back, plays it again later: the deal was
    winnable again in between, so the move reported is the one never undone."""
    start, actions, found = a_lost_at_game()
    i = found["move_index"]
    replayed = [*actions[:i], actions[i], UNDO, {"type": "stock"}, UNDO, *actions[i:]]
    assert solve(after(start, replayed[: i + 1]), max_nodes=SOLVE_NODES).verdict == LOST
    again = analyse(start, replayed, solve_nodes=SOLVE_NODES, max_nodes=MAX_NODES)
    assert again["verdict"] == LOST_AT and again["move_index"] == i + 4
    assert again["line"] == found["line"]
    check(start, replayed, again)


def test_undoing_back_past_the_loss_leaves_a_game_still_winnable():
    start, actions, found = a_lost_at_game()
    i = found["move_index"]
    undone = [*actions[: i + 1], *[UNDO] * 1]
    back = analyse(start, undone, solve_nodes=SOLVE_NODES, max_nodes=MAX_NODES)
    assert back["verdict"] == STILL_WINNABLE
    check(start, undone, back)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.1, 0.4, 0.7]))
def test_the_net_line_is_the_engine_s_undo(seed, undo):
    """The path kept (undo pops, anything else pushes) ends at the game's position and each
    node's index is the last time the walk stood there."""
    start, actions, end = played(REFLECHI_DRAW1, seed, 80, undo=undo, greedy=0.3)
    path, last = net_line(start, actions)
    assert layout(last) == layout(end) == layout(path[-1].game)
    for j, node in enumerate(path):
        assert layout(after(start, actions[: node.index])) == layout(node.game)
        if j + 1 < len(path):  # the last departure from node j goes down to node j + 1
            assert layout(node.game.apply(actions[node.index])) == layout(path[j + 1].game)
            assert actions[node.index] != UNDO


def test_a_won_game_against_the_solver_s_win():
    start = Solitaire.new(REFLECHI_DRAW1, 1)
    line = solve(start, max_nodes=2_000_000, max_seconds=60).line
    shortest = _shortcut(start, line)
    found = analyse(start, shortest)
    assert found["verdict"] == GAME_WON and found["comparison"] == "not_shorter"
    assert found["solver_moves"] == len(shortest) == found["moves"]
    check(start, shortest, found)
    # The same win with a pass through the stock and an undo first: longer.
    rounds = [{"type": "stock"}] * (len(start.stock) + 1)
    detour = [*rounds, {"type": "move", "from": "c4", "to": "f"}, UNDO, *shortest]
    found = analyse(start, detour)
    assert found["comparison"] == "shorter" and found["moves"] == len(detour) - 1
    assert found["solver_moves"] == len(shortest) < found["moves"]
    assert "shorter win exists" in found["summary"] and "shortest" not in found["summary"]
    check(start, detour, found)


def test_a_shortened_line_still_wins_and_loses_its_loops():
    start = Solitaire.new(REFLECHI_DRAW1, 2)
    line = solve(start, max_nodes=2_000_000, max_seconds=60).line
    loop = [{"type": "stock"}] * (len(start.stock) + 1)
    short = _shortcut(start, [*loop, *line])
    assert after(start, short).won and len(short) <= len(line)


def test_the_analysis_is_the_same_every_time():
    start, actions, found = a_lost_at_game(3)
    assert analyse(start, actions, solve_nodes=SOLVE_NODES, max_nodes=MAX_NODES) == found


def test_a_stored_replay_is_analysed_from_its_options():
    start, actions, found = a_lost_at_game()
    replay = {
        "game": "reflechi",
        "options": {"draw": 3, "number": start.number},
        "actions": [[0, a] for a in actions],
    }
    assert analyse_replay(replay, solve_nodes=SOLVE_NODES, max_nodes=MAX_NODES) == found
    order = deck_order(REFLECHI_DRAW1, 5)
    daily = {
        "game": "reflechi",
        "options": {"draw": 1, "day": "2026-12-01", "order": order},
        "actions": [[0, {"type": "stock"}]],
    }
    found = analyse_replay(daily, solve_nodes=SOLVE_NODES, max_nodes=MAX_NODES)
    day = Solitaire.daily(REFLECHI_DRAW1, "2026-12-01", order)
    check(day, [{"type": "stock"}], found)


def test_the_next_probe_splits_the_widest_stretch():
    assert _next_probe(0, 10, set()) == 5
    assert _next_probe(0, 10, {5}) == 2  # the earliest of two equal stretches
    assert _next_probe(0, 10, {2}) == 6
    assert _next_probe(3, 4, set()) is None
    assert _next_probe(-1, 1, {0}) is None


def played_from(start: Solitaire, seed: int, length: int) -> tuple[list[dict], Solitaire]:
    """Random actions from ``start`` (undo one time in ten), as ``played`` plays a deal."""
    rng = random.Random(seed)
    game, actions = start, []
    for _ in range(length):
        if game.won:
            break
        if game.history and rng.random() < 0.1:
            action = UNDO
        else:
            try:
                action = random_move(game, rng, 0.3)
            except AssertionError:  # no card can move and no stock to turn: a dead end
                break
        game = game.apply(action)
        actions.append(action)
    return actions, game


def endgame(rng: random.Random, variant) -> Solitaire:
    """A small random endgame (as test_solitaire_soundness.py's ``endgames``): most cards on
    the foundations, the rest on three or four columns, the stock and the waste."""
    ncols = rng.choice([3, 4])
    heights = [13 - rng.choice([0, 1, 2, 3, 4, 5]) for _ in variant.slots]
    heights[0] = min(heights[0], 13 - max(0, 3 - sum(13 - h for h in heights[1:])))
    cards = [
        RANKS[k] + suit
        for suit, h in zip(variant.slots, heights, strict=True)
        for k in range(h, 13)
    ]
    rng.shuffle(cards)
    columns: list[list[str]] = [[] for _ in range(ncols)]
    talon: list[str] = []
    for card in cards:
        pile = rng.randrange(ncols + 1)
        (talon if pile == ncols else columns[pile]).append(card)
    for column in columns:  # lower cards under higher ones: someone needs a parent
        if rng.random() < 0.5:
            column.sort(key=lambda c: RANKS.index(c[0]))
    waste = rng.randrange(len(talon) + 1)
    return position(variant, [" ".join(c) for c in columns], heights, talon[waste:], talon[:waste])


def test_every_lost_at_claim_holds_against_a_search_that_prunes_nothing():
    """Small endgames of Réfléchi played at random: where the analysis says the game was lost
    at move N, its line wins from the position before it, and the brute force of
    solitaire_play (every legal action, take-backs included, no pruning) finds no win after
    it, nor at the end; a deal called never winnable has no win either. Enough claims seen
    whole by the brute force to mean something."""
    claims = Counter()
    for seed in range(SEEDS):
        rng = random.Random(seed)
        start = endgame(rng, rng.choice([REFLECHI_DRAW1, REFLECHI_DRAW3]))
        actions, end = played_from(start, seed, rng.randrange(3, 30))
        found = analyse(start, actions, solve_nodes=SOLVE_NODES, max_nodes=MAX_NODES)
        verdict, i = found["verdict"], found["move_index"]
        if verdict == LOST_AT:
            before = after(start, actions[:i])
            assert after(before, found["line"]).won  # the proof that it was winnable
            lost = winnable_by_brute_force(before.apply(actions[i]), BRUTE)
            assert lost is not True, (seed, i)
            assert winnable_by_brute_force(end, BRUTE) is not True, seed
            claims["lost_at checked"] += lost is False
        elif verdict == NEVER_WINNABLE:
            lost = winnable_by_brute_force(start, BRUTE)
            assert lost is not True, seed
            claims["never checked"] += lost is False
        elif verdict == STILL_WINNABLE:
            assert after(end, found["line"]).won
        claims[verdict] += 1
    # The brute force saw the whole space (no budget left over) for enough of the claims.
    assert claims["lost_at checked"] + claims["never checked"] >= 8, claims
