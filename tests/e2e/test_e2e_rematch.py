"""End to end: rematch offers after a match between two people, on real server processes
(two nodes on one Redis for the main case: each player on a node of their own)."""

from __future__ import annotations

import asyncio
import json

import pytest
from e2e_play import connect, play

from protocol.client import Client, ClientError
from server.games.cards import derive_seed
from server.store.redis_store import RedisStore

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def finished_match(ann: Client, bob: Client) -> str:
    room = await ann.create(HUMANS, target=1)
    await ann.join(room, 0, "Ann")
    await bob.join(room, 1, "Bob")
    await asyncio.gather(play(ann, room, "easy"), play(bob, room, "easy", seed=2))
    return room


async def told(client: Client, start: int, state: str) -> dict:
    """The first ``rematch`` message from ``start`` on whose state is ``state``. Messages
    are found by position: two may be equal (offers made in one millisecond)."""
    while True:
        message = await client.notice(("rematch",), start)
        if message["state"] == state:
            return message
        start = next(i for i, n in enumerate(client.notices) if i >= start and n is message) + 1


async def refused(client: Client, code: str, kind: str, **fields) -> None:
    with pytest.raises(ClientError) as caught:
        await client.request(kind, **fields)
    assert caught.value.code == code


async def test_an_offer_accepted_seats_both_in_a_new_room_swapped_across_nodes(
    redis_env, make_server
):
    a, b = make_server(redis_env), make_server(redis_env)
    ann, bob = await connect(a.ws), await connect(b.ws)
    await ann.new_player("Ann")
    await bob.new_player("Bob")
    room = await finished_match(ann, bob)
    start = len(bob.notices)
    offer = (await ann.request("rematch", room=room, answer="offer"))["offer"]
    assert offer["state"] == "offered" and offer["by"] == 0
    seen = await told(bob, start, "offered")  # on the other node
    assert seen["until"] - seen["at"] == 60_000
    start = len(ann.notices)
    agreed = (await bob.request("rematch", room=room, answer="accept"))["offer"]
    assert agreed["state"] == "accepted" and agreed["next"]
    assert (await told(ann, start, "accepted"))["next"] == agreed["next"]
    new = agreed["next"]
    # Seats swapped, each kept for its player: ann may not take her old seat.
    await refused(ann, "seat_kept", "join", room=new, seat=0)
    await ann.join(new, 1, "Ann")
    await bob.join(new, 0, "Bob")
    store = RedisStore(redis_env["REDIS_URL"], prefix=redis_env["REDIS_PREFIX"])
    try:
        old_meta = json.loads(await store.redis.get(store.keys.room_meta(room)))
        new_meta = json.loads(await store.redis.get(store.keys.room_meta(new)))
    finally:
        await store.close()
    players = [s["for"] for s in new_meta["seats"]]
    assert players == [bob.player["id"], ann.player["id"]]
    assert new_meta["target"] == 1
    # The player who did not deal first last time deals first now.
    old_dealer = (ann, bob)[derive_seed(old_meta["seed"], 0) & 1].player["id"]
    assert players[derive_seed(new_meta["seed"], 0) & 1] != old_dealer
    view = ann.rooms[new].view
    assert view["game"]["dealer"] == derive_seed(new_meta["seed"], 0) & 1


async def test_an_offer_ends_when_declined_or_when_a_player_leaves(server):
    ann, bob, eve = [await connect(server.ws) for _ in range(3)]
    room = await finished_match(ann, bob)
    await eve.watch(room)
    await refused(eve, "not_joined", "rematch", room=room, answer="offer")
    await refused(bob, "no_offer", "rematch", room=room, answer="accept")
    await ann.request("rematch", room=room, answer="offer")
    declined = (await bob.request("rematch", room=room, answer="decline"))["offer"]
    assert declined["state"] == "declined"
    start = len(bob.notices)
    await ann.request("rematch", room=room, answer="offer")
    await ann.request("leave", room=room)
    ended = await told(bob, start, "ended")
    assert ended["reason"] == "left"
    await refused(bob, "no_offer", "rematch", room=room, answer="accept")


async def test_no_rematch_offer_against_a_bot_or_before_the_end(server):
    ann = await connect(server.ws)
    bots = await ann.create([{"kind": "human"}, {"kind": "bot", "level": "easy"}], target=1)
    await ann.join(bots, 0, "Ann")
    await refused(ann, "no_rematch", "rematch", room=bots, answer="offer")
    bob = await connect(server.ws)
    room = await ann.create(HUMANS, target=100)
    await ann.join(room, 0, "Ann")
    await bob.join(room, 1, "Bob")
    await refused(ann, "match_on", "rematch", room=room, answer="offer")
