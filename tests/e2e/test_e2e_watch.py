"""End to end: the featured game across nodes (two server processes on one Redis): a rated
match seated through one node is featured to a client of the other, which is told when it
ends and what is featured next."""

from __future__ import annotations

import json

from e2e_play import connect
from waiting import until

from server.store.redis_store import RedisStore

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def test_the_featured_game_is_the_same_on_every_node_and_moves_on(redis_env, make_server):
    env = {**redis_env, "CARDROOM_GRACE_SECONDS": "0.3"}  # a player who leaves forfeits at once
    a, b = make_server(env), make_server(env)
    store = RedisStore(redis_env["REDIS_URL"], prefix=redis_env["REDIS_PREFIX"])
    try:

        async def rated(names, ratings):
            clients = [await connect(a.ws) for _ in names]
            for client, name, rating in zip(clients, names, ratings, strict=True):
                player = (await client.new_player(name))["id"]
                record = {"rating": rating, "rd": 80.0, "volatility": 0.06, "games": 30}
                await store.redis.set(store.keys.results_rating(player), json.dumps(record))
            room = await clients[0].create(HUMANS, public=True, rated=True)
            for seat, (client, name) in enumerate(zip(clients, names, strict=True)):
                await client.join(room, seat, name)
            return room, clients

        watcher = await connect(b.ws)
        low, _ = await rated(("Lee", "Lou"), (1400.0, 1450.0))
        high, players = await rated(("Hal", "Hun"), (1900.0, 1850.0))
        page = await until(
            lambda: watcher.request("lobby"),
            check=lambda r: (r["featured"] or {}).get("id") == high,
            timeout=20,
        )
        seats = page["featured"]["seats"]
        assert [s["rating"] for s in seats] == [1900, 1850] and page["featured"]["rated"]
        # Following the lobby on node b: when the featured match ends, the next is named.
        await watcher.follow_lobby()
        await players[0].request("leave", room=high)  # a forfeit after the grace period
        await until(lambda: watcher.featured == low, timeout=30)
    finally:
        await store.close()
