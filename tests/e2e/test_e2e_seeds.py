"""End to end, on a real server process: every way of making a room deals from a seed nobody
can compute. Two rooms made from the same visible inputs (the same players, the same settings,
the same ids a client is sent) deal differently; a rematch's deal is not the one its room id
gave (the id both players are sent was the seed once); and no message a client receives
before a match is over carries a seed of it or a value derived from one."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import sqlite3
import zlib
from typing import Any

from e2e_play import connect, play

from protocol.client import Client
from server.games.cards import derive_seed
from server.games.gin_rummy import new_match

HUMANS = [{"kind": "human"}, {"kind": "human"}]
AGAINST_A_BOT = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
TWO_BOTS = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]


def dealt(view: dict[str, Any]) -> tuple:
    """What a seat sees of a deal at its start: its hand and the upcard."""
    game = view["game"]
    return tuple(sorted(game["hand"])), tuple(game["discard_pile"])


def from_its_id(room_id: str, seat: int) -> set[tuple]:
    """What seat ``seat`` would be dealt if the seed were computed from the room's id, in a
    few ways a seed once was or might be (the id reaches every client)."""
    digest = hashlib.sha256(room_id.encode()).digest()
    seeds = {zlib.crc32(room_id.encode()), int.from_bytes(digest[:8], "big")}
    seeds.add(int.from_bytes(hashlib.blake2b(room_id.encode()).digest()[:8], "big"))
    return {dealt({"game": new_match(s, {"target": 1}).view(seat)}) for s in seeds}


def stored_seed(server_env: dict[str, str], room: str) -> int:
    con = sqlite3.connect(server_env["CARDROOM_DB"])
    try:
        row = con.execute("SELECT meta FROM rooms WHERE id = ?", (room,)).fetchone()
    finally:
        con.close()
    return json.loads(row[0])["seed"]


async def seated(client: Client, seats: list[dict], **options) -> dict[str, Any]:
    room = await client.create(seats, **options)
    state = await client.join(room, 0, "Ann")
    assert dealt(state.view) not in from_its_id(room, 0)
    return state.view


async def test_two_rooms_with_a_bot_made_alike_deal_differently(server):
    ann = await connect(server.ws)
    first = await seated(ann, AGAINST_A_BOT, target=50)
    second = await seated(ann, AGAINST_A_BOT, target=50)
    assert dealt(first) != dealt(second)


async def ann_and_bob(server) -> tuple[Client, Client]:
    ann, bob = await connect(server.ws), await connect(server.ws)
    await ann.new_player("Ann")
    await bob.new_player("Bob")
    return ann, bob


async def both_dealt(room: str, ann: Client, bob: Client) -> tuple:
    """Ann at seat 0 and Bob at seat 1 of ``room``: what each sees of the first deal."""
    await ann.join(room, 0, "Ann")
    await bob.join(room, 1, "Bob")
    deals = dealt(ann.rooms[room].view), dealt(bob.rooms[room].view)
    assert deals[0] not in from_its_id(room, 0) and deals[1] not in from_its_id(room, 1)
    return deals


async def test_two_rooms_of_friends_made_alike_deal_differently(server):
    ann, bob = await ann_and_bob(server)
    deals = [await both_dealt(await ann.create(HUMANS, target=50), ann, bob) for _ in range(2)]
    assert deals[0] != deals[1]


async def test_two_matches_of_two_bots_made_alike_deal_differently(server, server_env):
    eve = await connect(server.ws)
    rooms = [await eve.create(TWO_BOTS, target=50) for _ in range(2)]
    # The bots play at once: the first deal, as the stored seed deals it.
    deals = [new_match(stored_seed(server_env, room)).hands for room in rooms]
    assert deals[0] != deals[1]


async def test_two_pairings_of_the_same_players_deal_differently(server):
    ann, bob = await ann_and_bob(server)
    deals = []
    for _ in range(2):
        start = len(ann.notices)
        assert (await ann.request("seek", target=25, rated=False))["seeking"] is True
        told = await bob.seek(target=25, rated=False)
        room = (await ann.notice(("paired",), start))["room"]
        assert told["room"] == room
        deals.append(await both_dealt(room, ann, bob))
        await ann.request("leave", room=room)
        await bob.request("leave", room=room)
    assert deals[0] != deals[1]


async def test_two_new_solitaire_deals_made_alike_differ(server):
    ann = await connect(server.ws)
    codes = []
    for _ in range(2):
        room = await ann.create([], game="reflechi")
        view = (await ann.join(room, 0, "Ann")).view
        codes.append(view["game"]["code"])
    assert codes[0] != codes[1]


def the_deal_its_id_gave(room_id: str, old_seed: int, seat: int) -> tuple:
    """The hand the rematch room's id gave seat ``seat`` when the seed was the id's CRC-32
    (stepped until the first dealer was right): what a player could compute."""
    old_first = derive_seed(old_seed, 0) & 1
    seed = zlib.crc32(room_id.encode())
    while derive_seed(seed, 0) & 1 != old_first:
        seed += 1
    game = new_match(seed, {"target": 1}).view(seat)
    return tuple(sorted(game["hand"])), tuple(game["discard_pile"])


def numbers_in(value: Any):
    """Every integer, and every run of digits in a string, anywhere in a message."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, str):
        digits = "".join(c if c.isdigit() else " " for c in value).split()
        yield from (int(d) for d in digits)
        for word in value.replace("-", " ").replace(":", " ").split():
            with contextlib.suppress(ValueError):
                yield int(word, 16)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from numbers_in(k)
            yield from numbers_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from numbers_in(v)


def secrets_of(seed: int, hands: int = 12) -> set[int]:
    """A room's seed and what the server derives from it: each hand's deck seed, the first
    dealer's draw, the bots' seeds (in both halves of a 64-bit word, as a client might
    find one in a float's mantissa or a truncated id)."""
    derived = {seed, *(derive_seed(seed, k) for k in range(hands + 1))}
    derived |= {derive_seed(seed, 1000 + s) for s in (0, 1)}
    halves = {d >> 32 for d in derived} | {d & 0xFFFFFFFF for d in derived}
    return derived | {h for h in halves if h > 10**6}


async def test_a_rematch_deals_from_a_drawn_seed_that_no_message_carries(server, server_env):
    ann, bob = await ann_and_bob(server)
    eve = await connect(server.ws)
    room = await ann.create(HUMANS, target=1)
    await ann.join(room, 0, "Ann")
    await bob.join(room, 1, "Bob")
    await eve.watch(room)
    await asyncio.gather(play(ann, room, "easy"), play(bob, room, "easy", seed=2))
    await ann.request("rematch", room=room, answer="offer")
    agreed = (await bob.request("rematch", room=room, answer="accept"))["offer"]
    new = agreed["next"]
    assert "seed" not in agreed
    await bob.join(new, 0, "Bob")
    await ann.join(new, 1, "Ann")
    old_seed, new_seed = stored_seed(server_env, room), stored_seed(server_env, new)
    # Not the deal the id both players were sent would give (it was, every time).
    for client, seat in ((bob, 0), (ann, 1)):
        assert dealt(client.rooms[new].view) != the_deal_its_id_gave(new, old_seed, seat)
    # Play on into the rematch (its first hand), then look at everything anyone received.
    await asyncio.gather(play(bob, new, "easy", hands=1), play(ann, new, "easy", hands=1, seed=3))
    await eve.watch(new)
    hidden = secrets_of(new_seed)  # a match still in play
    for client in (ann, bob, eve):
        found = set(numbers_in(client.received)) & hidden
        assert not found, f"{found} reached a client"
    # The finished match's seed reached nobody over the socket either (its replay may say it).
    for client in (ann, bob, eve):
        assert old_seed not in set(numbers_in(client.received))
