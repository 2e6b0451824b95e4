"""The solitaire rules, as named tests on small positions written in card codes.

A position lists each column bottom first; ``hidden`` says how many of its first cards are face
down. Stocks list their top card last, as the engine keeps them.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from solitaire_play import ladder_deal, win

from server.games.cards import double_deck, standard_deck
from server.games.solitaire import (
    EASY_HARP,
    REFLECHI_DRAW1,
    REFLECHI_DRAW3,
    REFUSALS,
    DealCodeError,
    IllegalMove,
    Solitaire,
    decode,
    encode,
)
from server.games.solitaire.deals import deck_order
from server.games.solitaire.game import parse_action


def position(variant, columns, hidden=None, stock=(), waste=(), foundations=None, **kw):
    slots = [()] * len(variant.slots)
    for slot, cards in (foundations or {}).items():
        slots[slot] = tuple(cards)
    columns = list(columns) + [[]] * (variant.columns - len(columns))
    return Solitaire(
        variant=variant,
        number=1,
        columns=tuple(tuple(c) for c in columns),
        hidden=tuple(hidden or ()) + (0,) * (variant.columns - len(hidden or ())),
        stock=tuple(stock),
        waste=tuple(waste),
        foundations=tuple(slots),
        earned=tuple(c for pile in slots for c in pile),  # they earned their points going up
        **kw,
    )


def refused(game, action) -> str:
    with pytest.raises(IllegalMove) as caught:
        game.apply(action)
    assert caught.value.message == REFUSALS[caught.value.code]
    return caught.value.code


def move(source, target, count=1):
    return {"type": "move", "from": source, "to": target, "count": count}


def ladder(suit: str, upto: int) -> list[str]:
    return [r + suit for r in "A23456789TJQK"[:upto]]


# ---- deal codes and dealing ------------------------------------------------------------------


def test_deal_codes_are_the_numbers_in_base_26():
    assert encode(EASY_HARP, 5) == "EH1-N-AAAAAAF"
    assert encode(REFLECHI_DRAW1, 1) == "TF1-D1N-AAAAAAB"
    assert encode(REFLECHI_DRAW3, 26) == "TF1-D3N-AAAAABA"
    assert decode("TF1-D3N-AAAAABA") == (REFLECHI_DRAW3, 26)
    assert decode("eh1-n-aaaaaaf") == (EASY_HARP, 5)


@given(st.sampled_from([EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3]), st.integers(1, 999_999))
def test_every_deal_code_decodes_to_its_number(variant, number):
    assert decode(encode(variant, number)) == (variant, number)


@pytest.mark.parametrize(
    "code",
    [
        "EH1-N-AAAAAF",  # six letters
        "EH1-N-AAAAAAA",  # deal 0
        "EH1-N-ZZZZZZZ",  # past 999 999
        "EH1-N-CEXHOAA",  # 1 000 000
        "EH2-N-AAAAAAB",  # no such algorithm
        "EH1-D1N-AAAAAAB",  # Easy Harp has no draw option
        "XX1-N-AAAAAAB",
        "",
        None,
        42,
    ],
)
def test_malformed_deal_codes_are_refused_with_a_reason(code):
    with pytest.raises(DealCodeError) as caught:
        decode(code)
    assert len(str(caught.value)) > 20


@pytest.mark.parametrize("number", [0, 1_000_000, -3, True, 2.0, "5"])
def test_numbers_outside_1_to_999999_have_no_code(number):
    with pytest.raises(DealCodeError):
        encode(EASY_HARP, number)


GOLDEN = {
    (EASY_HARP, 5): (
        "TD 9D 7S AD KC JD 8H 7H 9S 6D 5C 5C JS KC 9H 6C 5H 4C 2S TH 3H 8H JD 4H QH 6D 5D QC "
        "QD 3H AH 7C TH KH 3S AD 5S QD 6C JC JS 5D 9C QS AS 6H QS TC 7S AC 9S 2S KD TC TD 9H "
        "KS 5H 2D 3D 4C TS 2H 3C 6S AC 2D JC 3D 8C 8D 9D JH 4D 4H KH AS AH 8C 7D 3S 4S 7C 5S "
        "8S 4S 7D KS QC 7H QH 8D 6H 2C 9C 2C 6S TS 2H JH 4D 3C 8S KD"
    ),
    (EASY_HARP, 999_999): (
        "8D 2C 4D 5D 8C 5S 5H 9H 5C 3S 9C 2S 2D 7D 8C KC 3C 2C 5C 6C QC TC 6S TS JD 4C AH 6H "
        "6D TD 5S KS QC 9D 9S 4H 6H 3H 7H TD JH TH AC 7S 3D 4C JS 2H 6C AS 8H 4H JC QS TH 4D "
        "QS KH 8D KD 9C 8S 7C JH 3C KD 9H AC QD TS QH 6S KH 3D 8H 7D JD AH 9D 9S 4S AD QH JS "
        "KS QD 6D JC AD AS 5H 4S 3S KC 2S 7H 7C 8S 5D 3H 7S 2D TC 2H"
    ),
    (REFLECHI_DRAW1, 1): (
        "3H 7C 8C 2C 7D TH QD 8D 8S QS TS 8H KD JC AH 6D QH AS 4C 9D 5D 7S KH 4D 9C 6C 7H TC "
        "TD 2D 4H 2H KC 3S 5S 2S 6S 6H 5C 5H 3C AD 3D JS 9H 9S KS JH AC 4S QC JD"
    ),
    (REFLECHI_DRAW1, 2): (
        "9C 9D 6C 9H TD TH TC 3D 5S 2H AD JC 6S 8D KC KD QS 3H JS 4C 4S 5D 6H 8C 4D QC AH 8H "
        "5H 9S 7D 5C QD KH AC AS 8S 2C 3S 7C 7H 2S 6D JD 7S 4H 3C QH KS JH TS 2D"
    ),
}


@pytest.mark.parametrize("variant, number", list(GOLDEN))
def test_golden_deals_never_change(variant, number):
    assert deck_order(variant, number) == GOLDEN[variant, number].split()
    assert Counter(deck_order(variant, number)) == Counter(
        double_deck() if variant.decks == 2 else standard_deck()
    )


def test_draw_modes_deal_the_same_cards():
    assert deck_order(REFLECHI_DRAW1, 77) == deck_order(REFLECHI_DRAW3, 77)


def test_easy_harp_deals_nine_columns_with_only_the_last_card_up():
    order = GOLDEN[EASY_HARP, 5].split()
    game = Solitaire.new(EASY_HARP, 5)
    view = game.view()
    assert [c["down"] for c in view["columns"]] == list(range(9))
    assert [c["up"] for c in view["columns"]] == [
        [order[n * (n + 1) // 2 - 1]] for n in range(1, 10)
    ]
    assert view["stock"] == 59 and view["waste"] == [] and game.score == 0
    assert game.apply({"type": "stock"}).view()["waste"] == [order[45]]  # the first card left


def test_reflechi_deals_seven_columns_all_face_up():
    order = GOLDEN[REFLECHI_DRAW1, 1].split()
    view = Solitaire.new(REFLECHI_DRAW1, 1).view()
    assert [c["down"] for c in view["columns"]] == [0] * 7
    assert view["columns"][2]["up"] == order[3:6]
    assert view["stock"] == 24


# ---- Easy Harp -------------------------------------------------------------------------------


def test_easy_harp_moves_one_card_at_a_time_between_columns():
    game = position(EASY_HARP, [["9H"], ["8S", "7H", "6S"], ["7D"]])
    assert refused(game, move("c1", "c0", 3)) == "one_card"  # even though 8S fits on 9H
    assert refused(game, move("c1", "c2", 2)) == "one_card"
    assert REFUSALS["one_card"].startswith("Only one card moves at a time between columns")
    assert game.apply(move("c1", "c2")).columns[2] == ("7D", "6S")


def test_easy_harp_a_run_is_unbuilt_card_by_card():
    game = position(EASY_HARP, [["9H", "8C"], ["8S", "7H", "6S"], ["7D"]])
    after = game.apply(move("c1", "c2"))  # 6S on 7D
    assert after.columns[1] == ("8S", "7H") and after.columns[2] == ("7D", "6S")
    assert after.score == 0


def test_easy_harp_only_a_king_led_run_moves_and_only_to_an_empty_column():
    game = position(EASY_HARP, [["2D", "KS", "QH", "JS"], ["AH"], []], hidden=[1])
    after = game.apply(move("c0", "c2", 3))
    assert after.columns[2] == ("KS", "QH", "JS")
    assert after.columns[0] == ("2D",) and after.hidden[0] == 0 and after.score == 5
    elsewhere = position(EASY_HARP, [["KS", "QH", "JS"], ["AH"]])
    assert refused(elsewhere, move("c0", "c1", 3)) == "one_card"


def test_easy_harp_refuses_any_other_card_in_an_empty_column_even_to_uncover_one():
    game = position(EASY_HARP, [["4C", "QH"], []], hidden=[1])
    assert refused(game, move("c0", "c1")) == "empty_needs_king"
    assert refused(position(EASY_HARP, [[]], waste=["5D"]), move("waste", "c0")) == (
        "empty_needs_king"
    )


def test_easy_harp_builds_down_in_alternating_colours_on_either_copy():
    game = position(EASY_HARP, [["7H"], ["7H"], ["6S"], ["6C"]])
    assert game.apply(move("c2", "c0")).columns[0] == ("7H", "6S")
    assert game.apply(move("c3", "c1")).columns[1] == ("7H", "6C")
    assert refused(game, move("c0", "c1")) == "bad_build"
    assert refused(position(EASY_HARP, [["7H"], ["6D"]]), move("c1", "c0")) == "bad_build"


def test_an_uncovered_card_turns_up_by_itself_for_5_points():
    game = position(EASY_HARP, [["QC", "4D", "5H"], ["6S"]], hidden=[2])
    after = game.apply(move("c0", "c1"))
    assert after.hidden[0] == 1 and after.view()["columns"][0] == {"down": 1, "up": ["4D"]}
    assert after.score == 5


def test_face_down_cards_never_move_and_never_show():
    game = position(EASY_HARP, [["QC", "4D", "5H"], ["KD"]], hidden=[2])
    assert refused(game, move("c0", "c1", 2)) == "face_down"
    assert "QC" not in str(game.view()) and "4D" not in str(game.view())


def test_an_ace_goes_only_to_an_empty_slot_of_its_suit_the_first_one_taken():
    game = position(EASY_HARP, [["AS"], ["AS"], ["AH"]])
    first = game.apply({"type": "tap", "from": "c0"})
    assert first.foundations[0] == ("AS",)
    second = first.apply({"type": "tap", "from": "c1"})
    assert second.foundations[4] == ("AS",)  # the other spades slot
    assert refused(game, move("c2", "f0")) == "ace_to_empty"
    assert refused(first, move("c1", "f0")) == "ace_to_empty"  # that slot has its ace
    assert game.apply(move("c2", "f")).foundations[1] == ("AH",)


def test_a_foundation_takes_its_suit_in_order_one_card_at_a_time():
    game = position(EASY_HARP, [["3S"], ["2S"], ["3C", "2H"]], foundations={0: ["AS"]})
    assert refused(game, move("c0", "f0")) == "foundation_order"
    after = game.apply(move("c1", "f"))
    assert after.foundations[0] == ("AS", "2S") and after.score == 10
    assert refused(game, move("c2", "f", 2)) == "foundation_one"


def test_the_waste_plays_its_top_card_only():
    game = position(EASY_HARP, [["9C"]], waste=["8D", "8H"])
    after = game.apply(move("waste", "c0"))
    assert after.columns[0] == ("9C", "8H") and after.waste == ("8D",) and after.score == 5
    assert refused(game, move("waste", "c0", 2)) == "waste_top"
    assert refused(game, move("c0", "waste")) == "to_waste"
    assert refused(game, move("c0", "c0")) == "same_pile"


def test_easy_harp_turns_one_card_and_recycles_the_waste_for_free_in_the_same_order():
    game = position(EASY_HARP, [], stock=["3C", "2C", "AC"], score=40)
    turned = game
    for _ in range(3):
        turned = turned.apply({"type": "stock"})
    assert turned.waste == ("AC", "2C", "3C") and turned.stock == ()
    back = turned.apply({"type": "stock"})
    assert back.stock == game.stock and back.waste == () and back.score == 40
    assert back.apply({"type": "stock"}).waste == ("AC",)
    assert refused(position(EASY_HARP, []), {"type": "stock"}) == "stock_empty"


def test_a_tap_sends_a_card_to_a_foundation_or_is_refused():
    game = position(EASY_HARP, [["2H"], ["5C"]], foundations={1: ["AH"]})
    assert game.apply({"type": "tap", "from": "c0"}).foundations[1] == ("AH", "2H")
    assert refused(game, {"type": "tap", "from": "c1"}) == "no_foundation"
    assert refused(game, {"type": "tap", "from": "c7"}) == "empty_pile"
    assert refused(game, {"type": "tap", "from": "c9"}) == "bad_pile"


def test_a_double_tap_tries_the_foundation_then_the_longest_column_then_an_empty_one():
    game = position(EASY_HARP, [["9S", "8H"], ["KC", "QD", "JS", "TD", "9C", "8D"], ["4S", "7C"]])
    after = game.apply({"type": "double", "from": "c2"})  # 7C fits on both 8s
    assert after.columns[1][-1] == "7C"  # the longest column first
    king = position(EASY_HARP, [["3D", "KH"], [], ["5S"]], hidden=[1])
    assert king.apply({"type": "double", "from": "c0"}).columns[1] == ("KH",)
    ace = position(EASY_HARP, [["AD"], ["2S"]])
    assert ace.apply({"type": "double", "from": "c0"}).foundations[2] == ("AD",)
    assert refused(ace, {"type": "double", "from": "c1"}) == "no_place"


def test_a_card_taken_back_from_a_foundation_keeps_the_score_and_earns_nothing_again():
    game = position(EASY_HARP, [["5H"]], foundations={0: ladder("S", 4)}, score=40)
    back = game.apply(move("f0", "c0"))
    assert back.columns[0] == ("5H", "4S") and back.foundations[0] == tuple(ladder("S", 3))
    assert back.score == 40
    again = back.apply({"type": "tap", "from": "c0"})
    assert again.foundations[0] == tuple(ladder("S", 4)) and again.score == 40
    assert refused(game, move("f0", "f4")) == "foundation_to_foundation"


def test_each_copy_of_a_card_earns_its_foundation_points_once():
    game = position(EASY_HARP, [["AS"], ["AS"]])
    one = game.apply({"type": "tap", "from": "c0"})
    assert (one.score, one.apply({"type": "tap", "from": "c1"}).score) == (10, 20)
    game = position(EASY_HARP, [["AS"], ["AS"], ["2H"]])
    two = game.apply({"type": "tap", "from": "c0"}).apply({"type": "tap", "from": "c1"})
    back = two.apply(move("f4", "c2"))  # onto the red 2
    assert back.columns[2] == ("2H", "AS") and back.score == 20
    again = back.apply({"type": "tap", "from": "c2"})
    assert again.foundations[4] == ("AS",) and again.score == 20


# ---- Réfléchi --------------------------------------------------------------------------------


def test_reflechi_moves_a_run_from_mid_column_only_when_the_whole_tail_is_ordered():
    game = position(REFLECHI_DRAW1, [["2C", "9H", "8S", "7D"], ["TC"], ["3D", "9D", "8S", "7S"]])
    after = game.apply(move("c0", "c1", 3))
    assert after.columns[1] == ("TC", "9H", "8S", "7D") and after.columns[0] == ("2C",)
    assert refused(game, move("c2", "c1", 3)) == "not_a_run"
    assert REFUSALS["not_a_run"].startswith("Cards move together only when they form a run")


def test_reflechi_puts_only_a_king_or_a_king_led_run_in_an_empty_column():
    game = position(REFLECHI_DRAW1, [["5D", "KS", "QD"], ["4C", "QH", "JC"], []])
    assert game.apply(move("c0", "c2", 2)).columns[2] == ("KS", "QD")
    assert refused(game, move("c1", "c2", 2)) == "empty_needs_king"


def test_reflechi_draw_3_fans_three_and_plays_only_the_last():
    stock = ["9C", "8C", "7C", "6C", "5C"]  # the top is the last: 5C first
    game = position(REFLECHI_DRAW3, [["7H"], ["8H"]], stock=stock)
    fanned = game.apply({"type": "stock"})
    assert fanned.waste == ("5C", "6C", "7C") and fanned.view()["waste"] == ["5C", "6C", "7C"]
    assert refused(fanned, move("waste", "c1", 2)) == "waste_top"
    played = fanned.apply(move("waste", "c1"))  # 7C on 8H frees 6C
    assert played.view()["waste"] == ["5C", "6C"]
    assert played.apply(move("waste", "c0")).columns[0] == ("7H", "6C")
    last = fanned.apply({"type": "stock"})  # two cards left
    assert (
        last.waste[-2:] == ("8C", "9C")
        and last.stock == ()
        and last.view()["waste"]
        == [
            "8C",
            "9C",
        ]
    )
    one_left = position(REFLECHI_DRAW3, [], stock=["KD"]).apply({"type": "stock"})
    assert one_left.waste == ("KD",)


def test_reflechi_recycles_in_the_same_order_for_100_points_never_below_zero():
    game = position(REFLECHI_DRAW1, [], stock=["3C", "2C", "AC"], score=130)
    turned = game.apply({"type": "stock"}).apply({"type": "stock"}).apply({"type": "stock"})
    back = turned.apply({"type": "stock"})
    assert back.stock == game.stock and back.score == 30 and back.recycles == 1
    twice = back.apply({"type": "stock"}).apply({"type": "stock"}).apply({"type": "stock"})
    assert twice.apply({"type": "stock"}).score == 0  # 30 - 100, floored


# ---- undo --------------------------------------------------------------------------------------


def test_undo_removes_the_points_of_the_undone_action_but_not_the_move_count():
    game = position(REFLECHI_DRAW1, [["2H"]], waste=["AH"], stock=["5S"])
    up = game.apply(move("waste", "f")).apply({"type": "tap", "from": "c0"})
    assert up.score == 20 and up.moves == 2
    undone = up.apply({"type": "undo"})
    assert undone.score == 10 and undone.moves == 2 and undone.columns[0] == ("2H",)
    assert undone.apply({"type": "undo"}).score == 0


def test_undo_across_a_recycle_restores_the_points_it_cost():
    game = position(REFLECHI_DRAW1, [], waste=["AC"], score=250)
    recycled = game.apply({"type": "stock"})
    assert recycled.score == 150
    back = recycled.apply({"type": "undo"})
    assert back.score == 250 and back.waste == ("AC",) and back.recycles == 0


def test_undo_reaches_back_100_actions_and_the_101st_evicts_the_oldest():
    game = position(EASY_HARP, [], stock=[c for c in double_deck()[:60]])
    for _ in range(101):
        game = game.apply({"type": "stock"})
    for _ in range(100):
        game = game.apply({"type": "undo"})
    assert len(game.waste) == 1 and len(game.stock) == 59
    assert refused(game, {"type": "undo"}) == "nothing_to_undo"
    assert game.moves == 101


def test_bad_actions_are_refused_and_change_nothing():
    game = position(EASY_HARP, [["5H"]])
    for action in (
        None,
        {},
        {"type": "fly"},
        {"type": "move", "from": "c0", "to": "c1", "count": 0},
        {"type": "move", "from": "c0", "to": "c1", "count": True},
        {"type": "move", "from": "x", "to": "c1"},
        {"type": "move", "from": "f", "to": "c1"},
    ):
        with pytest.raises(IllegalMove):
            game.apply(action)
    assert game.view() == position(EASY_HARP, [["5H"]]).view()


def test_an_action_type_that_is_not_a_string_is_a_bad_action():
    """Found by bench/fuzz.py: a list or a map as the type raised TypeError (unhashable)."""
    game = position(EASY_HARP, [["5H"]])
    for kind in ([], ["stock"], {}, {"stock": 1}, 1.5, None, True):
        assert refused(game, {"type": kind}) == "bad_action"
        with pytest.raises(IllegalMove):
            parse_action({"type": kind, "from": "c0"})


# ---- whole games -----------------------------------------------------------------------------


def _waste_to_column(path):
    return sum(1 for a in path if a.get("from") == "waste" and a.get("to", "f") != "f")


def test_a_won_reflechi_game_scores_10_a_card_up_5_a_waste_card_to_a_column_less_100_a_recycle():
    """Summed as the game goes, never below 0: 520 plus the waste plays less the recycles
    when the score never had to stop at 0."""
    game = Solitaire.new(REFLECHI_DRAW1, 1)
    path = win(game)
    assert path is not None
    expected, ever_up = 0, set()
    for action in path:
        before, game = game, game.apply(action)
        delta = 0
        if action["type"] == "stock" and not before.stock:
            delta = -100
        elif action.get("from") == "waste" and action.get("to", "f") != "f":
            delta = 5
        for pile in game.foundations:
            if pile and pile[-1] not in ever_up:
                ever_up.add(pile[-1])
                delta += 10
        expected = max(0, expected + delta)
    assert game.won and game.view()["won"]
    assert game.score == expected and len(ever_up) == 52
    assert refused(game, {"type": "stock"}) == "won"


def test_a_won_easy_harp_game_scores_1220_plus_5_per_waste_card_to_a_column():
    game = ladder_deal()
    assert [len(c) for c in game.columns] == list(range(1, 10)) and sum(game.hidden) == 36
    path = win(game)
    assert path is not None
    for action in path:
        game = game.apply(action)
    assert game.won
    assert game.score == 1220 + 5 * _waste_to_column(path)


def test_actions_are_logged_in_their_clean_form_only():
    assert parse_action({"type": "stock", "from": [1] * 100, "count": "x"}) == {"type": "stock"}
    assert parse_action({"type": "move", "from": "c1", "to": "f", "junk": 1}) == {
        "type": "move",
        "from": "c1",
        "to": "f",
        "count": 1,
    }
    game = position(EASY_HARP, [["5H"]])
    for pile in ("c\u00b2", "c\u0661", "c-1", "c01x", "f" * 9, 7, None):
        assert refused(game, {"type": "tap", "from": pile}) in ("bad_pile", "bad_action")


def test_with_two_decks_a_black_six_has_four_targets():
    game = position(EASY_HARP, [["7H"], ["7H"], ["7D"], ["7D"], ["6S"], ["7S"]])
    for target in ("c0", "c1", "c2", "c3"):
        assert game.apply(move("c4", target)).columns[int(target[1])][-1] == "6S"
    assert refused(game, move("c4", "c5")) == "bad_build"
