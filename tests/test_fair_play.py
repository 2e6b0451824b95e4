"""The fair-play rules of ratings and daily boards, as pure functions of a finished game.

What one person with two identities tried, and what each rule answers: a match forfeited
before moving is aborted, not a rated win; a match without a finished hand is not rated;
two identities of one address are never rated against each other; a pair counts three rated
matches a day; a new identity ranks only once it has finished a game; a forfeit ranks below
every match played to its end; a solitaire attempt is timed from the join."""

from __future__ import annotations

import datetime as dt

from server.players import boards, ledger
from server.rooms import make_room
from server.rooms.gin import default_action
from server.rooms.room import new_token

ANN, BOB = "p222222222222", "p333333333333"
DAY = "2026-12-03"
DAY_START = dt.datetime(2026, 12, 3, tzinfo=dt.UTC).timestamp()


def rated_match(**changes) -> dict:
    hand = {"hand": 1, "dealer": 0, "kind": "knock", "winner": 0, "points": 12}
    replay = {
        "id": "r1",
        "game": "gin_rummy",
        "rated": True,
        "seats": [
            {"kind": "human", "level": None, "name": "Ann", "player": ANN},
            {"kind": "human", "level": None, "name": "Bob", "player": BOB},
        ],
        "result": {"winner": 0, "scores": [12, 0], "forfeit": None, "hands": [hand]},
        "finished_at": DAY_START + 3600,
        "daily": None,
        "own_moves": [14, 13],
    }
    result = changes.pop("result", {})
    return {**replay, **changes, "result": {**replay["result"], **result}}


def test_a_match_played_between_two_addresses_is_rated():
    changes = ledger.settle(rated_match(), {}, addresses={ANN: "a", BOB: "b"})
    assert changes.unrated is None and changes.pair_counted
    assert set(changes.ratings) == {ANN, BOB}
    assert changes.games[ANN]["rated"] is True and "unrated" not in changes.games[ANN]


def test_a_match_a_seat_left_before_its_first_move_is_aborted():
    left = rated_match(own_moves=[3, 0], result={"forfeit": 1, "hands": []})
    changes = ledger.settle(left, {})
    assert changes.unrated == "aborted" and changes.ratings == {} and not changes.pair_counted
    assert changes.games[ANN] | {"rated": False, "unrated": "aborted"} == changes.games[ANN]


def test_the_turn_clocks_moves_are_not_a_seats_own():
    """A seat whose every move the clock played (forfeits by timeouts, 1-second turns) made
    no move of its own: the room counts only entries that are not automatic."""
    room = make_room(
        "r1",
        {
            "game": "gin_rummy",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "seed": 5,
            "turn_seconds": 1,
            "rated": True,
            "target": 100,
        },
    )
    for seat, player in enumerate((ANN, BOB)):
        room.apply(room.join_entry(seat, "P", new_token(), player))
    to_act = room.match.to_act
    room.apply(room.act_entry(to_act, default_action(room.match, to_act), None, auto=True))
    to_act = room.match.to_act
    room.apply(room.act_entry(to_act, default_action(room.match, to_act), "c1"))
    own = [0, 0]
    own[to_act] = 1
    assert room.own_moves() == own
    assert room.replay(0.0)["own_moves"] == own


def test_a_match_without_a_finished_hand_is_not_rated():
    changes = ledger.settle(rated_match(result={"forfeit": 1, "hands": []}), {})
    assert changes.unrated == "no_hand" and changes.ratings == {}


def test_identities_that_last_connected_from_one_address_are_not_rated_together():
    changes = ledger.settle(rated_match(), {}, addresses={ANN: "same", BOB: "same"})
    assert changes.unrated == "same_address" and changes.ratings == {}
    unknown = ledger.settle(rated_match(), {}, addresses={ANN: None, BOB: None})
    assert unknown.unrated is None  # records made before addresses were kept


def test_a_pair_counts_a_few_rated_matches_a_day():
    under = ledger.settle(rated_match(), {}, pair_count=ledger.PAIR_RATED_PER_DAY - 1)
    over = ledger.settle(rated_match(), {}, pair_count=ledger.PAIR_RATED_PER_DAY)
    assert under.unrated is None and over.unrated == "pair_limit" and over.ratings == {}
    assert ledger.pair_key((BOB, ANN)) == ledger.pair_key((ANN, BOB))
    assert ledger.wanted(rated_match()).day == DAY


def test_a_replay_without_own_moves_is_taken_as_played():
    old = rated_match()
    del old["own_moves"]
    assert ledger.settle(old, {}).unrated is None


def test_a_new_identity_ranks_once_it_has_finished_a_game():
    old = {"created": DAY_START - 1}
    new = {"created": DAY_START + 10}
    assert boards.eligible(old, {}, DAY)
    assert not boards.eligible(new, {}, DAY)
    assert not boards.eligible(new, {"easy_harp": {"played": 3, "won": 0}}, DAY)
    assert not boards.eligible(new, {"gin_rummy:easy": {"matches": 2, "hands": 0}}, DAY)
    assert boards.eligible(new, {"reflechi_draw1": {"played": 1, "won": 1}}, DAY)
    assert boards.eligible(new, {"gin_rummy:human": {"matches": 1, "hands": 1}}, DAY)


def test_a_claim_says_its_room_and_whether_it_ranks():
    assert boards.claimed(boards.claim("abc", True)) == ("abc", True)
    assert boards.claimed(boards.claim("abc", False)) == ("abc", False)
    daily = {**rated_match(daily=DAY, rated=False), "id": "abc"}
    daily["seats"][1] = {"kind": "bot", "level": "normal", "name": "Bot", "player": None}
    assert ANN in ledger.settle(daily, {}, attempts={ANN: boards.claim("abc", True)}).ranked
    assert ledger.settle(daily, {}, attempts={ANN: boards.claim("abc", False)}).ranked == {}


def test_a_forfeit_ranks_below_every_match_played_to_its_end():
    def daily(scores, winner, forfeit):
        replay = rated_match(daily=DAY, result={"scores": scores, "winner": winner})
        replay["result"]["forfeit"] = forfeit
        return boards.entry(replay, 0)

    lost_by_a_lot, _ = daily([0, 200], 1, None)
    left_unplayed, row = daily([0, 0], 1, 0)
    left_ahead, _ = daily([90, 0], 1, 0)
    assert lost_by_a_lot > left_ahead > left_unplayed
    assert row["forfeit"] is True


def test_a_solitaire_attempt_is_timed_from_the_join():
    replay = {"joined_ms": 1_000, "started_ms": 50_000, "ended_ms": 80_000}
    assert boards.attempt_ms(replay) == 79_000
    assert boards.attempt_ms({"started_ms": 50_000, "ended_ms": 80_000}) == 30_000
