"""Quick pairing's rules (server/players/pairing.py) as properties: on any pool, a step pairs
only compatible seeks, nobody twice, and takes out what it pairs; a pending pairing ends
once, complete or void, whatever its players' nodes and cancels do and in whatever order."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from server.players import pairing

T0 = 1_767_000_000_000


@st.composite
def seeks(draw, n: int | None = None) -> list[dict[str, Any]]:
    count = n if n is not None else draw(st.integers(1, 12))
    out = []
    for i in range(count):
        out.append(
            {
                "player": f"p{i}",
                "name": f"P{i}",
                "rating": draw(st.sampled_from([1200, 1400, 1450, 1500, 1560, 1900])),
                "target": draw(st.sampled_from([50, 100])),
                "turn": None,
                "rated": draw(st.booleans()),
                "addr": draw(st.sampled_from(["", "x", "y", f"a{i}"])),
                "node": draw(st.sampled_from(["n1", "n2"])),
                "conn": f"c{i}",
                "since": T0 + draw(st.integers(0, 90_000)),
            }
        )
    return out


@given(
    seeks(),
    st.integers(0, 120_000),
    st.sampled_from([None, {"n1"}, {"n1", "n2"}]),
    st.sampled_from([frozenset(), {"n2"}]),
)
def test_a_new_seek_pairs_only_with_a_compatible_live_seek_and_takes_it_out(
    pool, later, alive, gone
):
    *waiting, new = pool
    new = {**new, "player": "new", "conn": "c-new"}
    now = max(s["since"] for s in pool) + later
    byplayer = {s["player"]: s for s in waiting}
    out = pairing.seek_step(byplayer, new, "room", 7, now, {}, alive=alive, gone=gone)
    if out.result in ("full", "address"):
        assert out.put == [] and out.pairings == {}
    elif out.result is None:
        assert out.put == [new] and out.pairings == {}
        for other in waiting:  # nobody it could have taken was left
            live = (alive is None or other["node"] in alive) and other["node"] not in gone
            assert not (live and pairing.compatible(new, other, now, {}))
    else:
        made = out.result
        other, mine = made["seeks"]
        assert mine == new and other in waiting and other["player"] in out.drop
        assert alive is None or other["node"] in alive
        assert other["node"] not in gone
        assert pairing.compatible(new, other, now, {})
        assert made["ready"] == ["new"] and not pairing.complete(made)
        assert set(out.pairings) == {"new", other["player"]}


@given(seeks(), st.integers(0, 120_000), st.integers(0, 6))
def test_a_sweep_pairs_nobody_twice_only_compatible_seeks_at_most_its_rooms(pool, later, n):
    now = max((s["since"] for s in pool), default=T0) + later
    byplayer = {s["player"]: s for s in pool}
    rooms = [(f"r{i}", i) for i in range(n)]
    counts: dict[str, int] = {}
    out = pairing.sweep_step(
        byplayer, "n1", now, counts, swept=None, aged=[], alive=None, rooms=rooms
    )
    made, mine = out.result
    assert len(made) <= n
    players = [s["player"] for m in made for s in m["seeks"]]
    assert len(players) == len(set(players))
    assert set(players) <= set(out.drop)
    for m in made:
        a, b = m["seeks"]
        assert (a["since"], a["player"]) <= (b["since"], b["player"])  # seat 0 waited longer
        assert pairing.compatible(a, b, now, {})
    left = {p for p in byplayer if p not in out.drop}
    assert mine == sorted(p for p in left if byplayer[p]["node"] == "n1")


ACTIONS = st.lists(
    st.tuples(st.sampled_from(["confirm", "void", "unseek"]), st.sampled_from(["a", "b"])),
    max_size=8,
)


@given(ACTIONS, st.booleans())
def test_a_pending_pairing_ends_once_complete_or_void(actions, rated):
    waited = {"player": "a", "conn": "ca", "rated": rated}
    new = {"player": "b", "conn": "cb", "rated": rated}
    made = pairing.make_pairing(waited, new, "room", 1, T0, ready=("b",))
    records = {"a": made, "b": made}
    ended = None
    for action, player in actions:
        if action == "confirm":
            out = pairing.confirm_step(records, player, "room")
        elif action == "void":
            out = pairing.void_step(records, player, "room")
        else:
            out = pairing.unseek_step({}, player, None, records)
        for who, kept in out.pairings.items():
            records[who] = kept
        now = records["a"]
        assert records["a"] == records["b"]  # one pairing, as both players have it
        assert not (now.get("void") and pairing.complete(now))
        state = "void" if now.get("void") else "complete" if pairing.complete(now) else None
        if ended is not None:
            assert state == ended  # an end is never undone
        ended = state
        if action == "unseek" and state == "complete":
            assert out.result == now  # a cancel after the pairing stood answers it
        if action == "unseek" and state == "void":
            assert out.result is True or out.result.get("void")
        if out.uncounted:
            assert rated and state == "void"


def test_two_seekers_one_of_whom_blocks_the_other_are_never_paired() -> None:
    """Each seek carries the players its player avoids (blocks either way): the two are
    kept apart whichever of them sought first, and each is paired with a third."""
    base = {"rating": 1500, "target": 100, "turn": None, "rated": False, "addr": ""}
    ann = {**base, "player": "pa", "since": T0, "avoid": ["pb"]}
    bob = {**base, "player": "pb", "since": T0 + 1, "avoid": []}
    cy = {**base, "player": "pc", "since": T0 + 2, "avoid": []}
    for a, b in ((ann, bob), (bob, ann)):
        assert not pairing.compatible(a, b, T0 + 10, {})
        assert pairing.partner(a, [b], T0 + 10, {}) is None
    assert pairing.partner(bob, [ann, cy], T0 + 10, {}) == cy
    assert pairing.compatible(ann, cy, T0 + 10, {})
