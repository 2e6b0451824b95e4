"""Easy Harp or Réfléchi: one player's seat and spectators; everyone sees the same."""

from __future__ import annotations

from typing import Any

from server.games.solitaire import DealCodeError, IllegalMove, Solitaire, decode, variant_for
from server.games.solitaire.deals import MAX_DEAL, check_number, decode_daily
from server.games.solitaire.game import parse_action
from server.rooms.room import Room, RoomError, Standing

SOLITAIRES = ("easy_harp", "reflechi")


def check_solitaire_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """A solitaire room: one seat, a deal by code, by number, today's or a random one (from
    the room's seed).

    A day's deal (today's, or a past one by its daily code) has no number: the node fills in
    its deck ``order`` from the store (:mod:`server.services.dailies`), and ``day`` is its date.
    ``daily`` (today's date) marks today's game, kept private: its view shows no code and no
    number, and its replay opens when the day is over. (date, game, draw) is the identity of
    a daily game."""
    game, draw = meta["game"], meta.get("draw", 1)
    if draw not in (1, 3) or isinstance(draw, bool) or (game == "easy_harp" and draw != 1):
        raise RoomError("bad_room", "Réfléchi draws 1 or 3 cards; Easy Harp draws 1.")
    variant = variant_for(game, draw)
    day = None
    try:
        if meta.get("code") is not None:
            dated = decode_daily(meta["code"])
            if dated is not None:
                variant, on = dated
                number, day = None, on.isoformat()
            else:
                variant, number = decode(meta["code"])
            if variant.game != game:
                raise DealCodeError(f"That code is a deal of {variant.name}.")
        elif meta.get("order") is not None:  # today's deal
            number, day = None, meta["daily"]
        elif meta.get("number") is not None:
            number = check_number(meta["number"])
        else:
            number = 1 + meta["seed"] % MAX_DEAL
    except DealCodeError as bad:
        raise RoomError("bad_deal", str(bad)) from None
    daily = meta.get("daily") or None
    return {
        "game": game,
        "draw": variant.draw,
        "number": number,
        "day": day,
        "order": meta.get("order"),
        "seats": [{"kind": "human"}],
        "public": bool(meta.get("public", False)) and daily is None,
        "open_hands": False,
        "turn_seconds": None,
        "seed": meta["seed"],
        "daily": daily,
        "created_at": meta.get("created_at", 0),
    }


class SolitaireRoom(Room):
    def start(self) -> Standing:
        self.game = self.meta["game"]
        variant = variant_for(self.game, self.meta.get("draw", 1))
        if self.meta.get("order") is not None:
            self.solitaire = Solitaire.daily(variant, self.meta["day"], self.meta["order"])
        else:
            self.solitaire = Solitaire.new(variant, self.meta["number"])
        self._shown: tuple[Solitaire, dict[str, Any]] | None = None
        return Standing(over=self.solitaire.won)

    def game_view(self, seat: int | None) -> dict[str, Any]:
        # Every audience sees the same: one view per position, not one per audience.
        # Today's game shows no code: the daily code rebuilds the deal once the day is over.
        if self._shown is None or self._shown[0] is not self.solitaire:
            view = self.solitaire.view()
            if self.meta.get("daily"):
                view["code"] = view["number"] = None
            self._shown = (self.solitaire, view)
        return self._shown[1]

    def normalize(self, action: Any) -> dict[str, Any]:
        try:
            return parse_action(action)
        except IllegalMove as refused:
            raise RoomError(refused.code, refused.message) from None

    def check(self, seat: int, action: Any) -> tuple[dict[str, Any], Solitaire]:
        try:
            clean = parse_action(action)
            after = self.solitaire.apply(clean)
        except IllegalMove as refused:
            raise RoomError(refused.code, refused.message) from None
        return clean, after

    def play(self, seat: int, action: dict[str, Any], after: Solitaire | None = None) -> Standing:
        self.solitaire = after if after is not None else self.solitaire.apply(action)  # or the log
        return Standing(over=self.solitaire.won)

    def scores(self) -> list[int]:
        return [self.solitaire.score]

    def options(self) -> dict[str, Any]:
        s = self.solitaire
        if s.day is not None:  # a day's deal: its deck order (the replay opens after the day)
            return {
                "draw": s.variant.draw,
                "number": None,
                "day": s.day,
                "order": self.meta["order"],
            }
        return {"draw": s.variant.draw, "number": s.number}

    def result(self) -> dict[str, Any]:
        s = self.solitaire
        return {"code": s.code, "won": s.won, "score": s.score, "moves": s.moves}
