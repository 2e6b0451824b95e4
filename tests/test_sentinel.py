"""Redis Sentinel: a primary, a replica and three sentinels (Debian's redis-server and
redis-sentinel on loopback ports). The primary dies under play; the sentinels promote the
replica; the nodes follow it. Appends wait for the replica (REDIS_WAIT_REPLICAS=1), so every
action acknowledged before the fail-over is in the log after it."""

from __future__ import annotations

import asyncio
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import redis
from cluster_play import Player, Trace, check_log, check_views
from conftest import ServerProcess, free_port
from waiting import until

HUMANS = [{"kind": "human"}, {"kind": "human"}]


class Redises:
    """One primary, one replica, three sentinels watching them as service ``cardroom``."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.ports = {"a": free_port(), "b": free_port()}
        self.sentinel_ports = [free_port() for _ in range(3)]
        self.procs: dict[str, subprocess.Popen] = {}

    def _server(self, name: str, replica_of: int | None = None) -> None:
        data = self.workdir / name
        data.mkdir(exist_ok=True)
        argv = [shutil.which("redis-server") or "redis-server", "--port", str(self.ports[name])]
        argv += ["--bind", "127.0.0.1", "--dir", str(data), "--appendonly", "yes", "--save", ""]
        if replica_of is not None:
            argv += ["--replicaof", "127.0.0.1", str(replica_of)]
        log = open(self.workdir / f"{name}.log", "ab")  # noqa: SIM115
        self.procs[name] = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        self._wait(self.ports[name])

    def _sentinel(self, k: int) -> None:
        conf = self.workdir / f"sentinel{k}.conf"
        conf.write_text(
            f"port {self.sentinel_ports[k]}\nbind 127.0.0.1\n"
            f"sentinel monitor cardroom 127.0.0.1 {self.ports['a']} 2\n"
            "sentinel down-after-milliseconds cardroom 1000\n"
            "sentinel failover-timeout cardroom 5000\n"
            "sentinel parallel-syncs cardroom 1\n"
        )
        log = open(self.workdir / f"sentinel{k}.log", "ab")  # noqa: SIM115
        binary = shutil.which("redis-sentinel") or "redis-sentinel"
        self.procs[f"s{k}"] = subprocess.Popen([binary, str(conf)], stdout=log, stderr=log)
        log.close()
        self._wait(self.sentinel_ports[k])

    @staticmethod
    def _wait(port: int) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if redis.Redis(port=port, socket_timeout=0.5).ping():
                    return
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError(f"redis on {port} did not start")

    def start(self) -> Redises:
        self._server("a")
        self._server("b", replica_of=self.ports["a"])
        self.wait_replicated(lambda: self.ports["a"])
        for k in range(3):
            self._sentinel(k)
        return self

    @property
    def spec(self) -> str:
        return ",".join(f"127.0.0.1:{p}" for p in self.sentinel_ports)

    @staticmethod
    def wait_replicated(primary: Callable[[], int]) -> None:
        """Until the primary has a replica in sync (WAIT 1 would otherwise time out). The
        primary is asked for at every look: the sentinels may fail over once more meanwhile
        (a full run saw them promote the old primary again a second after it came back as a
        replica, and the new one, asked for once, never had a replica again)."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            info = redis.Redis(port=primary()).info("replication")
            if (
                info.get("connected_slaves", 0) >= 1
                and info.get("slave0", {}).get("state") == "online"
            ):
                return
            time.sleep(0.1)
        raise RuntimeError("the replica did not sync")

    def primary(self) -> int:
        s = redis.Redis(port=self.sentinel_ports[0], decode_responses=True)
        return int(s.sentinel_get_master_addr_by_name("cardroom")[1])

    def name_of(self, port: int) -> str:
        return next(n for n, p in self.ports.items() if p == port)

    def kill(self, name: str) -> None:
        self.procs[name].send_signal(signal.SIGKILL)
        self.procs[name].wait()

    def restart_as_replica(self, name: str) -> None:
        self._server(name, replica_of=self.primary())
        self.wait_replicated(self.primary)

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()


@pytest.fixture
def redises(tmp_path):
    for tool in ("redis-server", "redis-sentinel"):
        assert shutil.which(tool), f"{tool} is needed (make test installs it)"
    running = Redises(tmp_path).start()
    yield running
    running.stop()


async def test_the_primary_fails_over_under_play_and_no_acknowledged_action_is_lost(
    redises, server_env, tmp_path
):
    env = {
        **server_env,
        "REDIS_URL": "",
        "REDIS_SENTINELS": redises.spec,
        "REDIS_SENTINEL_SERVICE": "cardroom",
        "REDIS_WAIT_REPLICAS": "1",
        "REDIS_WAIT_MS": "300",
        "REDIS_PREFIX": "sentinel-test",
        "CARDROOM_BOT_DELAY": "0.03",
        "CARDROOM_BOT_WORKERS": "1",
    }
    nodes = []
    for k in (1, 2):
        node_env = {**env, "CARDROOM_NODE_ID": f"node{k}", "LOG_FILE": str(tmp_path / f"n{k}.log")}
        nodes.append(ServerProcess(node_env).start())
    try:
        alice = await Player(nodes[0].ws, "Alice").start()
        bob = await Player(nodes[1].ws, "Bob", seed=2).start()
        duel = await alice.client.create(HUMANS, target=60)
        await alice.sit(duel, 0)
        await bob.sit(duel, 1)
        bots = await bob.client.create([{"kind": "bot", "level": "easy"}] * 2, target=60)
        games = asyncio.gather(alice.play(), bob.play())
        await until(lambda: len(alice.acked) + len(bob.acked) >= 5, 30, "play under way")
        before = redises.primary()
        acked_before = len(alice.acked) + len(bob.acked)
        redises.kill(redises.name_of(before))
        await until(lambda: redises.primary() != before, 30, "the sentinels to fail over")
        # The old primary comes back as a replica of the new one: appends wait for it.
        await asyncio.to_thread(redises.restart_as_replica, redises.name_of(before))
        await asyncio.wait_for(games, 120)
        assert acked_before > 0
        trace = Trace(f"redis://127.0.0.1:{redises.primary()}/0", "sentinel-test")
        meta, entries = await trace.read(duel)
        check_log(meta, entries, [alice, bob])
        check_views(meta, entries, [*alice.clients, *bob.clients], duel)
        watcher = alice.client
        await watcher.watch(bots)
        await watcher.wait(bots, lambda s: s.view["room"]["status"] == "finished", timeout=120)
        check_log(*(await trace.read(bots)), [])
    finally:
        for node in nodes:
            node.stop()
