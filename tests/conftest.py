"""What the tests of every kind share: a real server process (``server`` for one test,
``web_server`` for a module's), the store contract's fixtures (tests/stores.py), protocol
clients closed after each test, and the run's check that no process it started outlives it.

The tests are grouped by kind, each folder with a conftest of its own:

- ``rules/``: the engines, the bots, the solver, ratings, reviews, hindsight: pure functions.
- ``store/``: the store contract on both stores, and Redis's own behaviour (slots, Sentinel,
  lost writes).
- ``host/``: the room host and the services in one process, timers in fake time
  (tests/host_harness.py).
- ``wire/``: the protocol, its frames, messages and schemas, in one process.
- ``source/``: what is checked of the code itself: the layers, the settings, where seeds come
  from, the web client's catalogues and its QR encoder (run in Node).
- ``e2e/``: real server processes, real WebSocket and HTTP clients.
- ``browser/``: the web client in Debian's chromium against a real server.
- ``cluster/``: several nodes behind HAProxy on one Redis, and ``make cluster``'s tool.

The helpers (browser.py, e2e_play.py, servers.py, waiting.py...) stay here, importable by
their module name from every folder (pyproject.toml: ``pythonpath``), and from the bench
scripts that put tests/ on their path."""

from __future__ import annotations

import contextlib
import inspect
import multiprocessing.forkserver
import multiprocessing.resource_tracker
import os
import signal
import uuid

import pytest
from hypothesis import settings
from processes import MARK, started_by_run, survivors
from servers import ServerProcess, env_for

# No deadline on any example: how long an example takes is the benches' business, not a
# test's (a first example that fills a cache, or a machine busy with the other worker, would
# fail a property that holds).
settings.register_profile("cardroom", deadline=None)
settings.load_profile("cardroom")

pytest_plugins = ["stores"]  # the store contract's fixtures: store/, and tests of other kinds


@pytest.fixture
def server_env(tmp_path):
    return env_for(tmp_path)


@pytest.fixture
def server(server_env):
    """A server process of the test's own, killed after it (as ``make_server``'s are: a
    graceful stop takes half a second, and what a stop does is tested where it is asked
    for; its workers go with it, test_processes.py)."""
    proc = ServerProcess(server_env).start()
    yield proc
    proc.stop(signal.SIGKILL)


@pytest.fixture(scope="module")
def web_server(tmp_path_factory):
    """``web_server(**env)`` starts a server process with the tests' settings
    (servers.env_for) and ``env`` over them, for the tests of a module: each is stopped after
    the module's last test. For tests whose rooms and players are their own (a server one
    test shares with the next must not make one depend on the other)."""
    started: list[ServerProcess] = []

    def start(**env: str) -> ServerProcess:
        proc = ServerProcess(env_for(tmp_path_factory.mktemp("server"), **env)).start()
        started.append(proc)
        return proc

    yield start
    for proc in started:
        proc.stop()


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
    """Fail the run if a process it started outlives it (a server, a worker, a browser).

    Under pytest-xdist every worker shares the run's mark, so only the controller looks, once
    every worker has ended: a worker that finished first would take the processes of the
    tests still running on the others for strays."""
    # In-process apps (TestClient) start this process's fork server and resource tracker,
    # which would only end with it: stop them first (the stdlib's own tests do the same).
    multiprocessing.forkserver._forkserver._stop()
    multiprocessing.resource_tracker._resource_tracker._stop()
    if hasattr(session.config, "workerinput"):
        return
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


# The tests that start whole clusters of processes (nodes, HAProxy, Redis primaries, replicas
# and Sentinels): under pytest-xdist (make test) they run one after another on one worker,
# as they would alone, while the other worker runs the rest; two of them at once on a small
# machine would only slow each other's fail-overs past their deadlines.
CLUSTERS = ("cluster/", "store/test_sentinel.py", "store/test_lost_writes.py")


def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        path = item.path.relative_to(config.rootpath / "tests").as_posix()
        if path.startswith(CLUSTERS):
            item.add_marker(pytest.mark.xdist_group("clusters"))
