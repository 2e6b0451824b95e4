"""A connection's outgoing queue: a client that does not read is cut off, not waited for."""

import asyncio

from server.rooms.connection import Connection


async def test_a_client_that_stops_reading_is_closed_with_1013():
    sent, closed = [], []
    stuck = asyncio.Event()

    async def send(frame: bytes) -> None:
        await stuck.wait()  # the network never drains
        sent.append(frame)

    async def close(code: int, reason: str) -> None:
        closed.append(code)

    conn = Connection(send, close, queue_bytes=8 * 16)
    writer = asyncio.create_task(conn.writer())
    for n in range(20):
        conn.send({"t": "patch", "n": n})
    assert conn.closed and conn.close_code == 1013
    stuck.set()
    await asyncio.wait_for(writer, 2)
    assert closed == [1013]
    assert len(sent) <= 1  # nothing queued for it was kept after the overflow


async def test_a_normal_close_sends_what_was_queued_first():
    sent, closed = [], []

    async def send(frame: bytes) -> None:
        sent.append(frame)

    async def close(code: int, reason: str) -> None:
        closed.append(code)

    conn = Connection(send, close)
    writer = asyncio.create_task(conn.writer())
    for n in range(3):
        conn.send({"t": "patch", "n": n})
    conn.kill(1000, "bye")
    await asyncio.wait_for(writer, 2)
    assert len(sent) == 3 and closed == [1000]
