"""The room host in one process, in fake time (tests/host_harness.py): the real replicas and
driver on a real embedded store, with a clock that moves only when the test says. What
happens by itself in a room (grace periods, turn clocks, bots, rooms nobody joins, a lease
that lapses) is tested as the rules say it, in seconds of the game, without waiting them."""

from __future__ import annotations

import logging

import pytest
from host_harness import CONFIG, FakeClock, Host, Member

from server.config import Config
from server.host.driver import AWAYS_PER_SEAT
from server.host.presence import LEAVING_AFTER
from server.logs import logger
from server.store.embedded import EmbeddedStore

HUMANS = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]


@pytest.fixture
async def world(tmp_path):
    clock = FakeClock()
    store = EmbeddedStore(str(tmp_path / "db.sqlite3"), monotonic=clock.monotonic)
    hosts: list[Host] = []

    def host(node_id: str = "n1", **config) -> Host:
        made = Host(store, clock, Config(**{**CONFIG.__dict__, "node_id": node_id, **config}))
        hosts.append(made)
        return made

    yield clock, store, host
    for made in hosts:
        await made.close()
    await store.close()


async def test_a_player_who_leaves_forfeits_after_the_grace_period(world):
    clock, store, host = world
    node = host()
    replica = await node.create("r1", seats=HUMANS)
    await node.sit(replica, 0)
    leaver = await node.sit(replica, 1)
    room = replica.room
    assert room.status == "playing"
    node.replicas.detach(leaver, "r1")
    await clock.advance(LEAVING_AFTER)
    assert room.seats[1].connected is False  # shown as gone, its grace running
    await clock.advance(59.0)
    assert room.status == "playing"
    # The view says when the grace runs out, a second into it (the same on every node).
    left = room.seats[1].away_until - clock.wall_ms()
    assert 0 < left <= 1000
    await clock.advance(1.0)
    assert (room.status, room.forfeit, room.forfeit_reason, room.winner) == (
        "finished",
        1,
        "left",
        0,
    )
    assert [e["kind"] for e in await store.rooms.log("r1")] == ["join", "join", "away", "forfeit"]


async def test_a_player_back_within_the_grace_period_keeps_the_seat(world):
    clock, _, host = world
    node = host()
    replica = await node.create("r1", seats=HUMANS)
    await node.sit(replica, 0)
    leaver = await node.sit(replica, 1)
    node.replicas.detach(leaver, "r1")
    await clock.advance(45.0)
    assert replica.room.seats[1].away_until is not None
    await node.replicas.attach(leaver, replica, "seat1", 1)
    await clock.advance(120.0)
    assert replica.room.status == "playing" and replica.room.seats[1].connected
    assert replica.room.seats[1].away_until is None


async def test_a_seat_whose_connection_flaps_logs_a_bounded_number_of_away_entries(world):
    """Each going away (past a second) and coming back logs two entries; a connection that
    flaps for as long as it likes stops adding them at AWAYS_PER_SEAT, the last of them
    saying it is back, and its grace still forfeits it when it stays away."""
    clock, store, host = world
    node = host()
    replica = await node.create("r1", seats=HUMANS)
    await node.sit(replica, 0)
    leaver = await node.sit(replica, 1)
    for _ in range(AWAYS_PER_SEAT):
        node.replicas.detach(leaver, "r1")
        await clock.advance(3.0)
        await node.replicas.attach(leaver, replica, "seat1", 1)
        await clock.advance(1.0)
    kinds = [e["kind"] for e in await store.rooms.log("r1")]
    assert kinds.count("away") == AWAYS_PER_SEAT
    assert replica.room.seats[1].away_until is None and replica.room.status == "playing"
    node.replicas.detach(leaver, "r1")
    await clock.advance(CONFIG.grace_seconds + 1.0)
    assert (replica.room.status, replica.room.forfeit) == ("finished", 1)
    assert [e["kind"] for e in await store.rooms.log("r1")].count("away") == AWAYS_PER_SEAT


async def test_the_turn_clock_plays_for_a_seat_out_of_time_and_forfeits_it_at_the_limit(world):
    clock, _, host = world
    node = host()
    replica = await node.create("r1", seats=HUMANS, turn_seconds=30)
    await node.sit(replica, 0)
    await node.sit(replica, 1)
    room = replica.room
    first = room.match.to_act
    await clock.advance(29.0)
    assert sum(s.timeouts for s in room.seats) == 0
    await clock.advance(1.0)  # the clock runs out: a safe move for the seat, one timeout
    assert room.seats[first].timeouts == 1 and room.log[-1].get("auto") is True
    for _ in range(10):
        if room.status == "finished":
            break
        await clock.advance(30.0)
    assert room.status == "finished" and room.forfeit_reason == "timeouts"
    assert room.seats[room.forfeit].timeouts == CONFIG.max_timeouts


async def test_bots_move_one_after_another_with_their_delay_between(world):
    clock, _, host = world
    node = host()
    replica = await node.create("r1", seats=BOTS)
    room = replica.room
    await clock.advance(0.0)
    assert len(room.log) == 0
    await clock.advance(0.8)
    assert len(room.log) == 1
    await clock.advance(0.4)
    assert len(room.log) == 1  # half a delay: nothing yet
    await clock.advance(0.4 + 0.8 * 9)
    assert len(room.log) == 11
    seats = [e["seat"] for e in room.log]
    assert all(e["kind"] == "act" and not e.get("auto") for e in room.log) and set(seats) == {0, 1}


async def test_a_room_nobody_joins_closes_after_its_time(world):
    clock, store, host = world
    node = host()
    replica = await node.create("r1", seats=HUMANS)
    await clock.advance(599.0)
    assert replica.room.status == "waiting"
    await clock.advance(1.0)
    assert replica.room.status == "finished" and replica.room.closed == "unjoined"
    assert not await store.rooms.is_active("r1")


async def test_a_lapsed_lease_is_taken_by_another_node_and_the_first_cannot_write(world):
    """Node a stops renewing (it paused, or its network went): its lease lapses, node b
    takes the room and plays its bots; a's automatic moves are fenced from then on, so the
    log holds each move once, all written under one lease at a time."""
    clock, store, host = world
    a, b = host("a"), host("b")
    replica = await a.create("r1", seats=BOTS)
    b.run_loops()  # a drives, and never renews
    await clock.advance(1.6)
    assert len(replica.room.log) == 2 and "r1" in a.driver.drives
    await clock.advance(2.0)  # past the lease: b's scan takes it
    assert "r1" in b.driver.drives
    await clock.advance(8.0)
    log = await store.rooms.log("r1")
    tokens = [e["lease"] for e in log]
    assert tokens == sorted(tokens) and len(set(tokens)) == 2  # a's, then b's
    assert len(log) >= 10
    assert "r1" not in a.driver.drives  # fenced: a gave up as soon as it tried


async def test_a_solitaire_left_alone_waits_for_its_player_then_ends_as_abandoned(world):
    clock, store, host = world
    node = host(abandoned_seconds=3600.0)
    replica = await node.create("r1", game="easy_harp", number=9)
    player = await node.sit(replica, 0)
    await node.replicas.commits.act(replica, 0, {"type": "stock"}, "c")
    node.replicas.detach(player, "r1")
    await clock.advance(CONFIG.grace_seconds * 10)  # no grace period: nobody forfeits
    assert replica.room.status == "playing" and replica.room.forfeit is None
    await clock.advance(3600.0)
    assert replica.room.status == "finished" and replica.room.closed == "abandoned"
    replay = await store.replays.replay("r1")
    assert replay is not None and replay["result"]["closed"] == "abandoned"


async def _lose_last(store: EmbeddedStore, room_id: str, count: int) -> None:
    """What a Redis that lost its last second does to a room's log: its last ``count``
    entries are gone (here, on the embedded store, by hand)."""
    (length,) = await store.rooms.lengths([room_id])
    await store.sqlite.run(
        store.sqlite.query,
        "DELETE FROM log WHERE room = ? AND idx >= ?",
        (room_id, length - count),
    )
    store.rooms._lengths_known.pop(room_id, None)


class Lines(logging.Handler):
    """The server's log lines of one event, as (level, fields), while installed."""

    def __init__(self, event: str) -> None:
        super().__init__()
        self.event, self.found = event, []

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage() == self.event:
            self.found.append((record.levelname, record.fields))

    def __enter__(self) -> list:
        logger.addHandler(self)
        return self.found

    def __exit__(self, *exc) -> None:
        logger.removeHandler(self)


async def test_a_loss_is_an_error_where_a_lost_entry_was_acknowledged_else_a_warning(world):
    """What ``log_lost`` says: of the entries lost, how many were people's, how many of
    those this node had acknowledged (an error: a promise broken, said by the one node that
    knows it) and how many the driver's own (a bot's moves, acknowledged to nobody and
    played again: a warning, as for a copy of people's entries another node wrote)."""
    clock, store, host = world
    node, other = host(), host("b")
    bots = await node.create("r1", seats=BOTS)
    people = await node.create("r2", seats=HUMANS)
    await node.sit(people, 0)
    await node.sit(people, 1)
    await other.replicas.get("r2")  # node b holds a copy
    await clock.advance(0.8 * 4)
    await _lose_last(store, "r1", 2)
    await _lose_last(store, "r2", 1)  # seat 1's join, written and answered by node n1
    with Lines("log_lost") as lines:
        await node.replicas.commits.check()
        await other.replicas.commits.check()
        await clock.advance(0.0)
    assert len(lines) == 3, lines
    by = [
        (level, f["room"], f["lost"], f["people"], f["acknowledged"], f["automatic"])
        for level, f in lines
    ]
    assert sorted(by) == [
        ("ERROR", "r2", 1, 1, 1, 0),  # node n1 answered that join
        ("WARNING", "r1", 2, 0, 0, 2),  # the bots' moves
        ("WARNING", "r2", 1, 1, 0, 0),  # node b's copy of n1's join
    ]
    what = next(f["what"] for level, f in lines if f["room"] == "r1")
    assert "2 entries this node had applied (0 of people, 0 of them acknowledged" in what
    assert len(bots.room.log) >= 2  # the bots played on


async def test_a_driver_whose_copy_outgrew_the_log_reloads_the_room_and_plays_on(world):
    """The store lost the last entries the driver had applied: its next move finds the log
    shorter, the room is rebuilt from the log under a new epoch (its sockets get a
    snapshot), the loss is counted, and the bots go on from there, never stuck."""
    from server import metrics

    clock, store, host = world
    node = host()
    replica = await node.create("r1", seats=BOTS)
    watcher = await node.watch(replica)
    await clock.advance(0.8 * 6)
    assert len(replica.room.log) == 6
    before, epoch = metrics.LOST_ENTRIES._value.get(), replica.room.epoch
    await _lose_last(store, "r1", 2)
    watcher.received.clear()
    await clock.advance(0.8 * 5)
    log = await store.rooms.log("r1")
    assert len(log) >= 7 and list(replica.room.log) == log  # played on from entry 4
    assert replica.room.epoch != epoch
    assert metrics.LOST_ENTRIES._value.get() - before == 2
    snapshots = [m for m in watcher.received if m["t"] == "snapshot"]
    assert len(snapshots) == 1 and snapshots[0]["epoch"] == replica.room.epoch


async def test_a_quiet_room_whose_log_lost_entries_is_reloaded_by_the_periodic_check(world):
    clock, store, host = world
    node = host()
    replica = await node.create("r1", seats=HUMANS)
    a = await node.sit(replica, 0)
    await node.sit(replica, 1)
    first = replica.room.match.to_act
    await node.replicas.commits.act(replica, first, {"type": "pass"}, "c1")
    assert len(replica.room.log) == 3
    await _lose_last(store, "r1", 1)
    a.received.clear()
    await node.replicas.commits.check()
    await clock.advance(0.0)
    assert len(replica.room.log) == 2 and list(replica.room.log) == await store.rooms.log("r1")
    assert [m["t"] for m in a.received] == ["snapshot"]
    # The seat acts again from the table it now sees, and the move is written.
    await node.replicas.commits.act(replica, first, {"type": "pass"}, "c2")
    assert len(await store.rooms.log("r1")) == 3


async def test_a_grace_period_counts_from_the_departure_across_a_change_of_driver(world):
    """Seat 1 leaves; half-way through its grace period the driving node dies and another
    takes the room over. The seat forfeits when the grace period that began at its
    departure ends, not a whole period after the take-over."""
    clock, _, host = world
    a, b = host("a"), host("b")
    replica = await a.create("r1", seats=HUMANS)
    await a.sit(replica, 0)
    leaver = await a.sit(replica, 1)
    theirs = await b.replicas.get("r1")
    await b.replicas.attach(Member(), theirs, "seat0", 0)  # seat 0 is also at node b
    a.run_loops()
    b.run_loops()
    a.replicas.detach(leaver, "r1")
    await clock.advance(LEAVING_AFTER + 30.0)
    assert "r1" in a.driver.drives and theirs.room.status == "playing"
    await a.tasks.close()  # node a dies: its lease lapses, b takes the room
    await clock.advance(5.0)
    assert "r1" in b.driver.drives
    await clock.advance(24.0)  # 59 s after the departure
    assert theirs.room.status == "playing"
    await clock.advance(1.5)
    assert (theirs.room.status, theirs.room.forfeit, theirs.room.forfeit_reason) == (
        "finished",
        1,
        "left",
    )


async def test_a_room_nobody_joins_closes_on_time_across_changes_of_driver(world):
    clock, store, host = world
    a, b, c = host("a"), host("b"), host("c")
    await a.create("r1", seats=HUMANS)
    a.run_loops()
    await clock.advance(250.0)
    await a.tasks.close()  # a dies
    b.run_loops()
    await clock.advance(250.0)
    assert "r1" in b.driver.drives
    await b.tasks.close()  # and then b
    c.run_loops()
    await clock.advance(99.0)  # 599 s after the room was made
    assert await store.rooms.is_active("r1")
    await clock.advance(5.0)
    assert not await store.rooms.is_active("r1")
    assert (await store.rooms.log("r1"))[-1]["kind"] == "close"
