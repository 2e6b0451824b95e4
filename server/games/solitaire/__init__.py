"""Easy Harp and Solitaire Réfléchi: one Klondike-family core, two declarations.

>>> from server.games.solitaire import Solitaire, EASY_HARP
>>> game = Solitaire.new(EASY_HARP, 5)
>>> game.code
'EH1-N-AAAAAAF'
>>> game.apply({"type": "stock"}).view()["waste_count"]
1
"""

from server.games.solitaire.deals import DealCodeError, decode, encode
from server.games.solitaire.game import REFUSALS, IllegalMove, Solitaire
from server.games.solitaire.variants import (
    EASY_HARP,
    REFLECHI_DRAW1,
    REFLECHI_DRAW3,
    Variant,
    variant_for,
)

__all__ = [
    "EASY_HARP",
    "REFLECHI_DRAW1",
    "REFLECHI_DRAW3",
    "REFUSALS",
    "DealCodeError",
    "IllegalMove",
    "Solitaire",
    "Variant",
    "decode",
    "encode",
    "variant_for",
]
