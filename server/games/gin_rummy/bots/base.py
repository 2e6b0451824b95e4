"""The shape every bot shares: a view in, an action out.

A bot is a deterministic function of (view, seed): it reads only the view a human in its seat
would get, and its random choices come from a generator seeded by its seed and the position.
That makes games replayable and lets a bot resume on another server node mid-hand.

Every bot ends its hands: it never takes back from the pile a card it discarded itself in
the same hand. So a card is taken from the pile at most twice a hand (by the one who did not
throw it, then, once they throw it, by the other only if that one never threw it: the upcard),
the takes run out, and the stock is drawn down to the dead hand. Without it two bots that
both prefer the pile to a near-empty stock passed the same cards back and forth for ever
(the expert against the hard bot, one pair in 500).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from server.games.gin_rummy.actions import Action
from server.games.gin_rummy.bots.table import Table, read_view


class Bot(ABC):
    """Subclasses decide two things: take the top discard or not, and what to discard."""

    level = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def act(self, view: dict[str, Any]) -> Action | None:
        """The action for this view, or None when the seat has nothing to do."""
        phase = view["turn"]["phase"]
        if phase == "match_over":
            return None
        if phase == "hand_over":
            return Action("next_hand")
        if view["turn"]["to_act"] != view["seat"]:
            return None
        table = read_view(view)
        if phase == "offer":
            return Action("take_upcard" if self.take(table) else "pass")
        if phase == "draw":
            mine = table.top in table.my_discarded  # see the module docstring
            if not table.stock_only and not mine and self.take(table):
                return Action("draw_discard")
            return Action("draw_stock")
        card, knock = self.discard(table)
        return Action("knock" if knock else "discard", card)

    @abstractmethod
    def take(self, table: Table) -> bool:
        """Take the top of the discard pile (or the upcard)?"""

    @abstractmethod
    def discard(self, table: Table) -> tuple[str, bool]:
        """The card to let go, and whether to knock with it."""
