"""What a fuzzing run is judged by, after it: the codes the protocol documents, the server's
log, and every room's log in the store against the accepted requests."""

from __future__ import annotations

import importlib
import json
import re
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "protocol" / "README.md"


def documented_codes(readme: Path = README) -> set[str]:
    """The error codes of the README's error table: the codes in its first column, and for
    the row of engine codes the ``REFUSALS`` tables of the modules that row names."""
    text = readme.read_text()
    table = text.split("## Errors", 1)[1]
    codes: set[str] = set()
    for line in table.splitlines()[1:]:
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if not cells or set(cells[0]) <= {"-", " "} or cells[0] == "code":
            continue
        if cells[0] == "engine codes":
            rest = " ".join(cells[1:])
            codes |= set(re.findall(r"`([a-z_]+)`", rest))
            for path in re.findall(r"`(server/[\w/]+\.py)`", rest):
                module = importlib.import_module(path[:-3].replace("/", "."))
                codes |= set(module.REFUSALS)
        else:
            codes |= set(re.findall(r"`([a-z_0-9]+)`", cells[0]))
    return codes


def log_problems(path: Path) -> tuple[list[str], Counter[str]]:
    """Tracebacks and errors in the server's log, and how many lines of each level."""
    problems: list[str] = []
    levels: Counter[str] = Counter()
    for line in path.read_text(errors="replace").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            record = None
        level = str(record.get("level", "?")) if isinstance(record, dict) else "text"
        levels[level] += 1
        plain_error = level == "text" and ("ERROR" in line or "Exception" in line)
        if "Traceback" in line or level in ("error", "critical") or plain_error:
            problems.append(line[:400])
    return problems, levels


def room_accounts(db: Path, reports: list[dict[str, Any]], skip: set[str]) -> dict[str, Any]:
    """Every room in the store against what the workers were told was accepted: each room
    created by an accepted request, each join and each player's action in its log exactly as
    often as it was acknowledged; bots' moves, turn-clock moves and forfeits are counted
    apart (they are the server's own)."""
    created = {r for rep in reports for r in rep["created"]}
    joins = Counter((r, s) for rep in reports for r, s in rep["joins"])
    acts = Counter((r, c) for rep in reports for r, c in rep["acts"])
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    rooms = dict(con.execute("SELECT id, meta FROM rooms").fetchall())
    logged_joins: Counter = Counter()
    logged_acts: Counter = Counter()
    automatic: Counter[str] = Counter()
    failures: list[str] = []
    for room, meta_text in rooms.items():
        if room in skip:
            continue
        meta = json.loads(meta_text)
        if room not in created:
            failures.append(f"room {room} exists, but no accepted request created it: {meta}")
        bots = {i for i, s in enumerate(meta["seats"]) if s["kind"] == "bot"}
        for (entry,) in con.execute("SELECT entry FROM log WHERE room = ? ORDER BY idx", (room,)):
            e = json.loads(entry)
            if e["kind"] == "join":
                logged_joins[(room, e["seat"])] += 1
            elif e["kind"] == "act" and e.get("auto"):
                automatic["turn clock"] += 1
            elif e["kind"] == "act" and e["seat"] in bots:
                automatic["bot"] += 1
            elif e["kind"] == "act":
                logged_acts[(room, json.dumps(e.get("cmd")))] += 1
            else:
                automatic[f"{e['kind']}:{e.get('reason')}"] += 1
    con.close()
    for what, logged, told in (("join", logged_joins, joins), ("act", logged_acts, acts)):
        for key in sorted(set(logged) | set(told), key=str):
            if logged[key] != told[key]:
                failures.append(f"{what} {key}: {logged[key]} in the log, {told[key]} accepted")
    return {
        "rooms": len(rooms) - len(skip & set(rooms)),
        "joins": sum(logged_joins.values()),
        "acts": sum(logged_acts.values()),
        "automatic": dict(automatic),
        "failures": failures,
    }
