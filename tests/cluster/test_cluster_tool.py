"""`make cluster`'s tool (``python -m tools.cluster``) leaves nothing behind: a SIGTERM
stops HAProxy, the nodes and Redis as a Ctrl-C does, mid-start too; a killed node is reaped;
a node restarts on its port; and HAProxy sends a request with ``?home=nodeK`` to node K while
that node is up. Real processes on loopback: Debian's haproxy and redis-server (``make
services``), the server nodes.

Every process the tool starts inherits a tag in its environment, so what outlived the tool
is found in /proc wherever it was reparented, not only among the tool's children; but for
Redis, which writes its title over its environment: it is found by the port in its title.

The tool starts as a terminal's foreground job does: catching its stop signals. Not so by
inheritance: a test run started with ``&`` by a script ignores SIGINT (and the tool keeps a
stop signal it inherited ignored, see tools/cluster.py)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
from processes import Proc, tree
from waiting import until_sync

from tools.cluster import STOP_SIGNALS, LocalCluster, free_port

ROOT = Path(__file__).resolve().parents[2]
TAG = "CARDROOM_CLUSTER_TOOL_TEST"
NODE_ENV = {
    "LOG_LEVEL": "warning",
    "CARDROOM_BOT_WORKERS": "1",
    "CARDROOM_SOLVER_WORKERS": "1",
}
READY_LINE = "(HAProxy) ->"  # what the tool prints once the whole cluster answers


def _stat(pid: int) -> tuple[str, int] | None:
    """(state letter, start time) of process ``pid``, or None when there is none."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2 :].split()  # the name in parentheses may hold spaces
    return fields[0], int(fields[19])


def lingering(proc: Proc) -> str | None:
    """The state of ``proc`` if it is still in the process table (``Z``: a zombie nobody
    reaped), None once it is gone (its pid may name another process by now)."""
    stat = _stat(proc.pid)
    return stat[0] if stat is not None and stat[1] == proc.started else None


def left_of(tag: str, redis_port: int) -> list[int]:
    """Live processes (not zombies) whose environment carries ``TAG=tag``, and the
    redis-server on ``redis_port``."""
    needle = f"{TAG}={tag}".encode()
    title = f"redis-server 127.0.0.1:{redis_port}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            env = Path(f"/proc/{entry}/environ").read_bytes().split(b"\0")
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        stat = _stat(int(entry))
        if (needle in env or title in cmdline) and stat is not None and stat[0] not in "ZX":
            found.append(int(entry))
    return found


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def node_at(url: str, home: str | None = None) -> str | None:
    """The node that answered ``/ready`` (its body names it), or None if none did."""
    query = f"?home={home}" if home is not None else ""
    try:
        with urllib.request.urlopen(f"{url}/ready{query}", timeout=2) as r:
            return json.loads(r.read())["node"]
    except (OSError, ValueError, KeyError):
        return None


@dataclass
class Tool:
    proc: subprocess.Popen
    out: Path
    tag: str
    lb_port: int
    node_ports: list[int]
    redis_port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.lb_port}"

    @property
    def ports(self) -> list[int]:
        return [self.lb_port, *self.node_ports, self.redis_port]

    def left(self) -> list[int]:
        """What runs still of what the tool started."""
        return left_of(self.tag, self.redis_port)

    def output(self) -> str:
        return self.out.read_text()

    def family(self) -> list[Proc]:
        """The tool's descendants now."""
        return [p for p in tree(self.proc.pid) if p.pid != self.proc.pid]

    def says(self, text: str) -> bool:
        if self.proc.poll() is not None:
            raise AssertionError(f"the tool exited ({self.proc.returncode}): {self.output()}")
        return text in self.output()


@pytest.fixture
def tool(tmp_path):
    """Starts ``python -m tools.cluster`` on free ports; kills whatever a failed test
    left of it."""
    started: list[Tool] = []

    def start() -> Tool:
        lb, redis, *nodes = (free_port() for _ in range(5))
        tag = uuid.uuid4().hex
        env = {**os.environ, **NODE_ENV, TAG: tag}
        env.pop("REDIS_URL", None)  # the tool's own Redis, on the port chosen here
        out = tmp_path / f"tool-{len(started)}.out"
        # Whatever this test run ignores, the tool starts with its stop signals at their
        # defaults, as at a terminal (env execs it: the same process).
        default = ",".join(str(int(sig)) for sig in STOP_SIGNALS)
        argv = ["env", f"--default-signal={default}"]
        argv += [sys.executable, "-m", "tools.cluster", "--port", str(lb)]
        argv += ["--node-ports", ",".join(map(str, nodes)), "--redis-port", str(redis)]
        with open(out, "wb") as sink:
            proc = subprocess.Popen(
                argv, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=sink, stderr=sink
            )
        started.append(Tool(proc, out, tag, lb, nodes, redis))
        return started[-1]

    yield start
    for t in started:
        if t.proc.poll() is None:
            t.proc.kill()
            t.proc.wait()
        assert t.proc.stdin is not None
        t.proc.stdin.close()
        for pid in t.left():
            os.kill(pid, signal.SIGKILL)


def _kind(proc: Proc) -> str | None:
    """Which part of the cluster ``proc`` is (None: a node's worker, fork server...)."""
    if "haproxy" in proc.cmdline:
        return "haproxy"
    if "redis-server" in proc.cmdline:
        return "redis"
    return "node" if proc.cmdline.endswith("-m server") else None


def _kinds(family: list[Proc]) -> dict[str, int]:
    kinds = [_kind(p) for p in family]
    return {kind: kinds.count(kind) for kind in ("haproxy", "redis", "node")}


def assert_stopped(family: list[Proc]) -> None:
    """The parts in ``family`` were reaped (no zombie); nothing else of it runs."""
    assert [(p.cmdline, lingering(p)) for p in family if _kind(p) and lingering(p)] == []
    assert [p.cmdline for p in family if lingering(p) not in (None, "Z", "X")] == []


def _empty(found: list) -> bool:
    return not found


def _node_pid(t: Tool, k: int) -> int:
    """The pid of the process listening on node ``k``'s port, among the tool's children."""
    port = f"PORT={t.node_ports[k - 1]}".encode()
    for p in t.family():
        if p.cmdline.endswith("-m server"):
            env = Path(f"/proc/{p.pid}/environ").read_bytes().split(b"\0")
            if port in env:
                return p.pid
    raise AssertionError(f"no node{k}")


def catches(pid: int, sig: int) -> bool:
    """Process ``pid`` has a handler for ``sig`` (neither ignores it nor dies of it)."""
    status = Path(f"/proc/{pid}/status").read_text()
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) >> (sig - 1) & 1)


def stop_and_check(t: Tool, sig: int, family: list[Proc]) -> None:
    """Send ``sig`` to the tool: it exits by ``sig`` within a bounded time, having stopped
    every process it started (``family``, and any it started since): none is left, and no
    port listens."""
    assert {p.pid for p in family if _kind(p)} <= set(t.left())  # the search finds them
    # Its handler is in place before its first part starts: one ignored would be lost.
    assert catches(t.proc.pid, sig), t.output()
    t.proc.send_signal(sig)
    assert t.proc.wait(30) == -sig, t.output()
    left = until_sync(t.left, timeout=5, what="no process left", check=_empty)
    assert left == []
    assert_stopped(family)
    assert [port for port in t.ports if listening(port)] == []


def test_sigterm_stops_every_part_a_restarted_node_too(tool):
    t = tool()
    until_sync(lambda: t.says(READY_LINE), timeout=60, what="the cluster")
    assert node_at(t.url) in {"node1", "node2", "node3"}
    before = t.family()
    assert _kinds(before) == {"haproxy": 1, "redis": 1, "node": 3}
    pid = _node_pid(t, 2)
    old = next(p for p in before if p.pid == pid)

    # A node restarted by a command typed at the tool is stopped with the rest.
    assert t.proc.stdin is not None
    t.proc.stdin.write(b"restart 2\n")
    t.proc.stdin.flush()
    until_sync(lambda: t.says("node2 restarted"), timeout=30, what="node2's restart")
    assert lingering(old) is None  # stopped and reaped
    assert _node_pid(t, 2) != old.pid
    assert node_at(f"http://127.0.0.1:{t.node_ports[1]}") == "node2"  # on its port again

    family = t.family()
    assert _kinds(family) == {"haproxy": 1, "redis": 1, "node": 3}
    stop_and_check(t, signal.SIGTERM, family)


def test_ctrl_c_stops_every_part_as_sigterm_does(tool):
    t = tool()
    until_sync(lambda: t.says(READY_LINE), timeout=60, what="the cluster")
    family = t.family()
    assert _kinds(family) == {"haproxy": 1, "redis": 1, "node": 3}
    assert [port for port in t.ports if not listening(port)] == []  # the ports chosen
    stop_and_check(t, signal.SIGINT, family)


def test_ctrl_c_stops_the_tool_of_a_run_that_ignores_it(tool):
    """Regression: run as ``make test &`` from a script, the test run ignores SIGINT; a tool
    that inherited that ignored the test's Ctrl-C, and its wait for the tool timed out."""
    ignored = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        t = tool()
    finally:
        signal.signal(signal.SIGINT, ignored)
    family = until_sync(t.family, timeout=30, what="a node", check=lambda f: _kinds(f)["node"] >= 1)
    assert "SIGINT is ignored" not in t.output()
    stop_and_check(t, signal.SIGINT, family)


def test_sigterm_during_start_up_stops_what_started(tool):
    t = tool()
    # Redis is up and the nodes are starting: far from ready (a node takes most of a second).
    family = until_sync(t.family, timeout=30, what="a node", check=lambda f: _kinds(f)["node"] >= 1)
    stop_and_check(t, signal.SIGTERM, family)
    assert READY_LINE not in t.output()  # the signal did arrive during start-up


def test_a_killed_node_is_reaped_restarts_on_its_port_and_home_routes_to_it(tmp_path):
    with LocalCluster(tmp_path, env=NODE_ENV) as cluster:
        # ?home=nodeK goes to node K (the server names in deploy/haproxy.cfg are node ids)
        # while HAProxy holds it up: first, until its checks passed for every node (a node
        # just started on a busy machine may fail its first one)...
        everyone = ["node1", "node2", "node3"]
        # Started, every node hears the others beat: one that has not yet would send no
        # socket to a room's home there (right after start-up it often had not).
        assert [node.hears() for node in cluster.all_nodes] == [set(everyone)] * 3
        until_sync(
            lambda: [node_at(cluster.url, node) for node in everyone],
            timeout=30,
            what="HAProxy to hold every node up",
            check=lambda found: found == everyone,
        )
        for k in (1, 2, 3):
            assert [node_at(cluster.url, f"node{k}") for _ in range(5)] == [f"node{k}"] * 5
        # ...while without it, or with a home that names no server, least connections share
        # the requests out.
        seen = [until_sync(lambda: node_at(cluster.url), 10, "an answer") for _ in range(6)]
        assert len(set(seen)) > 1
        until_sync(
            lambda: node_at(cluster.url, "node9"),
            timeout=10,
            what="?home=node9 balanced as any request",
            check=lambda node: node in everyone,
        )

        # A node killed by SIGKILL is reaped at once: no zombie, its port free.
        node2 = cluster.node(2)
        assert node2.proc is not None
        killed = tree(node2.proc.pid)[0]
        node2.send(signal.SIGKILL)
        assert lingering(killed) is None
        assert not listening(node2.port)
        # Its home's clients are balanced to the other nodes meanwhile.
        until_sync(
            lambda: node_at(cluster.url, "node2"),
            timeout=15,
            what="?home=node2 served elsewhere",
            check=lambda node: node in {"node1", "node3"},
        )

        # Started again on the same port, it answers as node2, and HAProxy sends it its
        # clients again once its checks pass.
        port = node2.port
        assert cluster.restart_node(2) is node2
        assert node2.port == port and node_at(node2.url) == "node2"
        assert tree(node2.proc.pid)[0] != killed
        until_sync(
            lambda: node_at(cluster.url, "node2"),
            timeout=15,
            what="?home=node2 back on node2",
            check=lambda node: node == "node2",
        )

        # A running node restarted (gracefully here) is stopped and reaped first.
        running = tree(node2.proc.pid)[0]
        cluster.restart_node(2, signal.SIGTERM)
        assert lingering(running) is None
        assert node_at(node2.url) == "node2"
        family = [p for part in cluster.parts.values() for p in tree(part.proc.pid)]
        assert _kinds(family) == {"haproxy": 1, "redis": 1, "node": 3}
    assert_stopped(family)


def test_a_port_in_use_is_refused_before_anything_starts(tmp_path):
    """A cluster left behind (an HAProxy still listening) must not answer for a new one."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        cluster = LocalCluster(tmp_path, lb_port=port)
        with pytest.raises(RuntimeError, match=f"ports in use: \\[{port}\\]"):
            cluster.start()
        assert cluster.parts == {}


def _cluster_nodes(port: int) -> list[tuple[int, bool, str, int]]:
    """(port, primary, the primary's id or its own, slots) of each live process the Redis
    Cluster process on ``port`` knows."""
    said = subprocess.run(
        ["redis-cli", "-p", str(port), "cluster", "nodes"], capture_output=True, text=True
    ).stdout
    found = []
    for line in said.splitlines():
        words = line.split()
        if "fail" in words[2] or "fail?" in words[2]:
            continue
        slots = 0
        for spec in words[8:]:
            low, _, high = spec.partition("-")
            slots += int(high or low) - int(low) + 1
        primary = "master" in words[2].split(",")
        of = words[0] if primary else words[3]
        found.append((int(words[1].split(":")[1].split("@")[0]), primary, of, slots))
    return found


async def test_make_cluster_on_redis_cluster_has_a_spare_replica_and_waits_for_one(tmp_path):
    """``make cluster CLUSTER_REDIS=cluster`` (the tool's ``--redis-cluster``) is durable as
    the fail-over tests' cluster is: three primaries with a replica each and a spare replica
    (a promoted replica gets it from Redis, so writes that wait for a replica go on after a
    primary's kill -9), and every node acknowledges a write once a replica holds it. A room
    made through HAProxy is such a write; a SIGTERM stops every Redis process too."""
    from protocol.client import Client

    lb, *nodes = (free_port() for _ in range(4))
    tag = uuid.uuid4().hex
    env = {**os.environ, **NODE_ENV, TAG: tag}
    for name in ("REDIS_URL", "REDIS_WAIT_REPLICAS", "REDIS_CLUSTER_NODES"):
        env.pop(name, None)
    out = tmp_path / "tool.out"
    default = ",".join(str(int(sig)) for sig in STOP_SIGNALS)
    argv = ["env", f"--default-signal={default}", sys.executable, "-m", "tools.cluster"]
    argv += ["--port", str(lb), "--node-ports", ",".join(map(str, nodes)), "--redis-cluster"]
    with open(out, "wb") as sink:
        proc = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=sink, stderr=sink
        )
    redis_ports: list[int] = []
    try:
        said = until_sync(
            lambda: proc.poll() is None and READY_LINE in out.read_text() and out.read_text(),
            timeout=120,
            what="the tool's ready line",
            check=bool,
        )
        assert proc.poll() is None, out.read_text()
        line = next(row for row in said.splitlines() if READY_LINE in row)
        assert "a replica each, 1 spare replica; REDIS_WAIT_REPLICAS=1" in line, line
        url = line.split("redis+cluster://")[1].split()[0]
        redis_ports = [int(a.rsplit(":", 1)[1]) for a in url.split(",")]

        # Seven processes: three primaries serving every slot, four replicas, each primary
        # with one at least (one primary has two: Redis moves one to an orphaned primary).
        known = _cluster_nodes(redis_ports[0])
        assert sorted(p for p, *_ in known) == sorted(redis_ports) and len(known) == 7
        primaries = {ident: slots for _, primary, ident, slots in known if primary}
        assert len(primaries) == 3 and sum(primaries.values()) == 16384
        replicas = [of for _, primary, of, _ in known if not primary]
        assert sorted(replicas.count(p) for p in primaries) == [1, 1, 2]

        # Every node waits for a replica; a room is made (its creation waited for one).
        family = [p for p in tree(proc.pid) if p.cmdline.endswith("-m server")]
        assert len(family) == 3
        for p in family:
            assert b"REDIS_WAIT_REPLICAS=1" in Path(f"/proc/{p.pid}/environ").read_bytes()
        client = Client(f"ws://127.0.0.1:{lb}/ws")
        await client.connect()
        try:
            await client.new_player("Wren")
            room = await client.create([{"kind": "bot", "level": "easy"}] * 2, target=10)
            assert room
        finally:
            await client.close()
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(60) == -signal.SIGTERM, out.read_text()
        assert proc.stdin is not None
        proc.stdin.close()
    assert [p for p in [lb, *nodes, *redis_ports] if listening(p)] == []
