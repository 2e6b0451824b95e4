"""What one finished game changes for its players, computed from what the store holds now.

The store reads what :func:`wanted` names (each player's statistics, ratings, first attempts
of the day, the rated pair's records and how many rated matches the pair played that day),
calls :func:`settle`, and writes the :class:`Changes` together with the game's *counted*
mark in one transaction: a game is counted exactly once, whichever node finishes it, however
often, and a node that dies mid-way has written nothing.

A rated room's match changes the ratings only when it was a real game between two people
(as lichess does it; :func:`unrated_reason`): each seat made a move of its own (a match
left before that is *aborted*), at least one hand was played to its end, the two identities
did not last connect from the same client address, and the pair has not already played
:data:`PAIR_RATED_PER_DAY` rated matches that UTC day. Without these, one person with two
identities farmed a rating from 1500 to 1916 in 96 seconds by forfeits.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from server.players import boards, glicko2
from server.players import stats as statistics

RECENT_GAMES = 50
"""A player's last games kept (each links to its replay)."""
RATING_HISTORY = 200
"""Points of a player's rating history kept (one per rated match)."""
PAIR_RATED_PER_DAY = 3
"""Rated matches between the same two players that count in one UTC day; later ones that
day are played unrated (a pair of accounts cannot pump each other's rating)."""
PAIR_TTL = 2 * 24 * 3600
"""A pair's count of the day is kept past the day (a match may end after midnight)."""
RATED_RD = 110.0
"""The ratings leaderboard lists players whose deviation is under this (a rating the
system is fairly sure of; a new player starts at 350)."""


@dataclass
class Wanted:
    players: list[str]  # whose statistics the game changes
    rated: tuple[str, str] | None = None  # the two players whose ratings it may change
    board: tuple[str, str] | None = None  # (board, date) of a daily game
    day: str | None = None  # the UTC day a rated match ended (its pair's count)


@dataclass
class Changes:
    stats: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> new statistics
    games: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> game summary
    ratings: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> new rating
    history: dict[str, dict[str, Any]] = field(default_factory=dict)  # player -> history point
    # player -> (composite score, row) on the daily board of Wanted.board (first attempts)
    ranked: dict[str, tuple[float, dict[str, Any]]] = field(default_factory=dict)
    pair_counted: bool = False  # the match counts in its pair's rated matches of the day
    unrated: str | None = None  # why a rated room's match did not change the ratings

    @property
    def empty(self) -> bool:
        return not self.stats


def rated_pair(replay: dict[str, Any]) -> tuple[str, str] | None:
    """The players of seats 0 and 1 when the game may change their ratings: a rated Gin
    Rummy match with a winner (a forfeit makes the one who stayed the winner) between two
    different identified players (:func:`unrated_reason` has the last word)."""
    if replay["game"] != "gin_rummy" or not replay.get("rated"):
        return None
    if replay["result"].get("winner") is None:
        return None
    counted = statistics.seats_counted(replay)
    if len(counted) != 2:
        return None
    return (counted[0][1], counted[1][1])


def pair_key(pair: tuple[str, str]) -> tuple[str, str]:
    """The pair in one order, whoever sat where."""
    a, b = sorted(pair)
    return a, b


def utc_day(seconds: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(seconds))


def wanted(replay: dict[str, Any]) -> Wanted:
    day = replay.get("daily")
    rated = rated_pair(replay)
    return Wanted(
        players=[p for _, p in statistics.seats_counted(replay)],
        rated=rated,
        board=(boards.board_of(replay), day) if isinstance(day, str) else None,
        day=utc_day(float(replay["finished_at"])) if rated is not None else None,
    )


def unrated_reason(
    replay: dict[str, Any], addresses: dict[str, str | None], pair_count: int
) -> str | None:
    """Why a rated room's match (one :func:`rated_pair` names) changes no rating, or None:

    * ``aborted``: a seat made no move of its own (the turn clock's moves are not its own);
    * ``no_hand``: no hand was played to its end;
    * ``same_address``: both identities last connected from the same client address;
    * ``pair_limit``: the pair already played PAIR_RATED_PER_DAY rated matches that day.

    ``own_moves`` (moves per seat) is in every replay since the rule came; older replays
    are taken as played."""
    own = replay.get("own_moves")
    if own is not None and min(own) == 0:
        return "aborted"
    if not replay["result"].get("hands"):
        return "no_hand"
    pair = rated_pair(replay)
    assert pair is not None
    tags = [addresses.get(p) for p in pair]
    if tags[0] is not None and tags[0] == tags[1]:
        return "same_address"
    if pair_count >= PAIR_RATED_PER_DAY:
        return "pair_limit"
    return None


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
    addresses: dict[str, str | None] | None = None,
    pair_count: int = 0,
) -> Changes:
    """The changes of one game, given each counted player's statistics (for a rated match,
    both ratings, the address tag each player last connected from and the pair's rated
    matches that day; for a daily game, each player's claimed first attempt of the day and
    how many entries the day's board holds) before it."""
    changes = Changes()
    attempts = attempts or {}
    for seat, player in statistics.seats_counted(replay):
        changes.stats[player] = statistics.fold_player(stats.get(player), replay, seat)
        changes.games[player] = statistics.game_summary(replay, seat)
        claim = attempts.get(player)
        first = claim is not None and boards.claimed(claim) == (replay["id"], True)
        if replay.get("daily") and first and board_size + len(changes.ranked) < boards.MAX_ENTRIES:
            changes.ranked[player] = boards.entry(replay, seat)
            changes.games[player]["ranked"] = True
    pair = rated_pair(replay)
    if pair is not None:
        changes.unrated = unrated_reason(replay, addresses or {}, pair_count)
        for player in pair:
            changes.games[player]["rated"] = changes.unrated is None
            if changes.unrated is not None:
                changes.games[player]["unrated"] = changes.unrated
    if pair is not None and changes.unrated is None:
        changes.pair_counted = True
        _rate(replay, pair, ratings or {}, changes)
    return changes


def _rate(
    replay: dict[str, Any],
    pair: tuple[str, str],
    ratings: dict[str, dict[str, Any] | None],
    changes: Changes,
) -> None:
    """Both players' new ratings and history points after a rated match."""
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
