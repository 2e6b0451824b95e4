"""The rules of Gin Rummy (docs/RULES.md, Gin Rummy), one test per rule, positions written in
card codes."""

import pytest
from gin_positions import all_cards, position

from server.games.gin_rummy import (
    DISCARD,
    DRAW,
    HAND_OVER,
    MATCH_OVER,
    OFFER,
    REFUSALS,
    Action,
    IllegalAction,
    new_match,
    replay,
)


def refusal(match, seat, action):
    with pytest.raises(IllegalAction) as info:
        match.apply(seat, action)
    assert info.value.message == REFUSALS[info.value.code] or info.value.code == "bad_action"
    return info.value.code


# ---- the deal and the upcard offer --------------------------------------------------------


def test_a_deal_gives_ten_cards_each_one_upcard_and_a_31_card_stock():
    match = new_match(5)
    assert [len(h) for h in match.hands] == [10, 10]
    assert len(match.discard_pile) == 1 and len(match.stock) == 31
    assert sorted(all_cards(match)) == sorted(set(all_cards(match)))
    assert len(all_cards(match)) == 52


def test_the_non_dealer_is_offered_the_upcard_first():
    match = new_match(5)
    assert match.phase == OFFER and match.to_act == 1 - match.dealer
    assert [a.type for a in match.legal_actions(match.to_act)] == ["take_upcard", "pass"]
    assert match.legal_actions(match.dealer) == []


def test_first_dealers_vary_with_the_seed():
    assert {new_match(seed).dealer for seed in range(20)} == {0, 1}


def test_non_dealer_takes_the_upcard_then_must_discard_another_card():
    match = new_match(5)
    nd, upcard = match.to_act, match.discard_pile[-1]
    match = match.apply(nd, Action("take_upcard"))
    assert match.phase == DISCARD and match.to_act == nd and upcard in match.hands[nd]
    assert match.discard_pile == ()
    assert refusal(match, nd, Action("discard", upcard)) == "discard_just_taken"
    other = next(c for c in match.hands[nd] if c != upcard)
    match = match.apply(nd, Action("discard", other))
    assert match.phase == DRAW and match.to_act == match.dealer
    assert [a.type for a in match.legal_actions(match.dealer)] == ["draw_stock", "draw_discard"]


def test_after_a_pass_the_dealer_may_take_the_upcard_and_the_non_dealer_plays_next():
    match = new_match(5)
    nd, dealer, upcard = match.to_act, match.dealer, match.discard_pile[-1]
    match = match.apply(nd, Action("pass"))
    assert match.phase == OFFER and match.to_act == dealer
    assert refusal(match, nd, Action("take_upcard")) == "not_your_turn"
    match = match.apply(dealer, Action("take_upcard"))
    assert upcard in match.hands[dealer]
    other = next(c for c in match.hands[dealer] if c != upcard)
    match = match.apply(dealer, Action("discard", other))
    assert match.to_act == nd and match.phase == DRAW
    assert Action("draw_discard") in match.legal_actions(nd)


def test_when_both_pass_the_non_dealer_must_draw_from_the_stock():
    match = new_match(5)
    nd, dealer = match.to_act, match.dealer
    match = match.apply(nd, Action("pass")).apply(dealer, Action("pass"))
    assert match.phase == DRAW and match.to_act == nd
    assert match.legal_actions(nd) == [Action("draw_stock")]
    assert refusal(match, nd, Action("draw_discard")) == "must_draw_stock"
    top = match.stock[-1]
    match = match.apply(nd, Action("draw_stock"))
    assert top in match.hands[nd] and len(match.stock) == 30
    assert match.view(nd)["turn"]["drawn"] == top


def test_the_upcard_offer_refuses_draws_and_other_moves():
    match = new_match(5)
    nd = match.to_act
    assert refusal(match, nd, Action("draw_stock")) == "upcard_offer"
    assert refusal(match, nd, Action("discard", match.hands[nd][0])) == "upcard_offer"
    assert refusal(match, nd, Action("next_hand")) == "hand_in_play"


# ---- a turn -------------------------------------------------------------------------------


def test_a_turn_is_draw_then_discard():
    match = position("AS 2S 3S 4H 5H 6H 7D 8D 9D JD", "2D 3D 4D 5C 6C 7C 8H 9H TH QS", "KD")
    assert refusal(match, 1, Action("discard", "QS")) == "must_draw_first"
    assert refusal(match, 1, Action("knock", "QS")) == "must_draw_before_knock"
    assert refusal(match, 0, Action("draw_stock")) == "not_your_turn"
    match = match.apply(1, Action("draw_discard"))
    assert match.hands[1][-1] == "KD" and "KD" not in match.discard_pile
    assert refusal(match, 1, Action("draw_stock")) == "already_drew"
    assert refusal(match, 1, Action("discard", "AS")) == "card_not_in_hand"
    assert refusal(match, 1, Action("pass")) == "not_upcard_offer"
    match = match.apply(1, Action("discard", "QS"))
    assert match.to_act == 0 and match.phase == DRAW and match.discard_pile[-1] == "QS"


def test_the_card_just_taken_from_the_discard_pile_cannot_be_discarded_nor_knocked_with():
    match = position("AS 2S 3S 4H 5H 6H 7D 8D 9D JD", "2D 3D 4D 5C 6C 7C 8H 9H TH QS", "KD")
    match = match.apply(1, Action("draw_discard"))
    assert refusal(match, 1, Action("discard", "KD")) == "discard_just_taken"
    assert refusal(match, 1, Action("knock", "KD")) == "discard_just_taken"
    assert Action("discard", "KD") not in match.legal_actions(1)


def test_a_card_drawn_from_the_stock_may_be_discarded_at_once():
    match = position("AS 2S 3S 4H 5H 6H 7D 8D 9D JD", "2D 3D 4D 5C 6C 7C 8H 9H TH QS", "", "KD")
    match = match.apply(1, Action("draw_stock")).apply(1, Action("discard", "KD"))
    assert match.discard_pile[-1] == "KD"


# ---- knocking -----------------------------------------------------------------------------


def knocker(hand11: str, defender: str, **kw):
    """Seat 1 has drawn and holds 11 cards; seat 0 holds ``defender``."""
    assert (len(hand11.split()), len(defender.split())) == (11, 10)
    return position(defender, hand11, phase=DISCARD, dealer=0, to_act=1, **kw)


def test_knock_at_exactly_ten_is_allowed_and_at_eleven_refused():
    match = knocker("AS 2S 3S 4H 5H 6H 7C 7D 7S TD KC", "2D 3D 4D 5C 6C 8C 8H 9H TH QS")
    assert match.knock_deadwood(1)["KC"] == 10
    assert match.apply(1, Action("knock", "KC")).result.kind in ("knock", "undercut")
    match = knocker("AS 2S 3S 4S 4H 5H 6H 7H 9D 2C KC", "2D 3D 4D 5C 6C 8C 8H 9H TH QS")
    assert match.knock_deadwood(1)["KC"] == 11
    assert refusal(match, 1, Action("knock", "KC")) == "knock_too_high"
    assert Action("knock", "KC") not in match.legal_actions(1)


def test_knocking_is_never_forced():
    match = knocker("AS 2S 3S 4S 5H 6H 7H 9C 9D 9H KC", "2D 3D 4D 5C 6C 8C 8H TH QS JS")
    assert Action("discard", "KC") in match.legal_actions(1)
    match = match.apply(1, Action("discard", "KC"))
    assert match.phase == DRAW and match.result is None


def test_knock_at_zero_is_gin():
    match = knocker("AS 2S 3S 4S 5H 6H 7H 9C 9D 9H KC", "2D 3D 4D 5C 6C 8C 8H TH QS JS")
    result = match.apply(1, Action("knock", "KC")).result
    assert result.kind == "gin" and result.winner == 1


def test_eleven_card_gin_only_with_a_discard_that_keeps_gin():
    hand = "AS 2S 3S 4S 5H 5D 5C 8C 9C TC JC"
    defender = "2D 3D 4D 6C 7C 8H 9H TH QS KS"
    assert knocker(hand, defender).apply(1, Action("knock", "4S")).result.kind == "gin"
    assert knocker(hand, defender).apply(1, Action("knock", "JC")).result.kind == "gin"
    broken = knocker(hand, defender).apply(1, Action("knock", "5H")).result
    assert broken.kind != "gin" and broken.deadwood[1] == 10


# ---- scoring ------------------------------------------------------------------------------


def test_the_lower_knocker_scores_the_difference():
    # Seat 1 knocks with 3 (AD 2C); seat 0 keeps KH QD JS AH 2H = 33... minus lay-offs none.
    match = knocker("5S 6S 7S 9H 9D 9C TC JC QC AD 2C", "KH QD JS AH 3H 4D 6D 8D 3C 5C")
    result = match.apply(1, Action("knock", "2C")).result
    assert result.kind == "knock" and result.winner == 1
    assert result.deadwood == (sum([10, 10, 10, 1, 3, 4, 6, 8, 3, 5]), 1)
    assert result.points == result.deadwood[0] - result.deadwood[1]
    assert match.apply(1, Action("knock", "2C")).scores == (0, result.points)


def test_a_tie_is_an_undercut_worth_25():
    # Seat 1 knocks with 5 (5C); seat 0 is left with 5 (AH 4D) after its own melds.
    match = knocker("5S 6S 7S 9H 9D 9C TC JC QC 5C KD", "2H 3H 4H 5H TS JS QS KS AC 4D")
    after = match.apply(1, Action("knock", "KD"))
    result = after.result
    assert result.kind == "undercut" and result.winner == 0 and result.points == 25
    assert after.scores == (25, 0)


def test_a_lower_defender_undercuts_for_25_plus_the_difference():
    # Knocker: 8C left (9C sits in the set of nines). Defender: AC 2D = 3, nothing to lay off.
    match = knocker("5S 6S 7S 9H 9D 9C TC JC QC 8C KD", "2H 3H 4H 5H TS JS QS KS AC 2D")
    after = match.apply(1, Action("knock", "KD"))
    result = after.result
    assert result.deadwood == (3, 8) and result.layoffs == ()
    assert result.kind == "undercut" and result.winner == 0 and result.points == 25 + 5
    assert after.scores == (30, 0)


def test_gin_scores_25_plus_the_defenders_deadwood_and_allows_no_lay_off():
    # QC KC would extend the knocker's 8C-JC run, but gin allows no lay-off.
    match = knocker("AS 2S 3S 4S 5H 5D 5C 8C 9C TC JC", "2H 3H 4H 8S 8H 8D QC KC 6D 7D")
    result = match.apply(1, Action("knock", "4S")).result
    assert result.kind == "gin" and result.layoffs == ()
    assert result.deadwood[0] == 10 + 10 + 6 + 7
    assert result.points == 25 + 33


def test_gin_against_a_fully_melded_defender_still_scores_25():
    match = knocker("AS 2S 3S 4S 5H 5D 5C 8C 9C TC JC", "2H 3H 4H 8S 8H 8D TD JD QD KD")
    result = match.apply(1, Action("knock", "4S")).result
    assert result.kind == "gin" and result.points == 25 and result.deadwood[0] == 0


# ---- lay-offs -----------------------------------------------------------------------------


def knock_result(hand11, defender, knock_card):
    return knocker(hand11, defender).apply(1, Action("knock", knock_card)).result


def laid(result):
    return {lo.card for lo in result.layoffs}


def test_runs_take_lay_offs_at_both_ends_repeatedly():
    # 4S below and 8S then 9S above 5S-6S-7S.
    result = knock_result("5S 6S 7S 2H 2D 2C 9H TH JH AD KC", "4S 8S 9S KD QD 4C 6D 3H 6C 5D", "KC")
    assert laid(result) == {"4S", "8S", "9S"}
    run = next(i for i, m in enumerate(result.arrangements[1].melds) if "5S" in m)
    assert {lo.meld for lo in result.layoffs} == {run}
    assert result.deadwood[0] == 10 + 10 + 4 + 6 + 3 + 6 + 5


def test_a_three_card_set_takes_its_fourth_card():
    result = knock_result("7S 7H 7D 2H 2D 2C 9H TH JH AD KC", "7C 8S 9C KH QD 4C 6D 3H 5C QH", "KC")
    assert "7C" in laid(result)


def test_a_card_fitting_a_set_and_a_run_goes_where_it_helps_most():
    # 7C could complete 7S-7H-7D or extend 4C-5C-6C; only on the run can 8C follow it.
    result = knock_result("7S 7H 7D 4C 5C 6C 9H TH JH AD KC", "7C 8C KD QD 2S 3D 6D 3H 5S 9D", "KC")
    assert laid(result) == {"7C", "8C"}


def test_the_defender_may_break_a_meld_to_lay_off():
    # 8S-9S-TS is the defender's run, TS-TH-TD their set: laying 8S and 9S off onto 5S-7S
    # lets TS, TH, TD stay a set, leaving no deadwood at all from these cards.
    result = knock_result("5S 6S 7S 2H 2D 2C JC QC KC AD 9D", "8S 9S TS TH TD 3C 3D 3H 4C 5C", "9D")
    # The 3s: 3C-4C-5C leaves 3D 3H (6), the set 3C-3D-3H would leave 4C 5C (9).
    assert laid(result) == {"8S", "9S"} and result.deadwood[0] == 3 + 3


def test_the_knocker_never_lays_off():
    # The knocker's 4H would extend the defender's 5H-6H-7H; it stays deadwood.
    match = knocker("AS 2S 3S 9C 9D 9S TC JC QC 4H KD", "5H 6H 7H KH QD 2C 6D 3H 5C QH")
    result = match.apply(1, Action("knock", "KD")).result
    assert "4H" in result.arrangements[1].deadwood_cards and result.deadwood[1] == 4


def test_the_knocker_shows_the_melds_that_leave_the_defender_least_to_lay_off():
    # 2S-3S-4S with 3H 3D loose, or 3S-3H-3D with 2S 4S loose: both leave 6. The defender
    # holds 5S 6S, which would go on the run but not on the set, so the set is shown.
    result = knock_result("2S 3S 4S 3H 3D 9C TC JC QC KC 8H", "5S 6S AH 2D 4H 6D 9H 9D JH QD", "8H")
    assert ("3S", "3H", "3D") in result.arrangements[1].melds
    assert result.layoffs == ()
    assert result.deadwood == (1 + 2 + 4 + 6 + 9 + 9 + 10 + 10 + 5 + 6, 6)
    assert result.points == result.deadwood[0] - 6


# ---- the end of a hand, dead hands, the deal --------------------------------------------


def test_a_plain_discard_leaving_two_stock_cards_ends_the_hand_dead():
    match = position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D JD", "2D 3D 4D 5C 6C 7C 8H 9H TH JH", "", "KD", stock_count=3
    )
    match = match.apply(1, Action("draw_stock"))
    assert len(match.stock) == 2
    match = match.apply(1, Action("discard", "KD"))
    assert match.phase == HAND_OVER and match.result.kind == "dead"
    assert match.scores == (0, 0) and match.result.winner is None
    assert match.apply(0, Action("next_hand")).dealer == 0  # the same dealer deals again


def test_a_knock_on_the_discard_that_leaves_two_stock_cards_still_scores():
    match = position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D JD", "2D 3D 4D 5C 6C 7C 8H 9H TH JH", "", "KD", stock_count=3
    )
    match = match.apply(1, Action("draw_stock")).apply(1, Action("knock", "KD"))
    assert match.result.kind == "gin" and match.result.points > 0
    assert match.apply(1, Action("next_hand")).dealer == 1  # the deal alternates


def test_the_next_hand_is_dealt_fresh_and_scores_carry_over():
    match = knocker("AS 2S 3S 4S 5H 6H 7H 9C 9D 9H KC", "2D 3D 4D 5C 6C 8C 8H TH QS JS")
    match = match.apply(1, Action("knock", "KC"))
    assert refusal(match, 1, Action("draw_stock")) == "hand_over"
    assert match.to_act is None and match.legal_actions(0) == [Action("next_hand")]
    scores = match.scores
    nxt = match.apply(0, Action("next_hand"))
    assert nxt.scores == scores and nxt.hand_no == 1 and nxt.phase == OFFER
    assert nxt.to_act == 1 - nxt.dealer and [len(h) for h in nxt.hands] == [10, 10]
    assert nxt.past[-1].kind == "gin" and nxt.result is None and nxt.history == ()


def test_the_match_ends_at_the_target():
    match = knocker(
        "AS 2S 3S 4S 5H 6H 7H 9C 9D 9H KC", "2D 3D 4D 5C 6C 8C 8H TH QS JS", scores=(0, 90)
    )
    match = match.apply(1, Action("knock", "KC"))
    assert match.phase == MATCH_OVER and match.winner == 1 and match.is_over
    assert match.match_result()["winner"] == 1
    assert refusal(match, 0, Action("next_hand")) == "match_over"
    assert match.legal_actions(0) == match.legal_actions(1) == []


def test_an_undercut_that_crosses_100_wins_the_match_for_the_defender():
    match = knocker(
        "5S 6S 7S 9H 9D 9C TC JC QC 8C KD",
        "2H 3H 4H 5H TS JS QS KS AC 2D",
        scores=(80, 95),
    )
    match = match.apply(1, Action("knock", "KD"))
    assert match.result.kind == "undercut"
    assert match.phase == MATCH_OVER and match.winner == 0 and match.scores == (110, 95)


# ---- refusals and input ------------------------------------------------------------------


def test_only_seats_zero_and_one_act():
    match = new_match(5)
    assert refusal(match, 2, Action("pass")) == "not_a_seat"
    assert match.legal_actions(7) == []


@pytest.mark.parametrize(
    "data",
    [
        None,
        "discard",
        {"type": "shuffle"},
        {"type": "discard"},
        {"type": "discard", "card": "1S"},
        {"type": "knock", "card": 3},
        {"type": "pass", "card": "AS"},
        {"type": "pass", "extra": 1},
    ],
)
def test_malformed_actions_are_refused_as_bad_action(data):
    with pytest.raises(IllegalAction) as info:
        Action.from_dict(data)
    assert info.value.code == "bad_action" and info.value.message


def test_every_refusal_has_a_stable_code_and_a_sentence():
    for code, sentence in REFUSALS.items():
        assert code.isidentifier() and sentence.endswith(".")
        assert IllegalAction(code).to_dict() == {"code": code, "message": sentence}


def test_wire_form_round_trips():
    for action in (Action("pass"), Action("discard", "TD"), Action("knock", "AS")):
        assert Action.from_dict(action.to_dict()) == action
    assert repr(Action("knock", "AS")) == "Action('knock', 'AS')"


def test_a_refused_action_changes_nothing():
    match = new_match(9)
    before = match.view(0), match.view(1), match.view(None)
    with pytest.raises(IllegalAction):
        match.apply(match.dealer, Action("pass"))
    assert (match.view(0), match.view(1), match.view(None)) == before


# ---- views --------------------------------------------------------------------------------


def test_a_seat_sees_its_hand_and_the_public_table_only():
    match = new_match(11)
    nd = match.to_act
    view = match.view(nd)
    assert view["hand"] == list(match.hands[nd]) and view["turn"]["hand_counts"] == [10, 10]
    assert view["discard_pile"] == list(match.discard_pile) and view["turn"]["stock_count"] == 31
    assert view["turn"]["legal"] == ["take_upcard", "pass"] and view["turn"]["knocks"] == {}
    other = match.view(1 - nd)
    assert other["turn"]["legal"] == [] and other["hand"] == list(match.hands[1 - nd])
    spectator = match.view(None)
    assert "hand" not in spectator and "legal" not in spectator


def test_the_seat_view_lists_melds_and_deadwood_of_its_hand():
    match = position("AS 2S 3S 4H 5H 6H 7D 8D 9D JD", "2D 3D 4D 5C 6C 7H 8H 9H TH QS", "KD")
    view = match.view(0)
    assert sorted(map(sorted, view["melds"])) == [
        ["2S", "3S", "AS"],
        ["4H", "5H", "6H"],
        ["7D", "8D", "9D"],
    ]
    assert view["turn"]["deadwood"] == 10


def test_the_public_history_records_passes_takes_and_discards_but_not_stock_cards():
    match = new_match(5)
    nd, dealer, upcard = match.to_act, match.dealer, match.discard_pile[-1]
    match = match.apply(nd, Action("pass")).apply(dealer, Action("pass"))
    drawn = match.stock[-1]
    match = match.apply(nd, Action("draw_stock"))
    discard = match.hands[nd][0]
    match = match.apply(nd, Action("discard", discard))
    match = match.apply(dealer, Action("draw_discard"))
    assert match.view(None)["history"] == [
        {"seat": nd, "type": "pass", "card": upcard},
        {"seat": dealer, "type": "pass", "card": upcard},
        {"seat": nd, "type": "draw_stock"},
        {"seat": nd, "type": "discard", "card": discard},
        {"seat": dealer, "type": "draw_discard", "card": discard},
    ]
    assert drawn not in str(match.view(dealer)) and drawn not in str(match.view(None))
    assert upcard in match.view(None)["discard_pile"]


def test_at_the_end_of_a_hand_both_hands_melds_and_lay_offs_are_public():
    match = knocker("5S 6S 7S 2H 2D 2C 9H TH JH AD KC", "4S 8S 9S KD QD 4C 6D 3H 6C 5D")
    match = match.apply(1, Action("knock", "KC"))
    spectator = match.view(None)["result"]
    assert spectator["kind"] == "knock" and spectator["knocker"] == 1
    assert sorted(spectator["hands"][0]["cards"]) == sorted(match.hands[0])
    assert {lo["card"] for lo in spectator["layoffs"]} == {"4S", "8S", "9S"}
    assert spectator["hands"][1]["deadwood"] == 1
    assert match.view(0)["result"] == spectator


def test_replay_of_the_seed_and_log_rebuilds_the_position():
    match = new_match(42)
    log = []
    nd, dealer = match.to_act, match.dealer
    for seat, action in [
        (nd, Action("pass")),
        (dealer, Action("take_upcard")),
    ]:
        match = match.apply(seat, action)
        log.append((seat, action.to_dict()))
    card = next(c for c in match.hands[dealer] if c != match.taken)
    match = match.apply(dealer, Action("discard", card))
    log.append((dealer, {"type": "discard", "card": card}))
    assert replay(42, log) == match
