"""The JSON Schemas of the views (protocol/schemas/), loaded once for the tests."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

SCHEMAS = Path(__file__).resolve().parent.parent / "protocol" / "schemas"


@functools.cache
def registry() -> Registry:
    """Every schema under its ``$id`` (a file name), so relative ``$ref``s resolve."""
    resources = []
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        schema = json.loads(path.read_text())
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


@functools.cache
def validator(name: str) -> Draft202012Validator:
    """The validator of ``name`` (``room``, ``gin_rummy_seat``, ``view``, ...)."""
    schema = registry().contents(f"{name}.schema.json")
    return Draft202012Validator(schema, registry=registry())


def errors(name: str, value: Any) -> list[str]:
    """Why ``value`` breaks schema ``name`` (empty when it fits)."""
    found = validator(name).iter_errors(value)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in found]


def kind_of(view: dict[str, Any]) -> str:
    """The schema a room's view should fit, from its game and its audience."""
    if view["room"]["game"] != "gin_rummy":
        return "solitaire"
    return "gin_rummy_spectator" if view["seat"] is None else "gin_rummy_seat"


def check(view: dict[str, Any]) -> None:
    """Assert that ``view`` fits the schema of its kind (which holds the room's)."""
    kind = kind_of(view)
    problems = errors(kind, view)
    assert not problems, f"{kind} view breaks its schema: {problems[:5]}"
