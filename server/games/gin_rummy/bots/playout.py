"""Fast simulation of the rest of a hand, for the expert's Monte Carlo judgement.

Hands are 52-bit masks and cards are single bits, so a turn costs a few table lookups. Both
players follow a greedy policy in the simulation: take the top discard only if it completes a
meld and lowers deadwood, otherwise draw from the stock; discard the card leaving the least
deadwood (the higher card on ties); knock as soon as the deadwood allows. Knocks are scored by
the engine's own rules (lay-offs, undercut, gin), so the simulation never disagrees with the
real game about who won what.
"""

from __future__ import annotations

from server.games.cards import CARDS
from server.games.gin_rummy.layoff import best_defence
from server.games.gin_rummy.melds import (
    VALUES,
    arrangement_of_mask,
    deadwood_of_mask,
)
from server.games.gin_rummy.scoring import GIN_BONUS, UNDERCUT_BONUS

BITS = [1 << i for i in range(52)]
BIT_OF = {c: 1 << i for i, c in enumerate(CARDS)}
CARD_OF = {1 << i: c for i, c in enumerate(CARDS)}
VALUE_OF = {1 << i: VALUES[c] for i, c in enumerate(CARDS)}
DEAD_STOCK = 2


def _meld_patterns() -> dict[int, tuple[int, ...]]:
    """For each card bit: the pairs of other cards that would make a meld with it."""
    patterns = {}
    for i in range(52):
        suit, rank = divmod(i, 13)
        same = [13 * s + rank for s in range(4) if s != suit]
        pats = [
            BITS[a] | BITS[b]
            for a, b in ((same[0], same[1]), (same[0], same[2]), (same[1], same[2]))
        ]
        for lo, hi in ((-2, -1), (-1, 1), (1, 2)):
            if 0 <= rank + lo < 13 and 0 <= rank + hi < 13:
                pats.append(BITS[13 * suit + rank + lo] | BITS[13 * suit + rank + hi])
        patterns[BITS[i]] = tuple(pats)
    return patterns


MELD_PATTERNS = _meld_patterns()


def melds_with(mask: int, bit: int) -> bool:
    """True if the card ``bit`` forms a meld with two cards of ``mask``."""
    for p in MELD_PATTERNS[bit]:  # noqa: SIM110 (a plain loop is faster on this hot path)
        if mask & p == p:
            return True
    return False


def greedy_discard(mask: int, forbidden: int = 0) -> tuple[int, int]:
    """``(card bit, deadwood left)`` of the least-deadwood discard; the higher card on ties."""
    best = 1 << 30
    choice = 0
    rest = mask
    values = VALUE_OF
    while rest:
        low = rest & -rest
        rest ^= low
        if low == forbidden:
            continue
        d = deadwood_of_mask(mask ^ low)
        if d < best or (d == best and values[low] > values[choice]):
            best, choice = d, low
    return choice, best


def wants(mask: int, top: int) -> bool:
    """The greedy take rule: the top card completes a meld and lowers the deadwood."""
    if not melds_with(mask, top):
        return False
    return greedy_discard(mask | top, top)[1] < deadwood_of_mask(mask)


def cards_of(mask: int) -> list[str]:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(CARD_OF[low])
    return out


def knock_points(knocker: int, defender: int) -> int:
    """Points of a knock from the knocker's side: positive if it wins, negative if undercut."""
    mine = arrangement_of_mask(knocker)
    if mine.deadwood == 0:
        return GIN_BONUS + deadwood_of_mask(defender)
    defence = best_defence(mine.melds, cards_of(defender))
    theirs = defence.arrangement.deadwood
    if mine.deadwood < theirs:
        return theirs - mine.deadwood
    return -(UNDERCUT_BONUS + mine.deadwood - theirs)


def play_out(
    hands: list[int],
    stock: list[int],
    pile: list[int],
    to_move: int,
    knock_limits: tuple[int, int] = (10, 10),
    max_turns: int = 60,
) -> int:
    """Play the hand to its end from the start of ``to_move``'s turn.

    ``hands`` are the two masks, ``stock`` the remaining stock with its top last, ``pile``
    the discard pile with its top last (both lists are consumed). Returns the points won by
    player 0 (negative when player 1 scores, 0 for a dead hand).
    """
    player = to_move
    for _ in range(max_turns):
        mask = hands[player]
        top = pile[-1] if pile else 0
        if top and wants(mask, top):
            pile.pop()
            mask |= top
            forbidden = top
        else:
            if len(stock) <= DEAD_STOCK:
                return 0
            mask |= stock.pop()
            forbidden = 0
        card, left = greedy_discard(mask, forbidden)
        mask ^= card
        hands[player] = mask
        if left <= knock_limits[player]:
            points = knock_points(mask, hands[1 - player])
            return points if player == 0 else -points
        pile.append(card)
        if len(stock) <= DEAD_STOCK:
            return 0
        player = 1 - player
    return 0
