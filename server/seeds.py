"""Where the secrets of a game come from: the operating system's CSPRNG, and nothing else.

A game is a pure function of its seed and its accepted actions (every hand's deck is derived
from the seed: :mod:`server.games.cards`), so whoever knows a room's seed knows every card of
every hand, the opponent's and the stock's. A seed is a secret of the same rank as the cards
it deals. The rules, and where each way of making a room keeps them:

1. **Drawn here, from** :mod:`secrets` **only.** Never computed from a room id, a player id,
   a hash, a time, a counter or anything else a client receives or could guess: the shuffle
   is public and deterministic (it has to be: a replay rebuilds the game), so a seed that is
   a function of something visible is a deal that is visible. (A rematch's seed was once the
   CRC-32 of its new room id, which both players are sent: either of them computed the
   other's ten cards and the whole stock, hand after hand.)
2. **Drawn once, where the room is decided, and stored with that decision**, so that every
   node that makes or rebuilds the room makes the same one:

   * *create* (:meth:`server.services.rooms.Rooms.create`: a bot match, a friend's room, two
     bots, a solitaire): drawn as the room is made, kept in its record before anyone joins;
   * *quick pairing* (:mod:`server.services.seeks`): a seed goes with each room id a node
     offers the store's pairing step, and the store keeps it with the pairing it makes;
     whichever node then makes the room reads it from there;
   * *rematch* (:mod:`server.services.rematches`): drawn by the node that answers, passed into
     the store's step that records the agreement and kept with the offer; the room is made
     from the kept offer, so a second make (another node, another answer) is the same room;
   * *challenge* (:mod:`server.services.challenges`): drawn by the node of the accepting
     socket and passed into the store's step that accepts the challenge (once), kept with
     it; the room is made from the kept challenge, so a second make is the same room;
   * *today's games* (:mod:`server.services.dailies`): the same deal for everyone that day by
     design, yet nobody can compute it: an HMAC of the date under a key drawn here once
     (:func:`new_key`) and kept in the store, never sent to anyone;
   * *solitaire*: a new deal's number is taken from the room's seed, a winnable one from
     numbers derived from a seed drawn here.
3. **Derived secrets stay secret.** A bot's seed is derived from its room's (so a driver that
   takes a room over thinks exactly as the last one did) and goes only to the bot; bots seed
   :class:`random.Random` with a string built from it, which Python hashes with SHA-512, so
   the choices a bot is seen making do not give its seed back. The review's playouts sample
   the unseen cards from the seat's own view with a fixed seed: nothing secret goes in, so
   nothing secret comes out.
4. **Nothing a client receives before a game is over carries its seed** or a value computed
   from it, other than the cards that client may see. A finished game's replay carries the
   seed (its deals are history by then; today's game's replay opens when the day is over).
   The one exception is a practice solitaire, played alone against nobody and ranked on no
   board: its deal code (the number taken from its seed) is shown, and with it every card,
   face down or in the stock (a code is what rebuilds a deal, to replay or share), and its
   "can this still be won?" is the solver's answer on the whole deal (its hints use only what
   the player has seen). A ranked attempt at today's deal shows no code and gets no help.

``tests/source/test_seeds.py`` holds each way of making a room to rule 1 (two rooms made from the
same visible inputs deal differently) and reads the source for rule 2: a room's seed is
written only from a call of this module or a seed already stored.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

SEED_BITS = 64
"""A seed is what the shuffle takes: an integer from 0 to 2**64 - 1."""


def new_seed() -> int:
    """A fresh seed for a room or a batch of deals."""
    return secrets.randbits(SEED_BITS)


def new_seed_where(wanted: Callable[[int], bool]) -> int:
    """A fresh seed for which ``wanted`` holds (a rematch's first dealer): drawn again until
    it does, so it is uniform among those seeds (never a drawn seed stepped to the next one
    that fits, which would favour the seeds that follow a long run of misses)."""
    while True:
        seed = new_seed()
        if wanted(seed):
            return seed


def new_key() -> str:
    """A fresh 256-bit key (hex) for a deployment secret such as today's deals' key."""
    return secrets.token_hex(32)
