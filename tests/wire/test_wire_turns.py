"""A socket's requests are served by one task at a time (``Wire._drain``), one request a step
of the loop while more wait: a socket that sends many at once never holds the loop, and a
socket with none left ends its task at once (issue 52: no extra step for the usual action)."""

from __future__ import annotations

from waiting import until
from wires import Accepting, Peer


async def test_sockets_with_requests_waiting_are_served_in_turns():
    """Two sockets that each sent five requests in one read are served in turns."""
    served: list[tuple[str, bytes]] = []

    class Recording(Accepting):
        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

        async def serve(self, _conn, data) -> None:
            served.append((self.name, data))

    peers = []
    for name in ("a", "b"):
        peer, server = await Peer.open(None, Recording(name))
        for k in range(5):
            peer.client.send_binary(b"%d" % k)
        peers.append((peer, server, b"".join(peer.client.data_to_send())))
    for _, server, data in peers:
        server.data_received(data)  # five requests in one read
    await until(lambda: len(served) == 10, 5, "the ten requests served")
    assert [name for name, _ in served] == ["a", "b"] * 5
    assert [data for name, data in served if name == "a"] == [b"%d" % k for k in range(5)]
    for peer, server, _ in peers:
        server.transport.abort()
        peer.sock.close()
