"""Gin Rummy: the complete rules as a pure library.

>>> from server.games.gin_rummy import new_match, Action
>>> match = new_match(seed=7)
>>> seat = match.to_act
>>> match = match.apply(seat, Action("pass"))
>>> match.view(seat)["turn"]["phase"]
'offer'

A replay is the seed, the options and the list of ``(seat, action)`` pairs: :func:`replay`
rebuilds the same position every time.
"""

from server.games.gin_rummy.actions import REFUSALS, Action, IllegalAction
from server.games.gin_rummy.game import (
    DISCARD,
    DRAW,
    HAND_OVER,
    MATCH_OVER,
    OFFER,
    Match,
    Options,
    new_match,
    replay,
)
from server.games.gin_rummy.melds import Arrangement, arrange, best_discard, deadwood
from server.games.gin_rummy.scoring import HandResult

__all__ = [
    "DISCARD",
    "DRAW",
    "HAND_OVER",
    "MATCH_OVER",
    "OFFER",
    "REFUSALS",
    "Action",
    "Arrangement",
    "HandResult",
    "IllegalAction",
    "Match",
    "Options",
    "arrange",
    "best_discard",
    "deadwood",
    "new_match",
    "replay",
]
