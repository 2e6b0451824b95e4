"""Every example by its address, and the two answers the endpoint gives: the start position,
and the position (or the refusal) after the moves a reader tried."""

from __future__ import annotations

from typing import Any

from server.examples import gin, solitaire
from server.examples.model import REFUSED, Example, ExampleError, Try

MAX_MOVES = 64
"""The most moves one question may carry: an example is a few moves long."""

CATALOGUE: dict[str, Example] = {e.id: e for e in (*gin.EXAMPLES, *solitaire.EXAMPLES)}


def find(example_id: str) -> Example:
    example = CATALOGUE.get(example_id)
    if example is None:
        raise ExampleError("no_example", "There is no example with that name.", status=404)
    return example


def start_view(example: Example) -> dict[str, Any]:
    """The example's start position, as the reader sees it."""
    return {**example.summary(), "view": example.view(example.start)}


def play(example: Example, moves: Any) -> dict[str, Any]:
    """Apply ``moves`` (the reader's, in order) from the start position.

    The answer holds the view after every move that was allowed (``applied`` of them) and,
    if a move was refused, the engine's ``refused`` code, rule sentence and the move's index;
    the moves after a refused one are not looked at."""
    if not isinstance(moves, list):
        raise ExampleError("bad_field", "moves is a list of the game's actions.")
    if len(moves) > MAX_MOVES:
        raise ExampleError("bad_field", f"An example takes at most {MAX_MOVES} moves.")
    position = example.start
    refused = None
    applied = 0
    for index, move in enumerate(moves):
        try:
            position = example.apply(position, move)
        except REFUSED as refusal:
            refused = {"code": refusal.code, "message": refusal.message, "at": index}
            break
        applied += 1
    return {
        "id": example.id,
        "applied": applied,
        "refused": refused,
        "view": example.view(position),
    }


__all__ = ["CATALOGUE", "MAX_MOVES", "Example", "ExampleError", "Try", "find", "play", "start_view"]
