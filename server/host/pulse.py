"""Which lives have stopped: each life's pulse in the store, a beat a few times a second, and
the others' as this life reads them. A friend's presence shows offline within the grace after
their last socket closes; when the node holding those sockets dies, its sockets never close
by a word of its own and its heartbeat is taken for dead only after NODE_TIMEOUT_MS (5 s).
The pulse says it sooner: a life whose pulse is older than LAPSE_MS has *lapsed*, and its
players' presence entries stop counting for their friends (:mod:`server.services.online`).

Cost: one script a life every PULSE_SECONDS (write its pulse, read every life's, one key of
the store: one Redis slot), whatever the number of players held; the reply is a line a
live node.

Why it is safe (LAPSE_MS is about the grace, so it cannot tell a stall from a death):

* A node whose event loop (or whose link to the store) is stalled past LAPSE_MS shows its
  players offline to their friends, and online again at its first pulse after: a flap, and
  the only one. Nothing else reads the pulse: rooms, seats and leases keep membership's
  heartbeat, so a stall short of NODE_TIMEOUT_MS costs no seat and no room.
* The store away, or slow for everyone: no pulse could be written, and the first read after
  finds every life old. A life judges others' pulses only once its own have come on time
  for LAPSE_MS (each within STEADY_GAP of the one before), by which time every live node
  has given one: so a stall of this life or of the store never shows others offline here.
* A life not found among the pulses (one that has not pulsed yet) has not lapsed; one that
  lapsed and was then removed from the pulses (forgotten, with its heartbeat) stays lapsed
  for KEPT_SECONDS, long after membership takes it for dead, so it never comes back.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from server.host.clock import REAL, Clock
from server.logs import log
from server.store import Unavailable
from server.store.leases import LeaseStore

PULSE_SECONDS = 0.25
"""How often a life gives its pulse and reads the others'."""
LAPSE_MS = 1250
"""A pulse older than this has lapsed: with PULSE_SECONDS, a dead life is seen within the
1.5 s grace of a socket's close (:data:`server.services.online.GRACE_SECONDS`)."""
STEADY_GAP = 2 * PULSE_SECONDS
"""A read later than this after the one before restarts the wait before judging others."""
KEPT_SECONDS = 120.0
"""How long a lapsed life gone from the pulses is kept lapsed."""


class Pulse:
    """This life's pulse (``life``: ``node/life``), and the lives whose pulses lapsed
    (``lapsed``); ``on_change(gone, came)`` is told when a life lapses or pulses again."""

    def __init__(
        self,
        store: LeaseStore,
        life: str,
        on_change: Callable[[set[str], set[str]], None],
        clock: Clock = REAL,
    ) -> None:
        self.store = store
        self.life = life
        self.on_change = on_change
        self.clock = clock
        self.lapsed: set[str] = set()
        self._missing: dict[str, float] = {}  # lapsed life gone from the pulses -> since
        self._read: float | None = None  # clock time of the last read
        self._steady: float = 0.0  # clock time since which reads came on time

    async def beat(self) -> None:
        """Give this life's pulse and judge the others'."""
        ages = await self.store.pulse(self.life)
        now = self.clock.monotonic()
        if self._read is None or now - self._read > STEADY_GAP:
            self._steady = now
        self._read = now
        judging = now - self._steady >= LAPSE_MS / 1000
        old = {n for n, age in ages.items() if age > LAPSE_MS and n != self.life}
        lapsed = old if judging else old & self.lapsed
        for name in self.lapsed - ages.keys():  # removed from the store: still dead
            since = self._missing.setdefault(name, now)
            if now - since < KEPT_SECONDS:
                lapsed.add(name)
        self._missing = {n: t for n, t in self._missing.items() if n in lapsed}
        if lapsed != self.lapsed:
            gone, came = lapsed - self.lapsed, self.lapsed - lapsed
            self.lapsed = lapsed
            log("pulses", lapsed=sorted(gone), back=sorted(came))
            self.on_change(gone, came)

    async def run(self) -> None:
        """Pulse every PULSE_SECONDS for as long as the node runs."""
        while True:
            with contextlib.suppress(Unavailable):
                await self.beat()
            await self.clock.sleep(PULSE_SECONDS)
