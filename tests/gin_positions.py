"""Build Gin Rummy positions written in card codes, for tests that read as the rules; and what
a view must not show (``hidden_from``), for the rules' tests and the end-to-end ones."""

from __future__ import annotations

from collections.abc import Sequence

from server.games.cards import CARDS
from server.games.gin_rummy.bots import make_bot
from server.games.gin_rummy.game import DRAW, HAND_OVER, MATCH_OVER, Match, Options, new_match


def cards(text: str) -> list[str]:
    return text.split()


def position(
    hand0: str,
    hand1: str,
    discard_pile: str = "",
    stock_top: str = "",
    *,
    stock_count: int | None = None,
    dealer: int = 0,
    to_act: int = 1,
    phase: str = DRAW,
    scores: tuple[int, int] = (0, 0),
    target: int = 100,
    taken: str | None = None,
    stock_only: bool = False,
) -> Match:
    """A mid-hand position holding all 52 cards.

    ``stock_top`` lists the next stock cards, first drawn first; the other unused cards fill
    the stock below them. With ``stock_count`` the stock is cut to that size and the spare
    cards go under the discard pile.
    """
    h0, h1, pile, top = cards(hand0), cards(hand1), cards(discard_pile), cards(stock_top)
    used = h0 + h1 + pile + top
    twice = sorted({c for c in used if used.count(c) > 1})
    assert not twice, f"cards twice in the fixture: {twice}"
    rest = [c for c in CARDS if c not in set(used)]
    stock = rest + list(reversed(top))
    if stock_count is not None:
        cut = len(stock) - stock_count
        assert cut >= 0
        pile = stock[:cut] + pile
        stock = stock[cut:]
    return Match(
        seed=1,
        options=Options(target=target),
        scores=scores,
        hand_no=0,
        dealer=dealer,
        phase=phase,
        to_act=to_act,
        hands=(tuple(h0), tuple(h1)),
        stock=tuple(stock),
        discard_pile=tuple(pile),
        history=(),
        taken=taken,
        stock_only=stock_only,
    )


def all_cards(match: Match) -> Sequence[str]:
    return [*match.hands[0], *match.hands[1], *match.stock, *match.discard_pile]


def bot_match(seed: int, levels: tuple[str, str], target: int = 25) -> dict:
    """A whole match of two bots, as a stored replay holds it: seed, options, actions."""
    match = new_match(seed, {"target": target})
    bots = [make_bot(levels[0], seed), make_bot(levels[1], seed + 1)]
    log = []
    while not match.is_over:
        for seat in (0, 1):
            action = bots[seat].act(match.view(seat))
            if action is not None and match.check(seat, action) is None:
                log.append((seat, action.to_dict()))
                match = match.apply(seat, action)
                break
    return {"seed": seed, "options": {"target": target}, "actions": log}


def strings_in(value):
    """Every string anywhere inside a view (keys and values)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings_in(v)


def hidden_from(match, seat):
    """Cards ``seat`` (None: a spectator) may not see: the stock, and hands not yet public."""
    hidden = set(match.stock)
    if match.phase in (HAND_OVER, MATCH_OVER):
        return hidden
    public_takes = {
        e["card"] for e in match.history if e["type"] in ("take_upcard", "draw_discard")
    }
    for other in (0, 1):
        if other != seat:
            hidden |= set(match.hands[other]) - public_takes
    return hidden
