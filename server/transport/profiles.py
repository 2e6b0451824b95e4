"""HTTP routes of players: a profile by id, leaderboards. Public: a profile is reached by
its id and shows nothing secret (the secret's hash never leaves the store)."""

from __future__ import annotations

import asyncio
import datetime as dt
import time

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from server.players import boards, identity, ledger
from server.players.stats import derived
from server.store import Unavailable


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status)


async def player(request: Request) -> JSONResponse:
    """A player's profile: name, member since, statistics per line of play (with shares and
    means), the last games (each a replay id)."""
    store = request.app.state.services.store
    player_id = request.path_params["player_id"]
    if not identity.is_player_id(player_id):
        return _error(404, "player_not_found", "There is no player with that id.")
    try:
        record = await store.players.player(player_id)
        if record is None:
            return _error(404, "player_not_found", "There is no player with that id.")
        today = _today(request)
        stats, games, rating, history, *ranks = await asyncio.gather(
            store.results.player_stats(player_id),
            store.results.player_games(player_id),
            store.results.player_rating(player_id),
            store.results.rating_history(player_id),
            *(store.dailies.daily_board(b, today, 0, player_id) for b in boards.BOARDS),
        )
    except Unavailable:
        return _error(503, "unavailable", "The store does not answer; try again shortly.")
    return JSONResponse(
        {
            **identity.public(record),
            "stats": derived(stats),
            # Today's daily games keep their ids to themselves until the day ends, as their
            # replays do (an id would let anyone open the finished room's table).
            "games": [{**g, "id": None} if (g.get("daily") or "") >= today else g for g in games],
            "rating": None if rating is None else _rating(rating, time.time()),
            "rating_history": history[::-1],  # oldest first, as a chart draws it
            "today": {
                "date": today,
                "ranks": {
                    b: {"rank": r["me"]["rank"], "total": r["total"]}
                    for b, r in zip(boards.BOARDS, ranks, strict=True)
                    if r["me"] is not None
                },
            },
        }
    )


def _rating(record: dict, now: float) -> dict:
    """A rating as shown: its deviation grown by the idle time, whether it is provisional
    (and how many networks it still has to meet), without the networks themselves."""
    shown = {k: v for k, v in ledger.current(record, now).items() if k != "networks"}
    met = record.get("networks")
    shown["provisional"] = ledger.provisional(record, now)
    shown["networks_to_meet"] = (
        max(0, ledger.NETWORKS_TO_ESTABLISH - len(met or ())) if met is not None else 0
    )
    return shown


def _today(request: Request) -> str:
    """Today by the node's clock (``CARDROOM_TODAY`` in tests), as the daily deals and the
    replays' opening see it: one notion of today everywhere."""
    return request.app.state.services.dailies.today().isoformat()


async def daily_board(request: Request) -> JSONResponse:
    """A daily leaderboard (``?date=YYYY-MM-DD``, default today; ``?player=`` for their own
    rank): the top 100 and, once the day is over, each ranked game's replay."""
    store = request.app.state.services.store
    board = request.path_params["game"]
    if board not in boards.BOARDS:
        return _error(404, "no_board", f"The daily boards are {', '.join(boards.BOARDS)}.")
    today = _today(request)
    date = request.query_params.get("date", today)
    try:
        if not boards.DATE.match(date):
            raise ValueError(date)
        dt.date.fromisoformat(date)
    except ValueError:
        return _error(400, "bad_date", "A date is written YYYY-MM-DD.")
    player_id = request.query_params.get("player")
    if player_id is not None and not identity.is_player_id(player_id):
        return _error(400, "bad_field", "That is not a player id.")
    try:
        found = await store.dailies.daily_board(board, date, boards.TOP, player_id)
    except Unavailable:
        return _error(503, "unavailable", "The store does not answer; try again shortly.")
    over = date < today  # a daily game's replay opens when its UTC day ends

    def shown(row: dict | None) -> dict | None:
        if row is None:
            return None
        return {**row, "game": row["game"] if over else None}

    return JSONResponse(
        {
            "board": board,
            "date": date,
            "over": over,
            "total": found["total"],
            "rows": [shown(r) for r in found["rows"]],
            "me": shown(found["me"]),
        }
    )


async def _names(store, player_ids: list[str]) -> dict[str, str | None]:
    records = await asyncio.gather(*(store.players.player(p) for p in player_ids))
    return {p: (r or {}).get("name") for p, r in zip(player_ids, records, strict=True)}


async def ratings(request: Request) -> JSONResponse:
    """The ratings leaderboard: the 100 best players whose deviation, grown by the time since
    their last rated match, is still under the threshold."""
    store = request.app.state.services.store
    now = time.time()
    try:
        found = await store.results.rating_board(200)
        sure = [ledger.current(e, now) | {"player": e["player"]} for e in found]
        sure = [e for e in sure if ledger.on_the_board(e)][:100]
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
    Route("/api/leaderboards/daily/{game}", daily_board),
]
