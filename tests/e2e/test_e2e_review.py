"""End to end: the review of a finished Gin Rummy match, from a real server process."""

from __future__ import annotations

import pytest
from e2e_play import connect, play
from solitaire_play import win
from test_e2e_solitaire import solitaire_room
from waiting import until

from protocol.client import ClientError
from server.games.gin_rummy.review import review_seat
from server.games.solitaire import REFLECHI_DRAW1, Solitaire
from server.services.reviews import FORMAT

BOTS = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "expert"}]


async def test_a_finished_match_has_a_review_of_each_seat_kept_once_made(server):
    client = await connect(server.ws)
    room = await client.create(BOTS, target=10)
    status, replay = await until(
        lambda: server.get(f"/api/replays/{room}"), check=lambda r: r[0] == 200, timeout=60
    )
    for seat in (0, 1):
        status, review = server.get(f"/api/replays/{room}/review/{seat}")
        assert status == 200
        # The engine's review of the stored game, in the kept format.
        assert review == {**review_seat(replay, seat), "format": FORMAT}
        assert server.get(f"/api/replays/{room}/review/{seat}") == (200, review)
    assert server.get(f"/api/replays/{room}/review/2")[0] == 400
    assert server.get("/api/replays/nosuchgame/review/0")[0] == 404
    await client.close()


async def test_no_review_while_the_match_is_played(server):
    client = await connect(server.ws)
    room = await client.create([{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    await client.join(room, 0, "Ann")
    status, body = server.get(f"/api/replays/{room}/review/0")
    assert status == 409 and body["code"] == "in_progress"
    await client.close()


async def test_a_won_solitaire_is_compared_with_the_solvers_win(server):
    player, room = await solitaire_room(server, game="reflechi", number=1)
    path = win(Solitaire.new(REFLECHI_DRAW1, 1))
    for action in path:
        await player.act(room, action)
    await player.wait(room, lambda s: s.view["room"]["status"] == "finished")
    assert server.get(f"/api/replays/{room}")[0] == 200
    status, body = server.get(f"/api/replays/{room}/review/0")
    assert status == 200 and body["hindsight"] is True
    assert body["verdict"] == "won" and body["moves"] == len(path)
    assert server.get(f"/api/replays/{room}/review/1")[0] == 400
    await player.close()


async def test_an_abandoned_solitaire_shows_where_it_was_lost_and_a_line_that_wins(
    server_env, make_server
):
    server = make_server({**server_env, "CARDROOM_ABANDONED_SECONDS": "0.3"})
    game = Solitaire.new(REFLECHI_DRAW1, 1)
    player, room = await solitaire_room(server, game="reflechi", number=1)
    # A few moves that keep the deal winnable, then nobody: the room ends as abandoned.
    for action in win(game)[:5]:
        await player.act(room, action)
    await player.close()
    status, replay = await until(
        lambda: server.get(f"/api/replays/{room}"), check=lambda r: r[0] == 200, timeout=60
    )
    status, body = server.get(f"/api/replays/{room}/review/0")
    assert status == 200 and body["hindsight"] is True
    assert body["verdict"] == "still_winnable"
    # The line, played from where the game was left, wins; its views are the engine's.
    played = game
    for _, action in replay["actions"]:
        played = played.apply(action)
    for action, view in zip(body["line"], body["line_views"], strict=True):
        played = played.apply(action)
        assert view == played.view()
    assert played.won


async def test_reviews_by_the_protocol_and_todays_game_only_to_its_own_player(server):
    ann, eve = await connect(server.ws), await connect(server.ws)
    await ann.new_player("Ann")
    await eve.new_player("Eve")
    # A finished match of two bots: anyone may see either seat's review, by the protocol as
    # by HTTP.
    room = await ann.create(BOTS, target=10)
    await until(lambda: server.get(f"/api/replays/{room}"), check=lambda r: r[0] == 200, timeout=60)
    reply = await eve.request("review", room=room, seat=1)
    assert {k: v for k, v in reply.items() if k not in ("t", "id", "room")} == (
        server.get(f"/api/replays/{room}/review/1")[1]
    )
    # Today's game, played to its end by Ann: her own review now, nobody else's.
    daily = await ann.daily("Ann")
    await play(ann, daily, "hard")
    await until(
        lambda: server.get(f"/api/replays/{daily}"), check=lambda r: r[0] == 403, timeout=30
    )
    seat = ann.rooms[daily].seat
    mine = await ann.request("review", room=daily, seat=seat)
    assert mine["seat"] == seat and mine["decisions"]
    for who, asked in ((eve, seat), (ann, 1 - seat)):
        with pytest.raises(ClientError) as refused:
            await who.request("review", room=daily, seat=asked)
        assert refused.value.code == "daily_not_over"
    assert server.get(f"/api/replays/{daily}/review/{seat}")[0] == 403
    await ann.close()
    await eve.close()


async def test_between_hands_a_player_gets_their_own_review_of_the_hands_so_far(server):
    ann, eve = await connect(server.ws), await connect(server.ws)
    room = await ann.create([{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    state = await ann.join(room, 0, "Ann")
    await eve.watch(room)
    await play(ann, room, "normal", hands=1)
    assert ann.rooms[room].view["game"]["turn"]["phase"] == "hand_over"
    mine = await ann.request("review", room=room, seat=0)
    assert mine["seat"] == 0 and {d["hand_no"] for d in mine["decisions"]} == {1}
    # Not the other seat's, and nobody else's while the match is played.
    with pytest.raises(ClientError) as refused:
        await ann.request("review", room=room, seat=1)
    assert refused.value.code == "not_joined"
    with pytest.raises(ClientError) as refused:
        await eve.request("review", room=room, seat=0)
    assert refused.value.code == "in_progress"
    # During the next hand: nothing.
    await ann.act(room, {"type": "next_hand"})
    await ann.wait(room, lambda s: s.view["game"]["turn"]["phase"] != "hand_over")
    with pytest.raises(ClientError) as refused:
        await ann.request("review", room=room, seat=0)
    assert refused.value.code == "hand_in_play"
    assert state.seat == 0
    await ann.close()
    await eve.close()
