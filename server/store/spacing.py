"""When a store hands on its next batch of appends: the spacing shared by the embedded
store's group commits and the Redis store's pipelines (``CARDROOM_COMMIT_MS``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


def hand_on(
    last: float, spacing: float, send: Callable[[], None], now: bool = False
) -> asyncio.TimerHandle | None:
    """Call ``send`` once ``spacing`` seconds have passed since ``last`` (the loop's time the
    last batch left): then, by a timer (returned, to be cancelled or fired early); else
    ``now``, or at the end of this step of the loop (a step's appends share the batch).

    A busy store's batches so hold the appends of many steps, sharing one disk sync or one
    round trip; a quiet store's append, finding the last batch long gone, waits for nothing.
    Only the sending waits: an append is answered once its batch is written either way."""
    loop = asyncio.get_running_loop()
    wait = last + spacing - loop.time()
    if wait > 0:
        return loop.call_later(wait, send)
    if now:
        send()
    else:
        loop.call_soon(send)
    return None
