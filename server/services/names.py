"""Names people give themselves: checked once, here, for every name the server accepts.

A name is measured in grapheme clusters: what a person sees as one character. "é" typed as an
"e" and an accent, the Hindi conjunct "क्ष" and the family emoji (man, woman, girl and boy held
together by zero-width joiners: seven code points) are one character each. Counting code points
instead let through names nobody can see or read (a lone accent, "a" under 23 stacked accents,
Hangul fillers and the blank Braille cell) and refused an ordinary emoji family. The `regex`
package supplies the clusters (`\\X`, Unicode's extended grapheme clusters) and the Unicode
properties the standard library lacks (Extended_Pictographic, Default_Ignorable_Code_Point).

A name is normalised to NFKC first, so compatibility look-alikes become one (full-width "Bo",
U+FF22 U+FF4F, becomes plain "Bo"); the normal form is what is checked and kept. The rules, in
the order they are checked (the first one broken gives the sentence shown to the player, one
sentence per rule):

1. 1 to 24 clusters.
2. No private-use, unassigned or surrogate code points. A character newer than the Unicode
   data of Python's normaliser counts as unassigned unless NFKC leaves it alone in every
   version (a new emoji passes; a new compatibility look-alike of "0" does not).
3. No control, format or direction characters (newlines, tabs, bidirectional overrides and
   isolates U+202A-202E and U+2066-2069, zero-width spaces, joiners and non-joiners, soft
   hyphens, line and paragraph separators), except the invisible pieces of an emoji sequence:
   a zero-width joiner between two pictographs (the family, the rainbow flag), a variation
   selector U+FE0E or U+FE0F right after a pictograph (the red heart) or in a keycap (1, U+FE0F,
   U+20E3), and the tag characters of a subdivision flag (U+1F3F4 black flag, three to seven
   tag letters or digits, cancel tag U+E007F: England's, Scotland's, Wales's flags).
4. No space at either end.
5. Every mark has a base, and the base is not a space: no cluster starts with a combining
   mark, and no mark sits on a space anywhere (a space with an accent draws as a stray accent
   between two words).
6. At most two combining marks (Mn, Me; variation selectors aside) on one base character,
   counted in the decomposed form (NFD): "é" with a circumflex and a tilde stacked on it is
   three marks, though NFKC keeps the acute inside a precomposed "é". Vietnamese, the
   language with the most, puts two on a letter ("ễ"). Counted per base rather than per
   cluster because a cluster holds a whole Indic conjunct: "न्द्रे" in the name Indresh has
   three marks on three consonants, one cluster. Spacing marks (Mc: the Devanagari vowel
   sign of "ज़िंदगी", Tamil's two-part vowels) take room of their own and do not stack.
   Polytonic Greek can put three on one vowel ("ᾧ": breathing, accent and iota subscript):
   such a letter is refused, the price of a rule that stops stacked accents.
7. Nothing that draws as blank: no default-ignorable code point other than the emoji pieces
   of rule 3 (Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the combining grapheme joiner
   U+034F, Khmer U+17B4/U+17B5, Mongolian and other variation selectors), and none of the
   blank characters of _BLANK, anywhere in the name: a blank one at the end or in the middle
   makes a name that looks like another ("Ann" and "Ann" + U+3164).
8. At most 10 code points in one cluster: a chain of pictographs joined by zero-width joiners,
   of conjoining Hangul letters or of Indic conjuncts stays one cluster however long it gets.
9. At least one letter, digit or symbol (an enclosing mark, as in the keycap # U+FE0F U+20E3,
   counts as a symbol): not only punctuation and spaces.
"""

from __future__ import annotations

import unicodedata

import regex

MAX_NAME = 24
"""Grapheme clusters in a name."""

MAX_CLUSTER = 10
"""Code points in one cluster: the longest emoji, a kiss of two people with skin tones (ZWJ
sequence of woman, skin tone, heart, variation selector, kiss mark, man, skin tone), has ten."""

_MAX_RAW = 4 * MAX_NAME * MAX_CLUSTER
"""Longer input cannot make a name: NFKC composes at most four code points into one."""

_TOO_LONG = f"A name has 1 to {MAX_NAME} characters."
_UNASSIGNED = "A name may not hold private-use, unassigned or surrogate characters."
_CONTROL = "A name may not hold control, formatting or direction characters."
_EDGE_SPACE = "A name may not start or end with a space."
_NO_BASE = "A name may not hold an accent or other mark without a letter under it."
_SPACE_BASE = "A name may not put an accent or other mark on a space."
_MANY_MARKS = "A name may put at most two accents or other marks on one letter."
_BLANK_SENTENCE = "A name may not hold characters that draw as nothing, such as blank fillers."
_BIG_CLUSTER = f"A name may not build one character from more than {MAX_CLUSTER} code points."
_NO_LETTER = "A name needs at least one letter, digit or symbol."

_BLANK = frozenset(
    {
        "\u2800",  # BRAILLE PATTERN BLANK: a Braille cell with no dots, drawn as a space
        "\U0001d159",  # MUSICAL SYMBOL NULL NOTEHEAD: a placeholder notehead fonts leave empty
        "\U00016fe4",  # KHITAN SMALL SCRIPT FILLER: fills an empty place in a Khitan block, unseen
    }
)
"""Characters that draw as nothing but are not default-ignorable (those are refused by their
property). U+303F IDEOGRAPHIC HALF FILL SPACE and U+2422 BLANK SYMBOL draw a visible glyph and
stay allowed; every other blank space is a space (Zs, allowed inside a name only), or NFKC
makes it U+0020."""

_ZWJ = "\u200d"
_KEYCAP_BASES = frozenset("#*0123456789")
_KEYCAP = "\u20e3"

_CLUSTERS = regex.compile(r"\X")
_PICTOGRAPH = regex.compile(r"\p{Extended_Pictographic}")
_FLAG_TAGS = regex.compile(r"\U0001F3F4[\U000E0030-\U000E0039\U000E0061-\U000E007A]{3,7}\U000E007F")
_UNASSIGNED_CHAR = regex.compile(r"[\p{Cn}\p{Co}\p{Cs}]")
_NFKC_STABLE = regex.compile(
    r"[\p{NFKC_Quick_Check=Yes}&&\p{Canonical_Combining_Class=0}]", regex.V1
)
_CONTROL_CHAR = regex.compile(r"[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]")
_MARK = regex.compile(r"\p{M}")
_STACKING_MARK = regex.compile(r"[[\p{Mn}\p{Me}]--\p{Variation_Selector}]", regex.V1)
_BASE = regex.compile(r"[^\p{M}\p{C}]")
_IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")
_VISIBLE = regex.compile(r"[\p{L}\p{N}\p{S}\p{Me}]")


class BadName(ValueError):
    """A name the server refuses; the message is the sentence to show."""


def clean_name(raw: str) -> str:
    """The NFKC form of `raw` if it follows every rule of the module docstring, else BadName."""
    if len(raw) > _MAX_RAW:
        raise BadName(_TOO_LONG)
    name = unicodedata.normalize("NFKC", raw)
    clusters = _CLUSTERS.findall(name)
    if not 1 <= len(clusters) <= MAX_NAME:
        raise BadName(_TOO_LONG)
    if any(_unassigned(c) for c in name):
        raise BadName(_UNASSIGNED)
    loose = [_outside_emoji(cluster) for cluster in clusters]
    if any(_CONTROL_CHAR.match(c) for chars in loose for c in chars):
        raise BadName(_CONTROL)
    if name != name.strip() or clusters[0][0].isspace() or clusters[-1][0].isspace():
        raise BadName(_EDGE_SPACE)
    if any(_MARK.match(cluster[0]) for cluster in clusters):
        raise BadName(_NO_BASE)
    if any(_mark_on_a_space(cluster) for cluster in clusters):
        raise BadName(_SPACE_BASE)
    if any(_most_marks_on_a_base(unicodedata.normalize("NFD", c)) > 2 for c in clusters):
        raise BadName(_MANY_MARKS)
    if any(_IGNORABLE.match(c) or c in _BLANK for chars in loose for c in chars):
        raise BadName(_BLANK_SENTENCE)
    if any(len(cluster) > MAX_CLUSTER for cluster in clusters):
        raise BadName(_BIG_CLUSTER)
    if not any(_VISIBLE.match(c) for c in name):
        raise BadName(_NO_LETTER)
    return name


def _unassigned(c: str) -> bool:
    if _UNASSIGNED_CHAR.match(c):
        return True
    # Unknown to the normaliser (Python's Unicode data is older than regex's): NFKC passed it
    # through unchanged, which is its normal form only if a newer NFKC would leave it alone too.
    return unicodedata.category(c) == "Cn" and not _NFKC_STABLE.match(c)


def _outside_emoji(cluster: str) -> list[str]:
    """The characters of a cluster, less the invisible pieces of an emoji sequence in it."""
    pieces: set[int] = set()
    for flag in _FLAG_TAGS.finditer(cluster):
        pieces.update(range(flag.start() + 1, flag.end()))
    for i, c in enumerate(cluster):
        before = cluster[i - 1] if i else ""
        after = cluster[i + 1] if i + 1 < len(cluster) else ""
        if c == _ZWJ:
            if after and _PICTOGRAPH.match(after):
                pieces.add(i)
        elif c in ("\ufe0e", "\ufe0f"):
            after_pictograph = bool(before) and bool(_PICTOGRAPH.match(before))
            in_keycap = c == "\ufe0f" and before in _KEYCAP_BASES and after == _KEYCAP
            if after_pictograph or in_keycap:
                pieces.add(i)
    return [c for i, c in enumerate(cluster) if i not in pieces]


def _mark_on_a_space(cluster: str) -> bool:
    """Does a mark sit on a space, wherever the space is in the cluster (a prepended
    character, such as Malayalam's dot reph U+0D4E, holds the space inside its cluster)?"""
    base = ""
    for c in cluster:
        if _MARK.match(c):
            if base.isspace():
                return True
        else:
            base = c
    return False


def _most_marks_on_a_base(cluster: str) -> int:
    most = run = 0
    for c in cluster:
        if _STACKING_MARK.match(c):
            run += 1
            most = max(most, run)
        elif _BASE.match(c):
            run = 0
    return most
