"""End to end: reconnects, retried commands, restarts on both stores, clocks, forfeits,
graceful shutdown. Real server processes, real WebSocket clients, real Redis."""

from __future__ import annotations

import asyncio
import signal

import pytest
from e2e_play import connect, my_turn, play, settled
from waiting import until

from protocol.client import Client
from protocol.codec import pack
from server.games.gin_rummy.bots import make_bot

HUMANS = [{"kind": "human"}, {"kind": "human"}]
STOPPED = (0, -signal.SIGTERM)  # uvicorn re-raises SIGTERM after its graceful shutdown


async def table(server, seats=HUMANS, **options):
    alice, bob = await connect(server.ws), await connect(server.ws)
    room = await alice.create(seats, **options)
    await alice.join(room, 0, "Alice")
    if seats[1]["kind"] == "human":
        await bob.join(room, 1, "Bob")
    return alice, bob, room


async def step(client: Client, room: str, level: str = "normal") -> None:
    """Wait for ``client``'s turn and play one action."""
    await client.wait(room, my_turn)
    state = client.rooms[room]
    seq = state.seq
    action = make_bot(level, 1).act(state.view["game"])
    await client.act(room, action.to_dict())
    await client.wait(room, lambda s: s.seq > seq)


async def test_a_player_who_drops_mid_hand_resumes_with_nothing_lost_or_doubled(server):
    alice, bob, room = await table(server)
    # Whose turn it is is read from views both players have caught up (after one acts, the
    # other's view may still lag a patch behind).
    for _ in range(6):
        for c in (alice, bob):
            await settled(room, alice, bob)
            if my_turn(c.rooms[room]):
                await step(c, room)
    await settled(room, alice, bob)
    while not my_turn(alice.rooms[room]):
        await step(bob, room)
        await settled(room, alice, bob)
    # Alice is to move: she sends an action, and the network drops before she reads the answer.
    await alice.wait(room, my_turn)
    view = alice.rooms[room].view["game"]
    action = make_bot("normal", 1).act(view).to_dict()
    # Her view is current (nothing moves until she acts); Bob's may still lag a patch behind.
    moves = view["turn"]["ply"] + 1
    await alice.ws.send(pack({"t": "act", "id": "retry-me", "room": room, "action": action}))
    await bob.wait(room, lambda s: s.view["game"]["turn"]["ply"] == moves)  # the server applied it
    await alice.drop()  # ... and the answer is lost with the connection
    await bob.wait(room, lambda s: s.view["room"]["seats"][0]["connected"] is False)
    # She reconnects on a new socket, resumes from the last sequence she saw, and retries.
    again = Client(server.ws)
    again.rooms = alice.rooms
    await connect(server.ws, again)
    await again.resume(room)
    reply = await again.act(room, action, id="retry-me")
    assert reply.get("duplicate") is True
    state = again.rooms[room]
    await again.wait(room, lambda s: s.view["game"]["turn"]["ply"] == moves)
    fresh = await connect(server.ws)
    fresh.rooms[room] = type(state)(token=state.token)
    await fresh.request("resume", room=room, token=state.token)
    await fresh.wait(room, lambda s: s.view is not None)
    await again.wait(room, lambda s: s.seq == fresh.rooms[room].seq)
    assert again.rooms[room].view == fresh.rooms[room].view
    assert state.view["room"]["seats"][0]["connected"] is True
    # The game goes on normally from both sides, to the end of the hand after those already
    # finished: about one deal in twenty ends its first hand within the moves above, and
    # then hands=1 would send Bob home at once while Alice waited for her turn for ever.
    hands = len(state.view["game"]["hands_played"]) + 1
    await asyncio.gather(play(again, room, hands=hands), play(bob, room, hands=hands, seed=5))
    for c in (again, bob, fresh):
        await c.close()


async def bot_room_seq(server, room):
    watcher = await connect(server.ws)
    await watcher.watch(room)
    moves = watcher.rooms[room].view["game"]["turn"]["ply"]
    await watcher.close()
    return moves


@pytest.mark.parametrize("store", ["embedded", "redis"])
async def test_a_restart_keeps_replays_and_the_daily_deal_and_rebuilds_rooms(
    store, server_env, redis_env, make_server
):
    env = {**(server_env if store == "embedded" else redis_env), "CARDROOM_BOT_DELAY": "0.05"}
    first = make_server(env)
    # A finished game (short target), today's deal, a human-vs-bot room mid-hand, a bot room.
    alice, bob, done = await table(first, target=5)
    await asyncio.gather(play(alice, done), play(bob, done, seed=2))
    status, daily_before = first.get("/api/daily")
    assert status == 200 and "seed" not in daily_before
    me = await connect(first.ws)
    daily_room = await me.daily("Me")
    first_hand = me.rooms[daily_room].view["game"]["hand"]
    mine = await me.create([{"kind": "human"}, {"kind": "bot", "level": "hard"}])
    await me.join(mine, 0, "Me")
    for _ in range(3):
        await step(me, mine)
    bots = await me.create(  # a long match: still going when the second server checks
        [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "normal"}],
        public=True,
        target=500,
    )
    await until(lambda: bot_room_seq(first, bots), what="the bots' first moves")
    moves_before = me.rooms[mine].view["game"]["turn"]["ply"]
    token = me.rooms[mine].token
    assert first.stop(signal.SIGTERM) in STOPPED

    second = make_server(env, port=first.port)
    status, replay = second.get(f"/api/replays/{done}")
    assert status == 200 and replay["result"]["winner"] in (0, 1)
    assert any(r["id"] == done for r in second.get("/api/replays")[1]["replays"])
    assert second.get("/api/daily")[1] == daily_before
    other = await connect(second.ws)
    again = await other.daily("Other")
    assert other.rooms[again].view["game"]["hand"] == first_hand
    # The player comes back to the same seat of the rebuilt room and plays on.
    back = await connect(second.ws)
    back.rooms[mine] = type(me.rooms[mine])(token=token, seat=0)
    await back.resume(mine)
    state = await back.wait(mine, lambda s: s.view is not None)
    assert state.view["game"]["turn"]["ply"] >= moves_before
    assert state.view["game"]["seat"] == 0 and len(state.view["game"]["hand"]) in (10, 11)
    await play(back, mine, hands=1)
    # The bot room resumed on its own.
    before = await bot_room_seq(second, bots)
    await until(
        lambda: bot_room_seq(second, bots), what="a move", check=lambda moves: moves > before
    )
    for c in (alice, bob, me, other, back):
        await c.close()


async def test_graceful_shutdown_tells_clients_to_reconnect_and_keeps_every_action(
    server_env, make_server
):
    first = make_server(server_env)
    alice, bob, room = await table(first)
    for _ in range(4):
        for c in (alice, bob):
            if my_turn(c.rooms[room]):
                await step(c, room)
    await settled(room, alice, bob)
    moves = alice.rooms[room].view["game"]["turn"]["ply"]
    assert first.stop(signal.SIGTERM) in STOPPED
    await asyncio.wait_for(alice.closed.wait(), 10)
    assert any(n["t"] == "reconnect" for n in alice.notices)
    assert alice.close_code == 1012  # service restart, as the protocol says
    second = make_server(server_env, port=first.port)
    back = await connect(second.ws)
    back.rooms[room] = type(alice.rooms[room])(token=alice.rooms[room].token, seat=0)
    await back.resume(room)
    state = await back.wait(room, lambda s: s.view is not None)
    assert state.view["game"]["turn"]["ply"] == moves
    await back.close()


async def test_a_player_away_past_the_grace_period_forfeits_and_everyone_is_told(
    server_env, make_server
):
    server = make_server({**server_env, "CARDROOM_GRACE_SECONDS": "0.3"})
    alice, bob, room = await table(server)
    eve = await connect(server.ws)
    await eve.watch(room)
    await alice.drop()
    state = await bob.wait(room, lambda s: s.view["room"]["status"] == "finished", timeout=10)
    assert state.view["room"]["forfeit"] == 0 and state.view["room"]["winner"] == 1
    assert state.view["room"]["forfeit_reason"] == "left"
    await eve.wait(room, lambda s: s.view["room"]["status"] == "finished")
    # The notice follows the patch of the forfeit (the protocol's order): the next frames.
    await until(
        lambda: all(any(n.get("kind") == "forfeit" for n in c.notices) for c in (eve, bob)),
        what="the forfeit notices",
    )
    status, replay = await until(
        lambda: server.get(f"/api/replays/{room}"), what="the replay", check=lambda r: r[0] == 200
    )
    assert status == 200 and replay["result"]["forfeit"] == 0


async def test_players_who_go_together_cost_the_others_one_change(server):
    """Both players' network goes at the same moment: a spectator sees them leave in one
    patch, not one per socket (departures of a room are shown together)."""
    alice, bob, room = await table(server)
    eve = await connect(server.ws)
    state = await eve.watch(room)
    state = await eve.wait(room, lambda s: all(x["connected"] for x in s.view["room"]["seats"]))
    before = state.seq
    await asyncio.gather(alice.drop(), bob.drop())
    state = await eve.wait(room, lambda s: not any(x["connected"] for x in s.view["room"]["seats"]))
    assert state.seq == before + 1


async def test_a_coming_back_player_within_grace_keeps_the_seat(server_env, make_server):
    """End to end: the seat shows gone, and the same token takes it back on a new socket.
    That the grace period then never runs out is the room host's, tested in fake time
    (tests/host/test_host.py)."""
    server = make_server({**server_env, "CARDROOM_GRACE_SECONDS": "60"})
    alice, bob, room = await table(server)
    token = alice.rooms[room].token
    await alice.drop()
    await bob.wait(room, lambda s: not s.view["room"]["seats"][0]["connected"])
    back = await connect(server.ws)
    back.rooms[room] = type(alice.rooms[room])(token=token, seat=0)
    await back.resume(room)
    state = await bob.wait(room, lambda s: s.view["room"]["seats"][0]["connected"])
    assert state.view["room"]["status"] == "playing" and state.view["room"]["forfeit"] is None
    assert back.rooms[room].view["seat"] == 0


async def test_the_turn_clock_plays_a_safe_move_and_repeated_timeouts_forfeit(
    server_env, make_server
):
    server = make_server({**server_env, "CARDROOM_MAX_TIMEOUTS": "2"})
    alice, _bob, room = await table(server, turn_seconds=1)
    view = alice.rooms[room].view
    assert view["room"]["deadline"] is not None
    first = view["game"]["turn"]["to_act"]
    state = await alice.wait(room, lambda s: s.view["game"]["turn"]["ply"] >= 3, timeout=10)
    assert any(n.get("kind") == "timeout" for n in alice.notices)
    # Nobody plays: the clock passes, draws and discards until a player times out twice.
    state = await alice.wait(room, lambda s: s.view["room"]["status"] == "finished", timeout=15)
    assert state.view["room"]["forfeit_reason"] == "timeouts"
    assert state.view["room"]["seats"][state.view["room"]["forfeit"]]["timeouts"] == 2
    assert first in (0, 1)


async def test_bots_do_not_run_a_clock():
    from server.rooms import check_meta

    meta = check_meta(
        {
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
            "turn_seconds": 30,
            "seed": 1,
        }
    )
    assert meta["turn_seconds"] is None
