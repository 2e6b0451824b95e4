"""The tournament tool: mirrored pairs, counts that add up, a readable summary; the reference
opponents obey their descriptions; the round robin's rating fit recovers known strengths."""

import random
import re

import pytest
from gin_positions import position

from server.games.gin_rummy import DISCARD, Action, new_match
from server.games.gin_rummy.bots import LEVELS, make_bot
from server.games.gin_rummy.references import REFERENCES, feeds, player
from tools.tournament import (
    PairResult,
    Side,
    fit_ratings,
    main,
    pairings,
    play_match,
    play_pair,
    round_robin_table,
)


def test_a_mirrored_pair_plays_the_same_seed_with_seats_swapped():
    result = play_pair(("normal", "easy", 12345, 30))
    assert result.a_wins in (0, 1, 2)
    wins = result.sides[0].matches_won + result.sides[1].matches_won
    assert wins == 2  # two matches, one winner each
    # Every hand is won by one side or is dead.
    hands_won = result.sides[0].hands_won + result.sides[1].hands_won
    assert hands_won + result.dead == result.hands


def test_the_same_seed_gives_the_same_match():
    first = play_match(("hard", "simple"), (0, 1), 99, 40)
    again = play_match(("hard", "simple"), (0, 1), 99, 40)
    assert [s.points for s in first[0]] == [s.points for s in again[0]]
    assert first[1:] == again[1:]


def test_the_command_prints_the_figures(capsys):
    main(["easy", "simple", "--pairs", "3", "--seed", "5", "--target", "20"])
    out = capsys.readouterr().out
    assert "easy vs simple: 3 mirrored pairs (6 matches to 20)" in out
    assert "match win share of easy" in out and "95% CI" in out
    assert "points per hand" in out and "decision time mean" in out


# ---- reference opponents ----------------------------------------------------------------


def _play_hands(name, rival, seeds, check):
    """Play one hand per seed with ``name`` in seat 0; ``check(match, action)`` at its moves."""
    for seed in seeds:
        bots = {0: player(name, seed), 1: player(rival, seed + 1)}
        match = new_match(seed)
        while match.result is None:
            seat = match.to_act
            action = bots[seat].act(match.view(seat))
            assert action in match.legal_actions(seat)
            if seat == 0:
                check(match, action)
            match = match.apply(seat, action)


def test_defensive_never_feeds_what_the_opponent_took_and_knocks_only_low():
    seen = {"safe": 0, "knocks": 0}

    def check(match, action):
        if action.type not in ("discard", "knock"):
            return
        took = [e["card"] for e in match.history if e["seat"] == 1 and "draw_discard" in e["type"]]
        took += [e["card"] for e in match.history if e["seat"] == 1 and e["type"] == "take_upcard"]
        allowed = [c for c in match.hands[0] if c != match.taken]
        if any(not any(feeds(c, t) for t in took) for c in allowed):
            assert not any(feeds(action.card, t) for t in took), (action, took)
            seen["safe"] += bool(took)
        if action.type == "knock":
            seen["knocks"] += 1
            assert match.knock_deadwood(0)[action.card] <= 5

    _play_hands("defensive", "normal", range(12), check)
    assert seen["safe"] and seen["knocks"]


def test_feeds_names_the_same_rank_and_the_suit_neighbours():
    assert feeds("7H", "7C") and feeds("6C", "7C") and feeds("8C", "7C")
    assert not feeds("9C", "7C") and not feeds("6H", "7C") and not feeds("7C", "7C")
    assert feeds("2S", "AS") and not feeds("KS", "AS")


def test_defensive_throws_a_safe_card_even_when_it_costs_deadwood():
    # Seat 1 took the QC; seat 0 draws the 4C and holds KC, 9D, 8H, 2D loose: the king
    # leaves the least deadwood but sits next to the queen, so defensive throws the nine.
    match = position(
        "AS 2S 3S 4H 5H 6H 9D 8H 2D KC",
        "2C 3C 4S 5S 6S 7S 8S TH JS QS",
        "QC",
        "4C",
        dealer=0,
        to_act=1,
    )
    match = match.apply(1, Action("draw_discard")).apply(1, Action("discard", "QS"))
    match = match.apply(0, Action("draw_stock"))
    assert player("defensive").act(match.view(0)) == Action("discard", "9D")
    assert player("normal").act(match.view(0)) == Action("discard", "KC")


def test_cautious_waits_for_gin_while_the_stock_is_long_and_knocks_late():
    hand, other = "AS 2S 3S 4H 5H 6H 7C 7D 7S 2D KC", "9D 3D 4D 5C 6C 8C 8H 9H TH QS"
    long = position(hand, other, phase=DISCARD, to_act=0)
    assert long.knock_deadwood(0)["KC"] == 2
    assert player("cautious").act(long.view(0)) == Action("discard", "KC")
    late = position(hand, other, phase=DISCARD, to_act=0, stock_count=10)
    assert player("cautious").act(late.view(0)) == Action("knock", "KC")
    gin = position("AS 2S 3S 4S 4H 5H 6H 7C 7D 7S KC", other, phase=DISCARD, to_act=0)
    assert player("cautious").act(gin.view(0)) == Action("knock", "KC")


def test_the_references_are_not_lobby_levels():
    for name in REFERENCES:
        assert name not in LEVELS
        with pytest.raises(ValueError):
            make_bot(name)
    with pytest.raises(ValueError, match="unknown player"):
        player("grandmaster")


# ---- the round robin and its ratings ----------------------------------------------------


def test_the_rating_fit_recovers_known_strengths():
    truth = {"a": 1500.0, "b": 1700.0, "c": 1400.0, "d": 1550.0}
    names = list(truth)
    wins = {}
    for i, x in enumerate(names):
        for y in names[i + 1 :]:
            p = 1 / (1 + 10 ** ((truth[y] - truth[x]) / 400))
            wins[(x, y)] = (1000 * p, 1000 * (1 - p))
    fitted = fit_ratings(names, wins, "a", prior=0.0)
    for name, rating in truth.items():
        assert abs(fitted[name][0] - rating) < 0.01, name
    assert fitted["a"][1] == 0 and all(0 < fitted[n][1] < 30 for n in "bcd")


def test_the_rating_fit_from_sampled_results_lands_within_its_interval():
    rng = random.Random(5)
    truth = {"a": 1500.0, "b": 1650.0, "c": 1350.0}
    wins = {}
    for x, y in pairings(list(truth)):
        p = 1 / (1 + 10 ** ((truth[y] - truth[x]) / 400))
        won = sum(rng.random() < p for _ in range(800))
        wins[(x, y)] = (won, 800 - won)
    fitted = fit_ratings(list(truth), wins, "a")
    for name in "bc":
        rating, half = fitted[name]
        assert abs(rating - truth[name]) < half, name


def test_a_perfect_record_gives_a_finite_rating():
    fitted = fit_ratings(["a", "b"], {("a", "b"): (20, 0)}, "b")
    assert 1700 < fitted["a"][0] < 2500


def test_the_round_robin_prints_one_table_with_ratings(capsys):
    names = ["normal", "easy", "defensive", "cautious"]
    main(["--round-robin", *names, "--pairs", "2", "--seed", "3", "--target", "20"])
    out = capsys.readouterr().out
    assert "round robin: 4 players, 6 pairings x 2 mirrored pairs (matches to 20)" in out
    for a, b in pairings(names):
        assert f"{a} vs {b}" in out
    assert "Elo-like ratings" in out
    assert out.count("decision time mean") == 4
    # The anchor (simple) is not playing, so the first player is fixed at 1500.
    assert re.search(r"^normal +1500  \(1500 \.\. 1500\)", out, re.MULTILINE)


def test_the_round_robin_table_shows_each_rows_share_against_each_column():
    def pairs(a_wins: list[int]) -> list[PairResult]:
        return [PairResult((Side(times=[0.001]), Side(times=[0.002])), w, 4, 0) for w in a_wins]

    results = {
        ("ace", "bob"): pairs([2, 2, 1]),
        ("ace", "cy"): pairs([1, 1]),
        ("bob", "cy"): pairs([0, 0]),
    }
    table = round_robin_table(["ace", "bob", "cy"], results, 1.0, 1, 10).splitlines()
    start = table.index("match win share of the row against the column:")
    assert table[start + 1].split() == ["ace", "bob", "cy"]
    rows = {line.split()[0]: line.split()[1:] for line in table[start + 2 : start + 5]}
    assert rows["ace"] == ["-", "83.3%", "50.0%"]  # 5 of 6 matches against bob, 2 of 4 against cy
    assert rows["bob"] == ["16.7%", "-", "0.0%"]
    assert rows["cy"] == ["50.0%", "100.0%", "-"]
