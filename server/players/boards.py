"""Daily leaderboards: today's Gin Rummy game and today's deal of each solitaire.

Only a player's *first attempt* of the day at a board is ranked (claimed when they first sit
down at one of that day's daily rooms); later attempts are practice. An entry's order is one
composite number, higher is better, exact in a double (under 2**53), so Redis sorted sets and
SQLite order it alike:

* Gin Rummy (against the normal bot): the match won, then the point margin, then fewer hands;
* a solitaire: won, then the score, then fewer moves, then less time (tenths of seconds).

Equal numbers share a rank (1 + how many are strictly better) and are listed by player id.
"""

from __future__ import annotations

import re
from typing import Any

from server.players.stats import duration_ms, solitaire_line

BOARDS = ("gin_rummy", "easy_harp", "reflechi_draw1", "reflechi_draw3")
TOP = 100
MAX_ENTRIES = 1_000_000
"""Entries one board of one day holds at most (later first attempts are not ranked)."""
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def board_of(replay: dict[str, Any]) -> str:
    return "gin_rummy" if replay["game"] == "gin_rummy" else solitaire_line(replay)


def board_of_meta(meta: dict[str, Any]) -> str:
    if meta.get("game", "gin_rummy") == "gin_rummy":
        return "gin_rummy"
    if meta["game"] == "easy_harp":
        return "easy_harp"
    return f"reflechi_draw{meta.get('draw', 1)}"


def _clamp(value: int, bits: int) -> int:
    return max(0, min(int(value), (1 << bits) - 1))


def entry(replay: dict[str, Any], seat: int) -> tuple[float, dict[str, Any]]:
    """The composite score and the shown row of ``seat``'s daily game."""
    result = replay["result"]
    base = {
        "player": replay["seats"][seat].get("player"),
        "name": replay["seats"][seat].get("name"),
        "game": replay["id"],
    }
    if replay["game"] == "gin_rummy":
        won = result.get("winner") == seat
        scores = result.get("scores") or [0, 0]
        margin = scores[seat] - scores[1 - seat]
        hands = len(result.get("hands", []))
        score = (int(won) << 20) | (_clamp(margin + 2048, 12) << 8) | (255 - _clamp(hands, 8))
        return float(score), {**base, "won": won, "margin": margin, "hands": hands}
    won = bool(result.get("won"))
    points = int(result.get("score") or 0)
    moves = int(result.get("moves") or 0)
    ms = duration_ms(replay) or 0
    tenths = ms // 100
    score = (
        (int(won) << 45)
        | (_clamp(points, 12) << 33)
        | ((8191 - _clamp(moves, 13)) << 20)
        | ((1 << 20) - 1 - _clamp(tenths, 20))
    )
    return float(score), {**base, "won": won, "score": points, "moves": moves, "ms": ms}


def ranked(rows: list[tuple[str, float, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Rows (player, score, row) best first -> rows with their ranks (ties share one)."""
    out, rank, last = [], 0, None
    for i, (_, score, row) in enumerate(rows):
        if score != last:
            rank, last = i + 1, score
        out.append({"rank": rank, **row})
    return out
