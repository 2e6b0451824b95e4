"""The load generator's patch applier (bench/load.py) against jsonpatch, on the patches the
room core makes over whole matches: what the generator's clients see must be what a browser
applying the same patches sees, or its moves (picked from its view) and its latencies lie."""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

import jsonpatch
import msgpack
import pytest

from protocol.codec import pack

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from load import patch_in_place  # noqa: E402
from matches import bot_moves, seated  # noqa: E402


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_generators_patches_make_the_views_jsonpatch_makes(seed):
    _, room, _ = seated(f"patch{seed}", seed)
    audiences = ("seat0", "seat1", "spectators")
    mine = {a: room.view(a) for a in audiences}
    theirs = copy.deepcopy(mine)
    rng = random.Random(seed)
    changes = 0
    for seat, action in bot_moves(room, "easy", seed):
        diffs = room.apply(room.act_entry(seat, action, None))
        if rng.random() < 0.1:  # the room part changes too: presence, spectators
            more = room.set_presence([rng.random() < 0.5, True], rng.randrange(4))
            diffs = {a: diffs[a] + (more or {}).get(a, []) for a in audiences}
        for audience in audiences:
            # each side decodes its own copy of the operations, as a client off the wire
            sent = pack(diffs[audience])
            patch_in_place(mine[audience], msgpack.unpackb(sent))
            theirs[audience] = jsonpatch.apply_patch(theirs[audience], msgpack.unpackb(sent))
            assert mine[audience] == theirs[audience] == room.view(audience)
        changes += 1
    assert changes > 50 and room.status == "finished"


def test_escaped_keys_and_list_ends_follow_rfc_6902():
    doc = {"a/b": {"~x": [1, 2]}, "l": [0]}
    ops = [
        {"op": "add", "path": "/a~1b/~0x/-", "value": 3},
        {"op": "remove", "path": "/a~1b/~0x/0"},
        {"op": "replace", "path": "/l/0", "value": {"k": 1}},
        {"op": "add", "path": "/l/0/j", "value": None},
        {"op": "remove", "path": "/l/0/k"},
    ]
    expected = jsonpatch.apply_patch(copy.deepcopy(doc), ops)
    patch_in_place(doc, ops)
    assert doc == expected == {"a/b": {"~x": [2, 3]}, "l": [{"j": None}]}
