"""Friends' presence on two nodes (issue 51): how long a change takes to reach a friend's
screen, and what a change costs the servers.

    .venv/bin/python bench/presence.py [--players 5000] [--friends 50] [--minutes 2]

Two real nodes and a private ``redis-server`` on loopback (``tools.cluster.LocalCluster``,
removed after), clients connected straight to the nodes, each with an address of its own.
``--players`` players (one socket each, half on each node) stay connected, and as many
again as a tenth of them wait offline; each minute a tenth of the connected ones close their
socket and a tenth of the waiting ones open theirs, at random moments (so about
``players / 300`` changes a second). Each player has ``--friends`` friends (a ring: the
nearest on either side, the social records written straight into the store before anyone
connects, as accepted requests leave them).

Each socket, once its hello is answered, asks for its list (``friends``) as the web client
does, and counts as connected (owed a message for each change of a friend) from that answer
on: the list is what its screen starts from, a hello alone shows no friend. (Counted from
the hello's answer, a socket whose node was still reading its friends' entries when a
friend's change came was owed a message that no node sends: the list shows that change.)

For every change it times, at each friend connected at that moment, the arrival of the
``friend`` message saying so, from just before the socket was opened or closed: p50, p99,
max, and the messages missing after 10 s. A closing is shown after the grace period
(``GRACE_SECONDS``, 1.5 s): its figure includes it, and is printed without it too. Then the
nodes' CPU (from ``/proc``) during the churn, less what they spent as long idle, per change;
Redis's CPU and commands per change; the generator's own CPU. Run it at two sizes (say
``--players 1000`` and ``5000``) with the same friends: a cost per change proportional to
the friends concerned stays the same; one that walked over everyone connected would grow
fivefold.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import msgpack
import redis.asyncio as redis
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cluster import load
from load import histogram, pid_usage
from pairing import ENV as NODES_ENV

from server.services.online import GRACE_SECONDS
from server.store.keys import Keys
from tools.cluster import LocalCluster

ENV = NODES_ENV
"""The nodes' settings: bench/pairing.py's (limits a load test would hit lifted)."""
WAIT = 10.0
"""Seconds after which a friend's message not yet come counts as missing."""

BATCH = 25
"""Players made or signed in at once while setting up."""

addresses = (f"10.{a}.{b}.{c}" for a, b, c in itertools.product(range(1, 250), repeat=3))


class Unavailable(Exception):
    """The node answered ``unavailable``."""


class Player:
    """One player's socket, opened and closed again; its reader times the ``friend``
    messages that answer a change the bench made (``Bench.changes``)."""

    def __init__(self, bench: Bench, url: str) -> None:
        self.bench, self.url = bench, url
        self.address = next(addresses)
        self.id = ""
        self.secret: str | None = None
        self.ws = None
        self.reader: asyncio.Task | None = None
        self.waiting: asyncio.Future | None = None
        self.screen: dict[str, str] = {}  # friend -> the status this socket's screen shows
        self.heard: list[tuple[float, str, str]] = []  # (when, friend, status) as they came
        self.listed_at = 0.0  # when its list last came

    async def open(self) -> dict:
        self.ws = await websockets.connect(
            self.url,
            max_size=2**22,
            open_timeout=60,
            ping_interval=None,
            compression="deflate",
            additional_headers={"X-Forwarded-For": self.address},
        )
        self.reader = asyncio.create_task(self._read())
        hello = {"v": 1} if self.secret is None else {"v": 1, "secret": self.secret}
        return await self.request("hello", **hello)

    async def request(self, kind: str, **fields) -> dict:
        self.waiting = asyncio.get_running_loop().create_future()
        await self.ws.send(msgpack.packb({"t": kind, "id": 1, **fields}))
        reply = await asyncio.wait_for(self.waiting, 60)
        if reply["t"] == "error" and reply["code"] == "unavailable":
            raise Unavailable(reply["message"])
        if reply["t"] == "error":
            raise RuntimeError(f"{kind}: {reply['code']} {reply.get('message')}")
        return reply

    async def close(self) -> None:
        await self.ws.close()
        if self.reader is not None:
            await self.reader

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                m = msgpack.unpackb(frame)
                if m["t"] == "ok" and isinstance(m.get("friends"), list):
                    self.screen = {row["id"]: row["status"] for row in m["friends"]}
                    self.listed_at = time.perf_counter()
                if m["t"] in ("ok", "error"):
                    if self.waiting is not None and not self.waiting.done():
                        self.waiting.set_result(m)
                elif m["t"] == "friend":
                    self.screen[m["player"]] = m["status"]
                    self.heard.append((time.perf_counter(), m["player"], m["status"]))
                    self.bench.told(self, m)
        except websockets.ConnectionClosed:
            pass


class Bench:
    def __init__(
        self, cluster: LocalCluster, players: int, friends: int, seed: int, churn: float = 0.1
    ) -> None:
        self.cluster = cluster
        self.rng = random.Random(seed)
        self.share = churn  # coming and going a minute
        urls = [node.ws for node in cluster.all_nodes]
        self.urls = urls
        total = players + max(1, int(players * churn))
        self.players = [Player(self, urls[i % len(urls)]) for i in range(total)]
        self.connected = players
        self.friends = friends
        self.by_id: dict[str, Player] = {}
        self.friends_of: dict[str, list[str]] = {}
        self.online: set[str] = set()  # counted as online (friends owed a message)
        self.open: set[str] = set()  # sockets open, which may close
        # player -> (status announced, when the change began, the friends owed a message)
        self.changes: dict[str, tuple[str, float, set[str]]] = {}
        self.opens = histogram()
        self.closes = histogram()
        self.missing: Counter = Counter()
        self.missed: list[tuple[str, str]] = []  # (subject, friend) of each missing message
        self.began = 0.0  # when the churn began
        self.unasked = 0
        self.unasked_why: Counter = Counter()
        self.retries = 0

    def told(self, me: Player, m: dict) -> None:
        change = self.changes.get(m["player"])
        if change is None or change[0] != m["status"] or me.id not in change[2]:
            self.unasked += 1
            self.unasked_why[
                "no change"
                if change is None
                else "another status"
                if change[0] != m["status"]
                else "not owed"
            ] += 1
            return
        change[2].discard(me.id)
        took = int((time.perf_counter() - change[1]) * 1_000_000)
        (self.opens if m["status"] == "online" else self.closes).record_value(took)

    async def make_players(self) -> None:
        for n in range(0, len(self.players), BATCH):
            batch = self.players[n : n + BATCH]
            await asyncio.gather(*(self._new(p, f"P{n + i}") for i, p in enumerate(batch)))
        await asyncio.gather(*(p.close() for p in self.players))

    async def _new(self, player: Player, name: str) -> None:
        await player.open()
        reply = await player.request("player_new", name=name)
        player.secret, player.id = reply["secret"], reply["player"]["id"]
        self.by_id[player.id] = player

    async def befriend(self) -> None:
        """The ring of friends, written as accepted requests leave the records."""
        store = redis.from_url(self.cluster.redis_url)
        keys = Keys(self.cluster.prefix)
        ids = [p.id for p in self.players]
        names = {me: f"P{i}" for i, me in enumerate(ids)}
        half = self.friends // 2
        now = int(time.time() * 1000)
        async with store.pipeline(transaction=False) as pipe:
            for i, me in enumerate(ids):
                near = [ids[(i + d) % len(ids)] for d in range(-half, half + 1) if d]
                self.friends_of[me] = near
                record = {
                    "friends": {f: {"name": names[f], "since": now} for f in near},
                    **{k: {} for k in ("out", "in", "blocked", "blocked_by")},
                    "sent": [],
                }
                pipe.set(keys.social(me), json.dumps(record), ex=86400)
            await pipe.execute()
        await store.aclose()

    async def connect_all(self) -> None:
        first = self.players[: self.connected]
        for n in range(0, len(first), BATCH):
            await asyncio.gather(*(self._sign_in(p) for p in first[n : n + BATCH]))
            self.online.update(p.id for p in first[n : n + BATCH])
        self.open.update(self.online)

    async def _sign_in(self, player: Player) -> None:
        """A socket said hello with its secret; asked again while the node says the store is
        busy (``unavailable``: its pool of Redis connections full for too long)."""
        while True:
            try:
                await player.open()
                await player.request("friends")  # what its screen starts from
                return
            except Unavailable:
                self.retries += 1
                await player.close()
                await asyncio.sleep(0.5)

    def owed(self, player: Player) -> set[str]:
        return {f for f in self.friends_of[player.id] if f in self.open}

    async def come(self, player: Player) -> None:
        self.online.add(player.id)
        self.changes[player.id] = ("online", time.perf_counter(), self.owed(player))
        await self._sign_in(player)
        self.open.add(player.id)

    async def go(self, player: Player) -> None:
        self.online.discard(player.id)
        self.open.discard(player.id)
        for _, _, owed in self.changes.values():  # (a message on its way is lost: not owed)
            owed.discard(player.id)
        self.changes[player.id] = ("offline", time.perf_counter(), self.owed(player))
        await player.close()

    async def close_all(self) -> None:
        """Every socket closed before the cluster stops (which waits on descriptors with
        select(): none of them may be above 1024 then)."""
        await asyncio.gather(*(p.close() for p in self.players if p.ws is not None))

    async def churn(self, minutes: float) -> int:
        """Each minute a tenth come and a tenth go, at random moments; a player who went
        comes back only after the grace and the wait (its messages all counted first)."""
        per_minute = max(1, int(self.connected * self.share))
        count = int(per_minute * minutes) * 2
        gap = 60.0 / (2 * per_minute)
        away: list[tuple[float, Player]] = [(0.0, p) for p in self.players[self.connected :]]
        tasks = []
        began = self.began = time.perf_counter()
        for k in range(count):
            await asyncio.sleep(
                max(0.0, began + (k + self.rng.random()) * gap - time.perf_counter())
            )
            now = time.perf_counter()
            if k % 2 == 0:
                ready = [i for i, (at, _) in enumerate(away) if at <= now]
                if not ready:
                    continue
                _, player = away.pop(self.rng.choice(ready))
                tasks.append(asyncio.create_task(self.come(player)))
            else:
                player = self.by_id[self.rng.choice(sorted(self.open))]
                away.append((now + GRACE_SECONDS + WAIT, player))
                tasks.append(asyncio.create_task(self.go(player)))
        await asyncio.gather(*tasks)
        await asyncio.sleep(GRACE_SECONDS + WAIT)
        for subject, (status, _, owed) in self.changes.items():
            for friend in owed:
                across = self.by_id[friend].url != self.by_id[subject].url
                self.missing[(status, "across nodes" if across else "same node")] += 1
                self.missed.append((subject, friend))
        return len(tasks)

    def wrong_screens(self) -> list[tuple[str, str, str]]:
        """Each (socket's player, friend, status shown) whose screen shows a friend otherwise
        than they are, once everything settled: what a missing message really costs."""
        wrong = []
        for me in sorted(self.open):
            screen = self.by_id[me].screen
            for friend in self.friends_of[me]:
                truth = "online" if friend in self.open else "offline"
                if screen.get(friend) != truth:
                    wrong.append((me, friend, str(screen.get(friend))))
        return wrong

    def trace(self, subject: str, friend: str) -> str:
        """One missing message end to end: the change, the friend's socket and its list,
        and what the friend heard of the subject (seconds from the churn's start)."""
        status, at, _ = self.changes[subject]
        them, me = self.by_id[subject], self.by_id[friend]
        heard = [(round(t - self.began, 2), s) for t, f, s in me.heard if f == subject]
        return (
            f"{subject} (n{self.urls.index(them.url) + 1}) {status} at "
            f"{at - self.began:.2f} s, to {friend} (n{self.urls.index(me.url) + 1}, list at "
            f"{me.listed_at - self.began:.2f} s): heard {heard}, shows "
            f"{me.screen.get(subject)}"
        )


async def watch_lag(lags, every: float = 0.01) -> None:
    """The generator's own event-loop lag (a late wake-up of a 10 ms sleep), until cancelled:
    a friend's message read late by this process counts against the servers."""
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(every)
        lags.record_value(max(1, int((time.perf_counter() - asked - every) * 1_000_000)))


def cpu(cluster: LocalCluster) -> float:
    return sum(pid_usage(node.proc.pid)[0] for node in cluster.all_nodes)


def redis_counts(url: str) -> tuple[float, int]:
    import redis as sync

    client = sync.Redis.from_url(url)
    info = client.info()
    client.close()
    return info["used_cpu_sys"] + info["used_cpu_user"], info["total_commands_processed"]


def describe(h, less: float = 0.0) -> str:
    def at(q: float) -> float:
        return h.get_value_at_percentile(q) / 1000 - less * 1000

    return (
        f"p50 {at(50):.0f} ms, p99 {at(99):.0f} ms, p99.9 {at(99.9):.0f} ms, "
        f"max {h.get_max_value() / 1000 - less * 1000:.0f} ms (n={h.get_total_count()})"
    )


def print_logs(cluster: LocalCluster) -> None:
    """The nodes' warnings and errors (a background task failed: a change lost) and their
    pulses' lapses (a flap: friends shown offline and back), as counts and the first few."""
    for k in range(1, len(cluster.all_nodes) + 1):
        path = cluster.workdir / f"node{k}.log"
        lines = path.read_text(errors="replace").splitlines() if path.exists() else []
        notable = [
            line for line in lines if '"level": "error"' in line or '"event": "pulses"' in line
        ]
        print(f"node{k}: {len(notable)} lines of errors or lapses")
        for line in notable[:5]:
            print(f"  {line[:300]}")


async def run(args) -> None:
    workdir = Path(tempfile.mkdtemp(prefix=f"bench-presence-{os.getpid()}-"))
    print(
        f"{time.strftime('%Y-%m-%d %H:%M:%S %Z')}; {os.cpu_count()} cores; {load()}; "
        f"2 nodes, a private redis-server, loopback; {args.players} players connected "
        f"(+{max(1, int(args.players * args.churn))} waiting), {args.friends} friends each, "
        f"{args.churn:.0%} coming and going a minute"
    )
    with LocalCluster(workdir, nodes=2, env={**ENV, "LOG_LEVEL": args.log_level}) as cluster:
        bench = Bench(cluster, args.players, args.friends, args.seed, args.churn)
        t = time.perf_counter()
        await bench.make_players()
        await bench.befriend()
        await asyncio.sleep(GRACE_SECONDS + 1)
        made = time.perf_counter() - t
        t = time.perf_counter()
        await bench.connect_all()
        print(
            f"players made in {made:.0f} s, {args.players} connected in "
            f"{time.perf_counter() - t:.0f} s ({bench.retries} hellos told `unavailable` and "
            f"said again); {load()}"
        )
        await asyncio.sleep(5)
        bench.unasked = 0
        bench.unasked_why.clear()
        idle_at, idle_cpu = time.perf_counter(), cpu(cluster)
        idle_redis = redis_counts(cluster.redis_url)
        await asyncio.sleep(args.idle)
        idle_s = time.perf_counter() - idle_at
        idle_rate = (cpu(cluster) - idle_cpu) / idle_s
        after = redis_counts(cluster.redis_url)
        idle_redis = [(b - a) / idle_s for a, b in zip(idle_redis, after, strict=True)]
        own0 = time.process_time()
        r_cpu0, r_cmds0 = redis_counts(cluster.redis_url)
        at0, cpu0 = time.perf_counter(), cpu(cluster)
        lags = histogram()
        watching = asyncio.create_task(watch_lag(lags))
        changes = await bench.churn(args.minutes)
        watching.cancel()
        spent = cpu(cluster) - cpu0
        seconds = time.perf_counter() - at0
        r_cpu1, r_cmds1 = redis_counts(cluster.redis_url)
        own = time.process_time() - own0
        net = spent - idle_rate * seconds
        told = bench.opens.get_total_count() + bench.closes.get_total_count()
        print(
            f"churn: {changes} changes in {seconds:.0f} s ({changes / seconds:.1f}/s), "
            f"{told} friend messages timed, {sum(bench.missing.values())} missing after "
            f"{WAIT:.0f} s {dict(bench.missing)}, "
            f"{bench.unasked} not asked for; {load()}"
        )
        print(f"not asked for, why: {dict(bench.unasked_why)}")
        wrong = bench.wrong_screens()
        print(
            f"screens showing a friend otherwise than they are at the end: {len(wrong)}"
            + "".join(f"\n  {w}" for w in wrong[: args.trace])
        )
        for subject, friend in bench.missed[: args.trace]:
            print(f"  missing: {bench.trace(subject, friend)}")
        print(f"a socket opened, to a friend's screen: {describe(bench.opens)}")
        print(f"a socket closed, to a friend's screen: {describe(bench.closes)}")
        print(
            f"  the same less the grace of {GRACE_SECONDS} s: "
            f"{describe(bench.closes, GRACE_SECONDS)}"
        )
        print(
            f"nodes' CPU: {spent:.1f} s in the churn, idle {1000 * idle_rate:.0f} ms/s; "
            f"{1000 * net / max(1, changes):.2f} ms per change beyond idle "
            f"({1000 * spent / max(1, changes):.2f} ms with it), "
            f"{1000 * net / max(1, told):.3f} ms per friend message"
        )
        r_cpu = r_cpu1 - r_cpu0 - idle_redis[0] * seconds
        r_cmds = r_cmds1 - r_cmds0 - idle_redis[1] * seconds
        print(
            f"redis beyond idle ({idle_redis[1]:.0f} commands/s): "
            f"{1000 * r_cpu / max(1, changes):.2f} ms CPU and "
            f"{r_cmds / max(1, changes):.0f} commands per change; "
            f"generator CPU {own:.1f} s ({100 * own / seconds:.0f} % of a core), its loop lag "
            f"{describe(lags)}"
        )
        await bench.close_all()
        print_logs(cluster)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--friends", type=int, default=50)
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measured")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--churn", type=float, default=0.1, help="the share that comes and goes each minute"
    )
    parser.add_argument(
        "--log-level", default="warning", help="the nodes' (info: the pulses' lapses too)"
    )
    parser.add_argument("--trace", type=int, default=10, help="missing messages traced")
    try:
        asyncio.run(run(parser.parse_args()))
    finally:  # the private Redis's files and the logs
        for workdir in Path(tempfile.gettempdir()).glob(f"bench-presence-{os.getpid()}-*"):
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
