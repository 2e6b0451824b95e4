"""Presence, heartbeats and the events nodes tell each other.

Run against both implementations (tests/stores.py)."""

from __future__ import annotations

import asyncio

from stores import Stores, entry, lobby_entry, meta

from server.store import Store


async def test_presence_is_kept_per_node_and_forgotten_with_the_node(store: Store) -> None:
    await store.rooms.create_room("r1", meta())
    await store.leases.set_presence("r1", "node-a", [1, 0, 2])
    await store.leases.set_presence("r1", "node-b", [0, 1, 0])
    assert await store.leases.presence("r1") == {"node-a": [1, 0, 2], "node-b": [0, 1, 0]}
    await store.leases.set_presence("r1", "node-a", None)
    assert await store.leases.presence("r1") == {"node-b": [0, 1, 0]}
    await store.leases.leave_cluster("node-b")
    assert await store.leases.presence("r1") == {}


async def test_a_node_hears_itself_in_its_heartbeat(store: Store) -> None:
    heard = await store.leases.heartbeat("node-a")
    assert 0 <= heard["node-a"] < 1000


async def test_lives_pulse_and_a_forgotten_life_s_pulse_goes(stores: Stores) -> None:
    """Two lives pulse (through one store, or two of Redis as two nodes do): each reads
    both, with their ages; forgetting one takes its pulse away."""
    one = stores.open()
    two = one if stores.kind == "embedded" else stores.open()
    await one.leases.pulse("n1/a")
    ages = await two.leases.pulse("n2/b")
    assert set(ages) == {"n1/a", "n2/b"} and 0 <= ages["n2/b"] <= ages["n1/a"] < 1000
    await two.leases.leave_cluster("n1/a")
    assert set(await one.leases.pulse("n2/b")) == {"n2/b"}


async def test_events_carry_entries_presence_and_lobby_changes_in_order(store: Store) -> None:
    """Node b has a socket in r1: it hears node a's entries and presence there, and the
    lobby's changes, in order."""
    await store.rooms.create_room("r1", meta())
    await store.leases.set_presence("r1", "node-b", [0, 1, 0])
    events = store.events("node-b")
    assert await anext(events) == {"k": "resync"}
    await store.rooms.append("r1", 0, entry(0), node="node-a")
    await store.leases.set_presence("r1", "node-a", [1, 0, 0])
    version, _ = await store.lobby.snapshot()
    await store.lobby.put("r1", lobby_entry("r1", 1))
    await store.lobby.remove("r1")
    got = [await asyncio.wait_for(anext(events), 5) for _ in range(4)]
    assert got == [
        {"k": "entry", "room": "r1", "index": 0, "entry": entry(0)},
        {"k": "presence", "room": "r1", "node": "node-a", "counts": [1, 0, 0]},
        {"k": "lobby", "v": version + 1, "room": "r1", "summary": lobby_entry("r1", 1)},
        {"k": "lobby", "v": version + 2, "room": "r1", "summary": None},
    ]
    assert (await store.lobby.snapshot())[0] == version + 2
    await events.aclose()


async def test_the_writer_of_an_entry_is_not_told_it(store: Store) -> None:
    """A node hears the entries other nodes write in a room it holds, never its own: it
    applied them when it wrote them (on one SQLite file as on Redis)."""
    await store.rooms.create_room("r1", meta())
    await store.leases.set_presence("r1", "node-a", [1, 0, 0])
    await store.leases.set_presence("r1", "node-b", [0, 1, 0])
    events = store.events("node-a")
    assert await anext(events) == {"k": "resync"}
    await store.rooms.append("r1", 0, entry(0), node="node-a")
    await store.rooms.append("r1", 1, entry(1), node="node-b")
    got = await asyncio.wait_for(anext(events), 5)
    assert (got["k"], got["index"]) == ("entry", 1)
    await events.aclose()


async def test_the_lobby_snapshot_holds_what_its_version_says(store: Store) -> None:
    for room_id in ("r1", "r2"):
        await store.rooms.create_room(room_id, meta())
        await store.lobby.put(room_id, lobby_entry(room_id, 1))
    version, rooms = await store.lobby.snapshot()
    assert rooms == {"r1": lobby_entry("r1", 1), "r2": lobby_entry("r2", 1)}
    await store.lobby.remove("r1")
    await store.lobby.remove("r1")  # absent: no change, no new version
    assert await store.lobby.snapshot() == (version + 1, {"r2": lobby_entry("r2", 1)})


async def test_redis_nodes_hear_each_other_and_share_leases(redis_stores: Stores) -> None:
    a, b = redis_stores.open(), redis_stores.open()
    await a.leases.heartbeat("node-a")
    heard = await b.leases.heartbeat("node-b")
    assert set(heard) == {"node-a", "node-b"}
    await a.rooms.create_room("r1", meta())
    assert await a.leases.acquire("r1", "node-a", 10_000) is not None
    assert await b.leases.acquire("r1", "node-b", 10_000) is None
    await b.leases.set_presence("r1", "node-b", [0, 0, 1])  # a spectator of r1 on node b
    events = b.events("node-b")
    assert await anext(events) == {"k": "resync"}
    await a.rooms.append("r1", 0, entry(0), node="node-a")
    assert await asyncio.wait_for(anext(events), 5) == {
        "k": "entry",
        "room": "r1",
        "index": 0,
        "entry": entry(0),
    }
    await events.aclose()


async def test_redis_tells_an_entry_to_the_nodes_holding_the_room_but_the_writer(
    redis_stores: Stores,
) -> None:
    """The room's driver (a) and the nodes with sockets in it (b) hear of an entry; the
    node that wrote it, and a node holding nothing of the room (c), do not. A room whose
    home writes its own entries, with all its sockets, costs no message at all."""
    a, b, c = redis_stores.open(), redis_stores.open(), redis_stores.open()
    await a.rooms.create_room("r1", meta())
    assert await a.leases.acquire("r1", "node-a", 10_000) is not None
    await b.leases.set_presence("r1", "node-b", [1, 0, 0])
    heard = {node: store.events(node) for node, store in (("node-a", a), ("node-c", c))}
    for events in heard.values():
        assert await anext(events) == {"k": "resync"}
    await a.rooms.append("r1", 0, entry(0), node="node-a")  # a's own: told to b alone
    await b.rooms.append("r1", 1, entry(1), node="node-b")  # told to a, the driver
    got = await asyncio.wait_for(anext(heard["node-a"]), 5)
    assert (got["k"], got["index"]) == ("entry", 1)
    await c.leases.set_presence("r1", "node-c", [0, 0, 1])  # now c has a spectator there
    await b.rooms.append("r1", 2, entry(2), node="node-b")
    got = await asyncio.wait_for(anext(heard["node-c"]), 5)
    assert (got["k"], got["index"]) == ("entry", 2)  # 0 and 1 were never sent to c
    for events in heard.values():
        await events.aclose()


async def test_many_rooms_appending_at_once_each_get_their_own_log_in_order(store: Store) -> None:
    rooms = [f"r{k}" for k in range(20)]
    for room_id in rooms:
        await store.rooms.create_room(room_id, meta())

    async def write(room_id: str) -> None:
        for i in range(5):
            await store.rooms.append(room_id, i, {**entry(i), "room": room_id})

    # Racing writers of one room among them: exactly one wins each index.
    results = await asyncio.gather(
        *(write(r) for r in rooms),
        *(store.rooms.append("r0", 5, {"writer": w}) for w in "ab"),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results[-2:]) in (
        ["Conflict", "NoneType"],
        ["Conflict", "Conflict"],  # both came before r0 had 5 entries
    )
    for room_id in rooms[1:]:
        assert await store.rooms.log(room_id) == [{**entry(i), "room": room_id} for i in range(5)]


async def test_a_node_leaving_is_forgotten_in_every_room_it_was_in(store: Store) -> None:
    """Its rooms are spread over many groups (many slots): each is cleaned up."""
    rooms = [f"room{n}" for n in range(20)]
    for room_id in rooms:
        await store.rooms.create_room(room_id, meta())
        await store.leases.set_presence(room_id, "node-a", [1, 0, 0])
        await store.leases.set_presence(room_id, "node-b", [0, 1, 0])
    await store.leases.leave_cluster("node-a")
    for room_id in rooms:
        assert await store.leases.presence(room_id) == {"node-b": [0, 1, 0]}


async def test_redis_tells_a_node_by_the_life_its_presence_is_kept_under(
    redis_stores: Stores,
) -> None:
    """Presence is kept under a node's life (``node/life``): the node's own channel is told,
    and a writer is never told its own entry, whichever of its names it wrote under."""
    a, b = redis_stores.open(), redis_stores.open()
    await a.rooms.create_room("r1", meta())
    await a.leases.set_presence("r1", "node-a/one", [1, 0, 0])
    await b.leases.set_presence("r1", "node-b/two", [0, 1, 0])
    heard = {node: store.events(node) for node, store in (("node-a", a), ("node-b", b))}
    for events in heard.values():
        assert await anext(events) == {"k": "resync"}
    await a.rooms.append("r1", 0, entry(0), node="node-a")  # told to b alone
    await b.rooms.append("r1", 1, entry(1), node="node-b")  # told to a alone
    got = [await asyncio.wait_for(anext(heard[n]), 5) for n in ("node-a", "node-b")]
    assert [(e["k"], e["index"]) for e in got] == [("entry", 1), ("entry", 0)]
    for events in heard.values():
        await events.aclose()
