"""Worker processes for heavy work off the event loop: the bot pool and the solver pool.

Both start from a fork server, not by forking the server process, so they never inherit its
listening socket or its connections.

**They die with the server.** A pool's workers are children of the fork server, and the
fork server lives as long as any worker holds its "alive" pipe; the workers themselves wait
forever on a call queue whose other end nobody will ever write. So when the server dies
without shutting its pools down (SIGKILL, the OOM killer, a container runtime that only
kills PID 1), the whole family would live on. ``PR_SET_PDEATHSIG`` cannot help on its own:
it fires when the *parent* dies, and a worker's parent is the fork server, which does not
die. Instead every worker watches the server process itself through a pidfd (Linux >= 5.3,
``os.pidfd_open``): one daemon thread blocks in ``select`` on it and ends the worker the
moment the server is gone, whatever killed it. No polling, no signal races; once the
workers are gone the fork server sees its alive pipe close and exits, and the resource
tracker, whose pipe the whole family held, reads EOF and exits too.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import select
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

PRELOAD = ["server.games.gin_rummy.bots", "server.games.solitaire.hints", "server.services.replays"]
"""Modules the fork server imports once, so every worker starts with them loaded."""


def _exit_with(server_pid: int) -> None:
    """End this process as soon as ``server_pid`` exits."""
    try:
        fd = os.pidfd_open(server_pid)
    except ProcessLookupError:  # the server is already gone
        os._exit(0)

    def wait() -> None:
        select.select([fd], [], [])  # a pidfd becomes readable when its process exits
        os._exit(0)

    threading.Thread(target=wait, name="server-watch", daemon=True).start()


def _start_worker(server_pid: int, niceness: int) -> None:
    _exit_with(server_pid)
    os.nice(niceness)


def pool(workers: int, niceness: int) -> ProcessPoolExecutor:
    """A process pool whose workers run at ``niceness`` and exit with this process."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)  # one fork server serves every pool
    return ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(os.getpid(), niceness),
    )


def start_all(pool: ProcessPoolExecutor) -> list[int]:
    """Start every worker of ``pool`` now and wait for them (from a thread); the pids of
    the pool's workers.

    A pool on the fork server starts a worker only for a task that finds none idle, so a
    few quick tasks can start fewer workers than it has: on a busy machine the first worker
    may be done with its task before the next task is handed in, and the pool stays one
    short until two tasks meet (a flaky test counted the processes). Before its first task,
    a pool can start them all at once, as it does under the fork method (CPython's
    ``_launch_processes``, used only while no task has been handed in)."""
    with pool._shutdown_lock:
        if pool._executor_manager_thread is None and hasattr(pool, "_launch_processes"):
            pool._launch_processes()
    for future in [pool.submit(os.getpid) for _ in range(pool._max_workers)]:
        future.result()
    return sorted(pool._processes)


def stop_all(pool: ProcessPoolExecutor, within: float = 5.0) -> None:
    """Stop ``pool`` now: its queued tasks cancelled and its workers ended mid-task, not
    waited for. What a worker is computing (a bot's move, a solve, a replay's frames) is of no
    use to a server that stops: its rooms go to another node, which asks again. Waiting was
    what a stop did before, and a bot thinking at nice 19 on a busy machine held a SIGTERM
    past its 15 s (a test saw the server killed).

    It returns once the pool's manager thread has ended too (within ``within``): that thread
    holds the pool's queues, whose semaphores are given back to the resource tracker only
    when they are freed. A server stopped by a signal never runs ``atexit`` (uvicorn raises
    the signal again once it has shut down, with the default handler back in place), so
    queues still held then were reported by the tracker as leaked, in plain text in the
    log (a test saw it after a stop just after start-up, on a busy machine)."""
    processes = list((pool._processes or {}).values())
    manager = pool._executor_manager_thread  # gone from the pool once it is shut down
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(within)
    if manager is not None:
        manager.join(within)


def bot_pool(workers: int) -> ProcessPoolExecutor:
    """Workers for the heavy bot levels. Bots think at the lowest CPU priority (nice 19):
    every player's moves and diffs go first. Not SCHED_IDLE: on a machine busy with anything
    else, that starves bots outright (seen: a hard bot that never moved while two other
    processes kept both cores busy)."""
    return pool(workers, 19)


def solver_pool(workers: int) -> ProcessPoolExecutor:
    """Workers for the solitaire solver (hints, "can this still be won?", winnable deals).
    Their own pool: a hint must not wait behind an expert bot's think. Nice 5: a player's
    move on the event loop still goes first."""
    return pool(workers, 5)


WARM_SECONDS = 10.0
"""How long a stop waits for workers still starting (about half a second, idle)."""


class Pools:
    """A node's bot and solver pools: made at once, their workers started in a thread beside
    the serving node (:meth:`start`; ``also``: more to start there), stopped with it."""

    def __init__(self, bots: int, solvers: int, also: Callable[[], None] = lambda: None) -> None:
        self.bots = bot_pool(bots)
        self.solvers = solver_pool(solvers)
        self.also = also
        self.warming: asyncio.Future | None = None

    def start(self) -> None:
        """Start every worker now, not at the first expert move or hint: in a thread, so
        that their start (about half a second: a fork server importing the engines) neither
        holds the loop nor keeps the node from serving (what asks a worker waits for it)."""
        self.warming = asyncio.ensure_future(asyncio.to_thread(self._warm))

    def _warm(self) -> None:
        start_all(self.bots)
        start_all(self.solvers)
        self.also()

    async def stop(self) -> None:
        """Stop both pools at once (:func:`stop_all`), once the workers still starting (a stop
        just after start-up) have started: stopped mid-start, their queues' semaphores were
        left to the resource tracker, whose warning broke the log's one-JSON-line format."""
        if self.warming is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self.warming), WARM_SECONDS)
        stop_all(self.bots)
        stop_all(self.solvers)
