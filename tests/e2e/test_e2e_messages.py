"""Every message a real server sends fits its declaration (protocol/messages.py): each
``ok`` the reply of its request's kind, every other message one of the pushed kinds, with
no field the declaration does not have. A session that makes every kind of request (and
the server send every kind of message but ``reconnect``) checks each message it gets."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import msgspec
from e2e_play import OPEN, play
from waiting import until

from protocol import messages
from protocol.client import Client, ClientError

HUMANS = [{"kind": "human"}, {"kind": "human"}]


class Declared(Client):
    """A client that holds each message it gets to its declaration."""

    def __init__(self, url: str, **options: Any) -> None:
        super().__init__(url, **options)
        self.kinds: dict[Any, str] = {}  # command id -> the request's kind
        self.problems: list[str] = []
        self.seen: set[str] = set()

    async def request(self, kind: str, *, id: Any = None, **fields: Any) -> dict[str, Any]:
        cmd = id if id is not None else f"{self._prefix}-{next(self._ids)}"
        self.kinds[cmd] = kind
        return await super().request(kind, id=cmd, **fields)

    def _dispatch(self, message: dict[str, Any]) -> None:
        try:
            if message.get("t") == "ok":
                kind = self.kinds[message.get("id")]
                msgspec.convert(message, messages.REPLIES[kind])
                self.seen.add(f"ok:{kind}")
            else:
                msgspec.convert(message, messages.PUSHED)
                self.seen.add(message["t"])
        except (msgspec.ValidationError, KeyError) as wrong:
            self.problems.append(f"{message}: {wrong}")
        super()._dispatch(message)


async def declared(url: str, **options: Any) -> Declared:
    client = Declared(url, **options)
    OPEN.append(client)
    return await client.connect()


async def test_every_message_of_a_session_fits_its_declaration(server_env, make_server):
    server = make_server({**server_env, "CARDROOM_MAX_TIMEOUTS": "9"})
    ann, bob, eve = [await declared(server.ws) for _ in range(3)]
    await ann.new_player("Ann")
    await ann.request("player_update", name="Ann B", settings={"sound": False})
    await eve.request("lobby")  # following: the changes come as pushes
    room = await ann.create(HUMANS, public=True, turn_seconds=1)
    await ann.join(room, 0)
    await bob.join(room, 1)
    await eve.watch(room)
    await ann.request("say", room=room, phrase="good_luck")  # a phrase: a patch to everyone
    first = ann.rooms[room].view["game"]["turn"]["to_act"]
    mover = (ann, bob)[first]
    await mover.act(room, {"type": "pass"}, id="one")
    await mover.act(room, {"type": "pass"}, id="one")  # the retry: a duplicate
    await ann.wait(room, lambda s: s.view["room"]["seats"][1 - first]["timeouts"] >= 1)
    back = await declared(server.ws, secret=ann.secret)  # hello with a secret
    back.rooms[room] = type(ann.rooms[room])(token=ann.rooms[room].token, seat=0)
    await back.resume(room)
    await back.request("leave", room=room)
    await back.daily("Ann")
    solo = await back.create([], game="easy_harp", number=9, request="solo-deal-9")
    again = await ann.request("create", game="easy_harp", number=9, request="solo-deal-9")
    assert again["room"] == solo and again["duplicate"]  # the same player's repeat
    await back.join(solo, 0)
    await back.request("hint", room=solo)
    await back.request("winnable", room=solo)
    await back.request("ping")
    await back.request("seek", rated=False)
    await back.request("unseek")
    # A finished match between two people: a rematch offer, seen by the other as a push.
    duel = await back.create(HUMANS, target=1)
    await back.join(duel, 0)
    await bob.join(duel, 1)
    await asyncio.gather(play(back, duel, "easy"), play(bob, duel, "easy", seed=2))
    await back.request("rematch", room=duel, answer="offer")
    await until(lambda: "rematch" in bob.seen)
    bots = await back.create(
        [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}], target=5
    )
    await until(lambda: server.get(f"/api/replays/{bots}"), check=lambda r: r[0] == 200)
    await back.request("review", room=bots, seat=0)
    # Friends: a request and its answer, the lists pushed, a friend's presence pushed.
    await bob.new_player("Bob")
    await back.request("friend", player=bob.player["id"], do="request")
    await until(lambda: "friends" in bob.seen)
    await bob.request("friend", player=back.player["id"], do="accept")
    await bob.request("friends")
    await back.request("player_update", settings={"hidePresence": True})
    await until(lambda: "friend" in bob.seen)
    # Challenges: one sent, its pushes to both, declined; the list.
    sent = await bob.request("challenge", player=back.player["id"], target=10, rated=False)
    await until(lambda: "challenge" in back.seen)
    await back.request("challenges")
    await back.request("challenge_answer", challenge=sent["challenge"]["id"], do="decline")
    with contextlib.suppress(ClientError):  # an error, as declared
        await back.request("act", room="nosuchroom", action={"type": "stock"})
    await back.request("player_reset")  # ann's socket is signed out
    await ann.signed_out.wait()
    for client in (ann, bob, eve, back):
        assert not client.problems, client.problems[:3]
    seen = set().union(*(c.seen for c in (ann, bob, eve, back)))
    assert {f"ok:{k}" for k in messages.REQUESTS} <= seen, sorted(seen)
    assert {"snapshot", "patch", "lobby", "notice", "error", "signed_out", "rematch"} <= seen
    assert {"friends", "friend", "challenge"} <= seen
