"""HTTP routes of players: a profile by id, leaderboards. Public: a profile is reached by
its id and shows nothing secret (the secret's hash never leaves the store)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from server.players import identity
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
        stats = await store.player_stats(player_id)
        games = await store.player_games(player_id)
    except Unavailable:
        return _error(503, "unavailable", "The store does not answer; try again shortly.")
    return JSONResponse({**identity.public(record), "stats": derived(stats), "games": games})


ROUTES = [Route("/api/players/{player_id}", player)]
