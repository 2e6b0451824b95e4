"""Challenges between friends across real server processes on one Redis: a challenge from a
socket on node 1 reaches the friend's two sockets on nodes 1 and 2; both accept at once and
one room is made (the other device is refused and told); an accept while the challenger is
seeking or at a table, or after a block, is refused with its own code; bad input changes
nothing."""

from __future__ import annotations

import asyncio

import pytest
from e2e_play import connect
from test_e2e_friends import PROXIED, again, friends, player, pushed, shows
from waiting import until

from protocol.client import Client, ClientError


async def refused(client: Client, code: str, kind: str = "challenge", **fields) -> str:
    with pytest.raises(ClientError) as caught:
        await client.request(kind, **fields)
    assert caught.value.code == code, caught.value.message
    assert caught.value.message.endswith(".")
    return caught.value.message


def told(client: Client, cid: str, state: str) -> list[dict]:
    return pushed(client, "challenge", id=cid, state=state)


async def challenged(ann: Client, bob: Client, *devices: Client, **settings) -> str:
    """``ann`` challenges ``bob``; each of ``devices`` (his sockets) is told at once."""
    sent = await ann.request("challenge", player=bob.player["id"], **settings)
    cid = sent["challenge"]["id"]
    assert sent["challenge"]["state"] == "offered" and "seed" not in sent["challenge"]
    for device in devices:
        await until(lambda device=device: told(device, cid, "offered"), what="banner")
    return cid


async def test_two_devices_accept_at_once_and_one_room_is_made(redis_env, make_server):
    a, b = make_server({**redis_env, **PROXIED}), make_server({**redis_env, **PROXIED})
    ann = await player(a, "Ann", "203.0.113.1")
    bob2 = await player(b, "Bob", "203.0.113.2")  # Bob's socket on node 2...
    await friends(ann, bob2)
    await shows(ann, bob2, "online")  # (his entry on node 2 is written)
    bob = await again(a, bob2, "203.0.113.2")  # ...and one on node 1, beside Ann's
    cid = await challenged(ann, bob, bob, bob2, target=25, turn_seconds=20, rated=True)
    offer = told(bob2, cid, "offered")[-1]
    assert (offer["from_name"], offer["target"], offer["turn"], offer["rated"]) == (
        "Ann", 25, 20, True,
    )  # fmt: skip
    assert offer["provisional"] is True and "addr" not in offer and "seed" not in offer
    outcomes = await asyncio.gather(
        bob.request("challenge_answer", challenge=cid, do="accept"),
        bob2.request("challenge_answer", challenge=cid, do="accept"),
        return_exceptions=True,
    )
    won = [o for o in outcomes if isinstance(o, dict)]
    lost = [o for o in outcomes if isinstance(o, ClientError)]
    assert len(won) == 1 and [e.code for e in lost] == ["challenge_taken"]
    room = won[0]["challenge"]["room"]
    assert won[0]["seat"] == 1 and room
    for device in (ann, bob, bob2):  # every device is told (the other one too)
        news = await until(lambda device=device: told(device, cid, "accepted"))
        assert news[-1]["room"] == room
    state = await ann.join(room, 0, "Ann")
    assert state.view["seat"] == 0
    winner = bob if outcomes[0] is won[0] else bob2
    await winner.join(room, 1, "Bob")
    await shows(bob, ann, "playing")
    # the challenger, now at a table, challenges again: the accept is refused
    cid2 = await challenged(ann, bob, bob)
    assert (await ann.request("challenges"))["outgoing"][0]["id"] == cid2
    await refused(bob, "challenger_playing", "challenge_answer", challenge=cid2, do="accept")


async def test_an_accept_while_either_seeks_or_after_a_block_is_refused(redis_env, make_server):
    a, b = make_server({**redis_env, **PROXIED}), make_server({**redis_env, **PROXIED})
    ann = await player(a, "Ann", "203.0.113.1")
    bob = await player(b, "Bob", "203.0.113.2")
    await friends(ann, bob)
    cid = await challenged(ann, bob, bob, rated=False)
    await refused(ann, "challenge_open", player=bob.player["id"])  # one out at a time
    assert (await ann.request("seek", target=10, rated=False))["seeking"] is True
    await refused(bob, "challenger_seeking", "challenge_answer", challenge=cid, do="accept")
    await ann.request("unseek")
    # the one challenged seeks a match of their own: the accept would seat them twice
    assert (await bob.request("seek", target=10, rated=False))["seeking"] is True
    await refused(bob, "you_are_seeking", "challenge_answer", challenge=cid, do="accept")
    await bob.request("unseek")
    await bob.request("friend", player=ann.player["id"], do="block")
    await refused(bob, "blocked", "challenge_answer", challenge=cid, do="accept")
    await refused(ann, "blocked", player=bob.player["id"])
    await refused(bob, "you_block", player=ann.player["id"])
    # the open one is withdrawn; both are told
    ended = await ann.request("challenge_answer", challenge=cid, do="withdraw")
    assert ended["challenge"]["state"] == "withdrawn"
    await until(lambda: told(bob, cid, "withdrawn"))


async def test_a_declined_challenge_and_one_whose_challenger_leaves(redis_env, make_server):
    a, b = make_server({**redis_env, **PROXIED}), make_server({**redis_env, **PROXIED})
    ann = await player(a, "Ann", "203.0.113.1")
    bob = await player(b, "Bob", "203.0.113.2")
    await friends(ann, bob)
    cid = await challenged(ann, bob, bob)
    await bob.request("challenge_answer", challenge=cid, do="decline")
    await until(lambda: told(ann, cid, "declined"))
    await refused(bob, "challenge_ended", "challenge_answer", challenge=cid, do="accept")
    cid = await challenged(ann, bob, bob)  # one out again, once answered
    await ann.close()
    await until(lambda: told(bob, cid, "left"), what="the challenger left")
    assert (await bob.request("challenges"))["incoming"] == []


async def test_bad_challenges_are_refused_and_change_nothing(server):
    ann = await player(server, "Ann", "203.0.113.1")
    bob = await player(server, "Bob", "203.0.113.2")
    me, him = ann.player["id"], bob.player["id"]
    await refused(ann, "self_challenge", player=me)
    await refused(ann, "unknown_player", player="p222222222222")
    await refused(ann, "bad_player", player="x" * 64)
    await refused(ann, "not_friends", player=him)
    await friends(ann, bob)
    await refused(ann, "bad_challenge", player=him, target=7)
    await refused(ann, "bad_challenge", player=him, turn_seconds=30)
    await refused(ann, "bad_field", player=him, rated="yes")
    await refused(ann, "bad_field", player=him, target="100")
    await refused(bob, "no_challenge", "challenge_answer", challenge="c0000", do="accept")
    await refused(bob, "bad_field", "challenge_answer", challenge=["x"] * 3, do="accept")
    await refused(bob, "bad_field", "challenge_answer", challenge="c0000", do="take")
    await refused(ann, "no_challenge", "challenge_answer", challenge="c0000", do="withdraw")
    nobody = await connect(server.ws)
    await refused(nobody, "no_player", player=him)
    for client in (ann, bob):
        assert {k: v for k, v in (await client.request("challenges")).items() if k != "id"} == {
            "t": "ok", "incoming": [], "outgoing": [],
        }  # fmt: skip
    assert not pushed(bob, "challenge")


async def crossed(redis_env, make_server) -> tuple[Client, Client, str, str]:
    """Ann (node a) has challenged Bob (node b), and Cy (node b) has challenged her: Ann,
    Bob, and the ids of the challenge to Bob and the one from Cy."""
    a, b = make_server({**redis_env, **PROXIED}), make_server({**redis_env, **PROXIED})
    ann = await player(a, "Ann", "203.0.113.1")
    bob = await player(b, "Bob", "203.0.113.2")
    cy = await player(b, "Cy", "203.0.113.3")
    await friends(ann, bob)
    await friends(cy, ann)
    return ann, bob, await challenged(ann, bob, bob), await challenged(cy, ann, ann)


async def test_an_accept_while_the_challenger_went_to_another_challenge_is_refused(
    redis_env, make_server
):
    """Cy challenges Ann, who has challenged Bob; Ann accepts Cy's (on her way to its table,
    not seated yet): Bob's accept of hers is refused, and Ann's own table is one."""
    ann, bob, to_bob, from_cy = await crossed(redis_env, make_server)
    taken = await ann.request("challenge_answer", challenge=from_cy, do="accept")
    assert taken["challenge"]["state"] == "accepted"
    await refused(bob, "challenger_in_challenge", "challenge_answer", challenge=to_bob, do="accept")
    assert (await bob.request("challenges"))["incoming"][0]["id"] == to_bob  # still open


async def test_a_challenger_accepted_and_accepting_at_once_on_two_nodes_goes_to_one_table(
    redis_env, make_server
):
    """Ann (node a) has challenged Bob (node b) and Cy has challenged her: Bob accepts hers
    on node b as she accepts Cy's on node a, at once. One room is made; the other accept is
    refused with its own code (her claim is the winner's) and its challenge stays open."""
    ann, bob, to_bob, from_cy = await crossed(redis_env, make_server)
    outcomes = await asyncio.gather(
        bob.request("challenge_answer", challenge=to_bob, do="accept"),
        ann.request("challenge_answer", challenge=from_cy, do="accept"),
        return_exceptions=True,
    )
    won = [o for o in outcomes if isinstance(o, dict)]
    assert len(won) == 1, outcomes
    if outcomes[0] is won[0]:  # Bob's: Ann is taken to his table
        lost, (loser, cid) = outcomes[1], (ann, from_cy)
        assert lost.code == "in_challenge"
    else:  # Ann's of Cy's: her challenge to Bob cannot take her to a second table
        lost, (loser, cid) = outcomes[0], (bob, to_bob)
        assert lost.code == "challenger_in_challenge"
    assert lost.message.endswith(".")
    assert [c["id"] for c in (await loser.request("challenges"))["incoming"]] == [cid]
    room = won[0]["challenge"]["room"]
    seat = 0 if won[0]["challenge"]["from"] == ann.player["id"] else 1
    assert (await ann.join(room, seat, "Ann")).view["seat"] == seat


async def test_a_rated_challenge_between_two_players_of_one_network_is_refused(
    redis_env, make_server
):
    a, b = make_server({**redis_env, **PROXIED}), make_server({**redis_env, **PROXIED})
    ann = await player(a, "Ann", "203.0.113.1")
    bob = await player(b, "Bob", "203.0.113.1")  # the same network
    await friends(ann, bob)
    rated = await challenged(ann, bob, bob, rated=True)
    await refused(bob, "same_network", "challenge_answer", challenge=rated, do="accept")
    await ann.request("challenge_answer", challenge=rated, do="withdraw")
    casual = await challenged(ann, bob, bob, rated=False)
    made = await bob.request("challenge_answer", challenge=casual, do="accept")
    assert made["challenge"]["rated"] is False and made["challenge"]["room"]
