"""A real cardroom server process on a free port, and the settings tests run it with.

The fixtures that start one (``server``, ``web_server``, ``make_server``) are in the
conftests; tests that start one themselves, and the bench scripts (bench/hints.py,
bench/loop_lag.py, bench/screens.py), import :class:`ServerProcess` and :func:`env_for` from
here (never from a conftest: each folder of tests has its own)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from waiting import until_sync

from tools.cluster import free_port

ROOT = Path(__file__).resolve().parent.parent


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

        def ready() -> bool:
            if self.proc.poll() is not None:
                self.log.close()
                raise RuntimeError(f"server exited: {Path(self.env['LOG_FILE']).read_text()}")
            try:
                with urllib.request.urlopen(f"{self.http}/ready", timeout=1) as r:
                    return r.status == 200
            except OSError:  # not listening yet, or not ready (503)
                return False

        until_sync(ready, 30, "the server to be ready")
        return self

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
        try:
            with urllib.request.urlopen(f"{self.http}{path}", timeout=self.TIMEOUT) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())


def env_for(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The settings a test server runs with, its files in ``tmp_path``; ``extra`` over them."""
    return {
        "CARDROOM_DB": str(tmp_path / "cardroom.sqlite3"),
        "CARDROOM_BOT_DELAY": "0",
        "CARDROOM_GRACE_SECONDS": "60",
        "LOG_FILE": str(tmp_path / "server.log"),
        "LOG_LEVEL": "warning",
        "REDIS_URL": "",
        # Scripted players act far faster than people; the flood test sets its own limit.
        "CARDROOM_RATE": "2000",
        # ...and one after another, each waiting for the answer to the last: the spacing of a
        # busy store's batches (tested in tests/store/test_embedded_batches.py) would hold
        # each of their moves back (a quarter more time for the e2e tests of the players).
        "CARDROOM_COMMIT_MS": "0",
        "CARDROOM_ADDRESS_ROOMS": "100000",  # every test client comes from 127.0.0.1
        "CARDROOM_ADDRESS_PLAYERS": "100000",
        "CARDROOM_BURST": "4000",
        # One solver worker, and a 1 s budget for "can this still be won?".
        "CARDROOM_SOLVER_WORKERS": "1",
        "CARDROOM_SOLVE_SECONDS": "1",
        **extra,
    }
