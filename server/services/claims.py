"""One challenge's table at a time for a player: the claim on their challenge record
(:func:`server.players.challenges.claim`) that an accept takes for both its players before
its deciding step. The challenger's record is in the challenger's Redis slot and the
deciding step in the challenged player's: two keys, so two steps, and this is why they make
one room all the same, whichever nodes accept at once, on one Redis or a cluster.

A room for challenge c is made only after c's deciding step (a compare-and-set on c's
record, which finds c offered), and that step is taken only once the claims for c are. A
claim passes from c to another challenge only by a compare-and-set that names c
(``replacing``), taken after c was read decided for good:

* ended (declined, withdrawn, left, expired): never accepted after. One past its minute but
  still written offered is first written expired, by a compare-and-set on its record that
  an accept crossing it makes fail (then it is read again: accepted);
* accepted, and its room made and over (a player who never sits down in it is a no-show
  there within seconds).

So while c may yet be accepted, or its room is on, no other challenge holds the player: an
accept that finds them held is refused, and releases the claims it took.

Clocks decide only when, never whether twice: an offered challenge is past its minute by
the reading node's clock (a node whose clock runs ahead ends it sooner, and an accept
crossing that is refused instead), and an accepted challenge whose room was never made (its
node died between the two steps) frees its player MET_SECONDS after its answer.
"""

from __future__ import annotations

from typing import Any

from protocol.codec import Refusal
from server.players import challenges as rules
from server.store import Store

TRIES = 3
"""Claims taken over one after another meanwhile: the accept is refused after this many."""


async def accept_once(
    store: Store,
    challenge: dict[str, Any],
    now_ms: int,
    step: rules.Step,
    refusals: tuple[tuple[str, str], tuple[str, str]],
) -> dict[str, Any]:
    """Claim both players of ``challenge`` (``refusals``: the challenger's, the challenged
    player's), then take its deciding ``step`` on the challenged player's record: the record
    written. A refusal releases the claims taken (unless another device accepted it: they
    are that accept's)."""
    them, me, cid = challenge["from"], challenge["to"], challenge["id"]
    await take(store, them, cid, me, now_ms, refusals[0])
    try:
        await take(store, me, cid, me, now_ms, refusals[1])
        return await store.friends.change_challenges(me, step)
    except Refusal as refused:
        if refused.code != "challenge_taken":
            for player in (them, me):
                await store.friends.change_challenges(player, rules.unclaim(cid))
        raise


async def take(
    store: Store, player: str, cid: str, to: str, now_ms: int, refusal: tuple[str, str]
) -> None:
    """Claim ``player`` for challenge ``cid`` (whose challenged player is ``to``), taking
    the claim over from a challenge decided for good; refused (``refusal``: code, sentence)
    while another holds them."""
    replacing = None
    for _ in range(TRIES):
        step = rules.claim(cid, now_ms, *refusal, to=to, replacing=replacing)
        try:
            await store.friends.change_challenges(player, step)
            return
        except Refusal:  # held by another challenge: taken over only once it is decided
            met = rules.of(await store.friends.challenges(player))["met"]
            if met is not None and not await over(store, met, now_ms):
                raise Refusal(*refusal) from None
            replacing = None if met is None else met["id"]
    raise Refusal(*refusal)


async def over(store: Store, met: dict[str, Any], now_ms: int) -> bool:
    """Whether the challenge a claim (``met``) names is decided for good (see above)."""
    if "to" not in met:  # a claim written before claims named their challenge's player
        return now_ms - met["at"] >= rules.MET_SECONDS * 1000
    challenge = rules.of(await store.friends.challenges(met["to"]))["in"].get(met["id"])
    if challenge is None:  # answered long ago, and forgotten
        return True
    if challenge["state"] == "offered":
        if rules.state_of(challenge, now_ms) != "expired":
            return False
        step = rules.answer(met["id"], now_ms, "expired", challenger=challenge["from"])
        try:
            await store.friends.change_challenges(met["to"], step)
        except Refusal:  # accepted meanwhile: no longer offered, so read once more
            return await over(store, met, now_ms)
        return True
    if challenge["state"] != "accepted":
        return True
    if await store.rooms.room_meta(challenge["room"]) is None:  # not made yet, or never
        return now_ms - challenge["answered"] >= rules.MET_SECONDS * 1000
    return not await store.rooms.is_active(challenge["room"])
