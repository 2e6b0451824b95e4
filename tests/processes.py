"""Processes seen through /proc: a process tree, and the processes a test run started."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path

from waiting import until_sync

MARK = "CARDROOM_TEST_RUN"
"""Set in the test run's environment: every process the run starts inherits it."""


@dataclass(frozen=True)
class Proc:
    pid: int
    started: int  # clock ticks since boot: with the pid, names one process for good
    cmdline: str


def _stat(pid: int) -> tuple[int, str, int] | None:
    """(parent pid, state, start time) of a process, or None when it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2 :].split()  # the name in parentheses may hold spaces
    return int(fields[1]), fields[0], int(fields[19])


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return ""


def _pids() -> list[int]:
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


def tree(root: int) -> list[Proc]:
    """``root`` and every process descended from it, now."""
    parents: dict[int, list[int]] = {}
    stats = {}
    for pid in _pids():
        stat = _stat(pid)
        if stat is not None:
            stats[pid] = stat
            parents.setdefault(stat[0], []).append(pid)
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        if pid in stats:
            found.append(Proc(pid, stats[pid][2], _cmdline(pid)))
        todo.extend(parents.get(pid, []))
    return found


def alive(proc: Proc) -> bool:
    """The same process (not a new one with a reused pid) still runs (zombies are dead)."""
    stat = _stat(proc.pid)
    return stat is not None and stat[2] == proc.started and stat[1] not in "ZX"


def survivors(procs: list[Proc], within: float) -> list[Proc]:
    """The processes of ``procs`` still alive after waiting up to ``within`` seconds."""
    with contextlib.suppress(AssertionError):  # some outlived the wait: they are the answer
        until_sync(lambda: not any(alive(p) for p in procs), within, "the processes to end")
    return [p for p in procs if alive(p)]


def started_by_run(mark: str) -> list[Proc]:
    """Live processes whose environment carries ``MARK=mark``, other than this one."""
    needle = f"{MARK}={mark}".encode()
    found = []
    for pid in _pids():
        if pid == os.getpid():
            continue
        try:
            env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        stat = _stat(pid)
        if needle in env and stat is not None and stat[1] not in "ZX":
            found.append(Proc(pid, stat[2], _cmdline(pid)))
    return found


def run_group(argv: list[str], timeout: float, **options) -> subprocess.CompletedProcess:
    """``subprocess.run(argv, capture_output=True, text=True)`` in a process group of its
    own, the whole group killed when ``timeout`` passes (then TimeoutExpired is raised).

    For a bench script that starts a server and workers of its own: ``subprocess.run``
    kills only the script on a timeout, so its ``finally`` never runs and what it started
    goes on burning the machine's two cores for the rest of the suite."""
    proc = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        **options,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        raise subprocess.TimeoutExpired(argv, timeout, out, err) from None
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)
