"""Friends, blocks and presence between real server processes on one Redis (each test with
a key prefix of its own): a request and its answer told to both players wherever they are,
a friend's presence followed across two nodes as their sockets close on one and then the
other, and as a node is killed; hidden presence; what a block keeps apart (requests,
presence, quick pairing, rematch offers)."""

from __future__ import annotations

import asyncio
import signal
import time

import pytest
from e2e_play import connect, play
from waiting import until

from protocol.client import Client, ClientError
from server.services.online import GRACE_SECONDS
from server.store.base import NODE_TIMEOUT_MS

PROXIED = {"CARDROOM_TRUSTED_PROXIES": "127.0.0.1"}


async def player(server, name: str, address: str) -> Client:
    client = await connect(server.ws, Client(server.ws, headers={"X-Forwarded-For": address}))
    await client.new_player(name)
    return client


async def again(server, who: Client, address: str) -> Client:
    """Another socket of ``who``'s player, on ``server``."""
    headers = {"X-Forwarded-For": address}
    return await connect(server.ws, Client(server.ws, secret=who.secret, headers=headers))


async def refused(client: Client, code: str, **fields) -> str:
    with pytest.raises(ClientError) as caught:
        await client.request("friend", **fields)
    assert caught.value.code == code
    return caught.value.message


def pushed(client: Client, kind: str, **match) -> list[dict]:
    return [
        n for n in client.notices if n["t"] == kind and all(n.get(k) == v for k, v in match.items())
    ]


def latest(client: Client, friend: Client) -> dict | None:
    """What ``client`` was last told of ``friend``: a ``friend`` message, or their row in a
    ``friends`` list (None: not in it)."""
    told = None
    for n in client.notices:
        if n["t"] == "friend" and n["player"] == friend.player["id"]:
            told = n
        elif n["t"] == "friends":
            told = next((r for r in n["friends"] if r["id"] == friend.player["id"]), None)
    return told


async def shows(client: Client, friend: Client, status: str, timeout: float = 10.0) -> dict:
    """``client`` is told ``friend`` is ``status`` now."""

    def last() -> dict | None:
        told = latest(client, friend)
        return told if told is not None and told["status"] == status else None

    return await until(last, timeout=timeout, what=f"{status} shown")


async def friends(a: Client, b: Client) -> None:
    """``a`` asks, ``b`` accepts."""
    await a.request("friend", player=b.player["id"], do="request")
    await b.request("friend", player=a.player["id"], do="accept")


async def test_a_request_and_its_answer_reach_both_players_on_two_nodes(redis_env, make_server):
    a, b = make_server({**redis_env, **PROXIED}), make_server({**redis_env, **PROXIED})
    ann = await player(a, "Ann", "203.0.113.1")
    bob = await player(b, "Bob", "203.0.113.2")
    for client in (ann, bob):  # what their screens start from, as the web client's do
        assert (await client.request("friends"))["incoming"] == []
    sent = await ann.request("friend", player=bob.player["id"], do="request")
    assert [r["name"] for r in sent["outgoing"]] == ["Bob"]
    told = await until(lambda: pushed(bob, "friends"))
    assert [r["id"] for r in told[-1]["incoming"]] == [ann.player["id"]]
    answer = await bob.request("friend", player=ann.player["id"], do="accept")
    assert [(r["id"], r["name"]) for r in answer["friends"]] == [(ann.player["id"], "Ann")]
    await shows(bob, ann, "online")  # (at once, once his node has heard of hers)
    lists = await until(lambda: [n for n in pushed(ann, "friends") if n["friends"]])
    assert lists[-1]["friends"][0]["id"] == bob.player["id"]
    await shows(ann, bob, "online")
    assert (await ann.request("friends"))["outgoing"] == []
    await refused(ann, "already_friends", player=bob.player["id"], do="request")


async def test_bad_friend_requests_are_refused_and_change_nothing(server):
    ann = await player(server, "Ann", "203.0.113.1")
    me = ann.player["id"]
    await refused(ann, "self_friend", player=me, do="request")
    await refused(ann, "unknown_player", player="p222222222222", do="request")
    await refused(ann, "bad_player", player="x" * 64, do="block")
    await refused(ann, "bad_field", player=me, do="befriend")
    with pytest.raises(ClientError) as caught:
        await ann.request("friend", player=["p"] * 300, do="request")
    assert caught.value.code == "bad_field"
    nobody = await connect(server.ws)
    with pytest.raises(ClientError) as caught:
        await nobody.request("friends")
    assert caught.value.code == "no_player"
    lists = await ann.request("friends")
    assert {k: lists[k] for k in ("friends", "incoming", "outgoing", "blocked")} == {
        "friends": [], "incoming": [], "outgoing": [], "blocked": [],
    }  # fmt: skip


async def test_presence_follows_a_player_s_sockets_on_two_nodes_and_a_killed_node(
    redis_env, make_server
):
    """Bob has a socket on node a and one on node b; Ann, on a, sees him online while either
    is open, offline within the grace after the last closes; online again on b, and offline
    within the grace (and a loaded machine's slack) once b is killed: b's pulse
    lapses, long before its heartbeat is taken for dead."""
    a, b = make_server({**redis_env, **PROXIED}), make_server({**redis_env, **PROXIED})
    ann = await player(a, "Ann", "203.0.113.1")
    bob = await player(b, "Bob", "203.0.113.2")
    await friends(ann, bob)
    bob_a = await again(a, bob, "203.0.113.2")
    await shows(ann, bob, "online")
    await bob.close()  # his socket on b: he is still on a
    await bob_a.close()
    told = await shows(ann, bob, "offline")
    assert told == {"t": "friend", "player": bob.player["id"], "status": "offline", "watch": None}
    assert len(pushed(ann, "friend", player=bob.player["id"], status="offline")) == 1
    bob_b = await again(b, bob, "203.0.113.2")
    await shows(ann, bob, "online")
    assert bob_b.player["id"] == bob.player["id"]
    killed = time.monotonic()
    b.stop(signal.SIGKILL)
    await shows(ann, bob, "offline", timeout=15)
    # b's pulse lapses within the grace (fake time: tests/host/test_friends_presence.py);
    # here, with two seconds of a loaded machine's slack, still before b's heartbeat could
    # be taken for dead (4.5 s after the kill in a run before the pulse)
    took = time.monotonic() - killed
    assert took < GRACE_SECONDS + 2.0 < NODE_TIMEOUT_MS / 1000, took
    assert (await ann.request("friends"))["friends"][0]["status"] == "offline"


async def test_playing_shows_a_public_table_to_watch_and_never_a_private_one(
    redis_env, make_server
):
    a, b = make_server({**redis_env, **PROXIED}), make_server({**redis_env, **PROXIED})
    ann = await player(a, "Ann", "203.0.113.1")
    bob = await player(b, "Bob", "203.0.113.2")
    await friends(ann, bob)
    public = await bob.create([{"kind": "human"}, {"kind": "bot", "level": "easy"}], public=True)
    await bob.join(public, 0, "Bob")
    told = await shows(ann, bob, "playing")
    assert told["watch"] == public
    await bob.request("leave", room=public)
    await shows(ann, bob, "online")
    private = await bob.create([{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    await bob.join(private, 0, "Bob")
    told = await shows(ann, bob, "playing")
    assert told["watch"] is None
    assert private not in str(ann.received)


async def test_hidden_presence_shows_offline_to_every_friend(redis_env, make_server):
    a, b = make_server({**redis_env, **PROXIED}), make_server({**redis_env, **PROXIED})
    ann = await player(a, "Ann", "203.0.113.1")
    bob = await player(b, "Bob", "203.0.113.2")
    await friends(ann, bob)
    await shows(ann, bob, "online")
    await bob.request("player_update", settings={"hidePresence": True})
    await shows(ann, bob, "offline")
    assert (await ann.request("friends"))["friends"][0]["status"] == "offline"
    await bob.request("player_update", settings={"hidePresence": False})
    await shows(ann, bob, "online")


async def test_a_blocked_player_cannot_request_see_or_be_paired_with_the_blocker(
    redis_env, make_server
):
    a, b = make_server({**redis_env, **PROXIED}), make_server({**redis_env, **PROXIED})
    ann = await player(a, "Ann", "203.0.113.1")
    bob = await player(b, "Bob", "203.0.113.2")
    await friends(ann, bob)
    await shows(bob, ann, "online")
    blocked = await ann.request("friend", player=bob.player["id"], do="block")
    assert blocked["friends"] == [] and blocked["blocked"][0]["id"] == bob.player["id"]
    lists = await until(lambda: pushed(bob, "friends"), check=lambda told: not told[-1]["friends"])
    assert lists[-1]["incoming"] == []  # the friendship is gone from his lists too
    # every attempt of his is refused
    await refused(bob, "blocked", player=ann.player["id"], do="request")
    await refused(bob, "not_friends", player=ann.player["id"], do="remove")
    await refused(bob, "not_blocked", player=ann.player["id"], do="unblock")
    # he sees nothing more of her presence
    seen = len(bob.notices)
    await ann.close()
    ann = await again(a, ann, "203.0.113.1")
    assert (await bob.request("friends"))["friends"] == []
    # quick pairing never pairs the two: a third player is paired with one of them
    assert (await ann.request("seek", target=10, rated=False))["seeking"] is True
    assert (await bob.request("seek", target=10, rated=False))["seeking"] is True
    cy = await player(b, "Cy", "203.0.113.3")
    told = await cy.seek(target=10, rated=False)
    assert told["opponent"]["name"] == "Ann"
    assert [n for n in bob.notices[seen:] if n["t"] in ("friend", "paired")] == []


async def test_a_rematch_is_never_agreed_with_a_blocked_player(server):
    ann = await player(server, "Ann", "203.0.113.1")
    bob = await player(server, "Bob", "203.0.113.2")
    room = await ann.create([{"kind": "human"}, {"kind": "human"}], target=1, rated=False)
    await ann.join(room, 0, "Ann")
    await bob.join(room, 1, "Bob")
    await asyncio.gather(play(ann, room, "easy"), play(bob, room, "easy", seed=2))
    await bob.request("friend", player=ann.player["id"], do="block")
    with pytest.raises(ClientError) as caught:
        await ann.request("rematch", room=room, answer="offer")
    assert caught.value.code == "blocked"
