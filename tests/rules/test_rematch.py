"""Rematch offers (server/rooms/rematch.py): the rules of one offer, then the store's step
at one instant (both stores), and the new room an agreement makes."""

from __future__ import annotations

import asyncio

import pytest

from server.games.cards import derive_seed
from server.rooms import RoomError, check_meta, make_room, rematch
from server.services.rematches import rematch_meta, rematch_seed
from server.store import Store

T = 1_000_000
OFFER_SECONDS, is_open = rematch.OFFER_SECONDS, rematch.is_open


def step(state, seat, answer, now, room, seed=42):
    """A step whose agreement (if it is one) names ``room`` and deals from ``seed``."""
    return rematch.step(state, seat, answer, now, room, seed)


def refused(state, seat, answer, now=T):
    with pytest.raises(RoomError) as caught:
        step(state, seat, answer, now, "new")
    return caught.value.code


def test_an_offer_waits_for_the_other_player_who_accepts_into_the_named_room():
    offer = step(None, 0, "offer", T, "unused")
    assert offer["state"] == "offered" and offer["by"] == 0 and is_open(offer, T)
    assert refused(offer, 0, "accept") == "no_offer"  # not one's own offer
    agreed = step(offer, 1, "accept", T + 5, "room2", 7)
    assert agreed["state"] == "accepted" and agreed["next"] == "room2" and agreed["seed"] == 7
    # A second accept (both pressed it) is the same rematch, not another room nor deal.
    assert step(agreed, 1, "accept", T + 6, "room3", 8) == agreed


def test_offers_that_cross_are_an_agreement():
    mine = step(None, 1, "offer", T, "a")
    agreed = step(mine, 0, "offer", T + 1, "b", 9)
    assert agreed["state"] == "accepted" and (agreed["next"], agreed["seed"]) == ("b", 9)


def test_the_other_may_decline_the_one_who_offered_may_withdraw_and_either_may_leave():
    offer = step(None, 0, "offer", T, "x")
    assert step(offer, 1, "decline", T, "x")["state"] == "declined"
    assert refused(offer, 1, "withdraw") == "no_offer"
    assert step(offer, 0, "withdraw", T, "x")["reason"] == "withdrawn"
    for seat in (0, 1):
        assert step(offer, seat, "leave", T, "x")["reason"] == "left"
    declined = step(offer, 1, "decline", T, "x")
    assert refused(declined, 0, "leave") == "no_offer"
    # After a decline, an offer may be made again.
    assert step(declined, 0, "offer", T + 1, "x")["state"] == "offered"


def test_an_offer_lapses_after_its_time():
    offer = step(None, 0, "offer", T, "x")
    later = T + OFFER_SECONDS * 1000
    assert not is_open(offer, later)
    assert refused(offer, 1, "accept", later) == "no_offer"
    assert step(offer, 1, "offer", later, "x")["by"] == 1  # a new offer, not an agreement


def test_an_unknown_answer_is_refused():
    assert refused(None, 0, "maybe") == "bad_field"


def test_the_new_room_swaps_the_seats_and_the_other_player_deals_first():
    for seed in range(40):
        meta = check_meta(
            {
                "seats": [{"kind": "human"}, {"kind": "human"}],
                "seed": seed,
                "target": 50,
                "turn_seconds": 20,
                "public": True,
            }
        )
        room = make_room("old", meta)
        room.seats[0].player, room.seats[1].player = "pann", "pbob"
        offer = step(None, 1, "offer", T, "x")
        agreed = step(offer, 0, "accept", T + 1, f"new{seed}", rematch_seed(room))
        new = check_meta(rematch_meta(room, agreed))
        assert [s.get("for") for s in new["seats"]] == ["pbob", "pann"]
        assert (new["target"], new["turn_seconds"], new["public"]) == (50, 20, True)
        first = derive_seed(seed, 0) & 1
        old_dealer = ("pann", "pbob")[first]
        new_dealer = new["seats"][derive_seed(new["seed"], 0) & 1]["for"]
        assert new_dealer != old_dealer
        # The same room whichever node makes it (from the agreement the store keeps).
        assert rematch_meta(room, agreed)["seed"] == new["seed"] == agreed["seed"]


async def test_the_store_applies_each_step_at_one_instant(store: Store):
    # Both players accept an offer at the same moment, through their own nodes: one
    # agreement, one room.
    offer = await store.seeks.rematch(
        "r1", lambda s: step(s, 0, "offer", T, "unused"), rematch.KEEP_SECONDS
    )
    assert await store.seeks.rematch_state("r1") == offer

    async def accept(room: str, seed: int):
        return await store.seeks.rematch(
            "r1", lambda s: step(s, 1, "accept", T + 1, room, seed), rematch.KEEP_SECONDS
        )

    first, second = await asyncio.gather(accept("ra", 1), accept("rb", 2))
    assert first["next"] == second["next"] in ("ra", "rb")
    # The seed is the one its agreeing step drew, kept with it: one room, one deal.
    assert (first["next"], first["seed"]) in (("ra", 1), ("rb", 2))
    assert second["seed"] == first["seed"]
    # A refused step writes nothing.
    with pytest.raises(RoomError):
        await store.seeks.rematch(
            "r1", lambda s: step(s, 0, "decline", T + 2, "rc"), rematch.KEEP_SECONDS
        )
    assert (await store.seeks.rematch_state("r1"))["next"] == first["next"]
    assert await store.seeks.rematch_state("r2") is None
