"""The store: its contract, run on both implementations (the embedded store and Redis, with
the fixtures of tests/stores.py: ``store``, ``stores``...), and Redis's own behaviour under
the nodes: the slots of a cluster, a Sentinel fail-over, writes lost in a crash.

``redises`` is a primary, a replica and three sentinels of the test's own (Debian's
redis-server and redis-sentinel on loopback ports)."""

from __future__ import annotations

import shutil
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
import redis
from servers import free_port
from waiting import until_sync

DOWN_AFTER_MS = 2000
"""How long a Redis must not answer to be taken for down. Not 1000: a sentinel's link to a
just promoted primary is new, its first PING goes out about a second later, and at 1000 the
sentinels took the new primary for down too and failed over a second time (in about half
the runs of test_sentinel.py's first test), back to the old primary as it came back: what
the new primary had taken meanwhile went with its data as it became a replica again."""


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
        argv += ["--repl-diskless-sync-delay", "0"]  # a replica syncs at once, not 5 s later
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
            f"sentinel down-after-milliseconds cardroom {DOWN_AFTER_MS}\n"
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
        def answers() -> bool:
            client = redis.Redis(port=port, socket_timeout=0.5)
            try:
                return client.ping()
            except redis.RedisError:
                return False
            finally:
                client.close()

        until_sync(answers, 10, f"redis on {port} to start")

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

        def in_sync() -> bool:
            client = redis.Redis(port=primary())
            try:
                info = client.info("replication")
            finally:
                client.close()
            replica = info.get("slave0", {})
            return info.get("connected_slaves", 0) >= 1 and replica.get("state") == "online"

        until_sync(in_sync, 20, "the replica to sync")

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
