"""A server that dies leaves no processes behind: its bot and solver workers, their fork
server and the resource tracker exit with it, however it died. A bench script the tests run
takes what it started with it when it runs out of time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import weakref

import pytest
from processes import run_group, survivors, tree
from servers import ServerProcess
from waiting import until_sync

from server import workers


def _all_seven(family: list) -> bool:
    return len(family) >= 7


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "term"])
def test_every_process_of_a_server_exits_with_it(server_env, sig):
    server = ServerProcess({**server_env, "CARDROOM_BOT_WORKERS": "2"}).start()
    # The workers start beside the serving node: wait until the two bot workers, the solver's
    # and the replay frames' are there too.
    family = until_sync(lambda: tree(server.proc.pid), what="the workers", check=_all_seven)
    commands = " ".join(p.cmdline for p in family)
    # The server, one fork server, its workers (bots, solver, frames), the resource tracker.
    assert len(family) >= 7, commands
    assert "multiprocessing.forkserver" in commands
    assert "multiprocessing.resource_tracker" in commands
    server.stop(sig)
    left = survivors(family, within=5.0)
    assert left == [], [p.cmdline for p in left]


# A script and its child that both wait for ever (until killed).
SCRIPT_WITH_A_CHILD = """
import signal, subprocess, sys
child = subprocess.Popen([sys.executable, "-c", "import signal; signal.pause()"])
print(child.pid, flush=True)
signal.pause()
"""


def test_a_script_that_runs_out_of_time_takes_its_children_with_it():
    started = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired) as timed_out:
        run_group([sys.executable, "-c", SCRIPT_WITH_A_CHILD], timeout=3)
    assert time.monotonic() - started < 30
    child = int(timed_out.value.output.split()[0])
    # subprocess.run's own timeout kills the script alone: its child would be found here.
    left = survivors([p for p in tree(child) if p.pid == child], within=5.0)
    assert left == [], [p.cmdline for p in left]


def test_a_pool_started_at_once_has_all_its_workers():
    # Quick tasks alone can leave a fork-server pool a worker short (one done before the
    # next task comes); start_all starts each one.
    pool = workers.pool(3, 0)
    try:
        pids = workers.start_all(pool)
        assert len(pids) == 3 and all(os.path.exists(f"/proc/{pid}") for pid in pids)
    finally:
        pool.shutdown()


def test_a_pool_stopped_ends_its_workers_mid_task_without_waiting():
    # A stopping server has no use for a bot's move or a solve under way: a worker thinking
    # at nice 19 on a busy machine once held a SIGTERM past its 15 s. The task here would
    # take a minute; the stop ends it at once, and the worker with it.
    pool = workers.pool(1, 19)
    pids = workers.start_all(pool)
    task = pool.submit(time.sleep, 60)
    until_sync(task.running, 10, "the task to start")
    started = time.monotonic()
    workers.stop_all(pool)
    assert time.monotonic() - started < 30  # far from the task's minute
    assert not any(_alive(pid) for pid in pids)
    assert task.cancelled() or task.exception(timeout=10) is not None


@pytest.mark.parametrize("busy", [False, True], ids=["idle", "mid-task"])
def test_a_pool_stopped_has_freed_its_queues_when_the_stop_returns(busy):
    # A server stopped by a signal never runs atexit (uvicorn raises the signal again once
    # it has shut down), so a queue's semaphores are given back to the resource tracker only
    # if the queue was freed before: one still held by the pool's manager thread was
    # reported as leaked, in plain text in the JSON log.
    pool = workers.pool(1, 0)
    workers.start_all(pool)
    if busy:
        task = pool.submit(time.sleep, 60)
        until_sync(task.running, 10, "the task to start")
    queues = [weakref.ref(pool._call_queue), weakref.ref(pool._result_queue)]
    workers.stop_all(pool)
    assert [queue() for queue in queues] == [None, None]


def _alive(pid: int) -> bool:
    """A process that still runs (not gone, not a zombie: an ended child lingers until reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
