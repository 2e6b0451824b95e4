"""Quick pairing: who in the pool of seekers may play whom, and who is paired first.

A *seek* is one identified player asking to play a Gin Rummy match now, with its settings
(match target, turn clock, rated or casual), its rating, the tag of its client address, and
since when it waits. Two seeks are *compatible* when:

* they are two different players with the same settings, and neither blocks the other
  (each seek carries the players its player avoids: :func:`server.players.friends.avoided`);
* each rating lies within the other's *reach*: ``RANGE_START`` rating points either side at
  first, growing by ``RANGE_GROWTH`` a second of waiting up to ``RANGE_MAX`` (a player
  alone in their part of the ladder is offered a wider and wider choice: anyone within 800
  after 70 seconds);
* for a rated match, the two are not kept apart by the fair-play rules of
  :mod:`server.players.ledger`: not from the same client address, and not a pair that has
  already been paired for ``PAIR_RATED_PER_DAY`` rated matches that UTC day.

A new seek takes at once its best partner in the pool (closest rating, then the one waiting
longest, then by player id): :func:`partner`. Reach grows with time, so a pool can come to
hold two compatible seeks that were not when they came: :func:`sweep` pairs them, oldest
seek first, each with its best partner left.

These rules are the only copy: the store keeps the pool as a versioned record and writes a
step decided here only if the pool has not changed since it was read
(:mod:`server.services.pool`), so a seek is paired at most once and into one room, whichever
nodes decide at once. :func:`seek_step`, :func:`unseek_step` and :func:`sweep_step` are those
steps, pure: a snapshot of the pool in, what to write and what to answer out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from server.players.ledger import PAIR_RATED_PER_DAY

RANGE_START = 100
"""Rating points either side a new seek reaches."""
RANGE_GROWTH = 10
"""Rating points the reach grows each second of waiting."""
RANGE_MAX = 800
"""The widest reach (after 70 seconds)."""
SEEK_SECONDS = 300
"""A seek waits at most this long (it is told, and may seek again)."""
PAIRED_SECONDS = 120
"""How long a pairing is kept in the store for a node that missed its event."""
PAIR_LIMIT = PAIR_RATED_PER_DAY
MAX_SEEKS = 5000
"""Seeks the pool holds at most, over every node (one per identity)."""
SEEKS_PER_ADDRESS = 3
"""Seeks one client address (its tag) may have waiting at once, whatever its identities."""
SWEEP_GAP_MS = 900
"""A sweep within this long of the last one (by any node) does nothing: one a second."""
RESET_MS = 60_000
"""How long after a player's secret is reset the pool refuses a seek made on another
session than the new one (``session``: the fingerprint of the secret a seek was made with).
A seek request checks its session before it reaches the pool, milliseconds before: a reset
in between is what this catches."""
CONFIRM_SECONDS = 3.0
"""How long a pending pairing waits for its players' nodes to find them there: a player
whose node is dead (or stalled) is not paired, and the other goes on seeking."""
SETTINGS = ("target", "turn", "rated")

Seek = dict[str, Any]


def reach(seek: Seek, now_ms: int) -> float:
    """How far from its rating ``seek`` reaches at ``now_ms``."""
    waited = max(0, now_ms - seek["since"]) / 1000
    return min(RANGE_MAX, RANGE_START + RANGE_GROWTH * waited)


def pair_key(a: str, b: str) -> str:
    """The pair of two players in one order, whoever sought first."""
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def compatible(a: Seek, b: Seek, now_ms: int, counts: dict[str, int]) -> bool:
    """May seeks ``a`` and ``b`` be paired at ``now_ms``? ``counts``: rated pairings made
    today, by :func:`pair_key`."""
    if a["player"] == b["player"]:
        return False
    if b["player"] in a.get("avoid", ()) or a["player"] in b.get("avoid", ()):
        return False
    if any(a[k] != b[k] for k in SETTINGS):
        return False
    gap = abs(a["rating"] - b["rating"])
    if gap > reach(a, now_ms) or gap > reach(b, now_ms):
        return False
    if a["rated"]:
        if a["addr"] and a["addr"] == b["addr"]:
            return False
        if counts.get(pair_key(a["player"], b["player"]), 0) >= PAIR_LIMIT:
            return False
    return True


def _rank(seek: Seek, other: Seek) -> tuple:
    return (abs(seek["rating"] - other["rating"]), other["since"], other["player"])


def partner(seek: Seek, pool: list[Seek], now_ms: int, counts: dict[str, int]) -> Seek | None:
    """The best partner for ``seek`` among ``pool`` (closest rating, then longest waiting,
    then player id), or None."""
    best = None
    for other in pool:
        if compatible(seek, other, now_ms, counts) and (
            best is None or _rank(seek, other) < _rank(seek, best)
        ):
            best = other
    return best


def order(pool: list[Seek]) -> list[Seek]:
    """Seeks oldest first (ties by player id): the order a sweep pairs them in."""
    return sorted(pool, key=lambda s: (s["since"], s["player"]))


def sweep(
    pool: list[Seek], now_ms: int, counts: dict[str, int], limit: int
) -> list[tuple[Seek, Seek]]:
    """Up to ``limit`` pairs of compatible seeks of ``pool``: each seek, oldest first, with
    its best partner among those left. ``counts`` is updated with the rated pairs made."""
    left = order(pool)
    pairs: list[tuple[Seek, Seek]] = []
    i = 0
    while i < len(left) and len(pairs) < limit:
        seek = left[i]
        other = partner(seek, left[i + 1 :], now_ms, counts)
        if other is None:
            i += 1
            continue
        left.remove(other)
        left.pop(i)
        pairs.append((seek, other))
        count(counts, seek, other)
    return pairs


def count(counts: dict[str, int], a: Seek, b: Seek) -> None:
    """Count a rated pairing of ``a`` and ``b`` in today's ``counts``."""
    if a["rated"]:
        key = pair_key(a["player"], b["player"])
        counts[key] = counts.get(key, 0) + 1


def expired(
    seek: Seek,
    now_ms: int,
    alive: set[str] | None,
    gone: set[str] | frozenset[str] = frozenset(),
) -> bool:
    """A seek past SEEK_SECONDS, or of a node not ``alive`` (None: any may be) or known dead
    (``gone``)."""
    if now_ms - seek["since"] > SEEK_SECONDS * 1000:
        return True
    return (alive is not None and seek["node"] not in alive) or seek["node"] in gone


def crowded(seek: Seek, pool) -> bool:
    """Does the address of ``seek`` have SEEKS_PER_ADDRESS seeks waiting already?"""
    return sum(1 for other in pool if other["addr"] == seek["addr"]) >= SEEKS_PER_ADDRESS


def day_of(now_ms: int) -> str:
    """The UTC day of ``now_ms``: the rated pairs' counts are per day."""
    return time.strftime("%Y-%m-%d", time.gmtime(now_ms / 1000))


def make_pairing(
    waited: Seek, new: Seek, room: str, seed: int, now_ms: int, ready: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The pairing of two seeks: seat 0 for the one that waited longer. ``ready``: the
    players known to be there (the one whose request made it)."""
    return {"room": room, "seed": seed, "at": now_ms, "seeks": [waited, new], "ready": [*ready]}


def players_of(made: dict[str, Any]) -> list[str]:
    return [s["player"] for s in made["seeks"]]


def complete(made: dict[str, Any]) -> bool:
    """A pairing both of whose players were found there (each by their socket's node): its
    room is made and both are told. Until then it is *pending*; a pending pairing may be
    voided (a player gone, or cancelling; no answer within CONFIRM_SECONDS), a complete one
    never."""
    return not made.get("void") and set(made["ready"]) >= set(players_of(made))


@dataclass
class Outcome:
    """What one step of the pool answers (``result``) and writes: seeks put in (``put``) and
    taken out (``drop``, by player), pairings kept (``pairings``: player -> the pairing kept
    for them), players whose pairing is
    forgotten (``forget``), rated pairs counted today (``counted``, by :func:`pair_key`), and
    when the pool was swept (``swept``). Nothing to write: ``changes`` is False."""

    result: Any = None
    put: list[Seek] = field(default_factory=list)
    drop: list[str] = field(default_factory=list)
    pairings: dict[str, dict[str, Any]] = field(default_factory=dict)
    forget: list[str] = field(default_factory=list)
    counted: list[str] = field(default_factory=list)
    uncounted: list[str] = field(default_factory=list)
    swept: int | None = None
    day: str | None = None
    """The day whose counts ``counted`` and ``uncounted`` change, when not the step's own."""

    @property
    def changes(self) -> bool:
        return bool(self.put or self.drop or self.pairings or self.forget or self.swept is not None)

    def writes(self) -> dict[str, Any]:
        """The keyword arguments of :meth:`~server.store.seeks.SeekStore.commit`."""
        return {
            "put": self.put,
            "drop": self.drop,
            "pairings": self.pairings,
            "forget": self.forget,
            "counted": self.counted,
            "uncounted": self.uncounted,
            "swept": self.swept,
        }


def _counted(outcome: Outcome, counts: dict[str, int], a: Seek, b: Seek) -> None:
    if a["rated"]:
        outcome.counted.append(pair_key(a["player"], b["player"]))
    count(counts, a, b)


def seek_step(
    pool: dict[str, Seek],
    seek: Seek,
    room: str,
    seed: int,
    now_ms: int,
    counts: dict[str, int],
    *,
    reset: str | None = None,
    held: frozenset[str] | set[str] = frozenset(),
    alive: set[str] | None = None,
    gone: set[str] | frozenset[str] = frozenset(),
) -> Outcome:
    """A new ``seek``: it replaces its player's earlier seek and pairing, and takes at once
    its best partner among the free seeks of live nodes (``alive``; None: every node) not
    known dead (``gone``), or waits. ``reset``: the player's new secret's fingerprint while
    a reset is recent (a seek on another session is refused: ``"reset"``, nothing written);
    ``held``: players whose secret is being reset (their seeks are paired with nobody). The
    result: the pairing, None (waiting), ``"full"`` or ``"address"`` (the earlier seek
    forgotten, nothing put)."""
    player = seek["player"]
    if reset is not None and reset != seek.get("session"):
        return Outcome("reset")
    out = Outcome(drop=[player] if player in pool else [], forget=[player])
    others = {p: s for p, s in pool.items() if p != player}
    if len(others) >= MAX_SEEKS:
        out.result = "full"
        return out
    if seek["addr"] and crowded(seek, others.values()):
        out.result = "address"
        return out
    # A seek of a node known dead (or not in ``alive``) waits for the sweep to drop it (a
    # node that has not heard of the others yet must not drop theirs), and pairs with nobody
    # meanwhile. One of a node not heard of yet may pair: the pairing is pending until that
    # node finds its player there, and void if it never does.
    free = [
        s
        for p, s in others.items()
        if p not in held and (alive is None or s["node"] in alive) and s["node"] not in gone
    ]
    other = None if player in held else partner(seek, free, now_ms, counts)
    if other is None:
        out.put.append(seek)
        return out
    out.drop.append(other["player"])
    _counted(out, counts, other, seek)
    out.result = make_pairing(other, seek, room, seed, now_ms, ready=(player,))
    out.pairings = dict.fromkeys(players_of(out.result), out.result)
    return out


def _rewrite(records: dict[str, dict[str, Any]], made: dict[str, Any]) -> Outcome:
    """Write ``made`` (a changed pairing) for those of its players whose kept pairing is
    still its room (a player who sought again since has forgotten it)."""
    mine = {p: made for p, kept in records.items() if kept and kept["room"] == made["room"]}
    return Outcome(made, pairings=mine)


def confirm_step(records: dict[str, dict[str, Any]], player: str, room: str) -> Outcome:
    """``player``'s node found them there for the pairing of ``room``: they are ready. The
    pairing as it is then (complete when both are), or None when it is no more (voided, or
    forgotten). ``records``: the kept pairings of its players."""
    made = records.get(player)
    if made is None or made["room"] != room or made.get("void"):
        return Outcome(None)
    if player in made["ready"]:
        return Outcome(made)
    return _rewrite(records, {**made, "ready": sorted([*made["ready"], player])})


def void_step(records: dict[str, dict[str, Any]], player: str, room: str) -> Outcome:
    """The pending pairing of ``room`` (``player``'s) is void: nobody is seated in it. The
    pairing as it is then: void, or complete (too late: it stands), or None (forgotten)."""
    made = records.get(player)
    if made is None or made["room"] != room:
        return Outcome(None)
    if made.get("void") or complete(made):
        return Outcome(made)
    out = _rewrite(records, {**made, "void": True})
    first = made["seeks"][0]
    if first["rated"]:  # a void pairing is no rated pairing of the day
        out.uncounted = [pair_key(*players_of(made))]
        out.day = day_of(made["at"])
    return out


def unseek_step(
    pool: dict[str, Seek], player: str, conn: str | None, records: dict[str, dict[str, Any]]
) -> Outcome:
    """The player asks to stop seeking (from socket ``conn``; None: any). One answer, in the
    step that decides it: True (the seek was waiting, or its pairing was pending: the seek
    is taken out, or the pairing voided, and it can never be paired), the pairing (complete
    before this step: the player is to be told of it), or False (no such seek). A voided
    pairing comes back with ``void`` set, as the result."""
    seek = pool.get(player)
    if seek is not None and (conn is None or seek["conn"] == conn):
        return Outcome(True, drop=[player])
    made = records.get(player)
    mine = [s for s in made["seeks"] if s["player"] == player] if made else []
    if not mine or (conn is not None and mine[0]["conn"] != conn):
        return Outcome(False)
    if complete(made):
        return Outcome(made)
    if made.get("void"):
        return Outcome(True)
    return void_step(records, player, made["room"])


def sweep_step(
    pool: dict[str, Seek],
    node: str,
    now_ms: int,
    counts: dict[str, int],
    *,
    swept: int | None,
    aged: list[str],
    alive: set[str] | None,
    rooms: list[tuple[str, int]],
    held: frozenset[str] | set[str] = frozenset(),
    gone: set[str] | frozenset[str] = frozenset(),
) -> Outcome:
    """A sweep, unless one ran within SWEEP_GAP_MS (result None, nothing written): forget
    the pairings made more than PAIRED_SECONDS ago (``aged``), drop the seeks past their time
    or of nodes not ``alive`` or known dead (``gone``), and pair the free seeks left
    (:func:`sweep`, at most ``len(rooms)`` pairs, each given the next ``(room, seed)``). The
    result: the pairings made, and the players of ``node`` still waiting."""
    if swept is not None and now_ms - swept < SWEEP_GAP_MS:
        return Outcome(None)
    out = Outcome(swept=now_ms, forget=list(aged))
    out.drop = [p for p, s in pool.items() if expired(s, now_ms, alive, gone)]
    left = {p: s for p, s in pool.items() if p not in out.drop}
    free = [s for p, s in left.items() if p not in held]
    made: list[dict[str, Any]] = []
    for (a, b), (room, seed) in zip(sweep(free, now_ms, counts, len(rooms)), rooms, strict=False):
        out.drop += [a["player"], b["player"]]
        del left[a["player"]], left[b["player"]]
        if a["rated"]:
            out.counted.append(pair_key(a["player"], b["player"]))
        made.append(make_pairing(a, b, room, seed, now_ms))
        out.pairings |= dict.fromkeys(players_of(made[-1]), made[-1])
    mine = sorted(p for p, s in left.items() if s["node"] == node)
    out.result = (made, mine)
    return out
