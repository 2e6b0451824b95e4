"""Helpers for end-to-end tests: players that act from the view the server streams."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import sqlite3
import time

import pytest

from protocol.client import Client, ClientError
from server.games.gin_rummy import Action, new_match
from server.games.gin_rummy.bots import make_bot


def my_turn(state) -> bool:
    game = state.view["game"]
    room = state.view["room"]
    if room["status"] == "finished":
        return True
    return game["turn"]["to_act"] == state.seat or game["turn"]["phase"] == "hand_over"


async def play(
    client: Client, room: str, level: str = "normal", hands: int | None = None, seed: int = 1
) -> None:
    """Play ``room`` from ``client``'s seat with a bot's choices until the match is over or
    ``hands`` hands of it have finished (counting those finished before the call: two
    players given the same ``hands`` stop at the end of the same hand)."""
    bot = make_bot(level, seed)
    state = client.rooms[room]
    while True:
        await client.wait(room, my_turn)
        view = state.view
        game = view["game"]
        if view["room"]["status"] == "finished":
            return
        if hands is not None and len(game["hands_played"]) >= hands:
            return
        seq = state.seq
        action = bot.act(game)
        if action is None:  # the view moved on between the wake-up and now
            await client.wait(room, lambda s, q=seq: s.seq > q)
            continue
        try:
            await client.act(room, action.to_dict())
        except Exception as error:  # the other player may have started the next hand first
            if action.type != "next_hand" or getattr(error, "code", None) != "hand_in_play":
                raise
        await client.wait(room, lambda s, q=seq: s.seq > q)


OPEN: list[Client] = []
"""Clients of the running test, closed by the ``close_clients`` fixture."""


async def settled(room: str, *clients: Client) -> int:
    """Wait until every client has seen the latest change (when nothing else is moving)."""
    latest = max(c.rooms[room].seq for c in clients)
    for c in clients:
        await c.wait(room, lambda s: s.seq >= latest)
    return latest


async def connect(url: str, client: Client | None = None) -> Client:
    client = client or Client(url)
    OPEN.append(client)
    return await client.connect()


def tomorrow() -> str:
    """A date for CARDROOM_TODAY after which players made now are older than the day's
    start: identities made today rank only once they have finished a game."""
    return (dt.datetime.now(dt.UTC).date() + dt.timedelta(days=1)).isoformat()


async def refused(client: Client, code: str, kind: str, **fields) -> str:
    """Send a request the server must refuse with ``code``; the refusal's sentence."""
    with pytest.raises(ClientError) as info:
        await client.request(kind, **fields)
    assert info.value.code == code, info.value
    return info.value.message


async def both(*coros):
    return await asyncio.gather(*coros)


def established(rating: float, rd: float = 60.0, networks=("n1", "n2", "n3")) -> dict:
    """A rating record the system is sure of, that has met three networks (what months of
    rated play leave); with fewer ``networks``, a provisional one."""
    return {
        "rating": rating,
        "rd": rd,
        "volatility": 0.06,
        "at": time.time() - 3600,
        "games": 150,
        "networks": list(networks),
    }


def put_rating(db: str, player: str, body: dict) -> None:
    """Write ``player``'s rating record into a server's embedded store (its own file, open in
    the server: SQLite's WAL lets both write), as the ledger would have left it."""
    con = sqlite3.connect(db, timeout=30)
    try:
        with con:
            con.execute(
                "INSERT OR REPLACE INTO ratings (player, rating, rd, body, at) "
                "VALUES (?, ?, ?, ?, ?)",
                (player, body["rating"], body["rd"], json.dumps(body), body["at"] or time.time()),
            )
    finally:
        con.close()


def positions(db: str, room: str):
    """Engine position after each number of actions (the view's ``ply``) of ``room``."""
    con = sqlite3.connect(db)
    meta = json.loads(con.execute("SELECT meta FROM rooms WHERE id = ?", (room,)).fetchone()[0])
    entries = [
        json.loads(e)
        for (e,) in con.execute("SELECT entry FROM log WHERE room = ? ORDER BY idx", (room,))
    ]
    con.close()
    match = new_match(meta["seed"], {"target": meta["target"]})
    states = [match]
    for entry in entries:
        if entry["kind"] == "act":
            match = match.apply(entry["seat"], Action.from_dict(entry["action"]))
            states.append(match)
    return states
