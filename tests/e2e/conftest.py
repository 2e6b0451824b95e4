"""End to end: real server processes (one node, or several on the machine's Redis), real
WebSocket and HTTP clients, in the order a client sends.

``server`` (tests/conftest.py) is a node of the test's own with the tests' settings;
``make_server(env)`` starts nodes with settings of the test's own (``server_env`` or
``redis_env`` and what it changes), killed after the test if it did not stop them."""

from __future__ import annotations

import signal
import uuid

import pytest
from servers import ServerProcess, env_for, free_port


@pytest.fixture
def redis_env(tmp_path):
    """Server settings on the machine's Redis with a key prefix of their own, removed after."""
    prefix = f"cardroom-test:{uuid.uuid4().hex}"
    yield env_for(tmp_path, REDIS_URL="redis://127.0.0.1:6379/0", REDIS_PREFIX=prefix)
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
