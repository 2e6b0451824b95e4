"""The learn pages' live examples: each one does what its text promises, answered by the real
engine over the read-only HTTP endpoint, and never shows a card the position keeps hidden."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.testclient import TestClient

from server.examples import CATALOGUE, MAX_MOVES, play
from server.examples.routes import ROUTES
from server.games.cards import CARDS, is_red, rank_index
from server.games.gin_rummy import REFUSALS as GIN_REFUSALS
from server.games.gin_rummy import Action
from server.games.solitaire import REFUSALS as SOLITAIRE_REFUSALS
from server.games.solitaire import Solitaire


@pytest.fixture(scope="module")
def client():
    # A minimal app of the examples' routes alone: they need no store and no rooms.
    with TestClient(Starlette(routes=ROUTES)) as c:
        yield c


def moves(client, example_id: str, sent: list) -> dict:
    response = client.post(f"/api/examples/{example_id}/moves", json={"moves": sent})
    assert response.status_code == 200, response.text
    return response.json()


def refusals(game: str) -> dict[str, str]:
    return GIN_REFUSALS if game == "gin_rummy" else SOLITAIRE_REFUSALS


def test_every_try_gets_the_answer_its_text_promises(client):
    listed = client.get("/api/examples").json()["examples"]
    assert {e["id"] for e in listed} == set(CATALOGUE)
    for entry in listed:
        for attempt in entry["tries"]:
            answer = moves(client, entry["id"], attempt["moves"])
            if attempt["expect"] is None:
                assert answer["refused"] is None, (entry["id"], attempt)
                assert answer["applied"] == len(attempt["moves"])
            else:
                refused = answer["refused"]
                assert refused is not None, (entry["id"], attempt)
                assert refused["code"] == attempt["expect"]
                assert refused["message"] == refusals(entry["game"])[refused["code"]]
                assert refused["at"] == answer["applied"] == len(attempt["moves"]) - 1


def test_each_example_has_a_refused_and_an_allowed_move_or_shows_an_ending():
    for example in CATALOGUE.values():
        outcomes = {t.expect is None for t in example.tries}
        assert True in outcomes, example.id  # the move that is allowed
        if example.id != "gin-rummy/undercut":  # the undercut text is about the arithmetic
            assert False in outcomes, example.id


def test_the_examples_the_issue_names_exist_with_their_rules():
    expected = {
        "easy-harp/built-run": {"one_card"},
        "easy-harp/king-run": {"one_card"},
        "easy-harp/empty-column": {"empty_needs_king"},
        "easy-harp/four-places": {"bad_build"},
        "reflechi/unordered-run": {"not_a_run"},
        "reflechi/ordered-run": {"not_a_run"},
        "reflechi/draw-three": {"waste_top"},
        "gin-rummy/melds": {"must_draw_before_knock"},
        "gin-rummy/knock": {"knock_too_high"},
        "gin-rummy/undercut": set(),
        "gin-rummy/just-taken": {"discard_just_taken"},
        "gin-rummy/upcard-offer": {"upcard_offer"},
    }
    for example_id, codes in expected.items():
        found = {t.expect for t in CATALOGUE[example_id].tries} - {None}
        assert codes <= found, example_id


def test_a_built_run_is_refused_but_its_top_card_moves(client):
    start = client.get("/api/examples/easy-harp/built-run").json()["view"]
    run = start["columns"][0]["up"]
    assert len(run) == 3 and all(
        is_red(a) != is_red(b) and rank_index(a) == rank_index(b) + 1 for a, b in pairwise(run)
    )
    # The first card of the run fits another column: the run is refused all the same.
    fits = [
        i
        for i, c in enumerate(start["columns"])
        if c["up"]
        and is_red(c["up"][-1]) != is_red(run[0])
        and rank_index(c["up"][-1]) == rank_index(run[0]) + 1
    ]
    assert fits
    answer = moves(
        client,
        "easy-harp/built-run",
        [{"type": "move", "from": "c0", "to": f"c{fits[0]}", "count": 3}],
    )
    assert answer["refused"]["code"] == "one_card"
    assert answer["view"] == start  # a refusal changes nothing


def test_a_king_run_goes_to_an_empty_column_and_uncovers_a_card(client):
    start = client.get("/api/examples/easy-harp/king-run").json()["view"]
    empty = next(i for i, c in enumerate(start["columns"]) if not c["up"] and not c["down"])
    source = next(
        i
        for i, c in enumerate(start["columns"])
        if c["up"] and c["up"][0][0] == "K" and len(c["up"]) > 1
    )
    run = start["columns"][source]["up"]
    answer = moves(
        client,
        "easy-harp/king-run",
        [{"type": "move", "from": f"c{source}", "to": f"c{empty}", "count": len(run)}],
    )
    assert answer["refused"] is None
    after = answer["view"]["columns"]
    assert after[empty]["up"] == run
    assert after[source]["down"] == start["columns"][source]["down"] - 1
    assert len(after[source]["up"]) == 1  # turned up by itself
    assert answer["view"]["score"] == start["score"] + 5


def test_a_black_six_has_four_places_with_two_decks(client):
    start = client.get("/api/examples/easy-harp/four-places").json()["view"]
    six = start["waste"][-1]
    assert six[0] == "6" and not is_red(six)
    targets = [i for i, c in enumerate(start["columns"]) if c["up"] and c["up"][-1][0] == "7"]
    allowed = []
    for i in targets:
        answer = moves(
            client, "easy-harp/four-places", [{"type": "move", "from": "waste", "to": f"c{i}"}]
        )
        if answer["refused"] is None:
            allowed.append(start["columns"][i]["up"][-1])
            assert answer["view"]["columns"][i]["up"][-1] == six
        else:
            assert answer["refused"]["code"] == "bad_build"
            assert not is_red(start["columns"][i]["up"][-1])
    assert sorted(allowed) == ["7D", "7D", "7H", "7H"]
    # A double tap takes the longest column it fits on.
    answer = moves(client, "easy-harp/four-places", [{"type": "double", "from": "waste"}])
    lengths = {i: c["down"] + len(c["up"]) for i, c in enumerate(start["columns"])}
    longest = max((i for i in targets if is_red(start["columns"][i]["up"][-1])), key=lengths.get)
    assert answer["view"]["columns"][longest]["up"][-1] == six


def test_draw_three_plays_only_the_last_card_then_the_one_it_frees(client):
    start = client.get("/api/examples/reflechi/draw-three").json()["view"]
    assert start["draw"] == 3 and len(start["waste"]) == 3
    answer = moves(client, "reflechi/draw-three", [{"type": "tap", "from": "waste"}])
    assert answer["view"]["waste"] == start["waste"][:2]
    assert answer["view"]["foundations"][0]["top"] == start["waste"][-1]


def test_the_knock_examples_show_lay_offs_and_the_undercut_arithmetic(client):
    knock = moves(client, "gin-rummy/knock", [{"type": "knock", "card": "KD"}])["view"]["result"]
    assert knock["kind"] == "knock" and knock["layoffs"]
    dead = [h["deadwood"] for h in knock["hands"]]
    assert knock["points"] == dead[1] - dead[0] > 0
    # The lay-offs are the defender's cards, now on the knocker's melds.
    defender_cards = set(knock["hands"][1]["cards"])
    assert {lo["card"] for lo in knock["layoffs"]} <= defender_cards

    start = client.get("/api/examples/gin-rummy/undercut").json()["view"]
    before = sum(min(10, rank_index(c) + 1) for c in start["open"][1]["hand"]) - sum(
        min(10, rank_index(c) + 1) for m in start["open"][1]["melds"] for c in m
    )
    under = moves(client, "gin-rummy/undercut", [{"type": "knock", "card": "KS"}])["view"]["result"]
    dead = [h["deadwood"] for h in under["hands"]]
    assert under["kind"] == "undercut" and under["winner"] == 1
    assert under["points"] == 25 + dead[0] - dead[1]
    assert before > dead[0] >= dead[1]  # the lay-offs made the undercut


def test_gin_takes_no_lay_offs_and_scores_the_bonus(client):
    result = moves(client, "gin-rummy/gin", [{"type": "knock", "card": "9D"}])["view"]["result"]
    assert result["kind"] == "gin" and result["layoffs"] == []
    assert result["points"] == 25 + result["hands"][1]["deadwood"]


def test_the_melds_example_puts_the_taken_card_where_deadwood_is_least(client):
    start = client.get("/api/examples/gin-rummy/melds").json()["view"]
    answer = moves(client, "gin-rummy/melds", [{"type": "draw_discard"}])["view"]
    assert answer["turn"]["deadwood"] < start["turn"]["deadwood"]
    assert len(answer["melds"]) == len(start["melds"]) + 1


def _cards_in(data) -> list[str]:
    text = json.dumps(data)
    return [c for c in CARDS if f'"{c}"' in text]


def test_a_gin_example_never_shows_the_stock_or_a_closed_hand():
    for example in CATALOGUE.values():
        if example.game != "gin_rummy":
            continue
        for attempt in example.tries:
            for n in range(len(attempt.moves) + 1):
                answer = play(example, list(attempt.moves[:n]))
                if answer["refused"]:
                    continue
                position = example.start
                for move in attempt.moves[:n]:
                    position = position.apply(0, Action.from_dict(move))
                shown = set(_cards_in(answer["view"]))
                over = position.result is not None
                allowed = set(position.hands[0]) | set(position.discard_pile)
                allowed |= {e["card"] for e in position.history if "card" in e}
                if example.open_hands or over:
                    allowed |= set(position.hands[1])
                assert shown <= allowed, (example.id, n, shown - allowed)
                assert not shown & set(position.stock), example.id


def test_a_solitaire_example_sends_the_live_boards_view():
    for example in CATALOGUE.values():
        if example.game == "gin_rummy":
            continue
        position = example.start
        assert isinstance(position, Solitaire)
        assert play(example, [])["view"] == position.view()
        assert sum(c["down"] for c in position.view()["columns"]) == sum(position.hidden)
        whole = sum(len(c) for c in position.columns) + len(position.stock) + len(position.waste)
        whole += sum(len(f) for f in position.foundations)
        assert whole == position.variant.cards  # a whole deck, as in a real game


def test_bad_questions_get_clear_errors_and_change_nothing(client):
    assert client.get("/api/examples/easy-harp/nope").json()["code"] == "no_example"
    assert client.get("/api/examples/easy-harp/nope").status_code == 404
    url = "/api/examples/easy-harp/built-run/moves"
    for body in (b"not json", b"[]", b'{"moves": 3}', b'{"moves": [], "x": 1}', b"[" * 5000):
        response = client.post(url, content=body)
        assert response.status_code == 400 and response.json()["code"] == "bad_field", body
    too_many = [{"type": "stock"}] * (MAX_MOVES + 1)
    assert client.post(url, json={"moves": too_many}).json()["code"] == "bad_field"
    huge = client.post(url, content=b'{"moves": [' + b'{"type": "stock"},' * 2000 + b"0]}")
    assert huge.status_code == 413 and huge.json()["code"] == "too_large"
    assert client.get(url).status_code == 405
    # A malformed move is the engine's own refusal.
    for example_id in ("easy-harp/built-run", "gin-rummy/melds"):
        answer = moves(client, example_id, [{"type": "fly"}])
        assert answer["refused"]["code"] == "bad_action"
        assert answer["applied"] == 0
    first = client.get("/api/examples/easy-harp/built-run").json()
    moves(client, "easy-harp/built-run", [{"type": "move", "from": "c0", "to": "c2"}])
    assert client.get("/api/examples/easy-harp/built-run").json() == first  # stateless


SOLITAIRE_PILES = st.sampled_from(
    ["waste", "f", "f0", "f1", "f5", *(f"c{i}" for i in range(9)), "x"]
)
SOLITAIRE_MOVES = st.one_of(
    st.just({"type": "stock"}),
    st.just({"type": "undo"}),
    st.builds(lambda p: {"type": "tap", "from": p}, SOLITAIRE_PILES),
    st.builds(lambda p: {"type": "double", "from": p}, SOLITAIRE_PILES),
    st.builds(
        lambda a, b, n: {"type": "move", "from": a, "to": b, "count": n},
        SOLITAIRE_PILES,
        SOLITAIRE_PILES,
        st.integers(0, 14),
    ),
)
GIN_MOVES = st.one_of(
    st.sampled_from(
        [{"type": t} for t in ("take_upcard", "pass", "draw_stock", "draw_discard", "next_hand")]
    ),
    st.builds(
        lambda t, c: {"type": t, "card": c},
        st.sampled_from(["discard", "knock"]),
        st.sampled_from(CARDS),
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(CATALOGUE)),
    st.lists(st.one_of(SOLITAIRE_MOVES, GIN_MOVES), max_size=12),
)
def test_any_moves_get_the_engines_answer_for_the_moves_allowed(example_id, sent):
    example = CATALOGUE[example_id]
    answer = play(example, sent)
    position = example.start
    for move in sent[: answer["applied"]]:
        position = example.apply(position, move)
    assert answer["view"] == example.view(position)
    if answer["refused"] is None:
        assert answer["applied"] == len(sent)
    else:
        assert answer["refused"]["code"] in refusals(example.game)
        with pytest.raises(ValueError):
            example.apply(position, sent[answer["applied"]])
