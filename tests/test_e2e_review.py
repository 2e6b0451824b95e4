"""End to end: the review of a finished Gin Rummy match, from a real server process."""

from __future__ import annotations

from e2e_play import connect
from solitaire_play import win
from test_e2e_solitaire import solitaire_room
from waiting import until

from server.games.gin_rummy.review import review_seat
from server.games.solitaire import REFLECHI_DRAW1, Solitaire

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
        assert review == review_seat(replay, seat)  # the engine's review of the stored game
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


async def test_a_solitaire_has_no_review_by_seat(server):
    player, room = await solitaire_room(server, game="reflechi", number=1)
    for action in win(Solitaire.new(REFLECHI_DRAW1, 1)):
        await player.act(room, action)
    await player.wait(room, lambda s: s.view["room"]["status"] == "finished")
    assert server.get(f"/api/replays/{room}")[0] == 200
    status, body = server.get(f"/api/replays/{room}/review/0")
    assert status == 400 and body["code"] == "no_review"
    await player.close()
