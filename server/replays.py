"""Replays as the browser plays them back: every position of a finished game, hands open.

A replay in the store is seed + options + actions (small, and the engine's own proof of the
game). The browser must not re-implement the rules to step through it, so the server rebuilds
each position with the engine and sends the first view and, for every action, the RFC 6902
patch to the next one: the same form as live play, about a tenth of the size of every view.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from protocol.diff import diff
from server.games.gin_rummy import Action, Match, new_match
from server.rooms.room import open_hands


def _frame(match: Match) -> dict[str, Any]:
    view = match.view(None)
    view["open"] = open_hands(match)
    return view


def replay_frames(replay: dict[str, Any]) -> dict[str, Any]:
    """``{"first": view, "steps": [{"seat", "action", "ops"}, ...]}`` for a stored replay."""
    match = new_match(replay["seed"], replay.get("options"))
    views = [_frame(match)]
    for seat, action in replay["actions"]:
        match = match.apply(seat, Action.from_dict(action))
        views.append(_frame(match))
    steps = [
        {"seat": seat, "action": action, "ops": diff(a, b)}
        for (seat, action), (a, b) in zip(replay["actions"], pairwise(views), strict=True)
    ]
    return {"id": replay["id"], "seats": replay["seats"], "first": views[0], "steps": steps}
