"""Table phrases: the few words two people at a Gin Rummy table may say to each other.

A phrase travels as its id only, and each viewer's client shows it in the viewer's own
language (the texts live in the client's catalogues, ``phrase.<id>``): no free text, so
nothing said at a table needs reading by anyone. The list is here, once; the rules of
saying one (:meth:`server.rooms.room.Room.say_entry`) are measured on the log's own times,
so every replica agrees on them.
"""

from __future__ import annotations

PHRASES = (
    "hello",
    "good_luck",
    "have_fun",
    "nice_move",
    "nice_hand",
    "well_played",
    "thanks",
    "sorry",
    "oops",
    "wow",
    "close_one",
    "thinking",
    "no_rush",
    "be_right_back",
    "back",
    "lucky",
    "unlucky",
    "good_game",
    "one_more",
    "have_to_go",
)
"""Every phrase id, in the order the client lists them."""

PHRASE_GAP_MS = 2000
"""A seat says at most one phrase in this many milliseconds (by the entries' ``at``)."""
PHRASES_PER_SEAT = 30
"""The most phrases a seat says in one match."""
PHRASES_SHOWN = 4
"""The latest phrases of a room that its view carries (the client shows each briefly)."""
