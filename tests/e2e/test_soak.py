"""The soak (bench/soak.py) for a minute under the slow mark: players drop and come back with
their actions in flight, rooms open, finish and are abandoned all the time; nothing is lost or
applied twice, and the server gives back its rooms and tasks when the players are gone."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from processes import run_group

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_minute_of_soak_loses_nothing_and_leaves_nothing_behind(tmp_path):
    out = tmp_path / "soak.json"
    soak = ["bench/soak.py", "--minutes", "1", "--rooms", "20", "--bots", "4"]
    run = run_group([sys.executable, *soak, "--json", str(out)], timeout=600, cwd=ROOT)
    print(run.stdout, run.stderr[-3000:])
    assert run.returncode == 0
    report = json.loads(out.read_text())
    assert report["errors"] == {}
    stats = report["stats"]
    assert stats["actions"] > 500 and stats["retries"] > 5 and stats["resumes"] > 10
    # Every retried action was the same command: applied once, answered as a duplicate.
    assert stats["duplicates"] == stats["retries"]
    assert report["acknowledged"] == stats["actions"]
    assert report["lost_or_doubled"] == 0 and report["doubled_in_log"] == 0
    after, before = report["after"], report["before"]
    assert after["rooms"] == 0 and after["connections"] == 0
    assert after["tasks"] <= before["tasks"] + 2
    assert after["rss_mib"] <= report["warm"]["rss_mib"] + 30
