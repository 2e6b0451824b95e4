"""What a client can make the server hold, and what it may send: bounded per address and in
total, expired when nobody needs it, refused with a code and a sentence. Real server
processes, real WebSocket clients."""

from __future__ import annotations

import asyncio
import socket

import msgpack
import pytest
import websockets
from e2e_play import connect, refused
from waiting import until

from protocol.codec import pack

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def test_rooms_one_address_creates_are_limited_across_its_connections(
    server_env, make_server
):
    server = make_server({**server_env, "CARDROOM_ADDRESS_ROOMS": "12"})
    clients = [await connect(server.ws) for _ in range(4)]
    made = 0
    for client in clients:
        for _ in range(3):
            await client.create(HUMANS)
            made += 1
    fresh = await connect(server.ws)  # a new connection does not get a new allowance
    message = await refused(fresh, "too_many_rooms", "create", seats=HUMANS)
    assert "address" in message and made == 12


async def test_sockets_one_address_opens_are_limited(server_env, make_server):
    server = make_server({**server_env, "CARDROOM_ADDRESS_CONNECTIONS": "3"})
    clients = [await connect(server.ws) for _ in range(3)]
    with pytest.raises(websockets.InvalidStatus) as info:
        await websockets.connect(server.ws)
    assert info.value.response.status_code == 429
    await clients[0].close()

    async def admitted():  # once the server has seen the close, a place is free
        try:
            return await connect(server.ws)
        except websockets.InvalidStatus:
            return None

    again = await until(admitted, what="a closed socket to free its place")
    assert (await again.request("ping"))["t"] == "ok"


async def test_the_deployment_holds_at_most_its_room_limit(server_env, make_server):
    server = make_server({**server_env, "CARDROOM_MAX_ROOMS": "3"})
    client = await connect(server.ws)
    for _ in range(3):
        await client.create(HUMANS)
    await refused(client, "server_full", "create", seats=HUMANS)


async def test_a_room_nobody_joins_closes_leaves_the_lobby_and_keeps_no_replay(
    server_env, make_server
):
    server = make_server({**server_env, "CARDROOM_UNJOINED_SECONDS": "1"})
    follower = await connect(server.ws)
    await follower.follow_lobby()
    host = await connect(server.ws)
    room = await host.create(HUMANS, public=True)
    listed = lambda: room in [r["id"] for r in follower.lobby or []]  # noqa: E731
    await until(listed, what="the room in the lobby")
    await until(lambda: not listed(), what="the unjoined room closed")  # after one second
    assert server.get(f"/api/replays/{room}")[0] == 404
    assert room not in [r["id"] for r in server.get("/api/lobby")[1]["rooms"]]
    watcher = await connect(server.ws)
    state = await watcher.watch(room)  # the room can still be looked at: it closed
    assert state.view["room"]["status"] == "finished"
    assert state.view["room"]["closed"] == "unjoined"


async def test_an_abandoned_solitaire_ends_and_keeps_its_replay_only_if_played(
    server_env, make_server
):
    server = make_server({**server_env, "CARDROOM_ABANDONED_SECONDS": "0.3"})
    player = await connect(server.ws)
    played = (await player.request("create", game="easy_harp", number=5))["room"]
    await player.join(played, 0, "P")
    await player.act(played, {"type": "stock"})
    untouched = (await player.request("create", game="easy_harp", number=6))["room"]
    await player.join(untouched, 0, "P")
    await player.close()
    await until(lambda: server.get(f"/api/replays/{played}")[0] == 200, what="the replay")
    status, replay = server.get(f"/api/replays/{played}")
    assert status == 200 and replay["result"]["closed"] == "abandoned"
    assert len(replay["actions"]) == 1
    assert server.get(f"/api/replays/{untouched}")[0] == 404


async def test_a_client_that_stops_reading_is_closed_with_1013_and_sees_it_later(
    server_env, make_server
):
    # Bots a little slowed down: the matches to 500 outlast the test. Three of them: the
    # reader is cut off once 64 KiB wait in the server beyond what the kernel's buffers
    # hold, and one match to 500 between easy bots sends a spectator only 155-311 KB in all
    # (40 seeds), not always enough (a full run failed once so).
    server = make_server(
        {**server_env, "CARDROOM_QUEUE_BYTES": "65536", "CARDROOM_BOT_DELAY": "0.004"}
    )
    host = await connect(server.ws)
    rooms = [
        await host.create([{"kind": "bot", "level": "easy"}] * 2, target=500) for _ in range(3)
    ]
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: it fills
    sock.connect(("127.0.0.1", server.port))
    ws = await websockets.connect(
        server.ws, sock=sock, max_size=2**22, ping_interval=None, compression=None
    )
    await ws.send(pack({"t": "hello", "id": 1, "v": 1}))
    await ws.recv()
    for k, room in enumerate(rooms):
        await ws.send(pack({"t": "watch", "id": 2 + k, "room": room}))
    ws.transport.pause_reading()  # the client stops reading; the bots go on
    # the server cuts it off once 64 KiB wait for it
    await until(lambda: b'code="too_slow"' in server.raw("/metrics"), 30, "the slow reader cut")
    ws.transport.resume_reading()  # it reads again: what was on the wire, then the close
    with pytest.raises(websockets.ConnectionClosed) as info:
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    assert info.value.rcvd is not None and info.value.rcvd.code == 1013
    await ws.close()
    # The server and the rooms are fine: each plays on (a patch comes), or has come to its
    # end by the rules (on a loaded machine a match to 500 can end before the cut).
    other = await connect(server.ws)
    for room in rooms:
        state = await other.watch(room)
        if state.view["room"]["status"] == "finished":
            assert state.view["room"]["winner"] in (0, 1) and state.view["room"]["closed"] is None
        else:
            seen = state.seq
            await other.wait(room, lambda s, seen=seen: s.seq > seen, 10)


async def test_an_act_needs_a_command_id_and_an_id_is_never_reused_for_another_action(server):
    alice, bob = await connect(server.ws), await connect(server.ws)
    room = await alice.create(HUMANS)
    await alice.join(room, 0, "Alice")
    await bob.join(room, 1, "Bob")
    turn = alice.rooms[room].view["game"]["turn"]
    me = alice if turn["to_act"] == 0 else bob
    seq = me.rooms[room].seq
    count = len(me.received)
    await me.send_raw(pack({"t": "act", "room": room, "action": {"type": "pass"}}))
    await until(lambda: len(me.received) > count, what="the refusal")
    reply = me.received[-1]
    assert reply["code"] == "bad_field" and "command id" in reply["message"]
    await me.request("ping")  # answered after anything the act could have caused
    assert me.rooms[room].seq == seq  # nothing applied
    await me.act(room, {"type": "pass"}, id="once")
    assert (await me.act(room, {"type": "pass"}, id="once"))["duplicate"] is True
    await refused(me, "id_reused", "act", room=room, action={"type": "take_upcard"}, id="once")


async def test_an_id_of_another_shape_is_refused_and_never_echoed(server):
    client = await connect(server.ws)
    for bad in ("x" * 65, "x" * 60_000, 2**63, 1.5, ["a"], {"a": 1}):
        count = len(client.received)
        await client.send_raw(pack({"t": "ping", "id": bad}))
        await until(lambda n=count: len(client.received) > n, what="the refusal")
        reply = client.received[-1]
        assert reply["t"] == "error" and reply["code"] == "bad_field", reply
        assert reply["id"] is None


@pytest.mark.parametrize(
    "name",
    ["Eve\u202e", "a\nb", "tab\there", "zero\u200bwidth", " lead", "trail ", "...", "x" * 25, ""],
)
async def test_names_with_controls_direction_marks_or_bad_edges_are_refused(server, name):
    client = await connect(server.ws)
    room = await client.create(HUMANS)
    message = await refused(client, "bad_name", "join", room=room, name=name)
    assert message.endswith(".")


async def test_names_are_normalised_before_they_are_checked_and_shown(server):
    client = await connect(server.ws)
    room = await client.create(HUMANS)
    state = await client.join(room, 0, "Ｊｏｓé")  # full-width letters: NFKC makes them plain
    assert state.view["room"]["seats"][0]["name"] == "José"


@pytest.mark.parametrize(
    "frame, words",
    [
        (pack({"t": "ping", "id": 1, "b": b"\x00\x01"}), "Binary values"),
        (msgpack.packb({"t": "ping", "e": msgpack.ExtType(5, b"x")}), "extension"),
        (msgpack.packb({1: "ping"}), "Map keys"),
        (pack({"t": "ping", "a": list(range(2000))}), "1024 items"),
        (pack({"t": "ping", "d": [[[[[[[[[[1]]]]]]]]]]}), "nested"),
        (pack({"t": "ping"}) + b"\x01", "nothing after it"),
    ],
)
async def test_messagepack_outside_the_protocol_gets_a_sentence_naming_the_limit(
    server, frame, words
):
    client = await connect(server.ws)
    count = len(client.received)
    await client.send_raw(frame)
    await until(lambda: len(client.received) > count, what="the refusal")
    reply = client.received[-1]
    assert reply["code"] == "bad_frame" and words in reply["message"], reply
    assert (await client.request("ping"))["t"] == "ok"  # the socket stays open


async def test_the_lobby_comes_in_pages_newest_first(server):
    host = await connect(server.ws)
    rooms = [await host.create(HUMANS, public=True) for _ in range(5)]
    reader = await connect(server.ws)

    async def all_listed() -> bool:
        return (await reader.request("lobby", limit=1, follow=False))["total"] == 5

    await until(all_listed, what="the five rooms listed")
    seen, after = [], None
    while True:
        page = await reader.request("lobby", limit=2, after=after, follow=False)
        assert page["total"] == 5 and len(page["rooms"]) <= 2
        seen += [r["id"] for r in page["rooms"]]
        after = page["next"]
        if after is None:
            break
    assert seen == rooms[::-1]
    await refused(reader, "bad_field", "lobby", limit=1000)


async def test_deflate_is_offered_unless_the_server_turns_it_off(server, server_env, make_server):
    """CARDROOM_DEFLATE=off: a client that offers permessage-deflate is answered without it,
    and its frames go plain both ways (bench/RESULTS.md: an eighth less CPU an action, about
    five times the bytes)."""
    env = {**server_env, "CARDROOM_DB": server_env["CARDROOM_DB"] + ".off"}
    plain = make_server({**env, "CARDROOM_DEFLATE": "off"})
    for node, deflating in ((server, True), (plain, False)):
        client = await connect(node.ws)  # (websockets offers permessage-deflate)
        assert bool(client.ws.protocol.extensions) is deflating
        room = await client.create(HUMANS)
        assert (await client.request("watch", room=room))["t"] == "ok"
        await client.close()
