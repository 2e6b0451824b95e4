"""Properties of the solitaire rules under random play (hypothesis): no card is ever created
or lost, a face-down card or the stock order never shows, undo gives back the position
before, and the score never goes below zero."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from solitaire_play import candidates

from server.games.cards import double_deck, standard_deck
from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3, IllegalMove, Solitaire

VARIANTS = st.sampled_from([EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3])


def all_cards(game: Solitaire) -> Counter:
    piles = [*game.columns, game.stock, game.waste, *game.foundations]
    return Counter(c for pile in piles for c in pile)


def face_up(game: Solitaire) -> Counter:
    """Every card the player may see: column cards above the face-down ones, the shown part
    of the waste, foundation tops."""
    view = game.view()
    shown = [c for col in view["columns"] for c in col["up"]] + view["waste"]
    shown += [f["top"] for f in view["foundations"] if f["top"]]
    return Counter(shown)


def legal(game: Solitaire) -> list[dict]:
    found = []
    for action in candidates(game):
        try:
            game.apply(action)
        except IllegalMove:
            continue
        found.append(action)
    return found


def random_action(draw, game: Solitaire) -> dict:
    """Half the time a legal move (so play goes somewhere), else anything at all."""
    if draw(st.booleans()) and (moves := legal(game)):
        return draw(st.sampled_from(moves))
    v = game.variant
    piles = [
        "waste",
        "f",
        *(f"c{i}" for i in range(v.columns)),
        *(f"f{i}" for i in range(len(v.slots))),
    ]
    kind = draw(st.sampled_from(["stock", "move", "move", "move", "tap", "double", "undo"]))
    if kind in ("stock", "undo"):
        return {"type": kind}
    source = draw(st.sampled_from([p for p in piles if p != "f"]))
    if kind in ("tap", "double"):
        return {"type": kind, "from": source}
    return {
        "type": "move",
        "from": source,
        "to": draw(st.sampled_from(piles)),
        "count": draw(st.integers(1, 4)),
    }


@settings(max_examples=60, deadline=None)
@given(VARIANTS, st.integers(1, 999_999), st.data())
def test_random_play_keeps_every_card_and_hides_what_is_face_down(variant, number, data):
    game = Solitaire.new(variant, number)
    deck = Counter(double_deck() if variant.decks == 2 else standard_deck())
    for _ in range(120):
        action = random_action(data.draw, game)
        before = game
        try:
            game = game.apply(action)
        except IllegalMove:
            assert game is before
            continue
        assert all_cards(game) == deck
        assert game.score >= 0
        # What the view shows is exactly what lies face up: never a face-down copy.
        view = game.view()
        shown = Counter(c for col in view["columns"] for c in col["up"])
        expected = Counter(
            c for col, down in zip(game.columns, game.hidden, strict=True) for c in col[down:]
        )
        assert shown == expected
        assert sum(col["down"] for col in view["columns"]) == sum(game.hidden)
        assert view["stock"] == len(game.stock) and "stock_order" not in view
        assert sum(face_up(game).values()) <= variant.cards
        if action["type"] != "undo":
            undone = game.apply({"type": "undo"})
            assert {**undone.view(), "moves": 0, "undo": 0} == {
                **before.view(),
                "moves": 0,
                "undo": 0,
            }
            assert undone.moves == game.moves
