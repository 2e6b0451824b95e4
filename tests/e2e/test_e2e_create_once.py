"""End to end: a ``create`` with a request id makes its room once (protocol/README.md,
Creating once): a repeat, sent back to back like a double click or again on a new socket of
the same player, is answered with the same room and makes no second one; another id makes
another room; a malformed id or an id reused for other options is refused and makes nothing."""

from __future__ import annotations

import json

import pytest
from e2e_play import connect
from waiting import until

from protocol.client import Client, ClientError
from protocol.codec import pack

BOT = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]


def rooms_listed(server) -> int:
    """How many public rooms the server holds (its lobby's count)."""
    return json.loads(server.raw("/api/lobby"))["total"]


async def create(client: Client, request: str, **options) -> dict:
    return await client.request("create", request=request, seats=BOT, public=True, **options)


async def test_a_repeated_request_id_answers_the_same_room_and_makes_none(server):
    client = await connect(server.ws)
    before = rooms_listed(server)
    first = await create(client, "click-0001")
    again = await create(client, "click-0001")
    assert again["room"] == first["room"] and again["game"] == "gin_rummy"
    assert again["duplicate"] is True and "duplicate" not in first
    assert rooms_listed(server) == before + 1
    other = await create(client, "click-0002")
    assert other["room"] != first["room"]
    assert rooms_listed(server) == before + 2
    # A create without a request id is a new room each time, as it always was.
    plain = [await client.create(BOT, public=True) for _ in range(2)]
    assert len(set(plain)) == 2
    assert rooms_listed(server) == before + 4


async def test_a_double_click_sent_back_to_back_makes_one_room(server):
    """Both frames leave before the first answer comes (a double click that got through)."""
    client = await connect(server.ws)
    before = rooms_listed(server)
    for cmd in ("a", "b"):
        frame = {"t": "create", "id": cmd, "request": "dbl-click-1", "seats": BOT, "public": True}
        await client.send_raw(pack(frame))

    def answers() -> list[dict]:
        return [m for m in client.received if m.get("id") in ("a", "b")]

    await until(answers, what="both answers", check=lambda found: len(found) == 2)
    first, second = sorted(answers(), key=lambda m: m["id"])
    assert first["t"] == second["t"] == "ok", (first, second)
    assert first["room"] == second["room"]
    assert rooms_listed(server) == before + 1


async def test_a_players_repeat_on_another_socket_answers_the_same_room(server):
    first = await connect(server.ws)
    await first.new_player("Ann")
    again = await connect(server.ws, Client(server.ws, secret=first.secret))
    made = await create(first, "resend-0001")
    assert (await create(again, "resend-0001"))["room"] == made["room"]
    # Another person's same id is theirs: a room of their own.
    stranger = await connect(server.ws)
    assert (await create(stranger, "resend-0001"))["room"] != made["room"]


async def test_a_request_id_reused_for_other_options_is_refused_and_makes_nothing(server):
    client = await connect(server.ws)
    made = await create(client, "reused-0001")
    before = rooms_listed(server)
    with pytest.raises(ClientError) as info:
        await create(client, "reused-0001", target=50)
    assert info.value.code == "request_reused" and info.value.message.endswith(".")
    assert rooms_listed(server) == before
    assert (await create(client, "reused-0001"))["room"] == made["room"]


@pytest.mark.parametrize(
    "request_id", ["short", "x" * 65, "has space1", "semi;colon", 12345678, True, ["list-0001"]]
)
async def test_a_malformed_request_id_gets_its_code_and_makes_nothing(server, request_id):
    client = await connect(server.ws)
    before = rooms_listed(server)
    with pytest.raises(ClientError) as info:
        await create(client, request_id)
    assert info.value.code == "bad_request_id"
    assert info.value.message == "A request id is 8 to 64 letters, digits, '-' or '_'."
    assert rooms_listed(server) == before
    # A refused create is not remembered: the socket goes on.
    assert (await create(client, "after-bad-1"))["room"]


async def test_a_refused_create_is_not_remembered(server):
    """The same id may try again once what was wrong is put right."""
    client = await connect(server.ws)
    with pytest.raises(ClientError) as info:
        await create(client, "retry-0001", target=0)
    assert info.value.code != "bad_request_id"
    made = await create(client, "retry-0001", target=50)
    assert (await create(client, "retry-0001", target=50))["room"] == made["room"]
