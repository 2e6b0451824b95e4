"""A Gin Rummy room: two seats (people or bots), a match to a target."""

from __future__ import annotations

from typing import Any

from server.games.gin_rummy import HAND_OVER, MATCH_OVER, Action, IllegalAction, Match, new_match
from server.games.gin_rummy.melds import VALUES, arrange
from server.rooms.room import Room, RoomError, Standing

LEVELS = ("easy", "normal", "hard", "expert")


def _seat_spec(spec: Any) -> dict[str, Any]:
    """One seat of a room's options: a human (maybe kept for one identity, by quick
    pairing) or a bot with a level."""
    if not isinstance(spec, dict) or spec.get("kind") not in ("human", "bot"):
        raise RoomError("bad_room", "Each seat is {'kind': 'human'} or a bot with a level.")
    if spec["kind"] == "bot":
        if spec.get("level") not in LEVELS:
            raise RoomError("bad_room", f"A bot level is one of {', '.join(LEVELS)}.")
        return {"kind": "bot", "level": spec["level"]}
    kept_for = spec.get("for")
    if kept_for is None:
        return {"kind": "human"}
    if not (isinstance(kept_for, str) and 0 < len(kept_for) <= 64):
        raise RoomError("bad_room", "A seat is kept for a player id.")
    return {"kind": "human", "for": kept_for}


def check_gin_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """Validate a Gin Rummy room's options; the normalised meta or RoomError."""
    seats = meta.get("seats")
    if not isinstance(seats, list) or len(seats) != 2:
        raise RoomError("bad_room", "A Gin Rummy room has two seats.")
    specs = [_seat_spec(spec) for spec in seats]
    open_hands = bool(meta.get("open_hands", False))
    if open_hands and any(s["kind"] == "human" for s in specs):
        raise RoomError("bad_room", "Open hands are only for rooms where both seats are bots.")
    turn = meta.get("turn_seconds")
    if turn is not None and (
        not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= 600
    ):
        raise RoomError("bad_room", "A turn clock is between 1 and 600 seconds, or none.")
    if sum(s["kind"] == "human" for s in specs) < 2:
        turn = None  # the clock runs only between two humans
    two_humans = sum(s["kind"] == "human" for s in specs) == 2
    rated = meta.get("rated")
    if rated is not None and not isinstance(rated, bool):
        raise RoomError("bad_room", "A room is rated (true) or not (false).")
    if rated and not two_humans:
        raise RoomError("bad_room", "Only a match between two people can be rated.")
    # Rated by default between two people (friends invited to a room), never with a bot.
    rated = two_humans if rated is None else rated
    target = meta.get("target", 100)
    if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 500:
        raise RoomError("bad_room", "A match target is between 1 and 500 points.")
    checked = {
        "game": "gin_rummy",
        "seats": specs,
        "public": bool(meta.get("public", False)),
        "open_hands": open_hands,
        "turn_seconds": turn,
        "target": target,
        "rated": rated,
        "seed": meta["seed"],
        "daily": meta.get("daily"),
        "created_at": meta.get("created_at", 0),
    }
    # Made by quick pairing (both seats kept): its driver ends it if a kept seat's player
    # does not come (server.host.driver, "no_show").
    if meta.get("paired") and all(s.get("for") for s in specs):
        checked["paired"] = True
    return checked


def open_hands(match: Match) -> list[dict[str, Any]]:
    """Both hands with their melds, for views that show everything (bot rooms, replays)."""
    return [{"hand": list(h), "melds": [list(m) for m in arrange(h).melds]} for h in match.hands]


class GinRoom(Room):
    game = "gin_rummy"
    talks = True

    def start(self) -> Standing:
        self.match: Match = new_match(self.meta["seed"], {"target": self.meta.get("target", 100)})
        return _standing(self.match)

    def game_view(self, seat: int | None) -> dict[str, Any]:
        return self.game_views([seat])[0]

    def game_views(self, seats: list[int | None]) -> list[dict[str, Any]]:
        games = self.match.views(seats)
        if self.meta.get("open_hands") and None in seats:
            shown = open_hands(self.match)
            for seat, game in zip(seats, games, strict=True):
                if seat is None:
                    game["open"] = shown
        return games

    def normalize(self, action: Any) -> dict[str, Any]:
        return _parsed(action).to_dict()

    def check(self, seat: int, action: Any) -> tuple[dict[str, Any], Match]:
        """The engine's move is made here, once: the match it leads to goes with the entry
        (:class:`server.rooms.room.Move`) to :meth:`play`."""
        parsed = _parsed(action)
        try:
            after = self.match.apply(seat, parsed)
        except IllegalAction as refused:
            raise RoomError(refused.code, refused.message) from None
        return parsed.to_dict(), after

    def play(self, seat: int, action: dict[str, Any], after: Match | None = None) -> Standing:
        self.match = (
            after if after is not None else self.match.apply(seat, Action.from_dict(action))
        )
        return _standing(self.match)

    def scores(self) -> list[int]:
        return list(self.match.scores)

    def options(self) -> dict[str, Any]:
        return {"target": self.meta.get("target", 100)}

    def progress(self) -> dict[str, Any]:
        return {
            "target": self.meta.get("target", 100),
            "hands": len(self.match.past),
            "rated": bool(self.meta.get("rated")),
        }

    def result(self) -> dict[str, Any]:
        return {"hands": [h.to_dict() for h in self.match.past]}


def _standing(match: Match) -> Standing:
    """Where ``match`` stands (the winner asked only of a match that is over)."""
    over = match.phase == MATCH_OVER
    return Standing(
        over=over,
        winner=match.winner if over else None,
        to_act=match.to_act,
        between_hands=match.phase == HAND_OVER,
    )


def _parsed(action: Any) -> Action:
    """An action from its wire form; a malformed one refused with the engine's code."""
    if isinstance(action, Action):
        return action
    try:
        return Action.from_dict(action)
    except IllegalAction as refused:
        raise RoomError(refused.code, refused.message) from None


def default_action(match: Match, seat: int) -> Action:
    """The safe move the turn clock plays for a seat that ran out of time: pass the upcard,
    draw from the stock, discard the highest loose card (never the card just taken)."""
    phase = match.phase
    if phase == "offer":
        return Action("pass")
    if phase == "draw":
        return Action("draw_stock")
    hand = match.hands[seat]
    loose = [c for c in arrange(hand).deadwood_cards if c != match.taken]
    pool = loose or [c for c in hand if c != match.taken]
    card = max(pool, key=lambda c: (VALUES[c], c))
    return Action("discard", card)
