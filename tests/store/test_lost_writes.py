"""Redis loses its last writes (issue 34): the nodes hold copies of rooms longer than the logs
left in the store, and must reload the rooms from the logs and play on, never stay ``busy``.

A machine crash under ``appendfsync everysec`` is played for real: two nodes on a private
redis-server (``tools.cluster.LocalCluster``), a bot room and a room where a test
client plays against a bot; Redis is killed with SIGKILL and its append-only file cut back
to its length of a moment earlier (what the disk may hold after a power cut: the writes of
the last second were in the page cache only), then started again. The Sentinel fail-over
that loses writes is in ``tests/store/test_sentinel.py`` (it uses the helpers here).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import secrets
import signal
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis
from cluster_play import Trace
from e2e_play import connect, my_turn
from waiting import until

from protocol.client import Client, ClientError
from server.games.gin_rummy.bots import make_bot
from server.rooms import make_room
from server.store.keys import Keys
from tools.cluster import LocalCluster

ENV = {
    "CARDROOM_BOT_DELAY": "0.1",  # a match to 500 takes a minute or more: it never ends here
    "CARDROOM_BOT_WORKERS": "1",
    "CARDROOM_SOLVER_WORKERS": "1",
    "CARDROOM_RATE": "2000",
    "CARDROOM_BURST": "4000",
    "CARDROOM_ADDRESS_ROOMS": "100000",
    "LOG_LEVEL": "warning",
}
BOTS = [{"kind": "bot", "level": "easy"}] * 2
AGAINST_A_BOT = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
TARGET = 500
AFTER_A_LOSS = {"unavailable", "reloaded"}
"""What an action may be answered while the store comes back and the nodes find out what it
lost: the store away (nothing acknowledged), and the room reloaded from a shorter log (the
action was checked against a table that no longer is; a snapshot came before the answer)."""


# ---- a player, and what the nodes say --------------------------------------------------------


@dataclass
class Human:
    """A test client in seat 0 of a room against a bot, acting with a bot's choices from the
    view the server streams (a new snapshot included)."""

    client: Client
    room: str
    seed: int = 1
    acked: list[str] = field(default_factory=list)  # command ids answered ok, in order
    refused: list[str] = field(default_factory=list)  # the codes of AFTER_A_LOSS answered
    _ids: Any = field(default_factory=lambda: itertools.count(1))
    _prefix: str = field(default_factory=lambda: secrets.token_hex(3))

    @property
    def state(self):
        return self.client.rooms[self.room]

    async def moves(self, n: int, timeout: float = 30.0) -> list[str]:
        """Make ``n`` more acknowledged moves; their command ids. An answer of AFTER_A_LOSS
        is recorded and the move chosen again from the view as it is then."""
        bot = make_bot("normal", self.seed)
        done: list[str] = []
        deadline = time.monotonic() + timeout
        while len(done) < n:
            left = deadline - time.monotonic()
            assert left > 0, f"{len(done)} of {n} moves in {timeout} s (refused: {self.refused})"
            what = f"move {len(done) + 1} of {n} (refused: {self.refused})"
            done.append(await until(lambda: self._move(bot, deadline), left, what, step=0.1))
        return done

    async def _move(self, bot, deadline: float) -> str | None:
        """One move chosen from the view as it is now: its command id, acknowledged; or None
        to choose again (the view moved on, the bot dealt first, an AFTER_A_LOSS answer)."""
        left = max(0.1, deadline - time.monotonic())
        state = await self.client.wait(self.room, my_turn, timeout=left)
        assert state.view["room"]["status"] == "playing", state.view["room"]
        seq = state.seq
        action = bot.act(state.view["game"])
        if action is None:  # the view moved on meanwhile
            await self.client.wait(self.room, lambda s, q=seq: s.seq > q, timeout=left)
            return None
        cmd = f"{self._prefix}-{next(self._ids)}"
        try:
            await self.client.act(self.room, action.to_dict(), id=cmd)
        except ClientError as refused:
            if refused.code == "hand_in_play" and action.type == "next_hand":
                return None  # the bot dealt the next hand first
            if refused.code not in AFTER_A_LOSS:
                raise
            self.refused.append(refused.code)
            return None
        self.acked.append(cmd)
        await self.client.wait(self.room, lambda s, q=seq: s.seq > q, timeout=left)
        return cmd


async def seated_against_a_bot(url: str, seed: int = 1) -> Human:
    """A new room against the easy bot, with a new client in seat 0."""
    client = await connect(url)
    room = await client.create(AGAINST_A_BOT, target=TARGET)
    await client.join(room, 0, "Ann")
    return Human(client, room, seed)


def snapshots(client: Client, room: str, after: int = 0) -> list[dict[str, Any]]:
    """The snapshots of ``room`` the client received, from message ``after`` on."""
    return [m for m in client.received[after:] if m["t"] == "snapshot" and m.get("room") == room]


def lost_entries(url: str) -> float:
    """``cardroom_lost_entries_total`` at a node's /metrics."""
    with urllib.request.urlopen(f"{url}/metrics", timeout=5) as r:
        text = r.read().decode()
    found = re.search(r"^cardroom_lost_entries_total (\S+)$", text, re.MULTILINE)
    assert found, "no cardroom_lost_entries_total in /metrics"
    return float(found.group(1))


def losses(log: Path) -> list[dict[str, Any]]:
    """The ``log_lost`` lines of a node's log."""
    found = []
    for line in log.read_text(errors="replace").splitlines():
        if '"log_lost"' in line:
            record = json.loads(line)
            if record.get("event") == "log_lost":
                found.append(record)
    return found


def commands(entries: list[dict[str, Any]]) -> set[str]:
    return {e["cmd"] for e in entries if e.get("cmd") is not None}


def check_playable(meta: dict[str, Any], entries: list[dict[str, Any]]) -> None:
    """A log that went on after a loss is still one legal game, with lease tokens that never
    go down (the store lost the later tokens with the entries that carried them)."""
    room = make_room("check", meta)
    room.load(entries)  # raises if an entry is not legal where it stands
    tokens = [e["lease"] for e in entries if "lease" in e]
    assert tokens == sorted(tokens), f"a stale driver appended: {tokens}"


# ---- the append-only file -------------------------------------------------------------------


def incr_file(r: redis.Redis) -> Path:
    """The append-only file Redis 7 writes to now: the last incr file of its manifest."""
    config = r.config_get("dir")
    config |= r.config_get("appenddirname")
    config |= r.config_get("appendfilename")
    folder = Path(config["dir"]) / config["appenddirname"]
    manifest = (folder / f"{config['appendfilename']}.manifest").read_text()
    incrs = [line.split()[1] for line in manifest.splitlines() if line.endswith(" type i")]
    assert incrs, f"no incr file in the manifest: {manifest!r}"
    return folder / incrs[-1]


def command_ends(data: bytes) -> list[int]:
    """The offsets in an append-only file where a command ends outside MULTI/EXEC (where
    the file may be cut and still load as a prefix of what Redis did)."""
    ends, pos, open_multi = [0], 0, False
    while pos < len(data):
        if data[pos : pos + 1] == b"#":  # an annotation line (aof-timestamp-enabled)
            stop = data.find(b"\n", pos)
            if stop < 0:
                break
            pos = stop + 1
            if not open_multi:
                ends.append(pos)
            continue
        assert data[pos : pos + 1] == b"*", f"not a command at {pos}"
        stop = data.find(b"\r\n", pos)
        if stop < 0:
            break
        count, at, args = int(data[pos + 1 : stop]), stop + 2, []
        for _ in range(count):
            stop = data.find(b"\r\n", at)
            if stop < 0 or data[at : at + 1] != b"$":
                return ends
            size = int(data[at + 1 : stop])
            if stop + 2 + size + 2 > len(data):
                return ends
            args.append(data[stop + 2 : stop + 2 + size])
            at = stop + 2 + size + 2
        pos = at
        name = args[0].upper() if args else b""
        if name == b"MULTI":
            open_multi = True
        elif name in (b"EXEC", b"DISCARD"):
            open_multi = False
        if not open_multi:
            ends.append(pos)
    return ends


def cut_back(path: Path, size: int) -> int:
    """Cut the file to the last command boundary at or before ``size``; the new size."""
    data = path.read_bytes()
    keep = max(end for end in command_ends(data) if end <= size)
    with open(path, "r+b") as f:
        f.truncate(keep)
        os.fsync(f.fileno())
    return keep


# ---- the rooms a loss strikes ------------------------------------------------------------------


@dataclass
class Tables:
    """A room where a test client plays against a bot (on node 1), a bot room (made from
    node 2), and a spectator of both on each node: each node holds a copy of each room."""

    ann: Human
    host: Client
    bots: str
    watchers: list[Client]
    epochs: dict[tuple[int, str], str | None] = field(default_factory=dict)
    marks: list[int] = field(default_factory=list)

    @classmethod
    async def open(cls, one: str, two: str) -> Tables:
        ann = await seated_against_a_bot(one)
        host = await connect(two)
        bots = await host.create(BOTS, target=TARGET)
        watchers = [await connect(url) for url in (one, two)]
        for w in watchers:
            for room in (ann.room, bots):
                await w.watch(room)
        return cls(ann, host, bots, watchers)

    @property
    def rooms(self) -> tuple[str, str]:
        return (self.ann.room, self.bots)

    def mark(self) -> None:
        """Remember the copies as every client sees them now (just before the loss)."""
        self.epochs = {
            (k, room): w.rooms[room].epoch
            for k, w in enumerate(self.watchers)
            for room in self.rooms
        }
        self.epochs[-1, self.ann.room] = self.ann.state.epoch
        self.marks = [len(c.received) for c in (*self.watchers, self.ann.client)]

    async def recovered(
        self,
        length,
        trace: Trace,
        restored: dict[str, int],
        before: dict[str, int],
        lost_acks: list[str],
        nodes: list[tuple[str, str, Path]],
    ) -> None:
        """After the store lost the entries beyond ``restored`` (the logs' lengths as it came
        back) of copies that were ``before`` long, among them the acknowledged moves
        ``lost_acks``:
        the person plays on after a snapshot of a new epoch, the bots play on past where
        they were, every node reloaded each room (a new epoch for each spectator), and each
        of ``nodes`` (name, base URL, log file) logged each loss and counted it."""
        for room in self.rooms:
            assert restored[room] < before[room], (room, restored, before)
        _, kept = await trace.read(self.ann.room)
        assert not commands(kept) & set(lost_acks), "the moves were not lost"

        ann, mark = self.ann, self.marks[-1]
        moved = await ann.moves(3)
        fresh = snapshots(ann.client, ann.room, mark)
        assert fresh and fresh[0]["epoch"] != self.epochs[-1, ann.room]
        assert ann.state.epoch != self.epochs[-1, ann.room]
        after = ann.client.received[mark:]
        answered = [k for k, m in enumerate(after) if m["t"] == "ok" and m.get("id") in moved]
        assert after.index(fresh[0]) < answered[0], "a move was acknowledged before the snapshot"
        await until(
            lambda: length(self.bots) >= before[self.bots] + 10,
            30,
            "the bot room to play on past what it had",
        )
        for k, w in enumerate(self.watchers):  # every copy was reloaded, and is followed
            for room in self.rooms:
                await w.wait(
                    room, lambda s, k=k, room=room: s.epoch != self.epochs[k, room], timeout=30
                )
                assert snapshots(w, room, self.marks[k])
            start = w.rooms[self.bots].seq
            await w.wait(self.bots, lambda s, q=start: s.seq >= q + 5, timeout=30)

        for name, url, log in nodes:  # each logged and counted what its copies lost
            lines = await until(
                lambda log=log: losses(log),
                30,
                f"{name}'s log_lost lines for both rooms",
                lambda found: {x["room"] for x in found} == set(self.rooms),
            )
            for line in lines:
                assert line["lost"] > 0 and line["kept"] == restored[line["room"]], (line, restored)
                assert line["people"] + line["automatic"] == line["lost"], line
                # Ann's acknowledged moves were lost: an error at her node, which answered
                # them; a warning for the other node's copy, and for the bots' moves,
                # acknowledged to nobody and played again by the driver.
                answered = line["room"] == ann.room and name == nodes[0][0]
                assert (line["level"], line["acknowledged"] > 0) == (
                    ("error", True) if answered else ("warning", False)
                ), line
                assert (line["people"] > 0) == (line["room"] == ann.room), line
            assert lost_entries(url) == sum(line["lost"] for line in lines)

        meta, entries = await trace.read(ann.room)
        assert set(moved) <= commands(entries) and not set(lost_acks) & commands(entries)
        check_playable(meta, entries)
        check_playable(*(await trace.read(self.bots)))
        for c in (ann.client, self.host, *self.watchers):
            assert not c.closed.is_set(), "a socket was closed"
        assert set(ann.refused) <= AFTER_A_LOSS


# ---- the test ---------------------------------------------------------------------------------


async def test_redis_loses_its_last_second_and_the_nodes_reload_the_rooms_and_play_on(tmp_path):
    cluster = LocalCluster(tmp_path / "cluster", nodes=2, env=ENV)
    try:
        await asyncio.to_thread(cluster.start)
        assert cluster.redis_port is not None
        with redis.Redis(port=cluster.redis_port) as r:
            await lose_the_last_writes(cluster, r)
    finally:
        await asyncio.to_thread(cluster.stop)  # (whatever part of it started)


async def lose_the_last_writes(cluster: LocalCluster, r: redis.Redis) -> None:
    one, two = cluster.node(1), cluster.node(2)
    assert cluster.redis is not None

    def length(room: str) -> int:
        return r.llen(Keys(cluster.prefix).room_log(room))

    tables = await Tables.open(one.ws, two.ws)
    await tables.ann.moves(4)
    await until(lambda: length(tables.bots) >= 15, 30, "the bots to play")

    # T: what the disk will hold after the crash (the lengths read after it: every write
    # acknowledged before is in the file, since Redis writes it before it answers).
    aof = incr_file(r)
    size_at_t = aof.stat().st_size
    at_t = {room: length(room) for room in tables.rooms}
    lost_acks = await tables.ann.moves(3)  # acknowledged, and about to be lost
    await until(lambda: length(tables.bots) >= at_t[tables.bots] + 10, 30, "the bots to play")
    tables.mark()
    before = {room: length(room) for room in tables.rooms}

    # The machine dies: Redis with it, and the file loses what the disk had not yet got.
    cluster.redis.stop(signal.SIGKILL)  # (and reaped)
    cut_back(aof, size_at_t)
    for node in (one, two):  # paused while the logs are read as Redis brings them back
        node.send(signal.SIGSTOP)
    try:
        await asyncio.to_thread(cluster.start_redis)
        r.connection_pool.disconnect()  # its connections went with the old process
        restored = {room: length(room) for room in tables.rooms}
    finally:
        for node in (one, two):
            node.send(signal.SIGCONT)
    assert all(restored[room] <= at_t[room] for room in tables.rooms), (restored, at_t)

    trace = Trace(f"redis://127.0.0.1:{cluster.redis_port}/0", cluster.prefix)
    nodes = [(n.name, n.url, n.log) for n in (one, two)]
    await tables.recovered(length, trace, restored, before, lost_acks, nodes)
