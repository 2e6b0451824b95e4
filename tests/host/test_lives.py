"""A node's lives (server/host/membership.py): a node started again under its id after a
crash is another life; what its former life wrote (heartbeat, presence) is removed as soon
as the new life beats, and never counts meanwhile. On the embedded store and on Redis, with
real memberships and the store's presence of a room."""

from __future__ import annotations

import pytest
from host_harness import FakeClock
from stores import meta

from server.host.membership import FORGET_AFTER_MS, HEARTBEAT_SECONDS, Membership
from server.store import Store


@pytest.fixture(params=["embedded", "redis"])
def stores(request: pytest.FixtureRequest):
    return request.getfixturevalue(f"{request.param}_stores")


async def test_a_node_started_again_under_its_id_leaves_no_presence_of_its_former_life(stores):
    """Life one of node n1 has a seat and a spectator in a room, and dies (kill -9: nothing
    said). Node n1 starts again, under its id: its first beat removes what life one wrote,
    and node n2, which counted life one's sockets, counts nobody once it hears the new life
    (before life one's heartbeat would have aged out)."""
    store: Store = stores.open()
    await store.rooms.create_room("r1", meta())
    one = Membership(store.leases, "n1", lambda gone, came: None)
    await one.beat()
    await store.leases.set_presence("r1", one.name, [1, 0, 1])
    two = Membership(store.leases, "n2", lambda gone, came: None)
    await two.beat()
    if stores.kind == "redis":  # the embedded store is one process: no other node hears it
        assert one.name in two.lives and two.live == {"n1", "n2"}
    # n1 is killed, and starts again (on the embedded store: its file opened again).
    if stores.kind == "embedded":
        store = await stores.reopen(store)
    again = Membership(store.leases, "n1", lambda gone, came: None)
    assert again.life != one.life
    await again.beat()
    assert await store.leases.presence("r1") == {}
    assert set(await store.leases.heartbeat(again.name)) <= {again.name, two.name}
    if stores.kind == "redis":
        await two.beat()
        assert one.name not in two.lives and again.name in two.lives
        # An event of life one that comes late (a socket's presence, sent before the
        # crash) neither brings it back nor makes life two look older.
        await store.leases.set_presence("r1", again.name, [0, 0, 1])
        two.heard_from(one.name)
        await two.beat()
        assert one.name not in two.lives and again.name in two.lives
        assert await store.leases.presence("r1") == {again.name: [0, 0, 1]}


class Beats:
    """The heartbeats of a store (server.store.leases.LeaseStore's two methods that
    membership uses), in ``clock``'s time."""

    def __init__(self, clock) -> None:
        self.clock = clock
        self.at: dict[str, float] = {}

    async def heartbeat(self, node: str) -> dict[str, int]:
        self.at[node] = self.clock.monotonic()
        return {n: int((self.clock.monotonic() - t) * 1000) for n, t in self.at.items()}

    async def leave_cluster(self, node: str) -> None:
        self.at.pop(node, None)


async def test_the_lives_a_node_remembers_as_dead_do_not_grow_with_every_restart():
    """Node n2 is started again 200 times, ten seconds apart (a crash loop); node n1 beats
    all along. Each former life is removed and remembered as dead, but only for two
    FORGET_AFTER_MS: what n1 keeps stays bounded, and the newest life of n2 is alive."""
    clock = FakeClock()
    beats = Beats(clock)
    one = Membership(beats, "n1", lambda gone, came: None, clock=clock)
    largest = 0
    for _ in range(200):
        two = Membership(beats, "n2", lambda gone, came: None, clock=clock)
        for _ in range(10):
            await two.beat()
            clock.now += 1.0
            await one.beat()
            largest = max(largest, len(one._dead))
    assert two.name in one.lives and len(one.lives) == 2
    assert largest <= 2 * FORGET_AFTER_MS / 10_000 + 2  # the dead of the last two minutes
    assert set(beats.at) == {one.name, two.name}


async def test_a_node_not_heard_of_yet_is_not_taken_for_gone_but_one_that_fell_silent_is():
    """``gone`` (what quick pairing keeps its seekers from): the nodes heard of whose lives
    are all dead, never a node this one has not heard of yet (at a start, the others' first
    beats may come after this node's)."""
    from server.store.base import NODE_TIMEOUT_MS

    clock = FakeClock()
    beats = Beats(clock)
    one = Membership(beats, "n1", lambda gone, came: None, clock=clock)
    await one.beat()
    assert one.live == {"n1"} and one.gone == set()  # n2 has not beaten yet: unknown
    beats.at["n2/b"] = clock.monotonic()  # n2's first beat
    await one.beat()
    assert one.live == {"n1", "n2"} and one.gone == set()
    for _ in range(int(NODE_TIMEOUT_MS / 1000 / HEARTBEAT_SECONDS) + 1):  # n2 falls silent
        clock.now += HEARTBEAT_SECONDS
        await one.beat()
    assert one.live == {"n1"} and one.gone == {"n2"}
    beats.at["n2/c"] = clock.monotonic()  # n2 started again: a new life, alive
    await one.beat()
    assert one.live == {"n1", "n2"} and one.gone == set()


async def test_a_node_stalled_past_forget_after_lives_again_once_it_beats():
    """Node n2 stalls (SIGSTOP) longer than FORGET_AFTER_MS while n1 beats: n1 removes it
    (its heartbeat and presence). n2 wakes and beats: it is told to write its presence
    again, and n1 counts it alive at its next beat (not two minutes later, its players shown
    gone and its spectators uncounted meanwhile: slow fail-over trial 25, pause_driver)."""
    clock = FakeClock()
    beats = Beats(clock)
    backs: list[float] = []
    one = Membership(beats, "n1", lambda gone, came: None, clock=clock)
    two = Membership(
        beats, "n2", lambda gone, came: None, clock=clock, on_back=lambda: backs.append(clock.now)
    )
    for _ in range(3):
        await two.beat()
        await one.beat()
        clock.now += 1.0
    assert two.name in one.lives and backs == []
    for _ in range(FORGET_AFTER_MS // 1000 + 5):  # n2 stalled: n1 beats alone
        clock.now += 1.0
        await one.beat()
    assert two.name not in one.lives and two.name not in beats.at
    await two.beat()
    assert backs == [clock.now]
    clock.now += 1.0
    await one.beat()
    assert two.name in one.lives and one.live == {"n1", "n2"}
    # A former life (n2 started again under its id) stays dead all the same.
    again = Membership(beats, "n2", lambda gone, came: None, clock=clock)
    await again.beat()
    clock.now += 1.0
    await one.beat()
    assert two.name not in one.lives and again.name in one.lives
