"""The review of a Gin Rummy match (server/games/gin_rummy/review.py): planted mistakes are
marked, good play is not, and a review reads the seat's view only."""

from __future__ import annotations

import random
from dataclasses import replace

from gin_positions import bot_match, cards, position
from test_bots import after_opponent_took

from server.games.gin_rummy.actions import Action
from server.games.gin_rummy.bots import make_bot
from server.games.gin_rummy.game import DISCARD, new_match
from server.games.gin_rummy.review import judge_decision, mark_for, review_seat, undecided


def judged(match, seat, action):
    return judge_decision(match.view(seat), action.to_dict())


def test_passing_the_card_that_makes_gin_is_a_blunder():
    # Seat 0 holds 4H-5H-6H, three nines, 2C-3C-4C and KC loose; the top discard 7H extends
    # the hearts, so taking it and throwing KC is gin.
    match = position(
        "4H 5H 6H 9S 9C 9D 2C 3C 4C KC", "AS 2S 3S 8D TD JD QD 5S 6S 7S", "7H", to_act=0
    )
    stock = judged(match, 0, Action("draw_stock"))
    assert stock.best == {"type": "draw_discard"}
    assert stock.loss >= 10 and stock.mark == "blunder"
    take = judged(match, 0, Action("draw_discard"))
    assert take.loss == 0 and take.mark is None


def test_throwing_away_gin_is_marked_and_going_gin_is_not():
    # Eleven cards after the draw: throwing KC is gin; throwing 5H breaks a run instead.
    match = position(
        "4H 5H 6H 7H 9S 9C 9D 2C 3C 4C KC",
        "AS 2S 3S 8D TD JD QD 5S 6S 7S",
        phase=DISCARD,
        to_act=0,
    )
    gin = judged(match, 0, Action("knock", "KC"))
    assert gin.loss == 0 and gin.best == {"type": "knock", "card": "KC"}
    broken = judged(match, 0, Action("discard", "5H"))
    assert broken.mark in ("mistake", "blunder")
    assert broken.best == {"type": "knock", "card": "KC"}


def test_feeding_the_meld_the_opponent_visibly_took_costs_more_than_the_safe_card():
    # The position of the hard bot's test: the opponent just took QC from the pile; KC would
    # extend what it collects, KD would not, and both leave 10 deadwood.
    match = after_opponent_took(
        "QC",
        "AS 2S 3S 4H 5H 6H 8D 9D KC KD",
        "2C 3C 4C 5S 6S 7S 8H 9H TH JS",
        "",
        "JS",
        "TD",
    )
    match = match.apply(0, Action("draw_stock"))
    risky = judged(match, 0, Action("discard", "KC"))
    safe = judged(match, 0, Action("discard", "KD"))
    assert risky.chosen_points < safe.chosen_points
    assert risky.loss > safe.loss


def test_feeding_the_run_the_opponent_visibly_built_from_the_pile_is_marked():
    # The opponent took 7H, then 8H, from the discard pile: 9H completes its run for sure,
    # 9C (the same deadwood) helps it with nothing anyone has seen.
    match = position(
        "AS 2S 3S 4D 5D 6D 8H 9H 9C KC",
        "2H 3H 4H TC JC QC 5S 6S JS QD",
        "7H",
        "2C KD",
        dealer=0,
        to_act=1,
    )
    match = match.apply(1, Action("draw_discard")).apply(1, Action("discard", "JS"))
    match = match.apply(0, Action("draw_stock")).apply(0, Action("discard", "8H"))
    match = match.apply(1, Action("draw_discard")).apply(1, Action("discard", "QD"))
    match = match.apply(0, Action("draw_stock"))
    feeding = judged(match, 0, Action("discard", "9H"))
    safe = judged(match, 0, Action("discard", "9C"))
    # About 3.7 points, judged again at 16 times the playouts: marked, and far worse than the
    # safe card (an inaccuracy: the mistake it was marked once came from the winner's curse).
    assert feeding.mark is not None and safe.mark is None
    assert feeding.loss - 2.5 * feeding.error > safe.loss + 2.5 * safe.error


def test_knocking_into_a_certain_undercut_is_a_blunder():
    # The opponent's whole hand came from the discard pile, so seat 0 knows it: deadwood 8
    # (5H-8H, three twos, AD 3S 4C). Seat 0's knock at 10 is an undercut for sure.
    theirs = cards("5H 6H 7H 8H 2C 2D 2S AD 3S 4C")
    junk = cards("KC KD KS KH QD QS TH TD TS 7C")
    match = position(
        " ".join(theirs),
        " ".join(junk),
        "QH",
        "AS AH AC 9S 9H 9D JS JH JD TC QC",
        dealer=1,
        to_act=0,
    )
    for fed, thrown in zip(theirs, junk, strict=True):
        match = match.apply(0, Action("draw_stock")).apply(0, Action("discard", fed))
        match = match.apply(1, Action("draw_discard")).apply(1, Action("discard", thrown))
    match = match.apply(0, Action("draw_stock"))
    assert match.knock_deadwood(0)["QC"] == 10
    knock = judged(match, 0, Action("knock", "QC"))
    assert knock.mark == "blunder" and knock.best["type"] == "discard"
    assert judged(match, 0, Action("discard", "QC")).mark is None


def test_a_mark_needs_the_lower_bound_of_the_loss_to_reach_its_threshold():
    # The bound is 2.5 standard errors below the measured loss.
    assert mark_for(12.5, 1.0) == "blunder"
    assert mark_for(12.0, 1.0) == "mistake"  # might be 9.5: a mistake for sure, not a blunder
    assert mark_for(5.0, 0.4) == "mistake"
    assert mark_for(5.0, 1.0) == "inaccuracy"
    assert mark_for(2.0, 0.2) == "inaccuracy"
    assert mark_for(1.0, 0.1) is None  # small
    assert mark_for(12.0, 8.0) is None  # within the noise of the playouts
    # More playouts are spent only while a threshold lies within the bounds.
    assert undecided(3.5, 0.4) and not undecided(3.5, 0.1) and not undecided(0.5, 0.3)


def swap_unseen(match, seat, rng):
    """The same position for ``seat``'s eyes: the opponent's cards it has not seen and the
    stock dealt again at random (the cards the opponent took from the pile stay with it)."""
    opp = 1 - seat
    taken = {e["card"] for e in match.history if e["seat"] == opp and "draw_discard" in e["type"]}
    taken |= {e["card"] for e in match.history if e["seat"] == opp and e["type"] == "take_upcard"}
    keep = [c for c in match.hands[opp] if c in taken]
    unseen = [c for c in match.hands[opp] if c not in taken] + list(match.stock)
    rng.shuffle(unseen)
    n = len(match.hands[opp]) - len(keep)
    hands = list(match.hands)
    hands[opp] = tuple(keep + unseen[:n])
    return replace(match, hands=tuple(hands), stock=tuple(unseen[n:]))


def test_a_review_never_depends_on_hidden_cards():
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        match = new_match(seed)
        bots = [make_bot("hard", seed), make_bot("normal", seed + 1)]
        for _ in range(24):
            if match.phase not in ("offer", "draw", "discard"):
                break
            seat = match.to_act
            action = bots[seat].act(match.view(seat))
            twin = swap_unseen(match, seat, rng)
            assert twin.view(seat) == match.view(seat)
            if twin.hands[1 - seat] != match.hands[1 - seat]:
                mine = judged(match, seat, action)
                theirs = judged(twin, seat, action)
                assert mine == theirs
                checked += mine is not None
            match = match.apply(seat, action)
    assert checked >= 40


def test_the_review_of_a_match_covers_every_choice_and_sums_up():
    replay = bot_match(3, ("easy", "expert"))
    for seat in (0, 1):
        review = review_seat(replay, seat)
        decisions = review["decisions"]
        own = [a for s, a in replay["actions"] if s == seat and a["type"] != "next_hand"]
        assert 0 < len(decisions) <= len(own)
        assert [d["chosen"] for d in decisions] == [
            {k: v for k, v in replay["actions"][d["at"]][1].items() if v is not None}
            for d in decisions
        ]
        lost = review["lost"]
        assert round(lost["draw"] + lost["discard"], 1) == round(
            sum(d["loss"] for d in decisions), 1
        )
        assert all(d["loss"] >= 0 and d["best_points"] >= d["chosen_points"] for d in decisions)
        assert 0 < review["accuracy"] <= 100
        marked = sum(review["marks"].values())
        assert marked == sum(1 for d in decisions if d["mark"])
        # Per hand: the same sums, hand by hand.
        assert [h["hand_no"] for h in review["hands"]] == sorted({d["hand_no"] for d in decisions})
        assert round(sum(h["lost"]["draw"] + h["lost"]["discard"] for h in review["hands"]), 1) == (
            round(lost["draw"] + lost["discard"], 1)
        )
        assert sum(sum(h["marks"].values()) for h in review["hands"]) == marked


def test_the_chance_to_win_the_match_follows_the_score_and_the_hand():
    # The gin position of the first test, at three scores: the seat's chance to win the match
    # after taking the gin card grows with its lead, and taking the card that makes gin gives
    # a better chance than drawing blind.
    def at(scores):
        return position(
            "4H 5H 6H 9S 9C 9D 2C 3C 4C KC",
            "AS 2S 3S 8D TD JD QD 5S 6S 7S",
            "7H",
            to_act=0,
            scores=scores,
        )

    even = judged(at((0, 0)), 0, Action("draw_discard"))
    ahead = judged(at((90, 10)), 0, Action("draw_discard"))
    behind = judged(at((10, 90)), 0, Action("draw_discard"))
    assert behind.chance < even.chance < ahead.chance
    blind = judged(at((0, 0)), 0, Action("draw_stock"))
    assert blind.chance < blind.best_chance
    # The best option's chance is measured again on fresh deals: the same up to their noise.
    assert abs(blind.best_chance - even.chance) < 0.05
    # Gin at 90 of 100 wins the match outright: a certain chance.
    assert ahead.chance == 1.0
