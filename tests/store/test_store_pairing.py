"""Quick pairing's pool (server/players/pairing.py), on both stores: who is paired with whom,
and that a seek is paired exactly once whoever asks at the same time.

Run against both implementations (tests/stores.py). On Redis, several store clients stand
for several nodes: each holds its own connections, as a node does."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from server.players import pairing
from server.players.pairing import PAIR_LIMIT, RANGE_GROWTH, RANGE_MAX, RANGE_START
from server.services.pool import Pool
from server.store import Store

T0 = 1_767_000_000_000  # a fixed "now" (ms): the pool's clock is the caller's


def seek(
    player: str,
    rating: float = 1500,
    since: int = T0,
    *,
    target: int = 100,
    turn: int | None = None,
    rated: bool = True,
    addr: str = "",
    node: str = "n1",
    conn: str | None = None,
) -> dict[str, Any]:
    return {
        "player": player,
        "name": player.title(),
        "rating": rating,
        "target": target,
        "turn": turn,
        "rated": rated,
        "addr": addr or f"addr-{player}",
        "node": node,
        "conn": conn or f"c-{player}",
        "since": since,
    }


SEED = 2**63 + 12345  # a 64-bit seed, kept whole


async def test_a_lone_seek_waits_and_the_next_compatible_one_pairs_with_it(store: Store):
    ann, bob = seek("ann", 1500), seek("bob", 1550, T0 + 1000)
    assert await Pool(store.seeks).seek(ann, "r1", SEED, T0) is None
    assert await store.seeks.seekers() == [ann]
    made = await Pool(store.seeks).seek(bob, "r2", SEED, T0 + 1000)
    # The one that waited takes seat 0; the new room is the one the pairing seek named.
    # Pending: bob, whose request made it, is there; ann's node is yet to find her there.
    assert made == {
        "room": "r2", "seed": SEED, "at": T0 + 1000, "seeks": [ann, bob], "ready": ["bob"]
    }  # fmt: skip
    assert await store.seeks.seekers() == []
    assert await store.seeks.pairing("ann") == made == await store.seeks.pairing("bob")
    assert await store.seeks.seek_of("ann") is None


async def test_seek_of_reads_one_players_seek(store: Store):
    ann = seek("ann")
    await Pool(store.seeks).seek(ann, "r", 1, T0)
    assert await store.seeks.seek_of("ann") == ann
    assert await store.seeks.seek_of("bob") is None


async def test_different_settings_never_pair(store: Store):
    await Pool(store.seeks).seek(seek("ann"), "r1", 1, T0)
    for other in (
        seek("bob", target=50),
        seek("cat", turn=30),
        seek("dan", rated=False),
    ):
        assert await Pool(store.seeks).seek(other, "r", 1, T0) is None
    assert len(await store.seeks.seekers()) == 4


async def test_nobody_is_paired_with_themselves_and_a_new_seek_replaces_the_old(store: Store):
    await Pool(store.seeks).seek(seek("ann", conn="c1"), "r1", 1, T0)
    assert await Pool(store.seeks).seek(seek("ann", conn="c2"), "r2", 1, T0 + 10) is None
    assert [s["conn"] for s in await store.seeks.seekers()] == ["c2"]


async def test_the_reach_widens_while_a_seek_waits(store: Store):
    gap = RANGE_START + 10 * RANGE_GROWTH  # reached after 10 s of waiting, not before
    await Pool(store.seeks).seek(seek("ann", 1500), "r1", 1, T0)
    assert (
        await Pool(store.seeks).seek(seek("bob", 1500 + gap, T0 + 5000), "r2", 1, T0 + 5000) is None
    )
    # Both must reach: 10 s later ann does, but bob (waiting 5 s) does not yet.
    assert await Pool(store.seeks).sweep("n1", T0 + 10_000, None, [("r3", 3)]) == (
        [],
        ["ann", "bob"],
    )
    made, mine = await Pool(store.seeks).sweep("n1", T0 + 15_000, None, [("r4", 4)])
    assert [m["room"] for m in made] == ["r4"] and mine == []
    assert [s["player"] for s in made[0]["seeks"]] == ["ann", "bob"]


async def test_the_reach_stops_at_its_widest(store: Store):
    await Pool(store.seeks).seek(seek("ann", 1000), "r1", 1, T0)
    await Pool(store.seeks).seek(seek("bob", 1000 + RANGE_MAX + 1), "r2", 1, T0)
    assert await Pool(store.seeks).sweep("n1", T0 + 3_600_000 // 20, None, [("r3", 3)]) == (
        [],
        ["ann", "bob"],
    )


async def test_the_closest_rating_is_chosen_then_the_longest_waiting(store: Store):
    await Pool(store.seeks).seek(seek("far", 1580, T0), "r", 1, T0)
    await Pool(store.seeks).seek(seek("near_late", 1520, T0 + 200), "r", 1, T0 + 200)
    await Pool(store.seeks).seek(seek("near_early", 1480, T0 + 100), "r", 1, T0 + 100)
    made = await Pool(store.seeks).seek(seek("me", 1500, T0 + 300), "r9", 1, T0 + 300)
    assert made["seeks"][0]["player"] == "near_early"


async def test_rated_pairing_keeps_apart_one_address_and_a_pair_past_its_daily_limit(
    store: Store,
):
    # One address: never rated together; casual, they may play.
    await Pool(store.seeks).seek(seek("ann", addr="same"), "r", 1, T0)
    assert await Pool(store.seeks).seek(seek("bob", addr="same"), "r", 1, T0) is None
    await Pool(store.seeks).unseek("ann")
    await Pool(store.seeks).unseek("bob")
    await Pool(store.seeks).seek(seek("ann", addr="same", rated=False), "r", 1, T0)
    assert (
        await Pool(store.seeks).seek(seek("bob", addr="same", rated=False), "r", 1, T0) is not None
    )
    # The same two identities: PAIR_LIMIT rated pairings a day, then not again that day.
    for n in range(PAIR_LIMIT):
        await Pool(store.seeks).seek(seek("cat"), "r", 1, T0 + n)
        assert await Pool(store.seeks).seek(seek("dan"), f"r{n}", 1, T0 + n) is not None
    await Pool(store.seeks).seek(seek("cat"), "r", 1, T0 + 10)
    assert await Pool(store.seeks).seek(seek("dan"), "r", 1, T0 + 10) is None
    await Pool(store.seeks).unseek("cat")
    await Pool(store.seeks).unseek("dan")
    tomorrow = T0 + 24 * 3600 * 1000
    await Pool(store.seeks).seek(seek("cat", since=tomorrow), "r", 1, tomorrow)
    assert await Pool(store.seeks).seek(seek("dan", since=tomorrow), "r", 1, tomorrow) is not None


async def test_unseek_takes_out_only_the_socket_that_sought(store: Store):
    await Pool(store.seeks).seek(seek("ann", conn="c1"), "r", 1, T0)
    assert not await Pool(store.seeks).unseek("ann", "c2")
    assert await Pool(store.seeks).unseek("ann", "c1")
    assert not await Pool(store.seeks).unseek("ann")
    assert await store.seeks.seekers() == []


async def test_a_sweep_drops_old_seeks_and_those_of_dead_nodes_and_runs_once_a_second(
    store: Store,
):
    await Pool(store.seeks).seek(seek("old", since=T0), "r", 1, T0)
    late = T0 + pairing.SEEK_SECONDS * 1000 - 1000
    await Pool(store.seeks).seek(seek("gone", since=late, node="n2", target=50), "r", 1, late)
    await Pool(store.seeks).seek(seek("here", since=late, node="n1", target=25), "r", 1, late)
    now = T0 + pairing.SEEK_SECONDS * 1000 + 1
    assert await Pool(store.seeks).sweep("n1", now, ["n1"], [("r", 1)]) == ([], ["here"])
    assert [s["player"] for s in await store.seeks.seekers()] == ["here"]
    assert await Pool(store.seeks).sweep("n1", now + 10, ["n1"], [("r", 1)]) is None  # just swept


async def test_a_sweep_by_a_node_that_has_not_heard_of_the_others_keeps_their_seeks(
    store: Store,
):
    """What a node's sweep passes (``gone``, no ``alive``): the seeks of nodes known dead
    go; those of a node it has not heard of yet (at a start) stay, to be paired."""
    pool = Pool(store.seeks)
    await pool.seek(seek("ann", node="n2", target=50), "r", 1, T0)
    await pool.seek(seek("bob", node="dead", target=25), "r", 1, T0)
    assert await pool.sweep("n1", T0 + 1000, None, [("r", 1)], gone={"dead"}) == ([], [])
    assert [s["player"] for s in await store.seeks.seekers()] == ["ann"]
    made = await pool.seek(seek("cy", node="n1", target=50), "r2", 2, T0 + 1000)
    assert [s["player"] for s in made["seeks"]] == ["ann", "cy"]


async def test_a_pairing_is_forgotten_after_its_time_and_by_a_new_seek(store: Store):
    await Pool(store.seeks).seek(seek("ann"), "r", 1, T0)
    await Pool(store.seeks).seek(seek("bob"), "r1", 1, T0)
    later = T0 + pairing.PAIRED_SECONDS * 1000 + 1
    await Pool(store.seeks).sweep("n1", later, None, [])
    assert await store.seeks.pairing("ann") is None
    await Pool(store.seeks).seek(seek("cat"), "r", 1, later)
    await Pool(store.seeks).seek(seek("dan"), "r2", 1, later)
    await Pool(store.seeks).seek(seek("cat", since=later + 5), "r", 1, later + 5)
    assert (
        await store.seeks.pairing("cat") is None
        and (await store.seeks.pairing("dan"))["room"] == "r2"
    )


async def test_a_full_pool_refuses_a_seek_and_changes_nothing(store: Store, monkeypatch):
    monkeypatch.setattr(pairing, "MAX_SEEKS", 2)
    await Pool(store.seeks).seek(seek("a", target=10), "r", 1, T0)
    await Pool(store.seeks).seek(seek("b", target=25), "r", 1, T0)
    assert await Pool(store.seeks).seek(seek("c", target=50), "r", 1, T0) == "full"
    assert sorted(s["player"] for s in await store.seeks.seekers()) == ["a", "b"]


async def test_concurrent_seekers_on_several_nodes_are_each_paired_exactly_once(stores):
    # 200 seekers, every one compatible with every other, sought at once through three
    # store clients (three nodes on Redis), with sweeps running beside them.
    nodes = [stores.open() for _ in range(3)] if stores.kind != "embedded" else [stores.open()]
    players = [f"p{i:03d}" for i in range(200)]
    rng = random.Random(3)
    ratings = {p: 1500 + rng.randint(-50, 50) for p in players}

    async def one(i: int, player: str):
        store = nodes[i % len(nodes)]
        return await Pool(store.seeks).seek(
            seek(player, ratings[player], T0), f"room-{player}", i, T0
        )

    async def sweeps():
        found = []
        for k in range(20):
            result = await Pool(nodes[k % len(nodes)].seeks).sweep(
                f"n{k}", T0 + 1000 * k, None, [(f"sweep-{k}-{j}", j) for j in range(50)]
            )
            if result:
                found += result[0]
        return found

    results = await asyncio.gather(*(one(i, p) for i, p in enumerate(players)), sweeps())
    made = [r for r in results[:-1] if r] + results[-1]
    seats = [s["player"] for m in made for s in m["seeks"]]
    assert len(seats) == len(set(seats))  # nobody twice
    assert len({m["room"] for m in made}) == len(made)  # one room per pairing
    waiting = [s["player"] for s in await nodes[0].seeks.seekers()]
    assert sorted(seats + waiting) == players  # nobody lost
    assert len(waiting) <= 1  # all compatible: at most one left over
    for m in made:
        for s in m["seeks"]:
            assert await nodes[0].seeks.pairing(s["player"]) == m


class Model:
    """The pool in a dict, each step of the rules applied to it directly: what the store's
    versioned record must keep and give back (seeks as they came, 64-bit seeds whole, the
    day's counts, the time of the last sweep)."""

    def __init__(self) -> None:
        self.seeks: dict[str, Any] = {}
        self.counts: dict[str, int] = {}
        self.swept: int | None = None

    def apply(self, out: pairing.Outcome) -> Any:
        for player in out.drop:
            self.seeks.pop(player, None)
        for s in out.put:
            self.seeks[s["player"]] = s
        for name in out.counted:
            self.counts[name] = self.counts.get(name, 0) + 1
        if out.swept is not None:
            self.swept = out.swept
        return out.result

    def seek(self, s, room, seed, now):
        counts = dict(self.counts)
        return self.apply(pairing.seek_step(dict(self.seeks), s, room, seed, now, counts))

    def sweep(self, now, rooms):
        out = pairing.sweep_step(
            dict(self.seeks), "n1", now, dict(self.counts), swept=self.swept, aged=[],
            alive=None, rooms=rooms,
        )  # fmt: skip
        return self.apply(out)


async def test_the_store_pairs_as_the_rules_say_on_random_pools(store: Store):
    # The pool's steps through the store (read, decide, compare-and-set) against the rules
    # applied to a plain dict, on random pools: the same pairs, in the same seats and order.
    rng = random.Random(11)
    pool = Pool(store.seeks)
    model = Model()
    for trial in range(30):
        base = T0 + trial * 10**7  # within a day or two: the day's counts carry over
        for n in range(rng.randint(2, 25)):
            s = seek(
                f"t{trial}p{n}",
                rng.choice([1200, 1400, 1500, 1520, 1700, 2100]) + rng.randint(-30, 30),
                base + rng.randint(0, 60_000),
                target=rng.choice([50, 100]),
                rated=rng.random() < 0.7,
                addr=rng.choice(["x", "y", ""]),
            )
            now = s["since"]
            seed = SEED + n
            assert await pool.seek(s, f"r{trial}-{n}", seed, now) == model.seek(
                s, f"r{trial}-{n}", seed, now
            )
        now = base + rng.randint(60_000, 120_000)
        rooms = [(f"s{trial}-{j}", SEED + j) for j in range(rng.randint(0, 6))]
        expected = model.sweep(now, rooms)
        assert list(await pool.sweep("n1", now, None, rooms)) == [expected[0], expected[1]]
        for player in list(model.seeks):
            assert await pool.unseek(player) is True
            del model.seeks[player]
        assert await store.seeks.seekers() == []


async def test_one_address_may_have_only_a_few_seeks_waiting(store: Store):
    for n, target in enumerate((100, 50, 25)):  # three waiting from one address
        assert (
            await Pool(store.seeks).seek(seek(f"p{n}", target=target, addr="x"), "r", 1, T0) is None
        )
    assert await Pool(store.seeks).seek(seek("p3", target=10, addr="x"), "r", 1, T0) == "address"
    assert await store.seeks.seek_of("p3") is None
    # Another address is another; one of the three seeking again replaces its own seek.
    assert await Pool(store.seeks).seek(seek("q", target=10, addr="y"), "r", 1, T0) is None
    assert (
        await Pool(store.seeks).seek(seek("p0", target=10, addr="x", rated=False), "r", 1, T0)
        is None
    )
    assert len(await store.seeks.seekers()) == 4


def two_nodes(stores) -> tuple[list[Store], Pool, Pool]:
    """Two nodes' store clients (one for the embedded store, a single process's) and the pool
    each decides over."""
    clients = [stores.open() for _ in range(2)] if stores.kind != "embedded" else [stores.open()]
    return clients, Pool(clients[0].seeks), Pool(clients[-1].seeks)


async def test_a_cancel_racing_a_pairing_is_decided_once(stores):
    # A waits; B seeks the same match while A cancels, again and again, through two store
    # clients (two nodes, but for the embedded store). Either the cancel comes first (B
    # waits, no pairing kept) or the pairing does, pending (A not yet found there), and the
    # cancel voids it (B's node puts B back); never a pairing kept with A cancelled.
    clients, a_pool, b_pool = two_nodes(stores)
    outcomes = set()
    for n in range(60):
        ann, bob = seek(f"a{n}", node="n1"), seek(f"b{n}", node="n2")
        assert await a_pool.seek(ann, "r", 1, T0) is None
        tasks = [b_pool.seek(bob, f"room{n}", SEED, T0), a_pool.unseek(ann["player"], ann["conn"])]
        if n % 2:
            tasks.reverse()
        done = await asyncio.gather(*tasks)
        made, cancelled = done if n % 2 == 0 else done[::-1]
        if cancelled is True:
            outcomes.add("cancelled")
            assert made is None and await clients[0].seeks.seek_of(bob["player"]) == bob
            assert await clients[0].seeks.pairing(ann["player"]) is None
            assert await a_pool.unseek(bob["player"]) is True
        else:
            outcomes.add("voided")
            assert made["room"] == f"room{n}" and cancelled == {**made, "void": True}
            assert await clients[0].seeks.pairing(bob["player"]) == cancelled
            assert await a_pool.confirm(bob["player"], made["room"]) is None  # void stays
            assert await clients[0].seeks.seekers() == []
    assert outcomes == {"cancelled", "voided"}  # both sides of the race were run


async def test_a_confirmation_racing_a_cancel_is_decided_once(stores):
    # A pending pairing: A's node finds A there (confirm) while A cancels (unseek). Either
    # the confirmation comes first (the pairing is complete, and the cancel answers it) or
    # the cancel does (the pairing is void, and the confirmation finds it so); never both.
    clients, a_pool, b_pool = two_nodes(stores)
    outcomes = set()
    for n in range(60):
        ann, bob = seek(f"a{n}", node="n1"), seek(f"b{n}", node="n2")
        await a_pool.seek(ann, "r", 1, T0)
        made = await b_pool.seek(bob, f"room{n}", SEED, T0)
        assert not pairing.complete(made)
        tasks = [a_pool.confirm(ann["player"], made["room"]), a_pool.unseek(ann["player"])]
        if n % 2:
            tasks.reverse()
        done = await asyncio.gather(*tasks)
        confirmed, cancelled = done if n % 2 == 0 else done[::-1]
        kept = await clients[-1].seeks.pairing(bob["player"])
        if confirmed is not None:
            outcomes.add("paired")
            assert pairing.complete(confirmed) and cancelled == confirmed == kept
            assert await b_pool.void(bob["player"], made["room"]) == confirmed  # it stands
        else:
            outcomes.add("cancelled")
            assert cancelled == {**made, "void": True} == kept
    assert outcomes == {"paired", "cancelled"}


async def test_a_seek_of_a_node_not_alive_is_paired_with_nobody(store: Store):
    pool = Pool(store.seeks)
    assert await pool.seek(seek("ann", node="dead"), "r1", 1, T0) is None
    assert await pool.seek(seek("bob", node="n1"), "r2", 1, T0, alive={"n1"}) is None
    assert await store.seeks.pairing("bob") is None
    assert sorted(s["player"] for s in await store.seeks.seekers()) == ["ann", "bob"]
    # Once the node is known alive again (or nobody says which are), they pair.
    made = await pool.seek(seek("cat", node="n1"), "r3", 1, T0, alive={"n1", "dead"})
    assert made["seeks"][0]["player"] == "ann"


async def test_a_seek_of_a_node_known_dead_waits_and_one_of_a_node_not_heard_of_pairs(
    store: Store,
):
    """What a node passes (``gone``): the nodes it heard of and takes for dead. A node it
    has not heard of yet (the first second after a start) is not among them: its seeker is
    paired at once, pending until that node confirms, rather than left for the next sweep."""
    pool = Pool(store.seeks)
    assert await pool.seek(seek("ann", node="dead"), "r1", 1, T0) is None
    assert await pool.seek(seek("bob", node="n1"), "r2", 1, T0, gone={"dead"}) is None
    assert await store.seeks.pairing("bob") is None
    made = await pool.seek(seek("cat", node="n3"), "r3", 1, T0, gone={"dead"})  # n2: unheard
    assert [s["player"] for s in made["seeks"]] == ["bob", "cat"]
    assert made["ready"] == ["cat"] and not pairing.complete(made)


def test_the_store_is_given_the_rules_limits():
    from server.players import ledger
    from server.services.pool import store_limits
    from server.store.base import DEFAULT_LIMITS
    from server.store.keys import PAIR_TTL

    assert store_limits() == DEFAULT_LIMITS and PAIR_TTL == ledger.PAIR_TTL


async def test_a_void_rated_pairing_is_not_counted_against_the_pair(store: Store):
    pool = Pool(store.seeks)
    for n in range(PAIR_LIMIT + 1):  # one more than the day allows, each voided
        await pool.seek(seek("cat"), "r", 1, T0 + n)
        made = await pool.seek(seek("dan"), f"r{n}", 1, T0 + n)
        assert made is not None, n
        assert (await pool.void("dan", made["room"]))["void"]
    # Complete ones count as before.
    for n in range(PAIR_LIMIT):
        await pool.seek(seek("cat"), "r", 1, T0 + 10 + n)
        made = await pool.seek(seek("dan"), f"s{n}", 1, T0 + 10 + n)
        assert pairing.complete(await pool.confirm("cat", made["room"]))
    await pool.seek(seek("cat"), "r", 1, T0 + 20)
    assert await pool.seek(seek("dan"), "r", 1, T0 + 20) is None
