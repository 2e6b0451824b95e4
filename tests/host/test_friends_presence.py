"""Friends' presence (server/services/online.py) in fake time: two nodes' hubs on one
embedded store, their words to each other carried by the store's events. The grace after a
player's last socket, a node taken for dead, a node killed (its pulse lapses within the
grace), a hidden player, a table, and what a change costs: words to the nodes of online
friends only."""

from __future__ import annotations

import asyncio

import pytest
from host_harness import FakeClock, Recorder
from waiting import until

from server.host.pulse import LAPSE_MS, PULSE_SECONDS, Pulse
from server.players import friends as rules
from server.services.connection import Connection
from server.services.online import GRACE_SECONDS, HIDE, Online
from server.store.base import Unavailable
from server.store.embedded import EmbeddedStore

ANN, BOB, CY, DI = "p222222222222", "p333333333333", "p444444444444", "p555555555555"
A, B = "n1/aaaa", "n2/bbbb"


class World:
    """Two nodes' hubs (``a``: node n1, ``b``: node n2) on one store and clock; the store's
    events handed to both (each reads again what it follows, so a word meant for the other
    changes nothing it shows)."""

    def __init__(self, store: EmbeddedStore, clock: FakeClock) -> None:
        self.store, self.clock = store, clock
        self.live = {A, B}
        self.sessions = {A: {}, B: {}}
        self.tables: dict[Connection, dict] = {}
        self.pulses = {
            life: Pulse(store.leases, life, self._pulsed(life), clock) for life in (A, B)
        }
        self.beating: dict[str, asyncio.Task] = {}
        self.hubs = {
            life: Online(
                store,
                life,
                lambda life=life: set(self.live) - self.pulses[life].lapsed,
                self.sessions[life],
                lambda conn: self.tables.get(conn),
                clock,
            )
            for life in (A, B)
        }
        self.words: list[dict] = []

    def _pulsed(self, life: str):
        return lambda gone, came: self.hubs[life].nodes_changed(gone, came)

    def start_pulses(self) -> None:
        for life, pulse in self.pulses.items():
            self.beating[life] = asyncio.ensure_future(pulse.run())

    def kill(self, life: str) -> None:
        """The node dies: no pulse of it any more (its sockets close with no word)."""
        self.beating.pop(life).cancel()

    async def end(self) -> None:
        for task in self.beating.values():
            task.cancel()
        await asyncio.gather(*self.beating.values(), return_exceptions=True)
        await self.store.close()

    async def pump(self) -> None:
        """Hand every event the store holds to both hubs (as each node's listener would)."""
        queue = self.store.sqlite.queue
        while queue is not None and not queue.empty():
            event = queue.get_nowait()
            self.words.append(event)
            for hub in self.hubs.values():
                if event["k"] == "friend_presence":
                    hub.on_presence(event)
                elif event["k"] == "social":
                    hub.on_social(event)
        await self.clock.settle()

    async def settle(self, seconds: float = 0.0) -> None:
        await self.clock.advance(seconds)
        for _ in range(3):
            await self.pump()

    def open(self, life: str, player: str, settings: dict | None = None) -> Connection:
        conn = Connection(Recorder())
        conn.player = {"id": player, "name": player, "settings": settings or {}}
        self.sessions[life].setdefault(player, set()).add(conn)
        self.hubs[life].touch(player)
        return conn

    def close(self, life: str, conn: Connection) -> None:
        player = conn.player["id"]
        conns = self.sessions[life][player]
        conns.discard(conn)
        if not conns:
            del self.sessions[life][player]
        self.hubs[life].touch(player)


def told(conn: Connection, friend: str) -> list[str]:
    return [m["status"] for m in conn.socket.received if m.get("player") == friend]


async def make(tmp_path) -> World:
    clock = FakeClock()
    store = EmbeddedStore(str(tmp_path / "db.sqlite3"), monotonic=clock.monotonic)
    store.sqlite.queue = asyncio.Queue()
    for a, b in ((ANN, BOB), (BOB, CY), (BOB, DI)):
        await store.friends.change(a, rules.accepted(b, b, 0))
        await store.friends.change(b, rules.accepted(a, a, 0))
    return World(store, clock)


async def test_offline_comes_after_the_grace_and_a_socket_back_within_it_shows_nothing(
    tmp_path,
) -> None:
    world = await make(tmp_path)
    ann = world.open(A, ANN)
    bob = world.open(B, BOB)
    await world.settle()
    assert told(ann, BOB) == ["online"]
    world.close(B, bob)
    await world.settle(GRACE_SECONDS - 0.1)
    bob = world.open(B, BOB)  # a reload of the page
    await world.settle(GRACE_SECONDS)
    assert told(ann, BOB) == ["online"]
    world.close(B, bob)
    await world.settle(GRACE_SECONDS - 0.1)
    assert told(ann, BOB) == ["online"]
    await world.settle(0.1)
    assert told(ann, BOB) == ["online", "offline"]
    assert await world.store.friends.online([BOB]) == [{}]
    await world.store.close()


async def test_a_player_on_two_nodes_is_online_until_both_sockets_are_gone(tmp_path) -> None:
    world = await make(tmp_path)
    ann = world.open(A, ANN)
    on_a, on_b = world.open(A, BOB), world.open(B, BOB)
    await world.settle()
    world.close(B, on_b)
    await world.settle(2 * GRACE_SECONDS)
    assert told(ann, BOB) == ["online"]
    world.close(A, on_a)
    await world.settle(2 * GRACE_SECONDS)
    assert told(ann, BOB) == ["online", "offline"]
    await world.store.close()


async def test_a_node_taken_for_dead_takes_its_players_offline_at_once(tmp_path) -> None:
    world = await make(tmp_path)
    ann = world.open(A, ANN)
    world.open(B, BOB)
    await world.settle()
    world.live.discard(B)  # membership: n2's heartbeat is too old
    world.hubs[A].nodes_changed({B}, set())
    assert told(ann, BOB) == ["online", "offline"]
    assert (await world.hubs[A].answer(ANN))["friends"][0]["status"] == "offline"
    await world.store.close()


async def test_a_hidden_player_is_offline_to_every_friend(tmp_path) -> None:
    world = await make(tmp_path)
    ann = world.open(A, ANN)
    world.open(B, BOB, {HIDE: True})
    await world.settle()
    assert told(ann, BOB) == []
    assert (await world.hubs[A].answer(ANN))["friends"][0]["status"] == "offline"
    await world.store.close()


async def test_a_table_shows_its_room_only_when_public(tmp_path) -> None:
    world = await make(tmp_path)
    ann = world.open(A, ANN)
    bob = world.open(B, BOB)
    await world.settle()
    world.tables[bob] = {"playing": True, "room": None}
    world.hubs[B].touch(BOB)
    await world.settle()
    assert [m.get("watch") for m in ann.socket.received] == [None, None]
    assert told(ann, BOB) == ["online", "playing"]
    world.tables[bob] = {"playing": True, "room": "pubroom1"}
    await world.settle(1.0)  # the seated players' tables are looked at each second
    assert ann.socket.received[-1] == {
        "t": "friend", "player": BOB, "status": "playing", "watch": "pubroom1"
    }  # fmt: skip
    del world.tables[bob]  # the match is over
    await world.settle(1.0)
    assert told(ann, BOB)[-1] == "online"
    await world.store.close()


async def test_coming_online_costs_a_word_to_the_nodes_of_online_friends_only(
    tmp_path,
) -> None:
    """Bob has three friends: Ann online on node n1, Cy and Di offline. His coming online
    on n2 costs one word, to n1; his second socket there, none."""
    world = await make(tmp_path)
    world.open(A, ANN)
    await world.settle()
    world.words.clear()
    world.open(B, BOB)
    await world.settle()
    assert world.words == [{"k": "friend_presence", "player": BOB}]
    world.words.clear()
    world.open(B, BOB)
    await world.settle()
    assert world.words == []
    await world.store.close()


def store_away_at(world: World, calls: set[int]) -> list[list[str]]:
    """Make the store's read of presence entries fail (as Redis away: Unavailable) at the
    given calls (counted from 1); the players each call asked for, in order."""
    read = world.store.friends.online
    asked: list[list[str]] = []

    async def online(players):
        asked.append(list(players))
        if len(asked) in calls:
            raise Unavailable("away")
        return await read(players)

    world.store.friends.online = online
    return asked


def reads_away_in_the_step_of(world: World, life: str, player: str, away: bool) -> list[bool]:
    """Make the store's reads of presence entries fail (Unavailable) in ``player``'s step
    on ``life``'s node while the switch returned is on (``away``: how it starts)."""
    hub, read = world.hubs[life], world.store.friends.online
    switch = [away]

    async def online(players):
        if switch[0] and asyncio.current_task() is hub.running.get(player):
            raise Unavailable("away")
        return await read(players)

    world.store.friends.online = online
    return switch


async def befriend(world: World, a: str, b: str) -> None:
    """``a`` and ``b`` become friends in the store (as an accepted request leaves them)."""
    await world.store.friends.change(a, rules.accepted(b, b, 0))
    await world.store.friends.change(b, rules.accepted(a, a, 0))


async def test_friends_are_told_of_a_change_made_while_the_store_was_away(tmp_path) -> None:
    """Bob's node writes his entry, then cannot read his friends' (to know whose nodes to
    tell): it tries again, though his entry is written already; the same when he leaves."""
    world = await make(tmp_path)
    ann = world.open(A, ANN)
    await world.settle()
    asked = store_away_at(world, {2, 5})
    bob = world.open(B, BOB)  # 1: his friends followed; 2: whom to tell, away
    await world.settle()
    assert told(ann, BOB) == []
    await world.settle(0.5)
    assert told(ann, BOB) == ["online"]
    assert asked[1] == asked[2] == [ANN, CY, DI]
    world.close(B, bob)
    await world.settle(GRACE_SECONDS)  # 5: whom to tell he left, away
    assert told(ann, BOB) == ["online"]
    await world.settle(0.5)
    assert told(ann, BOB) == ["online", "offline"]
    await world.store.close()


async def test_a_friend_s_entries_read_while_the_store_is_away_are_read_again(tmp_path) -> None:
    world = await make(tmp_path)
    ann = world.open(A, ANN)
    await world.settle()
    asked = store_away_at(world, {3})
    world.open(B, BOB)  # 3: Ann's node reads his entries, away
    await world.settle()
    assert asked[2] == [BOB] and told(ann, BOB) == []
    await world.settle(0.5)
    assert told(ann, BOB) == ["online"]
    await world.store.close()


async def test_two_friends_coming_online_at_once_are_each_shown_the_other(tmp_path) -> None:
    """Ann's node reads Bob's entries (none yet), then Bob's node writes his and reads hers
    (none yet: told to nobody), then hers is written: her node's read after that write shows
    him all the same."""
    world = await make(tmp_path)
    read = world.store.friends.online
    calls: list[list[str]] = []

    async def online(players):
        found = await read(players)
        calls.append(list(players))
        if len(calls) == 1:  # Ann's node following her friends: Bob comes meanwhile
            bob = world.open(B, BOB)
            await world.hubs[B].running[BOB]
            assert told(bob, ANN) == []
        return found

    world.store.friends.online = online
    ann = world.open(A, ANN)
    await world.settle()
    assert calls[0] == [BOB]
    assert told(ann, BOB) == ["online"]
    await world.store.close()


async def steps_until_told(world: World, conn: Connection, friend: str, status: str) -> float:
    """Move on a tenth of a second at a time until ``conn`` is told ``friend`` is
    ``status``; the seconds it took."""
    waited = 0.0
    while not told(conn, friend) or told(conn, friend)[-1] != status:
        assert waited < 10, f"{friend} never shown {status}"
        await world.settle(0.1)
        waited += 0.1
    return waited


async def pulsing(tmp_path) -> tuple[World, Connection, Connection]:
    """Both nodes pulsing; Ann on n1 and Bob on n2 online, and told of each other."""
    world = await make(tmp_path)
    world.start_pulses()
    ann = world.open(A, ANN)
    bob = world.open(B, BOB)
    await world.settle(2.0)
    return world, ann, bob


async def test_a_killed_node_s_players_show_offline_within_the_grace(tmp_path) -> None:
    """Node n2 dies (no socket of Bob's closes by its word, its heartbeat is young for five
    seconds more): Ann on n1 sees him offline once n2's pulse lapses, within the grace."""
    world, ann, _ = await pulsing(tmp_path)
    assert told(ann, BOB) == ["online"]
    world.kill(B)
    took = await steps_until_told(world, ann, BOB, "offline")
    assert LAPSE_MS / 1000 <= took <= GRACE_SECONDS + 1e-6
    assert told(ann, BOB) == ["online", "offline"]
    assert (await world.hubs[A].answer(ANN))["friends"][0]["status"] == "offline"
    await world.settle(60.0)  # ...and stays so, membership or not
    assert told(ann, BOB) == ["online", "offline"]
    await world.end()


async def test_a_stall_shorter_than_the_lapse_shows_nothing_a_longer_one_flaps(tmp_path) -> None:
    """n2's loop stops (a stall, not a death) and goes on: under LAPSE_MS its players show
    no change; past it they show offline, then online at its first pulse after (the flap the
    pulse's docstring owns up to)."""
    world, ann, _ = await pulsing(tmp_path)
    world.kill(B)
    await world.settle(LAPSE_MS / 1000 - PULSE_SECONDS)
    world.beating[B] = asyncio.ensure_future(world.pulses[B].run())
    await world.settle(5.0)
    assert told(ann, BOB) == ["online"]
    world.kill(B)
    await world.settle(2.0)
    world.beating[B] = asyncio.ensure_future(world.pulses[B].run())
    await world.settle(PULSE_SECONDS)  # n1's next read
    assert told(ann, BOB) == ["online", "offline", "online"]
    await world.end()


async def test_the_store_away_for_everyone_shows_no_friend_offline(tmp_path) -> None:
    """Nobody can pulse for three seconds; at the first read after, every other life's
    pulse is old until it gives the next: none is judged before, so nobody flaps."""
    world, ann, bob = await pulsing(tmp_path)
    give = world.store.leases.pulse
    away = True

    async def pulse(life: str) -> dict[str, int]:
        if away:
            raise Unavailable("away")
        return await give(life)

    world.store.leases.pulse = pulse
    await world.settle(3.0)
    away = False
    await world.settle(5.0)
    assert told(ann, BOB) == ["online"] and told(bob, ANN) == []  # (his list showed her)
    assert world.hubs[B].shown[ANN]["status"] == "online"
    await world.end()


async def test_a_lapsed_life_forgotten_by_the_store_stays_offline(tmp_path) -> None:
    """A lapsed life's pulse is removed (membership forgot it, with its heartbeat): not
    being among the pulses does not make it alive again."""
    world, ann, _ = await pulsing(tmp_path)
    world.kill(B)
    await world.settle(2.0)
    await world.store.leases.leave_cluster(B)
    await world.settle(5.0)
    assert told(ann, BOB) == ["online", "offline"] and B in world.pulses[A].lapsed
    await world.end()


async def test_a_list_asked_while_the_friends_are_first_read_shows_a_change_between(
    tmp_path,
) -> None:
    """Ann's first socket on n1: her node's read of her friend's entries is slow. Meanwhile
    her page asks for her list, and Bob comes online on n2 (his node finds no entry of hers
    yet: it tells nobody). Her node's read, after his write, shows him online to nobody but
    her list: the list must say so, not what a read before his write said (the list waits
    for her node's read)."""
    world = await make(tmp_path)
    hub, read = world.hubs[A], world.store.friends.online
    bob_came, listed_read = asyncio.Event(), asyncio.Event()
    asked: list[asyncio.Task] = []

    async def online(players):
        if asyncio.current_task() is hub.running.get(ANN):  # her node following Bob: slow
            await bob_came.wait()
        found = await read(players)
        if asked and asyncio.current_task() is asked[0]:
            listed_read.set()
        return found

    world.store.friends.online = online
    ann = world.open(A, ANN)
    asked.append(asyncio.ensure_future(hub.answer(ANN)))
    # (the store's thread is real: wait until the list has read Bob's entries, or waits)
    await until(lambda: listed_read.is_set() or ANN in getattr(hub, "following", {}), 10)
    world.open(B, BOB)
    await world.hubs[B].running[BOB]
    bob_came.set()
    await world.settle()
    listed = next(f["status"] for f in (await asked[0])["friends"] if f["id"] == BOB)
    assert (told(ann, BOB) or [listed])[-1] == "online"
    await world.end()


async def test_an_old_read_answered_late_never_undoes_a_newer_one(tmp_path) -> None:
    """Cy comes to n1, where Ann follows Bob: n1 reads Bob's entries once Cy's is written (to
    show him to Cy), and that answer is slow to come. Meanwhile Bob leaves: n1, told, reads
    his entries again (none) and shows him offline. The older answer, come last, must not
    show him online again (to Ann or Cy: nothing would ever correct it)."""
    world = await make(tmp_path)
    hub, read = world.hubs[A], world.store.friends.online
    ann = world.open(A, ANN)
    bob = world.open(B, BOB)
    await world.settle()

    async def online(players):
        found = await read(players)
        if asyncio.current_task() is hub.running.get(CY) and BOB in players:
            await world.clock.sleep(GRACE_SECONDS + 1)  # its answer late
        return found

    world.store.friends.online = online
    cy = world.open(A, CY)
    await world.settle()  # Cy's node has read Bob online: the answer on its way
    world.close(B, bob)
    await world.settle(GRACE_SECONDS + 0.5)
    assert told(ann, BOB) == ["online", "offline"]
    await world.settle(1.0)  # the old answer comes
    assert told(ann, BOB)[-1] == "offline"
    assert told(cy, BOB)[-1:] == ["offline"]
    await world.end()


async def test_a_friend_read_after_the_last_follower_left_is_shown_afresh_to_the_next(
    tmp_path,
) -> None:
    """n1 reads Bob's entries again (a word of him), slowly; meanwhile Ann, his only
    follower there, leaves. When Ann comes back, what n1 shows of Bob starts from her new
    read (online), not from the answer that came for nobody: his leaving reaches her."""
    world = await make(tmp_path)
    hub, read = world.hubs[A], world.store.friends.online
    ann = world.open(A, ANN)
    bob = world.open(B, BOB)
    await world.settle()

    slow = [True]

    async def online(players):
        found = await read(players)
        if asyncio.current_task() is hub.reading.get(BOB) and slow and slow.pop():
            await world.clock.sleep(GRACE_SECONDS + 1)  # this one answer late
        return found

    world.store.friends.online = online
    hub.on_presence({"k": "friend_presence", "player": BOB})
    world.close(A, ann)
    await world.settle(GRACE_SECONDS + 0.5)  # Ann gone from n1 (no follower of Bob)
    await world.settle(1.0)  # the answer comes, for nobody
    ann = world.open(A, ANN)
    await world.settle()
    listed = (await hub.answer(ANN))["friends"]
    assert [(f["id"], f["status"]) for f in listed] == [(BOB, "online")]
    world.close(B, bob)
    await world.settle(GRACE_SECONDS + 0.5)
    assert told(ann, BOB) == ["offline"]
    await world.end()


async def test_a_list_asked_while_the_friends_cannot_be_read_waits_for_them(tmp_path) -> None:
    """Ann's first socket on n1: her node cannot read her friend list (the store away), and
    tries again in half a second. Her page asks for her list meanwhile: it is not answered
    from a read of that moment (Bob offline), since Bob then comes online on n2 (his node
    finds no entry of hers: it tells nobody) and her node's later read would show him online
    to nobody but her list."""
    world = await make(tmp_path)
    hub, record = world.hubs[A], world.store.friends.record
    failed: list[bool] = []

    async def read_record(player):
        if asyncio.current_task() is hub.running.get(ANN) and not failed:
            failed.append(True)
            raise Unavailable("away")
        return await record(player)

    world.store.friends.record = read_record
    ann = world.open(A, ANN)
    await world.settle()
    assert failed
    asked = asyncio.ensure_future(hub.answer(ANN))
    await world.settle()
    world.open(B, BOB)
    await world.settle(1.0)
    listed = next(f["status"] for f in (await asked)["friends"] if f["id"] == BOB)
    assert (told(ann, BOB) or [listed])[-1] == "online"
    await world.end()


async def test_a_list_shows_what_its_node_shows_of_a_friend_read_for_it(tmp_path) -> None:
    """Ann's first socket on n1: her friends are listed but cannot be read (the store away
    for her node's step), so her list reads Bob's entries itself (online). Bob leaves; n1
    is told nothing (no entry of Ann's yet), and Cy's follow there reads him offline. When
    Ann's step gets through, what she was shown of Bob must be corrected."""
    world = await make(tmp_path)
    hub, read, write = world.hubs[A], world.store.friends.online, world.store.friends.set_online
    away = [True]

    def hers() -> bool:
        return away[0] and asyncio.current_task() is hub.running.get(ANN)

    async def online(players):
        if hers():
            raise Unavailable("away")
        return await read(players)

    async def set_online(player, life, state):
        if hers():
            raise Unavailable("away")
        return await write(player, life, state)

    world.store.friends.online, world.store.friends.set_online = online, set_online
    bob = world.open(B, BOB)
    ann = world.open(A, ANN)
    await world.settle()
    listed = next(f["status"] for f in (await hub.answer(ANN))["friends"] if f["id"] == BOB)
    world.close(B, bob)
    await world.settle(GRACE_SECONDS + 0.5)
    world.open(A, CY)
    await world.settle()
    away[0] = False
    await world.settle(1.0)
    assert (told(ann, BOB) or [listed])[-1] == "offline"
    await world.end()


async def test_an_entry_written_whose_answer_was_lost_is_still_taken_away(tmp_path) -> None:
    """Bob's node writes his entry; the store applies it but its answer is lost (Redis
    slower than the client's timeout: Unavailable). Bob closes his page before the step is
    tried again. His entry, written all the same, must go after the grace, and Ann be told:
    otherwise he shows online to every friend for as long as the store keeps it."""
    world = await make(tmp_path)
    write = world.store.friends.set_online
    lost: list[bool] = []

    async def set_online(player, life, state):
        await write(player, life, state)
        if player == BOB and state is not None and not lost:
            lost.append(True)
            raise Unavailable("the answer timed out")

    world.store.friends.set_online = set_online
    ann = world.open(A, ANN)
    bob = world.open(B, BOB)
    await world.settle()
    assert lost
    world.close(B, bob)
    await world.settle(0.5)
    await world.settle(GRACE_SECONDS + 0.5)
    assert (await world.store.friends.online([BOB])) == [{}]
    listed = next(f["status"] for f in (await world.hubs[A].answer(ANN))["friends"])
    assert listed == "offline" and told(ann, BOB)[-1:] != ["online"]
    await world.end()


async def test_a_player_back_before_their_leave_was_told_follows_their_friends_afresh(
    tmp_path,
) -> None:
    """Ann leaves n1: after the grace her entry goes, but her node cannot yet tell her
    friends' nodes (the store away for that read), and tries again. Meanwhile she and Cy
    become friends (no node holds a socket of hers: nobody reloads her list), and she comes
    back to n1. Her node must follow her friends as they are now, Cy among them: when Cy
    comes online, she is told."""
    world = await make(tmp_path)
    hub, read = world.hubs[A], world.store.friends.online
    away = reads_away_in_the_step_of(world, A, ANN, False)
    ann = world.open(A, ANN)
    world.open(B, BOB)
    await world.settle()
    away[0] = True
    world.close(A, ann)
    await world.settle(GRACE_SECONDS + 0.1)
    assert (await read([ANN])) == [{}]  # her entry went; her friends' nodes not told yet
    await befriend(world, ANN, CY)
    await hub.lists_changed([ANN, CY])
    ann = world.open(A, ANN)
    away[0] = False
    await world.settle(1.0)
    listed = {f["id"]: f["status"] for f in (await hub.answer(ANN))["friends"]}
    assert listed == {BOB: "online", CY: "offline"}
    world.open(B, CY)
    await world.settle(1.0)
    assert told(ann, CY) == ["online"]
    await world.end()


async def test_a_player_gone_before_their_entry_was_written_leaves_no_follow_behind(
    tmp_path,
) -> None:
    """Ann's first socket on n1: her friend list is read, their entries cannot be (the store
    away), and she closes her page before her node tries again; nothing of hers was written.
    While she is away she and Cy become friends. Back on n1, she is told when Cy comes."""
    world = await make(tmp_path)
    hub, read = world.hubs[A], world.store.friends.online
    away = reads_away_in_the_step_of(world, A, ANN, True)
    ann = world.open(A, ANN)
    await world.settle()
    world.close(A, ann)
    await world.settle(1.0)
    assert (await read([ANN])) == [{}] and not hub.watchers  # nothing kept for nobody
    away[0] = False
    await befriend(world, ANN, CY)
    await hub.lists_changed([ANN, CY])
    ann = world.open(A, ANN)
    await world.settle(1.0)
    world.open(B, CY)
    await world.settle(1.0)
    assert told(ann, CY) == ["online"]
    await world.end()


@pytest.mark.parametrize("where", [A, B], ids=["asked-on-her-node", "asked-on-another"])
async def test_a_list_changed_in_the_grace_is_followed_when_its_player_comes_back(
    tmp_path, where
) -> None:
    """Ann closes her page on n1 and, within the grace, she and Cy become friends (by a
    request served on n1 or n2: her node has no socket of hers to send her list to). She
    comes back within the grace: her node follows Cy too, so she is told when he comes."""
    world = await make(tmp_path)
    hub = world.hubs[A]
    ann = world.open(A, ANN)
    await world.settle()
    world.close(A, ann)
    await world.settle(GRACE_SECONDS / 3)
    await befriend(world, ANN, CY)
    await world.hubs[where].lists_changed([ANN, CY])
    await world.settle()
    ann = world.open(A, ANN)
    await world.settle(GRACE_SECONDS / 3)
    listed = {f["id"]: f["status"] for f in (await hub.answer(ANN))["friends"]}
    assert listed == {BOB: "offline", CY: "offline"}
    world.open(B, CY)
    await world.settle(1.0)
    assert told(ann, CY) == ["online"]
    await world.end()


async def test_a_list_asked_as_its_player_comes_back_during_their_leave_misses_nothing(
    tmp_path,
) -> None:
    """Ann's grace on n1 ran out: her node takes her entry away, slowly. She comes back and
    her page asks for her list meanwhile (answered from what her node follows: Bob offline).
    Bob comes online on n2 just after her entry went, before it is written again (his node
    finds none of hers: it tells nobody). Her node must still show him to her."""
    world = await make(tmp_path)
    hub, write = world.hubs[A], world.store.friends.set_online
    came: list[Connection] = []

    async def set_online(player, life, state):
        if player == ANN and state is None and not came:
            await world.clock.sleep(1.0)
            await write(player, life, state)
            came.append(world.open(B, BOB))
            await world.hubs[B].running[BOB]
            return
        await write(player, life, state)

    world.store.friends.set_online = set_online
    ann = world.open(A, ANN)
    await world.settle()
    world.close(A, ann)
    await world.settle(GRACE_SECONDS + 0.1)  # her leave has begun: its write is slow
    ann = world.open(A, ANN)
    listed = {f["id"]: f["status"] for f in (await hub.answer(ANN))["friends"]}
    assert listed == {BOB: "offline"}
    await world.settle(1.0)
    assert came and told(ann, BOB) == ["online"]
    world.close(B, came[0])
    await world.settle(GRACE_SECONDS + 0.5)
    assert told(ann, BOB) == ["online", "offline"]
    await world.end()


async def test_a_friendship_made_as_a_player_comes_is_followed_and_listed(tmp_path) -> None:
    """Cy comes to n2: his node reads his friend list (Bob alone), and just before it writes
    his entry, Ann accepts his request on n1 (her node finds no entry of his: it tells
    nobody). His node must follow Ann all the same and send him his new list: when she
    leaves, he is told."""
    world = await make(tmp_path)
    hub, write = world.hubs[B], world.store.friends.set_online
    ann = world.open(A, ANN)
    await world.settle()

    async def set_online(player, life, state):
        if player == CY and state is not None and ANN not in hub.friends_of.get(CY, {ANN}):
            await befriend(world, ANN, CY)
            await world.hubs[A].lists_changed([ANN, CY])
        await write(player, life, state)

    world.store.friends.set_online = set_online
    cy = world.open(B, CY)
    await world.settle(1.0)
    lists = [m for m in cy.socket.received if m.get("t") == "friends"]
    assert lists and ANN in [f["id"] for f in lists[-1]["friends"]]
    assert next(f for f in lists[-1]["friends"] if f["id"] == ANN)["status"] == "online"
    world.close(A, ann)
    await world.settle(GRACE_SECONDS + 0.5)
    assert told(cy, ANN)[-1:] == ["offline"]
    await world.end()
