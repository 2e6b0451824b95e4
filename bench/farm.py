"""The rating farm of issue 44, tried against a real server: how far one person with two
networks can push an established rating in an hour with fresh identities.

    .venv/bin/python bench/farm.py [--identities 20] [--wins 3] [--store embedded|redis]

One server process (the embedded store, or a private key prefix on the Redis at
127.0.0.1:6379) behind a pretended proxy, so that each client names its address in
X-Forwarded-For (all traffic stays on loopback). Then:

* **Mark**, on his home network, holds an established rating of 1818 (what months of rated
  play left: written into the store, deviation 60, three networks met).
* **The farm**: on his phone's network the same person makes ``--identities`` fresh
  identities (the server's limit per network and hour allows 20), and Mark beats each of
  them ``--wins`` times in rated matches (the pair's daily limit is three): each match is
  played to the end of its first hand by both (bots' choices), then the fresh identity
  leaves and forfeits after the grace period. Printed: Mark's rating before and after, the
  time the farm took, what each fresh identity's rating became (rated from its first match,
  provisional), and the ratings leaderboard. For scale, the same results under plain
  Glicko-2 (every rated result moves both ratings, as before this issue).
* **The pump**: the other way round, Mark loses three rated matches on purpose to a fresh
  identity: what the fresh one gains and what it costs Mark (a loss to a provisional rating
  counts as usual).
* **Control**: two honest established players on two other networks play three rated
  matches: their ratings move exactly as plain Glicko-2 says.

The issue's target: the farm gains Mark at most +25 points in an hour.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path

import redis.asyncio as aioredis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from e2e_play import established, play, put_rating
from load import Server

from protocol.client import Client
from server.players import glicko2, ledger
from server.store.keys import Keys

HUMANS = [{"kind": "human"}, {"kind": "human"}]
HOME, PHONE, TABLET = "203.0.113.10", "198.51.100.20", "198.51.100.21"
HONEST = ("192.0.2.30", "192.0.2.40")
REDIS_URL = "redis://127.0.0.1:6379/0"


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


async def player(server: Server, name: str, address: str) -> Client:
    client = Client(server.ws, headers={"X-Forwarded-For": address})
    await client.connect()
    await client.new_player(name)
    return client


async def establish(server: Server, player_id: str, rating: float, store: str) -> None:
    """An established rating for ``player_id``, in the server's store."""
    body = established(rating)
    if store == "embedded":
        put_rating(server.env["CARDROOM_DB"], player_id, body)
        return
    client = aioredis.from_url(REDIS_URL)
    try:
        keys = Keys(server.env["REDIS_PREFIX"])
        await client.set(keys.results_rating(player_id), json.dumps(body))
        await client.zadd(keys.rating_board, {player_id: rating})  # as a match would
    finally:
        await client.aclose()


def profile(server: Server, player_id: str) -> dict:
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/api/players/{player_id}") as r:
        return json.loads(r.read())


async def counted(server: Server, player_id: str, games: int) -> dict:
    """The profile once ``games`` matches are counted in it (a match is counted as it ends;
    the profile lists the last 50)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = profile(server, player_id)
        if found["stats"].get("gin_rummy:human", {}).get("matches", 0) >= games:
            return found
        await asyncio.sleep(0.05)
    raise TimeoutError(f"{player_id} has not {games} games counted")


async def first_moves(room: str, a: Client, b: Client) -> None:
    """The non-dealer passes the upcard: both seats will have moved by the hand's end."""
    state = await a.wait(room, lambda s: s.view["game"]["turn"]["to_act"] is not None)
    await (a, b)[state.view["game"]["turn"]["to_act"]].act(room, {"type": "pass"})


async def thrown(server: Server, winner: Client, loser: Client, seed: int) -> None:
    """A rated match ``winner`` wins: one hand played to its end, then ``loser`` leaves."""
    room = await winner.create(HUMANS, target=100)
    await winner.join(room, 0)
    await loser.join(room, 1)
    await first_moves(room, winner, loser)
    await asyncio.gather(
        play(winner, room, "normal", hands=1, seed=seed),
        play(loser, room, "easy", hands=1, seed=seed + 1),
    )
    await loser.close()
    await winner.wait(room, lambda s: s.view["room"]["status"] == "finished", timeout=60)
    await winner.request("leave", room=room)


async def farm(server: Server, identities: int, wins: int, store: str) -> None:
    mark = await player(server, "Mark", HOME)
    await establish(server, mark.player["id"], 1818.0, store)
    before = profile(server, mark.player["id"])["rating"]
    print(
        f"Mark before: {before['rating']:.1f} ± {before['rd']:.1f}, provisional: "
        f"{before['provisional']}"
    )
    started = time.monotonic()
    fresh_ratings, plain = [], glicko2.Rating(before["rating"], before["rd"], 0.06)
    for n in range(identities):
        spare = await player(server, f"Spare{n}", PHONE)
        spare_id = spare.player["id"]
        for k in range(wins):
            if k:  # a new socket for the same fresh identity
                spare = Client(server.ws, secret=spare.secret, headers={"X-Forwarded-For": PHONE})
                await spare.connect()
            await thrown(server, mark, spare, seed=1000 * n + 10 * k)
        shown = (await counted(server, spare_id, wins))["rating"]
        fresh_ratings.append(shown)
        # The same results under plain Glicko-2: each win moves Mark's rating too.
        them = glicko2.Rating()
        for _ in range(wins):
            plain, them = glicko2.match(plain, them, a_won=True)
    took = time.monotonic() - started
    after = await counted(server, mark.player["id"], identities * wins)
    reasons = [g.get("unrated") for g in after["games"]]
    rating = after["rating"]
    print(
        f"farm: {identities} fresh identities on one network, {wins} wins each: "
        f"{identities * wins} rated matches in {took:.1f} s"
    )
    print(
        f"Mark after: {rating['rating']:.1f} ± {rating['rd']:.1f} "
        f"(change {rating['rating'] - before['rating']:+.1f}); his games: "
        f"{reasons.count('provisional_opponent')} of the last {len(reasons)} unmoved against "
        f"a provisional rating, {sum(r is None for r in reasons)} rated"
    )
    print(
        f"  under plain Glicko-2 the same wins would give {plain.rating:.1f} "
        f"({plain.rating - before['rating']:+.1f})"
    )
    moved = [r for r in fresh_ratings if r and r["games"] == wins]
    print(
        f"fresh identities rated from their first match: {len(moved)} of {identities}; "
        f"all provisional: {all(r['provisional'] for r in moved)}; ratings "
        f"{min(r['rating'] for r in moved):.0f}..{max(r['rating'] for r in moved):.0f}"
    )
    import urllib.request

    url = f"http://127.0.0.1:{server.port}/api/leaderboards/ratings"
    with urllib.request.urlopen(url) as r:
        rows = json.loads(r.read())["rows"]
    print(f"ratings leaderboard: {[(row['name'], row['rating']) for row in rows]}")
    await pump(server, mark, wins)


async def pump(server: Server, mark: Client, losses: int) -> None:
    """Mark loses ``losses`` rated matches on purpose to one fresh identity."""
    spare = await player(server, "Pumped", TABLET)  # the phone's 20 an hour are used up
    before = profile(server, mark.player["id"])["rating"]["rating"]
    for k in range(losses):
        await thrown(server, spare, mark, seed=90_000 + 10 * k)
        mark = Client(server.ws, secret=mark.secret, headers={"X-Forwarded-For": HOME})
        await mark.connect()
    shown = (await counted(server, spare.player["id"], losses))["rating"]
    after = profile(server, mark.player["id"])["rating"]["rating"]
    print(
        f"pump: Mark loses {losses} rated matches on purpose to a fresh identity: it goes "
        f"1500 -> {shown['rating']:.0f} (provisional: {shown['provisional']}), and Mark pays "
        f"{after - before:+.1f} ({before:.1f} -> {after:.1f})"
    )


async def control(server: Server, store: str) -> None:
    """Two honest established players from two networks: rated as plain Glicko-2 says."""
    ann = await player(server, "Ann", HONEST[0])
    bob = await player(server, "Bob", HONEST[1])
    for client, rating in ((ann, 1700.0), (bob, 1650.0)):
        await establish(server, client.player["id"], rating, store)
    start = [profile(server, c.player["id"])["rating"] for c in (ann, bob)]
    a = glicko2.Rating(start[0]["rating"], start[0]["rd"], 0.06)
    b = glicko2.Rating(start[1]["rating"], start[1]["rd"], 0.06)
    for k in range(3):
        room = await ann.create(HUMANS, target=1)
        await ann.join(room, 0)
        await bob.join(room, 1)
        await first_moves(room, ann, bob)
        await asyncio.gather(play(ann, room, seed=k), play(bob, room, seed=k + 7))
        ann_won = ann.rooms[room].view["room"]["winner"] == 0
        a, b = glicko2.match(a, b, a_won=ann_won)
        await counted(server, ann.player["id"], k + 1)
        for client in (ann, bob):
            await client.request("leave", room=room)
    got = [profile(server, c.player["id"])["rating"]["rating"] for c in (ann, bob)]
    print(
        f"control, two established players on two networks, 3 rated matches: "
        f"Ann {start[0]['rating']:.1f} -> {got[0]:.1f} (plain Glicko-2: {a.rating:.1f}), "
        f"Bob {start[1]['rating']:.1f} -> {got[1]:.1f} (plain Glicko-2: {b.rating:.1f})"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--identities", type=int, default=20)
    parser.add_argument("--wins", type=int, default=ledger.PAIR_RATED_PER_DAY)
    parser.add_argument("--store", choices=("embedded", "redis"), default="embedded")
    args = parser.parse_args()
    extra = {
        "CARDROOM_TRUSTED_PROXIES": "127.0.0.1",
        "CARDROOM_BOT_DELAY": "0",
        "CARDROOM_GRACE_SECONDS": "1",
        "CARDROOM_ROOMS_PER_CONNECTION": "1000",
        "CARDROOM_ADDRESS_ROOMS": "1000",
    }
    server = Server(extra, redis=REDIS_URL if args.store == "redis" else None).start()
    print(f"store: {args.store}; {load_average()} at the start")
    try:
        await farm(server, args.identities, args.wins, args.store)
        await control(server, args.store)
    finally:
        server.stop()
        if args.store == "redis":
            client = aioredis.from_url(REDIS_URL)
            keys = [k async for k in client.scan_iter(match=f"{server.env['REDIS_PREFIX']}:*")]
            if keys:
                await client.delete(*keys)
            await client.aclose()
    print(f"{load_average()} at the end")


if __name__ == "__main__":
    asyncio.run(main())
