"""The review service's bounds (server/services/reviews.py): one review made at a time, a
few waiting per address, the rest refused with ``busy``; and a review made once, then read
from the store. On both stores, with a real pool of threads in place of the bot workers."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

from gin_positions import bot_match
from stores import meta

from server.services.reviews import FORMAT, PER_ADDRESS, ReviewBusy, Reviews
from server.store import Store

ADDRESS = "192.0.2.7"


async def finished(store: Store, game_id: str, seed: int) -> dict:
    replay = {**bot_match(seed, ("easy", "normal"), target=5), "id": game_id, "game": "gin_rummy"}
    replay |= {"seats": [{"kind": "bot"}, {"kind": "bot"}], "finished_at": 100.0 + seed}
    await store.rooms.create_room(game_id, meta())
    await store.rooms.finish_room(game_id, replay)
    return replay


async def test_one_address_may_have_only_a_few_reviews_waiting(store: Store) -> None:
    with ThreadPoolExecutor(1) as pool:
        reviews = Reviews(store, pool, lambda day: True)
        replays = [await finished(store, f"g{i}", i) for i in range(PER_ADDRESS + 1)]
        # The one worker is held: nothing can be made until it is let go.
        hold = threading.Event()
        held = asyncio.ensure_future(reviews.queue.run(ADDRESS, ADDRESS, hold.wait))
        asks = [asyncio.ensure_future(reviews.review(r, 0, ADDRESS)) for r in replays]
        done, waiting = await asyncio.wait(asks, timeout=20, return_when=asyncio.FIRST_COMPLETED)
        # The first to end is the one refused: the others wait their turn.
        assert len(done) == 1 and isinstance(done.pop().exception(), ReviewBusy)
        assert len(waiting) == PER_ADDRESS
        hold.set()
        await held
        made = await asyncio.gather(*waiting)
        assert all(review["decisions"] for review in made)
        # Made once: kept, and read back without the worker.
        kept = [await store.replays.review(r["id"], 0) for r in replays]
        assert sum(k is not None for k in kept) == PER_ADDRESS


async def test_a_review_asked_twice_at_once_is_made_once(store: Store) -> None:
    calls = []
    with ThreadPoolExecutor(1) as pool:
        reviews = Reviews(store, pool, lambda day: True)
        replay = await finished(store, "g9", 9)
        original = reviews.queue.run

        async def counted(*args, **kwargs):
            calls.append(args[2])
            return await original(*args, **kwargs)

        reviews.queue.run = counted
        first, second = await asyncio.gather(
            reviews.review(replay, 1, ADDRESS), reviews.review(replay, 1, "198.51.100.1")
        )
        assert first == second and len(calls) == 1
        assert await reviews.review(replay, 1, ADDRESS) == first and len(calls) == 1


async def test_a_review_kept_in_an_older_format_is_made_again(store: Store) -> None:
    with ThreadPoolExecutor(1) as pool:
        reviews = Reviews(store, pool, lambda day: True)
        replay = await finished(store, "g8", 8)
        old = {"seat": 0, "decisions": [], "accuracy": 100.0}  # format 1: no chances
        await store.replays.put_review("g8", 0, old)
        made = await reviews.review(replay, 0, ADDRESS)
        assert made["format"] == FORMAT and made["decisions"]
        assert all("chance" in d for d in made["decisions"])
        assert await store.replays.review("g8", 0) == made


async def test_a_review_that_breaks_is_logged_as_a_review_and_answered(caplog) -> None:
    """A failure in a request answered later (hint, verdict, review) names the request it
    was, and the client still gets an answer."""
    from protocol import messages
    from server.transport.requests import _answer_later

    class Socket:
        def __init__(self) -> None:
            self.sent: list[dict] = []

        def send(self, message: dict) -> None:
            self.sent.append(message)

    async def broken() -> dict:
        raise ValueError("a bug in the review")

    socket = Socket()
    request = messages.Review(id=7, room="room42", seat=0)
    await _answer_later(socket, 7, "room42", broken(), request)  # type: ignore[arg-type]
    assert socket.sent == [  # every error about a room names it, a failure of ours too
        {"t": "error", "id": 7, "code": "internal", "message": "Something broke.", "room": "room42"}
    ]
    failed = [r for r in caplog.records if r.levelname == "ERROR"]
    assert [r.getMessage() for r in failed] == ["review request failed (room room42)"]
