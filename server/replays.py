"""Replays as the browser plays them back: every position of a finished game, hands open.

A replay in the store is a seed or deal number, options and actions (small, and the engine's
own proof of the game). The browser must not re-implement the rules to step through it, so
the server rebuilds each position with the engine and sends the first view and, for every
action, the RFC 6902 patch to the next one: the same form as live play, about a tenth of the
size of every view.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from protocol.diff import diff
from server.games.gin_rummy import Action, Match, new_match
from server.games.solitaire import Solitaire, variant_for
from server.rooms.gin import open_hands
from server.rooms.solitaire import SOLITAIRES


def _frame(match: Match) -> dict[str, Any]:
    view = match.view(None)
    view["open"] = open_hands(match)
    return view


def _views(replay: dict[str, Any]) -> list[dict[str, Any]]:
    if replay["game"] in SOLITAIRES:
        options = replay["options"]
        variant = variant_for(replay["game"], options["draw"])
        if options.get("order") is not None:  # a day's deal
            game = Solitaire.daily(variant, options["day"], options["order"])
        else:
            game = Solitaire.new(variant, options["number"])
        views = [game.view()]
        for _, action in replay["actions"]:
            game = game.apply(action)
            views.append(game.view())
        return views
    match = new_match(replay["seed"], replay.get("options"))
    views = [_frame(match)]
    for seat, action in replay["actions"]:
        match = match.apply(seat, Action.from_dict(action))
        views.append(_frame(match))
    return views


def replay_frames(replay: dict[str, Any]) -> dict[str, Any]:
    """``{"first": view, "steps": [{"seat", "action", "ops"}, ...]}`` for a stored replay."""
    views = _views(replay)
    steps = [
        {"seat": seat, "action": action, "ops": diff(a, b)}
        for (seat, action), (a, b) in zip(replay["actions"], pairwise(views), strict=True)
    ]
    return {
        "id": replay["id"],
        "game": replay["game"],
        "seats": replay["seats"],
        "first": views[0],
        "steps": steps,
    }
