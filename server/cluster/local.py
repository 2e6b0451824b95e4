"""The deployment topology on bare processes: Redis, three nodes, HAProxy in front.

``python -m server.cluster.local`` (``make cluster``) starts a private ``redis-server`` with an
append-only file in a temporary directory (or uses ``REDIS_URL``), three server nodes on ports
8001-8003 and Debian's ``haproxy`` with ``deploy/haproxy.cfg`` on port 8000, the same file
docker compose uses. Tests drive the same class to kill, pause and restart its parts.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HAPROXY_CONFIG = ROOT / "deploy" / "haproxy.cfg"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(check, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not come up within {seconds} s")


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as r:
            return r.status == 200
    except OSError:
        return False


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class Part:
    """One process of the cluster, with its log file."""

    name: str
    argv: list[str]
    env: dict[str, str]
    log: Path
    proc: subprocess.Popen | None = None

    def start(self) -> None:
        out = open(self.log, "ab")  # noqa: SIM115 (kept open for the process)
        self.proc = subprocess.Popen(
            self.argv, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT
        )
        out.close()

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def send(self, sig: int) -> None:
        """Send ``sig`` (SIGKILL, SIGSTOP, SIGCONT...) to the process."""
        if self.running:
            assert self.proc is not None
            self.proc.send_signal(sig)

    def stop(self, sig: int = signal.SIGTERM, wait: float = 15.0) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)  # a paused process cannot exit
            self.proc.send_signal(sig)
            try:
                self.proc.wait(wait)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@dataclass
class Node(Part):
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def wait_ready(self, seconds: float = 30.0) -> None:
        def ready() -> bool:
            if not self.running:
                raise RuntimeError(f"{self.name} exited: {self.log.read_text()[-2000:]}")
            return _answers(f"{self.url}/ready")

        _wait_for(ready, seconds, self.name)


@dataclass
class LocalCluster:
    """Redis (private, with AOF, unless ``redis_url`` is given), ``nodes`` server nodes and
    HAProxy, all on loopback. ``env`` is added to every node's environment."""

    workdir: Path
    nodes: int = 3
    redis_url: str | None = None
    prefix: str = "cardroom"
    env: dict[str, str] = field(default_factory=dict)
    node_ports: list[int] | None = None
    lb_port: int | None = None
    redis_port: int | None = None
    lb_rate: int = 100_000
    parts: dict[str, Part] = field(default_factory=dict)

    # ---- the parts -------------------------------------------------------------------------

    @property
    def redis(self) -> Part | None:
        return self.parts.get("redis")

    @property
    def haproxy(self) -> Part:
        return self.parts["haproxy"]

    def node(self, k: int) -> Node:
        part = self.parts[f"node{k}"]
        assert isinstance(part, Node)
        return part

    @property
    def all_nodes(self) -> list[Node]:
        return [self.node(k) for k in range(1, self.nodes + 1)]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.lb_port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.lb_port}/ws"

    # ---- starting and stopping ---------------------------------------------------------------

    def start(self) -> LocalCluster:
        self.workdir.mkdir(parents=True, exist_ok=True)
        if self.redis_url is None:
            self.redis_port = self.redis_port or free_port()
            self.redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
            self.parts["redis"] = Part(
                "redis", self._redis_argv(), dict(os.environ), self._log("redis")
            )
            self.start_redis()
        ports = self.node_ports or [free_port() for _ in range(self.nodes)]
        for k, port in enumerate(ports, start=1):
            env = {
                **os.environ,
                "HOST": "127.0.0.1",
                "PORT": str(port),
                "REDIS_URL": self.redis_url,
                "REDIS_PREFIX": self.prefix,
                "CARDROOM_NODE_ID": f"node{k}",
                **self.env,
            }
            argv = [sys.executable, "-m", "server"]
            self.parts[f"node{k}"] = Node(f"node{k}", argv, env, self._log(f"node{k}"), port=port)
        for node in self.all_nodes:
            node.start()
        for node in self.all_nodes:
            node.wait_ready()
        self.lb_port = self.lb_port or free_port()
        self.parts["haproxy"] = Part(
            "haproxy", self._haproxy_argv(), self._haproxy_env(), self._log("haproxy")
        )
        self.haproxy.start()
        _wait_for(lambda: _listening(self.lb_port), 10, "haproxy")
        _wait_for(lambda: _answers(f"{self.url}/ready"), 10, "haproxy's first check")
        return self

    def _log(self, name: str) -> Path:
        return self.workdir / f"{name}.log"

    def _redis_argv(self) -> list[str]:
        data = self.workdir / "redis"
        data.mkdir(exist_ok=True)
        return [
            shutil.which("redis-server") or "redis-server",
            "--port", str(self.redis_port),
            "--bind", "127.0.0.1",
            "--dir", str(data),
            "--appendonly", "yes",
            "--appendfsync", "everysec",
            "--save", "",
        ]  # fmt: skip

    def start_redis(self) -> None:
        assert self.redis is not None and self.redis_port is not None
        self.redis.start()
        _wait_for(lambda: _listening(self.redis_port), 10, "redis")

    def restart_redis(self, down: float = 1.0) -> None:
        """Stop Redis cleanly (its append-only file is flushed), wait, start it again."""
        assert self.redis is not None
        self.redis.stop(signal.SIGTERM)
        time.sleep(down)
        self.start_redis()

    def _haproxy_argv(self) -> list[str]:
        return [shutil.which("haproxy") or "/usr/sbin/haproxy", "-db", "-f", str(HAPROXY_CONFIG)]

    def _haproxy_env(self) -> dict[str, str]:
        env = {**os.environ, "CARDROOM_LISTEN": f"127.0.0.1:{self.lb_port}"}
        env["CARDROOM_LB_RATE"] = str(self.lb_rate)
        for k in range(1, 4):  # the file names three servers; fewer nodes repeat the last
            port = self.node(min(k, self.nodes)).port
            env[f"CARDROOM_NODE{k}"] = f"127.0.0.1:{port}"
        return env

    def restart_node(self, k: int) -> Node:
        """Start node ``k`` again on its port (after it was stopped or killed)."""
        node = self.node(k)
        node.stop(signal.SIGKILL)
        node.start()
        node.wait_ready()
        return node

    def stop(self) -> None:
        for name in ["haproxy", *[f"node{k}" for k in range(1, self.nodes + 1)], "redis"]:
            part = self.parts.get(name)
            if part is not None:
                part.stop(signal.SIGTERM)

    def __enter__(self) -> LocalCluster:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000, help="where HAProxy listens")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL"))
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="cardroom-cluster-"))
    cluster = LocalCluster(
        workdir,
        redis_url=args.redis_url,
        node_ports=[args.port + 1, args.port + 2, args.port + 3],
        lb_port=args.port,
        lb_rate=2000,
    )
    cluster.start()
    print(f"cardroom: {cluster.url} (HAProxy) -> nodes on ports "
          f"{', '.join(str(n.port) for n in cluster.all_nodes)}; Redis {cluster.redis_url}; "
          f"logs in {workdir}. Ctrl-C stops everything.", flush=True)  # fmt: skip
    try:
        signal.sigwait({signal.SIGINT, signal.SIGTERM})
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
