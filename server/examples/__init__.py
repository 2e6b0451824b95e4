"""Live examples for the learn pages: named teaching positions built by the real engines.

Each example is a small position of Gin Rummy, Easy Harp or Solitaire Réfléchi, built either
from a deal code plus moves or as a constructed position (cards placed by hand), and the moves
its text asks the reader to try. The client draws the position with the same board code as
the real game and sends back the moves the reader tried; the engine answers them, so a refused
move comes back with the engine's stable code and the rule's sentence, and an allowed one with
the position it leads to. Nothing here knows a rule: every answer is the engine's.

The endpoint is stateless and read-only (``server/examples/README.md``): a reply is a pure
function of the example's name and the moves sent, and nothing is stored, listed or replayed.

Hidden cards. A Gin Rummy example is a constructed position, not anybody's game: no player
holds those hands, no seed deals them, and nothing a reader learns from one helps in a real
match. So the examples whose text talks about the opponent's cards (lay-offs, an undercut)
show the opponent's hand open, as a teaching book prints both hands of a diagram. Everything
else follows the engine's own views: the stock's order is never sent, the reader's view is
the seat view of the real game, and solitaire examples send the same view as a live board
(face-down cards and the stock as counts only).
"""

from server.examples.catalogue import (
    CATALOGUE,
    MAX_MOVES,
    Example,
    ExampleError,
    Try,
    find,
    play,
    start_view,
)

__all__ = [
    "CATALOGUE",
    "MAX_MOVES",
    "Example",
    "ExampleError",
    "Try",
    "find",
    "play",
    "start_view",
]
