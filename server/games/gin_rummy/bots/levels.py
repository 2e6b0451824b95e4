"""The easy, normal and hard bots: heuristics of growing skill (docs/RULES.md, "Bot levels")."""

from __future__ import annotations

from server.games.cards import RANKS
from server.games.gin_rummy.bots.base import Bot
from server.games.gin_rummy.bots.belief import Belief
from server.games.gin_rummy.bots.evaluate import NEIGHBOURS, meld_chance, potential, stock_odds
from server.games.gin_rummy.bots.table import Table, best_after_draw, discard_options
from server.games.gin_rummy.melds import CARD_BITS, VALUES, arrangement_of_mask, deadwood_of_mask


def joins_meld(mask10: int, card: str) -> bool:
    """True if the best 11-card hand keeps ``card`` in a meld (so taking it builds melds)."""
    arrangement = arrangement_of_mask(mask10 | CARD_BITS[card])
    return any(card in meld for meld in arrangement.melds)


class EasyBot(Bot):
    """Keeps pairs, throws its highest loose card, knocks only when deadwood is very low."""

    level = "easy"
    knock_at = 5

    def take(self, table: Table) -> bool:
        top = table.top
        return top is not None and joins_meld(table.mask, top)

    def discard(self, table: Table) -> tuple[str, bool]:
        loose = set(arrangement_of_mask(table.mask).deadwood_cards) - {table.taken}
        held = set(table.hand)
        paired = {c for c in loose if any(n in held for n in NEIGHBOURS[c][:3])}
        paired |= {
            c
            for c in loose
            if any(
                n in held
                for n in NEIGHBOURS[c][3:]
                if abs(RANKS.index(n[0]) - RANKS.index(c[0])) == 1
            )
        }
        pool = (loose - paired) or loose or (set(table.hand) - {table.taken})
        card = max(pool, key=lambda c: (VALUES[c], RANKS.index(c[0]), c))
        left = deadwood_of_mask(table.mask - CARD_BITS[card])
        return card, left <= self.knock_at


class NormalBot(Bot):
    """Takes a discard that builds a meld, remembers what the opponent took, knocks at once."""

    level = "normal"

    def take(self, table: Table) -> bool:
        top = table.top
        if top is None:
            return False
        now = deadwood_of_mask(table.mask)
        return joins_meld(table.mask, top) and best_after_draw(table.mask, top) < now

    def discard(self, table: Table) -> tuple[str, bool]:
        options = discard_options(table.mask, table.hand, table.taken)
        least = min(dw for dw, _ in options)
        wanted = {n for c in table.opp_taken for n in NEIGHBOURS[c]}
        best = [c for dw, c in options if dw == least]
        card = min(best, key=lambda c: (c in wanted, -VALUES[c], c))
        return card, least <= 10


class HardBot(NormalBot):
    """Counts the unseen cards that would help, keeps back what the opponent collects,
    and weighs a knock against the risk of an undercut. Takes discards as normal does."""

    level = "hard"
    outs_weight = 1.0
    danger_weight = 6.0

    def discard(self, table: Table) -> tuple[str, bool]:
        options = discard_options(table.mask, table.hand, table.taken)
        least = min(dw for dw, _ in options)
        if least == 0:
            return next(c for dw, c in options if dw == 0), True
        _, _, card, dw = min(self.score_discards(table, options))
        return card, self.should_knock(table, dw)

    def score_discards(self, table: Table, options: list[tuple[int, str]]) -> list[tuple]:
        """``(score, -value, card, deadwood)`` per discard worth a look; lower is better."""
        belief = Belief(table)
        odds = stock_odds(belief)
        least = min(dw for dw, _ in options)
        scored = []
        for dw, card in options:
            if dw > least + 10:
                continue
            rest = table.mask - CARD_BITS[card]
            score = (
                dw
                - self.outs_weight * potential(rest, odds)
                + self.danger_weight * meld_chance(card, belief.prob)
            )
            scored.append((score, -VALUES[card], card, dw))
        return scored

    def should_knock(self, table: Table, deadwood: int) -> bool:
        """Knock early with up to 10; later only low, when an undercut grows likely."""
        if deadwood > 10:
            return False
        if deadwood == 0 or table.stock_count <= 6:
            return True
        turns = table.draws // 2
        limit = 10 if turns <= 6 else 7 if turns <= 10 else 4
        return deadwood <= limit
