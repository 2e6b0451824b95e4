"""The requests are declared once (protocol/messages.py): their JSON Schema, the protocol
doc's request table and the server's handlers follow the declarations, and a test fails when
one drifts from them."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest
from view_schemas import errors

from protocol import messages
from protocol.codec import Refusal
from server.transport.requests import HANDLERS

ROOT = Path(__file__).resolve().parents[2]


def test_the_requests_schema_is_made_from_the_declarations():
    """`python -c 'from protocol.messages import schema; print(schema(), end="")' >
    protocol/schemas/requests.schema.json` makes it again after a change."""
    path = ROOT / "protocol" / "schemas" / "requests.schema.json"
    assert path.read_text() == messages.schema()


def test_the_messages_schema_is_made_from_the_declarations():
    """`python -c 'from protocol.messages import pushed_schema; print(pushed_schema(),
    end="")' > protocol/schemas/messages.schema.json` makes it again after a change."""
    path = ROOT / "protocol" / "schemas" / "messages.schema.json"
    assert path.read_text() == messages.pushed_schema()


def test_an_error_says_when_a_refusal_time_lifts_will_pass():
    refusal = Refusal("too_many_players", "Not now.", retry_after=125)
    frame = refusal.frame(7)
    assert frame["retry_after"] == 125
    assert not errors("messages", frame)
    assert msgspec.convert(frame, messages.PUSHED).retry_after == 125
    assert "retry_after" not in Refusal("flood", "Too many.").frame(7)  # only when said
    assert errors("messages", {**frame, "retry_after": 0})  # a whole second at least


def request_table() -> dict[str, str]:
    """The README's request table: each request's name and its fields' cell."""
    text = (ROOT / "protocol" / "README.md").read_text()
    table = text.split("| request | fields |", 1)[1].split("\n\n", 1)[0]
    rows = {}
    for line in table.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        if cells and (name := re.fullmatch(r"`(\w+)`", cells[0])):
            rows[name[1]] = cells[1]
    return rows


def test_the_doc_lists_every_request_and_each_of_its_fields():
    rows = request_table()
    assert set(rows) == set(messages.REQUESTS)
    for kind, cell in rows.items():
        named = set(re.findall(r"`(\w+)`", cell))
        missing = set(messages.fields(kind)) - named
        assert not missing, f"{kind}: the doc does not name {sorted(missing)}"


def test_every_request_has_its_handler():
    assert set(HANDLERS) == set(messages.REQUESTS.values())


@pytest.mark.parametrize(
    ("message", "refused"),
    [
        ({"t": "join"}, "Object missing required field `room`"),
        ({"t": "join", "room": 5}, "Expected `str`, got `int` - at `$.room`"),
        ({"t": "join", "room": "a", "extra": 1}, "Object contains unknown field `extra`"),
        ({"t": "hello", "v": True}, "Expected `int`, got `bool` - at `$.v`"),
        ({"t": "act", "room": "a", "action": {}}, "Object missing required field `id`"),
    ],
)
def test_a_request_is_checked_in_one_call(message, refused):
    with pytest.raises(msgspec.ValidationError, match=re.escape(refused)):
        msgspec.convert(message, messages.REQUESTS[message["t"]])


def test_a_well_formed_request_becomes_its_declaration():
    join = msgspec.convert({"t": "join", "room": "a", "seat": None}, messages.REQUESTS["join"])
    assert join == messages.Join(room="a", seat=None)
