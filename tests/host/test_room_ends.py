"""Every room ends, whatever happens to the node that drives it: the timers that end a room
(grace, turn clock, expiry) are re-armed by the node that takes it over, from its log, its
presence and the deadlines the store keeps, and a sweep finds one that is overdue. In fake
time on the host harness (tests/host_harness.py), with several nodes on one store and the
set of live nodes in the test's hands (a node killed leaves it)."""

from __future__ import annotations

import pytest
from host_harness import CONFIG, FakeClock, Host, Member

from server.config import Config
from server.host.driver import SWEEP_SECONDS
from server.store.embedded import EmbeddedStore

HUMANS = [{"kind": "human"}, {"kind": "human"}]
ENDS_WITHIN = CONFIG.grace_seconds + CONFIG.lease_ms / 1000 + SWEEP_SECONDS + 1.0


@pytest.fixture
async def world(tmp_path):
    clock = FakeClock()
    store = EmbeddedStore(str(tmp_path / "db.sqlite3"), monotonic=clock.monotonic)
    live: set[str] = set()
    hosts: list[Host] = []

    def host(node_id: str, loops: bool = True) -> Host:
        config = Config(**{**CONFIG.__dict__, "node_id": node_id})
        made = Host(store, clock, config, node_id, live=lambda: set(live))
        live.add(node_id)
        hosts.append(made)
        if loops:
            made.run_loops()
        return made

    def kill(dead: Host, *survivors: Host) -> None:
        """kill -9: its loops stop where they are, and the others see it gone."""
        live.discard(dead.id)
        for other in survivors:
            other.replicas.presence.nodes_changed({dead.id}, set())

    yield clock, store, host, kill
    for made in hosts:
        await made.close()
    await store.close()


async def _seat_at(node: Host, room_id: str, seat: int) -> Member:
    """A socket of ``seat`` at ``node`` (the seat already joined)."""
    member = Member()
    replica = await node.replicas.get(room_id)
    await node.replicas.attach(member, replica, f"seat{seat}", seat)
    return member


async def test_every_room_ends_after_its_driver_dies_and_every_socket_closes(world):
    """Node a drives six rooms in play; their players' sockets are at a and at b, some seats
    already gone with their grace period running. Node a is killed; then every socket at b
    closes. Every room ends (a forfeit, in the store) within grace + lease + sweep."""
    clock, store, host, kill = world
    a, b = host("a"), host("b")
    sockets: list[tuple[str, Member]] = []
    for k in range(6):
        room_id = f"r{k}"
        replica = await a.create(room_id, seats=HUMANS)
        left = await a.sit(replica, 0)
        stays = await a.sit(replica, 1)
        sockets.append((room_id, await _seat_at(b, room_id, k % 2)))
        if k % 3 == 0:  # seat 0's socket at a closes: its grace runs on a
            a.replicas.detach(left, room_id)
        if k % 3 == 1:  # seat 1 is at b alone
            a.replicas.detach(stays, room_id)
    await clock.advance(20.0)
    assert all(r in a.driver.drives for r, _ in sockets)
    assert [await store.rooms.is_active(r) for r, _ in sockets] == [True] * 6
    kill(a, b)
    await a.tasks.close()
    for room_id, member in sockets:
        b.replicas.detach(member, room_id)
    await clock.advance(ENDS_WITHIN)
    for room_id, _ in sockets:
        assert not await store.rooms.is_active(room_id), room_id
        assert (await store.rooms.log(room_id))[-1]["kind"] == "forfeit"


async def test_a_room_taken_over_on_a_stale_copy_of_its_presence_still_ends(world):
    """Both players' sockets are at node c; node b holds a copy of each room (someone looked
    in a moment ago) whose presence says so. Node a, the driver, is killed; while nobody
    holds the lease, c's sockets close, and no node that is told of it will drive the room
    (the store tells the nodes in the room's presence and its driver: there is none). Node b
    takes the rooms over: it reads their presence again and every room still ends."""
    clock, store, host, kill = world
    a, b, c = host("a"), host("b", loops=False), host("c", loops=False)
    sockets: list[tuple[str, Member]] = []
    for k in range(3):
        room_id = f"r{k}"
        replica = await a.create(room_id, seats=HUMANS)
        for seat in (0, 1):
            a.replicas.detach(await a.sit(replica, seat), room_id)  # gone to node c
            sockets.append((room_id, await _seat_at(c, room_id, seat)))
    await clock.advance(10.0)
    for k in range(3):  # a look at each room from node b
        looker = await _seat_at(b, f"r{k}", 0)
        b.replicas.detach(looker, f"r{k}")
        assert (await b.replicas.get(f"r{k}")).others == {"c": [1, 1, 0]}
    kill(a, b, c)
    await a.tasks.close()
    for room_id, member in sockets:
        c.replicas.detach(member, room_id)
    await clock.advance(1.0)
    b.run_loops()  # b takes the rooms over (c, which has no copy, drives nothing)
    await clock.advance(ENDS_WITHIN)
    for room_id, _ in sockets:
        assert not await store.rooms.is_active(room_id), room_id


async def test_a_driver_that_missed_the_last_sockets_leaving_ends_the_room_by_its_sweep(world):
    """Node a drives a room whose players are at node c; c's sockets close and the event
    that says so never reaches a (events are at most once; the harness delivers none). The
    driver's sweep reads the room's presence again, and the seats forfeit by grace + sweep."""
    clock, store, host, _ = world
    a, c = host("a"), host("c", loops=False)
    replica = await a.create("r1", seats=HUMANS)
    sockets = []
    for seat in (0, 1):
        a.replicas.detach(await a.sit(replica, seat), "r1")
        sockets.append(await _seat_at(c, "r1", seat))
    await clock.advance(1.0)
    assert replica.others == {} and replica.room.seats[0].connected is False
    await a.driver._refresh(replica, a.driver.drives["r1"])  # as an event would tell
    assert replica.others == {"c": [1, 1, 0]} and replica.room.seats[0].connected
    for member in sockets:
        c.replicas.detach(member, "r1")
    await clock.advance(CONFIG.grace_seconds + SWEEP_SECONDS * 2)
    assert not await store.rooms.is_active("r1")
    assert (await store.rooms.log("r1"))[-1]["kind"] == "forfeit"


async def test_a_turn_clock_that_ended_without_its_move_is_armed_again_by_the_sweep(world):
    """The turn clock's task ends without playing (here cancelled, as a task that ended as
    stale or failed): the driver's sweep arms it again, and the seat out of time is played
    for within a sweep of its deadline, though nothing in the room changed."""
    clock, store, host, _ = world
    a = host("a")
    replica = await a.create("r1", seats=HUMANS, turn_seconds=30)
    await a.sit(replica, 0)
    await a.sit(replica, 1)
    drive = a.driver.drives["r1"]
    await clock.advance(1.0)
    assert drive.clock is not None
    drive.clock.cancel()
    await clock.advance(29.0 + SWEEP_SECONDS * 1.5 + 1.0)
    log = await store.rooms.log("r1")
    assert log[-1].get("auto") is True and sum(s.timeouts for s in replica.room.seats) == 1


async def test_a_grace_period_that_ended_without_its_forfeit_is_armed_again_by_the_sweep(world):
    clock, store, host, _ = world
    a = host("a")
    replica = await a.create("r1", seats=HUMANS)
    await a.sit(replica, 0)
    a.replicas.detach(await a.sit(replica, 1), "r1")
    await clock.advance(1.0)
    drive = a.driver.drives["r1"]
    assert set(drive.grace) == {1}
    drive.grace[1].cancel()
    await clock.advance(CONFIG.grace_seconds + SWEEP_SECONDS * 1.5)
    assert (await store.rooms.log("r1"))[-1]["kind"] == "forfeit"
    assert not await store.rooms.is_active("r1")
