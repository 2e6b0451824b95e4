"""Names people give themselves: checked once, here, for every name the server accepts.

After Unicode normalisation (NFKC, so look-alike compatibility forms become one), a name has 1
to 24 characters, none of them a control or format character (newlines, U+202E and the other
bidirectional overrides, zero-width joiners: they break layouts and spoof), no space at either
end, and at least one letter, digit or symbol (not only punctuation and spaces).
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 24


class BadName(ValueError):
    """A name the server refuses; the message is the sentence to show."""


def clean_name(raw: str) -> str:
    name = unicodedata.normalize("NFKC", raw)
    if not 1 <= len(name) <= MAX_NAME:
        raise BadName(f"A name has 1 to {MAX_NAME} characters.")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for c in name):
        raise BadName("A name may not hold control, formatting or direction characters.")
    if name != name.strip():
        raise BadName("A name may not start or end with a space.")
    if all(unicodedata.category(c)[0] in "PZ" for c in name):
        raise BadName("A name needs at least one letter, digit or symbol.")
    return name
