"""A Gin Rummy match: state, legal actions, transitions, views.

A match is a pure function of its seed, its options and its accepted actions:
``replay(seed, log)`` rebuilds any position. :class:`Match` is immutable; :meth:`Match.apply`
returns the next position. Everything random comes from the seed:

* the first dealer is bit 0 of ``derive_seed(seed, 0)``;
* hand ``k`` (0 for the first, dead hands included) is dealt from
  ``shuffled(standard_deck(), derive_seed(seed, k + 1))``: cards 0..19 go one at a time to
  the non-dealer then the dealer, card 20 is the upcard, cards 21.. are the stock, card 21
  on top.

The turn of a hand:

1. upcard offer: the non-dealer takes the upcard or passes; after a pass the dealer chooses;
   after two passes the non-dealer must draw from the stock;
2. after drawing (or taking the upcard), the player discards or knocks; the card just taken
   from the discard pile may not be discarded, nor used as the knock discard;
3. a knock needs deadwood of 10 or less after the discard; 0 is gin;
4. a plain discard that leaves two cards in the stock ends the hand dead.

After a scored hand the deal passes to the other player; after a dead hand the same dealer
deals again. The match ends when a player reaches the target (100).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from server.games.cards import derive_seed, shuffled, standard_deck
from server.games.gin_rummy import actions as A
from server.games.gin_rummy.actions import Action, IllegalAction
from server.games.gin_rummy.melds import CARD_BITS, arrange, deadwood_of_mask, hand_mask
from server.games.gin_rummy.scoring import HandResult, dead_hand, score_knock

TARGET = 100
KNOCK_LIMIT = 10
DEAD_STOCK = 2

OFFER = "offer"
DRAW = "draw"
DISCARD = "discard"
HAND_OVER = "hand_over"
MATCH_OVER = "match_over"


@dataclass(frozen=True)
class Options:
    """Match options. ``target`` is 100 in every lobby game; tests may shorten it."""

    target: int = TARGET

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Options:
        data = dict(data or {})
        target = data.pop("target", TARGET)
        if data or not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise ValueError("Gin Rummy options are {'target': positive int}")
        return cls(target=target)

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target}


@dataclass(frozen=True)
class HandSummary:
    """One finished hand as it stays in the match history."""

    number: int
    dealer: int
    kind: str
    winner: int | None
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.number,
            "dealer": self.dealer,
            "kind": self.kind,
            "winner": self.winner,
            "points": self.points,
        }


class Past(tuple):
    """A match's finished hands, oldest first: a tuple that renders its part of the views
    once. The views are rendered at every move and this part grows with the match: rendered
    afresh, it would cost each move work in proportion to the whole match. A position hands
    out the same list as long as no hand ends (a room then does not even pack it again)."""

    @cached_property
    def view(self) -> list[dict[str, Any]]:
        """Read-only, like the views that share it."""
        return [h.to_dict() for h in self]


NO_HANDS = Past()
"""The finished hands before the first one ends."""


@dataclass(frozen=True)
class Match:
    """One position of a Gin Rummy match. Build it with :func:`new_match`."""

    seed: int
    options: Options
    scores: tuple[int, int]
    hand_no: int
    dealer: int
    phase: str
    to_act: int | None
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    stock: tuple[str, ...]  # the top card is the last one
    discard_pile: tuple[str, ...]  # the top card is the last one
    history: tuple[dict[str, Any], ...]
    passes: int = 0
    stock_only: bool = False
    taken: str | None = None
    drawn: str | None = None
    result: HandResult | None = None
    past: Past = NO_HANDS
    ply: int = 0

    # ---- reading -------------------------------------------------------------------------

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def winner(self) -> int | None:
        """The seat that won the match, once it is over."""
        if self.phase != MATCH_OVER:
            return None
        return 0 if self.scores[0] >= self.options.target else 1

    @property
    def is_over(self) -> bool:
        return self.phase == MATCH_OVER

    def match_result(self) -> dict[str, Any] | None:
        """Winner, final scores and every hand's summary, once the match is over."""
        if self.phase != MATCH_OVER:
            return None
        return {
            "winner": self.winner,
            "scores": list(self.scores),
            "hands": [h.to_dict() for h in self.past],
        }

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it is not that seat's move)."""
        if seat not in (0, 1) or self.phase == MATCH_OVER:
            return []
        if self.phase == HAND_OVER:
            return [A.next_hand()]
        if seat != self.to_act:
            return []
        if self.phase == OFFER:
            return [A.take_upcard(), A.pass_upcard()]
        if self.phase == DRAW:
            return [A.draw_stock()] if self.stock_only else [A.draw_stock(), A.draw_discard()]
        hand = self.hands[seat]
        discards = [A.discard(c) for c in hand if c != self.taken]
        knocks = [A.knock(c) for c, dw in self.knock_deadwood(seat).items() if dw <= KNOCK_LIMIT]
        return discards + knocks

    def legal_types(self, seat: int) -> list[str]:
        """The types of :meth:`legal_actions`, in their order, without making the actions
        (a view shows only the types; tests/rules/test_gin_rummy_properties.py holds it to
        :meth:`legal_actions` on random play)."""
        if seat not in (0, 1) or self.phase == MATCH_OVER:
            return []
        if self.phase == HAND_OVER:
            return [A.NEXT_HAND]
        if seat != self.to_act:
            return []
        if self.phase == OFFER:
            return [A.TAKE_UPCARD, A.PASS]
        if self.phase == DRAW:
            return [A.DRAW_STOCK] if self.stock_only else [A.DRAW_STOCK, A.DRAW_DISCARD]
        knocks = any(dw <= KNOCK_LIMIT for dw in self.knock_deadwood(seat).values())
        return [A.DISCARD, A.KNOCK] if knocks else [A.DISCARD]

    def knock_deadwood(self, seat: int) -> dict[str, int]:
        """In the discard phase: for each allowed discard, the deadwood it would leave."""
        if self.phase != DISCARD or seat != self.to_act:
            return {}
        hand = self.hands[seat]
        mask = hand_mask(hand)
        return {c: deadwood_of_mask(mask - CARD_BITS[c]) for c in hand if c != self.taken}

    def check(self, seat: int, action: Action) -> IllegalAction | None:
        """The refusal ``action`` by ``seat`` would get, or None if it is legal."""
        try:
            self._check(seat, action)
        except IllegalAction as refusal:
            return refusal
        return None

    def _check(self, seat: int, action: Action) -> None:
        if seat not in (0, 1):
            raise IllegalAction("not_a_seat")
        if not isinstance(action, Action) or action.type not in A.TYPES:
            raise IllegalAction("bad_action")
        kind = action.type
        if self.phase == MATCH_OVER:
            raise IllegalAction("match_over")
        if self.phase == HAND_OVER:
            if kind != A.NEXT_HAND:
                raise IllegalAction("hand_over")
            return
        if kind == A.NEXT_HAND:
            raise IllegalAction("hand_in_play")
        if seat != self.to_act:
            raise IllegalAction("not_your_turn")
        if self.phase == OFFER:
            if kind not in (A.TAKE_UPCARD, A.PASS):
                raise IllegalAction("upcard_offer")
            return
        if kind in (A.TAKE_UPCARD, A.PASS):
            raise IllegalAction("not_upcard_offer")
        if self.phase == DRAW:
            if kind == A.KNOCK:
                raise IllegalAction("must_draw_before_knock")
            if kind == A.DISCARD:
                raise IllegalAction("must_draw_first")
            if kind == A.DRAW_DISCARD and self.stock_only:
                raise IllegalAction("must_draw_stock")
            return
        # discard phase
        if kind in (A.DRAW_STOCK, A.DRAW_DISCARD):
            raise IllegalAction("already_drew")
        card = action.card
        if card not in self.hands[seat]:
            raise IllegalAction("card_not_in_hand")
        if card == self.taken:
            raise IllegalAction("discard_just_taken")
        if kind == A.KNOCK:
            rest = [c for c in self.hands[seat] if c != card]
            if deadwood_of_mask(hand_mask(rest)) > KNOCK_LIMIT:
                raise IllegalAction("knock_too_high")

    # ---- moving --------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> Match:
        """The position after ``seat`` plays ``action``; raises :class:`IllegalAction`."""
        self._check(seat, action)
        kind = action.type
        nxt = self._apply(seat, kind, action.card)
        return _evolve(nxt, ply=self.ply + 1)

    def _apply(self, seat: int, kind: str, card: str | None) -> Match:
        if kind == A.NEXT_HAND:
            return _deal(
                self.seed,
                self.options,
                self.scores,
                self.hand_no + 1,
                self._next_dealer(),
                self.past,
            )
        event: dict[str, Any] = {"seat": seat, "type": kind}
        hands = list(self.hands)
        if kind == A.PASS:
            event["card"] = self.discard_pile[-1]
            history = (*self.history, event)
            if self.passes == 0:
                return _evolve(self, to_act=self.dealer, passes=1, history=history)
            return _evolve(
                self, phase=DRAW, to_act=self.non_dealer, passes=2, stock_only=True, history=history
            )
        if kind in (A.TAKE_UPCARD, A.DRAW_DISCARD):
            top = self.discard_pile[-1]
            event["card"] = top
            hands[seat] = (*hands[seat], top)
            return _evolve(
                self,
                phase=DISCARD,
                hands=tuple(hands),
                discard_pile=self.discard_pile[:-1],
                taken=top,
                drawn=top,
                history=(*self.history, event),
            )
        if kind == A.DRAW_STOCK:
            top = self.stock[-1]
            hands[seat] = (*hands[seat], top)
            return _evolve(
                self,
                phase=DISCARD,
                hands=tuple(hands),
                stock=self.stock[:-1],
                stock_only=False,
                taken=None,
                drawn=top,
                history=(*self.history, event),
            )
        # discard or knock
        assert card is not None
        event["card"] = card
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        pile = (*self.discard_pile, card)
        history = (*self.history, event)
        base = _evolve(
            self,
            hands=tuple(hands),
            discard_pile=pile,
            taken=None,
            drawn=None,
            history=history,
            to_act=None,
        )
        if kind == A.KNOCK:
            return base._finish(score_knock(seat, hands, card))
        if len(self.stock) <= DEAD_STOCK:
            return base._finish(dead_hand(hands))
        return _evolve(base, phase=DRAW, to_act=1 - seat)

    def _finish(self, result: HandResult) -> Match:
        scores = list(self.scores)
        if result.winner is not None:
            scores[result.winner] += result.points
        summary = HandSummary(
            self.hand_no + 1, self.dealer, result.kind, result.winner, result.points
        )
        over = max(scores) >= self.options.target
        return _evolve(
            self,
            phase=MATCH_OVER if over else HAND_OVER,
            to_act=None,
            scores=(scores[0], scores[1]),
            result=result,
            past=Past((*self.past, summary)),
        )

    def _next_dealer(self) -> int:
        assert self.result is not None
        return self.dealer if self.result.winner is None else 1 - self.dealer

    # ---- views ---------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` (0 or 1) or a spectator (None) may see, as plain data.

        Public: scores, dealer, whose move, the discard pile in order, the stock count, both
        hand sizes, this hand's public history (passes, upcard and discard-pile takes, stock
        draws without their card, discards, the knock), the finished hands and, once a hand is
        over, both hands with melds, lay-offs and the score. A pass names the upcard passed; a
        stock draw names no card. A seat also sees its own hand,
        its melds and deadwood, the card it just drew and, on its move, the types of its legal
        actions (``legal``), the card it may not discard (``forbidden``: the one just taken
        from the discard pile) and the cards it could knock with, with the deadwood left
        (``knocks``). Every other card of the hand may be discarded in the discard phase.
        Never: the stock order, or the other hand while the hand is in play.

        What changes at every move (phase, who acts, the ply count, stock and hand counts and,
        for a seat, its deadwood and move options) sits together under ``turn``, so a diff
        between two views can replace it in one operation.
        """
        return self.views([seat])[0]

    def views(self, seats: list[int | None]) -> list[dict[str, Any]]:
        """:meth:`view` for each of ``seats``, the public part built once: the views share
        its lists and dicts (a room renders every audience at each change; diffing the
        shared parts once is most of what that saves), and the match's own history events
        (copying each of them at every change cost a room 4 % of its change, for nothing:
        nobody writes to a view). Treat them as read-only."""
        for seat in seats:
            if seat not in (0, 1, None):
                raise ValueError("a view is for seat 0, seat 1 or a spectator (None)")
        turn: dict[str, Any] = {
            "phase": self.phase,
            "to_act": self.to_act,
            "ply": self.ply,
            "stock_count": len(self.stock),
            "hand_counts": [len(self.hands[0]), len(self.hands[1])],
        }
        public: dict[str, Any] = {
            "game": "gin_rummy",
            "seat": None,
            "hand_no": self.hand_no + 1,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "target": self.options.target,
            "turn": turn,
            "discard_pile": list(self.discard_pile),
            "history": list(self.history),
            "hands_played": self.past.view,
            "result": None if self.result is None else self.result.to_dict(),
            "winner": self.winner,
        }
        return [public.copy() if seat is None else self._private(public, seat) for seat in seats]

    def _private(self, public: dict[str, Any], seat: int) -> dict[str, Any]:
        """A seat's view: the public part and what only that seat may see."""
        v = public.copy()
        v["seat"] = seat
        v["turn"] = turn = dict(public["turn"])
        hand = self.hands[seat]
        arrangement = arrange(hand)
        v["hand"] = list(hand)
        v["melds"] = [list(m) for m in arrangement.melds]
        turn["deadwood"] = arrangement.deadwood
        turn["drawn"] = self.drawn if self.to_act == seat else None
        knocks = {c: dw for c, dw in self.knock_deadwood(seat).items() if dw <= KNOCK_LIMIT}
        if self.phase == DISCARD and self.to_act == seat:  # legal_types would redo the knocks
            turn["legal"] = ["discard", "knock"] if knocks else ["discard"]
        else:
            turn["legal"] = self.legal_types(seat)
        turn["forbidden"] = self.taken if self.to_act == seat else None
        turn["knocks"] = knocks
        return v


def _evolve(match: Match, **changes: Any) -> Match:
    """``dataclasses.replace(match, **changes)`` at a fifth of its cost (a move makes two):
    a Match is a frozen dataclass whose ``__init__`` only stores its fields, with no
    ``__post_init__`` and nothing cached on it, so a copy of its fields with ``changes``
    stored over them is the position ``replace`` would build
    (tests/rules/test_gin_rummy_properties.py holds it to ``replace``)."""
    moved = object.__new__(Match)
    fields = moved.__dict__
    fields.update(match.__dict__)
    fields.update(changes)
    return moved


def _deal(
    seed: int,
    options: Options,
    scores: tuple[int, int],
    hand_no: int,
    dealer: int,
    past: Past,
) -> Match:
    deck = shuffled(standard_deck(), derive_seed(seed, hand_no + 1))
    non_dealer = 1 - dealer
    hands: list[tuple[str, ...]] = [(), ()]
    hands[non_dealer] = tuple(deck[0:20:2])
    hands[dealer] = tuple(deck[1:20:2])
    return Match(
        seed=seed,
        options=options,
        scores=scores,
        hand_no=hand_no,
        dealer=dealer,
        phase=OFFER,
        to_act=non_dealer,
        hands=(hands[0], hands[1]),
        stock=tuple(reversed(deck[21:])),
        discard_pile=(deck[20],),
        history=(),
        past=past,
    )


def first_dealer(seed: int) -> int:
    """The seat that deals the first hand of the match of ``seed``."""
    return derive_seed(seed, 0) & 1


def new_match(seed: int, options: dict[str, Any] | Options | None = None) -> Match:
    """The first position of a match: hand 1 dealt, the upcard offered to the non-dealer."""
    opts = options if isinstance(options, Options) else Options.from_dict(options)
    return _deal(seed, opts, (0, 0), 0, first_dealer(seed), NO_HANDS)


def replay(
    seed: int,
    log: Iterable[tuple[int, Action | dict[str, Any]]],
    options: dict[str, Any] | Options | None = None,
) -> Match:
    """The position reached from ``seed`` by the ``(seat, action)`` pairs of ``log``."""
    match = new_match(seed, options)
    for seat, action in log:
        if not isinstance(action, Action):
            action = Action.from_dict(action)
        match = match.apply(seat, action)
    return match
