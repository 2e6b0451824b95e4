"""The featured game (server/services/lobby.py, ``claim``): the live rated match with the
highest-rated players, kept by the lobby change by change; checked against a full scan after
every change of random lobbies."""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from server.services.lobby import Lobby, claim


def summary(room: str, ratings, status="playing", rated=True, created=1.0, game="gin_rummy"):
    return {
        "id": room,
        "game": game,
        "status": status,
        "rated": rated,
        "created_at": created,
        "seats": [
            {"kind": "human", "name": f"P{i}", "open": False, "rating": r}
            for i, r in enumerate(ratings)
        ],
        "scores": [0, 0],
    }


def best(rooms: dict) -> str | None:
    claims = [(c, r) for r, s in rooms.items() if (c := claim(s)) is not None]
    return max(claims)[1] if claims else None


async def test_the_best_rated_live_match_is_featured_and_the_next_follows_when_it_ends():
    lobby = Lobby(store=None)
    changes = [
        ("low", summary("low", [1400, 1450])),
        ("bots", summary("bots", [None, None], rated=False)),
        ("high", summary("high", [1900, 1800])),
        ("casual", summary("casual", [2500, 2500], rated=False)),
        ("waiting", summary("waiting", [2400, None], status="waiting")),
    ]
    for v, (room, s) in enumerate(changes):
        lobby.on_event({"v": v, "room": room, "summary": s})
    assert lobby.featured == "high"
    assert lobby.page()["featured"]["id"] == "high"
    lobby.on_event({"v": 5, "room": "high", "summary": None})  # its match ended
    assert lobby.featured == "low"
    lobby.on_event({"v": 6, "room": "low", "summary": None})
    assert lobby.featured is None and lobby.page()["featured"] is None


room_ids = st.sampled_from([f"r{i}" for i in range(8)])
summaries = st.one_of(
    st.none(),
    st.builds(
        lambda ratings, status, rated, created: (ratings, status, rated, created),
        st.lists(st.one_of(st.none(), st.integers(1000, 2400)), min_size=2, max_size=2),
        st.sampled_from(["playing", "waiting"]),
        st.booleans(),
        st.integers(0, 3),
    ),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(room_ids, summaries), max_size=40))
def test_the_featured_room_is_always_what_a_full_scan_finds(steps):
    async def run() -> int:
        lobby = Lobby(store=None)
        for v, (room, made) in enumerate(steps):
            s = None if made is None else summary(room, made[0], made[1], made[2], made[3])
            lobby.on_event({"v": v, "room": room, "summary": s})
            assert lobby.featured == best(lobby.rooms)
        return len(steps)

    assert asyncio.run(run()) == len(steps)  # the lobby's changes need a running loop
