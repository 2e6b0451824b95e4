"""A room's patches are exactly the diffs between its views as rendered.

The room keeps each audience's last view packed (bytes the garbage collector never scans)
and diffs the next render against it unpacked. That is only the same as diffing against the
view itself if packing gives every view back unchanged, types included: a tuple coming back
as a list, or an integer key as a string, would turn into needless ``replace`` operations or
wrong ones. These tests play rooms at random and compare each change's patches with the
diffs against views kept as objects, and check that the patches rebuild each render."""

from __future__ import annotations

import copy
import random

import jsonpatch
import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_schemas import BOTS, HUMANS, Table, play_gin, play_solitaire

from protocol.diff import apply, diff, diff_packed, pack_map, unpack_map
from protocol.patches import PatchLog
from server.games.gin_rummy.game import HAND_OVER, MATCH_OVER, new_match
from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3
from server.rooms import AUDIENCES, Move, entry_of
from server.rooms.room import DEEP, WHOLE

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=16,
)
MAPS = st.dictionaries(st.sampled_from(["a", "b", "game", "c/d", "~e", "turn"]), VALUES, max_size=5)


@settings(max_examples=500, deadline=None)
@given(old=MAPS, new=MAPS)
def test_diffing_packed_parts_is_diffing_the_values(old, new):
    """The shortcut (an entry whose packing is unchanged is skipped unpacked) against the
    plain diff, on random maps (with a deep entry, nested values, keys to escape, and values
    equal in Python but not in type, such as 1 and True), some named whole."""
    ops, packed = diff_packed(pack_map(old, DEEP), new, DEEP)
    assert ops == diff(old, new)
    assert packed == pack_map(new, DEEP)
    ops, packed = diff_packed(pack_map(old, DEEP), new, DEEP, whole=WHOLE)
    assert ops == diff(old, new, WHOLE)
    assert packed == pack_map(new, DEEP)
    assert unpack_map(packed) == new
    assert apply(old, ops) == new


def test_a_part_named_whole_is_replaced_in_one_operation_when_it_changed():
    old = {"game": {"turn": {"phase": "discard", "ply": 4, "legal": ["discard"]}, "n": 1}}
    new = {"game": {"turn": {"phase": "discard", "ply": 5, "legal": ["discard"]}, "n": 1}}
    whole = [{"op": "replace", "path": "/game/turn", "value": new["game"]["turn"]}]
    assert diff(old, new) == [{"op": "replace", "path": "/game/turn/ply", "value": 5}]
    assert diff(old, new, WHOLE) == whole
    assert diff_packed(pack_map(old, DEEP), new, DEEP, whole=WHOLE)[0] == whole
    same = {"game": {"turn": dict(old["game"]["turn"]), "n": 2}}
    assert diff_packed(pack_map(old, DEEP), same, DEEP, whole=WHOLE)[0] == [
        {"op": "replace", "path": "/game/n", "value": 2}
    ]


@st.composite
def grown(draw):
    """A map and the same map with items added at the end of some of its lists (history,
    piles), at both levels, sometimes past the sizes where a header grows."""
    old = draw(MAPS)
    old["game"] = draw(
        st.dictionaries(st.sampled_from(["h", "p", "q"]), st.lists(VALUES), max_size=3)
    )
    if draw(st.booleans()):
        old["game"]["long"] = list(range(draw(st.sampled_from([14, 15, 16, 17]))))
    new = {k: (list(v) if isinstance(v, list) else v) for k, v in old.items()}
    new["game"] = {k: list(v) for k, v in old["game"].items()}
    for part in (new, new["game"]):
        for value in part.values():
            if isinstance(value, list) and draw(st.booleans()):
                value.extend(draw(st.lists(VALUES, min_size=1, max_size=6)))
    return old, new


@settings(max_examples=500, deadline=None)
@given(pair=grown())
def test_lists_grown_at_their_end_diff_as_the_plain_diff_does(pair):
    old, new = pair
    ops, packed = diff_packed(pack_map(old, DEEP), new, DEEP)
    assert ops == diff(old, new)
    assert packed == pack_map(new, DEEP)
    assert apply(old, ops) == new


@st.composite
def audiences(draw):
    """Old and new views of a few audiences, as a room renders them: the new ones share
    some of their values (the same objects, the game part itself now and then), and the
    old ones are equal in some entries and not in others."""

    def mix(shared: dict, own: dict) -> dict:
        return {
            k: shared[k] if k in shared and (k not in own or draw(st.booleans())) else own[k]
            for k in {**own, **shared}
        }

    shared = draw(MAPS)
    shared["game"] = draw(MAPS)
    olds, news = [], []
    for _ in range(draw(st.integers(2, 4))):
        new = mix(shared, draw(MAPS))
        new["game"] = shared["game"] if draw(st.booleans()) else mix(shared["game"], draw(MAPS))
        olds.append(draw(st.sampled_from([shared, new, draw(MAPS)])))
        news.append(new)
    return olds, news


@settings(max_examples=300, deadline=None)
@given(pair=audiences())
def test_audiences_diffed_with_one_memo_get_what_each_gets_alone(pair):
    """The memo shortcut (an entry that is the same object with an equal old packing is
    diffed once for all audiences) against diffing each audience on its own."""
    olds, news = pair
    memo: dict = {}
    for old, new in zip(olds, news, strict=True):
        ops, packed = diff_packed(pack_map(old, DEEP), new, DEEP, memo)
        assert (ops, packed) == diff_packed(pack_map(old, DEEP), new, DEEP)
        assert ops == diff(old, new)
        assert apply(old, ops) == new


@st.composite
def rounds(draw):
    """Views of one audience change after change, as a room renders them: the stable entry
    (``h`` in the game part) is now the very object of the change before, now a new object
    equal to it, now another value."""
    views, held = [], draw(VALUES)
    for _ in range(draw(st.integers(2, 6))):
        view = draw(MAPS)
        game = draw(MAPS)
        how = draw(st.sampled_from(["same", "copy", "other", "absent"]))
        if how == "copy":
            held = copy.deepcopy(held)
        elif how == "other":
            held = draw(VALUES)
        if how != "absent":
            game["h"] = held
        view["game"] = game
        views.append(view)
    return views


@settings(max_examples=300, deadline=None)
@given(views=rounds())
def test_a_stable_entry_skipped_as_the_same_object_changes_no_patch(views):
    """The stable shortcut (an entry that is the very object packed last time, with that
    packing as its old one, is skipped) against diffing without it, change after change."""
    stable: dict = {}
    kept = plain = pack_map(views[0], DEEP)
    for new in views[1:]:
        ops, kept = diff_packed(kept, new, DEEP, {}, stable, frozenset({"h"}))
        want, plain = diff_packed(plain, new, DEEP)
        assert (ops, kept) == (want, plain)


def test_a_stable_entry_that_is_the_same_object_is_not_packed_again():
    """Shown with a value that cannot be packed at all: only the first change packs it."""
    unpackable = [object()]
    stable: dict = {}
    old = pack_map({"game": {"h": []}}, DEEP)
    with pytest.raises(TypeError):
        diff_packed(old, {"game": {"h": unpackable}}, DEEP, {}, {}, frozenset({"h"}))
    packed_once = {"game": {"h": b"\x91\xc0"}}  # what a first change would have kept
    stable[("/game", "h")] = (unpackable, packed_once["game"]["h"])
    ops, packed = diff_packed(
        packed_once, {"game": {"h": unpackable, "n": 1}}, DEEP, {}, stable, frozenset({"h"})
    )
    assert ops == [{"op": "add", "path": "/game/n", "value": 1}]
    assert packed["game"]["h"] is packed_once["game"]["h"]


def test_a_match_hands_out_its_finished_hands_as_one_object_until_a_hand_ends():
    match = new_match(7, {"target": 1})
    rng = random.Random(7)
    first = match.views([None])[0]["hands_played"]
    while match.phase not in (HAND_OVER, MATCH_OVER):
        assert match.views([0, None])[1]["hands_played"] is first
        seat = match.to_act
        match = match.apply(seat, rng.choice(match.legal_actions(seat)))
    after = match.views([None])[0]["hands_played"]
    assert after is not first and first == []
    assert after == [h.to_dict() for h in match.past] and len(after) == 1


class Shadowed(Table):
    """A table that checks every change against views it keeps as objects, and keeps each
    audience's patches for resumes as the room host does (protocol.patches.PatchLog)."""

    def __init__(self, seats, seed: int, **options) -> None:
        super().__init__(seats, seed, **options)
        self.logs = {a: PatchLog(self.room.seq) for a in AUDIENCES}
        self.shadow = {a: self.room.render(a) for a in AUDIENCES}
        # What a client that never missed a frame holds, patched in place as the browser does.
        self.client = {a: copy.deepcopy(self.shadow[a]) for a in AUDIENCES}
        self.sent = {a: {} for a in AUDIENCES}  # seq -> the frame sent for it
        self.changes = 0

    def commit(self, made: dict | Move) -> None:
        entry = entry_of(made)
        entry["at"] = self.at
        self.at += 1500
        self.check(self.room.apply(made))

    def sit(self, *seats: int) -> None:
        for seat in seats:
            self.commit(self.room.join_entry(seat, f"Player {seat}", f"token {seat}"))
        self.check(self.room.set_presence([True] * len(self.room.seats), 2))

    def check(self, ops: dict[str, list] | None) -> None:
        assert ops is not None and set(ops) == set(AUDIENCES)
        for audience in AUDIENCES:
            new = self.room.render(audience)
            assert ops[audience] == diff(self.shadow[audience], new, WHOLE)
            assert self.room.view(audience) == new
            self.shadow[audience] = new
            size = self.room.view_sizes[audience]
            frame = self.logs[audience].add(self.room.id, self.room.seq, ops[audience], size)
            self.sent[audience][self.room.seq] = frame
            client = self.client[audience]
            jsonpatch.apply_patch(client, msgpack.unpackb(frame)["ops"], in_place=True)
            assert client == new
            self.check_resumes(audience)
        self.changes += 1

    def check_resumes(self, audience: str) -> None:
        """A client that saw seq k gets the patches k+1.. that rebuild the view, or None
        (a snapshot) when they are no longer kept; the last change is always kept, and what
        is kept stays within the view's size (or is that one frame).

        The frames kept must be the very frames sent for those changes: each of those was
        checked (in :meth:`check`) to turn the view before it into the view after it, as the
        client that applied them all in turn shows, so a resume from k rebuilds the view."""
        seq, sent, log = self.room.seq, self.sent[audience], self.logs[audience]
        assert log.since(seq) == []
        assert log.since(seq - 1) is not None
        oldest = seq - 1
        while oldest - 1 in sent and log.since(oldest - 1) is not None:
            oldest -= 1
        frames = log.since(oldest)
        assert [s for s, _ in frames] == list(range(oldest + 1, seq + 1))
        assert all(frame == sent[s] for s, frame in frames)
        for k in [k for k in sent if k < oldest]:
            del sent[k]
        sizes = [len(f) for _, f in frames]
        assert len(sizes) == 1 or sum(sizes) <= self.room.view_sizes[audience]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), seats=st.sampled_from([HUMANS, BOTS]))
def test_gin_patches_are_the_diffs_of_the_rendered_views(seed, seats):
    """Every change of a room checked; a match to a low target can end within a dozen
    changes (a gin in the first hand), so matches are played until more than 20 were."""
    changes, match = 0, 0
    while changes <= 20 and match < 10:
        table = Shadowed(seats, seed + match, target=1 + seed % 80, open_hands=seats is BOTS)
        if seats is HUMANS:
            table.sit(0, 1)
        for _ in play_gin(table, random.Random(seed + match), sample=0.0, max_plies=400):
            pass
        changes += table.changes
        match += 1
    assert changes > 20


@settings(max_examples=15, deadline=None)
@given(
    number=st.integers(1, 999_999),
    variant=st.sampled_from([EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3]),
)
def test_solitaire_patches_are_the_diffs_of_the_rendered_views(number, variant):
    table = Shadowed([], 5, game=variant.game, draw=variant.draw, number=number)
    table.sit(0)
    for _ in play_solitaire(table, random.Random(number), steps=120):
        pass
    assert table.changes > 20
