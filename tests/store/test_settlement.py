"""Counting a finished game in steps (server.host.settlement): a count cut short at any step
(the node died) and tried again leaves each player's results, the pair's rated matches, the
day's board and the rating board exactly as one uninterrupted count does: nothing twice,
nothing lost. Run on both stores (tests/stores.py)."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import pytest
from stores import DAY, SINCE, daily_solitaire, ranked, rated_game

from server.host.settlement import record_game
from server.players import ledger
from server.store import Store

WRITES = {
    "results": ("propose", "settle_player", "count_pair", "set_board_rating", "mark_counted"),
    "dailies": ("rank",),
}
"""The steps a count writes in, each of which a crash may come before."""


class Crash(Exception):
    """The node died here."""


class Crashing:
    """A concern of the store whose ``at``-th write (counting every concern's) crashes."""

    def __init__(self, inner: Any, names: tuple[str, ...], budget: list[int]) -> None:
        self._inner, self._names, self._budget = inner, names, budget

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._inner, name)
        if name not in self._names:
            return method

        async def write(*args: Any, **kwargs: Any) -> Any:
            if self._budget[0] == 0:
                raise Crash(name)
            self._budget[0] -= 1
            return await method(*args, **kwargs)

        return write


class CrashingStore:
    """The store as a count sees it, dying before its ``at``-th write."""

    def __init__(self, store: Store, at: int) -> None:
        budget = [at]
        self.players = store.players
        self.results = Crashing(store.results, WRITES["results"], budget)
        self.dailies = Crashing(store.dailies, WRITES["dailies"], budget)


async def what_counted(store: Store, game: str, players: list[str], pair: bool) -> str:
    """Everything a count changes for ``players``, with the game's and players' ids put as
    placeholders (each try counts a game of its own between players of its own)."""
    seen: dict[str, Any] = {"players": []}
    for p in players:
        seen["players"].append(
            {
                "stats": await store.results.player_stats(p),
                "rating": await store.results.player_rating(p),
                "games": await store.results.player_games(p),
                "history": await store.results.rating_history(p),
            }
        )
    if pair:
        seen["pair"] = await store.results.pair_games(
            ledger.utc_day(SINCE + 5.0), ledger.pair_key((players[0], players[1]))
        )
    board = {r["player"] for r in await store.results.rating_board(1000)}
    seen["on_the_rating_board"] = [p in board for p in players]
    text = json.dumps(seen, sort_keys=True).replace(game, "GAME")
    for n, p in enumerate(players):
        text = text.replace(p, f"PLAYER{n}")
    return text


def rated(n: int) -> tuple[dict[str, Any], list[str]]:
    players = [f"pa{n:010d}", f"pb{n:010d}"]
    return rated_game(f"g-rated-{n}", players, 0, 5.0), players


@pytest.mark.parametrize("kind", ["rated", "daily"])
async def test_a_count_cut_short_at_any_step_and_tried_again_counts_once(
    store: Store, kind: str
) -> None:
    ids = itertools.count()

    async def game_for(n: int) -> tuple[dict[str, Any], list[str]]:
        if kind == "rated":
            return rated(n)
        player = f"pd{n:010d}"
        game = daily_solitaire(f"g-daily-{n}", player, True, 500, 90, 60_000)
        await store.dailies.claim_attempt("reflechi_draw1", DAY, player, game["id"])
        return game, [player]

    game, players = await game_for(next(ids))
    assert await record_game(store, game)
    whole = await what_counted(store, game["id"], players, kind == "rated")
    assert '"matches": 1' in whole or '"played": 1' in whole  # something to compare with
    steps = 0
    for at in itertools.count():
        game, players = await game_for(next(ids))
        try:
            told = await record_game(CrashingStore(store, at), game)  # type: ignore[arg-type]
        except Crash:
            again = await record_game(store, game)
            assert again, f"the count tried again after a crash at write {at} says so"
        else:
            assert told
            steps = at
            break
        assert not await record_game(store, game)  # and once is all
        assert await what_counted(store, game["id"], players, kind == "rated") == whole, at
    assert steps >= 4  # a crash was tried before each of the count's writes


async def test_a_rated_match_counted_while_another_of_its_player_is_counted_keeps_both(
    store: Store,
) -> None:
    """Two games of one player counted at once: each player step folds on the statistics
    as they are when it runs, so neither game's count is lost."""
    one = rated_game("g-one", ["pann0000001", "pbob0000001"], 0, 5.0)
    two = rated_game("g-two", ["pann0000001", "pcyd0000001"], 1, 6.0)
    assert await asyncio.gather(record_game(store, one), record_game(store, two)) == [True, True]
    ann = (await store.results.player_stats("pann0000001"))["gin_rummy:human"]
    assert ann["matches"] == 2
    assert len(await store.results.player_games("pann0000001")) == 2
    assert len(await store.results.rating_history("pann0000001")) == 2
    assert (await store.results.player_rating("pann0000001"))["games"] == 2


async def test_the_daily_row_is_entered_once_though_the_count_is_tried_twice(store: Store):
    game = daily_solitaire("g-d", "pdaily00001", True, 500, 90, 60_000)
    assert await ranked(store, game)
    assert not await ranked(store, game)
    board = await store.dailies.daily_board("reflechi_draw1", DAY, 10)
    assert board["total"] == 1
