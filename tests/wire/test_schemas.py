"""The JSON Schemas of the views (protocol/schemas/) against real views: rooms driven through
the real room code by random play (every phase, every way a hand ends, forfeits, timeouts,
closed rooms), solitaires played at random and to a win, and views rebuilt from snapshots and
patches over the wire; and the schemas refuse views holding what their audience may not see.

jsonschema validates a view in a few milliseconds, so random play validates every position
that ends a hand and a sample of the others."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from collections import Counter

import pytest
from e2e_play import connect, play
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from solitaire_play import candidates, ladder_deal, win
from view_schemas import SCHEMAS, check, errors, kind_of
from waiting import until

from protocol.client import Client
from server.games.gin_rummy import Action
from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3, IllegalMove, Solitaire
from server.rooms import AUDIENCES, Move, check_meta, entry_of, make_room
from server.rooms.gin import default_action
from server.rooms.room import new_token
from server.services.dailies import solitaire_orders

HUMANS = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "expert"}]
START_MS = 1_800_000_000_000


class Table:
    """A room driven entry by entry through the room code the server runs (no I/O)."""

    def __init__(self, seats, seed: int, **options) -> None:
        meta = check_meta({"seats": seats, "seed": seed, "created_at": 1.0e9, **options})
        self.room = make_room(f"t{seed % 10**9}", meta)
        self.at = START_MS

    @classmethod
    def solitaire(cls, variant, number: int) -> Table:
        return cls([], 5, game=variant.game, draw=variant.draw, number=number)

    def commit(self, made: dict | Move) -> None:
        entry = entry_of(made)
        entry["at"] = self.at
        self.at += 1500
        self.room.apply(made)

    def sit(self, *seats: int) -> None:
        for seat in seats:
            self.commit(self.room.join_entry(seat, f"Player {seat}", new_token()))
        self.room.set_presence([True] * len(self.room.seats), 2)

    def views(self) -> list[dict]:
        return [self.room.view(a) for a in AUDIENCES]


def choose(match, seat: int, rng: random.Random, limits: list[int]) -> Action:
    """A varied player: knocks at or under its own deadwood limit (0: only gin), usually
    discards its highest loose card, sometimes anything legal, so that hands end by knocks,
    gins, undercuts and dead stock."""
    legal = match.legal_actions(seat)
    left = match.knock_deadwood(seat)
    knocks = [a for a in legal if a.type == "knock" and left[a.card] <= limits[seat]]
    if knocks:
        return rng.choice(knocks)
    if match.phase == "discard" and rng.random() < 0.85:
        return default_action(match, seat)
    return rng.choice(legal)


def play_gin(table: Table, rng: random.Random, sample: float, max_plies: int = 4000):
    """Play the table's match to its end; yields every view of positions that end a hand
    and of a ``sample`` of the others, with the position's phase and result kind."""
    room = table.room
    limits = [rng.choice([0, 0, 2, 5, 10]), rng.choice([0, 3, 10])]
    for _ in range(max_plies):
        match = room.match
        if room.status == "finished":
            break
        seat = match.to_act if match.to_act is not None else rng.randrange(2)
        action = choose(match, seat, rng, limits)
        table.commit(room.act_entry(seat, action.to_dict(), f"c{room.seq}"))
        after = room.match
        if after.phase in ("offer", "hand_over", "match_over") or rng.random() < sample:
            kind = after.result.kind if after.result is not None else None
            yield after.phase, kind, table.views()


def test_every_schema_is_a_valid_draft_2020_12_schema_with_its_file_name_as_id():
    paths = sorted(SCHEMAS.glob("*.schema.json"))
    assert len(paths) >= 7
    for path in paths:
        schema = json.loads(path.read_text())
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"] == path.name and schema.get("description")


def test_random_matches_reach_every_phase_and_end_and_every_view_fits():
    """Twelve matches to 40 between two humans (with a turn clock), a human and a bot, and
    two bots with open hands: every phase, every kind of hand end, the end of the match."""
    phases, kinds, audiences = Counter(), Counter(), Counter()
    for seed in range(12):
        rng = random.Random(seed)
        kind = seed % 3
        if kind == 0:
            table = Table(HUMANS, seed, target=40, turn_seconds=30, public=True)
            table.sit(0, 1)
        elif kind == 1:
            table = Table([{"kind": "human"}, BOTS[1]], seed, target=40, daily="2026-12-01")
            table.sit(0)
        else:
            table = Table(BOTS, seed, target=40, open_hands=True, public=True)
        for view in table.views():
            check(view)
        for phase, result, views in play_gin(table, rng, sample=0.02):
            phases[phase] += 1
            if result is not None:
                kinds[result] += 1
            for view in views:
                check(view)
                audiences[kind_of(view), view["room"]["open_hands"]] += 1
        assert table.room.status == "finished" and table.room.winner in (0, 1)
        finished = table.views()
        assert all(v["game"]["turn"]["phase"] == "match_over" for v in finished)
    assert set(phases) == {"offer", "draw", "discard", "hand_over", "match_over"}, phases
    assert {"knock", "gin", "undercut", "dead"} <= set(kinds), kinds
    assert {k for k, _ in audiences} == {"gin_rummy_seat", "gin_rummy_spectator"}
    assert ("gin_rummy_spectator", True) in audiences  # open hands seen


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), seats=st.sampled_from([HUMANS, BOTS]))
def test_views_of_random_play_fit_their_schemas(seed, seats):
    table = Table(seats, seed, target=1 + seed % 60, open_hands=seats is BOTS)
    if seats is HUMANS:
        table.sit(0, 1)
    for _, _, views in play_gin(table, random.Random(seed), sample=0.03, max_plies=600):
        for view in views:
            check(view)


def test_waiting_forfeited_timed_out_and_closed_rooms_fit():
    # A room waiting for its second player, then closed because nobody came.
    waiting = Table(HUMANS, 101, public=True)
    waiting.commit(waiting.room.join_entry(0, "Alone", new_token()))
    for view in waiting.views():
        assert view["room"]["status"] == "waiting"
        check(view)
    waiting.commit(waiting.room.close_entry("unjoined"))
    assert waiting.views()[2]["room"]["closed"] == "unjoined"
    for view in waiting.views():
        check(view)
    # The turn clock plays for a seat (one timeout per automatic action) until it forfeits.
    clocked = Table(HUMANS, 102, turn_seconds=5)
    clocked.sit(0, 1)
    assert clocked.views()[0]["room"]["deadline"] is not None
    for _ in range(3):
        seat = clocked.room.match.to_act
        action = default_action(clocked.room.match, seat).to_dict()
        clocked.commit(clocked.room.act_entry(seat, action, None, auto=True))
        for view in clocked.views():
            check(view)
    seat = max(range(2), key=lambda s: clocked.room.seats[s].timeouts)
    clocked.commit(clocked.room.forfeit_entry(seat, "timeouts"))
    view = clocked.views()[2]
    assert view["room"]["forfeit_reason"] == "timeouts" and view["room"]["deadline"] is None
    for view in clocked.views():
        check(view)
    # A player who left forfeits; the other wins.
    left = Table([{"kind": "human"}, BOTS[0]], 103)
    left.sit(0)
    left.commit(left.room.forfeit_entry(0, "left"))
    assert left.views()[0]["room"]["winner"] == 1
    for view in left.views():
        check(view)


def play_solitaire(table: Table, rng: random.Random, steps: int):
    """Random legal play (undo now and then); yields the views of a sample of positions."""
    room = table.room
    for step in range(steps):
        game = room.solitaire
        legal = []
        for action in candidates(game):
            try:
                game.apply(action)
            except IllegalMove:
                continue
            legal.append(action)
            if len(legal) >= 12:
                break
        if game.history and rng.random() < 0.1:
            legal.append({"type": "undo"})
        if not legal:
            break
        table.commit(room.act_entry(0, rng.choice(legal), None))
        if step % 9 == 0:
            yield table.views()


@pytest.mark.parametrize("variant", [EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3])
def test_solitaire_views_of_random_play_fit(variant):
    for number in (1, 77, 999_999):
        table = Table.solitaire(variant, number)
        for view in table.views():
            check(view)  # waiting for its player
        table.sit(0)
        for views in play_solitaire(table, random.Random(number), steps=150):
            for view in views:
                check(view)
                assert view["seat"] in (0, None)


@pytest.mark.parametrize(
    "game",
    [ladder_deal(), Solitaire.new(REFLECHI_DRAW1, 1), Solitaire.new(REFLECHI_DRAW3, 2)],
    ids=lambda g: g.code,
)
def test_solitaires_played_to_a_win_fit(game):
    table = Table.solitaire(game.variant, game.number)
    table.room.solitaire = game
    table.sit(0)
    for step, action in enumerate(win(game)):
        table.commit(table.room.act_entry(0, action, None))
        if step % 20 == 0:
            for view in table.views():
                check(view)
    views = table.views()
    assert views[0]["game"]["won"] and views[0]["room"]["status"] == "finished"
    for view in views:
        check(view)


def test_days_deals_fit_and_todays_game_names_no_deal():
    order = solitaire_orders(EASY_HARP, 7)[0]
    today = Table([], 5, game="easy_harp", order=order, daily="2026-12-01")
    past = Table([], 6, game="easy_harp", order=order, code="EH1-N-D20261201")
    for table in (today, past):
        table.sit(0)
        for views in play_solitaire(table, random.Random(3), steps=60):
            for view in views:
                check(view)
    shown = today.views()[0]
    assert shown["game"]["code"] is None and shown["room"]["daily"] == "2026-12-01"
    assert past.views()[0]["game"]["code"] == "EH1-N-D20261201"
    named = copy.deepcopy(shown)
    named["game"]["code"] = "EH1-N-D20261201"
    assert errors("solitaire", named)  # today's game showing its code breaks the schema


def test_lobby_summaries_fit():
    for table in (Table(HUMANS, 7, public=True), Table(BOTS, 8, open_hands=True)):
        assert not errors("lobby_summary", table.room.summary())
        table.sit(*[i for i, s in enumerate(table.room.seats) if s.kind == "human"][:1])
        assert not errors("lobby_summary", table.room.summary())
    solitaire = Table.solitaire(EASY_HARP, 3)
    assert not errors("lobby_summary", solitaire.room.summary())


# ---- the schemas refuse what an audience may not see --------------------------------------


def a_hand_in_play() -> Table:
    table = Table(HUMANS, 11, public=True)
    table.sit(0, 1)
    match = table.room.match
    table.commit(table.room.act_entry(match.to_act, {"type": "pass"}, "p1"))
    return table


def test_a_spectator_view_holding_a_hand_is_refused():
    table = a_hand_in_play()
    spectator, seat0 = table.room.view("spectators"), table.room.view("seat0")
    check(spectator)
    leaked = copy.deepcopy(spectator)
    leaked["game"]["hand"] = seat0["game"]["hand"]
    assert errors("gin_rummy_spectator", leaked) and errors("view", leaked)
    melds = copy.deepcopy(spectator)
    melds["game"]["turn"]["deadwood"] = seat0["game"]["turn"]["deadwood"]
    assert errors("gin_rummy_spectator", melds)
    # Open hands in a room that is not an open-hands room.
    opened = copy.deepcopy(spectator)
    opened["game"]["open"] = [{"hand": list(h), "melds": []} for h in table.room.match.hands]
    assert errors("gin_rummy_spectator", opened) and errors("view", opened)


def test_a_seat_view_holding_the_other_hand_or_the_stock_is_refused():
    table = a_hand_in_play()
    seat0 = table.room.view("seat0")
    check(seat0)
    for key, value in (
        ("open", [{"hand": list(h), "melds": []} for h in table.room.match.hands]),
        ("opponent", list(table.room.match.hands[1])),
        ("stock", list(table.room.match.stock)),
    ):
        leaked = copy.deepcopy(seat0)
        leaked["game"][key] = value
        assert errors("gin_rummy_seat", leaked), key
    # A stock draw never names its card in the history.
    drew = copy.deepcopy(seat0)
    drew["game"]["history"].append({"seat": 1, "type": "draw_stock", "card": "AS"})
    assert errors("gin_rummy_seat", drew)
    # The seat field says whose view it is.
    other = copy.deepcopy(seat0)
    other["seat"] = 1
    assert errors("gin_rummy_seat", other)


def test_a_solitaire_view_showing_a_face_down_card_or_the_stock_is_refused():
    table = Table.solitaire(EASY_HARP, 5)
    table.sit(0)
    view = table.room.view("spectators")
    check(view)
    column = copy.deepcopy(view)
    column["game"]["columns"][8]["cards"] = list(table.room.solitaire.columns[8])
    assert errors("solitaire", column)
    stock = copy.deepcopy(view)
    stock["game"]["stock"] = list(table.room.solitaire.stock)
    assert errors("solitaire", stock)
    waste = copy.deepcopy(view)
    waste["game"]["waste"] = list(table.room.solitaire.stock[-3:])  # more than draw 1 shows
    assert errors("solitaire", waste)


def test_a_finished_or_inconsistent_view_is_told_apart():
    table = a_hand_in_play()
    view = table.room.view("spectators")
    winner = copy.deepcopy(view)
    winner["room"]["winner"] = 0  # a winner while playing
    assert errors("gin_rummy_spectator", winner)
    phase = copy.deepcopy(view)
    phase["game"]["turn"]["phase"] = "shuffle"
    assert errors("gin_rummy_spectator", phase)
    over = copy.deepcopy(view)
    over["game"]["turn"]["phase"] = "hand_over"  # over, but nobody scored it
    assert errors("gin_rummy_spectator", over)
    summary = table.room.summary()
    summary["seed"] = 12345
    assert errors("lobby_summary", summary)


# ---- views over the wire -------------------------------------------------------------------


class CheckingClient(Client):
    """A client that checks every view it holds after each snapshot and patch."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.problems: list[str] = []
        self.checked = Counter()

    def _dispatch(self, message) -> None:
        super()._dispatch(message)
        if message.get("t") in ("snapshot", "patch"):
            state = self.rooms.get(message["room"])
            if state is not None and state.view is not None:
                kind = kind_of(state.view)
                self.checked[kind] += 1
                self.problems += errors(kind, state.view)[:3]
        if message.get("t") == "lobby":
            for change in message["changes"]:
                if change["room"] is not None:
                    self.checked["lobby_summary"] += 1
                    self.problems += errors("lobby_summary", change["room"])[:3]


async def checking(server) -> CheckingClient:
    return await connect(server.ws, CheckingClient(server.ws))


async def test_views_received_over_the_wire_fit(server):
    clients = [await checking(server) for _ in range(5)]
    alice, bob, eve, carol, lobby = clients
    page = await lobby.follow_lobby()
    lobby.problems += [p for r in page["rooms"] for p in errors("lobby_summary", r)]
    # Two people with a turn clock, watched; played for two hands by bots' choices.
    room = await alice.create(HUMANS, public=True, turn_seconds=60, target=20)
    await alice.join(room, 0, "Alice")
    await eve.watch(room)
    await bob.join(room, 1, "Bob")
    await asyncio.wait_for(
        asyncio.gather(
            play(alice, room, "normal", hands=2, seed=1), play(bob, room, "easy", hands=2, seed=2)
        ),
        60,
    )
    # A person against a bot, to the end of a short match.
    versus = await carol.create([{"kind": "human"}, {"kind": "bot", "level": "easy"}], target=10)
    await carol.join(versus, 0, "Carol")
    await asyncio.wait_for(play(carol, versus, "normal", seed=3), 60)
    assert carol.rooms[versus].view["room"]["status"] == "finished"
    # Bots with open hands, watched to the end.
    shown = await eve.create(BOTS, open_hands=True, public=True, target=10)
    await eve.watch(shown)
    await eve.wait(shown, lambda s: s.view["room"]["status"] == "finished", timeout=60)
    # A solitaire won over the wire, and a Réfléchi draw 3 played a little, both watched.
    solo = await alice.create([], game="reflechi", number=1)
    await alice.join(solo, 0, "Alice")
    await bob.watch(solo)
    for action in win(Solitaire.new(REFLECHI_DRAW1, 1)):
        await alice.act(solo, action)
    await bob.wait(solo, lambda s: s.view["room"]["status"] == "finished")
    three = await carol.create([], game="reflechi", draw=3, number=2, public=True)
    await carol.join(three, 0, "Carol")
    for action in win(Solitaire.new(REFLECHI_DRAW3, 2))[:30]:
        await carol.act(three, action)
    # The last lobby changes (batched every 50 ms): the follower sees the final score.
    final = [carol.rooms[three].view["game"]["score"]]
    await until(lambda: (lobby.lobby_rooms or {}).get(three, {}).get("scores") == final)
    for client in clients:
        assert not client.problems, client.problems[:5]
    seen = sum((c.checked for c in clients), Counter())
    assert seen["gin_rummy_seat"] > 20 and seen["gin_rummy_spectator"] > 20, seen
    assert seen["solitaire"] > 150 and seen["lobby_summary"] >= 3, seen
    # The final views also fit the schema of any view.
    for client in clients:
        for state in client.rooms.values():
            if state.view is not None:
                assert not errors("view", state.view)
