"""The deployment topology on bare processes: Redis, three nodes, HAProxy in front.

``python -m tools.cluster`` (``make cluster``) starts a private ``redis-server`` with an
append-only file in a temporary directory (or uses ``REDIS_URL``), three server nodes on ports
8001-8003 and Debian's ``haproxy`` with ``deploy/haproxy.cfg`` on port 8000, the same file
docker compose uses. ``--port``, ``--node-ports`` and ``--redis-port`` choose other ports.
Typed at it, ``restart N`` restarts node N (SIGTERM, then started again on its port) and
``kill N`` kills it (SIGKILL, as a crash). Tests drive the same class to kill, pause and
restart its parts.

``--redis-cluster`` starts a private Redis Cluster instead (:mod:`tools.redis_cluster`):
three primaries, a replica each and a spare replica (``--redis-spares``), and every node
acknowledges a write once a replica holds it (``REDIS_WAIT_REPLICAS=1``; ``--wait-replicas
0`` does not wait). The spare is what keeps writes going after a primary's kill -9: its
replica takes over with no replica of its own, and Redis migrates the spare to it within
seconds (replica migration); without one, every write of its rooms waiting for a replica
would be refused until the dead process came back.

Stopping. Ctrl-C (SIGINT), SIGTERM and SIGHUP all stop the cluster the same way, at any
moment, start-up included: HAProxy first (no new client reaches a stopping node), the nodes
together, Redis last (a stopping node can still write), each waited for and reaped; then the
tool exits by the same signal. Every part runs in a process group of its own, so that a
Ctrl-C at the terminal reaches the tool alone, which stops the parts in that order: were
they in the tool's group, the terminal would signal every process at once (Redis could go
before the nodes had finished), and a Ctrl-C would take another path than a SIGTERM from
``kill`` or from ``make`` passing one on. Only a SIGKILL of the tool leaves the parts running.
A stop signal the tool inherited as ignored stays ignored (SIGHUP under ``nohup``; SIGINT in a
job a script started with ``&``, which the script's Ctrl-C must not stop), and it says so.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HAPROXY_CONFIG = ROOT / "deploy" / "haproxy.cfg"
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""What stops ``python -m tools.cluster``: Ctrl-C, ``kill``, a closed terminal."""
STOP_WAIT = 15.0
"""Seconds each stage of a stop (HAProxy, the nodes together, Redis) gets before SIGKILL."""
KILLED_WITHIN = 5.0
"""Seconds a part gets to vanish once SIGKILLed."""


class Interrupted(Exception):
    """A stop signal arrived while the cluster was starting."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _never() -> bool:
    return False


def _wait_for(check, seconds: float, what: str, cancelled: Callable[[], bool] = _never) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cancelled():
            raise Interrupted(f"stopped while waiting for {what}")
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


def _bindable(port: int) -> bool:
    """Nothing listens on ``port`` (sockets in TIME_WAIT do not count: the parts reuse the
    address, as a restarted node must)."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _group_alive(pgid: int) -> list[int]:
    """The processes of group ``pgid`` not dead yet (zombies are dead)."""
    alive = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:  # gone meanwhile
            continue
        fields = raw[raw.rindex(")") + 2 :].split()  # state, parent, group...
        if int(fields[2]) == pgid and fields[0] not in "ZX":
            alive.append(int(entry))
    return alive


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
        # A process group of its own (see the module's docstring), and no terminal input: a
        # process outside the terminal's foreground group that read it would be stopped.
        self.proc = subprocess.Popen(
            self.argv,
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            process_group=0,
        )
        out.close()

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def send(self, sig: int) -> None:
        """Send ``sig`` (SIGKILL, SIGSTOP, SIGCONT...) to the process. After a SIGKILL the
        process is reaped before this returns: no zombie, and its port is free."""
        if self.running:
            assert self.proc is not None
            self.proc.send_signal(sig)
            if sig == signal.SIGKILL:
                self.proc.wait(10)

    def check(self) -> None:
        """Raise, with the end of its log, if the process has exited."""
        if not self.running:
            raise RuntimeError(f"{self.name} exited: {self.log.read_text()[-2000:]}")

    def ask_to_stop(self, sig: int = signal.SIGTERM) -> None:
        """Send ``sig`` without waiting (see :meth:`stop`)."""
        if self.running:
            assert self.proc is not None
            self.proc.send_signal(signal.SIGCONT)  # a paused process cannot exit
            self.proc.send_signal(sig)

    def wait_stopped(self, wait: float = STOP_WAIT) -> None:
        """Wait up to ``wait`` seconds for the process to exit, then SIGKILL it; end what is
        left of its process group (a Redis rewrite child, a node's workers), and reap it: on
        return, none of them runs. Bounded: a process that not even SIGKILL ends within
        :data:`KILLED_WITHIN` seconds (in uninterruptible sleep) is said, not waited for."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return
        try:
            pidfd = os.pidfd_open(proc.pid)
        except ProcessLookupError:  # reaped meanwhile
            return
        try:
            # A pidfd is readable once the process has exited, while it is not reaped yet:
            # until then its id names its group and no other.
            if not select.select([pidfd], [], [], max(wait, 0))[0]:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                if not select.select([pidfd], [], [], KILLED_WITHIN)[0]:
                    print(f"{self.name} (pid {proc.pid}) survives SIGKILL", file=sys.stderr)
                    return
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            # killpg returns before they die (a busy machine may not run them for a while):
            # wait, while the unreaped process still holds its group's id for it.
            deadline = time.monotonic() + KILLED_WITHIN
            while (left := _group_alive(proc.pid)) and time.monotonic() < deadline:
                time.sleep(0.01)
            if left:
                print(f"{self.name}'s processes {left} survive SIGKILL", file=sys.stderr)
        finally:
            os.close(pidfd)
        proc.wait()  # it has exited: this reaps it at once

    def stop(self, sig: int = signal.SIGTERM, wait: float = STOP_WAIT) -> None:
        self.ask_to_stop(sig)
        self.wait_stopped(wait)


@dataclass
class Node(Part):
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def wait_ready(self, seconds: float = 30.0, cancelled: Callable[[], bool] = _never) -> None:
        def ready() -> bool:
            self.check()
            return _answers(f"{self.url}/ready")

        _wait_for(ready, seconds, self.name, cancelled)

    def hears(self) -> set[str]:
        """The nodes this one hears beat (its ``/ready`` says), or none if it is not ready."""
        try:
            with urllib.request.urlopen(f"{self.url}/ready", timeout=1) as r:
                return set(json.load(r).get("live", ()))
        except (OSError, ValueError):
            return set()


@dataclass(eq=False)  # a handle on processes: equal only to itself
class LocalCluster:
    """Redis (private, with AOF, unless ``redis_url`` is given; with ``redis_cluster``, a
    private Redis Cluster of six processes: :class:`tools.redis_cluster.LocalRedisCluster`),
    ``nodes`` server nodes and HAProxy, all on loopback. ``env`` is added to every node's
    environment. Ports left None are chosen free; ``node_ports``, if given, names one port
    per node."""

    workdir: Path
    nodes: int = 3
    redis_url: str | None = None
    prefix: str = "cardroom"
    env: dict[str, str] = field(default_factory=dict)
    node_ports: list[int] | None = None
    lb_port: int | None = None
    redis_port: int | None = None
    lb_rate: int = 100_000
    redis_cluster: bool = False
    redis_spares: int = 0  # the Redis Cluster's spare replicas (LocalRedisCluster.spares)
    cluster_redis: Any = None  # the LocalRedisCluster, with redis_cluster
    parts: dict[str, Part] = field(default_factory=dict)
    interrupted: int | None = None
    """The stop signal received, if any (:meth:`interrupt`)."""

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

    def interrupt(self, sig: int) -> None:
        """Make :meth:`start` give up at its next step (raising :class:`Interrupted`), for a
        signal handler: it only records, so a signal never lands between starting a process
        and keeping its handle; whoever started the cluster then calls :meth:`stop`."""
        self.interrupted = sig

    def _cancelled(self) -> bool:
        return self.interrupted is not None

    def start(self) -> LocalCluster:
        self._check_ports()
        self.workdir.mkdir(parents=True, exist_ok=True)
        # A backstop for a program that never calls stop (an exception past its cleanup).
        atexit.register(self.stop)
        if self.redis_cluster:
            from tools.redis_cluster import LocalRedisCluster  # (it builds on this module)

            self.cluster_redis = LocalRedisCluster(
                self.workdir / "redis-cluster", spares=self.redis_spares
            ).start()
            self.redis_url = f"redis+cluster://{self.cluster_redis.startup_nodes}"
        elif self.redis_url is None:
            self.redis_port = self.redis_port or free_port()
            self.redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
            self.parts["redis"] = Part(
                "redis", self._redis_argv(), dict(os.environ), self._log("redis")
            )
            self.start_redis()
        self._start_nodes()
        self._start_haproxy()
        return self

    def _check_ports(self) -> None:
        if self.node_ports is not None and len(self.node_ports) != self.nodes:
            raise ValueError(f"{self.nodes} nodes, but {len(self.node_ports)} node ports")
        own_redis = self.redis_url is None
        given = [*(self.node_ports or []), self.lb_port, self.redis_port if own_redis else None]
        taken = [port for port in given if port and not _bindable(port)]
        if taken:  # say so, rather than take another process's answers for ours
            raise RuntimeError(f"ports in use: {taken} (a cluster still running?)")

    def _start_nodes(self) -> None:
        assert self.redis_url is not None
        self.node_ports = self.node_ports or [free_port() for _ in range(self.nodes)]
        for k, port in enumerate(self.node_ports, start=1):
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
            if self._cancelled():
                raise Interrupted("stopped while starting the nodes")
            node.start()
        for node in self.all_nodes:
            node.wait_ready(cancelled=self._cancelled)
        # Ready, each node may not have heard the others beat yet (they start together, and a
        # node reads the heartbeats once a second): until it does, it sends no socket to a
        # room's home on another node and counts none of their sockets in a room.
        names = {node.name for node in self.all_nodes}
        _wait_for(
            lambda: all(names <= node.hears() for node in self.all_nodes),
            30,
            "every node to hear the others",
            self._cancelled,
        )

    def _start_haproxy(self) -> None:
        self.lb_port = self.lb_port or free_port()
        self.parts["haproxy"] = Part(
            "haproxy", self._haproxy_argv(), self._haproxy_env(), self._log("haproxy")
        )
        self.haproxy.start()

        def haproxy_listens() -> bool:
            self.haproxy.check()
            return _listening(self.lb_port)

        _wait_for(haproxy_listens, 10, "haproxy", self._cancelled)
        _wait_for(
            lambda: _answers(f"{self.url}/ready"), 10, "haproxy's first check", self._cancelled
        )

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

        def listens() -> bool:
            self.redis.check()
            return _listening(self.redis_port)

        _wait_for(listens, 10, "redis", self._cancelled)

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

    def restart_node(self, k: int, sig: int = signal.SIGKILL) -> Node:
        """Start node ``k`` again on its port, once stopped with ``sig`` (SIGKILL: a crash;
        SIGTERM: a node that tells its clients to reconnect) and reaped, if still running."""
        node = self.node(k)
        node.stop(sig)
        if self._cancelled():  # a stop signal came meanwhile: start nothing more
            raise Interrupted(f"stopped while restarting {node.name}")
        node.start()
        node.wait_ready(cancelled=self._cancelled)
        return node

    def stop(self) -> None:
        """Stop every part that runs, HAProxy first, the nodes together, Redis last, and
        reap each. Safe to call again, and at any point of :meth:`start`."""
        atexit.unregister(self.stop)
        haproxy = self.parts.get("haproxy")
        if haproxy is not None:
            haproxy.stop()
        nodes = [p for p in self.parts.values() if isinstance(p, Node)]
        for node in nodes:
            node.ask_to_stop()
        deadline = time.monotonic() + STOP_WAIT  # asked together, given the time together
        for node in nodes:
            node.wait_stopped(deadline - time.monotonic())
        if self.redis is not None:
            self.redis.stop()
        if self.cluster_redis is not None:
            self.cluster_redis.stop()

    def __enter__(self) -> LocalCluster:
        try:
            return self.start()
        except BaseException:  # __exit__ does not run when __enter__ fails
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()


# ---- the command ------------------------------------------------------------------------------


class Commands:
    """Lines typed at the tool (``restart 2``), read only when that cannot stop it: not from
    a terminal whose foreground is another process group (``make cluster &``: reading would
    stop the tool with SIGTTIN). End of input ends the commands, not the cluster."""

    def __init__(self, fd: int = 0) -> None:
        self.fd: int | None = fd
        self.pending = b""

    def _readable(self) -> bool:
        if self.fd is None:
            return False
        try:
            if os.isatty(self.fd) and os.tcgetpgrp(self.fd) != os.getpgrp():
                return False
            return bool(select.select([self.fd], [], [], 0)[0])
        except OSError:  # closed, or not a descriptor select takes
            self.fd = None
            return False

    def lines(self) -> list[str]:
        """The complete lines typed since the last call."""
        if not self._readable():
            return []
        assert self.fd is not None
        try:
            chunk = os.read(self.fd, 4096)
        except OSError:
            chunk = b""
        if not chunk:
            self.fd = None
            chunk = b"\n"
        self.pending += chunk
        *done, self.pending = self.pending.split(b"\n")
        return [line.decode(errors="replace").strip() for line in done if line.strip()]


def _say(text: str) -> None:
    print(f"cardroom: {text}", flush=True)


def _obey(cluster: LocalCluster, line: str) -> None:
    words = line.split()
    nodes = {str(k) for k in range(1, cluster.nodes + 1)}
    if len(words) == 2 and words[0] in ("restart", "kill") and words[1] in nodes:
        node = cluster.node(int(words[1]))
        if words[0] == "kill":
            node.send(signal.SIGKILL)  # the loop in main says so
        else:
            cluster.restart_node(int(words[1]), signal.SIGTERM)
            assert node.proc is not None
            _say(f"{node.name} restarted (pid {node.proc.pid}, port {node.port})")
    else:
        _say(f"commands: restart N, kill N (N: 1-{cluster.nodes}); Ctrl-C stops everything")


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000, help="where HAProxy listens")
    parser.add_argument(
        "--node-ports",
        help="the nodes' ports, comma-separated, one per node (1 to 3 nodes; "
        "default: the three ports after --port)",
    )
    parser.add_argument(
        "--redis-port", type=int, help="the private Redis's port (default: a free one)"
    )
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL") or None)
    parser.add_argument(
        "--redis-cluster",
        action="store_true",
        help="a private Redis Cluster (three primaries, a replica each, and spares)",
    )
    parser.add_argument(
        "--redis-spares",
        type=int,
        help="with --redis-cluster: spare replicas, which Redis moves to a promoted replica "
        "left without one (default 1)",
    )
    parser.add_argument(
        "--wait-replicas",
        type=int,
        choices=(0, 1),
        help="with --redis-cluster: the nodes' REDIS_WAIT_REPLICAS, a write acknowledged "
        "once a replica holds it (default 1)",
    )
    args = parser.parse_args(argv)
    for given in ("redis_spares", "wait_replicas"):
        if getattr(args, given) is None:
            setattr(args, given, 1)
        elif not args.redis_cluster:
            parser.error(f"--{given.replace('_', '-')} is for --redis-cluster")
    if args.redis_spares < 0:
        parser.error("--redis-spares: 0 or more")
    if args.node_ports is None:
        args.node_ports = [args.port + k for k in (1, 2, 3)]
    else:
        try:
            args.node_ports = [int(p) for p in args.node_ports.split(",")]
        except ValueError:
            parser.error("--node-ports: port numbers separated by commas")
        if not 1 <= len(args.node_ports) <= 3:
            parser.error("--node-ports: deploy/haproxy.cfg has three servers: 1 to 3 nodes")
    if args.redis_cluster and (args.redis_url or args.redis_port is not None):
        parser.error("--redis-cluster starts its own: not with --redis-url or --redis-port")
    if args.redis_url and args.redis_port is not None:
        parser.error("--redis-port is for the private Redis, not with --redis-url")
    return args


def _serve(cluster: LocalCluster) -> None:
    """Until a stop signal: obey the commands typed, and say when a part exits."""
    commands, down = Commands(), set()
    while cluster.interrupted is None:
        for line in commands.lines():
            try:
                _obey(cluster, line)
            except RuntimeError as failed:  # a node that did not come back: say why
                _say(str(failed))
        for part in cluster.parts.values():  # `running` reaps a part that exited
            if part.running:
                down.discard(part.name)
            elif part.name not in down:
                down.add(part.name)
                assert part.proc is not None
                again = f"; `restart {part.name[4:]}` starts it" if isinstance(part, Node) else ""
                _say(f"{part.name} exited ({part.proc.returncode}), log {part.log}{again}")
        time.sleep(0.1)


def cluster_of(args: argparse.Namespace, workdir: Path) -> LocalCluster:
    """The cluster the command line asks for (not started). On a Redis Cluster, durable as
    the README's deploy section says: spare replicas, and each write waiting for one."""
    durable: dict[str, str] = {}
    if args.redis_cluster:
        durable["REDIS_WAIT_REPLICAS"] = str(args.wait_replicas)
    return LocalCluster(
        workdir,
        nodes=len(args.node_ports),
        redis_url=args.redis_url,
        node_ports=args.node_ports,
        lb_port=args.port,
        redis_port=args.redis_port,
        lb_rate=2000,
        redis_cluster=args.redis_cluster,
        redis_spares=args.redis_spares if args.redis_cluster else 0,
        env=durable,
    )


def _redis_said(cluster: LocalCluster) -> str:
    """What the ready line says of Redis."""
    if not cluster.redis_cluster:
        return f"Redis {cluster.redis_url}"
    spares = cluster.redis_spares
    waits = cluster.env.get("REDIS_WAIT_REPLICAS", "0")
    return (
        f"Redis Cluster {cluster.redis_url} (3 primaries, a replica each, {spares} spare "
        f"replica{'' if spares == 1 else 's'}; REDIS_WAIT_REPLICAS={waits})"
    )


def main(argv: list[str] | None = None) -> None:
    args = _parse(argv)
    workdir = Path(tempfile.mkdtemp(prefix="cardroom-cluster-"))
    cluster = cluster_of(args, workdir)

    # Installed before the first process starts: from here on, a stop signal only records
    # itself (no KeyboardInterrupt halfway through starting a process), and what started
    # is stopped below.
    def on_signal(sig: int, frame) -> None:
        cluster.interrupt(sig)

    failure = False
    for sig in STOP_SIGNALS:
        if signal.getsignal(sig) != signal.SIG_IGN:  # nohup, or `&` in a script, ignores some
            signal.signal(sig, on_signal)
        elif sig != signal.SIGHUP:  # an ignored SIGHUP is what nohup is for: no news
            # Inherited, as by a job a script started with `&`: it stays ignored, as such a
            # job's should (a Ctrl-C meant for the script's foreground), but say so.
            _say(f"{signal.Signals(sig).name} is ignored here (started in the background?)")
    try:
        cluster.start()
        _say(
            f"{cluster.url} (HAProxy) -> nodes on ports "
            f"{', '.join(str(n.port) for n in cluster.all_nodes)}; {_redis_said(cluster)}; "
            f"logs in {workdir}. Type `restart N` to restart node N; Ctrl-C stops everything."
        )
        _serve(cluster)
    except Interrupted:
        pass
    except RuntimeError as failed:  # a port in use, a part that did not start (with its log)
        _say(str(failed))
        failure = True
    finally:
        cluster.stop()
    if cluster.interrupted is not None:  # exit as the signal would have, for make and shells
        _say("stopped")
        signal.signal(cluster.interrupted, signal.SIG_DFL)
        os.kill(os.getpid(), cluster.interrupted)
    if failure:
        sys.exit(1)


if __name__ == "__main__":
    main()
