"""Statistics from finished games: what one game adds to a player's counters, as a pure fold.

A game is read from its replay (what the store keeps forever), so the statistics of a player
are always a recomputation of their replays: ``fold`` over them from empty gives the same
counters as the server's one update per finished game.

Counters are kept per *line* of play:

* a solitaire line per game and draw (``easy_harp``, ``reflechi_draw1``, ``reflechi_draw3``):
  ``played``, ``won``, ``streak`` (wins in a row now), ``best_streak``, ``best_score``,
  ``score_sum`` (for the mean), ``fastest_moves`` and ``fastest_ms`` (over won games);
* a Gin Rummy line per opponent kind (``gin_rummy:easy`` .. ``gin_rummy:expert``,
  ``gin_rummy:human``): ``matches``, ``matches_won``, ``hands``, ``hands_won``, ``gins``,
  ``knocks`` (hands this player ended by knocking, undercut or not; gin is counted apart),
  ``undercuts_given``, ``undercuts_suffered``, ``points`` (scored over all hands, for the
  mean per hand).

A game counts once it is finished and something was played in it: a solitaire left until
it closed as abandoned counts as played and not won (it ends the streak); a Gin Rummy match
forfeited counts as lost by the one who left and won by the other. A player seated twice in
one room counts for neither seat.

Shares and means are derived when shown (:func:`derived`), never stored.
"""

from __future__ import annotations

from typing import Any

LINES_SOLITAIRE = ("easy_harp", "reflechi_draw1", "reflechi_draw3")
OPPONENTS = ("easy", "normal", "hard", "expert", "human")
LINES_GIN = tuple(f"gin_rummy:{o}" for o in OPPONENTS)
LINES = LINES_SOLITAIRE + LINES_GIN

SOLITAIRE_ZERO = {
    "played": 0,
    "won": 0,
    "streak": 0,
    "best_streak": 0,
    "best_score": None,
    "score_sum": 0,
    "fastest_moves": None,
    "fastest_ms": None,
}
GIN_ZERO = {
    "matches": 0,
    "matches_won": 0,
    "hands": 0,
    "hands_won": 0,
    "gins": 0,
    "knocks": 0,
    "undercuts_given": 0,
    "undercuts_suffered": 0,
    "points": 0,
}


def solitaire_line(replay: dict[str, Any]) -> str:
    if replay["game"] == "easy_harp":
        return "easy_harp"
    return f"reflechi_draw{replay.get('options', {}).get('draw', 1)}"


def duration_ms(replay: dict[str, Any]) -> int | None:
    """From the first move to the last (None when the replay does not say)."""
    first, last = replay.get("started_ms"), replay.get("ended_ms")
    return None if first is None or last is None else max(0, last - first)


def seats_counted(replay: dict[str, Any]) -> list[tuple[int, str]]:
    """(seat, player) of every identified seat whose game counts: a player in both seats of
    one room (two tabs against oneself) counts for neither."""
    players = [s.get("player") for s in replay.get("seats", [])]
    return [(seat, p) for seat, p in enumerate(players) if p is not None and players.count(p) == 1]


def opponent(replay: dict[str, Any], seat: int) -> str:
    other = replay["seats"][1 - seat]
    return other["level"] if other["kind"] == "bot" else "human"


def line_of(replay: dict[str, Any], seat: int) -> str:
    if replay["game"] == "gin_rummy":
        return f"gin_rummy:{opponent(replay, seat)}"
    return solitaire_line(replay)


def _smaller(old: int | None, new: int | None) -> int | None:
    if new is None:
        return old
    return new if old is None else min(old, new)


def fold(counters: dict[str, Any] | None, replay: dict[str, Any], seat: int) -> dict[str, Any]:
    """The counters of one line after the game of ``replay`` played from ``seat``."""
    result = replay["result"]
    if replay["game"] == "gin_rummy":
        c = {**GIN_ZERO, **(counters or {})}
        c["matches"] += 1
        c["matches_won"] += int(result.get("winner") == seat)
        for hand in result.get("hands", []):
            kind, winner, points = hand["kind"], hand["winner"], hand["points"]
            c["hands"] += 1
            if winner == seat:
                c["hands_won"] += 1
                c["points"] += points
            c["gins"] += int(kind == "gin" and winner == seat)
            c["knocks"] += int(kind == "knock" and winner == seat)
            c["knocks"] += int(kind == "undercut" and winner not in (seat, None))
            c["undercuts_given"] += int(kind == "undercut" and winner == seat)
            c["undercuts_suffered"] += int(kind == "undercut" and winner not in (seat, None))
        return c
    c = {**SOLITAIRE_ZERO, **(counters or {})}
    won = bool(result.get("won"))
    score = int(result.get("score") or 0)
    c["played"] += 1
    c["score_sum"] += score
    c["best_score"] = score if c["best_score"] is None else max(c["best_score"], score)
    if won:
        c["won"] += 1
        c["streak"] += 1
        c["best_streak"] = max(c["best_streak"], c["streak"])
        c["fastest_moves"] = _smaller(c["fastest_moves"], result.get("moves"))
        c["fastest_ms"] = _smaller(c["fastest_ms"], duration_ms(replay))
    else:
        c["streak"] = 0
    return c


def fold_player(
    stats: dict[str, Any] | None, replay: dict[str, Any], seat: int
) -> dict[str, dict[str, Any]]:
    """A player's whole statistics (line -> counters) after one game."""
    stats = dict(stats or {})
    line = line_of(replay, seat)
    stats[line] = fold(stats.get(line), replay, seat)
    return stats


def recompute(replays: list[dict[str, Any]], player: str) -> dict[str, dict[str, Any]]:
    """A player's statistics folded from their replays in the order they finished."""
    stats: dict[str, dict[str, Any]] = {}
    for replay in sorted(replays, key=lambda r: (r["finished_at"], r["id"])):
        for seat, p in seats_counted(replay):
            if p == player:
                stats = fold_player(stats, replay, seat)
    return stats


def derived(stats: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The counters with their shares and means, as a profile shows them."""
    out = {}
    for line, c in stats.items():
        if line.startswith("gin_rummy:"):
            extra = {
                "match_share": c["matches_won"] / c["matches"] if c["matches"] else None,
                "hand_share": c["hands_won"] / c["hands"] if c["hands"] else None,
                "mean_points": c["points"] / c["hands"] if c["hands"] else None,
            }
        else:
            extra = {
                "win_share": c["won"] / c["played"] if c["played"] else None,
                "mean_score": c["score_sum"] / c["played"] if c["played"] else None,
            }
        out[line] = {**c, **extra}
    return out


def game_summary(replay: dict[str, Any], seat: int) -> dict[str, Any]:
    """One line of a player's last games (with a link to the replay)."""
    result = replay["result"]
    summary = {
        "id": replay["id"],
        "game": replay["game"],
        "line": line_of(replay, seat),
        "finished_at": replay["finished_at"],
        "daily": replay.get("daily"),
        "seat": seat,
    }
    if replay["game"] == "gin_rummy":
        other = replay["seats"][1 - seat]
        summary |= {
            "won": result.get("winner") == seat,
            "scores": result.get("scores"),
            "opponent": {"name": other.get("name"), "player": other.get("player")},
            "forfeit": result.get("forfeit"),
        }
    else:
        summary |= {
            "won": bool(result.get("won")),
            "score": result.get("score"),
            "moves": result.get("moves"),
        }
    return summary
