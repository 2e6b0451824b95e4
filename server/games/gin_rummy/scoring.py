"""Scoring one hand: knock, undercut, gin, or a dead hand.

* knocker's deadwood < defender's (after lay-offs): the knocker scores the difference;
* defender's deadwood <= knocker's: undercut, the defender scores 25 + the difference;
* gin (knocker's deadwood 0): 25 + the defender's deadwood, no lay-offs, no undercut;
* dead hand (the stock is down to two cards after a plain discard): nobody scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from server.games.gin_rummy.layoff import LayOff, knocker_melds
from server.games.gin_rummy.melds import Arrangement, arrange

GIN_BONUS = 25
UNDERCUT_BONUS = 25

KNOCK = "knock"
UNDERCUT = "undercut"
GIN = "gin"
DEAD = "dead"


@dataclass(frozen=True)
class HandResult:
    """Everything that becomes public when a hand ends."""

    kind: str
    knocker: int | None
    winner: int | None
    points: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    arrangements: tuple[Arrangement, Arrangement] | None = None
    layoffs: tuple[LayOff, ...] = field(default=())
    knock_card: str | None = None

    @property
    def deadwood(self) -> tuple[int, int] | None:
        """Each seat's final deadwood (the defender's after lay-offs)."""
        if self.arrangements is None:
            return None
        return (self.arrangements[0].deadwood, self.arrangements[1].deadwood)

    def to_dict(self) -> dict[str, Any]:
        hands = []
        for seat in (0, 1):
            entry: dict[str, Any] = {"cards": list(self.hands[seat])}
            if self.arrangements is not None:
                a = self.arrangements[seat]
                entry["melds"] = [list(m) for m in a.melds]
                entry["deadwood_cards"] = list(a.deadwood_cards)
                entry["deadwood"] = a.deadwood
            hands.append(entry)
        return {
            "kind": self.kind,
            "knocker": self.knocker,
            "winner": self.winner,
            "points": self.points,
            "knock_card": self.knock_card,
            "hands": hands,
            "layoffs": [{"card": lo.card, "meld": lo.meld} for lo in self.layoffs],
        }


def score_knock(knocker: int, hands: Sequence[Sequence[str]], knock_card: str) -> HandResult:
    """Score a knock by ``knocker`` whose 10 remaining cards are ``hands[knocker]``."""
    defender = 1 - knocker
    own = tuple(hands[knocker])
    other = tuple(hands[defender])
    k_arr = arrange(own)
    if k_arr.deadwood == 0:
        d_arr = arrange(other)
        layoffs: tuple[LayOff, ...] = ()
        kind, winner, points = GIN, knocker, GIN_BONUS + d_arr.deadwood
    else:
        k_arr, defence = knocker_melds(own, other)
        d_arr, layoffs = defence.arrangement, defence.layoffs
        if k_arr.deadwood < d_arr.deadwood:
            kind, winner, points = KNOCK, knocker, d_arr.deadwood - k_arr.deadwood
        else:
            kind, winner = UNDERCUT, defender
            points = UNDERCUT_BONUS + k_arr.deadwood - d_arr.deadwood
    arrangements = (k_arr, d_arr) if knocker == 0 else (d_arr, k_arr)
    both = (own, other) if knocker == 0 else (other, own)
    return HandResult(kind, knocker, winner, points, both, arrangements, layoffs, knock_card)


def dead_hand(hands: Sequence[Sequence[str]]) -> HandResult:
    """A hand that ran out of stock: both hands are shown, nobody scores."""
    both = (tuple(hands[0]), tuple(hands[1]))
    return HandResult(DEAD, None, None, 0, both, (arrange(both[0]), arrange(both[1])))
