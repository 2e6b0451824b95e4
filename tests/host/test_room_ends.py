"""Every room ends, whatever happens to the node that drives it: the timers that end a room
(grace, turn clock, expiry) are re-armed by the node that takes it over, from its log, its
presence and the deadlines the store keeps; a timer that ended without its entry arms the
room again; and a sweep of the store's deadline index finds a room whose driver missed
something. In fake time on the host harness (tests/host_harness.py), with several nodes on
one store and the set of live nodes in the test's hands (a node killed leaves it)."""

from __future__ import annotations

from collections import Counter

from host_harness import CONFIG, Host, Member

from server.host.driver import SWEEP_SECONDS
from server.host.replica import Replica
from server.rooms.room import new_token
from server.store.embedded import EmbeddedStore

HUMANS = [{"kind": "human"}, {"kind": "human"}]
ENDS_WITHIN = CONFIG.grace_seconds + CONFIG.lease_ms / 1000 + SWEEP_SECONDS + 1.0


async def _seat_at(node: Host, room_id: str, seat: int) -> Member:
    """A socket of ``seat`` at ``node`` (the seat already joined)."""
    member = Member()
    replica = await node.replicas.get(room_id)
    await node.replicas.attach(member, replica, f"seat{seat}", seat)
    return member


async def _played_at(driver: Host, other: Host, room_id: str) -> tuple[Replica, list[Member]]:
    """A room of two people that ``driver`` made and drives, both now at ``other``: the
    driver's replica and the two sockets."""
    replica = await driver.create(room_id, seats=HUMANS)
    sockets = []
    for seat in (0, 1):
        driver.replicas.detach(await driver.sit(replica, seat), room_id)
        sockets.append(await _seat_at(other, room_id, seat))
    return replica, sockets


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
    replica, sockets = await _played_at(a, c, "r1")
    await clock.advance(1.0)
    assert replica.others == {} and replica.room.seats[0].connected is False
    await a.driver._refresh(replica, a.driver.drives["r1"])  # as an event would tell
    assert replica.others == {"c": [1, 1, 0]} and replica.room.seats[0].connected
    for member in sockets:
        c.replicas.detach(member, "r1")
    await clock.advance(CONFIG.grace_seconds + SWEEP_SECONDS * 2)
    assert not await store.rooms.is_active("r1")
    assert (await store.rooms.log("r1"))[-1]["kind"] == "forfeit"


async def test_a_turn_clock_that_ended_without_its_move_is_armed_again_a_sweep_later(world):
    """The turn clock's task ends without playing (here cancelled, as a task that ended as
    stale or failed): it arms the room again a sweep later (Driver._rearm), and the seat out
    of time is played for within a sweep of its deadline, though nothing in the room
    changed."""
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


async def test_a_grace_period_that_ended_without_its_forfeit_is_armed_again_a_sweep_later(world):
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


# ---- the deadline index: a sweep reads the rooms due, not every room ---------------------


class Counted:
    """A concern of the real store whose every call is counted by name (``calls``), then
    made as it was asked."""

    def __init__(self, inner, calls: Counter) -> None:
        self._inner, self._calls = inner, calls

    def __getattr__(self, name: str):
        found = getattr(self._inner, name)
        if not callable(found):
            return found

        def call(*args, **kwargs):
            self._calls[name] += 1
            return found(*args, **kwargs)

        return call


def counting(store: EmbeddedStore) -> Counter:
    """Count every call to the store's rooms and leases from now on."""
    calls: Counter = Counter()
    store.rooms = Counted(store.rooms, calls)  # type: ignore[assignment]
    store.leases = Counted(store.leases, calls)  # type: ignore[assignment]
    return calls


async def test_a_driver_that_never_hears_of_another_nodes_sockets_learns_of_them_by_its_sweep(
    world,
):
    """Node a drives a room whose players went to node c; no event of theirs reaches a (the
    harness delivers none). Their coming marks the room due in the store, and a's sweep reads
    its presence: the seats are not forfeited while they are at c. Their leaving marks it
    again: the seats forfeit by grace + a sweep after they left, not before grace."""
    clock, store, host, _ = world
    a, c = host("a"), host("c", loops=False)
    replica, sockets = await _played_at(a, c, "r1")
    await clock.advance(SWEEP_SECONDS + 1.0)
    assert replica.others == {"c": [1, 1, 0]} and replica.room.seats[0].connected
    await clock.advance(CONFIG.grace_seconds)
    assert await store.rooms.is_active("r1")  # at c all along: nobody forfeits
    assert await store.rooms.due(clock.wall_ms(), 10) == []  # looked at: nothing due
    left = clock.wall_ms()
    for member in sockets:
        c.replicas.detach(member, "r1")
    await clock.advance(CONFIG.grace_seconds + SWEEP_SECONDS + 1.0)
    assert not await store.rooms.is_active("r1")
    last = (await store.rooms.log("r1"))[-1]
    assert last["kind"] == "forfeit" and last["at"] >= left + CONFIG.grace_seconds * 1000


async def test_a_sweep_reads_the_rooms_due_not_every_room_it_drives(world):
    """Node a drives many rooms whose players are at node c (people on other nodes: once a
    room a sweep re-read every few seconds). With none due, a sweep is one read of the
    index (one per room group on Redis: a fixed number), whatever the rooms driven; and a
    room whose presence changes is looked at, alone."""
    clock, store, host, _ = world
    a, c = host("a"), host("c", loops=False)
    rooms, sockets = [f"r{k}" for k in range(24)], {}
    for room_id in rooms:
        _, (sockets[room_id, 0], sockets[room_id, 1]) = await _played_at(a, c, room_id)
    await clock.advance(SWEEP_SECONDS * 2)  # every room looked at once: nothing due now
    for room_id in rooms:  # as events would tell (they did here: by the sweep)
        await a.driver._refresh(a.replicas.rooms[room_id], a.driver.drives[room_id])
    assert all(a.replicas.rooms[r].others == {"c": [1, 1, 0]} for r in rooms)
    calls = counting(store)
    await clock.advance(SWEEP_SECONDS * 4)
    swept = {n: k for n, k in calls.items() if n not in ("renew", "lapsed")}
    assert swept == {"due": 4}, swept  # renew (one for all) and lapsed: the lease loops
    calls.clear()
    c.replicas.detach(sockets["r3", 0], "r3")
    await clock.advance(SWEEP_SECONDS + 1.0)
    assert calls["presence"] == 1 and calls["deadlines"] == 1  # r3 alone
    assert not a.replicas.rooms["r3"].room.seats[0].connected
    assert set(a.driver.drives["r3"].starts) == {"grace:0"}


async def test_a_socket_gone_before_its_join_attaches_holds_no_seat(world):
    """A socket can close while its join (or resume, or watch) waits on the store: the node
    drops what the socket holds then, which is not yet that room. The join's subscription
    made after must not count the dead socket as the seat's: else the seat stays connected
    for ever, no grace runs, and the match never ends (a browser test saw it: a player who
    closed the page right after accepting a rematch left it in play, "connected")."""
    clock, store, host, _ = world
    a = host("a")
    replica = await a.create("r", seats=HUMANS)
    await a.sit(replica, 0)
    token = new_token()
    await a.replicas.commits.write(replica, lambda: replica.room.join_entry(1, "Bob", token))
    gone = Member()
    gone.lost()  # the socket ends while the join is on its way...
    a.replicas.drop_socket(gone)  # ...and the node drops what it held (not this room yet)
    await a.replicas.attach(gone, replica, "seat1", 1)  # then the join subscribes it
    assert "r" not in gone.rooms
    assert not replica.room.view("spectators")["room"]["seats"][1]["connected"]
    await clock.advance(CONFIG.grace_seconds + CONFIG.lease_ms / 1000 + 1.0)
    log = await store.rooms.log("r")
    assert log[-1]["kind"] == "forfeit" and log[-1]["seat"] == 1, log[-1]
