"""The room host and the services in one process: replicas, the driver, bots, the solver's
fair queue, dailies, reviews, replay frames, the featured game, the node's supervised loops.

What happens by itself in a room (grace periods, turn clocks, bots' delays, rooms nobody
joins, leases) is tested here in fake time: tests/host_harness.py runs the real host on a
clock that moves only when the test says, so "after 60 s the seat forfeits" takes
milliseconds and never depends on how busy the machine is. Stores come from
tests/stores.py (``store``) or are opened on the test's own files."""

from __future__ import annotations

import pytest
from host_harness import CONFIG, FakeClock, Host

from server.config import Config
from server.store.embedded import EmbeddedStore


@pytest.fixture
async def world(tmp_path):
    """Several nodes on one embedded store in fake time: (clock, store, host, kill).
    ``host(node_id, loops=True)`` starts a node (its loops running unless ``loops`` is
    False); ``kill(dead, *survivors)`` stops counting a node alive, as kill -9 would."""
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
