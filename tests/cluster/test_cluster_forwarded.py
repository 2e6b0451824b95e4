"""X-Forwarded-For through the real HAProxy (deploy/haproxy.cfg, ``option forwardfor``): a
client that sends its own line gets a second one added by HAProxy, and still connects (it
used to get a 502); the node believes only the hop its trusted proxy added. One node
behind HAProxy, clients from distinct loopback addresses (127.0.0.x) so that the address
HAProxy sees differs from the proxy's own (127.0.0.1, the trusted one)."""

from __future__ import annotations

import pytest
from e2e_play import refused

from protocol.client import Client
from tools.cluster import LocalCluster

ENV = {
    "CARDROOM_BOT_WORKERS": "1",
    "CARDROOM_SOLVER_WORKERS": "1",
    "CARDROOM_TRUSTED_PROXIES": "127.0.0.1",
    "CARDROOM_ADDRESS_PLAYERS": "1",
    "LOG_LEVEL": "warning",
}


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    with LocalCluster(tmp_path_factory.mktemp("forwarded"), nodes=1, env=ENV) as running:
        yield running


async def _client(cluster: LocalCluster, source: str, own: str | None) -> Client:
    """A client connected through HAProxy from ``source``, with its own X-Forwarded-For."""
    client = Client(cluster.ws, headers=[("X-Forwarded-For", own)] if own else None)
    client.connect_options = {"local_addr": (source, 0)}
    return await client.connect()


async def test_a_clients_own_x_forwarded_for_passes_haproxy_and_is_not_believed(cluster):
    opened = []
    try:
        first = await _client(cluster, "127.0.0.5", "198.51.100.1")
        opened.append(first)
        await first.new_player("A")
        # The same address behind another line of its own: still 127.0.0.5, over its limit.
        again = await _client(cluster, "127.0.0.5", "198.51.100.2, 203.0.113.9")
        opened.append(again)
        assert "address" in await refused(again, "too_many_players", "player_new", name="B")
        other = await _client(cluster, "127.0.0.6", "127.0.0.5")  # another, naming the first
        opened.append(other)
        await other.new_player("C")
    finally:
        for client in opened:
            await client.close()
