"""Counting a finished game for its players: exactly once, in steps that each change one
thing atomically and can be repeated (so that no step spans two Redis Cluster slots, and a
crash between steps leaves nothing counted twice or lost).

1. If the game is marked counted, nothing is done.
2. The *plan*: what the rules (:func:`server.players.ledger.settle`) need besides the
   players' own statistics and ratings, as stored when the game is first counted: both
   ratings before it, both players' networks, the pair's rated matches that day, each
   player's claimed first attempt at the day's board and the board's size. The first plan
   proposed for a game is kept (:meth:`~server.store.results.ResultStore.propose`) and every
   later try works from it: the decisions it leads to (rated or not and why, ranked or not)
   are the same however often, and wherever, the count is tried again.
3. Each player's step: the rules run on the plan with that player's own statistics and
   rating *as they are now* (another game of theirs may have been counted meanwhile), and
   the store writes the player's part (statistics, rating, last games, rating history) with
   a per-game mark, atomically, once.
4. The steps beside the players' (each once by construction): the game among the pair's
   rated matches of the day, the ranked players' rows on the day's board, each rated
   player's place on the rating board as their rating stands.
5. The *counted* mark: the caller that sets it is told True.

Why this counts once: every step is done at most once per game (a mark in the same atomic
write, or a write that a second time changes nothing), and a try that stops anywhere is
finished by the next try of the same game (the room's next driver finishes the room again
after a crash, and counting comes before the room is retired), from the same plan.
"""

from __future__ import annotations

from typing import Any

from server.players import ledger
from server.store import Store
from server.store.base import with_last
from server.store.results import Kept, Settled

KEPT = Kept(games=ledger.RECENT_GAMES, points=ledger.RATING_HISTORY)


async def record_game(store: Store, replay: dict[str, Any]) -> bool:
    """Count ``replay`` for its identified players (see the module): True if this call
    counted it, False if it had been counted already."""
    game = replay["id"]
    if await store.results.counted(game):
        return False
    want = ledger.wanted(replay)
    if want.players:
        plan = await store.results.propose(game, await _plan(store, replay, want))
        for player in want.players:
            await store.results.settle_player(game, player, _fold(replay, plan, player), KEPT)
        await _beside(store, replay, want, plan)
    return await store.results.mark_counted(game)


async def _plan(store: Store, replay: dict[str, Any], want: ledger.Wanted) -> dict[str, Any]:
    """What the rules need besides each player's own statistics and rating, as stored now."""
    plan: dict[str, Any] = {"ratings": {}, "addresses": {}, "pair_count": 0}
    if want.rated is not None:
        for player in want.rated:
            plan["ratings"][player] = await store.results.player_rating(player)
            networks = await store.players.networks(player)
            plan["addresses"][player] = with_last(networks, await store.players.player(player))
        pair = ledger.pair_key(want.rated)
        assert want.day is not None
        plan["pair_count"] = await store.results.pair_games(want.day, pair)
    plan["attempts"], plan["board_size"] = {}, 0
    if want.board is not None:
        for player in want.players:
            plan["attempts"][player] = await store.dailies.attempt(*want.board, player)
        plan["board_size"] = await store.dailies.board_size(*want.board)
    return plan


def _changes(
    replay: dict[str, Any],
    plan: dict[str, Any],
    stats: dict[str, Any] | None = None,
    ratings: dict[str, Any] | None = None,
) -> ledger.Changes:
    """The rules on the plan, with some players' statistics and ratings as they are now."""
    return ledger.settle(
        replay,
        stats=stats or {},
        ratings={**plan["ratings"], **(ratings or {})},
        attempts=plan["attempts"],
        board_size=plan["board_size"],
        addresses=plan["addresses"],
        pair_count=plan["pair_count"],
    )


def _fold(replay: dict[str, Any], plan: dict[str, Any], player: str):
    """The player's step: the rules with their statistics and rating as they are now."""

    def fold(stats: dict[str, Any] | None, rating: dict[str, Any] | None) -> Settled:
        own = {player: rating} if rating is not None or player in plan["ratings"] else {}
        changes = _changes(replay, plan, {player: stats}, own)
        return Settled(
            stats=changes.stats[player],
            game=changes.games[player],
            rating=changes.ratings.get(player),
            point=changes.history.get(player),
        )

    return fold


async def _beside(
    store: Store, replay: dict[str, Any], want: ledger.Wanted, plan: dict[str, Any]
) -> None:
    """The steps beside the players' own: the pair's count, the day's board, the rating
    board. Each is the same the second time."""
    decided = _changes(replay, plan)
    if decided.pair_counted:
        assert want.rated is not None and want.day is not None
        await store.results.count_pair(want.day, ledger.pair_key(want.rated), replay["id"])
    if want.board is not None:
        for player, (score, row) in decided.ranked.items():
            await store.dailies.rank(*want.board, player, score, row)
    for player in want.rated or ():
        rating = await store.results.player_rating(player)
        on = rating is not None and ledger.on_the_board(rating)
        await store.results.set_board_rating(player, rating["rating"] if on else None)
