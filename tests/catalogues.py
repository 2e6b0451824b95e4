"""The web client's message catalogues as Node reads them (tests/i18n_catalogues.mjs)."""

from __future__ import annotations

import json
import re
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@cache
def catalogues() -> dict:
    """``{lang: {"messages": {...}, "categories": [plural categories]}}``."""
    out = subprocess.run(
        ["node", str(ROOT / "tests" / "i18n_catalogues.mjs")],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(out.stdout)


def messages(lang: str) -> dict:
    return catalogues()[lang]["messages"]


def pattern(message: str) -> re.Pattern:
    """A message with its {placeholders} as wildcards, to match what a page shows."""
    parts = re.split(r"\{\w+\}", message)
    return re.compile("^" + ".+?".join(re.escape(p) for p in parts) + "$", re.S)
