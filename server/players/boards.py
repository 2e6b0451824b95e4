"""Daily leaderboards: today's Gin Rummy game and today's deal of each solitaire.

Only a player's *first attempt* of the day at a board can be ranked (claimed when they first
sit down at one of that day's daily rooms); later attempts are practice. What keeps the
boards fair:

* While the ranked attempt is not finished, the player may not open a practice room of the
  same deal (one could find a line there and play it in the held ranked room); and the
  solver (hints, "can this still be won?") does not help in a ranked attempt.
* A solitaire attempt is timed from the player's first join of the ranked room, not from
  the first move (a held room would otherwise give unlimited time to think).
* Everyone plays the same cards, so a second identity could scout the deal. It cannot be
  prevented, only made costly: an identity made today enters today's boards only once it
  has finished a game (won a solitaire, or played a Gin Rummy hand to its end) before its
  attempt; otherwise its first attempt of the day is used up as practice (:func:`eligible`).
* A forfeited Gin Rummy attempt (the player left, or ran out of time) ranks below every
  match played to its end: a player who leaves loses the match, and losing by quitting
  must never beat losing at the table.

An entry's order is one composite number, higher is better, exact in a double (under
2**53), so Redis sorted sets and SQLite order it alike:

* Gin Rummy (against the normal bot): played to the end, then the match won, then the point
  margin, then fewer hands;
* a solitaire: won, then the score, then fewer moves, then less time (tenths of seconds).

Equal numbers share a rank (1 + how many are strictly better) and are listed by player id.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from server.players.stats import solitaire_line

BOARDS = ("gin_rummy", "easy_harp", "reflechi_draw1", "reflechi_draw3")
TOP = 100
MAX_ENTRIES = 1_000_000
"""Entries one board of one day holds at most (later first attempts are not ranked)."""
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


UNRANKED = "~"
"""Marks a claimed first attempt that does not rank (an identity not yet eligible): its
room, so the claim is used up all the same."""


def claim(room_id: str, ranked: bool) -> str:
    """What the store keeps as a player's first attempt at a board that day."""
    return room_id if ranked else UNRANKED + room_id


def claimed(value: str) -> tuple[str, bool]:
    """(room, ranked) of a stored claim."""
    if value.startswith(UNRANKED):
        return value[len(UNRANKED) :], False
    return value, True


def eligible(record: dict[str, Any], stats: dict[str, dict[str, Any]], day: str) -> bool:
    """May this identity's first attempt of ``day`` rank? When it is older than the day's
    start (UTC), or has finished a game before: won a solitaire, or played a Gin Rummy hand
    to its end (a match left before any hand ended, or a solitaire left unwon, does not
    count: both cost nothing)."""
    start = dt.datetime.combine(dt.date.fromisoformat(day), dt.time(0), dt.UTC).timestamp()
    if record.get("created", start) < start:
        return True
    return any(c.get("won", 0) > 0 or c.get("hands", 0) > 0 for c in stats.values())


def board_of(replay: dict[str, Any]) -> str:
    return "gin_rummy" if replay["game"] == "gin_rummy" else solitaire_line(replay)


def board_of_meta(meta: dict[str, Any]) -> str:
    if meta.get("game", "gin_rummy") == "gin_rummy":
        return "gin_rummy"
    if meta["game"] == "easy_harp":
        return "easy_harp"
    return f"reflechi_draw{meta.get('draw', 1)}"


def attempt_ms(replay: dict[str, Any]) -> int | None:
    """How long a daily attempt took: from the player's first join of the room to the last
    move (replays made before joins were timed: from the first move)."""
    first = replay.get("joined_ms", replay.get("started_ms"))
    last = replay.get("ended_ms")
    return None if first is None or last is None else max(0, last - first)


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
        forfeit = result.get("forfeit") is not None or result.get("closed") is not None
        scores = result.get("scores") or [0, 0]
        margin = scores[seat] - scores[1 - seat]
        hands = len(result.get("hands", []))
        score = (
            (int(not forfeit) << 21)
            | (int(won) << 20)
            | (_clamp(margin + 2048, 12) << 8)
            | (255 - _clamp(hands, 8))
        )
        row = {**base, "won": won, "margin": margin, "hands": hands, "forfeit": forfeit}
        return float(score), row
    won = bool(result.get("won"))
    points = int(result.get("score") or 0)
    moves = int(result.get("moves") or 0)
    ms = attempt_ms(replay) or 0
    tenths = ms // 100
    score = (
        (int(won) << 45)
        | (_clamp(points, 12) << 33)
        | ((8191 - _clamp(moves, 13)) << 20)
        | ((1 << 20) - 1 - _clamp(tenths, 20))
    )
    return float(score), {**base, "won": won, "score": points, "moves": moves, "ms": ms}
