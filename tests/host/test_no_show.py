"""A quick pairing's room whose kept seat's player never joins ends ("no_show") within
CARDROOM_PAIRED_JOIN_SECONDS, by one fenced entry, counted for nobody, and a change of
driver neither restarts the period nor forgets it. In fake time on the host harness
(tests/host_harness.py), several nodes on one store."""

from __future__ import annotations

from host_harness import CONFIG, Host, Member

from server.rooms.room import new_token
from server.store.embedded import EmbeddedStore

KEPT = [{"kind": "human", "for": "p0"}, {"kind": "human", "for": "p1"}]
PERIOD = CONFIG.paired_join_seconds


async def _join(node: Host, room_id: str, seat: int, player: str) -> Member:
    """``player`` takes the seat kept for them, from a socket at ``node``."""
    replica = await node.replicas.get(room_id)
    token = new_token()
    await node.replicas.commits.write(
        replica, lambda: replica.room.join_entry(seat, player.upper(), token, player=player)
    )
    member = Member()
    await node.replicas.attach(member, replica, f"seat{seat}", seat)
    return member


def _closed(member: Member) -> list:
    """The ``closed`` values the member's view went through (snapshot, then patches)."""
    seen = []
    for message in member.received:
        if message.get("t") == "snapshot":
            seen.append(message["view"]["room"]["closed"])
        for op in message.get("ops", []):
            if op.get("path") == "/room/closed":
                seen.append(op.get("value"))
    return seen


async def _nothing_counted(store: EmbeddedStore, room_id: str) -> None:
    assert not await store.results.counted(room_id)
    for player in ("p0", "p1"):
        assert await store.results.player_rating(player) is None
        assert await store.results.player_games(player) == []
    assert await store.replays.replay(room_id) is None


async def test_a_paired_room_whose_second_player_never_joins_ends_no_show(world):
    """p0 joins at once; p1 never comes. The room ends within the period with ``no_show``,
    once, and p0's socket is told in the room's view; nothing is counted for anyone."""
    clock, store, host, _ = world
    a = host("a")
    replica = await a.create("r1", seats=KEPT, public=True, rated=True, paired=True)
    assert replica.room.meta["paired"] is True
    p0 = await _join(a, "r1", 0, "p0")
    await clock.advance(PERIOD - 0.5)
    assert await store.rooms.is_active("r1") and replica.room.status == "waiting"
    await clock.advance(1.0)
    log = await store.rooms.log("r1")
    ends = [e for e in log if e["kind"] in ("close", "forfeit")]
    assert ends == [log[-1]] and log[-1]["kind"] == "close" and log[-1]["reason"] == "no_show"
    assert not await store.rooms.is_active("r1")
    assert replica.room.closed == "no_show" and replica.room.status == "finished"
    assert _closed(p0)[-1] == "no_show"
    await clock.advance(30.0)  # nothing more is appended, whatever sweeps run
    assert len(await store.rooms.log("r1")) == len(log)
    await _nothing_counted(store, "r1")


async def test_a_paired_room_both_players_join_plays_on(world):
    clock, store, host, _ = world
    a = host("a")
    replica = await a.create("r1", seats=KEPT, public=True, paired=True)
    await _join(a, "r1", 0, "p0")
    await clock.advance(PERIOD - 1.0)
    await _join(a, "r1", 1, "p1")
    await clock.advance(PERIOD * 4)
    assert replica.room.status == "playing" and await store.rooms.is_active("r1")
    assert await store.rooms.deadlines("r1") == {}


async def test_a_room_not_made_by_pairing_waits_as_before(world):
    """Seats kept for players (a rematch's room) without the mark: the unjoined period."""
    clock, store, host, _ = world
    a = host("a")
    replica = await a.create("r1", seats=KEPT, public=True)
    assert "paired" not in replica.room.meta
    await _join(a, "r1", 0, "p0")
    await clock.advance(PERIOD * 4)
    assert replica.room.status == "waiting" and await store.rooms.is_active("r1")


async def test_a_change_of_driver_neither_restarts_nor_forgets_the_period(world):
    """Node a makes the paired room and drives it; p0 joins from node b. Two seconds in,
    a is killed; b takes the room over once a's lease lapses and ends it when the period
    that began on a runs out, not a whole period after the take-over."""
    clock, store, host, kill = world
    a, b = host("a"), host("b")
    await a.create("r1", seats=KEPT, public=True, rated=True, paired=True)
    p0 = await _join(b, "r1", 0, "p0")
    await clock.advance(2.0)
    assert "r1" in a.driver.drives and "no_show" in await store.rooms.deadlines("r1")
    kill(a, b)
    await a.tasks.close()
    await clock.advance(CONFIG.lease_ms / 1000 + 0.8)
    assert "r1" in b.driver.drives  # taken over, before the period's end
    assert await store.rooms.is_active("r1")
    await clock.advance(PERIOD - 2.0 - CONFIG.lease_ms / 1000 - 0.8 + 1.5)
    # ended by b by now (a period restarted at the take-over would still run for seconds)
    assert not await store.rooms.is_active("r1")
    log = await store.rooms.log("r1")
    assert [e.get("reason") for e in log if e["kind"] == "close"] == ["no_show"]
    assert _closed(p0)[-1] == "no_show"
    await _nothing_counted(store, "r1")
