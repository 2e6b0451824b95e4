"""Run a command-line batch (tournament matches, solver deals) on one or more cores, with a
progress bar on stderr."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def progress(done: int, total: int, started: float, unit: str) -> None:
    width = 30
    filled = width * done // total
    elapsed = time.monotonic() - started
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}"
        f"  {elapsed:6.0f}s elapsed, ~{eta:5.0f}s left"
    )
    sys.stderr.flush()
    if done == total:
        sys.stderr.write("\n")


def run_all(task: Callable[[Any], Any], work: Sequence[Any], jobs: int, unit: str) -> list[Any]:
    """``[task(w) for w in work]``, in order, on ``jobs`` processes (``task`` must pickle)."""
    started = time.monotonic()
    results: list[Any] = []
    if jobs <= 1:
        for item in work:
            results.append(task(item))
            progress(len(results), len(work), started, unit)
        return results
    with ProcessPoolExecutor(jobs) as pool:
        for result in pool.map(task, work, chunksize=1):
            results.append(result)
            progress(len(results), len(work), started, unit)
    return results
