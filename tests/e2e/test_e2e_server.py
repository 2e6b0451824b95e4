"""End to end: a real server process, real WebSocket clients."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest
from e2e_play import both, connect, play, positions
from servers import env_for
from waiting import until

from protocol.diff import apply
from protocol.frames import CROWD
from server.games.gin_rummy import new_match

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def test_two_humans_play_a_full_match(server):
    alice, bob = await connect(server.ws), await connect(server.ws)
    room = await alice.create(HUMANS, public=True)
    await alice.join(room, 0, "Alice")
    await bob.join(room, 1, "Bob")
    await both(play(alice, room, "normal", seed=1), play(bob, room, "normal", seed=2))
    final = alice.rooms[room].view
    assert final["room"]["status"] == "finished"
    assert max(final["game"]["scores"]) >= 100
    assert final["room"]["winner"] == final["game"]["winner"]
    path = f"/api/replays/{room}"
    status, replay = await until(lambda: server.get(path), check=lambda r: r[0] == 200)
    assert status == 200 and replay["result"]["winner"] == final["room"]["winner"]
    rebuilt = new_match(replay["seed"], replay["options"])
    for seat, action in replay["actions"]:
        from server.games.gin_rummy import Action

        rebuilt = rebuilt.apply(seat, Action.from_dict(action))
    assert list(rebuilt.scores) == final["game"]["scores"]
    await alice.close()
    await bob.close()


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
async def test_a_human_plays_each_bot_level_to_the_end_of_a_hand(server, level):
    me = await connect(server.ws)
    room = await me.create([{"kind": "human"}, {"kind": "bot", "level": level}])
    await me.join(room, 0, "Me")
    await play(me, room, "normal", hands=1)
    view = me.rooms[room].view
    assert view["game"]["turn"]["phase"] in ("hand_over", "match_over")
    assert view["game"]["result"]["kind"] in ("knock", "gin", "undercut", "dead")
    await me.close()


async def test_every_spectator_sees_exactly_the_engine_spectator_view_at_every_step(
    server, server_env
):
    # More spectators than CROWD: their patches are framed and compressed once for all of
    # them (protocol/frames.py), and each client, compressing with its own history, must
    # read every one.
    alice, bob = await connect(server.ws), await connect(server.ws)
    watchers = [await connect(server.ws) for _ in range(CROWD + 1)]
    room = await alice.create(HUMANS, public=True)
    await alice.join(room, 0, "Alice")
    await bob.join(room, 1, "Bob")
    for eve in watchers:
        await eve.watch(room)
    await both(play(alice, room, hands=2, seed=3), play(bob, room, hands=2, seed=4))
    for eve in watchers:
        await eve.wait(room, lambda s: s.seq == alice.rooms[room].seq)
    status, _ = server.get(f"/api/replays/{room}")
    assert status == 409  # in progress: no replay
    # Rebuild each spectator's view from its snapshot and every patch, and compare it at
    # every step with the engine's spectator view of the same position (from the stored log).
    states = positions(server_env["CARDROOM_DB"], room)
    for eve in watchers:
        view = None
        compared = set()
        for message in eve.received:
            if message["t"] == "snapshot":
                view = message["view"]
            elif message["t"] == "patch":
                view = apply(view, message["ops"])
            else:
                continue
            ply = view["game"]["turn"]["ply"]
            assert view["game"] == states[ply].view(None)
            compared.add(ply)
        assert view == eve.rooms[room].view
        assert compared == set(range(len(states)))  # every position of the game was seen


def test_a_server_stopped_as_soon_as_it_is_ready_logs_json_only(tmp_path, make_server):
    """Stopped while its workers are still starting (they start beside the serving node):
    once, their semaphores were left to the resource tracker, whose warning (plain text)
    went into the log. Three stops, each just after /ready (before the fix, 2 or 3 of 6
    such stops left the warning)."""
    for k in range(3):
        (tmp_path / str(k)).mkdir()
        env = env_for(tmp_path / str(k), LOG_LEVEL="info")
        server = make_server(env)
        assert server.stop() != -signal.SIGKILL
        text = Path(env["LOG_FILE"]).read_text()
        assert all(line.startswith("{") for line in text.splitlines()), text


async def test_every_line_the_server_logs_is_one_json_object(server_env, make_server):
    """The server's own events and uvicorn's (start-up, each HTTP request) in one format."""
    server = make_server({**server_env, "LOG_LEVEL": "info"})
    assert server.get("/health")[0] == 200
    assert server.get("/nope")[0] == 404
    client = await connect(server.ws)
    await client.create([], game="reflechi", number=1)
    await client.close()
    # A graceful stop (a SIGKILL after 15 s would cut the last lines: say so, not "no JSON")
    assert server.stop() != -signal.SIGKILL, Path(server_env["LOG_FILE"]).read_text()
    text = Path(server_env["LOG_FILE"]).read_text()
    plain = [line for line in text.splitlines() if not line.startswith("{")]
    assert not plain, f"lines that are not JSON objects, in the log:\n{text}"
    records = [json.loads(line) for line in text.splitlines()]
    requests = {(r["path"], r["status"]) for r in records if r["event"] == "http"}
    assert {("/health", 200), ("/nope", 404)} <= requests
    assert {"started", "room_created", "stopped"} <= {r["event"] for r in records}
    # on uvloop, a dependency for its speed (bench/RESULTS.md): an install without it says so
    assert [r["loop"] for r in records if r["event"] == "started"] == ["uvloop"]
    assert any(r.get("source", "").startswith("uvicorn") for r in records)
