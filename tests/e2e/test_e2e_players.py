"""Players end to end: an identity made on first visit, said again in every hello (on any
node), reset, refused when malformed or forged; names on seats. Real server processes, real
WebSocket clients, real Redis where nodes share players."""

from __future__ import annotations

import asyncio
import signal
import time
from typing import Any

import pytest
import redis
from e2e_play import connect, established, play, put_rating, refused, tomorrow
from solitaire_play import todays_line, win
from waiting import until

from protocol.client import Client, ClientError
from server.games.solitaire import REFLECHI_DRAW1, Solitaire
from server.host.settlement import record_game
from server.players.glicko2 import Rating, match
from server.players.stats import derived, recompute
from server.services.players import PLAYERS_WINDOW
from server.store.keys import Keys, room_group
from server.store.players import allowance_window

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def test_a_new_player_is_the_same_player_on_the_next_connection(server):
    first = await connect(server.ws)
    record = await first.new_player("Ann")
    assert record["name"] == "Ann" and record["id"].startswith("p") and len(first.secret) == 22
    await first.request("player_update", settings={"sound": False, "theme": "dark"})
    again = await connect(server.ws, Client(server.ws, secret=first.secret))
    assert again.player == {**record, "settings": {"sound": False, "theme": "dark"}}
    assert first.secret not in server.raw(f"/api/players/{record['id']}").decode()


async def test_a_reset_secret_invalidates_the_old_one(server):
    player = await connect(server.ws)
    record = await player.new_player("Ann")
    old = player.secret
    new = await player.reset_player()
    assert new != old
    stale = await connect(server.ws)
    assert "reset" in await refused(stale, "unknown_player", "hello", v=1, secret=old)
    assert (await stale.request("hello", v=1, secret=new))["player"]["id"] == record["id"]


MALFORMED = [
    "",
    "short",
    "A" * 21,
    "A" * 23,
    "A" * 21 + "=",
    "A" * 21 + "B",
    "é" * 22,
    12345,
    ["x"],
]
"""Empty, short, 21 and 23 characters, padded, stray bits in the last character, not ASCII,
not a string."""


async def test_a_malformed_secret_is_refused_and_identifies_nobody(server):
    client = await connect(server.ws)
    for secret in MALFORMED:
        await refused(client, "bad_secret", "hello", v=1, secret=secret)
        await refused(client, "no_player", "player_reset")


async def test_a_forged_secret_is_unknown(server):
    client = await connect(server.ws)
    await refused(client, "unknown_player", "hello", v=1, secret="AAAAAAAAAAAAAAAAAAAAAA")
    await refused(client, "no_player", "player_update", name="Ann")


async def test_player_names_and_settings_are_checked(server):
    player = await connect(server.ws)
    await refused(player, "bad_name", "player_new", name="Ann\u202e")
    await player.new_player("Ann")
    for bad in ("", " Ann", "Ann\n", "!!!", "x" * 25, "a\u200db"):
        await refused(player, "bad_name", "player_update", name=bad)
    for bad in ({"k": "x" * 65}, {str(i): 1 for i in range(33)}, {"k": [1]}, {"": 1}):
        await refused(player, "bad_settings", "player_update", settings=bad)
    assert await player.request(
        "player_update", name="\uff22\uff4f"
    )  # full-width Bo["player"]["name"] == "Bo"


async def test_creating_players_is_limited_per_address_behind_a_trusted_proxy(
    server_env, make_server
):
    server = make_server(
        {**server_env, "CARDROOM_ADDRESS_PLAYERS": "2", "CARDROOM_TRUSTED_PROXIES": "127.0.0.1"}
    )

    async def from_address(address: str) -> Client:
        return await connect(server.ws, Client(server.ws, headers={"X-Forwarded-For": address}))

    one = await from_address("203.0.113.7")
    await one.new_player("A")
    await (await from_address("203.0.113.7")).new_player("B")
    third = await from_address("198.51.100.1, 203.0.113.7")  # what the client wrote is ignored
    assert "address" in await refused(third, "too_many_players", "player_new", name="C")
    await (await from_address("203.0.113.8")).new_player("D")  # another address is another


async def test_a_refused_new_player_says_when_the_address_may_make_one(server_env, make_server):
    """``too_many_players`` carries ``retry_after``: the seconds until the fixed window the
    store counts the address's new players in ends (then one may be made), not a guess."""
    server = make_server({**server_env, "CARDROOM_ADDRESS_PLAYERS": "1"})
    await (await connect(server.ws)).new_player("A")
    again = await connect(server.ws)
    with pytest.raises(ClientError) as refusal:
        await again.request("player_new", name="B")
    _, left = allowance_window(PLAYERS_WINDOW, time.time())
    assert refusal.value.code == "too_many_players"
    assert isinstance(refusal.value.retry_after, int)
    assert left - 2 <= refusal.value.retry_after <= left + 2
    assert f"about {-(-refusal.value.retry_after // 60)} min" in refusal.value.message


async def test_two_lines_of_x_forwarded_for_are_one_list_of_hops(server_env, make_server):
    """A client that sends its own X-Forwarded-For line, with the proxy's line after it: the
    handshake succeeds (a second line used to break it), and the client is the last hop
    not trusted, as if the hops were on one line."""
    server = make_server(
        {**server_env, "CARDROOM_ADDRESS_PLAYERS": "1", "CARDROOM_TRUSTED_PROXIES": "127.0.0.1"}
    )

    async def from_lines(*lines: str) -> Client:
        headers = [("X-Forwarded-For", line) for line in lines]
        return await connect(server.ws, Client(server.ws, headers=headers))

    await (await from_lines("198.51.100.1", "203.0.113.7")).new_player("A")
    again = await from_lines("198.51.100.2", "203.0.113.7, 127.0.0.1")  # 203.0.113.7 again
    assert "address" in await refused(again, "too_many_players", "player_new", name="B")
    await (await from_lines("203.0.113.7", "198.51.100.1")).new_player("C")  # another


async def test_a_handshake_with_two_host_or_origin_lines_is_refused_with_400(server):
    """Which of two Host (or Origin) lines would the origin check believe? Neither: a 400,
    where a second line used to break the handshake with no answer at all."""

    async def status(*lines: str) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        head = [
            "GET /ws HTTP/1.1",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version: 13",
            *lines,
        ]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
        try:
            return (await asyncio.wait_for(reader.readline(), 10)).strip()
        finally:
            writer.close()

    host = f"Host: 127.0.0.1:{server.port}"
    assert await status(host) == b"HTTP/1.1 101 Switching Protocols"
    assert await status(host, host) == b"HTTP/1.1 400 Bad Request"
    origin = f"Origin: http://127.0.0.1:{server.port}"
    assert await status(host, origin, origin) == b"HTTP/1.1 400 Bad Request"


async def test_a_player_made_on_one_node_is_known_on_another(redis_env, make_server):
    a, b = make_server(redis_env), make_server(redis_env)
    first = await connect(a.ws)
    record = await first.new_player("Ann")
    other = await connect(b.ws, Client(b.ws, secret=first.secret))
    assert other.player["id"] == record["id"] and other.node != first.node
    secret = await other.reset_player()
    stale = await connect(a.ws)
    await refused(stale, "unknown_player", "hello", v=1, secret=first.secret)
    assert (await stale.request("hello", v=1, secret=secret))["player"]["id"] == record["id"]


async def test_a_seat_shows_its_player_and_alike_names_get_a_suffix(server):
    ann, other = await connect(server.ws), await connect(server.ws)
    await ann.new_player("Ann")
    await other.new_player("ann")
    room = await ann.create(HUMANS)
    await ann.request("join", room=room, seat=0)  # no name given: the player's
    await other.join(room, 1, "ann")
    state = await other.wait(room, lambda s: s.view["room"]["status"] == "playing")
    seats = state.view["room"]["seats"]
    assert [s["name"] for s in seats] == ["Ann", "ann (2)"]
    assert [s["player"] for s in seats] == [ann.player["id"], other.player["id"]]
    bot_room = await ann.create([{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    state = await ann.join(bot_room, 0, "Easy bot")
    assert [s["name"] for s in state.view["room"]["seats"]] == ["Easy bot (2)", "Easy bot"]


async def profile_when(server, player_id: str, done, timeout: float = 20.0) -> dict:
    """The player's profile once ``done(profile)`` holds (games are counted as they end)."""

    def profile() -> dict:
        status, found = server.get(f"/api/players/{player_id}")
        assert status == 200, found
        return found

    return await until(profile, timeout, "the profile", done)


async def test_statistics_of_scripted_games_are_a_recomputation_of_their_replays(
    server_env, make_server
):
    server = make_server({**server_env, "CARDROOM_ABANDONED_SECONDS": "0.3"})
    ann = await connect(server.ws)
    me = (await ann.new_player("Ann"))["id"]
    line = win(Solitaire.new(REFLECHI_DRAW1, 1))
    won = await ann.create([], game="reflechi", number=1)
    await ann.request("join", room=won, seat=0)
    for action in line:
        await ann.act(won, action)
    gin = await ann.create([{"kind": "human"}, {"kind": "bot", "level": "easy"}], target=1)
    await ann.join(gin, 0)
    await play(ann, gin)  # to the first scored hand
    quitter = await connect(server.ws, Client(server.ws, secret=ann.secret))
    left = await quitter.create([], game="reflechi", number=2)
    await quitter.join(left, 0)
    await quitter.act(left, {"type": "stock"})
    await quitter.close()  # nobody looks at it: it ends as abandoned, a game lost

    profile = await profile_when(server, me, lambda p: len(p["games"]) == 3)
    replays = []
    for game in profile["games"]:
        status, replay = server.get(f"/api/replays/{game['id']}")
        assert status == 200
        replays.append(replay)
    assert profile["stats"] == derived(recompute(replays, me))
    by_id = {r["id"]: r for r in replays}
    reflechi = profile["stats"]["reflechi_draw1"]
    assert (reflechi["played"], reflechi["won"], reflechi["streak"], reflechi["best_streak"]) == (
        2,
        1,
        0,
        1,
    )
    assert reflechi["best_score"] == by_id[won]["result"]["score"] and by_id[won]["result"]["won"]
    assert reflechi["fastest_moves"] == by_id[won]["result"]["moves"]
    assert reflechi["win_share"] == 0.5
    match = by_id[gin]["result"]
    easy = profile["stats"]["gin_rummy:easy"]
    assert easy["matches"] == 1 and easy["matches_won"] == int(match["winner"] == 0)
    assert easy["hands"] == len(match["hands"]) and easy["points"] == match["scores"][0]
    assert [g["id"] for g in profile["games"]] == [left, gin, won]


async def test_a_game_is_counted_once_when_its_driver_dies_as_it_ends(redis_env, make_server):
    env = {**redis_env, "CARDROOM_LEASE_MS": "600"}
    a, b = make_server(env), make_server(env)
    creator, player = await connect(a.ws), await connect(b.ws)
    me = (await player.new_player("Ann"))["id"]
    room = await creator.create([], game="reflechi", number=1)  # node a drives it
    await player.join(room, 0)
    line = win(Solitaire.new(REFLECHI_DRAW1, 1))
    for action in line[:-1]:
        await player.act(room, action)
    await player.act(room, line[-1])
    a.stop(signal.SIGKILL)  # mid-finish, or just before: node b finishes it again
    await profile_when(b, me, lambda p: p["games"])
    # Until the room is no longer active in the store, node b may yet finish it (again):
    # only then is a second count ruled out.
    active = redis.Redis.from_url(env["REDIS_URL"], decode_responses=True)
    key = Keys(env["REDIS_PREFIX"]).active(room_group(room))
    try:
        await until(lambda: not active.sismember(key, room), 20, "the room finished")
    finally:
        active.close()
    status, profile = b.get(f"/api/players/{me}")
    assert status == 200
    assert [g["id"] for g in profile["games"]] == [room]
    assert profile["stats"]["reflechi_draw1"]["played"] == 1
    assert b.get(f"/api/replays/{room}")[0] == 200


async def two_players(server, addresses: tuple[str, str] | None = None) -> tuple[Client, Client]:
    """Ann and Bob, each a new player; from two client addresses (``X-Forwarded-For`` through
    a server that trusts 127.0.0.1 as its proxy) when given."""
    clients = []
    for name, address in zip(("Ann", "Bob"), addresses or (None, None), strict=True):
        headers = {"X-Forwarded-For": address} if address else None
        client = await connect(server.ws, Client(server.ws, headers=headers))
        await client.new_player(name)
        clients.append(client)
    return clients[0], clients[1]


async def both_move(room: str, ann: Client, bob: Client) -> None:
    """The non-dealer passes the upcard, so the dealer has a decision of its own: a match
    cannot end before both seats moved (a first-turn knock would end a one-point match with
    one seat that never moved: aborted, not rated, whatever else the test is about)."""
    state = await ann.wait(room, lambda s: s.view["game"]["turn"]["to_act"] is not None)
    first = (ann, bob)[state.view["game"]["turn"]["to_act"]]
    await first.act(room, {"type": "pass"})  # its patch comes before its answer


APART = ("203.0.113.1", "198.51.100.2")
"""Two client addresses: players of one address are never rated against each other."""


@pytest.fixture
def proxied(server_env, make_server):
    """A server behind a (pretended) proxy: tests name each client's address."""
    return make_server({**server_env, "CARDROOM_TRUSTED_PROXIES": "127.0.0.1"})


async def test_a_rated_match_between_two_players_moves_both_ratings_once(proxied):
    server = proxied
    ann, bob = await two_players(server, APART)
    room = await ann.create(HUMANS, target=1)  # rated: two people, by default
    await ann.join(room, 0)
    await bob.join(room, 1)
    assert ann.rooms[room].view["room"]["rated"] is True
    await both_move(room, ann, bob)
    await asyncio.gather(play(ann, room, seed=1), play(bob, room, seed=2))
    winner = ann.rooms[room].view["room"]["winner"]
    expected = match(Rating(), Rating(), a_won=winner == 0)
    for client, want in zip((ann, bob), expected, strict=True):
        profile = await profile_when(server, client.player["id"], lambda p: p["rating"])
        assert profile["rating"]["rating"] == pytest.approx(want.rating)
        assert profile["rating"]["games"] == 1
        assert [p["game"] for p in profile["rating_history"]] == [room]
        assert profile["stats"]["gin_rummy:human"]["matches"] == 1
    unrated = await ann.create(HUMANS, target=1, rated=False)
    await ann.join(unrated, 0)
    await bob.join(unrated, 1)
    assert ann.rooms[unrated].view["room"]["rated"] is False
    await asyncio.gather(play(ann, unrated, seed=1), play(bob, unrated, seed=2))
    profile = await profile_when(server, bob.player["id"], lambda p: len(p["games"]) == 2)
    assert profile["rating"]["games"] == 1
    status, board = server.get("/api/leaderboards/ratings")
    assert status == 200 and board["rows"] == []  # one match is not sure enough
    await refused(
        ann, "bad_room", "create", seats=[HUMANS[0], {"kind": "bot", "level": "easy"}], rated=True
    )


async def rated_table(server_env, make_server) -> tuple[Any, Client, Client, str]:
    """A server with a short grace period (0.3 s), and Ann and Bob (two addresses) seated at a
    rated match."""
    env = {**server_env, "CARDROOM_GRACE_SECONDS": "0.3", "CARDROOM_TRUSTED_PROXIES": "127.0.0.1"}
    server = make_server(env)
    ann, bob = await two_players(server, APART)
    room = await ann.create(HUMANS)
    await ann.join(room, 0)
    await bob.join(room, 1)
    return server, ann, bob, room


async def test_a_player_who_leaves_a_rated_match_after_a_hand_loses_it(server_env, make_server):
    server, ann, bob, room = await rated_table(server_env, make_server)
    await both_move(room, ann, bob)
    await asyncio.gather(play(ann, room, hands=1, seed=1), play(bob, room, hands=1, seed=2))
    await bob.close()
    await ann.wait(room, lambda s: s.view["room"]["status"] == "finished")
    assert ann.rooms[room].view["room"]["forfeit"] == 1
    left = await profile_when(server, bob.player["id"], lambda p: p["rating"])
    stayed = await profile_when(server, ann.player["id"], lambda p: p["rating"])
    assert left["rating"]["rating"] < 1500 < stayed["rating"]["rating"]
    assert left["games"][0]["won"] is False and stayed["games"][0]["won"] is True
    assert left["games"][0]["rated"] is True


async def test_a_rated_match_left_before_moving_is_aborted_not_rated(server_env, make_server):
    """Farming by forfeits: a second identity sits down and leaves (or lets its clock run
    out) without a move of its own. The match ends as a forfeit and counts in the
    statistics, but it was aborted: no rating moves."""
    server, ann, bob, room = await rated_table(server_env, make_server)
    await bob.close()
    await ann.wait(room, lambda s: s.view["room"]["status"] == "finished")
    stayed = await profile_when(server, ann.player["id"], lambda p: p["games"])
    assert stayed["rating"] is None and stayed["rating_history"] == []
    assert stayed["games"][0]["won"] is True
    assert (stayed["games"][0]["rated"], stayed["games"][0]["unrated"]) == (False, "aborted")
    # The players' statistics are written before the replay (server.host.driver._finish).
    replay = await until(
        lambda: server.get(f"/api/replays/{room}"),
        what="the replay",
        check=lambda answer: answer[0] == 200,
    )
    assert replay[1]["own_moves"] == [0, 0]


async def test_two_identities_of_one_address_are_never_rated_together(server):
    ann, bob = await two_players(server)  # both from 127.0.0.1
    room = await ann.create(HUMANS, target=1)
    await ann.join(room, 0)
    await bob.join(room, 1)
    await both_move(room, ann, bob)
    await asyncio.gather(play(ann, room, seed=1), play(bob, room, seed=2))
    profile = await profile_when(server, bob.player["id"], lambda p: p["games"])
    assert profile["rating"] is None
    assert (profile["games"][0]["rated"], profile["games"][0]["unrated"]) == (
        False,
        "same_address",
    )


async def test_a_second_network_said_hello_from_mid_match_does_not_make_it_rated(proxied):
    """Ann and Bob share a network; in the middle of their match Bob says hello from his
    phone's. Comparing only each one's last network rated that match: they shared one."""
    server = proxied
    ann, bob = await two_players(server, ("203.0.113.9", "203.0.113.9"))
    room = await ann.create(HUMANS, target=1)
    await ann.join(room, 0)
    await bob.join(room, 1)
    await both_move(room, ann, bob)
    phone = await connect(
        server.ws, Client(server.ws, secret=bob.secret, headers={"X-Forwarded-For": "198.51.100.7"})
    )
    assert phone.player["id"] == bob.player["id"]
    await asyncio.gather(play(ann, room, seed=1), play(bob, room, seed=2))
    profile = await profile_when(server, bob.player["id"], lambda p: p["games"])
    assert profile["rating"] is None
    assert profile["games"][0]["unrated"] == "same_address"


async def test_fresh_identities_beaten_earn_an_established_rating_nothing(server_env, make_server):
    """The farm, in small: Mark (established) beats fresh identities made on another network
    (each plays a hand, then leaves and forfeits). Each fresh one is rated from its first
    match and shown provisional; Mark's rating stays where it was, and each of his games says
    why. Then Mark loses to one: that costs him, as it would against anyone."""
    env = {**server_env, "CARDROOM_GRACE_SECONDS": "0.3", "CARDROOM_TRUSTED_PROXIES": "127.0.0.1"}
    server = make_server(env)
    home, phone = {"X-Forwarded-For": "203.0.113.50"}, {"X-Forwarded-For": "198.51.100.60"}
    mark = await connect(server.ws, Client(server.ws, headers=home))
    await mark.new_player("Mark")
    put_rating(server.env["CARDROOM_DB"], mark.player["id"], established(1818.0))

    async def thrown(winner: Client, loser: Client) -> str:
        room = await winner.create(HUMANS)
        await winner.join(room, 0)
        await loser.join(room, 1)
        await both_move(room, winner, loser)
        await asyncio.gather(play(winner, room, hands=1, seed=1), play(loser, room, hands=1))
        await loser.close()
        await winner.wait(room, lambda s: s.view["room"]["status"] == "finished")
        return room

    for n in range(2):
        fresh = await connect(server.ws, Client(server.ws, headers=phone))
        await fresh.new_player(f"Spare{n}")
        room = await thrown(mark, fresh)
        seats = mark.rooms[room].view["room"]["seats"]
        assert (seats[0]["rating"], seats[0]["provisional"]) == (1818, False)
        spare = await profile_when(server, fresh.player["id"], lambda p: p["rating"])
        assert spare["rating"]["games"] == 1 and spare["rating"]["provisional"] is True
        assert spare["rating"]["rating"] < 1500
    profile = await profile_when(server, mark.player["id"], lambda p: len(p["games"]) == 2)
    assert profile["rating"]["rating"] == 1818.0 and profile["rating"]["games"] == 150
    assert profile["rating"]["provisional"] is False
    assert [g["unrated"] for g in profile["games"]] == ["provisional_opponent"] * 2
    board = server.get("/api/leaderboards/ratings")[1]["rows"]
    assert [r["player"] for r in board] == [mark.player["id"]]  # no provisional rating
    # Mark loses to a fresh identity: a loss counts as usual.
    pumped = await connect(server.ws, Client(server.ws, headers=phone))
    await pumped.new_player("Pumped")
    await thrown(pumped, mark)
    profile = await profile_when(server, mark.player["id"], lambda p: len(p["games"]) == 3)
    assert profile["rating"]["rating"] < 1818.0 and profile["games"][0]["rated"] is True


async def daily_solitaire(client: Client) -> tuple[str, bool]:
    """Sit down at today's Réfléchi (draw 1): the room, and whether it is practice."""
    room = await client.create([], game="reflechi", daily=True)
    reply = await client.request("join", room=room, seat=0)
    await client.wait(room, lambda s: s.view is not None)
    return room, reply["practice"]


async def test_the_daily_board_ranks_first_attempts_and_hides_replays_until_the_day_ends(
    server_env, make_server
):
    server = make_server(
        {
            **server_env,
            "CARDROOM_ABANDONED_SECONDS": "0.3",
            "CARDROOM_GRACE_SECONDS": "0.3",
            "CARDROOM_TODAY": tomorrow(),
        }
    )
    ann, bob = await two_players(server)
    first, practice = await daily_solitaire(ann)
    assert practice is False
    day = ann.rooms[first].view["room"]["daily"]
    line = todays_line(server_env["CARDROOM_DB"], "reflechi", 1, day)
    for action in line:
        await ann.act(first, action)
    second, practice = await daily_solitaire(ann)  # the same deal again: practice
    assert practice is True
    for action in line:
        await ann.act(second, action)
    mine, _ = await daily_solitaire(bob)
    await bob.act(mine, {"type": "stock"})
    await bob.request("leave", room=mine)  # nobody looks at it: lost, as abandoned
    await bob.daily()
    await bob.close()  # leaves today's Gin Rummy: forfeited after the grace period

    me = bob.player["id"]
    # A finished game's steps are each atomic on their own (server/store/results.py): the
    # player's games, then the day's board. Wait for both of Bob's games in both.
    profile = await profile_when(
        server, me, lambda p: len(p["games"]) == 2 and len(p["today"]["ranks"]) == 2
    )
    status, board = server.get(f"/api/leaderboards/daily/reflechi_draw1?player={me}")
    assert status == 200 and board["over"] is False and board["total"] == 2
    assert [(r["rank"], r["player"], r["won"]) for r in board["rows"]] == [
        (1, ann.player["id"], True),
        (2, me, False),
    ]
    assert all(r["game"] is None for r in board["rows"])  # no replay link before the day ends
    assert board["me"]["rank"] == 2 and board["me"]["name"] == "Bob"
    assert server.get(f"/api/replays/{first}")[0] == 403
    status, board = server.get("/api/leaderboards/daily/gin_rummy")
    assert [(r["player"], r["won"]) for r in board["rows"]] == [(me, False)]
    assert profile["today"]["ranks"] == {
        "reflechi_draw1": {"rank": 2, "total": 2},
        "gin_rummy": {"rank": 1, "total": 1},
    }
    # Today's daily games are listed, their ids (and so their replays) kept back.
    assert [(g["id"], g["daily"] is not None) for g in profile["games"]] == [(None, True)] * 2
    ann_profile = server.get(f"/api/players/{ann.player['id']}")[1]
    assert [g.get("ranked", False) for g in ann_profile["games"]] == [False, True]


async def test_a_past_days_board_links_its_replays(server):
    import datetime as dt

    from server.store.embedded import EmbeddedStore

    yesterday = (dt.datetime.now(dt.UTC).date() - dt.timedelta(days=1)).isoformat()
    store = EmbeddedStore(server.env["CARDROOM_DB"])  # the server's own file
    try:
        replay = {
            "id": "oldroom",
            "game": "easy_harp",
            "options": {"draw": 1, "number": 5},
            "seats": [{"kind": "human", "level": None, "name": "Ann", "player": "p222222222222"}],
            "result": {"won": True, "score": 1220, "moves": 300},
            "finished_at": 1.0,
            "daily": yesterday,
        }
        await store.dailies.claim_attempt("easy_harp", yesterday, "p222222222222", "oldroom")
        await record_game(store, replay)
    finally:
        await store.close()
    status, board = server.get(f"/api/leaderboards/daily/easy_harp?date={yesterday}")
    assert status == 200 and board["over"] is True
    assert [(r["rank"], r["game"]) for r in board["rows"]] == [(1, "oldroom")]
    for bad, code in (("nope?date=x", "no_board"), ("easy_harp?date=2024-13-01", "bad_date")):
        status, error = server.get(f"/api/leaderboards/daily/{bad}")
        assert status in (400, 404) and error["code"] == code
    assert server.get("/api/leaderboards/daily/easy_harp?player=x")[1]["code"] == "bad_field"
