"""What a bot knows: its seat's view, read into the facts bots reason with.

Everything here comes from the view a human in the seat is sent: the own hand, the discard
pile, the stock count and the public history of the hand. Replaying that history gives the
discard pile at every moment, so a bot knows which cards the opponent took (and still
holds), which it declined (passed on the upcard, or drew from the stock instead of taking
the top discard) and which it threw away. Nothing hidden is ever read.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from server.games.cards import CARDS
from server.games.gin_rummy.melds import CARD_BITS, deadwood_of_mask

FULL_MASK = (1 << 52) - 1


@dataclass
class Table:
    """A seat's view, read once per decision."""

    seat: int
    phase: str
    hand: list[str]
    mask: int
    pile: list[str]
    stock_count: int
    taken: str | None
    stock_only: bool
    hand_no: int
    scores: tuple[int, int]
    target: int
    draws: int
    opp_known: set[str] = field(default_factory=set)
    opp_taken: list[str] = field(default_factory=list)
    opp_declined: list[str] = field(default_factory=list)
    opp_discarded: list[str] = field(default_factory=list)
    my_discarded: list[str] = field(default_factory=list)
    signals: list[tuple[str, str]] = field(default_factory=list)
    legal: list[str] = field(default_factory=list)

    @property
    def opp(self) -> int:
        return 1 - self.seat

    @property
    def top(self) -> str | None:
        return self.pile[-1] if self.pile else None

    @property
    def unseen(self) -> list[str]:
        """Cards whose place this seat does not know: the stock and the opponent's unknowns."""
        seen = set(self.hand) | set(self.pile) | self.opp_known
        return [c for c in CARDS if c not in seen]

    def rng(self, seed: int, salt: str = "") -> random.Random:
        """A generator fixed by the bot's seed and the position, so a decision is repeatable."""
        return random.Random(f"{seed}:{self.hand_no}:{self.draws}:{self.phase}:{salt}")


def read_view(view: dict[str, Any]) -> Table:
    seat = view["seat"]
    hand = list(view["hand"])
    pile: list[str] = []
    known: set[str] = set()
    opp_taken: list[str] = []
    declined: list[str] = []
    opp_discarded: list[str] = []
    mine: list[str] = []
    signals: list[tuple[str, str]] = []
    draws = 0
    taken = None
    for event in view["history"]:
        kind, who, card = event["type"], event["seat"], event.get("card")
        opp = who != seat
        taken = None
        if kind == "pass":
            if not pile:
                pile.append(card)
            if opp:
                declined.append(card)
                signals.append(("declined", card))
        elif kind in ("take_upcard", "draw_discard"):
            if not pile:
                pile.append(card)
            pile.pop()
            draws += 1
            if opp:
                known.add(card)
                opp_taken.append(card)
                signals.append(("took", card))
            else:
                taken = card
        elif kind == "draw_stock":
            draws += 1
            if opp and pile and (not declined or declined[-1] != pile[-1]):
                declined.append(pile[-1])
                signals.append(("declined", pile[-1]))
        else:  # discard or knock
            pile.append(card)
            if opp:
                known.discard(card)
                opp_discarded.append(card)
                signals.append(("discarded", card))
            else:
                mine.append(card)
    turn = view["turn"]
    legal = list(turn.get("legal") or [])
    return Table(
        seat=seat,
        phase=turn["phase"],
        hand=hand,
        mask=sum(CARD_BITS[c] for c in hand),
        pile=list(view["discard_pile"]),
        stock_count=turn["stock_count"],
        taken=taken,
        stock_only=turn["phase"] == "draw" and "draw_discard" not in legal,
        hand_no=view["hand_no"],
        scores=(view["scores"][0], view["scores"][1]),
        target=view["target"],
        draws=draws,
        opp_known=known,
        opp_taken=opp_taken,
        opp_declined=declined,
        opp_discarded=opp_discarded,
        my_discarded=mine,
        signals=signals,
        legal=legal,
    )


def discard_options(mask: int, hand: list[str], taken: str | None) -> list[tuple[int, str]]:
    """``(deadwood left, card)`` for every card the 11-card hand may discard."""
    bits = CARD_BITS
    return [(deadwood_of_mask(mask - bits[c]), c) for c in hand if c != taken]


def best_after_draw(mask: int, card: str) -> int:
    """Least deadwood after adding ``card`` to a 10-card hand and discarding another card."""
    m = mask | CARD_BITS[card]
    bits = CARD_BITS
    best = 1 << 30
    rest = m
    while rest:
        low = rest & -rest
        rest ^= low
        if low == bits[card]:
            continue
        value = deadwood_of_mask(m - low)
        if value < best:
            best = value
    return best
