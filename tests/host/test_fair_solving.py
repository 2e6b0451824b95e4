"""The solver's fair queue (server/services/fair.py) and the solving service in front of it
(server/services/solving.py), in process, on a pool whose jobs end when the test says so.

Nothing here waits for time to pass: a job "runs" until the test resolves its future, and
the test then turns the event loop until the queue has taken the news (a bounded number of
turns, no clock). Each fairness test would fail on a first-come-first-served queue (what the
pool alone did): the orders it checks are not the order of arrival.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections import Counter, defaultdict
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.games.solitaire import EASY_HARP, REFLECHI_DRAW3, Solitaire
from server.rooms import RoomError
from server.services.connection import Connection
from server.services.fair import FairQueue, Fifo, Full, Rounds
from server.services.solving import SYSTEM, Solving


@dataclass
class Started:
    fn: Any
    args: tuple
    future: concurrent.futures.Future


class FakePool(Executor):
    """A solver pool whose jobs end when the test says: :meth:`submit` only records."""

    def __init__(self, workers: int = 1) -> None:
        self._max_workers = workers  # as a ProcessPoolExecutor says it (Solving reads it)
        self.jobs: list[Started] = []  # in the order they started

    def submit(self, fn, /, *args, **kwargs):
        future: concurrent.futures.Future = concurrent.futures.Future()
        future.set_running_or_notify_cancel()
        self.jobs.append(Started(fn, args, future))
        return future

    @property
    def order(self) -> list:
        """What each job started with (its first argument), in the order they started."""
        return [job.args[0] for job in self.jobs]

    def unfinished(self) -> list[Started]:
        return [job for job in self.jobs if not job.future.done()]


def label(name):
    return name


async def turn() -> None:
    """One turn of the event loop: what is ready runs; no time passes."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    loop.call_soon(ready.set_result, None)
    await ready


async def until(condition, turns: int = 100) -> None:
    """Turn the loop until ``condition()`` holds (a bounded number of turns, no clock)."""
    for _ in range(turns):
        if condition():
            return
        await turn()
    raise AssertionError("the condition never held")


async def finish(pool: FakePool, queue: FairQueue, started: Started, answer: Any = None) -> None:
    """End a running job, and wait until the queue has freed its worker (and started the
    next job, if one waits)."""
    started.future.set_result(started.args[0] if answer is None else answer)
    await until(lambda: queue.running == len(pool.unfinished()))


async def drain(pool: FakePool, queue: FairQueue) -> None:
    """End jobs, oldest running first, until none runs or waits."""
    while pool.unfinished():
        await finish(pool, queue, pool.unfinished()[0])
    assert not len(queue.waiting) and queue.running == 0


# ---- the queue -----------------------------------------------------------------------------


async def test_a_newcomer_starts_right_after_the_running_job_not_after_a_floods_queue():
    pool = FakePool()
    queue = FairQueue(pool, workers=1, per_address=100)
    flood = [queue.submit("A", f"socket:{k}", label, f"A{k}") for k in range(40)]
    mine = queue.submit("B", "socket:b", label, "B")
    assert pool.order == ["A0"]  # one worker: one job runs
    await finish(pool, queue, pool.jobs[0])
    assert pool.order == ["A0", "B"]  # next, however many A has waiting
    await drain(pool, queue)
    assert pool.order == ["A0", "B", *(f"A{k}" for k in range(1, 40))]  # A's, in A's order
    assert mine.future.result() == "B" and [j.future.result() for j in flood][-1] == "A39"


async def test_the_waiting_jobs_are_taken_round_robin_over_three_addresses():
    pool = FakePool()
    queue = FairQueue(pool, workers=1)
    for address in "ABC":
        for k in range(3):
            queue.submit(address, address, label, f"{address}{k}")
    await drain(pool, queue)
    assert pool.order == ["A0", "B0", "C0", "A1", "B1", "C1", "A2", "B2", "C2"]


async def test_an_address_that_asks_again_waits_for_the_others_turns():
    """Asking again at once, or leaving the queue and coming back, gives no second turn in a
    round: A's next job goes after B's and C's waiting ones."""
    pool = FakePool()
    queue = FairQueue(pool, workers=1)
    queue.submit("A", "a", label, "A0")  # runs at once
    queue.submit("A", "a", label, "A1")  # A was served in this round: after B and C
    queue.submit("B", "b", label, "B0")
    queue.submit("C", "c", label, "C0")
    await drain(pool, queue)
    assert pool.order == ["A0", "B0", "C0", "A1"]


async def test_two_players_behind_one_address_alternate():
    pool = FakePool()
    queue = FairQueue(pool, workers=1, per_address=100)
    queue.submit("B", "player:b", label, "B0")  # runs at once
    for k in range(4):
        queue.submit("family", "player:p", label, f"P{k}")  # one player, many sockets
    for k in range(2):
        queue.submit("family", "player:q", label, f"Q{k}")
    await drain(pool, queue)
    assert pool.order == ["B0", "P0", "Q0", "P1", "Q1", "P2", "P3"]


async def test_at_most_workers_jobs_run_and_each_ending_starts_the_next():
    pool = FakePool()
    queue = FairQueue(pool, workers=2, per_address=100)
    for k in range(5):
        queue.submit("A", "a", label, f"A{k}")
    queue.submit("B", "b", label, "B0")
    assert pool.order == ["A0", "A1"] and queue.running == 2
    await finish(pool, queue, pool.jobs[1])
    assert pool.order == ["A0", "A1", "B0"] and queue.running == 2


async def test_an_address_over_its_cap_is_refused_and_nothing_changes():
    pool = FakePool()
    queue = FairQueue(pool, workers=1, per_address=8)
    queue.submit("A", "socket:0", label, "A0")  # runs: not waiting, not counted
    for k in range(1, 9):
        queue.submit("A", f"socket:{k}", label, f"A{k}")
    with pytest.raises(Full) as refused:
        queue.submit("A", "socket:9", label, "A9")
    assert "8 questions from your address are waiting" in str(refused.value)
    assert len(queue.waiting) == 8 and queue.running == 1 and pool.order == ["A0"]
    queue.submit("B", "socket:b", label, "B0")  # another address is not refused, and goes first
    await drain(pool, queue)
    assert pool.order == ["A0", "B0", *(f"A{k}" for k in range(1, 9))]


async def test_the_queue_as_a_whole_is_capped_but_not_the_nodes_own_work():
    pool = FakePool()
    queue = FairQueue(pool, workers=1, per_address=8, total=3)
    queue.submit("A", "a", label, "A0")  # runs
    for name in ("A1", "B0", "C0"):
        queue.submit(name[0], name[0], label, name)
    with pytest.raises(Full) as refused:
        queue.submit("D", "d", label, "D0")
    assert "all the questions it can take" in str(refused.value)
    queue.submit(SYSTEM, "daily", label, "daily", capped=False)  # never refused
    await drain(pool, queue)
    assert pool.order == ["A0", "B0", "C0", "daily", "A1"]
    assert queue.capped == 0


async def test_a_job_whose_requester_is_gone_is_dropped_not_run():
    pool = FakePool()
    queue = FairQueue(pool, workers=1)
    gone = {"B": False}
    queue.submit("A", "a", label, "A0")
    for k in range(3):
        queue.submit("A", "a", label, f"A{k + 1}")
    dropped = queue.submit("B", "b", label, "B0", alive=lambda: not gone["B"])
    queue.submit("C", "c", label, "C0")
    gone["B"] = True
    await drain(pool, queue)
    assert pool.order == ["A0", "C0", "A1", "A2", "A3"]  # B's turn passed, not run
    with pytest.raises(Exception, match="gone"):
        dropped.future.result()


async def test_cancelling_the_awaiting_coroutine_withdraws_its_waiting_job():
    pool = FakePool()
    queue = FairQueue(pool, workers=1)
    first = asyncio.ensure_future(queue.run("A", "a", label, "A0"))
    again = asyncio.ensure_future(queue.run("A", "a", label, "A1"))
    waiting = asyncio.ensure_future(queue.run("B", "b", label, "B0"))
    await until(lambda: len(queue.waiting) == 2)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert len(queue.waiting) == 1 and queue.capped == 1
    third = asyncio.ensure_future(queue.run("C", "c", label, "C0"))
    await until(lambda: len(queue.waiting) == 2)
    await finish(pool, queue, pool.jobs[0])
    assert await first == "A0" and pool.order == ["A0", "C0"]  # B0 never starts
    await drain(pool, queue)
    assert pool.order == ["A0", "C0", "A1"] and await third == "C0" and await again == "A1"


async def test_cancelling_a_running_job_keeps_its_worker_busy_until_it_ends():
    """A worker process cannot be interrupted: its worker stays taken until the job ends."""
    pool = FakePool()
    queue = FairQueue(pool, workers=1)
    running = asyncio.ensure_future(queue.run("A", "a", label, "A0"))
    await until(lambda: pool.order == ["A0"])
    queue.submit("A", "a", label, "A1")
    queue.submit("B", "b", label, "B0")
    running.cancel()
    with pytest.raises(asyncio.CancelledError):
        await running
    assert queue.running == 1 and pool.order == ["A0"]
    await finish(pool, queue, pool.jobs[0])
    assert pool.order == ["A0", "B0"]  # A's turn was the cancelled job's
    await drain(pool, queue)


def test_a_round_remembers_only_so_many_served_keys():
    rounds = Rounds(Fifo, memory=3)
    for k in range(10):  # each served at once, its lane empty: remembered as served
        rounds.add((k,), k)
        assert rounds.take() == k
    assert list(rounds.served) == [7, 8, 9]


# ---- every interleaving --------------------------------------------------------------------

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("ask"), st.integers(0, 3), st.integers(0, 2)),
        st.tuples(st.just("finish"), st.integers(0, 10)),
        st.tuples(st.just("cancel"), st.integers(0, 10)),
    ),
    max_size=80,
)


@settings(max_examples=150, deadline=None)
@given(workers=st.integers(1, 3), ops=OPS)
def test_every_interleaving_is_bounded_and_fair(workers, ops):
    """Over any interleaving of questions, ends and withdrawals: each job starts at most
    once, never more than ``workers`` run, a worker is never idle while a job waits, each
    key's jobs start in their order, and while an address has work waiting no other address
    starts twice before it starts once (likewise for the players within an address)."""
    asyncio.run(_interleave(workers, ops))


async def _interleave(workers: int, ops) -> None:
    pool = FakePool()
    queue = FairQueue(pool, workers, per_address=1000, total=1000)
    jobs: dict[str, Any] = {}  # name -> job
    waiting: dict[str, tuple[int, int]] = {}  # name -> (address, player), not started
    passed: dict[Any, Counter] = defaultdict(Counter)  # waiting key -> starts of others since
    seen = 0

    def keys_waiting() -> set:
        return {a for a, _ in waiting.values()} | {(a, p) for a, p in waiting.values()}

    def forget() -> None:
        for key in passed.keys() - keys_waiting():  # it waits no more: afresh next time
            del passed[key]

    def note_starts() -> None:
        nonlocal seen
        forget()  # withdrawn
        for started in pool.jobs[seen:]:
            name = started.args[0]
            address, player = waiting.pop(name)
            for key, others in passed.items():  # everyone waiting sees this start
                if key == address or key == (address, player):
                    others.clear()  # its turn came: count afresh
                elif not isinstance(key, tuple) and key != address:
                    others[address] += 1
                    assert others[address] <= 1, f"{address} started twice while {key} waited"
                elif isinstance(key, tuple) and key[0] == address:
                    others[player] += 1
                    assert others[player] <= 1, f"{player} started twice while {key} waited"
            seen += 1
            forget()
        assert len(set(pool.order)) == len(pool.order)  # no job started twice
        assert queue.running == len(pool.unfinished()) <= workers
        assert queue.running == workers or not waiting  # never idle while a job waits
        assert len(queue.waiting) == len(waiting)

    for n, op in enumerate(ops):
        if op[0] == "ask":
            name = f"{op[1]}.{op[2]}.{n}"
            for key in (op[1], (op[1], op[2])):
                passed.setdefault(key, Counter())
            waiting[name] = (op[1], op[2])
            jobs[name] = queue.submit(op[1], op[2], label, name)
        elif op[0] == "finish" and pool.unfinished():
            running = pool.unfinished()
            await finish(pool, queue, running[op[1] % len(running)])
        elif op[0] == "cancel" and waiting:
            name = sorted(waiting)[op[1] % len(waiting)]
            assert queue.withdraw(jobs[name])
            del waiting[name]
        note_starts()
    order = pool.order
    for key in {tuple(name.split(".")[:2]) for name in order}:  # FIFO within a player
        mine = [name for name in order if tuple(name.split(".")[:2]) == key]
        assert mine == sorted(mine, key=lambda name: int(name.split(".")[2]))
    await drain(pool, queue)
    note_starts()
    assert not waiting and queue.capped == 0


# ---- the solving service -------------------------------------------------------------------


class Quiet:
    def send(self, frame: bytes) -> int:
        return 0

    def close(self, code: int, reason: str = "") -> None:
        return None


def connection(address: str, player: str | None = None) -> Connection:
    conn = Connection(Quiet(), address=address)  # type: ignore[arg-type]
    conn.player = None if player is None else {"id": player}
    return conn


def game(number: int) -> Solitaire:
    return Solitaire.new(EASY_HARP, number)


def asked(pool: FakePool) -> list[int]:
    """The deal number of each question, in the order the questions started."""
    return [job.args[0].number for job in pool.jobs]


async def test_a_bystanders_question_goes_next_whatever_one_address_floods():
    pool = FakePool()
    solving = Solving(pool, 3.0)
    flood = [connection("203.0.113.7") for _ in range(40)]
    tasks = [asyncio.ensure_future(solving.winnable(c, game(k + 1))) for k, c in enumerate(flood)]
    await until(lambda: len(solving.queue.waiting) == 8)  # the address's cap: 8 wait
    refused = [t for t in tasks if t.done()]
    assert len(refused) == 31  # one runs, eight wait, the rest are told busy
    for task in refused:
        with pytest.raises(RoomError) as caught:
            task.result()
        assert caught.value.code == "busy" and "address" in caught.value.message
    assert not any(c.solving for c in flood[9:])  # free to ask again
    bystander = connection("198.51.100.20", player="bee")
    mine = asyncio.ensure_future(solving.winnable(bystander, game(100)))
    await until(lambda: len(solving.queue.waiting) == 9)
    await finish(pool, solving.queue, pool.jobs[0], {"verdict": "unknown"})
    assert asked(pool) == [1, 100]  # the bystander's question is the next to start
    await finish(pool, solving.queue, pool.jobs[1], {"verdict": "winnable"})
    assert await mine == {"verdict": "winnable"}
    await drain(pool, solving.queue)
    await asyncio.gather(*tasks, return_exceptions=True)


async def test_one_question_at_a_time_per_player_across_their_sockets():
    pool = FakePool()
    solving = Solving(pool, 3.0)
    tabs = [connection("192.0.2.1", player="p") for _ in range(3)]
    sister = connection("192.0.2.1", player="q")
    first = asyncio.ensure_future(solving.hint(tabs[0], game(1)))
    await until(lambda: pool.jobs)
    for tab in tabs[1:]:
        with pytest.raises(RoomError) as caught:
            await solving.hint(tab, game(2))
        assert caught.value.code == "busy"
    with pytest.raises(RoomError) as caught:  # and the same socket, as before
        await solving.hint(tabs[0], game(2))
    assert caught.value.code == "busy"
    hers = asyncio.ensure_future(solving.hint(sister, game(3)))  # another player may ask
    await until(lambda: len(solving.queue.waiting) == 1)
    await finish(pool, solving.queue, pool.jobs[0], {"action": None})
    assert await first == {"action": None} and asked(pool) == [1, 3]
    again = asyncio.ensure_future(solving.hint(tabs[2], game(4)))  # answered: may ask again
    await until(lambda: len(solving.queue.waiting) == 1)
    await drain(pool, solving.queue)
    await asyncio.gather(hers, again)
    assert asked(pool) == [1, 3, 4] and "p" not in solving.players


async def test_a_question_waits_in_the_turn_of_its_address_then_of_its_player_or_socket():
    pool = FakePool()
    solving = Solving(pool, 3.0)
    blocker = asyncio.ensure_future(solving.winnable(connection("192.0.2.9"), game(1)))
    anonymous, player = connection("192.0.2.1"), connection("192.0.2.1", player="p")
    asks = [asyncio.ensure_future(solving.hint(c, game(2))) for c in (anonymous, player)]
    await until(lambda: len(solving.queue.waiting) == 2)
    family = solving.queue.waiting.current["192.0.2.1"]
    assert list(family.current) == [f"socket:{anonymous.id}", "player:p"]
    await drain(pool, solving.queue)
    await asyncio.gather(blocker, *asks)


async def test_a_question_from_a_closed_socket_is_not_run():
    pool = FakePool()
    solving = Solving(pool, 3.0)
    first, second = connection("192.0.2.1"), connection("192.0.2.1")
    leaving, staying = connection("192.0.2.2"), connection("192.0.2.3")
    asks = [
        asyncio.ensure_future(solving.winnable(c, game(n)))
        for c, n in ((first, 1), (second, 11), (leaving, 2), (staying, 3))
    ]
    await until(lambda: len(solving.queue.waiting) == 3)
    leaving.lost()
    await finish(pool, solving.queue, pool.jobs[0])
    assert asked(pool) == [1, 3]  # the closed socket's turn passed, its question not run
    with pytest.raises(RoomError) as caught:
        await asks[2]
    assert caught.value.code == "busy" and not leaving.solving
    await drain(pool, solving.queue)
    assert asked(pool) == [1, 3, 11]
    await asyncio.gather(asks[0], asks[1], asks[3])


async def test_a_cancelled_question_leaves_the_queue_and_frees_its_socket():
    pool = FakePool()
    solving = Solving(pool, 3.0)
    first = asyncio.ensure_future(solving.hint(connection("192.0.2.1"), game(1)))
    more = asyncio.ensure_future(solving.hint(connection("192.0.2.1"), game(11)))
    waiting_conn = connection("192.0.2.2", player="p")
    waiting = asyncio.ensure_future(solving.hint(waiting_conn, game(2)))
    await until(lambda: len(solving.queue.waiting) == 2)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert len(solving.queue.waiting) == 1 and not waiting_conn.solving and not solving.players
    last = asyncio.ensure_future(solving.hint(connection("192.0.2.3"), game(3)))
    await until(lambda: len(solving.queue.waiting) == 2)
    await drain(pool, solving.queue)
    await asyncio.gather(first, more, last)
    assert asked(pool) == [1, 3, 11]


async def test_winnable_deals_are_searched_one_candidate_per_turn_with_the_same_answer():
    """A search for a winnable deal is one job per candidate (a second each), so a question
    from another address goes between two candidates; the deal found is the first candidate
    proved winnable, as when the candidates were tried in one job."""
    pool = FakePool()
    solving = Solving(pool, 3.0)
    meta = {"game": "reflechi", "draw": 3, "public": False}
    creator = connection("192.0.2.1")
    search = asyncio.ensure_future(solving.winnable_meta(meta, conn=creator))
    await until(lambda: len(pool.jobs) == 1)
    variant, candidates, seconds = pool.jobs[0].args
    assert variant is REFLECHI_DRAW3 and len(candidates) == 1 and seconds == 1.0
    sibling = asyncio.ensure_future(solving.winnable(connection("192.0.2.1"), game(5)))
    other = asyncio.ensure_future(solving.winnable(connection("192.0.2.2"), game(7)))
    await until(lambda: len(solving.queue.waiting) == 2)
    await finish(pool, solving.queue, pool.jobs[0], (candidates[0], None))  # not won
    assert pool.jobs[1].args[0].number == 7  # the other address's turn came first
    await finish(pool, solving.queue, pool.jobs[1], {"verdict": "unknown"})
    await until(lambda: len(solving.queue.waiting) == 1)  # the next candidate, behind 5
    await finish(pool, solving.queue, pool.jobs[2], {"verdict": "unknown"})
    assert pool.jobs[2].args[0].number == 5
    second = pool.jobs[3].args[1][0]
    assert second != candidates[0]
    await finish(pool, solving.queue, pool.jobs[3], (second, [{"type": "stock"}]))
    room = await search
    assert room["number"] == second and room["code"] is None and room["daily"] is None
    await asyncio.gather(sibling, other)


async def test_the_nodes_own_work_still_runs_through_run():
    """The day's deal (server/services/dailies.py) is the node's work: a turn of its own, next after
    the running questions however many one address has waiting."""
    pool = FakePool()
    solving = Solving(pool, 3.0)
    flood = [
        asyncio.ensure_future(solving.hint(connection("203.0.113.7"), game(n))) for n in range(1, 5)
    ]
    await until(lambda: len(solving.queue.waiting) == 3)
    work = asyncio.ensure_future(solving.run(label, "daily"))
    await until(lambda: len(solving.queue.waiting) == 4)
    await finish(pool, solving.queue, pool.jobs[0])
    assert pool.jobs[1].fn is label
    await drain(pool, solving.queue)
    assert await work == "daily"
    await asyncio.gather(*flood)


async def test_searches_for_a_deal_without_a_connection_share_a_turn_that_no_address_cap_counts():
    pool = FakePool()
    solving = Solving(pool, 3.0)
    flood = [
        asyncio.ensure_future(solving.hint(connection("203.0.113.7"), game(n)))
        for n in range(1, 10)
    ]
    await until(lambda: len(solving.queue.waiting) == 8)
    meta = {"game": "easy_harp", "public": False}
    searches = [asyncio.ensure_future(solving.winnable_meta(meta)) for _ in range(10)]
    await until(lambda: len(solving.queue.waiting) == 18)  # none refused
    await finish(pool, solving.queue, pool.jobs[0])
    assert pool.jobs[1].fn.__name__ == "winnable_number"  # next, before the flood's eight
    await finish(pool, solving.queue, pool.jobs[1], (pool.jobs[1].args[1][0], [{"t": 1}]))
    assert pool.jobs[2].args[0].number == 2  # then the flood's turn
    for search in searches:
        search.cancel()
    await asyncio.gather(*searches, return_exceptions=True)
    await drain(pool, solving.queue)
    await asyncio.gather(*flood)
