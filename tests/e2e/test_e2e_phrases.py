"""End to end: table phrases on real server processes (two nodes on one Redis: the speaker
on one, the opponent and the spectators on the other). A phrase reaches the opponent and a
public room's spectator, never a private room's; too soon, unknown or from a spectator it is
refused; the replay keeps it. (The 30-a-match limit is counted the same way, on the log:
tests/host/test_table_phrases.py, in fake time.)"""

from __future__ import annotations

import asyncio

from e2e_play import connect, play, refused, settled
from waiting import until

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def said(state) -> list[tuple[int, str]]:
    return [(p["seat"], p["phrase"]) for p in state.view["room"]["phrases"]]


async def test_a_phrase_reaches_the_opponent_and_a_public_rooms_spectators_only(
    redis_env, make_server
):
    a, b = make_server(redis_env), make_server(redis_env)
    ann = await connect(a.ws)
    bob, public_watcher, private_watcher = [await connect(b.ws) for _ in range(3)]
    rooms = {}
    for public in (True, False):
        room = await ann.create(HUMANS, public=public, target=1)
        await ann.join(room, 0, "Ann")
        await bob.join(room, 1, "Bob")
        await (public_watcher if public else private_watcher).watch(room)
        rooms[public] = room
    for room in rooms.values():
        await ann.request("say", room=room, phrase="good_luck")
    await bob.wait(rooms[True], lambda s: said(s) == [(0, "good_luck")])
    await bob.wait(rooms[False], lambda s: said(s) == [(0, "good_luck")])
    await public_watcher.wait(rooms[True], lambda s: said(s) == [(0, "good_luck")])
    # The private room's spectator: every change since is seen, and no phrase among them.
    await bob.request("say", room=rooms[False], phrase="have_fun")
    await settled(rooms[False], ann, bob)
    first = (ann, bob)[bob.rooms[rooms[False]].view["game"]["turn"]["to_act"]]
    await first.act(rooms[False], {"type": "pass"})  # a move: a patch the spectator gets
    await settled(rooms[False], ann, bob, private_watcher)
    assert said(private_watcher.rooms[rooms[False]]) == []
    assert said(ann.rooms[rooms[False]]) == [(0, "good_luck"), (1, "have_fun")]
    for frame in private_watcher.received:
        assert "good_luck" not in repr(frame) and "have_fun" not in repr(frame)


async def test_too_soon_unknown_and_spectators_phrases_are_refused_and_the_replay_keeps_them(
    redis_env, make_server
):
    a, b = make_server(redis_env), make_server(redis_env)
    ann, bob, watcher = await connect(a.ws), await connect(b.ws), await connect(b.ws)
    room = await ann.create(HUMANS, public=True, target=1)
    await ann.join(room, 0, "Ann")
    await bob.join(room, 1, "Bob")
    await watcher.watch(room)
    await ann.request("say", room=room, phrase="hello")
    assert "wait" in await refused(ann, "phrase_too_soon", "say", room=room, phrase="thanks")
    await refused(ann, "bad_phrase", "say", room=room, phrase="You are slow")
    await refused(ann, "bad_field", "say", room=room, phrase=["hello"])
    await refused(watcher, "spectator", "say", room=room, phrase="hello")
    await refused(watcher, "not_joined", "say", room="nosuchroom", phrase="hello")
    await bob.request("say", room=room, phrase="good_luck")
    await settled(room, ann, bob, watcher)
    assert said(watcher.rooms[room]) == [(0, "hello"), (1, "good_luck")]
    await asyncio.gather(play(ann, room, "easy"), play(bob, room, "easy", seed=2))
    await refused(ann, "room_finished", "say", room=room, phrase="well_played")

    _, replay = await until(
        lambda: a.get(f"/api/replays/{room}"), 30, "the replay", lambda got: got[0] == 200
    )
    assert [p[:2] for p in replay["phrases"]] == [[0, "hello"], [1, "good_luck"]]
    assert all(step == 0 for *_, step in replay["phrases"])  # said before the first move
    status, frames = a.get(f"/api/replays/{room}/frames")
    assert status == 200
    assert frames["phrases"] == [
        {"seat": 0, "phrase": "hello", "step": 0},
        {"seat": 1, "phrase": "good_luck", "step": 0},
    ]
