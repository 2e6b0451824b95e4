"""A Redis Cluster on bare processes: ``primaries`` primaries with ``replicas`` replicas each
and ``spares`` more replicas (six processes by default), on free loopback ports, each with
cluster mode and an append-only file in its own folder, joined by ``redis-cli --cluster
create``.

The store's tests of Redis Cluster and ``make cluster CLUSTER_REDIS=cluster`` (with one
spare) start one. A
primary killed with :meth:`LocalRedisCluster.kill` is replaced by its replica once the others
have not heard from it for ``node_timeout_ms`` (the cluster's fail-over, nothing of ours);
:meth:`restart` brings the killed process back, as a replica of the one that took over.
"""

from __future__ import annotations

import random
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tools.cluster import Part, _bindable, _listening, _wait_for

SLOTS = 16384
BUS_OFFSET = 10000
"""A cluster node talks to the others on its port plus this."""


def free_cluster_port(taken: set[int]) -> int:
    """A loopback port free with its bus port (so at most 65535 - BUS_OFFSET)."""
    while True:
        port = random.randrange(20000, 65536 - BUS_OFFSET)
        near = {port, port + BUS_OFFSET}
        if not near & taken and all(_bindable(p) for p in near):
            taken |= near
            return port


@dataclass
class ClusterNode:
    """What ``CLUSTER NODES`` says of one process."""

    id: str
    port: int
    primary: bool
    failed: bool
    ranges: list[tuple[int, int]]  # the slots it serves, first and last of each range

    @property
    def slots(self) -> int:
        return sum(high - low + 1 for low, high in self.ranges)


@dataclass(eq=False)  # a handle on processes: equal only to itself
class LocalRedisCluster:
    workdir: Path
    primaries: int = 3
    replicas: int = 1
    node_timeout_ms: int = 1000
    spares: int = 0
    """Replicas beyond ``replicas`` per primary, given to some primaries: when a primary dies,
    its replica takes over with no replica of its own, and a writer that waits for one
    (``REDIS_WAIT_REPLICAS=1``) is refused until a spare migrates to it (Redis' replica
    migration, some seconds after) or the dead process comes back."""
    ports: list[int] = field(default_factory=list)
    parts: dict[int, Part] = field(default_factory=dict)

    @property
    def startup_nodes(self) -> str:
        """``host:port,host:port...``: what ``REDIS_CLUSTER_NODES`` takes."""
        return ",".join(f"127.0.0.1:{port}" for port in self.ports)

    def start(self) -> LocalRedisCluster:
        self.workdir.mkdir(parents=True, exist_ok=True)
        count = self.primaries * (1 + self.replicas) + self.spares
        taken: set[int] = set()
        self.ports = self.ports or [free_cluster_port(taken) for _ in range(count)]
        for port in self.ports:
            self.parts[port] = Part(
                f"redis-{port}", self._argv(port), {}, self.workdir / f"redis-{port}.log"
            )
            self.parts[port].start()
        for port in self.ports:
            _wait_for(lambda p=port: self._up(p), 10, f"redis on {port}")
        created = subprocess.run(
            [
                shutil.which("redis-cli") or "redis-cli",
                "--cluster", "create", *(f"127.0.0.1:{p}" for p in self.ports),
                "--cluster-replicas", str(self.replicas), "--cluster-yes",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )  # fmt: skip
        if created.returncode != 0:
            raise RuntimeError(f"redis-cli --cluster create failed: {created.stdout[-2000:]}")
        _wait_for(self.healthy, 30, "the cluster's slots on every node")
        _wait_for(self.replicas_in_sync, 30, "every replica in sync with its primary")
        return self

    def _argv(self, port: int) -> list[str]:
        data = self.workdir / str(port)
        data.mkdir(exist_ok=True)
        return [
            shutil.which("redis-server") or "redis-server",
            "--port", str(port),
            "--bind", "127.0.0.1",
            "--dir", str(data),
            "--cluster-enabled", "yes",
            "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", str(self.node_timeout_ms),
            "--appendonly", "yes",
            "--appendfsync", "everysec",
            "--save", "",
            "--repl-diskless-sync-delay", "0",  # a replica in sync at once, not in 5 s
        ]  # fmt: skip

    def _up(self, port: int) -> bool:
        self.parts[port].check()
        return _listening(port)

    # ---- what the cluster says ---------------------------------------------------------------

    def cli(self, port: int, *args: str) -> str:
        """A command to the process on ``port`` (redis-cli), its answer."""
        done = subprocess.run(
            [shutil.which("redis-cli") or "redis-cli", "-p", str(port), *args],
            capture_output=True,
            text=True,
            timeout=10,
        )
        return done.stdout

    def nodes(self, port: int | None = None) -> list[ClusterNode]:
        """The cluster's nodes as the process on ``port`` (any live one) sees them."""
        asked = port or next(p for p in self.ports if self.parts[p].running)
        found = []
        for line in self.cli(asked, "cluster", "nodes").splitlines():
            words = line.split()
            if len(words) < 8:
                continue
            flags = words[2].split(",")
            ranges = []
            for spec in words[8:]:
                if spec.startswith("["):  # a slot being moved
                    continue
                low, _, high = spec.partition("-")
                ranges.append((int(low), int(high or low)))
            port_of = int(words[1].split("@")[0].rsplit(":", 1)[1])
            failed = "fail" in flags or "fail?" in flags
            found.append(ClusterNode(words[0], port_of, "master" in flags, failed, ranges))
        return found

    def healthy(self) -> bool:
        """Every live process says ``cluster_state:ok``, and sees every slot served by a
        primary that runs and has not failed."""
        for port in self.ports:
            if not self.parts[port].running:
                continue
            if "cluster_state:ok" not in self.cli(port, "cluster", "info"):
                return False
            serving = [
                n
                for n in self.nodes(port)
                if n.primary and not n.failed and self.parts[n.port].running
            ]
            if sum(n.slots for n in serving) != SLOTS:
                return False
        return True

    def replicas_in_sync(self) -> bool:
        """Every primary has a replica online, and every live replica's link to its primary
        is up (a replica that never synced would not take over from a primary that dies).
        The first part matters just after the cluster is created: the node asked may not
        have heard yet that another became a replica, and then counts it as a primary
        (the full suite, once: a test found no replica of the primary it was to kill)."""
        if self.replicas and not all(self.replicas_of(p) >= 1 for p in self.primary_ports()):
            return False
        replicas = [n for n in self.nodes() if not n.primary and self.parts[n.port].running]
        return all(
            "master_link_status:up" in self.cli(n.port, "info", "replication") for n in replicas
        )

    def replicas_of(self, port: int) -> int:
        """How many live replicas in sync the primary on ``port`` has now."""
        info = self.cli(port, "info", "replication")
        return sum(1 for line in info.splitlines() if line.startswith("slave") and "online" in line)

    def primary_ports(self) -> list[int]:
        return sorted(n.port for n in self.nodes() if n.primary and not n.failed and n.slots)

    def primary_of(self, key: str) -> int:
        """The port of the primary that serves ``key``'s slot now."""
        port = next(p for p in self.ports if self.parts[p].running)
        slot = int(self.cli(port, "cluster", "keyslot", key).strip())
        for node in self.nodes(port):
            if node.primary and not node.failed and any(a <= slot <= b for a, b in node.ranges):
                return node.port
        raise RuntimeError(f"no primary serves slot {slot}")

    # ---- faults --------------------------------------------------------------------------------

    def kill(self, port: int) -> None:
        """kill -9 of the process on ``port`` (reaped on return)."""
        self.parts[port].send(signal.SIGKILL)

    def restart(self, port: int) -> None:
        """Start the process on ``port`` again, with its files (it rejoins the cluster)."""
        self.parts[port].start()
        _wait_for(lambda: self._up(port), 10, f"redis on {port}")

    def wait_healthy(self, seconds: float = 30.0) -> float:
        """Wait until :meth:`healthy`; how long it took."""
        started = time.monotonic()
        _wait_for(self.healthy, seconds, "the cluster to serve every slot")
        return time.monotonic() - started

    def stop(self) -> None:
        for part in self.parts.values():
            part.stop()

    def __enter__(self) -> LocalRedisCluster:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()
