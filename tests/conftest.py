"""Fixtures that start a real cardroom server process on a free port."""

from __future__ import annotations

import contextlib
import inspect
import multiprocessing.forkserver
import multiprocessing.resource_tracker
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from processes import MARK, started_by_run, survivors

ROOT = Path(__file__).resolve().parent.parent
pytest_plugins = ["stores"]  # the store contract's fixtures, for tests/test_store_*.py


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class ServerProcess:
    env: dict[str, str]
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen | None = None
    module: str = "server"
    """What ``python -m`` runs: the server, or a tool that serves it (``tools.relay``)."""

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        env = {**os.environ, **self.env, "PORT": str(self.port), "HOST": "127.0.0.1"}
        self.log = open(self.env["LOG_FILE"], "ab")  # noqa: SIM115 (kept open for the process)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", self.module], cwd=ROOT, env=env, stdout=self.log, stderr=self.log
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.log.close()
                raise RuntimeError(f"server exited: {Path(self.env['LOG_FILE']).read_text()}")
            try:
                with urllib.request.urlopen(f"{self.http}/ready", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("server did not become ready")

    def stop(self, sig: int = signal.SIGTERM) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        return self.proc.returncode

    # A request's answer may be work the server makes on demand (a review: a few seconds of
    # one core, longer on a busy machine), so the wait is long; a server that is down fails
    # at once (connection refused), not after it.
    TIMEOUT = 60

    def raw(self, path: str) -> bytes:
        with urllib.request.urlopen(f"{self.http}{path}", timeout=self.TIMEOUT) as r:
            return r.read()

    def get(self, path: str):
        import json

        try:
            with urllib.request.urlopen(f"{self.http}{path}", timeout=self.TIMEOUT) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        "CARDROOM_DB": str(tmp_path / "cardroom.sqlite3"),
        "CARDROOM_BOT_DELAY": "0",
        "CARDROOM_GRACE_SECONDS": "60",
        "LOG_FILE": str(tmp_path / "server.log"),
        "LOG_LEVEL": "warning",
        "REDIS_URL": "",
        # Scripted players act far faster than people; the flood test sets its own limit.
        "CARDROOM_RATE": "2000",
        "CARDROOM_ADDRESS_ROOMS": "100000",  # every test client comes from 127.0.0.1
        "CARDROOM_ADDRESS_PLAYERS": "100000",
        "CARDROOM_BURST": "4000",
        # One solver worker, and a 1 s budget for "can this still be won?".
        "CARDROOM_SOLVER_WORKERS": "1",
        "CARDROOM_SOLVE_SECONDS": "1",
        **extra,
    }


@pytest.fixture
def server_env(tmp_path):
    return _env(tmp_path)


@pytest.fixture
def server(server_env):
    proc = ServerProcess(server_env).start()
    yield proc
    proc.stop()


@pytest.fixture
def redis_env(tmp_path):
    """Server environment on the machine's Redis with a key prefix of its own, removed after."""
    prefix = f"cardroom-test:{uuid.uuid4().hex}"
    yield _env(tmp_path, REDIS_URL="redis://127.0.0.1:6379/0", REDIS_PREFIX=prefix)
    import redis

    client = redis.Redis(host="127.0.0.1", port=6379, db=0)
    keys = list(client.scan_iter(match=f"{prefix}:*"))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture
def make_server():
    started: list[ServerProcess] = []

    def make(env: dict[str, str], port: int | None = None, module: str = "server") -> ServerProcess:
        proc = ServerProcess(env, port or free_port(), module=module)
        started.append(proc.start())
        return proc

    yield make
    for proc in started:
        if proc.proc is not None and not proc.log.closed:
            proc.stop(signal.SIGKILL)


@pytest.fixture
async def _close_async_clients():
    from e2e_play import OPEN

    yield
    while OPEN:
        await OPEN.pop().close()


@pytest.fixture(autouse=True)
def close_clients(request):
    """Close every protocol client a test opened, so no socket outlives its test.

    Only async tests get the event loop this needs: the browser tests drive Playwright's
    sync API, which refuses to run where an asyncio loop is set up around the test."""
    if inspect.iscoroutinefunction(request.function):
        request.getfixturevalue("_close_async_clients")
    yield


def pytest_configure(config) -> None:
    """Mark this run's environment: every process a test starts inherits the mark."""
    os.environ.setdefault(MARK, uuid.uuid4().hex)


def pytest_sessionfinish(session, exitstatus) -> None:
    """Fail the run if a process it started outlives it (a server, a worker, a browser)."""
    # In-process apps (TestClient) start this process's fork server and resource tracker,
    # which would only end with it: stop them first (the stdlib's own tests do the same).
    multiprocessing.forkserver._forkserver._stop()
    multiprocessing.resource_tracker._resource_tracker._stop()
    strays = survivors(started_by_run(os.environ[MARK]), within=10.0)
    if not strays:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    lines = [f"{p.pid}: {p.cmdline[:160]}" for p in strays]
    if reporter is not None:
        reporter.write_line(f"processes started by the tests outlived them ({len(strays)}):")
        for line in lines:
            reporter.write_line(f"  {line}")
    for p in strays:  # leave the machine clean all the same
        with contextlib.suppress(OSError):
            os.kill(p.pid, signal.SIGKILL)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="module")
def chromium():
    """Debian's chromium (never a downloaded browser), one per test module."""
    from browser import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: `make test` installs it"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
