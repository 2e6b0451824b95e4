"""What finished games change for their players: statistics, ratings and the
daily boards, counted once per game.

Run against both implementations (tests/stores.py)."""

from __future__ import annotations

import asyncio
import itertools

import pytest
import redis.asyncio as redis
from stores import (
    DAY,
    REDIS_URL,
    SINCE,
    Stores,
    daily_solitaire,
    gin_game,
    player_record,
    ranked,
    rated_game,
    solitaire_game,
)

from server.host.settlement import record_game
from server.store import Store
from server.store.keys import DAILY_TTL, Keys


async def test_a_finished_game_counts_once_for_its_players(store: Store) -> None:
    ann = "p222222222222"
    assert await store.results.player_stats(ann) == {}
    assert await record_game(store, solitaire_game("g1", ann, True, 600, 1.0))
    assert not await record_game(store, solitaire_game("g1", ann, True, 600, 1.0))
    assert await record_game(store, solitaire_game("g2", ann, False, 90, 2.0))
    line = (await store.results.player_stats(ann))["reflechi_draw1"]
    assert line == {
        "played": 2,
        "won": 1,
        "streak": 0,
        "best_streak": 1,
        "best_score": 600,
        "score_sum": 690,
        "fastest_moves": 120,
        "fastest_ms": 60_000,
    }
    assert [g["id"] for g in await store.results.player_games(ann)] == ["g2", "g1"]


async def test_two_nodes_finishing_one_game_at_once_count_it_once(stores: Stores) -> None:
    a, b = stores.open(), stores.open() if stores.kind == "redis" else None
    b = b or a  # the embedded store has one process: two finishes race on one store
    game = gin_game("g1", ["p222222222222", "p333333333333"], winner=0)
    done = await asyncio.gather(*(record_game(s, game) for s in (a, b, a, b)))
    assert sorted(done) == [False, False, False, True]
    ann = (await a.results.player_stats("p222222222222"))["gin_rummy:human"]
    bob = (await b.results.player_stats("p333333333333"))["gin_rummy:human"]
    assert (ann["matches"], ann["matches_won"], ann["gins"], ann["undercuts_suffered"]) == (
        1,
        1,
        1,
        1,
    )
    assert (bob["matches_won"], bob["undercuts_given"], bob["points"], bob["hands"]) == (
        0,
        1,
        27,
        2,
    )


async def test_a_game_whose_counting_fails_midway_writes_nothing(store: Store) -> None:
    broken = gin_game("g1", ["p222222222222", "p333333333333"], winner=0)
    broken["result"]["hands"][1] = {"kind": "undercut"}  # the second player's fold breaks
    with pytest.raises(KeyError):
        await record_game(store, broken)
    assert await store.results.player_stats("p222222222222") == {}
    assert await store.results.player_games("p222222222222") == []
    assert await record_game(store, gin_game("g1", ["p222222222222", None], winner=0))
    assert (await store.results.player_stats("p222222222222"))["gin_rummy:human"]["matches"] == 1


async def test_a_player_keeps_the_last_fifty_games(store: Store) -> None:
    for i in range(53):
        await record_game(store, solitaire_game(f"g{i:02}", "p222222222222", False, i, float(i)))
    games = await store.results.player_games("p222222222222")
    assert [g["id"] for g in games] == [f"g{i:02}" for i in range(52, 2, -1)]
    assert (await store.results.player_stats("p222222222222"))["reflechi_draw1"]["played"] == 53


async def test_redis_game_counting_keys_expire(redis_stores: Stores, redis_prefix: str) -> None:
    from server.store.keys import COUNTED_TTL, PLAYER_TTL

    store = redis_stores.open()
    await record_game(store, solitaire_game("g1", "p222222222222", True, 600, 1.0))
    client = redis.from_url(REDIS_URL)
    try:
        keys = Keys(redis_prefix)
        assert COUNTED_TTL - 5 <= await client.ttl(keys.counted("g1")) <= COUNTED_TTL
        player = "p222222222222"
        mine = (keys.results_stats(player), keys.results_games(player), keys.settled(player))
        for key in mine:
            assert PLAYER_TTL - 5 <= await client.ttl(key) <= PLAYER_TTL
        assert COUNTED_TTL - 5 <= await client.ttl(keys.settle_plan("g1")) <= COUNTED_TTL
    finally:
        await client.aclose()


async def test_a_rated_match_changes_both_ratings_once(store: Store) -> None:
    from server.players.glicko2 import Rating, match

    ann, bob = "p222222222222", "p333333333333"
    assert await store.results.player_rating(ann) is None
    await record_game(store, rated_game("g1", [ann, bob], 0, 1.0))
    await record_game(store, rated_game("g1", [ann, bob], 0, 1.0))  # a duplicate finish
    await record_game(store, gin_game("g2", [ann, bob], 1, 2.0))  # not rated
    expected = match(Rating(), Rating(), a_won=True)
    for player, want in zip((ann, bob), expected, strict=True):
        got = await store.results.player_rating(player)
        assert got is not None and got["games"] == 1 and got["at"] == SINCE + 1.0
        assert (got["rating"], got["rd"], got["volatility"]) == (
            pytest.approx(want.rating),
            pytest.approx(want.rd),
            pytest.approx(want.volatility),
        )
        assert [p["game"] for p in await store.results.rating_history(player)] == ["g1"]
    assert await store.results.rating_board(10) == []  # a deviation of ~290 is not sure enough


async def test_the_ratings_board_lists_sure_ratings_highest_first_ties_by_id(
    store: Store,
) -> None:
    # Two groups of four, each player on a network of their own, play the same round robin
    # every day: the players of one rank in the two groups get the same rating, and ties go
    # by player id. Each meets three networks, so each rating is established once sure.
    groups = [
        ["p999999999999", "p888888888888", "p777777777777", "p666666666666"],
        ["p444444444444", "p555555555555", "p222222222222", "p333333333333"],
    ]
    for g, group in enumerate(groups):
        for n, player in enumerate(group):
            await store.players.note_network(player, f"net-{g}-{n}", SINCE)
    days = 12
    for day in range(days):
        for group in groups:
            for a, b in itertools.combinations(range(4), 2):
                won = 0 if (a + b + day) % 3 else 1  # the earlier seat wins two in three
                game = f"g{day}-{group[a]}-{group[b]}"
                await record_game(
                    store, rated_game(game, [group[a], group[b]], won, day * 86_400.0)
                )
    ratings = {p: await store.results.player_rating(p) for group in groups for p in group}
    # Every rating moved with each match until it was established (then only against the
    # ratings of its group that were established too).
    assert all(len(r["networks"]) == 3 and r["games"] >= 2 * days for r in ratings.values())
    for first, second in zip(*groups, strict=True):
        assert ratings[first]["rating"] == pytest.approx(ratings[second]["rating"])
    board = await store.results.rating_board(10)
    assert len(board) == 8 and all(e["rd"] < 110 for e in board)
    assert [e["player"] for e in board] == sorted(
        ratings, key=lambda p: (-round(ratings[p]["rating"], 6), p)
    )
    assert board[0]["player"] == "p444444444444"  # tied with p999999999999, and first by id
    assert [e["player"] for e in await store.results.rating_board(1)] == ["p444444444444"]
    history = await store.results.rating_history("p444444444444")
    assert len(history) == ratings["p444444444444"]["games"]


async def test_rated_matches_of_one_pair_count_three_a_day(store: Store) -> None:
    from server.players.ledger import PAIR_RATED_PER_DAY

    ann, bob = "p222222222222", "p333333333333"
    for i in range(PAIR_RATED_PER_DAY + 2):
        players = [ann, bob] if i % 2 else [bob, ann]  # whoever sits where
        await record_game(store, rated_game(f"g{i}", players, 0, float(i)))
    assert (await store.results.player_rating(ann))["games"] == PAIR_RATED_PER_DAY
    games = await store.results.player_games(ann)
    assert [g.get("unrated") for g in games] == ["pair_limit"] * 2 + [None] * 3
    assert [g["rated"] for g in games] == [False] * 2 + [True] * 3
    await record_game(store, rated_game("next-day", [ann, bob], 0, 86_400.0))
    assert (await store.results.player_rating(ann))["games"] == PAIR_RATED_PER_DAY + 1
    await record_game(store, rated_game("other", [ann, "p444444444444"], 0, 10.0))
    assert (await store.results.player_rating(ann))["games"] == PAIR_RATED_PER_DAY + 2


async def test_a_match_is_not_rated_between_identities_of_one_address(store: Store) -> None:
    ann, bob, cy = "p222222222222", "p333333333333", "p444444444444"
    for player, addr in ((ann, "tag-a"), (bob, "tag-a"), (cy, "tag-c")):
        await store.players.create_player({**player_record(player), "addr": addr}, player[1:] * 5)
    await record_game(store, rated_game("g1", [ann, bob], 0, 1.0))
    assert (
        await store.results.player_rating(ann) is None
        and await store.results.player_rating(bob) is None
    )
    assert (await store.results.player_games(ann))[0]["unrated"] == "same_address"
    await record_game(store, rated_game("g3", [ann, cy], 1, 3.0))
    assert (await store.results.player_rating(ann))["games"] == 1


async def test_identities_that_shared_a_network_in_30_days_are_never_rated_together(
    store: Store,
) -> None:
    """Bob, on Ann's network a while ago, says hello from another one (even in the middle of
    the match): they still shared one, whichever each used last."""
    from server.players.ledger import SHARED_NETWORK_DAYS

    ann, bob, cy = "p222222222222", "p333333333333", "p444444444444"
    for player, tag in ((ann, "tag-a"), (bob, "tag-a"), (bob, "tag-b"), (cy, "tag-c")):
        await store.players.note_network(player, tag, SINCE)
    await store.players.note_network(bob, "tag-b", SINCE + 1.5)  # his last hello
    await record_game(store, rated_game("g2", [ann, bob], 0, 2.0))
    assert (
        await store.results.player_rating(ann) is None
        and await store.results.player_rating(bob) is None
    )
    assert (await store.results.player_games(bob))[0]["unrated"] == "same_address"
    await record_game(store, rated_game("g3", [ann, cy], 1, 3.0))
    assert (await store.results.player_rating(ann))["games"] == 1
    # Past the window, the network they shared is forgotten.
    later = SHARED_NETWORK_DAYS * 86_400.0 + 10
    await record_game(store, rated_game("g4", [ann, bob], 0, later))
    assert (await store.results.player_rating(bob))["games"] == 1


async def test_a_player_keeps_a_bounded_history_of_networks(store: Store) -> None:
    from server.players.ledger import NETWORKS_KEPT, SHARED_NETWORK_DAYS

    ann = "p222222222222"
    for n in range(NETWORKS_KEPT + 5):
        await store.players.note_network(ann, f"tag-{n:02}", SINCE + n)
    await store.players.note_network(ann, "tag-00", SINCE + 1)  # an older use changes nothing
    kept = await store.players.networks(ann)
    assert sorted(kept) == [f"tag-{n:02}" for n in range(5, NETWORKS_KEPT + 5)]
    assert kept["tag-10"] == SINCE + 10
    # A use after a month's silence: the month-old networks are forgotten.
    await store.players.note_network(ann, "tag-new", SINCE + SHARED_NETWORK_DAYS * 86_400.0 + 100)
    assert sorted(await store.players.networks(ann)) == ["tag-new"]


async def test_an_aborted_match_or_one_without_a_finished_hand_is_not_rated(
    store: Store,
) -> None:
    ann, bob = "p222222222222", "p333333333333"
    aborted = {**rated_game("g1", [ann, bob], 0, 1.0), "own_moves": [12, 0]}
    no_hand = rated_game("g2", [ann, bob], 0, 2.0)
    no_hand["result"]["hands"] = []
    for game in (aborted, no_hand):
        game["result"]["forfeit"] = 1
        await record_game(store, game)
    assert (
        await store.results.player_rating(ann) is None
        and await store.results.player_rating(bob) is None
    )
    assert [g["unrated"] for g in await store.results.player_games(bob)] == ["no_hand", "aborted"]
    assert (await store.results.player_stats(bob))["gin_rummy:human"]["matches"] == 2
    played = {**rated_game("g3", [ann, bob], 0, 3.0), "own_moves": [1, 1]}
    await record_game(store, played)
    assert (await store.results.player_rating(bob))["games"] == 1


async def test_redis_pair_counts_expire(redis_stores: Stores, redis_prefix: str) -> None:
    from server.players.ledger import PAIR_TTL, utc_day

    store = redis_stores.open()
    await record_game(store, rated_game("g1", ["p333333333333", "p222222222222"], 0, 1.0))
    client = redis.from_url(REDIS_URL)
    try:
        key = Keys(redis_prefix).pair_games(utc_day(SINCE + 1.0), "p222222222222", "p333333333333")
        assert await client.smembers(key) == {b"g1"}
        assert PAIR_TTL - 5 <= await client.ttl(key) <= PAIR_TTL
    finally:
        await client.aclose()


async def test_a_daily_board_orders_won_then_score_then_moves_then_time(store: Store) -> None:
    games = [
        daily_solitaire("g1", "p222222222222", False, 900, 10, 1000),  # lost: last
        daily_solitaire("g2", "p333333333333", True, 500, 100, 9000),
        daily_solitaire("g3", "p444444444444", True, 600, 200, 9000),  # best score
        daily_solitaire("g4", "p555555555555", True, 500, 90, 9000),  # fewer moves
        daily_solitaire("g5", "p666666666666", True, 500, 100, 8000),  # less time
        daily_solitaire("g6", "p777777777777", True, 500, 100, 8000),  # a tie with g5
    ]
    for game in games:
        assert await ranked(store, game)
    board = await store.dailies.daily_board("reflechi_draw1", DAY, 100, "p333333333333")
    assert board["total"] == 6
    assert [(r["rank"], r["game"]) for r in board["rows"]] == [
        (1, "g3"),
        (2, "g4"),
        (3, "g5"),
        (3, "g6"),
        (5, "g2"),
        (6, "g1"),
    ]
    assert board["me"] == {**board["rows"][4], "rank": 5}
    assert board["rows"][0] == {
        "rank": 1,
        "player": "p444444444444",
        "name": "Ann",
        "game": "g3",
        "won": True,
        "score": 600,
        "moves": 200,
        "ms": 9000,
    }
    top = await store.dailies.daily_board("reflechi_draw1", DAY, 3, "p222222222222")
    assert [r["game"] for r in top["rows"]] == ["g3", "g4", "g5"] and top["me"]["rank"] == 6
    nobody = await store.dailies.daily_board("reflechi_draw1", DAY, 0, "p888888888888")
    assert nobody == {"total": 6, "rows": [], "me": None}
    assert (await store.dailies.daily_board("easy_harp", DAY, 100))["total"] == 0


async def test_only_the_first_attempt_of_the_day_is_ranked(store: Store) -> None:
    ann = "p222222222222"
    assert await store.dailies.attempt("reflechi_draw1", DAY, ann) is None
    assert await store.dailies.claim_attempt("reflechi_draw1", DAY, ann, "g1") == "g1"
    assert await store.dailies.claim_attempt("reflechi_draw1", DAY, ann, "g2") == "g1"
    assert await store.dailies.attempt("reflechi_draw1", DAY, ann) == "g1"
    await record_game(store, daily_solitaire("g2", ann, True, 900, 10, 1000))  # practice
    assert (await store.dailies.daily_board("reflechi_draw1", DAY, 10))["total"] == 0
    await record_game(store, daily_solitaire("g1", ann, False, 5, 10, 1000))
    await record_game(store, daily_solitaire("g1", ann, False, 5, 10, 1000))  # counted once
    board = await store.dailies.daily_board("reflechi_draw1", DAY, 10, ann)
    assert board["total"] == 1 and board["me"]["game"] == "g1" and board["me"]["rank"] == 1
    assert (await store.results.player_stats(ann))["reflechi_draw1"]["played"] == 2


async def test_a_first_attempt_claimed_unranked_is_used_up_and_never_ranked(
    store: Store,
) -> None:
    from server.players.boards import claim

    ann = "p222222222222"
    unranked = claim("g1", ranked=False)
    assert await store.dailies.claim_attempt("reflechi_draw1", DAY, ann, unranked) == unranked
    assert await store.dailies.claim_attempt("reflechi_draw1", DAY, ann, "g2") == unranked
    await record_game(store, daily_solitaire("g1", ann, True, 900, 10, 1000))
    await record_game(store, daily_solitaire("g2", ann, True, 900, 10, 1000))
    assert (await store.dailies.daily_board("reflechi_draw1", DAY, 10))["total"] == 0


async def test_the_daily_gin_board_orders_won_then_margin_then_fewer_hands(store: Store) -> None:
    def daily_gin(game_id, player, winner, scores, hands):
        game = gin_game(game_id, [player, None], winner)
        game["seats"][1] = {"kind": "bot", "level": "normal", "name": "Normal bot", "player": None}
        game["result"]["scores"] = scores
        game["result"]["hands"] = game["result"]["hands"][:1] * hands
        return {**game, "daily": DAY}

    left_first = daily_gin("g5", "p666666666666", 1, [0, 0], 0)  # left before moving
    left_first["result"]["forfeit"] = 0
    cut_off = daily_gin("g6", "p777777777777", 1, [49, 100], 2)  # behind by 51, then left
    cut_off["result"]["forfeit"] = 0
    for game in (
        daily_gin("g1", "p222222222222", 1, [60, 100], 3),
        daily_gin("g2", "p333333333333", 0, [100, 20], 4),
        daily_gin("g3", "p444444444444", 0, [100, 20], 3),
        daily_gin("g4", "p555555555555", 0, [110, 0], 6),
        daily_gin("g7", "p888888888888", 1, [37, 100], 5),  # lost by 63 at the table
        left_first,
        cut_off,
    ):
        await ranked(store, game)
    board = await store.dailies.daily_board("gin_rummy", DAY, 10)
    assert [(r["rank"], r["game"], r["margin"], r["forfeit"]) for r in board["rows"]] == [
        (1, "g4", 110, False),
        (2, "g3", 80, False),
        (3, "g2", 80, False),
        (4, "g1", -40, False),
        (5, "g7", -63, False),  # every match played to its end ranks above every forfeit
        (6, "g5", 0, True),
        (7, "g6", -51, True),
    ]


async def test_redis_daily_board_keys_expire(redis_stores: Stores, redis_prefix: str) -> None:
    from server.store.keys import ATTEMPT_TTL

    store = redis_stores.open()
    await ranked(store, daily_solitaire("g1", "p222222222222", True, 5, 10, 1000))
    client = redis.from_url(REDIS_URL)
    try:
        keys = Keys(redis_prefix)
        for key in (
            keys.daily_board("reflechi_draw1", DAY),
            keys.daily_rows("reflechi_draw1", DAY),
        ):
            assert DAILY_TTL - 5 <= await client.ttl(key) <= DAILY_TTL
        key = keys.attempt("reflechi_draw1", DAY, "p222222222222")
        assert ATTEMPT_TTL - 5 <= await client.ttl(key) <= ATTEMPT_TTL
    finally:
        await client.aclose()


async def test_redis_results_counted_before_their_slot_are_read_and_carried_over(
    redis_stores: Stores, redis_prefix: str
) -> None:
    """A player counted under the old untagged keys: their results read as they were, and
    their first count since carries them into the player's own slot."""
    import json

    ann, bob = "p222222222222", "p333333333333"
    store, keys = redis_stores.open(), Keys(redis_prefix)
    await record_game(store, solitaire_game("g0", ann, True, 600, 1.0))
    await record_game(store, rated_game("r0", [ann, bob], 0, 1.5))
    before = {
        "stats": await store.results.player_stats(ann),
        "games": await store.results.player_games(ann),
        "rating": await store.results.player_rating(ann),
        "history": await store.results.rating_history(ann),
    }
    client = redis.from_url(REDIS_URL, decode_responses=True)
    try:  # as the store wrote them before
        old = (keys.stats(ann), keys.games(ann), keys.rating(ann), keys.rating_history(ann))
        new = (
            keys.results_stats(ann),
            keys.results_games(ann),
            keys.results_rating(ann),
            keys.results_history(ann),
        )
        for was, now in zip(old, new, strict=True):
            await client.rename(now, was)
        await client.delete(keys.settled(ann))
        assert {
            "stats": await store.results.player_stats(ann),
            "games": await store.results.player_games(ann),
            "rating": await store.results.player_rating(ann),
            "history": await store.results.rating_history(ann),
        } == before
        await record_game(store, solitaire_game("g1", ann, False, 90, 2.0))
        assert (await store.results.player_stats(ann))["reflechi_draw1"]["played"] == 2
        assert [g["id"] for g in await store.results.player_games(ann)] == ["g1", "r0", "g0"]
        assert await store.results.player_rating(ann) == before["rating"]
        assert await store.results.rating_history(ann) == before["history"]
        assert await client.exists(*new) == len(new)
        assert json.loads(await client.get(keys.results_rating(ann))) == before["rating"]
    finally:
        await client.aclose()
