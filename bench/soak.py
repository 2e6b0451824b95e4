"""Soak: the play scenario for a long time, with players dropping and coming back.

    .venv/bin/python bench/soak.py --minutes 30
    .venv/bin/python bench/soak.py --minutes 1 --json report.json     # the slow test's run

``--rooms`` two-human rooms (a spectator each) and ``--bots`` bot-against-bot rooms (a
spectator each) are kept going: a room that finishes, or that its players abandon after
``--patience`` actions, is replaced by a new one, so rooms open and close all the time. Now and
then a player's socket is cut just after it sent an action (so its reply is lost); it
reconnects, resumes its seat with its token, ``seq`` and ``epoch``, and sends the same action
with the same id again, as a real client must. Spectators drop and watch again the same way.

Checked at the end, on the server's own store (the embedded SQLite file, read after the
server stopped):

- every action the server acknowledged is in its room's log exactly once (none lost, none
  applied twice by a retry);
- no request was refused and no socket was closed by the server;
- after the last room finished and every client left, the rooms and tasks the server holds
  are back to what it held before the run, and its RSS is flat (the figures are printed: RSS
  after the warm-up minute, at the end, and after the rooms were gone).

The figures go to stdout, and with ``--json`` to a file for tests/e2e/test_soak.py.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sqlite3
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import msgpack
from load import Lean, Server, pick

HUMANS = [{"kind": "human"}] * 2
BOTS = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "normal"}]


def gauges(server: Server) -> dict[str, float]:
    """The server's own count of rooms in memory, tasks and connections (from /metrics)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5) as r:
        text = r.read().decode()
    wanted = {"cardroom_rooms": "rooms", "cardroom_tasks": "tasks"}
    wanted["cardroom_connections"] = "connections"
    out = {}
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        if name in wanted:
            out[wanted[name]] = float(value)
    return out


class Soak:
    def __init__(self, args, server: Server) -> None:
        self.args = args
        self.server = server
        self.rng = random.Random(args.seed)
        self.until = time.monotonic() + args.minutes * 60
        self.acked: dict[str, set[str]] = {}  # room -> command ids acknowledged
        self.stats: Counter = Counter()
        self.errors: Counter = Counter()
        self.rooms = 0

    async def open(self) -> Lean:
        return await Lean.open(self.server.ws)

    def account(self, *clients: Lean) -> None:
        for client in clients:
            self.stats["frames"] += client.frames
            client.frames = 0
            for code, n in client.errors.items():
                if code != "closed" or not getattr(client, "cut", False):
                    self.errors[code] += n
            client.errors.clear()

    async def reconnect(self, client: Lean, room: str, token: str | None) -> Lean:
        """A new socket for a client whose socket was cut: resume (or watch) from what it saw."""
        client.cut = True
        await client.ws.close()
        self.account(client)
        fresh = await self.open()
        fresh.views[room] = client.views[room]
        fresh.seq[room] = client.seq[room]
        since, epoch = client.seq[room], client.epochs[room]
        if token is None:
            reply = await fresh.request("watch", room=room, since=since, epoch=epoch)
        else:
            reply = await fresh.request("resume", room=room, token=token, since=since, epoch=epoch)
        if reply["t"] != "ok":
            self.errors[f"resume:{reply.get('code')}"] += 1
        self.stats["resumes"] += 1
        return fresh

    async def human_room(self) -> None:
        a, b, w = await self.open(), await self.open(), await self.open()
        public = self.rng.random() < 0.5
        room = (await a.request("create", seats=HUMANS, public=public, target=25))["room"]
        tokens = [
            (await a.request("join", room=room, seat=0, name="Ann"))["token"],
            (await b.request("join", room=room, seat=1, name="Bob"))["token"],
        ]
        await w.request("watch", room=room)
        acked = self.acked.setdefault(room, set())
        players = [a, b]
        patience = self.rng.randint(self.args.patience // 2, self.args.patience)
        n = 0
        while time.monotonic() < self.until and n < patience:
            await asyncio.sleep(self.rng.expovariate(self.args.rate))
            view = players[0].views[room]
            if view["room"]["status"] == "finished":
                self.stats["matches"] += 1
                break
            turn = view["game"]["turn"]
            seat = turn["to_act"] if turn["to_act"] is not None else 0
            action = pick(players[seat].views[room], self.rng)
            if action is None:
                continue
            n += 1
            cmd = f"{room}-{n}"
            me = players[seat]
            if self.rng.random() < self.args.drop:
                # The action leaves, the socket is cut before its reply: send it again.
                await me.ws.send(_pack("act", cmd, room=room, action=action))
                players[seat] = me = await self.reconnect(me, room, tokens[seat])
                self.stats["retries"] += 1
            reply = await me.request("act", room=room, action=action, id=cmd)
            if reply["t"] == "ok":
                acked.add(cmd)
                self.stats["actions"] += 1
                self.stats["duplicates"] += bool(reply.get("duplicate"))
            else:
                self.errors[f"refused:{reply['code']}"] += 1
            if self.rng.random() < self.args.drop:
                w = await self.reconnect(w, room, None)
        for client in (*players, w):
            if room in client.views and client.views[room]["room"]["status"] != "finished":
                await client.request("leave", room=room)
        self.stats["abandoned" if n >= patience else "ended"] += 1
        self.account(*players, w)
        for client in (*players, w):
            await client.close()

    async def bot_room(self) -> None:
        w = await self.open()
        room = (await w.request("create", seats=BOTS, target=25))["room"]
        await w.request("watch", room=room)
        deadline = min(self.until, time.monotonic() + self.args.patience / self.args.rate)
        while time.monotonic() < deadline:
            await asyncio.sleep(0.5)
            if w.views[room]["room"]["status"] == "finished":
                self.stats["bot_matches"] += 1
                break
            if self.rng.random() < self.args.drop * 5:
                w = await self.reconnect(w, room, None)
        self.account(w)
        await w.close()

    async def keep(self, make) -> None:
        while time.monotonic() < self.until:
            self.rooms += 1
            try:
                await make()
            except Exception as failed:  # counted, and the soak goes on with a new room
                self.errors[f"client:{type(failed).__name__}"] += 1
                await asyncio.sleep(0.5)

    async def run(self) -> None:
        await asyncio.gather(
            *(self.keep(self.human_room) for _ in range(self.args.rooms)),
            *(self.keep(self.bot_room) for _ in range(self.args.bots)),
            self.sample(),
        )

    async def sample(self) -> None:
        self.samples = []
        started = time.monotonic()
        while time.monotonic() < self.until:
            await asyncio.sleep(10)
            at = time.monotonic() - started
            rss = self.server.usage()[1] / 2**20
            self.samples.append({"t": round(at), "rss_mib": round(rss, 1), **gauges(self.server)})


def _pack(kind: str, cmd: str, **fields) -> bytes:
    return msgpack.packb({"t": kind, "id": cmd, **fields})


def drained(server: Server, before: dict, wait: float = 180) -> dict:
    """The server's gauges once its rooms are gone (the last bot games play to their end,
    finished rooms linger a few seconds), or after ``wait`` seconds if they never go."""
    started = time.monotonic()
    while True:
        time.sleep(2)
        now = {**gauges(server), "rss_mib": round(server.usage()[1] / 2**20, 1)}
        gone = now.get("rooms", 0) <= before.get("rooms", 0) and now.get("connections", 0) == 0
        if gone or time.monotonic() - started > wait:
            time.sleep(6)  # one more 5 s sampling of the task gauge
            now = {**gauges(server), "rss_mib": round(server.usage()[1] / 2**20, 1)}
            return {**now, "drained_after_s": round(time.monotonic() - started)}


def logged_commands(db: Path) -> dict[str, Counter]:
    """Command ids of the player actions in every room's log, counted."""
    out: dict[str, Counter] = {}
    with sqlite3.connect(db) as conn:
        for room, body in conn.execute("SELECT room, entry FROM log ORDER BY room, idx"):
            entry = json.loads(body)
            if entry.get("kind") == "act" and entry.get("cmd") is not None:
                out.setdefault(room, Counter())[entry["cmd"]] += 1
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--minutes", type=float, default=30)
    p.add_argument("--rooms", type=int, default=60, help="two-human rooms kept going")
    p.add_argument("--bots", type=int, default=10, help="bot rooms kept going")
    p.add_argument("--rate", type=float, default=2.0, help="actions per second per room")
    p.add_argument("--drop", type=float, default=0.03, help="chance an action's socket is cut")
    p.add_argument("--patience", type=int, default=120, help="most actions before abandoning")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", type=Path)
    args = p.parse_args()

    env = {"CARDROOM_BOT_DELAY": "0.3", "CARDROOM_FINISHED_LINGER": "5"}
    server = Server(env).start()
    try:
        time.sleep(6)  # the task gauge is sampled every 5 s
        before = {**gauges(server), "rss_mib": round(server.usage()[1] / 2**20, 1)}
        soak = Soak(args, server)
        asyncio.run(soak.run())
        after = drained(server, before)
    finally:
        server.stop(remove=False)
    logged = logged_commands(Path(server.dir) / "db.sqlite3")
    if not server.failed:
        shutil.rmtree(server.dir, ignore_errors=True)
    lost = sum(1 for r, cmds in soak.acked.items() for c in cmds if logged.get(r, {}).get(c) != 1)
    doubled = sum(1 for cmds in logged.values() for n in cmds.values() if n > 1)
    warm = next((s for s in soak.samples if s["t"] >= 60), soak.samples[0] if soak.samples else {})
    report = {
        "minutes": args.minutes,
        "rooms": args.rooms,
        "bots": args.bots,
        "rate": args.rate,
        "drop": args.drop,
        "rooms_played": soak.rooms,
        "stats": dict(soak.stats),
        "errors": dict(soak.errors),
        "acknowledged": sum(len(c) for c in soak.acked.values()),
        "lost_or_doubled": lost,
        "doubled_in_log": doubled,
        "before": before,
        "warm": warm,
        "end": soak.samples[-1] if soak.samples else {},
        "after": after,
        "samples": soak.samples,
    }
    print(
        f"soak: {args.minutes} min, {args.rooms} two-human rooms + {args.bots} bot rooms kept "
        f"going, {args.rate} action/s per room, {args.drop:.0%} of actions cut and retried"
    )
    print(f"  rooms played {soak.rooms}; {dict(soak.stats)}")
    print(f"  errors: {dict(soak.errors) or 'none'}")
    print(
        f"  acknowledged actions {report['acknowledged']}: not exactly once in the log {lost}, "
        f"applied twice {doubled}"
    )
    for label in ("before", "warm", "end", "after"):
        print(f"  {label:>6}: {report[label]}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
