"""End to end: every kind of bad input gets its code, leaves rooms unchanged, and never
stops the server; lobby, open hands and the daily game over the wire."""

from __future__ import annotations

import asyncio

import msgpack
import pytest
from e2e_play import connect, play
from waiting import until

from protocol.client import Client, ClientError
from protocol.codec import pack

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def seated(server):
    alice, bob, eve = await connect(server.ws), await connect(server.ws), await connect(server.ws)
    room = await alice.create(HUMANS, public=True)
    await alice.join(room, 0, "Alice")
    await bob.join(room, 1, "Bob")
    await eve.watch(room)
    return alice, bob, eve, room


async def refused(client: Client, code: str, kind: str, **fields) -> ClientError:
    with pytest.raises(ClientError) as info:
        await client.request(kind, **fields)
    assert info.value.code == code, info.value
    assert info.value.message and info.value.message.endswith(".")
    return info.value


async def next_error(client: Client, count: int) -> dict:
    def errors() -> list[dict]:
        return [m for m in client.received if m["t"] == "error"]

    return (await until(errors, what="an error", check=lambda e: len(e) > count))[count]


async def test_bad_input_gets_a_code_and_changes_nothing(server):
    alice, bob, eve, room = await seated(server)
    game = alice.rooms[room].view["game"]
    to_act, other = game["turn"]["to_act"], 1 - game["turn"]["to_act"]
    players = {0: alice, 1: bob}
    before = eve.rooms[room].view["game"], eve.rooms[room].view["game"]["turn"]["ply"]

    # Frames that are not MessagePack maps: the socket stays open.
    for frame in (b"\xc1\xff", pack([1, 2]), "not binary"):
        count = len([m for m in alice.received if m["t"] == "error"])
        await alice.send_raw(frame)
        assert (await next_error(alice, count))["code"] == "bad_frame"
    assert (await alice.request("ping"))["t"] == "ok"

    await refused(alice, "unknown_type", "shuffle_deck")
    count = len([m for m in alice.received if m["t"] == "error"])
    await alice.send_raw(pack({"t": [], "id": "x"}))
    assert (await next_error(alice, count))["code"] == "unknown_type"
    await refused(alice, "bad_action", "act", room=room, action={"type": []})
    await refused(alice, "bad_field", "act", room=room, action="discard")
    await refused(alice, "bad_field", "act", room=123, action={"type": "pass"})
    await refused(alice, "bad_name", "join", room=room, name="x" * 40)
    await refused(alice, "bad_action", "act", room=room, action={"type": "discard", "card": "1Z"})
    await refused(alice, "bad_action", "act", room=room, action={"type": "fly"})
    await refused(players[other], "not_your_turn", "act", room=room, action={"type": "pass"})
    await refused(players[to_act], "upcard_offer", "act", room=room, action={"type": "draw_stock"})
    await refused(eve, "spectator", "act", room=room, action={"type": "pass"})
    stranger = await connect(server.ws)
    await refused(stranger, "not_joined", "act", room=room, action={"type": "pass"})
    await refused(stranger, "no_room", "watch", room="nosuchroom")
    await refused(stranger, "bad_token", "resume", room=room, token="not-a-seat-token")
    await refused(stranger, "bad_token", "resume", room=room, token=bob.rooms[room].token + "x")
    await refused(stranger, "room_full", "join", room=room, name="Mallory")
    await refused(stranger, "seat_taken", "join", room=room, seat=0, name="Mallory")
    await refused(stranger, "bad_room", "create", seats=[{"kind": "bot", "level": "god"}] * 2)
    await refused(stranger, "bad_room", "create", seats=HUMANS, open_hands=True)
    await refused(stranger, "not_joined", "leave", room=room)
    await eve.request("ping")  # answered after any patch a refusal could have caused
    after = eve.rooms[room].view["game"], eve.rooms[room].view["game"]["turn"]["ply"]
    assert after == before
    # The room still plays normally.
    await players[to_act].act(room, {"type": "pass"})


async def test_a_client_must_say_hello_with_a_version_first(server):
    import websockets

    async with websockets.connect(server.ws) as ws:
        await ws.send(pack({"t": "ping", "id": 1}))
        reply = msgpack.unpackb(await ws.recv())
        assert reply["code"] == "hello_first" and reply["id"] == 1
        await ws.send(pack({"t": "hello", "id": 2, "v": 99}))
        assert msgpack.unpackb(await ws.recv())["code"] == "version"
        await ws.send(pack({"t": "hello", "id": 3, "v": 1}))
        assert msgpack.unpackb(await ws.recv())["t"] == "ok"


async def test_an_oversized_frame_closes_the_socket_with_1009(server):
    client = await connect(server.ws)
    await client.send_raw(pack({"t": "ping", "id": 1, "pad": "x" * 100_000}))
    await asyncio.wait_for(client.closed.wait(), 5)
    assert client.close_code == 1009
    other = await connect(server.ws)  # the server is fine
    assert (await other.request("ping"))["t"] == "ok"


async def test_a_flood_closes_the_socket_with_1008_and_spares_other_rooms(server_env, make_server):
    server = make_server({**server_env, "CARDROOM_RATE": "5", "CARDROOM_BURST": "10"})
    calm = await connect(server.ws)
    flood = await connect(server.ws)
    for _ in range(50):
        try:
            await flood.send_raw(pack({"t": "ping", "id": 1}))
        except Exception:
            break
    await asyncio.wait_for(flood.closed.wait(), 5)
    assert flood.close_code == 1008
    assert any(m.get("code") == "flood" for m in flood.received)
    assert (await calm.request("ping"))["t"] == "ok"


async def test_the_lobby_lists_public_rooms_live_and_hides_private_ones(server):
    watcher = await connect(server.ws)
    reply = await watcher.follow_lobby()
    assert reply["rooms"] == [] and reply["total"] == 0
    host = await connect(server.ws)
    public = await host.create(HUMANS, public=True)
    private = await host.create(HUMANS, public=False)
    await until(lambda: watcher.lobby, what="the public room listed")
    assert [r["id"] for r in watcher.lobby] == [public]
    await host.join(public, 0, "Host")
    await until(lambda: watcher.lobby[0]["seats"][0]["name"] == "Host", what="its seat taken")
    assert watcher.lobby[0]["seats"][0]["open"] is False
    assert private not in [r["id"] for r in server.get("/api/lobby")[1]["rooms"]]


async def test_bot_rooms_with_open_hands_show_both_hands_to_spectators(server):
    host = await connect(server.ws)
    room = await host.create(
        [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "normal"}], open_hands=True
    )
    state = await host.watch(room)
    open_ = state.view["game"]["open"]
    assert [len(h["hand"]) for h in open_] in ([10, 10], [11, 10], [10, 11])
    await host.wait(room, lambda s: s.view["room"]["status"] == "finished", timeout=60)


async def test_todays_game_gives_everyone_the_same_cards_against_the_normal_bot(server):
    a, b = await connect(server.ws), await connect(server.ws)
    ra, rb = await a.daily("A"), await b.daily("B")
    assert ra != rb
    va, vb = a.rooms[ra].view, b.rooms[rb].view
    assert va["game"]["hand"] == vb["game"]["hand"]
    assert va["room"]["daily"] == vb["room"]["daily"] is not None
    # The seed comes from the server's secret (tests/host/test_dailies.py: different secrets,
    # different days, and a published seed gives no other day).
    assert va["room"]["seats"][1] | {"connected": True} == {
        "kind": "bot",
        "level": "normal",
        "name": "Normal bot",
        "player": None,
        "ranked": False,
        "rating": None,
        "provisional": False,
        "connected": True,
        "timeouts": 0,
        "away_until": None,
    }
    status, info = server.get("/api/daily")
    assert status == 200 and set(info) == {"date", "game", "bot", "solitaires", "yesterday"}
    await play(a, ra, hands=1)
    status, _ = server.get(f"/api/replays/{ra}")
    assert status == 409  # still in progress


async def test_health_ready_and_metrics(server):
    assert server.get("/health") == (200, {"status": "ok", "protocol": 1})
    status, ready = server.get("/ready")
    assert status == 200 and ready["live"] == [ready["node"]]  # alone, it hears itself
    import urllib.request

    client = await connect(server.ws)
    await client.request("ping")
    with urllib.request.urlopen(f"{server.http}/metrics") as r:
        text = r.read().decode()
    for name in (
        "cardroom_connections",
        "cardroom_messages_in_total",
        "cardroom_refusals_total",
        "cardroom_action_seconds",
        "cardroom_rooms",
    ):
        assert name in text


async def test_one_connection_cannot_create_rooms_without_end(server):
    client = await connect(server.ws)
    for _ in range(50):
        await client.create(HUMANS)
    await refused(client, "too_many_rooms", "create", seats=HUMANS)
    other = await connect(server.ws)
    assert await other.create(HUMANS)
