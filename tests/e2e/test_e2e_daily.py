"""Today's solitaire deals end to end: real server processes, real WebSocket clients, real
stores. Nothing sent to the player (or to anyone watching) of today's deal names it before
the day is over; after it, its daily code rebuilds the deal and the replay opens; every node
on one Redis deals the same. "Today" is the servers' clock (``CARDROOM_TODAY``): the next
day is a server started with the next date on the same store, not a wait."""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
from collections import Counter
from typing import Any

from e2e_play import connect
from test_e2e_solitaire import codes_in, shown_cards

from protocol.client import ClientError
from protocol.diff import apply
from server.games.solitaire import variant_for
from server.games.solitaire.deals import daily_code, decode_daily
from server.services.dailies import day_seed

SECRET = "secret b"  # its deals of DAY are proved winnable at the first candidate, in ms
DAY, NEXT = "2026-12-01", "2026-12-02"
CODE = "TF1-D3N-D20261201"


def stored(db: str, key: str) -> dict[str, Any]:
    with sqlite3.connect(db) as conn:
        (body,) = conn.execute("SELECT body FROM daily WHERE key = ?", (key,)).fetchone()
    return json.loads(body)


def secrets_of(deal: dict[str, Any]) -> list[str]:
    """What would give the deal away: its code, its seed, its deck order, the stock's
    order, its winning line (as they would look in any message: JSON, upper case)."""
    variant = variant_for(deal["game"], deal["draw"])
    day = decode_daily(CODE)[1]
    seed = day_seed(hashlib.sha256(SECRET.encode()).digest(), f"{deal['game']}-3", day)
    dealt = sum(range(1, variant.columns + 1))
    return [
        daily_code(variant, day),
        "D20261201",
        str(seed),
        f"{seed:X}",
        json.dumps(deal["order"]),
        json.dumps(deal["order"][dealt:]),
        json.dumps(deal["line"][:3]),
    ]


def leaked(value: Any, secrets: list[str]) -> list[str]:
    text = json.dumps(value, ensure_ascii=False).upper()
    return [s for s in secrets if s.upper() in text]


def check_stream(messages: list[dict[str, Any]], room: str, secrets: list[str]) -> int:
    """Every message names nothing of the deal, and shows no card the view does not show."""
    view = None
    for message in messages:
        assert not leaked(message, secrets), message
        if message.get("room") == room and message["t"] in ("snapshot", "patch"):
            view = message["view"] if message["t"] == "snapshot" else apply(view, message["ops"])
            assert view["game"]["code"] is None and view["game"]["number"] is None
            assert not Counter(codes_in(message)) - shown_cards(view)
        else:
            assert not list(codes_in(message)), message  # ok, error: never a card
    return len(messages)


async def refused(client, **options) -> tuple[str, str]:
    try:
        await client.create([], **options)
    except ClientError as error:
        return error.code, error.message
    raise AssertionError(f"{options} was not refused")


async def test_todays_deal_is_never_named_until_the_day_is_over_then_its_code_rebuilds_it(
    server_env, make_server
):
    env = {**server_env, "CARDROOM_DAILY_SECRET": SECRET, "CARDROOM_TODAY": DAY}
    today = make_server(env)
    player = await connect(today.ws)
    room = await player.create([], game="reflechi", draw=3, daily=True, public=True)
    await player.join(room, 0, "Solo")
    watcher = await connect(today.ws)
    await watcher.watch(room)
    deal = stored(env["CARDROOM_DB"], f"reflechi-3:{DAY}")
    secrets = secrets_of(deal)
    first = player.rooms[room].view
    assert first["room"]["daily"] == DAY and first["room"]["public"] is False

    # Its code, tomorrow's and one nobody dealt: refused, the same way whatever is stored.
    before = {await refused(player, game="reflechi", code=c) for c in (CODE, "tf1-d3n-d20261202")}
    assert before == {("daily_not_over", "A day's deal opens when the day is over (UTC).")}
    assert (await refused(player, game="reflechi", code="TF1-D3N-D20200101"))[0] == "bad_deal"

    line = deal["line"]
    for action in line[: len(line) // 2]:
        await player.act(room, action)
    for ask in ("hint", "winnable"):  # answered as for any game
        answer = await player.request(ask, room=room)
        assert answer["verdict"] in ("winnable", "unknown") and "line" not in answer
    for action in line[len(line) // 2 :]:
        await player.act(room, action)
    state = await player.wait(room, lambda s: s.view["room"]["status"] == "finished")
    assert state.view["game"]["won"] is True
    await watcher.wait(room, lambda s: s.view["room"]["status"] == "finished")
    late = await connect(today.ws)
    await late.watch(room)  # a finished game of a day not over

    http = {path: today.get(path) for path in ("/api/daily", "/api/lobby", "/api/replays")}
    for path in (f"/api/replays/{room}", f"/api/replays/{room}/frames"):
        http[path] = today.get(path)
        assert http[path] == (
            403,
            {
                "code": "daily_not_over",
                "message": "Today's deal is replayable from tomorrow (UTC).",
            },
        )
    assert room not in json.dumps(http["/api/replays"]) and room not in json.dumps(
        http["/api/lobby"]
    )
    assert not leaked(http, secrets)
    checked = sum(check_stream(c.received, room, secrets) for c in (player, watcher, late))
    assert checked > 2 * len(line)  # every patch the player and the watcher got
    today.stop()

    # The next day, on the same store: the code and the replay are public.
    tomorrow = make_server({**env, "CARDROOM_TODAY": NEXT})
    status, replay = tomorrow.get(f"/api/replays/{room}")
    assert status == 200 and replay["daily"] == DAY and replay["result"]["code"] == CODE
    assert replay["options"]["order"] == deal["order"] and replay["result"]["won"] is True
    status, frames = tomorrow.get(f"/api/replays/{room}/frames")
    assert status == 200 and frames["first"] == {**first["game"], "code": CODE}
    status, daily = tomorrow.get("/api/daily")
    # (/api/daily on DAY had every deal of the day found: each has its code now.)
    assert daily["yesterday"] == {
        "date": DAY,
        "solitaires": {
            "easy_harp": "EH1-N-D20261201",
            "reflechi_draw1": "TF1-D1N-D20261201",
            "reflechi_draw3": CODE,
        },
    }
    anyone = await connect(tomorrow.ws)
    again = await anyone.create([], game="reflechi", code=CODE.lower())
    await anyone.join(again, 0, "Later")
    view = anyone.rooms[again].view
    assert view["game"] == {**first["game"], "code": CODE} and view["room"]["daily"] is None
    for action in line:  # the same deal, stock and all: the day's line wins it again
        await anyone.act(again, action)
    await anyone.wait(again, lambda s: s.view["game"]["won"])
    assert tomorrow.get(f"/api/replays/{again}")[0] == 200  # not a daily game: public at once


async def test_every_node_on_one_redis_deals_the_same_days(redis_env, make_server):
    """Two nodes, one Redis, no configured secret: the secret drawn first and the deal stored
    first are every node's, even when both deal at the same moment."""
    env = {**redis_env, "CARDROOM_TODAY": DAY}
    nodes = [make_server(env), make_server(env)]
    players = [await connect(n.ws) for n in nodes]
    for draw in (1, 3):
        rooms = await asyncio.gather(
            *(p.create([], game="reflechi", draw=draw, daily=True) for p in players)
        )
        views = [(await p.join(r, 0, "P")).view for p, r in zip(players, rooms, strict=True)]
        assert views[0]["game"] == views[1]["game"] and views[0]["room"]["daily"] == DAY
    gins = await asyncio.gather(*(p.daily("G") for p in players))
    hands = [p.rooms[r].view["game"]["hand"] for p, r in zip(players, gins, strict=True)]
    assert hands[0] == hands[1]
