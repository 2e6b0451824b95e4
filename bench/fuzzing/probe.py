"""The latency probe: a room nobody else knows, two scripted players on their own
connections acting in turn at a steady pace, and the time from sending an action to the
opponent seeing its patch. A finished match is followed by a new room."""

from __future__ import annotations

import asyncio
import json
import os
import time

from protocol.client import Client
from server.games.gin_rummy.bots import make_bot

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def probe(url: str, stop: str, pace: float, out: str) -> None:
    """Play until the file ``stop`` exists (at most an hour)."""
    until = time.monotonic() + 3600

    def going() -> bool:
        return time.monotonic() < until and not os.path.exists(stop)

    players = [await Client(url).connect(), await Client(url).connect()]
    samples: list[tuple[float, float]] = []  # (wall time, milliseconds)
    rooms: list[str] = []
    errors: list[str] = []
    try:
        while going():
            room = await players[0].create(HUMANS)
            rooms.append(room)
            for seat, player in enumerate(players):
                await player.join(room, seat, f"Probe {seat}")
            bots = [make_bot("easy", 1), make_bot("easy", 2)]
            while going():
                view = players[0].rooms[room].view
                if view["room"]["status"] == "finished":
                    for player in players:  # a socket may be in 20 rooms at once
                        await player.request("leave", room=room)
                    break
                turn = view["game"]["turn"]
                seat = turn["to_act"] if turn["to_act"] is not None else 0
                actor, other = players[seat], players[1 - seat]
                ply = turn["ply"]
                action = bots[seat].act(actor.rooms[room].view["game"])
                started = time.perf_counter()
                await actor.act(room, action.to_dict())
                await other.wait(room, lambda s, p=ply: s.view["game"]["turn"]["ply"] > p)
                samples.append((time.time(), 1000 * (time.perf_counter() - started)))
                await actor.wait(room, lambda s, p=ply: s.view["game"]["turn"]["ply"] > p)
                await asyncio.sleep(pace)
    except Exception as broke:
        errors.append(repr(broke))
    finally:
        for player in players:
            await player.close()
        with open(out, "w") as f:
            json.dump({"samples": samples, "rooms": rooms, "errors": errors}, f)


def main(url: str, stop: str, pace: float, out: str) -> None:
    asyncio.run(probe(url, stop, pace, out))
