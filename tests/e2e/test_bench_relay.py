"""The load generator's bare relay (``/bench/broadcast``, served by ``python -m tools.relay``,
never by the game server alone), and when it replays a game's patches it answers as the game
answers an action, so that ``bench/load.py saturate`` measures an action's I/O alone."""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path

import msgpack
import pytest
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from load import HdrHistogram, relay_share

PATCHES = [
    {"t": "patch", "room": "r", "seq": 1, "ops": [{"op": "add", "path": "/a", "value": 1}]},
    {"t": "patch", "room": "r", "seq": 2, "ops": [{"op": "remove", "path": "/a"}]},
]


async def read(member) -> dict:
    return msgpack.unpackb(await asyncio.wait_for(member.recv(), 5))


async def members(server, n: int) -> list:
    url = server.ws.replace("/ws", "/bench/broadcast")
    return [await websockets.connect(url, ping_interval=None) for _ in range(n)]


async def test_a_replayed_patch_reaches_every_member_and_the_sender_also_gets_its_ok(
    make_server, server_env
):
    server = make_server(server_env, module="tools.relay")
    group = await members(server, 3)
    for m in group:
        await m.send(msgpack.packb({"t": "join", "group": "g", "frames": PATCHES}))
        assert await read(m) == {"t": "ok"}
    await group[0].send(msgpack.packb({"t": "say", "group": "g", "n": 3, "id": 7}))
    # n counts around the frames the group brought: 3 is the second
    for m in group:
        assert await read(m) == PATCHES[1]
    assert await read(group[0]) == {"t": "ok", "id": 7}
    for m in group[1:]:  # the others got the patch and nothing else
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(m.recv(), 0.2)
    for m in group:
        await m.close()


async def test_a_frame_the_codec_refuses_is_answered_and_the_socket_relays_on(
    make_server, server_env
):
    server = make_server(server_env, module="tools.relay")
    (member,) = await members(server, 1)
    deep: dict = {}
    for _ in range(9):
        deep = {"v": deep}
    await member.send(msgpack.packb({"t": "join", "group": "g", "frames": [deep]}))
    refused = await read(member)
    assert refused["t"] == "error" and refused["code"] == "bad_frame"
    await member.send(msgpack.packb({"t": "join", "group": "g"}))
    assert await read(member) == {"t": "ok"}
    await member.send(msgpack.packb({"t": "say", "group": "g", "x": 1}))
    assert await read(member) == {"t": "say", "group": "g", "x": 1}
    await member.close()
    assert "Traceback" not in Path(server.env["LOG_FILE"]).read_text()


async def test_the_game_server_alone_has_no_relay(server):
    with pytest.raises(websockets.InvalidStatus) as refused:
        await members(server, 1)
    assert refused.value.response.status_code == 404


async def test_the_relay_scenario_pairs_each_message_with_the_patch_that_answers_it(
    make_server, server_env
):
    """``load.py relay`` times each message to the patch the second member gets for it,
    taking them in order: every message must bring exactly one patch to every member and
    an ok to the sender, or its latencies and its CPU per message would be another's."""
    server = make_server(server_env, module="tools.relay")
    ready, go = threading.Event(), threading.Event()
    go.set()
    groups, spectators = 3, 2
    frames = [msgpack.packb(p) for p in PATCHES]
    result = await relay_share(server.ws, groups, 5.0, spectators, 1.0, 1, frames, ready, go)
    stats, timed = result["stats"], HdrHistogram.decode(result["opp"])
    assert ready.is_set()
    assert stats["actions"] >= groups  # five a second each for a second: at least the first
    assert timed.get_total_count() == stats["actions"]
    # every member a patch a message, the sender also its ok
    assert stats["frames"] == stats["actions"] * (2 + spectators + 1)
