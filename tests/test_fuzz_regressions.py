"""Server faults bench/fuzz.py found, each pinned over the wire on a real server process."""

from __future__ import annotations

import pytest
from e2e_play import connect

from protocol.client import ClientError


async def test_a_solitaire_action_whose_type_is_a_list_is_refused_not_a_fault(server):
    player = await connect(server.ws)
    room = await player.create([], game="easy_harp", number=5)
    await player.join(room, 0, "Solo")
    before = player.rooms[room].view
    for kind in ([], {"stock": 1}, [["stock"]]):
        with pytest.raises(ClientError) as refused:
            await player.act(room, {"type": kind})
        assert refused.value.code == "bad_action"
    assert (await player.request("ping"))["t"] == "ok"
    assert player.rooms[room].view == before
