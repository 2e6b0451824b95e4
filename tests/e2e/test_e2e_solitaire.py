"""Solitaire rooms end to end: a real server process, real WebSocket clients. One seat,
spectators, the same protocol, refusals with the rule's sentence, today's deals, replays."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections import Counter

import pytest
from e2e_play import connect
from solitaire_play import win

from protocol.client import ClientError
from protocol.diff import apply
from server.games.cards import is_card
from server.games.solitaire import (
    EASY_HARP,
    REFLECHI_DRAW1,
    REFLECHI_DRAW3,
    REFUSALS,
    Solitaire,
    encode,
    variant_for,
)
from server.games.solitaire.solver import solve


async def solitaire_room(server, **options):
    player = await connect(server.ws)
    room = await player.create([], **options)
    await player.join(room, 0, "Solo")
    return player, room


def positions_logged(db: str, room: str) -> list[dict]:
    """The actions in a room's log, as the embedded store keeps them."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT entry FROM log WHERE room = ? ORDER BY idx", (room,)).fetchall()
    return [e["action"] for e in map(json.loads, (r[0] for r in rows)) if e["kind"] == "act"]


def codes_in(value):
    """Every card code anywhere in a message."""
    if isinstance(value, str):
        if is_card(value):
            yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from codes_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from codes_in(v)


def shown_cards(view) -> Counter:
    game = view["game"]
    cards = [c for col in game["columns"] for c in col["up"]] + game["waste"]
    return Counter(cards + [f["top"] for f in game["foundations"] if f["top"]])


async def test_an_easy_harp_room_plays_by_the_rules_and_a_spectator_follows(server):
    player, room = await solitaire_room(server, game="easy_harp", code="EH1-N-AAAAAAF")
    state = player.rooms[room]
    assert state.view["game"]["code"] == "EH1-N-AAAAAAF"
    assert state.view["room"]["game"] == "easy_harp" and state.view["room"]["status"] == "playing"
    engine = Solitaire.new(EASY_HARP, 5)
    assert state.view["game"] == engine.view()

    watcher = await connect(server.ws)
    await watcher.watch(room)
    with pytest.raises(ClientError) as caught:
        await watcher.act(room, {"type": "stock"})
    assert caught.value.code == "spectator"

    for action in ({"type": "stock"}, {"type": "stock"}, {"type": "double", "from": "waste"}):
        try:
            engine = engine.apply(action)
        except Exception:
            with pytest.raises(ClientError):
                await player.act(room, action)
            continue
        reply = await player.act(room, action)
        await player.wait(room, lambda s, q=reply["seq"]: s.seq >= q)
        assert state.view["game"] == engine.view()
    # A refusal carries the rule's sentence and changes nothing.
    before = state.view
    with pytest.raises(ClientError) as caught:
        await player.act(room, {"type": "move", "from": "c8", "to": "c0"})
    assert caught.value.code in REFUSALS and caught.value.message == REFUSALS[caught.value.code]
    await watcher.wait(room, lambda s: s.seq == state.seq)
    assert watcher.rooms[room].view["game"] == state.view["game"] == before["game"]
    # Nobody is ever sent a face-down card: every card in a message is one its view shows.
    for client in (player, watcher):
        view = None
        for message in client.received:
            if message.get("room") != room or message["t"] not in ("snapshot", "patch"):
                continue
            view = message["view"] if message["t"] == "snapshot" else apply(view, message["ops"])
            assert not Counter(codes_in(message)) - shown_cards(view)


async def test_reflechi_draw_3_deals_by_number_and_refuses_bad_codes(server):
    player, room = await solitaire_room(server, game="reflechi", draw=3, number=26)
    game = player.rooms[room].view["game"]
    assert game["code"] == "TF1-D3N-AAAAABA" and game["draw"] == 3
    assert game["stock"] == 24 and all(c["down"] == 0 for c in game["columns"])
    await player.act(room, {"type": "stock"})
    await player.wait(room, lambda s: s.view["game"]["waste_count"] == 3)
    assert len(player.rooms[room].view["game"]["waste"]) == 3
    for bad in ({"code": "EH1-N-AAAAAAA"}, {"code": "TF1-D1N-AAAAAA"}, {"number": 1_000_000}):
        with pytest.raises(ClientError) as caught:
            await player.create([], game="reflechi", **bad)
        assert caught.value.code in ("bad_deal", "bad_room", "bad_field")
    with pytest.raises(ClientError) as caught:
        await player.create([], game="easy_harp", code="TF1-D1N-AAAAAAB")
    assert caught.value.code == "bad_deal"


async def test_todays_deal_is_the_same_for_everyone_and_shows_no_code(server):
    boards = []
    for _ in range(2):
        player, room = await solitaire_room(server, game="easy_harp", daily=True, public=True)
        view = player.rooms[room].view
        assert view["game"]["code"] is None and view["game"]["number"] is None
        assert view["room"]["daily"] is not None and view["room"]["public"] is False
        boards.append(view["game"])
    assert boards[0] == boards[1]
    status, daily = server.get("/api/daily")
    assert status == 200
    assert daily["solitaires"] == ["easy_harp", "reflechi_draw1", "reflechi_draw3"]
    assert daily["yesterday"]["solitaires"] == {}  # this server dealt no deal yesterday
    assert server.get("/api/lobby")[1]["rooms"] == []  # today's games are private


async def test_todays_deals_are_proved_winnable_and_their_stored_lines_win(server):
    status, daily = server.get("/api/daily")
    assert status == 200
    for game, draw in (("easy_harp", 1), ("reflechi", 1), ("reflechi", 3)):
        await solitaire_room(server, game=game, draw=draw, daily=True)  # each is dealt now
    with sqlite3.connect(server.env["CARDROOM_DB"]) as conn:
        stored = {k: json.loads(b) for k, b in conn.execute("SELECT key, body FROM daily")}
    for game, draw in (("easy_harp", 1), ("reflechi", 1), ("reflechi", 3)):
        deal = stored[f"{game}-{draw}:{daily['date']}"]
        variant = variant_for(game, draw)
        assert deal["line"] and "number" not in deal, game
        played = Solitaire.daily(variant, deal["date"], deal["order"])
        for action in deal["line"]:
            played = played.apply(action)
        assert played.won, game


async def test_a_won_game_is_a_replay_that_plays_back_to_the_win(server):
    path = win(Solitaire.new(REFLECHI_DRAW1, 1))
    player, room = await solitaire_room(server, game="reflechi", number=1)
    status, _ = server.get(f"/api/replays/{room}")
    assert status == 409  # in progress: no replay
    for action in path:
        await player.act(room, action)
    state = await player.wait(room, lambda s: s.view["room"]["status"] == "finished")
    assert state.view["game"]["won"] is True
    status, replay = server.get(f"/api/replays/{room}")
    assert status == 200 and replay["game"] == "reflechi" and len(replay["actions"]) == len(path)
    assert replay["result"]["won"] is True and replay["result"]["code"] == encode(REFLECHI_DRAW1, 1)
    status, frames = server.get(f"/api/replays/{room}/frames")
    assert status == 200 and len(frames["steps"]) == len(path)
    assert frames["first"] == Solitaire.new(REFLECHI_DRAW1, 1).view()


async def test_a_solitaire_player_who_leaves_comes_back_to_the_same_game(server):
    """End to end: the seat's token takes the game back on a new socket. That a solitaire
    left alone is never forfeited (it waits for its player, then ends as abandoned) is the
    room host's, tested in fake time (tests/host/test_host.py)."""
    player, room = await solitaire_room(server, game="easy_harp", number=9)
    token = player.rooms[room].token
    await player.act(room, {"type": "stock", "from": ["junk"], "count": "x"})
    await player.drop()
    back = await connect(server.ws)
    back.rooms[room] = type(player.rooms[room])(token=token, seat=0)
    await back.resume(room)
    state = await back.wait(room, lambda s: s.view is not None)
    assert state.view["room"]["status"] == "playing" and state.view["room"]["forfeit"] is None
    assert state.view["game"]["waste_count"] == 1
    assert positions_logged(server.env["CARDROOM_DB"], room) == [{"type": "stock"}]


async def test_the_player_asks_for_a_hint_and_whether_the_game_can_still_be_won(server):
    player, room = await solitaire_room(server, game="reflechi", draw=3, number=63)
    found = await player.request("hint", room=room)
    assert found["verdict"] == "unknown" and not found["seen_all"]  # the stock is unseen
    assert found["action"] is not None and list(codes_in(found)) == []
    await player.act(room, found["action"])  # a legal move
    answer = await player.request("winnable", room=room)
    assert answer["verdict"] == "not_winnable" and answer["budget_seconds"] == 1.0
    assert list(codes_in(answer)) == []  # a yes or a no, never a card
    spectator = await connect(server.ws)
    await spectator.watch(room)
    for kind in ("hint", "winnable"):
        with pytest.raises(ClientError) as caught:
            await spectator.request(kind, room=room)
        assert caught.value.code == "not_joined"


async def test_winnable_deals_only_gives_a_deal_the_solver_wins(server):
    player, room = await solitaire_room(server, game="reflechi", draw=3, winnable=True)
    number = player.rooms[room].view["game"]["number"]
    assert solve(Solitaire.new(REFLECHI_DRAW3, number), max_seconds=5.0).verdict == "winnable"


async def test_moves_are_served_while_the_solver_thinks_and_one_question_at_a_time(server):
    # Deal 123 is one the solver does not decide within 10 s: the verdict takes the whole 1 s.
    # (Deal 63 was, until the faster search and the many short restarts decided it.)
    player, room = await solitaire_room(server, game="easy_harp", number=123)
    thinking = asyncio.ensure_future(player.request("winnable", room=room))
    await player.request("ping")  # served after the question: it is with the solver now
    with pytest.raises(ClientError) as caught:
        await player.request("hint", room=room)
    assert caught.value.code == "busy"
    await player.act(room, {"type": "stock"})  # answered before the verdict
    assert not thinking.done()
    answer = await thinking
    # Undecided: it searched for its whole budget (how long past it the answer took on a busy
    # machine is no rule of the protocol).
    assert answer["verdict"] == "unknown" and answer["seconds"] >= 0.9 * answer["budget_seconds"]
    assert (await player.request("hint", room=room))["action"] is not None
