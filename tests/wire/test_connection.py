"""A connection's sends: a client that does not read is cut off, not waited for (a flood is
the wire's: test_wire_frames.py)."""

from server.services.connection import Connection


class FakeSocket:
    """A socket whose peer reads nothing (``stuck``) or everything."""

    def __init__(self, stuck: bool) -> None:
        self.stuck = stuck
        self.waiting = 0
        self.sent: list[bytes] = []
        self.closed: list[int] = []

    def send(self, frame: bytes) -> int:
        self.sent.append(frame)
        if self.stuck:
            self.waiting += len(frame)
        return self.waiting

    def close(self, code: int, reason: str = "") -> None:
        self.closed.append(code)


def test_a_client_that_stops_reading_is_closed_with_1013_and_gets_nothing_more():
    socket = FakeSocket(stuck=True)
    conn = Connection(socket, queue_bytes=200)
    for n in range(50):
        conn.send({"t": "patch", "n": n, "pad": "x" * 20})
    assert conn.closed and conn.close_code == 1013 and socket.closed == [1013]
    assert sum(map(len, socket.sent)) < 200 + 40  # nothing was sent past the bound


def test_a_reading_client_gets_every_frame():
    socket = FakeSocket(stuck=False)
    conn = Connection(socket, queue_bytes=200)
    for n in range(50):
        conn.send({"t": "patch", "n": n, "pad": "x" * 20})
    assert not conn.closed and len(socket.sent) == 50
