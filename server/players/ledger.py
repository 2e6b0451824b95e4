"""What one finished game changes for its players, computed from what the store holds now.

The store reads what :func:`wanted` names (each player's statistics, ratings, first attempts
of the day, the rated pair's records and how many rated matches the pair played that day),
calls :func:`settle`, and writes the :class:`Changes` together with the game's *counted*
mark in one transaction: a game is counted exactly once, whichever node finishes it, however
often, and a node that dies mid-way has written nothing.

A rated room's match changes the ratings only when it was a real game between two people
(as lichess does it; :func:`unrated_reason`): each seat made a move of its own (a match
left before that is *aborted*), at least one hand was played to its end, the two identities
used no network in common in the :data:`SHARED_NETWORK_DAYS` before the match ended (every
network each of them said hello from, or held their seat from: :func:`shared_network`),
and the pair has not already played :data:`PAIR_RATED_PER_DAY` rated matches that UTC day.
Without these, one person with two identities farmed a rating from 1500 to 1916 in 96
seconds by forfeits.

Fresh identities are free, so a rating is *provisional* until the system knows something
about its holder (:func:`provisional`): its deviation is :data:`PROVISIONAL_RD` or more, or
its rated matches so far were against players of fewer than :data:`NETWORKS_TO_ESTABLISH`
networks. A provisional rating moves with every rated result, from the first one. An
established rating gains nothing from a win against a provisional one, and loses as
Glicko-2 says when it loses to one. The reason is the deviation's own meaning: Glicko-2
weighs an opponent's result by how sure the opponent's rating is (g(phi)), on the
assumption that the rating is an unbiased estimate of its holder's strength. A fresh
identity's rating is 1500 whoever holds it, and anyone can hold as many as they like, so a
win over one says nothing about the winner, only about the one who may have chosen to lose:
one person with two networks beat 60 fresh identities in 148 seconds and took an
established rating from 1818 to 2251, which Glicko-2 itself discounts by only a third
(g = 0.67 at a deviation of 350). A loss is another matter: nobody can lose on an
established player's behalf, and an established player who loses on purpose to pump a
fresh identity pays for it as before. Three networks keep a cluster of fresh identities
that only play each other provisional however many matches they play, unless one person
has four networks; a fresh identity an established accomplice loses to is pumped at that
accomplice's cost. Provisional ratings stay off the ratings leaderboard.
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
system is fairly sure of; a new player starts at 350), if they are established."""
PROVISIONAL_RD = RATED_RD
"""A rating whose deviation is this or more is provisional (95 % sure only within ±220)."""
NETWORKS_TO_ESTABLISH = 3
"""Distinct networks (other than the player's own) a player's rated opponents must have
come from before the rating is established: two networks of one person are not enough."""
SHARED_NETWORK_DAYS = 30
"""Two identities that used one network within this many days of a match's end are never
rated against each other."""
NETWORKS_KEPT = 64
"""Networks a player's history keeps (the most recent ones): bounded whatever a client does.
One who said hello from 64 other networks after sharing one pushes it out; that takes as
many addresses as hiding behind a VPN from the start, which no address rule can see: what
holds against fresh identities is that their ratings are provisional."""

History = dict[str, float]
"""A player's networks: address tag -> when last used (epoch seconds)."""


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


def recent(history: History | None, now: float) -> set[str]:
    """The networks of ``history`` used within SHARED_NETWORK_DAYS before ``now``."""
    since = now - SHARED_NETWORK_DAYS * 86_400
    return {tag for tag, seen in (history or {}).items() if seen >= since}


def shared_network(histories: dict[str, History], pair: tuple[str, str], now: float) -> bool:
    """Did the two players of ``pair`` use one network within SHARED_NETWORK_DAYS of ``now``
    (not necessarily at the same time: one person's two identities, each on both networks)?"""
    return bool(recent(histories.get(pair[0]), now) & recent(histories.get(pair[1]), now))


def latest_network(history: History | None) -> str | None:
    """The network the player used last: the one they played from."""
    return max(history.items(), key=lambda kv: (kv[1], kv[0]))[0] if history else None


def unrated_reason(
    replay: dict[str, Any], addresses: dict[str, History], pair_count: int
) -> str | None:
    """Why a rated room's match (one :func:`rated_pair` names) changes no rating, or None:

    * ``aborted``: a seat made no move of its own (the turn clock's moves are not its own);
    * ``no_hand``: no hand was played to its end;
    * ``same_address``: the two identities used one network within SHARED_NETWORK_DAYS;
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
    if shared_network(addresses, pair, float(replay["finished_at"])):
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
        "networks": [],  # the networks of its rated opponents so far (NETWORKS_TO_ESTABLISH)
    }


def provisional(record: dict[str, Any] | None, now: float) -> bool:
    """Is this rating (None: a player never rated) still provisional at ``now``? Its
    deviation, grown by the idle time, is PROVISIONAL_RD or more, or it has met fewer than
    NETWORKS_TO_ESTABLISH networks. (A record kept before networks were counted has met
    enough: only its deviation decides.)"""
    if record is None:
        return True
    networks = record.get("networks")
    if networks is not None and len(networks) < NETWORKS_TO_ESTABLISH:
        return True
    return current(record, now)["rd"] >= PROVISIONAL_RD


def current(record: dict[str, Any] | None, now: float) -> dict[str, Any]:
    """A rating record as it stands at ``now`` (its deviation grown by the idle time)."""
    record = record or new_rating()
    if record.get("at") is None:
        return record
    aged = glicko2.idle(_rating(record), now - record["at"])
    return {**record, "rd": aged.rd}


def _networks_met(
    record: dict[str, Any], mine: History | None, theirs: History | None
) -> list[str] | None:
    """The networks a rating has met, with the opponent's (the one they played from) if it
    is new and not one of the player's own; None for a record kept before networks were
    counted (it keeps none)."""
    met = record.get("networks")
    if met is None:
        return None
    network = latest_network(theirs)
    if network is None or network in met or network in (mine or {}):
        return list(met)
    return [*met, network][:NETWORKS_TO_ESTABLISH]


def on_the_board(record: dict[str, Any]) -> bool:
    """Is this rating listed on the ratings leaderboard (as of its last match)? Sure enough,
    and established by the networks it met."""
    networks = record.get("networks")
    return record["rd"] < RATED_RD and (networks is None or len(networks) >= NETWORKS_TO_ESTABLISH)


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
    both ratings, each player's networks (:data:`History`) and the pair's rated matches
    that day; for a daily game, each player's claimed first attempt of the day and how many
    entries the day's board holds) before it."""
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
        _rate(replay, pair, ratings or {}, addresses or {}, changes)
    return changes


def _rate(
    replay: dict[str, Any],
    pair: tuple[str, str],
    ratings: dict[str, dict[str, Any] | None],
    addresses: dict[str, History],
    changes: Changes,
) -> None:
    """The players' new ratings and history points after a rated match: both, but an
    established rating that beat a provisional one stays as it was."""
    now = float(replay["finished_at"])
    records = [ratings.get(p) or new_rating() for p in pair]
    unsure = [provisional(ratings.get(p), now) for p in pair]
    idle = [0.0 if r["at"] is None else now - r["at"] for r in records]
    after = glicko2.match(
        _rating(records[0]),
        _rating(records[1]),
        a_won=replay["result"]["winner"] == 0,
        a_idle=idle[0],
        b_idle=idle[1],
    )
    winner = replay["result"]["winner"]
    for i, (player, record, new) in enumerate(zip(pair, records, after, strict=True)):
        if unsure[1 - i] and not unsure[i] and winner == i:
            changes.games[player]["rated"] = False
            changes.games[player]["unrated"] = "provisional_opponent"
            continue
        changes.ratings[player] = {
            "rating": new.rating,
            "rd": new.rd,
            "volatility": new.volatility,
            "at": now,
            "games": record["games"] + 1,
        }
        met = _networks_met(record, addresses.get(player), addresses.get(pair[1 - i]))
        if met is not None:
            changes.ratings[player]["networks"] = met
        changes.history[player] = {
            "at": now,
            "rating": round(new.rating, 1),
            "rd": round(new.rd, 1),
            "game": replay["id"],
        }
