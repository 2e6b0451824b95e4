"""Fair play end to end, tried as a cheating player would with scripted clients: a leaked
device link after the owner's reset, a refused hello, a held ranked attempt and a practice
room of the same deal, the solver asked in a ranked attempt, a new identity scouting the
deal, a forfeit on the daily board. Real server processes, real sockets, real Redis where
two nodes share players."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest
from e2e_play import connect, play, refused, tomorrow
from solitaire_play import todays_line, win
from test_e2e_players import profile_when
from waiting import until

from protocol.client import Client, ClientError
from server.games.solitaire import REFLECHI_DRAW1, Solitaire

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def signed_out_everywhere_but_the_owner(owner: Client, thief: Client) -> None:
    """The owner resets: the thief's socket (the old secret) can change nothing from the
    moment the new secret is answered, is told it was signed out, and the owner's new
    secret keeps working."""
    me = owner.player["id"]
    new = await owner.reset_player()
    await refused(thief, "signed_out", "player_update", name="Thief")
    await refused(thief, "signed_out", "player_reset")  # it cannot lock the owner out
    await asyncio.wait_for(thief.signed_out.wait(), 10)
    assert [n for n in thief.notices if n["t"] == "signed_out"] == [
        {"t": "signed_out", "player": me, "reason": "reset"}
    ]
    room = await thief.create(HUMANS)
    state = await thief.join(room, 0, "Thief")
    assert state.view["room"]["seats"][0]["player"] is None  # a seat it takes is nobody's
    assert (await owner.request("player_update", name="Owner"))["player"]["name"] == "Owner"
    again = await connect(owner.url, Client(owner.url, secret=new))
    assert again.player["id"] == me and again.player["name"] == "Owner"
    assert not owner.signed_out.is_set()


async def test_a_new_secret_signs_out_every_other_session(server):
    owner = await connect(server.ws)
    await owner.new_player("Ann")
    thief = await connect(server.ws, Client(server.ws, secret=owner.secret))
    await signed_out_everywhere_but_the_owner(owner, thief)


async def test_a_new_secret_signs_out_the_sessions_on_every_node(redis_env, make_server):
    a, b = make_server(redis_env), make_server(redis_env)
    owner = await connect(a.ws)
    await owner.new_player("Ann")
    thief = await connect(b.ws, Client(b.ws, secret=owner.secret))
    assert thief.node != owner.node and thief.player["id"] == owner.player["id"]
    await signed_out_everywhere_but_the_owner(owner, thief)


async def test_a_refused_hello_identifies_nobody(server):
    client = await connect(server.ws)
    await client.new_player("Ann")
    good = client.secret
    for secret in ("AAAAAAAAAAAAAAAAAAAAAA", "not a secret", None, "version"):
        assert (await client.request("hello", v=1, secret=good))["player"]["name"] == "Ann"
        if secret is None:
            await client.request("hello", v=1)  # a hello without a secret: nobody
        elif secret == "version":
            await refused(client, "version", "hello", v=99, secret=good)
        else:
            code = "unknown_player" if len(secret) == 22 else "bad_secret"
            await refused(client, code, "hello", v=1, secret=secret)
        await refused(client, "no_player", "player_update", name="Mallory")
        room = await client.create(HUMANS)
        state = await client.join(room, 0)
        assert state.view["room"]["seats"][0]["player"] is None
    assert (await client.request("hello", v=1, secret=good))["player"]["name"] == "Ann"


def room_log(db: str, room: str) -> list[dict]:
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT entry FROM log WHERE room = ? ORDER BY idx", (room,))
        return [json.loads(e) for (e,) in rows]


async def test_a_ranked_attempt_gets_no_solver_and_no_practice_room_until_it_ends(
    server_env, make_server
):
    server = make_server({**server_env, "CARDROOM_TODAY": tomorrow()})
    ann = await connect(server.ws)
    me = (await ann.new_player("Ann"))["id"]
    ranked = await ann.create([], game="reflechi", daily=True)
    assert (await ann.request("join", room=ranked, seat=0))["practice"] is False
    state = await ann.wait(ranked, lambda s: s.view is not None)
    assert state.view["room"]["seats"][0]["ranked"] is True
    await refused(ann, "ranked_no_help", "hint", room=ranked)
    await refused(ann, "ranked_no_help", "winnable", room=ranked)
    # No practice room of the same deal while the ranked one is open, by any way in.
    await refused(ann, "ranked_unfinished", "create", game="reflechi", daily=True)
    other = await connect(server.ws)  # a room made by someone else, joined by Ann
    elsewhere = await other.create([], game="reflechi", daily=True)
    await refused(ann, "ranked_unfinished", "join", room=elsewhere, seat=0)
    # Another board is another deal: its ranked attempt is open to her.
    draw3 = await ann.create([], game="reflechi", draw=3, daily=True)
    assert (await ann.request("join", room=draw3, seat=0))["practice"] is False

    line = todays_line(server_env["CARDROOM_DB"], "reflechi", 1, state.view["room"]["daily"])
    for action in line:
        await ann.act(ranked, action)
    practice = await ann.create([], game="reflechi", daily=True)  # finished: practice opens
    assert (await ann.request("join", room=practice, seat=0))["practice"] is True
    await ann.wait(practice, lambda s: s.view is not None)
    hint = await ann.request("hint", room=practice)  # the solver helps in practice
    assert hint["action"] is not None

    status, board = server.get(f"/api/leaderboards/daily/reflechi_draw1?player={me}")
    assert status == 200 and board["total"] == 1
    entries = room_log(server_env["CARDROOM_DB"], ranked)
    joined = next(e["at"] for e in entries if e["kind"] == "join")
    moved = [e["at"] for e in entries if e["kind"] == "act"]
    assert board["me"]["ms"] == moved[-1] - joined  # timed from the join, not the first move
    assert joined < moved[0]


async def test_a_new_identity_enters_todays_board_only_after_finishing_a_game(server):
    scout = await connect(server.ws)
    await scout.new_player("Scout")
    first = await scout.create([], game="reflechi", daily=True)
    assert (await scout.request("join", room=first, seat=0))["practice"] is True
    await scout.wait(first, lambda s: s.view is not None)
    await scout.request("hint", room=first)  # not ranked: the solver helps
    await scout.request("leave", room=first)
    again = await scout.create([], game="reflechi", daily=True)  # the day's claim is used up
    assert (await scout.request("join", room=again, seat=0))["practice"] is True

    player = await connect(server.ws)
    me = (await player.new_player("Ann"))["id"]
    won = await player.create([], game="reflechi", number=1)
    await player.request("join", room=won, seat=0)
    for action in win(Solitaire.new(REFLECHI_DRAW1, 1)):
        await player.act(won, action)
    await profile_when(server, me, lambda p: p["games"])  # counted: a finished game
    daily = await player.create([], game="reflechi", daily=True)
    assert (await player.request("join", room=daily, seat=0))["practice"] is False


async def test_leaving_todays_gin_rummy_ranks_below_losing_it(server_env, make_server):
    server = make_server(
        {**server_env, "CARDROOM_GRACE_SECONDS": "0.3", "CARDROOM_TODAY": tomorrow()}
    )
    ann, bob = await connect(server.ws), await connect(server.ws)
    await ann.new_player("Ann")
    await bob.new_player("Bob")
    await bob.daily()
    await bob.close()  # leaves before moving: forfeits after the grace period
    room = await ann.daily()
    await play(ann, room, level="easy")  # to the end of the match, won or lost
    _, board = await until(
        lambda: server.get("/api/leaderboards/daily/gin_rummy"),
        what="both attempts on the board",
        check=lambda got: got[1]["total"] == 2,
    )
    rows = [(r["rank"], r["player"], r["forfeit"]) for r in board["rows"]]
    assert rows == [(1, ann.player["id"], False), (2, bob.player["id"], True)]


async def test_create_refuses_options_that_contradict_each_other_or_the_game(server):
    """The doc says "one of": the server used to choose for the client (the code over the
    number, the code's draw over ``draw``, no clock with a bot, ``rated`` on a solitaire
    ignored). Each is refused with a sentence, and nothing is made."""
    client = await connect(server.ws)
    solo = {"seats": [], "game": "reflechi"}
    cases = [
        ({**solo, "code": "TF1-D1N-AAAAAAB", "number": 2}, "'code', 'number' and 'daily'"),
        ({**solo, "code": "TF1-D1N-AAAAAAB", "draw": 3}, "draw-1 deal"),
        ({**solo, "number": 2, "winnable": True}, "not with 'number'"),
        ({**solo, "rated": True}, "option of Gin Rummy"),
        ({**solo, "seats": [{"kind": "human"}]}, "send no seats"),
        ({"seats": HUMANS, "draw": 3}, "option of the solitaires"),
        ({"seats": [HUMANS[0], {"kind": "bot", "level": "easy"}], "turn_seconds": 30}, "clock"),
        ({"seats": HUMANS, "colour": "red"}, "no 'colour' field"),
    ]
    for fields, sentence in cases:
        with pytest.raises(ClientError) as info:  # refused() has a `code` of its own
            await client.request("create", **fields)
        assert info.value.code == "bad_field", info.value
        assert sentence in info.value.message, (fields, info.value.message)
    lobby = await client.request("lobby", follow=False)
    assert lobby["total"] == 0
    assert await client.create([], game="reflechi", code="TF1-D1N-AAAAAAB", draw=1)
