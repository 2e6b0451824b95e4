"""The steps a finished game is counted in (server.store.results): each atomic, each done
once however often it is asked. Run against both implementations (tests/stores.py)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from stores import DAY

from server.store import Store
from server.store.embedded import EmbeddedStore
from server.store.embedded.players import sweep
from server.store.keys import COUNTED_TTL
from server.store.results import Kept, Settled

KEPT = Kept(games=3, points=2)


def adding(game: str, rating: float | None = None, seen: list | None = None):
    """A fold that counts one more game, and sets the rating when given one; it notes what
    it was handed in ``seen``."""

    def fold(stats: dict[str, Any] | None, record: dict[str, Any] | None) -> Settled:
        if seen is not None:
            seen.append((stats, record))
        played = (stats or {}).get("line", {}).get("played", 0)
        new = None if rating is None else {"rating": rating, "rd": 60.0, "games": played + 1}
        point = None if rating is None else {"at": 1.0, "rating": rating, "game": game}
        return Settled({"line": {"played": played + 1}}, {"id": game}, new, point)

    return fold


async def test_a_players_step_is_done_once_per_game_on_what_is_stored_now(store: Store):
    seen: list = []
    assert await store.results.settle_player("g1", "pann", adding("g1", seen=seen), KEPT)
    assert not await store.results.settle_player("g1", "pann", adding("g1", seen=seen), KEPT)
    assert seen == [(None, None)]  # the second was not even folded
    assert await store.results.settle_player("g2", "pann", adding("g2", 1600.0, seen), KEPT)
    assert seen[-1] == ({"line": {"played": 1}}, None)
    assert await store.results.player_stats("pann") == {"line": {"played": 2}}
    assert (await store.results.player_rating("pann"))["rating"] == 1600.0
    assert [g["id"] for g in await store.results.player_games("pann")] == ["g2", "g1"]
    assert [p["game"] for p in await store.results.rating_history("pann")] == ["g2"]


async def test_a_players_last_games_and_points_are_kept_as_asked(store: Store):
    for n in range(5):
        await store.results.settle_player(f"g{n}", "pbob", adding(f"g{n}", 1500.0 + n), KEPT)
    assert [g["id"] for g in await store.results.player_games("pbob")] == ["g4", "g3", "g2"]
    assert [p["game"] for p in await store.results.rating_history("pbob")] == ["g4", "g3"]


async def test_one_game_settled_for_one_player_from_two_places_at_once_counts_once(
    store: Store,
):
    done = await asyncio.gather(
        *(store.results.settle_player("g1", "pcyd", adding("g1"), KEPT) for _ in range(4))
    )
    assert sorted(done) == [False, False, False, True]
    assert await store.results.player_stats("pcyd") == {"line": {"played": 1}}


async def test_the_first_plan_proposed_for_a_game_is_kept(store: Store):
    assert await store.results.propose("g1", {"n": 1}) == {"n": 1}
    assert await store.results.propose("g1", {"n": 2}) == {"n": 1}
    assert await store.results.propose("g2", {"n": 2}) == {"n": 2}


async def test_a_pairs_game_of_the_day_counts_once(store: Store):
    pair = ("pa", "pb")
    assert await store.results.pair_games(DAY, pair) == 0
    await store.results.count_pair(DAY, pair, "g1")
    await store.results.count_pair(DAY, pair, "g1")
    await store.results.count_pair(DAY, pair, "g2")
    assert await store.results.pair_games(DAY, pair) == 2
    assert await store.results.pair_games(DAY, ("pa", "pc")) == 0


async def test_a_game_is_marked_counted_once(store: Store):
    assert not await store.results.counted("g1")
    assert await asyncio.gather(*(store.results.mark_counted("g1") for _ in range(3))) in (
        [True, False, False],
        [False, True, False],
        [False, False, True],
    )
    assert await store.results.counted("g1")


async def test_the_rating_board_holds_whom_it_is_told_highest_first(store: Store):
    for player, rating in (("pa", 1500.0), ("pb", 1700.0), ("pc", 1600.0)):
        await store.results.settle_player("g-" + player, player, adding("g", rating), KEPT)
        await store.results.set_board_rating(player, rating)
    await store.results.set_board_rating("pc", None)  # taken off
    board = await store.results.rating_board(10)
    assert [(r["player"], r["rating"]) for r in board] == [("pb", 1700.0), ("pa", 1500.0)]
    assert [r["player"] for r in await store.results.rating_board(1)] == ["pb"]


async def test_a_row_on_a_days_board_is_entered_once(store: Store):
    board = "reflechi_draw1"
    assert await store.dailies.board_size(board, DAY) == 0
    assert await store.dailies.rank(board, DAY, "pa", 900.0, {"player": "pa", "score": 900})
    assert not await store.dailies.rank(board, DAY, "pa", 950.0, {"player": "pa", "score": 950})
    assert await store.dailies.rank(board, DAY, "pb", 800.0, {"player": "pb", "score": 800})
    assert await store.dailies.board_size(board, DAY) == 2
    shown = await store.dailies.daily_board(board, DAY, 10, "pb")
    assert [r["score"] for r in shown["rows"]] == [900, 800]
    assert shown["me"]["rank"] == 2


async def test_the_embedded_store_forgets_the_counts_steps_when_their_time_is_over(tmp_path):
    """What Redis lets expire (a game's plan, a player's settled marks, a pair's games of a
    day), the embedded store deletes in the sweep that runs as a game is marked counted."""
    store = EmbeddedStore(str(tmp_path / "sweep.sqlite3"))
    try:
        await store.results.propose("g1", {"n": 1})
        await store.results.settle_player("g1", "pann", adding("g1"), KEPT)
        await store.results.count_pair(DAY, ("pa", "pb"), "g1")
        tables = ("settlements", "settled", "pair_games")

        async def rows() -> list[int]:
            counts = []
            for table in tables:
                (n,) = (
                    await store.sqlite.run(store.sqlite.query, f"SELECT COUNT(*) FROM {table}")
                )[0]
                counts.append(n)
            return counts

        assert await rows() == [1, 1, 1]
        await store.sqlite.run(store.sqlite.transaction, lambda db: sweep(db, time.time()))
        assert await rows() == [1, 1, 1]  # still in their time
        later = time.time() + COUNTED_TTL + 3 * 86_400  # past the plan's, the mark's, the day's
        await store.sqlite.run(store.sqlite.transaction, lambda db: sweep(db, later))
        assert await rows() == [0, 0, 0]
    finally:
        await store.close()
