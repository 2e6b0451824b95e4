"""A protocol fuzzer against a live server process it starts itself (embedded store in a
temporary directory).

    .venv/bin/python bench/fuzz.py 5                 # five minutes
    .venv/bin/python bench/fuzz.py --seconds 20 --json report.json

Worker processes (niced, so they do not take the server's CPU) send batches that hypothesis
draws: every request type with valid, boundary and wrong values, refused MessagePack (bin,
ext, integer keys, deep nesting), mutated frames and raw bytes, floods, oversized frames,
half-open sockets and clients that never read. A probe plays an unrelated room meanwhile.
The run fails (exit 1) on a traceback or error in the server's log, a control room changed
by a refused batch, a room whose log holds what no accepted request asked for (or misses
what one did), a refusal code the error table of protocol/README.md does not list, a reply
missing or echoing an invalid id, or a socket not closed as documented. It prints what was
sent, the refusals by code, and the probe's action-to-patch latency without and with the
fuzzer (the same run, the same room).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests")]

from fuzzing import checks  # noqa: E402
from load import pid_usage  # noqa: E402

from tools.cluster import free_port  # noqa: E402

RATE, BURST = 200, 400  # the server's per-connection limit in this run
PACE = 150  # frames per second a worker's connection keeps under
PROBE_PACE = 0.04  # seconds between the probe's actions
STRAGGLE = 60.0  # seconds past its time after which a worker is killed (and reported)


def start_server(workdir: Path, port: int, seconds: float) -> subprocess.Popen:
    long = str(max(3600, int(seconds * 10)))  # nothing expires by itself during the run
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "REDIS_URL": "",
        "CARDROOM_DB": str(workdir / "cardroom.sqlite3"),
        "CARDROOM_RATE": str(RATE),
        "CARDROOM_BURST": str(BURST),
        "CARDROOM_BOT_DELAY": "0.2",
        "CARDROOM_GRACE_SECONDS": long,
        "CARDROOM_UNJOINED_SECONDS": long,
        "CARDROOM_ABANDONED_SECONDS": long,
        "CARDROOM_SOLVER_WORKERS": "1",
        "CARDROOM_BOT_WORKERS": "1",
        "CARDROOM_SOLVE_SECONDS": "1",
        # Every client here is 127.0.0.1: without this the address's room budget (100 per
        # ten minutes) would refuse the fuzzer's rooms and the probe's next match.
        "CARDROOM_ADDRESS_ROOMS": "1000000",
        "LOG_LEVEL": "warning",
    }
    log = open(workdir / "server.log", "ab")  # noqa: SIM115 (the process keeps it)
    proc = subprocess.Popen(
        [sys.executable, "-m", "server"], cwd=ROOT, env=env, stdout=log, stderr=log
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError((workdir / "server.log").read_text())
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/ready", timeout=1) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not become ready")


def python(code: str, *args: str, nice: int = 0) -> subprocess.Popen:
    """A child Python process running ``code`` with the repository and bench/ importable."""
    prefix = ["nice", "-n", str(nice)] if nice else []
    paths = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests")]  # tests: the view schemas
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    return subprocess.Popen([*prefix, sys.executable, "-c", code, *args], cwd=ROOT, env=env)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def loop_lag(port: int) -> float:
    """The server's worst event-loop lag over its last five seconds (from /metrics)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as r:
            for line in r.read().decode().splitlines():
                if line.startswith("cardroom_event_loop_lag_seconds "):
                    return float(line.split()[1])
    except OSError:
        pass
    return 0.0


def quantiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def q(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], 2)

    return {"n": len(ordered), "p50": q(0.5), "p99": q(0.99), "max": round(ordered[-1], 2)}


def run(seconds: float, workdir: Path, workers: int = 2) -> dict:
    """Fuzz for ``seconds`` (a quarter of it, at most a minute, is the probe alone first)."""
    baseline = min(60.0, max(4.0, seconds / 4))
    fuzzing = max(5.0, seconds - baseline)
    port = free_port()
    url = f"ws://127.0.0.1:{port}/ws"
    server = start_server(workdir, port, seconds)
    (workdir / "server.pid").write_text(str(server.pid))  # for a profiler (py-spy)
    children: list[subprocess.Popen] = []
    try:
        started_cpu, started_rss = pid_usage(server.pid)[0], rss_mib(server.pid)
        probe_out, stop = workdir / "probe.json", workdir / "probe.stop"
        children.append(
            python(
                "import sys; from fuzzing.probe import main; "
                "main(sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4])",
                url,
                str(stop),
                str(PROBE_PACE),
                str(probe_out),
            )
        )
        lag_alone = 0.0
        until = time.monotonic() + baseline
        while time.monotonic() < until:
            time.sleep(1.0)
            lag_alone = max(lag_alone, loop_lag(port))
        fuzz_start, cpu_before = time.time(), pid_usage(server.pid)[0]
        outs = [workdir / f"worker{i}.json" for i in range(workers)]
        code = (
            "import sys; from fuzzing.worker import main; main(sys.argv[1], sys.argv[2], "
            "float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), sys.argv[6])"
        )
        db = str(workdir / "cardroom.sqlite3")
        pool = [
            python(code, url, db, str(fuzzing), str(PACE), str(BURST), str(out), nice=10)
            for out in outs
        ]
        children += pool
        peak, lag_fuzzed = started_rss, 0.0
        overdue = time.monotonic() + fuzzing + STRAGGLE
        while any(p.poll() is None for p in pool) and time.monotonic() < overdue:
            peak = max(peak, rss_mib(server.pid))
            lag_fuzzed = max(lag_fuzzed, loop_lag(port))
            time.sleep(1.0)
        late = [i for i, p in enumerate(pool) if p.poll() is None]
        for i in late:  # a worker stuck in the fuzzer's own code: its report says so below
            pool[i].kill()
            pool[i].wait()
        fuzz_end, cpu_after = time.time(), pid_usage(server.pid)[0]
        time.sleep(1.0)
        stop.touch()
        children[0].wait(timeout=60)
        alive = server.poll() is None
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/ready", timeout=5) as r:
            ready = r.status == 200
        ended_rss = rss_mib(server.pid)
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    reports = []
    for i, out in enumerate(outs):
        if i in late:
            reports.append({"failures": [f"worker {i} was still at work {STRAGGLE:.0f} s late"]})
            continue
        try:
            reports.append(json.loads(out.read_text()))
        except (OSError, ValueError) as missing:
            reports.append({"failures": [f"a worker left no report: {missing!r}"]})
    probe = json.loads(probe_out.read_text())
    return judge(
        seconds=seconds,
        workers=workers,
        reports=reports,
        probe=probe,
        window=(fuzz_start, fuzz_end),
        workdir=workdir,
        server={
            "alive_after": alive,
            "ready_after": ready,
            "cpu_fuzzing": round((cpu_after - cpu_before) / (fuzz_end - fuzz_start), 2),
            "cpu_total_s": round(cpu_after - started_cpu, 1),
            "rss_mib": {"start": round(started_rss), "peak": round(peak), "end": round(ended_rss)},
            "worst_loop_lag_ms": {
                "without_fuzzer": round(1000 * lag_alone, 1),
                "with_fuzzer": round(1000 * lag_fuzzed, 1),
            },
        },
    )


def judge(seconds, workers, reports, probe, window, workdir, server) -> dict:
    def total(key: str) -> Counter:
        return sum((Counter(r.get(key, {})) for r in reports), Counter())

    failures = [f for r in reports for f in r.get("failures", [])]
    documented = checks.documented_codes()
    refusals = total("refusals")
    undocumented = sorted(set(refusals) - documented)
    if undocumented:
        failures.append(f"refusal codes not in protocol/README.md's error table: {undocumented}")
    problems, levels = checks.log_problems(workdir / "server.log")
    failures += [f"server log: {p}" for p in problems[:20]]
    accounts = checks.room_accounts(
        workdir / "cardroom.sqlite3", [r for r in reports if "created" in r], set(probe["rooms"])
    )
    failures += accounts.pop("failures")[:20]
    if not server["alive_after"] or not server["ready_after"]:
        failures.append(f"the server is not well after the run: {server}")
    if probe["errors"]:
        failures.append(f"the probe failed: {probe['errors']}")
    windows = [r["window"] for r in reports if r.get("window", [0, 0])[0]]
    start, end = (min(w[0] for w in windows), max(w[1] for w in windows)) if windows else window
    before = [ms for at, ms in probe["samples"] if at < start]
    during = [ms for at, ms in probe["samples"] if start <= at <= end]
    sent = total("sent")
    return {
        "seconds": seconds,
        "workers": workers,
        "fuzzing_seconds": round(end - start, 1),
        "frames_sent": sum(sent.values()),
        "sent_by_kind": dict(sent.most_common()),
        "requests_by_type": dict(total("types").most_common()),
        "oks": dict(total("oks").most_common()),
        "refusals": dict(refusals.most_common()),
        "closes": dict(total("closes").most_common()),
        "unread_kib": sorted(n >> 10 for r in reports for n in r.get("unread", [])),
        "batches": sum(r.get("batches", 0) for r in reports),
        "control_checks": sum(r.get("control_checks", 0) for r in reports),
        "views_checked": sum(r.get("views_checked", 0) for r in reports),
        "rooms": accounts,
        "server_log_levels": dict(levels),
        "server": server,
        "latency_ms": {"without_fuzzer": quantiles(before), "with_fuzzer": quantiles(during)},
        "fuzzer_errors": [e for r in reports for e in r.get("fuzzer_errors", [])][:5],
        "engine_restarts": dict(total("engine_restarts")),
        "failures": failures,
        "failure_count": len(failures)
        + sum(max(0, r.get("failure_count", 0) - len(r.get("failures", []))) for r in reports),
    }


def show(report: dict) -> None:
    lat = report["latency_ms"]
    print(f"fuzzing {report['fuzzing_seconds']} s, {report['workers']} workers (nice 10)")
    print(f"frames sent: {report['frames_sent']}  batches: {report['batches']}")
    print(f"  by kind: {report['sent_by_kind']}")
    print(f"  requests by type: {report['requests_by_type']}")
    print(f"accepted: {report['oks']}")
    print(f"refusals by code: {report['refusals']}")
    print(f"closes: {report['closes']}")
    print(
        f"  bytes waiting for each client that never read, read at the end (KiB): "
        f"{report['unread_kib']}"
    )
    print(f"control-room checks: {report['control_checks']}  rooms: {report['rooms']}")
    print(
        f"views rebuilt from patches and checked against protocol/schemas: "
        f"{report['views_checked']}"
    )
    print(f"server: {report['server']}  log levels: {report['server_log_levels']}")
    for name, q in lat.items():
        print(f"probe action -> opponent's patch, {name.replace('_', ' ')}: {q} ms")
    print(f"load average now: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if report["engine_restarts"]:
        cut = report["engine_restarts"]
        print(f"hypothesis runs cut short (the fuzzer's doing, not the server's): {cut}")
    for error in report["fuzzer_errors"]:
        print(f"fuzzer error (not the server's): {error}")
    if report["failures"]:
        print(f"FAILURES ({report['failure_count']}):")
        for failure in report["failures"]:
            print(f"  {failure}")
    else:
        print("no failures")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("minutes", nargs="?", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, help="instead of minutes")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", help="also write the report here")
    parser.add_argument("--keep", help="keep the server's directory (log, store) here")
    args = parser.parse_args()
    seconds = args.seconds if args.seconds is not None else 60 * args.minutes
    if args.keep:
        workdir = Path(args.keep)
        workdir.mkdir(parents=True, exist_ok=True)
        report = run(seconds, workdir, args.workers)
    else:
        with tempfile.TemporaryDirectory(prefix="cardroom-fuzz-") as tmp:
            report = run(seconds, Path(tmp), args.workers)
    show(report)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))
    sys.exit(1 if report["failures"] else 0)


if __name__ == "__main__":
    main()
