"""Challenges between friends: the rules of server.players.challenges as steps on the store's
challenge records, on both stores (and a Redis Cluster: a challenge lives in its challenged
player's slot). Two accepts at once, from two stores as two nodes are, accept it once.

Run against both implementations (tests/stores.py)."""

from __future__ import annotations

import asyncio

import pytest
from stores import Stores, meta

from protocol.codec import Refusal
from server.players import challenges as rules
from server.services import claims
from server.store.keys import Keys, key_slot

ANN, BOB, CY = "p222222222222", "p333333333333", "p444444444444"
NOW = 1_800_000_000_000


def made(cid: str = "c1", sender: str = ANN, to: str = BOB, at: int = NOW) -> dict:
    return {
        "id": cid, "from": sender, "from_name": "Ann", "to": to, "to_name": "Bob",
        "target": 100, "turn": None, "rated": True, "public": False, "rating": 1500,
        "provisional": True, "addr": "tag", "at": at,
        "until": at + rules.CHALLENGE_SECONDS * 1000, "state": "offered",
        "room": None, "seed": None, "by": None,
    }  # fmt: skip


def accepting(cid: str, now: int, room: str, seed: int, by: str):
    return lambda record: rules.accept(record, cid, now, room, seed, by)


async def sent(store, challenge: dict) -> None:
    await store.friends.change_challenges(challenge["from"], rules.send(challenge, NOW))
    await store.friends.change_challenges(challenge["to"], rules.receive(challenge, NOW))


async def test_two_accepts_at_once_from_two_nodes_accept_once(stores: Stores) -> None:
    one, two = stores.open(), stores.open()
    await sent(one, made())
    for _ in range(3):  # (each round a fresh challenge: a race lost one way or the other)
        steps = [accepting("c1", NOW + 5, f"room{d}", 100 + d, f"conn{d}") for d in (1, 2)]
        outcomes = await asyncio.gather(
            one.friends.change_challenges(BOB, steps[0]),
            two.friends.change_challenges(BOB, steps[1]),
            return_exceptions=True,
        )
        won = [o for o in outcomes if isinstance(o, dict)]
        lost = [o for o in outcomes if isinstance(o, Refusal)]
        assert len(won) == 1 and [r.code for r in lost] == ["challenge_taken"]
        kept = (await one.friends.challenges(BOB))["in"]["c1"]
        assert kept["state"] == "accepted"
        assert (kept["room"], kept["seed"]) == (won[0]["in"]["c1"]["room"], kept["seed"])
        assert kept["seed"] in (101, 102) and kept["room"] == f"room{kept['seed'] - 100}"
        # the winning device asking again is the same accept; the other is refused
        same = accepting("c1", NOW + 6, "roomX", 9, kept["by"])
        assert (await two.friends.change_challenges(BOB, same))["in"]["c1"] == kept
        await two.friends.change_challenges(
            BOB, lambda record: {**record, "in": {"c1": made()}}
        )  # a fresh one for the next round


async def test_a_withdrawal_crossing_an_accept_is_one_or_the_other(stores: Stores) -> None:
    one, two = stores.open(), stores.open()
    await sent(one, made())
    outcomes = await asyncio.gather(
        one.friends.change_challenges(BOB, accepting("c1", NOW + 5, "r", 1, "conn")),
        two.friends.change_challenges(BOB, rules.answer("c1", NOW + 5, "withdrawn", ANN)),
        return_exceptions=True,
    )
    assert sum(isinstance(o, dict) for o in outcomes) == 1
    state = (await one.friends.challenges(BOB))["in"]["c1"]["state"]
    assert state in ("accepted", "withdrawn")
    codes = {o.code for o in outcomes if isinstance(o, Refusal)}
    assert codes == ({"challenge_ended"} if state == "withdrawn" else {"challenge_taken"})


async def test_the_bounds_and_refusals_of_the_steps(store) -> None:
    await sent(store, made())
    with pytest.raises(Refusal) as caught:  # one open challenge out
        await store.friends.change_challenges(ANN, rules.send(made("c2", to=CY), NOW))
    assert caught.value.code == "challenge_open"
    for n in range(rules.MAX_IN - 1):  # a few in
        await store.friends.change_challenges(BOB, rules.receive(made(f"x{n}", CY), NOW))
    with pytest.raises(Refusal) as caught:
        await store.friends.change_challenges(BOB, rules.receive(made("x9", CY), NOW))
    assert caught.value.code == "their_challenges_full"
    for cid, code in (("nope", "no_challenge"), ("c1", "challenge_expired")):
        with pytest.raises(Refusal) as caught:
            later = NOW + rules.CHALLENGE_SECONDS * 1000
            await store.friends.change_challenges(BOB, accepting(cid, later, "r", 1, "d"))
        assert caught.value.code == code
    with pytest.raises(Refusal) as caught:  # only its challenger withdraws it
        await store.friends.change_challenges(BOB, rules.answer("c1", NOW, "withdrawn", CY))
    assert caught.value.code == "no_challenge"
    record = await store.friends.challenges(BOB)
    assert record["in"]["c1"]["state"] == "offered" and "x9" not in record["in"]
    await store.friends.change_challenges(BOB, rules.answer("c1", NOW, "declined"))
    with pytest.raises(Refusal) as caught:
        await store.friends.change_challenges(BOB, accepting("c1", NOW, "r", 1, "d"))
    assert caught.value.code == "challenge_ended"
    await store.friends.change_challenges(ANN, rules.unsend("c1"))
    await store.friends.change_challenges(ANN, rules.send(made("c2", to=CY), NOW))  # free again


async def test_a_player_claimed_by_one_challenge_is_not_taken_to_another(store) -> None:
    await store.friends.change_challenges(ANN, rules.claim("c1", NOW, "busy", "Busy."))
    await store.friends.change_challenges(ANN, rules.claim("c1", NOW + 1, "busy", "Busy."))
    with pytest.raises(Refusal) as caught:
        await store.friends.change_challenges(ANN, rules.claim("c2", NOW + 2, "busy", "Busy."))
    assert caught.value.code == "busy"
    later = NOW + rules.MET_SECONDS * 1000
    await store.friends.change_challenges(ANN, rules.claim("c2", later, "busy", "Busy."))
    await store.friends.change_challenges(ANN, rules.unclaim("c2"))
    assert (await store.friends.challenges(ANN))["met"] is None


def test_a_challenge_lives_in_its_players_slot() -> None:
    keys = Keys("x")
    tag = lambda key: key[key.index("{") + 1 : key.index("}")]  # noqa: E731
    assert key_slot(tag(keys.challenges(BOB))) == key_slot(tag(keys.social(BOB)))


async def test_redis_challenge_records_expire(redis_stores: Stores) -> None:
    """On Redis a challenge record expires (the embedded store keeps them in memory: a
    restart ends them)."""
    store = redis_stores.open()
    await sent(store, made())
    assert 0 < await store.redis.ttl(store.keys.challenges(BOB)) <= 600


TAKEN = ("challenger_in_challenge", "Taken elsewhere.")
MINE = ("in_challenge", "You are taken.")


def accept_on(store, challenge: dict, now: int, room: str, seed: int):
    """An accept as the accepting node runs it: both players claimed, then decided."""
    step = accepting(challenge["id"], now, room, seed, f"conn-{room}")
    return claims.accept_once(store, challenge, now, step, (TAKEN, MINE))


async def test_a_challenger_accepted_by_two_friends_at_once_goes_to_one_table(
    stores: Stores,
) -> None:
    """Ann's challenges wait at Bob and at Cy (one out at a time, but two nodes' clocks may
    disagree on when the first ended): both accept at once, on two nodes. One room; the
    other accept is refused with its own code and changes nothing."""
    one, two = stores.open(), stores.open()
    for n in range(4):  # a fresh pair each round: the race lost one way or the other
        now = NOW + n * rules.KEEP_SECONDS * 2000
        to_bob, to_cy = made(f"b{n}", to=BOB, at=now), made(f"c{n}", to=CY, at=now)
        for challenge in (to_bob, to_cy):
            await one.friends.change_challenges(challenge["to"], rules.receive(challenge, now))
        before = {p: await one.friends.challenges(p) for p in (BOB, CY)}
        outcomes = await asyncio.gather(
            accept_on(one, to_bob, now + 5, f"rb{n}", 1),
            accept_on(two, to_cy, now + 5, f"rc{n}", 2),
            return_exceptions=True,
        )
        won = [o for o in outcomes if isinstance(o, dict)]
        lost = [o for o in outcomes if not isinstance(o, dict)]
        assert len(won) == 1 and [(r.code, r.message) for r in lost] == [TAKEN]
        winner = to_bob if outcomes[0] is won[0] else to_cy
        loser = to_cy if winner is to_bob else to_bob
        assert (await one.friends.challenges(ANN))["met"]["id"] == winner["id"]
        left = await one.friends.challenges(loser["to"])
        assert left == before[loser["to"]]  # still offered, nobody claimed
        # the accepted room is on: its challenger stays taken, not by a clock
        room = won[0]["in"][winner["id"]]["room"]
        await one.rooms.create_room(room, meta())
        late = now + 5 + rules.MET_SECONDS * 1000
        with pytest.raises(Refusal) as caught:
            await accept_on(two, loser, late, f"rl{n}", 3)
        assert caught.value.code == TAKEN[0]
        await one.rooms.finish_room(room, None)  # over: free for the next round


async def test_a_claim_holds_until_its_challenge_is_decided_not_for_thirty_seconds(
    store,
) -> None:
    """Ann is claimed for Bob's accept of c1, which has not decided yet 40 s later (its node
    paused between its two steps): Cy's accept of c2 is refused, and c1's accept, when it
    goes on, makes the one room."""
    c1, c2 = made("c1", to=BOB), made("c2", to=CY)
    for challenge in (c1, c2):
        await store.friends.change_challenges(challenge["to"], rules.receive(challenge, NOW))
    await claims.take(store, ANN, "c1", BOB, NOW + 1, TAKEN)
    later = NOW + 40_000
    with pytest.raises(Refusal) as caught:
        await accept_on(store, c2, later, "r2", 2)
    assert caught.value.code == TAKEN[0]
    assert (await store.friends.challenges(CY))["in"]["c2"]["state"] == "offered"
    assert (await accept_on(store, c1, later, "r1", 1))["in"]["c1"]["state"] == "accepted"


async def test_a_claim_passes_on_once_its_challenge_ended_or_its_room_is_over(store) -> None:
    """Ann's claim for c1 is taken over once c1 is past its minute (written expired first:
    its own accept can no longer pass) and, for c2 accepted, once its room is over."""
    c1, c2, c3 = made("c1", to=BOB), made("c2", to=CY), made("c3", to=CY, at=NOW + 70_000)
    for challenge in (c1, c2):
        await store.friends.change_challenges(challenge["to"], rules.receive(challenge, NOW))
    await claims.take(store, ANN, "c1", BOB, NOW + 1, TAKEN)
    past = NOW + rules.CHALLENGE_SECONDS * 1000
    with pytest.raises(Refusal):  # c2 is past its minute too: only the claim moved on
        await accept_on(store, c2, past, "r2", 2)
    assert (await store.friends.challenges(BOB))["in"]["c1"]["state"] == "expired"
    assert (await store.friends.challenges(ANN))["met"] is None  # released by c2's refusal
    await store.friends.change_challenges(CY, rules.receive(c3, NOW + 70_000))
    await accept_on(store, c3, NOW + 70_001, "r3", 3)
    await store.rooms.create_room("r3", meta())
    await store.friends.change_challenges(BOB, rules.receive(made("c4", at=NOW + 70_000), NOW))
    with pytest.raises(Refusal) as caught:
        await accept_on(store, made("c4", at=NOW + 70_000), NOW + 70_002, "r4", 4)
    assert caught.value.code == TAKEN[0]
    await store.rooms.finish_room("r3", None)
    accepted = await accept_on(store, made("c4", at=NOW + 70_000), NOW + 70_003, "r4", 4)
    assert accepted["in"]["c4"]["state"] == "accepted"
    assert (await store.friends.challenges(ANN))["met"]["id"] == "c4"
