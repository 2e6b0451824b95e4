"""What one finished game changes for its players, computed from what the store holds now.

The store reads what :func:`wanted` names (each player's statistics, ratings, first attempts
of the day), calls :func:`settle`, and writes the :class:`Changes` together with the game's
*counted* mark in one transaction: a game is counted exactly once, whichever node finishes
it, however often, and a node that dies mid-way has written nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from server.players import boards, glicko2
from server.players import stats as statistics

RECENT_GAMES = 50
"""A player's last games kept (each links to its replay)."""
RATING_HISTORY = 200
"""Points of a player's rating history kept (one per rated match)."""
RATED_RD = 110.0
"""The ratings leaderboard lists players whose deviation is under this (a rating the
system is fairly sure of; a new player starts at 350)."""


@dataclass
class Wanted:
    players: list[str]  # whose statistics the game changes
    rated: tuple[str, str] | None = None  # the two players whose ratings it changes
    board: tuple[str, str] | None = None  # (board, date) of a daily game


@dataclass
class Changes:
    stats: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> new statistics
    games: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> game summary
    ratings: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> new rating
    history: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> history point
    # player -> (composite score, row) on the daily board of Wanted.board (first attempts)
    ranked: dict[str, tuple[float, dict[str, Any]]] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.stats


def rated_pair(replay: dict[str, Any]) -> tuple[str, str] | None:
    """The players of seats 0 and 1 when the game changes their ratings: a rated Gin Rummy
    match with a winner (a forfeit makes the one who stayed the winner) between two
    different identified players."""
    if replay["game"] != "gin_rummy" or not replay.get("rated"):
        return None
    if replay["result"].get("winner") is None:
        return None
    counted = statistics.seats_counted(replay)
    if len(counted) != 2:
        return None
    return (counted[0][1], counted[1][1])


def wanted(replay: dict[str, Any]) -> Wanted:
    day = replay.get("daily")
    return Wanted(
        players=[p for _, p in statistics.seats_counted(replay)],
        rated=rated_pair(replay),
        board=(boards.board_of(replay), day) if isinstance(day, str) else None,
    )


def new_rating() -> dict[str, Any]:
    return {
        "rating": glicko2.NEW_RATING,
        "rd": glicko2.NEW_RD,
        "volatility": glicko2.NEW_VOLATILITY,
        "at": None,
        "games": 0,
    }


def current(record: dict[str, Any] | None, now: float) -> dict[str, Any]:
    """A rating record as it stands at ``now`` (its deviation grown by the idle time)."""
    record = record or new_rating()
    if record["at"] is None:
        return record
    aged = glicko2.idle(_rating(record), now - record["at"])
    return {**record, "rd": aged.rd}


def _rating(record: dict[str, Any]) -> glicko2.Rating:
    return glicko2.Rating(record["rating"], record["rd"], record["volatility"])


def settle(
    replay: dict[str, Any],
    stats: dict[str, dict[str, Any] | None],
    ratings: dict[str, dict[str, Any] | None] | None = None,
    attempts: dict[str, str | None] | None = None,
    board_size: int = 0,
) -> Changes:
    """The changes of one game, given each counted player's statistics (for a rated match,
    both ratings; for a daily game, the room of each player's first attempt of the day and
    how many entries the day's board holds) before it."""
    changes = Changes()
    attempts = attempts or {}
    for seat, player in statistics.seats_counted(replay):
        changes.stats[player] = statistics.fold_player(stats.get(player), replay, seat)
        changes.games[player] = statistics.game_summary(replay, seat)
        first = attempts.get(player) == replay["id"]
        if replay.get("daily") and first and board_size + len(changes.ranked) < boards.MAX_ENTRIES:
            changes.ranked[player] = boards.entry(replay, seat)
            changes.games[player]["ranked"] = True
    pair = rated_pair(replay)
    if pair is not None:
        ratings = ratings or {}
        now = float(replay["finished_at"])
        records = [ratings.get(p) or new_rating() for p in pair]
        idle = [0.0 if r["at"] is None else now - r["at"] for r in records]
        after = glicko2.match(
            _rating(records[0]),
            _rating(records[1]),
            a_won=replay["result"]["winner"] == 0,
            a_idle=idle[0],
            b_idle=idle[1],
        )
        for player, record, new in zip(pair, records, after, strict=True):
            changes.ratings[player] = {
                "rating": new.rating,
                "rd": new.rd,
                "volatility": new.volatility,
                "at": now,
                "games": record["games"] + 1,
            }
            changes.history[player] = {
                "at": now,
                "rating": round(new.rating, 1),
                "rd": round(new.rd, 1),
                "game": replay["id"],
            }
    return changes
