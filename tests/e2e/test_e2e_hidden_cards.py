"""Property, end to end: random games with random reconnects; no message a seat or a
spectator receives ever holds a card hidden from it at that moment."""

from __future__ import annotations

import asyncio
import random

import pytest
from e2e_play import connect, positions
from gin_positions import hidden_from, strings_in

from protocol.client import Client, RoomState
from protocol.diff import apply

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def random_action(rng: random.Random, game: dict) -> dict:
    legal = game["turn"]["legal"]
    kind = rng.choice(legal)
    if kind == "knock" and game["turn"]["knocks"]:
        return {"type": "knock", "card": rng.choice(sorted(game["turn"]["knocks"]))}
    if kind in ("knock", "discard"):
        cards = [c for c in game["hand"] if c != game["turn"]["forbidden"]]
        return {"type": "discard", "card": rng.choice(cards)}
    return {"type": kind}


def check_messages(messages: list[dict], room: str, viewer, states) -> int:
    """Replay ``messages`` as a client would and check each against the position it shows."""
    view = None
    checked = 0
    for message in messages:
        if message.get("room") != room:
            continue
        if message["t"] == "snapshot":
            view = message["view"]
        elif message["t"] == "patch" and view is not None:
            view = apply(view, message["ops"])
        else:
            continue
        ply = view["game"]["turn"]["ply"]
        leaked = set(strings_in(message)) & hidden_from(states[ply], viewer)
        assert not leaked, f"{viewer} got {leaked} at move {ply}"
        checked += 1
    return checked


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_no_message_ever_holds_a_card_hidden_from_its_receiver(server, server_env, seed):
    rng = random.Random(seed)
    players = [await connect(server.ws), await connect(server.ws)]
    spectator = await connect(server.ws)
    # At least 60 moves: a match to 30 may end after a single knock, so as many matches as
    # that takes, each checked against its own positions.
    applied = checked = states = 0
    while applied < 60:
        moves, seen, positions_ = await play_one_match(server, server_env, rng, players, spectator)
        applied, checked, states = applied + moves, checked + seen, states + positions_
    assert states > 20
    assert checked > 100


async def play_one_match(server, server_env, rng, players, spectator) -> tuple[int, int, int]:
    """Random moves and reconnects in a new room until its match ends or 400 steps and 60
    moves are done; returns (moves, messages checked, positions)."""
    for seat in (0, 1):
        players[seat].received.clear()
    spectator.received.clear()
    room = await players[0].create(HUMANS, target=30)
    for seat in (0, 1):
        await players[seat].join(room, seat, f"P{seat}")
    await spectator.watch(room)
    received = {0: [], 1: [], None: []}
    applied = 0
    # At least 400 steps and 60 moves (how many iterations that takes depends on how
    # fast each client sees its turn, so a fixed number of iterations is not enough).
    for iteration in range(4000):
        if iteration >= 400 and applied >= 60:
            break
        seat = rng.randrange(2)
        client = players[seat]
        if rng.random() < 0.08:  # the network drops; the player resumes on a new socket
            received[seat].extend(client.received)
            await client.drop()
            fresh = Client(server.ws)
            fresh.rooms[room] = RoomState(token=client.rooms[room].token, seat=seat)
            if rng.random() < 0.5:  # resume from the last sequence seen, or from nothing
                fresh.rooms[room].seq = client.rooms[room].seq
                fresh.rooms[room].epoch = client.rooms[room].epoch
                fresh.rooms[room].view = client.rooms[room].view
            await connect(server.ws, fresh)
            await fresh.resume(room)
            await fresh.wait(room, lambda s: s.view is not None)
            players[seat] = fresh
            continue
        state = client.rooms[room]
        await client.wait(room, lambda s: s.seq >= spectator.rooms[room].seq - 5)
        game = state.view["game"]
        if state.view["room"]["status"] == "finished":
            break
        if game["turn"]["phase"] == "hand_over" or game["turn"]["to_act"] == seat:
            action = (
                {"type": "next_hand"}
                if game["turn"]["phase"] == "hand_over"
                else random_action(rng, game)
            )
            try:
                await client.act(room, action)
                applied += 1
            except Exception as error:
                assert getattr(error, "code", None) in ("hand_in_play", "not_your_turn")
        await asyncio.sleep(0)
    for client in (*players, spectator):  # each answered after all it was sent
        await client.request("ping")
    for seat in (0, 1):
        received[seat].extend(players[seat].received)
    received[None].extend(spectator.received)
    states = positions(server_env["CARDROOM_DB"], room)
    checked = sum(check_messages(received[v], room, v, states) for v in (0, 1, None))
    return applied, checked, len(states)
