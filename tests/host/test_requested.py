"""The memory of creates by request id (server/services/requested.py), in fake time: a repeat
gets the first answer and makes nothing, an owner's memory holds its newest ids only, an id
is forgotten five minutes after its create, and owners with nothing left are dropped."""

from __future__ import annotations

import asyncio

import pytest

from protocol.codec import ProtocolError
from server.services import requested
from server.services.requested import KEEP_SECONDS, PER_OWNER, Owner, Requested

OPTIONS = {"game": "gin_rummy", "seats": [{"kind": "human"}, {"kind": "human"}]}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Maker:
    """A create that makes room r1, r2, ... and counts them."""

    def __init__(self) -> None:
        self.made = 0

    async def __call__(self) -> dict:
        self.made += 1
        await asyncio.sleep(0)  # a repeat may come while it is being made
        return {"room": f"r{self.made}", "game": "gin_rummy"}


async def test_a_repeat_gets_the_first_answer_and_makes_nothing():
    memory, make, owner = Requested(Clock()), Maker(), Owner()
    first = await memory.once(owner, "click-0001", OPTIONS, make)
    again = await memory.once(owner, "click-0001", OPTIONS, make)
    assert first == {"room": "r1", "game": "gin_rummy"}
    assert again == {**first, "duplicate": True}
    assert make.made == 1
    # Made at once from two sockets of one player: the second waits for the first's room.
    both = await asyncio.gather(
        memory.once(owner, "click-0002", OPTIONS, make),
        memory.once(owner, "click-0002", OPTIONS, make),
    )
    assert both[0]["room"] == both[1]["room"] == "r2" and make.made == 2


async def test_the_same_id_with_other_options_is_refused():
    memory, make, owner = Requested(Clock()), Maker(), Owner()
    await memory.once(owner, "click-0001", OPTIONS, make)
    with pytest.raises(ProtocolError) as info:
        await memory.once(owner, "click-0001", {**OPTIONS, "target": 50}, make)
    assert info.value.code == "request_reused" and make.made == 1


async def test_a_refused_create_is_forgotten():
    memory, owner = Requested(Clock()), Owner()

    async def refuse() -> dict:
        raise ProtocolError("bad_field", "No.")

    with pytest.raises(ProtocolError):
        await memory.once(owner, "click-0001", OPTIONS, refuse)
    assert not owner.asked
    assert (await memory.once(owner, "click-0001", OPTIONS, Maker()))["room"] == "r1"


async def test_an_owner_remembers_its_newest_ids_only():
    memory, make, owner = Requested(Clock()), Maker(), Owner()
    for n in range(PER_OWNER + 4):
        await memory.once(owner, f"click-{n:04}", OPTIONS, make)
    assert len(owner.asked) == PER_OWNER
    # The newest is still a repeat; the oldest, forgotten, is a new create.
    newest = await memory.once(owner, f"click-{PER_OWNER + 3:04}", OPTIONS, make)
    assert newest["duplicate"] and make.made == PER_OWNER + 4
    await memory.once(owner, "click-0000", OPTIONS, make)
    assert make.made == PER_OWNER + 5


async def test_an_id_is_forgotten_after_five_minutes():
    clock = Clock()
    memory, make, owner = Requested(clock), Maker(), Owner()
    await memory.once(owner, "click-0001", OPTIONS, make)
    clock.now += KEEP_SECONDS - 1
    assert (await memory.once(owner, "click-0001", OPTIONS, make))["room"] == "r1"
    clock.now += 1
    assert (await memory.once(owner, "click-0001", OPTIONS, make))["room"] == "r2"
    assert make.made == 2


async def test_players_with_nothing_left_to_remember_are_dropped(monkeypatch):
    monkeypatch.setattr(requested, "PRUNE_AT", 3)
    clock = Clock()
    memory, make = Requested(clock), Maker()
    for player in ("p1", "p2", "p3"):
        await memory.once(memory.of_player(player), "click-0001", OPTIONS, make)
    clock.now += KEEP_SECONDS
    await memory.once(memory.of_player("p4"), "click-0001", OPTIONS, make)
    assert set(memory.owners) == {"p4"}
