"""The protocol fuzzer (bench/fuzz.py) against a live server: 20 seconds in every run, a
minute under the slow mark. It fails on any fault it finds (see its docstring); here the
run must also have reached what it claims to test."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from processes import run_group

ROOT = Path(__file__).resolve().parents[2]


def fuzz(seconds: int, tmp_path: Path) -> dict:
    out = tmp_path / "report.json"
    run = run_group(
        [sys.executable, "bench/fuzz.py", "--seconds", str(seconds), "--json", str(out)],
        timeout=seconds + 240,
        cwd=ROOT,
    )
    print(run.stdout[-6000:], run.stderr[-3000:])
    report = json.loads(out.read_text())
    assert report["failures"] == [], report["failures"]
    assert run.returncode == 0
    assert "Warning" not in run.stderr
    return report


def reached_everything(report: dict) -> None:
    kinds = report["sent_by_kind"]
    for kind in ("requests", "structural", "mutated", "flood", "oversize", "slow_reader"):
        assert kinds.get(kind, 0) > 0, kind
    assert {"half_open:tcp", "half_open:http", "half_open:frame", "half_open:idle"} <= set(kinds)
    assert report["closes"].get("flood:1008", 0) >= 2  # one flood per worker at least
    assert report["closes"].get("oversize:1009", 0) >= 4
    refusals = report["refusals"]
    for code in ("bad_frame", "bad_field", "unknown_type", "hello_first", "flood", "no_room"):
        assert refusals.get(code, 0) > 0, code
    assert len(refusals) >= 15
    assert set(report["requests_by_type"]) >= {"act", "create", "join", "watch", "lobby"}
    assert report["oks"].get("create", 0) > 0 and report["rooms"]["joins"] > 0
    assert report["control_checks"] > 50 and report["views_checked"] > 0
    assert report["latency_ms"]["without_fuzzer"]["n"] > 10
    assert report["latency_ms"]["with_fuzzer"]["n"] > 10


def test_a_padded_ping_has_exactly_the_size_asked_for():
    """Oversized frames are pings padded to a size; a string's header grows by one or two
    bytes at 32, 256 and 65 536 characters, and a padding that chased such a size looped
    for ever (a worker of a full run spun for ten minutes on MAX_FRAME + 22)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import msgpack
    from fuzzing.frames import padded_ping

    from protocol.codec import MAX_FRAME

    sizes = [*range(20, 600), *range(MAX_FRAME - 64, MAX_FRAME + 4160)]
    for size in sizes:
        frame = padded_ping(size)
        assert len(frame) == size, size
        assert msgpack.unpackb(frame)["t"] == "ping"  # past MAX_FRAME: the server's unpack refuses


def test_twenty_seconds_of_fuzzing_find_no_fault(tmp_path):
    reached_everything(fuzz(20, tmp_path))


@pytest.mark.slow
def test_a_minute_of_fuzzing_finds_no_fault(tmp_path):
    reached_everything(fuzz(60, tmp_path))
