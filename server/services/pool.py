"""Quick pairing's pool, shared by every node: the rules (:mod:`server.players.pairing`, their
one copy) decided over the store's versioned pool (:class:`~server.store.seeks.SeekStore`).

Each call reads the pool, decides with the rules, and writes what it decided only if the
pool has not changed since it was read (a compare-and-set on its version); if it has, it
reads again and decides again. So each call is one atomic step of the pool whichever nodes
call at once: a seek is paired at most once, into one room, and a cancel and a pairing of
one seek are decided by one step, never both.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from server.players import ledger, pairing
from server.store.base import Limits
from server.store.seeks import PoolState, SeekStore

BACKOFF_S = 0.002
"""After a lost compare-and-set, wait up to this long times the tries so far (random): many
nodes deciding at once then spread out instead of all reading again together."""


def store_limits() -> Limits:
    """The times and sizes the rules set for what the store keeps."""
    return Limits(
        networks_kept=ledger.NETWORKS_KEPT,
        shared_network_days=ledger.SHARED_NETWORK_DAYS,
        reset_ms=pairing.RESET_MS,
    )


class Pool:
    """The pool's steps, each decided by the rules and written atomically."""

    def __init__(self, seeks: SeekStore) -> None:
        self.seeks = seeks

    async def _step(self, day: str, read, decide) -> Any:
        """Read the pool (``read``: how), ``decide`` what to write, write it if the pool is
        unchanged (``day``: whose counters it adds to); again until written (or nothing to
        write). What was decided."""
        tries = 0
        while True:
            state = await read()
            outcome = decide(state)
            if not outcome.changes:
                if await self.seeks.version() == state.version:  # a read no write crossed
                    return outcome.result
            elif await self.seeks.commit(state.version, outcome.day or day, **outcome.writes()):
                return outcome.result
            tries += 1
            await asyncio.sleep(random.random() * BACKOFF_S * tries)

    async def seek(
        self,
        seek: dict[str, Any],
        room: str,
        seed: int,
        now_ms: int,
        alive: set[str] | list[str] | None = None,
        gone: set[str] | frozenset[str] = frozenset(),
    ) -> Any:
        """Put ``seek`` in the pool (replacing its player's earlier seek, and forgetting
        their earlier pairing), unless a compatible seek of a live node (``alive``; None:
        any) not known dead (``gone``) waits: then take that one out instead and return the
        *pairing* (``room`` and ``seed`` for the new room, ``at``, and ``seeks``: the one
        that waited, seat 0, then ``seek``). None when it waits; ``"full"``, ``"address"``
        or ``"reset"``: see :func:`~server.players.pairing.seek_step`."""
        day = pairing.day_of(now_ms)
        living = set(alive) if alive is not None else None

        return await self._step(
            day,
            lambda: self.seeks.pool(day, seek["player"]),
            lambda state: pairing.seek_step(
                state.seeks, seek, room, seed, now_ms, state.counts,
                reset=state.reset, held=state.held, alive=living, gone=gone,
            ),
        )  # fmt: skip

    async def _read_paired(self, player: str) -> PoolState:
        """The pool with the kept pairings of ``player`` and of their pairing's players."""
        state = await self.seeks.pool("", player)
        made = state.pairings.get(player)
        if made is None:
            return state
        return await self.seeks.pool("", player, None, pairing.players_of(made))

    async def _records(self, player: str, decide) -> Any:
        """A step on ``player``'s pairing, decided on the kept pairings of its players."""
        return await self._step(
            "", lambda: self._read_paired(player), lambda state: decide(state.pairings)
        )

    async def unseek(self, player: str, conn: str | None = None) -> bool | dict[str, Any]:
        """Take the player's seek out of the pool (only the one sought from socket ``conn``,
        when named), or void its pending pairing: True (the voided pairing, with ``void``
        set, when there was one: its other player's node is to put them back). Or, if that
        seek's pairing was complete before this step, the pairing (the player is to be
        told it); else False."""
        return await self._step(
            "",
            lambda: self._read_paired(player),
            lambda state: pairing.unseek_step(state.seeks, player, conn, state.pairings),
        )

    async def confirm(self, player: str, room: str) -> dict[str, Any] | None:
        """``player`` is there for the pairing of ``room``: the pairing then (complete when
        both are), or None if it is void or forgotten (:func:`~server.players.pairing.
        confirm_step`)."""
        return await self._records(
            player, lambda records: pairing.confirm_step(records, player, room)
        )

    async def void(self, player: str, room: str) -> dict[str, Any] | None:
        """Void ``player``'s pending pairing of ``room``: the pairing then (void, or complete:
        it stands), or None if forgotten (:func:`~server.players.pairing.void_step`)."""
        return await self._records(player, lambda records: pairing.void_step(records, player, room))

    async def sweep(
        self,
        node: str,
        now_ms: int,
        alive: list[str] | None,
        rooms: list[tuple[str, int]],
        gone: set[str] | frozenset[str] = frozenset(),
    ) -> tuple[list[dict[str, Any]], list[str]] | None:
        """Drop the seeks past their time or of nodes not ``alive`` (None: keep them) or
        known dead (``gone``), pair compatible seeks (oldest first, at most ``len(rooms)``
        pairs, each given the next ``(room, seed)``), forget pairings older than
        PAIRED_SECONDS. The pairings made and the players of ``node`` still waiting; None
        (nothing done) if another sweep ran within the last SWEEP_GAP_MS (the nodes share
        one sweep a second)."""
        day = pairing.day_of(now_ms)
        living = set(alive) if alive is not None else None
        before = now_ms - pairing.PAIRED_SECONDS * 1000

        def decide(state):
            return pairing.sweep_step(
                state.seeks, node, now_ms, state.counts, swept=state.swept, aged=state.aged,
                alive=living, rooms=rooms, held=state.held, gone=gone,
            )  # fmt: skip

        return await self._step(day, lambda: self.seeks.pool(day, None, before), decide)
