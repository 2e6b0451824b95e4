"""The two solitaires as declarations of how they differ from one Klondike-family core.

Everything else (columns, waste, stock, foundations, scoring, undo) is shared by
:mod:`server.games.solitaire.game`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

KING_RUNS = "king_runs"
"""Between columns one card moves at a time; only a king-led ordered run moves, into an
empty column (Easy Harp)."""
ANY_RUNS = "any_runs"
"""Any ordered run (alternating colours, descending) moves with the card under it (Réfléchi)."""


@dataclass(frozen=True, slots=True)
class Variant:
    game: str  # the room's game name
    code: str  # the deal-code prefix: EH, TF
    options: str  # the deal-code options: N, D1N, D3N
    name: str
    decks: int
    columns: int
    face_down: bool  # all but the last card of each column dealt face down
    draw: int
    runs: str
    slots: tuple[str, ...]  # the suit of each foundation slot, in order
    recycle_cost: int

    @property
    def cards(self) -> int:
        return 52 * self.decks


EASY_HARP = Variant(
    game="easy_harp",
    code="EH",
    options="N",
    name="Easy Harp",
    decks=2,
    columns=9,
    face_down=True,
    draw=1,
    runs=KING_RUNS,
    slots=("S", "H", "D", "C", "S", "H", "D", "C"),
    recycle_cost=0,
)

REFLECHI_DRAW1 = Variant(
    game="reflechi",
    code="TF",
    options="D1N",
    name="Solitaire Réfléchi",
    decks=1,
    columns=7,
    face_down=False,
    draw=1,
    runs=ANY_RUNS,
    slots=("S", "H", "D", "C"),
    recycle_cost=100,
)

REFLECHI_DRAW3 = replace(REFLECHI_DRAW1, options="D3N", draw=3)

VARIANTS: dict[tuple[str, str], Variant] = {
    (v.code, v.options): v for v in (EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3)
}


def variant_for(game: str, draw: int = 1) -> Variant:
    """The variant a room asks for: ``easy_harp``, or ``reflechi`` with draw 1 or 3."""
    if game == "easy_harp":
        return EASY_HARP
    if game == "reflechi":
        return REFLECHI_DRAW3 if draw == 3 else REFLECHI_DRAW1
    raise ValueError(f"unknown solitaire {game!r}")
