"""The rules of names (server/services/names.py): what a person sees as one character is what
counts.

Invisible characters are written as escapes here, so this file shows everything it holds.
"""

from __future__ import annotations

import unicodedata

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from server.services.names import MAX_NAME, BadName, clean_name

ZWJ = "\u200d"
VS16 = "\ufe0f"
MAN, WOMAN, GIRL, BOY = "\U0001f468", "\U0001f469", "\U0001f467", "\U0001f466"
FAMILY = ZWJ.join([MAN, WOMAN, GIRL, BOY])  # seven code points, one character
ENGLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
KISS_WITH_SKIN_TONES = (
    "\U0001f469\U0001f3fb"
    + ZWJ
    + "\u2764"
    + VS16
    + ZWJ
    + "\U0001f48b"
    + ZWJ
    + "\U0001f468\U0001f3fc"
)

TOO_LONG = "A name has 1 to 24 characters."
UNASSIGNED = "A name may not hold private-use, unassigned or surrogate characters."
CONTROL = "A name may not hold control, formatting or direction characters."
EDGE_SPACE = "A name may not start or end with a space."
NO_BASE = "A name may not hold an accent or other mark without a letter under it."
SPACE_BASE = "A name may not put an accent or other mark on a space."
MANY_MARKS = "A name may put at most two accents or other marks on one letter."
BLANK = "A name may not hold characters that draw as nothing, such as blank fillers."
BIG_CLUSTER = "A name may not build one character from more than 10 code points."
NO_LETTER = "A name needs at least one letter, digit or symbol."


def refusal(name: str) -> str:
    with pytest.raises(BadName) as refused:
        clean_name(name)
    return str(refused.value)


def clusters(text: str) -> list[str]:
    return regex.findall(r"\X", text)


# The finding: names that drew as nothing or as a smear passed, an emoji family did not.


@pytest.mark.parametrize(
    "name, sentence",
    [
        ("\u0301", NO_BASE),  # a lone combining acute accent
        ("\u0e47" * 24, NO_BASE),  # 24 Thai marks stacked on nothing
        ("a" + "\u0301" * 23, MANY_MARKS),  # zalgo: 23 accents piled on one letter
        ("\u3164", BLANK),  # HANGUL FILLER
        ("\u2800", BLANK),  # BRAILLE PATTERN BLANK
        ("\u115f", BLANK),  # HANGUL CHOSEONG FILLER
    ],
)
def test_the_names_of_the_finding_are_refused_with_the_rule_they_break(name, sentence):
    assert refusal(name) == sentence


def test_an_emoji_family_is_one_character_and_is_accepted():
    name = FAMILY + " Fam"
    assert clean_name(name) == name
    assert len(clusters(name)) == 5


# Every mark has a base, and at most two marks sit on one letter.


@pytest.mark.parametrize("name", ["\u0301Ann", "\u0e47", "\u093f", "\u20dd", "\u0301\u0301"])
def test_a_mark_with_no_letter_under_it_is_refused(name):
    assert refusal(name) == NO_BASE


def test_two_marks_on_a_letter_are_accepted_and_a_third_is_refused():
    assert clean_name("x\u0301\u0302") == "x\u0301\u0302"  # no precomposed x with accents
    assert refusal("x\u0301\u0302\u0303") == MANY_MARKS
    # NFKC composes the first into "á", which still carries it: three marks on one letter.
    assert refusal("a\u0301\u0302\u0303") == MANY_MARKS
    assert refusal("\u00e9\u0302\u0303") == MANY_MARKS
    assert refusal("\u1ec7\u0301") == MANY_MARKS  # "ệ" (two marks) and a third
    assert clean_name("Nguy\u1ec5n") == "Nguy\u1ec5n"  # Vietnamese: two marks on "ễ"
    assert refusal("Jo\u0308\u0308\u0308\u0308") == MANY_MARKS


def test_no_mark_sits_on_a_space():
    assert refusal("Ann \u0301Lee") == SPACE_BASE
    assert refusal("a\u3000\u0308b") == SPACE_BASE  # NFKC makes the ideographic space " "
    assert refusal("a \u20ddb") == SPACE_BASE  # an enclosing circle around a space
    # A prepended character (Malayalam dot reph) takes the space into its own cluster.
    assert refusal("a\u0d4e \u0301b") == SPACE_BASE
    assert clean_name("Ann Lee") == "Ann Lee"


def test_a_spacing_vowel_sign_beside_two_marks_is_a_word_not_a_stack():
    zindagi = "\u091c\u093c\u093f\u0902\u0926\u0917\u0940"  # "ज़िंदगी": nukta, sign i, anusvara
    assert clean_name(zindagi) == unicodedata.normalize("NFKC", zindagi)


def test_marks_are_counted_on_each_letter_of_a_conjunct_not_on_the_whole_cluster():
    indresh = "इन्द्रेश"  # "न्द्रे" is one cluster: three consonants, a mark on each
    assert max(len(cluster) for cluster in clusters(indresh)) == 6
    assert clean_name(indresh) == indresh


# Nothing that draws as blank, anywhere in the name.


@pytest.mark.parametrize(
    "name",
    [
        "\u1160",  # HANGUL JUNGSEONG FILLER
        "\uffa0",  # HALFWIDTH HANGUL FILLER (NFKC makes it U+1160)
        "\U0001d159",  # MUSICAL SYMBOL NULL NOTEHEAD
        "Ann\u3164",  # looks like "Ann"
        "a\u3164b",  # looks like "a b" without being it
        "\u2800Ann",
        "Ann\u2800Lee",
        "a\u034fb",  # COMBINING GRAPHEME JOINER
        "a\u17b4",  # KHMER VOWEL INHERENT AQ
        "a" + VS16,  # an emoji variation selector on a letter
        "\u845b\U000e0100",  # an ideographic variation selector: a look-alike of the bare kanji
        "\u1820\u180b",  # a Mongolian free variation selector
        MAN + VS16 + VS16,  # a second selector is padding
    ],
)
def test_a_character_that_draws_as_nothing_is_refused(name):
    assert refusal(name) == BLANK


# No control, format or direction characters, except the invisible pieces of an emoji.


@pytest.mark.parametrize(
    "name",
    [
        "Ann\n",
        "tab\there",
        "a" + ZWJ + "b",  # a joiner outside an emoji
        "Ann\u202e",  # RIGHT-TO-LEFT OVERRIDE
        "\u202aAnn",
        "\u2066Ann\u2069",  # an isolate
        "zero\u200bwidth",
        "a\u00adb",  # SOFT HYPHEN
        "Ann\u2028Lee",  # LINE SEPARATOR
        MAN + ZWJ,  # a joiner that joins nothing
        ZWJ + MAN,
        MAN + ZWJ + ZWJ + WOMAN,
        "Ann\U000e0041",  # a tag character outside a flag (hidden text)
        "\U0001f3f4\U000e0067\U000e0062\U000e007f",  # a flag tag too short for a subdivision
        "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067",  # no cancel tag
        "A\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",  # tags on a letter
    ],
)
def test_control_format_and_direction_characters_are_refused(name):
    assert refusal(name) == CONTROL


@pytest.mark.parametrize(
    "name",
    [
        FAMILY,
        "\u2764" + VS16,  # red heart
        "\U0001f3f3" + VS16 + ZWJ + "\U0001f308",  # rainbow flag
        "\U0001f44d\U0001f3fd",  # thumbs up, medium skin tone
        ENGLAND,
        "1" + VS16 + "\u20e3",  # keycap 1
        "#" + VS16 + "\u20e3",  # keycap #: no letter or digit, but a symbol all the same
        KISS_WITH_SKIN_TONES,  # ten code points, the longest emoji
        "\U0001f9d1" + ZWJ + "\U0001f9b0",  # person with red hair
        "\u263a\ufe0e",  # smiling face, text presentation
        "\U0001f1f5\U0001f1f1",  # the flag of Poland (regional indicators)
        "\U0001fae8",  # shaking face: newer than Python 3.11's Unicode data
    ],
)
def test_emoji_sequences_are_accepted_as_they_are(name):
    assert clean_name(name) == name
    assert len(clusters(name)) == 1


# Names in real scripts keep working, in their NFKC form.

UNCHANGED = [
    "Ann",
    "김민준",
    "하늘",
    "Łukasz Żółć",
    "สมชาย",
    "क्षत्रिय",
    "अनुष्का",
    "ज्योत्स्ना",
    "Nguyễn Thị Ánh",
    "محمد",
    "山田太郎",
    "さくら",
    "José",
    "O'Brien-Smith",
]


@pytest.mark.parametrize("name", UNCHANGED)
def test_names_in_real_scripts_are_accepted_unchanged(name):
    assert clean_name(name) == name


@pytest.mark.parametrize(
    "name, shown",
    [
        ("\uff22\uff4f", "Bo"),  # full-width Latin letters
        ("\uff2a\uff4f\uff53\u00e9", "José"),
        ("\uff7b\uff78\uff97", "サクラ"),  # half-width katakana
        ("Jose\u0301", "José"),  # the accent composed
        ("\u0e19\u0e49\u0e33", "\u0e19\u0e49\u0e4d\u0e32"),  # Thai "น้ำ": NFKC splits SARA AM
    ],
)
def test_names_are_kept_in_their_nfkc_form(name, shown):
    assert clean_name(name) == shown == unicodedata.normalize("NFKC", name)


# Length is counted in characters as people see them.


def test_length_is_counted_in_grapheme_clusters():
    assert clean_name(FAMILY * MAX_NAME) == FAMILY * MAX_NAME  # 168 code points
    assert refusal(FAMILY * (MAX_NAME + 1)) == TOO_LONG
    assert clean_name("e\u0301" * MAX_NAME) == "\u00e9" * MAX_NAME
    assert clean_name("a" * MAX_NAME) == "a" * MAX_NAME
    assert refusal("a" * (MAX_NAME + 1)) == TOO_LONG
    assert refusal("") == TOO_LONG
    assert refusal("a" * 100_000) == TOO_LONG


@pytest.mark.parametrize(
    "name",
    [
        ZWJ.join([MAN] * 6),  # six men joined: one cluster, six wide
        "क्" * 5 + "क",  # a conjunct of six consonants
        "\u1100" * 11 + "\u1161",  # conjoining Hangul letters
    ],
)
def test_one_character_may_not_be_built_from_more_than_ten_code_points(name):
    assert len(clusters(unicodedata.normalize("NFKC", name))) == 1
    assert refusal(name) == BIG_CLUSTER


# Only assigned characters, and only ones the normaliser knows the NFKC form of.


@pytest.mark.parametrize("name", ["\ue000", "Ann\U000f0000", "\u0378", "\ufdd0", "a\ud800"])
def test_private_use_unassigned_and_surrogate_code_points_are_refused(name):
    assert refusal(name) == UNASSIGNED


def test_a_look_alike_newer_than_the_normaliser_is_folded_or_refused():
    outlined_zero = "\U0001ccf0"  # Unicode 16: its compatibility form is "0"
    if unicodedata.normalize("NFKC", outlined_zero) == "0":
        assert clean_name(outlined_zero) == "0"
    else:
        assert refusal(outlined_zero) == UNASSIGNED


# Spaces and the need for something to read.


@pytest.mark.parametrize("name", [" Ann", "Ann ", "\u3000Ann", "Ann\u00a0", "Ann \u0301"])
def test_a_name_may_not_start_or_end_with_a_space(name):
    assert refusal(name) == EDGE_SPACE


@pytest.mark.parametrize("name", ["!!!", "...", "- -", "\u00bf?"])
def test_a_name_needs_a_letter_digit_or_symbol(name):
    assert refusal(name) == NO_LETTER


# Each rule has its own sentence.


def test_each_rule_says_which_rule_broke():
    sentences = [
        refusal("a" * 25),
        refusal("\ue000"),
        refusal("Ann\u202e"),
        refusal(" Ann"),
        refusal("\u0301"),
        refusal("x\u0301\u0301\u0301"),
        refusal("\u3164"),
        refusal(ZWJ.join([MAN] * 6)),
        refusal("!!!"),
    ]
    assert sentences == [
        TOO_LONG,
        UNASSIGNED,
        CONTROL,
        EDGE_SPACE,
        NO_BASE,
        MANY_MARKS,
        BLANK,
        BIG_CLUSTER,
        NO_LETTER,
    ]
    assert len(set(sentences)) == len(sentences)
    assert all(sentence.endswith(".") for sentence in sentences)


@pytest.mark.parametrize(
    "name", ["", " Ann", "Ann\n", "!!!", "x" * 25, "x" * 40, "a" + ZWJ + "b", "Ann\u202e"]
)
def test_the_names_the_protocol_tests_refuse_are_still_refused(name):
    refusal(name)


# Whatever comes in, what comes out follows the rules.

PIECES = [
    "a",
    "Z",
    "7",
    "é",
    "e\u0301",
    "\u0301",
    "\u0e47",
    "क",
    "\u094d",
    "ष",
    "\u1100",
    "\u1161",
    "김",
    " ",
    "\u3000",
    "!",
    "\uff22",
    ZWJ,
    VS16,
    "\u20e3",
    "#",
    MAN,
    WOMAN,
    "\U0001f3fd",
    "\U0001f3f4",
    "\U000e0067",
    "\U000e0062",
    "\U000e007f",
    "\u3164",
    "\u2800",
    "\u115f",
    "\u202e",
    "\u200b",
    "\n",
    "\ue000",
]

names = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(PIECES), max_size=30).map("".join),
    st.lists(st.sampled_from([FAMILY, ENGLAND, "Ann", " ", "\u0301"]), max_size=26).map("".join),
)


def stacks(name: str) -> tuple[int, bool]:
    """Written apart from the module: the most stacking marks (nonspacing or enclosing, not a
    variation selector) on one base character of ``name`` taken apart (NFD), and whether a
    mark of any kind follows a space."""
    most, run, on_space, base = 0, 0, False, ""
    for c in unicodedata.normalize("NFD", name):
        category = unicodedata.category(c)
        if not category.startswith("M"):
            base, run = c, 0
            continue
        on_space = on_space or base.isspace()
        selector = 0xFE00 <= ord(c) <= 0xFE0F or 0xE0100 <= ord(c) <= 0xE01EF
        if category in ("Mn", "Me") and not selector:
            run += 1
            most = max(most, run)
    return most, on_space


ACCENTS = st.sampled_from(["\u0300", "\u0301", "\u0302", "\u0303", "\u0308", "\u0323", "\u0327"])
LETTERS = st.sampled_from(["a", "e", "o", "x", "\u00e9", "\u1ec7", "\u0105", "\u0111", "K"])


@settings(max_examples=400, deadline=None)
@given(LETTERS, st.lists(ACCENTS, max_size=4), st.sampled_from(["", "Ann", "b"]))
def test_a_letter_takes_at_most_two_marks_however_they_are_written(letter, marks, rest):
    raw = "Jo" + letter + "".join(marks) + rest
    most, _ = stacks(raw)
    if most <= 2:
        assert stacks(clean_name(raw)) == (most, False)
    else:
        assert refusal(raw) == MANY_MARKS


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([" ", "\u3000", "\u2003"]),
    st.lists(st.sampled_from(["\u0301", "\u0308", "\u20dd", "\u0903"]), min_size=1, max_size=2),
)
def test_a_mark_on_a_space_is_refused_wherever_the_space_is(space, marks):
    assert refusal("Ann" + space + "".join(marks) + "Lee") == SPACE_BASE


@settings(max_examples=500, deadline=None)
@given(names)
def test_any_text_is_refused_or_comes_out_as_a_name_that_follows_the_rules(raw):
    try:
        name = clean_name(raw)
    except BadName as refused:
        assert str(refused).endswith(".")
        return
    assert name == unicodedata.normalize("NFKC", raw)
    assert unicodedata.normalize("NFKC", name) == name
    assert 1 <= len(clusters(name)) <= MAX_NAME
    assert name == name.strip()
    assert not unicodedata.category(name[0]).startswith("M")
    most, on_space = stacks(name)
    assert most <= 2 and not on_space
    assert clean_name(name) == name
