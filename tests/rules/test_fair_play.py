"""The fair-play rules of ratings and daily boards, as pure functions of a finished game.

What one person with two identities tried, and what each rule answers: a match forfeited
before moving is aborted, not a rated win; a match without a finished hand is not rated;
two identities that used one network within 30 days are never rated against each other; a
pair counts three rated matches a day; a fresh identity's rating is provisional and moves
no established rating; a new identity ranks only once it has finished a game; a forfeit
ranks below every match played to its end; a solitaire attempt is timed from the join."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from server.players import boards, glicko2, ledger
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


END = DAY_START + 3600  # when rated_match() ends
DAYS = 86_400.0


def networks(*tags: str, at: float = END - 60) -> ledger.History:
    return {tag: at for tag in tags}


def established(rating: float = 1818.0, rd: float = 60.0, met=("x", "y", "z")) -> dict:
    """A rating the system is sure of, which has met three networks."""
    return {
        "rating": rating,
        "rd": rd,
        "volatility": 0.06,
        "at": END - 3600,
        "games": 120,
        "networks": list(met),
    }


def test_a_match_played_between_two_addresses_is_rated():
    changes = ledger.settle(rated_match(), {}, addresses={ANN: networks("a"), BOB: networks("b")})
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


def test_identities_that_shared_a_network_in_30_days_are_not_rated_together():
    same = {ANN: networks("home"), BOB: networks("home")}
    assert ledger.settle(rated_match(), {}, addresses=same).unrated == "same_address"
    # Bob said hello from his phone's network in the middle of the match: they still shared
    # the home network, whichever each used last.
    moved = {ANN: networks("home"), BOB: {"home": END - 1800, "phone": END - 60}}
    changes = ledger.settle(rated_match(), {}, addresses=moved)
    assert changes.unrated == "same_address" and changes.ratings == {}
    # Not at the same time: a network each used on a different day of the month counts.
    apart = {ANN: {"cafe": END - 20 * DAYS}, BOB: {"cafe": END - 2 * DAYS, "home": END}}
    assert ledger.settle(rated_match(), {}, addresses=apart).unrated == "same_address"
    # A month on, a network shared once is forgotten.
    old = {ANN: {"cafe": END - 31 * DAYS, "a": END}, BOB: {"cafe": END - 31 * DAYS, "b": END}}
    assert ledger.settle(rated_match(), {}, addresses=old).unrated is None
    unknown = ledger.settle(rated_match(), {}, addresses={})
    assert unknown.unrated is None  # records made before networks were kept


# ---- provisional ratings ---------------------------------------------------------------


def test_a_fresh_rating_is_provisional_until_sure_and_three_networks_met():
    now = END
    assert ledger.provisional(None, now)
    assert ledger.provisional(ledger.new_rating(), now)
    assert not ledger.provisional(established(), now)
    assert ledger.provisional(established(met=("x", "y")), now)  # two networks: one person
    assert ledger.provisional(established(rd=ledger.PROVISIONAL_RD), now)
    # A year away widens the deviation again: provisional until it is sure once more.
    assert ledger.provisional(established(), now + 365 * DAYS)
    # Kept before networks were counted: its deviation alone decides.
    legacy = {k: v for k, v in established().items() if k != "networks"}
    assert not ledger.provisional(legacy, now)


def test_a_newcomer_is_rated_from_the_first_game_and_a_win_over_one_earns_nothing():
    mark = established()
    ratings = {ANN: mark, BOB: None}
    far = {ANN: networks("a"), BOB: networks("b")}
    changes = ledger.settle(rated_match(), {}, ratings, addresses=far)  # Ann beats Bob
    assert ANN not in changes.ratings and ANN not in changes.history
    assert changes.games[ANN]["unrated"] == "provisional_opponent"
    assert changes.games[ANN]["rated"] is False and changes.pair_counted
    bob = changes.ratings[BOB]
    want, _ = glicko2.match(
        glicko2.Rating(), glicko2.Rating(1818.0, 60.0, 0.06), a_won=False, b_idle=3600.0
    )
    assert bob["rating"] == want.rating and bob["rd"] == want.rd and bob["games"] == 1
    assert bob["networks"] == ["a"] and changes.games[BOB]["rated"] is True
    # The newcomer wins: a loss costs the established player as Glicko-2 says (nobody can
    # lose on her behalf; losing on purpose to pump a fresh identity costs her).
    upset = ledger.settle(rated_match(result={"winner": 1}), {}, ratings, addresses=far)
    assert upset.ratings[BOB]["rating"] > 1500
    _, hers = glicko2.match(
        glicko2.Rating(), glicko2.Rating(1818.0, 60.0, 0.06), a_won=True, b_idle=3600.0
    )
    assert upset.ratings[ANN]["rating"] == hers.rating < 1818.0
    assert upset.games[ANN]["rated"] is True and "unrated" not in upset.games[ANN]


def test_two_established_players_are_rated_as_glicko_2_says():
    ratings = {ANN: established(1700.0, 80.0), BOB: established(1650.0, 90.0, ("p", "q", "r"))}
    far = {ANN: networks("a"), BOB: networks("b")}
    changes = ledger.settle(rated_match(), {}, ratings, addresses=far)
    a, b = glicko2.match(
        glicko2.Rating(1700.0, 80.0, 0.06),
        glicko2.Rating(1650.0, 90.0, 0.06),
        a_won=True,
        a_idle=3600.0,
        b_idle=3600.0,
    )
    assert changes.ratings[ANN]["rating"] == a.rating and changes.ratings[BOB]["rating"] == b.rating
    assert changes.ratings[ANN]["networks"] == ["x", "y", "z"]  # three met: no more kept


def test_two_newcomers_rate_each_other_and_count_the_networks_they_met():
    far = {ANN: networks("a"), BOB: {"b-old": END - 5 * DAYS, "b": END - 10}}
    changes = ledger.settle(rated_match(), {}, {}, addresses=far)
    assert changes.ratings[ANN]["networks"] == ["b"]  # the one Bob played from
    assert changes.ratings[BOB]["networks"] == ["a"]
    again = ledger.settle(
        rated_match(),
        {},
        {ANN: changes.ratings[ANN]},
        addresses={ANN: networks("a"), BOB: networks("b")},
    )
    assert again.ratings[ANN]["networks"] == ["b"]  # met already


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.booleans(), st.sampled_from(["phone", "home", "cafe"])),
        min_size=1,
        max_size=60,
    )
)
def test_no_run_of_fresh_identities_raises_an_established_rating(games):
    """The farm: one person beats (or loses to) fresh identities, one after another, each
    from one of a few networks of their own; the established rating never goes up (a win
    moves it not at all, a loss down), and each fresh one is rated from its first game."""
    mark = established()
    for n, (mark_wins, network) in enumerate(games):
        fresh = f"p{n:012d}"
        replay = rated_match(result={"winner": 0 if mark_wins else 1})
        replay["seats"][1] = {**replay["seats"][1], "player": fresh}
        far = {ANN: networks("mark-home"), fresh: networks(network)}
        changes = ledger.settle(replay, {}, {ANN: mark, fresh: None}, addresses=far)
        assert (ANN in changes.ratings) != mark_wins
        mark = changes.ratings.get(ANN, mark)
        assert mark["rating"] <= 1818.0
        assert changes.ratings[fresh]["games"] == 1
        assert (changes.ratings[fresh]["rating"] > 1500) != mark_wins


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
