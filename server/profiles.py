"""HTTP routes of players: a profile by id, leaderboards. Public: a profile is reached by
its id and shows nothing secret (the secret's hash never leaves the store)."""

from __future__ import annotations

import asyncio
import time

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from server.players import identity, ledger
from server.players.stats import derived
from server.store import Unavailable


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status)


async def player(request: Request) -> JSONResponse:
    """A player's profile: name, member since, statistics per line of play (with shares and
    means), the last games (each a replay id)."""
    store = request.app.state.node.store
    player_id = request.path_params["player_id"]
    if not identity.is_player_id(player_id):
        return _error(404, "no_player", "There is no player with that id.")
    try:
        record = await store.player(player_id)
        if record is None:
            return _error(404, "no_player", "There is no player with that id.")
        stats, games, rating, history = await asyncio.gather(
            store.player_stats(player_id),
            store.player_games(player_id),
            store.player_rating(player_id),
            store.rating_history(player_id),
        )
    except Unavailable:
        return _error(503, "unavailable", "The store does not answer; try again shortly.")
    return JSONResponse(
        {
            **identity.public(record),
            "stats": derived(stats),
            "games": games,
            "rating": None if rating is None else ledger.current(rating, time.time()),
            "rating_history": history[::-1],  # oldest first, as a chart draws it
        }
    )


async def _names(store, player_ids: list[str]) -> dict[str, str | None]:
    records = await asyncio.gather(*(store.player(p) for p in player_ids))
    return {p: (r or {}).get("name") for p, r in zip(player_ids, records, strict=True)}


async def ratings(request: Request) -> JSONResponse:
    """The ratings leaderboard: the 100 best players whose deviation, grown by the time since
    their last rated match, is still under the threshold."""
    store = request.app.state.node.store
    now = time.time()
    try:
        found = await store.rating_board(200)
        sure = [ledger.current(e, now) | {"player": e["player"]} for e in found]
        sure = [e for e in sure if e["rd"] < ledger.RATED_RD][:100]
        names = await _names(store, [e["player"] for e in sure])
    except Unavailable:
        return _error(503, "unavailable", "The store does not answer; try again shortly.")
    rows = [
        {
            "rank": i + 1,
            "player": e["player"],
            "name": names[e["player"]],
            "rating": round(e["rating"]),
            "rd": round(e["rd"]),
            "games": e["games"],
        }
        for i, e in enumerate(sure)
    ]
    return JSONResponse({"threshold": ledger.RATED_RD, "rows": rows})


ROUTES = [
    Route("/api/players/{player_id}", player),
    Route("/api/leaderboards/ratings", ratings),
]
