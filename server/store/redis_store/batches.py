"""The appends to rooms' logs, sent to Redis in batches (:class:`Batches`)."""

from __future__ import annotations

import asyncio
from typing import Any

import redis.asyncio as redis
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError

from server.store.spacing import hand_on

CLOSE_WAIT = 2.0
"""Seconds a closing store waits for the batches on their way to be answered."""


class Batches:
    """The appends of one step of the event loop go to Redis as one pipeline: one write, one
    read and one connection for all of them, not one each (at a thousand busy rooms, most of
    a node's Redis cost was redis-py's work per command; see bench/RESULTS.md). With
    ``wait`` (replicas, ms), one WAIT ends the batch and answers for all of it: Redis runs a
    connection's commands in order, so the replicas that acknowledged the WAIT hold every
    append before it.

    A busy node's batches leave at least ``spacing`` seconds apart (``CARDROOM_COMMIT_MS``,
    as the embedded store's commits: server.store.embedded.rooms.COMMIT_SPACING). Sent at
    each step of the loop, they held 1.1-1.2 appends on average at a thousand busy rooms;
    10 ms apart they hold about ten, for a quarter less of the node's CPU an action
    (bench/RESULTS.md, issue 52), and an append waits up to that much longer for its
    answer. A quiet node's append goes at once. Safe: an append is still answered only once
    Redis answered its batch; what waits is the sending, never the answer of something
    written, and the batches leave in the order their appends came.

    Each append is an EVALSHA; a Redis that lost its scripts (a restart) answers NOSCRIPT,
    and those appends are sent again once it is loaded (redis-py's own pipeline would
    instead ask SCRIPT EXISTS at every batch)."""

    def __init__(
        self,
        client: redis.Redis,
        script: AsyncScript,
        wait: tuple[int, int] | None,
        spacing: float = 0.0,
    ) -> None:
        self.client, self.script, self.wait = client, script, wait
        self.spacing = spacing
        self.queued: list[tuple[list, list, asyncio.Future]] = []
        self.sending: set[asyncio.Task] = set()  # held until done (the loop holds tasks weakly)
        self._sent = -float("inf")  # the loop's time the last batch left
        self._due: asyncio.TimerHandle | None = None  # a batch waiting for the spacing

    def append(self, keys: list, args: list) -> asyncio.Future:
        """The script's answer and, with ``wait``, the replicas that hold it."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self.queued.append((keys, args, done))
        if len(self.queued) == 1:
            self._due = hand_on(self._sent, self.spacing, self._send)
        return done

    async def flush(self) -> None:
        """Send now a batch waiting for the spacing, and wait (up to :data:`CLOSE_WAIT`) for
        the batches on their way: a store that closes has its appends answered, not failed
        by its closed connections."""
        if self._due is not None:
            self._due.cancel()
            self._send()
        if self.sending:
            await asyncio.wait(set(self.sending), timeout=CLOSE_WAIT)

    def _send(self) -> None:
        self._due = None
        self._sent = asyncio.get_running_loop().time()
        batch, self.queued = self.queued, []
        task = asyncio.ensure_future(self._round_trip(batch))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def _round_trip(self, batch: list[tuple[list, list, asyncio.Future]]) -> None:
        if len(batch) == 1 and not self.wait:  # alone: a pipeline would cost a quarter more
            keys, args, done = batch[0]
            try:
                _settle(done, (await self.script(keys=keys, args=args), None))
            except Exception as failed:
                _settle(done, error=failed)
            return
        try:
            answers, acked = await self._pipelined([(keys, args) for keys, args, _ in batch])
            for (keys, args, done), answer in zip(batch, answers, strict=True):
                held = acked
                if isinstance(answer, NoScriptError):
                    await self.client.script_load(self.script.script)
                    # again with its own WAIT: the batch's did not follow this write
                    (answer,), held = await self._pipelined([(keys, args)])
                if isinstance(answer, Exception):
                    _settle(done, error=answer)
                else:
                    _settle(done, (answer, held))
        except Exception as failed:  # each append raises it as its own
            for _, _, done in batch:
                _settle(done, error=failed)

    async def _pipelined(self, appends: list[tuple[list, list]]) -> tuple[list, int | None]:
        """The appends' answers (an error as its exception), and with ``wait`` the replicas
        holding them (-1: Redis refused to wait, as a primary just demoted does)."""
        async with self.client.pipeline(transaction=False) as pipe:
            for keys, args in appends:
                pipe.execute_command("EVALSHA", self.script.sha, len(keys), *keys, *args)
            if self.wait:
                pipe.execute_command("WAIT", *self.wait)
            answers = await pipe.execute(raise_on_error=False)
        if not self.wait:
            return answers, None
        acked = answers.pop()
        return answers, -1 if isinstance(acked, Exception) else acked


def _settle(done: asyncio.Future, answer: Any = None, error: BaseException | None = None) -> None:
    if done.done():  # its appender was cancelled
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(answer)
