"""What one client address may make a node hold: sockets open at once, rooms created.

Every client of one address counts together (a new connection does not reset anything). The
book holds an entry only for an address with a socket open or rooms created recently, and
prunes the rest, so an attacker cycling addresses cannot grow it without bound either.
"""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass

PRUNE_AT = 50_000  # entries; beyond this, addresses with nothing open are forgotten


def client_address(peer: str, forwarded: str | None, trusted: frozenset[str]) -> str:
    """The client's address: the peer's, or, when the peer is a trusted proxy, the last
    address in X-Forwarded-For that is not itself a trusted proxy (the earlier ones are
    whatever the client chose to send). ``forwarded``: every line of the header, in order,
    joined by commas (a client's own line comes first, each proxy's after it)."""
    if peer not in trusted or not forwarded:
        return peer
    for hop in reversed([h.strip() for h in forwarded.split(",")]):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return peer  # a malformed header from a trusted proxy: trust nothing in it
        if hop not in trusted:
            return hop
    return peer


class TokenBucket:
    """``rate`` messages per second with bursts up to ``burst``."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        """One use, if there is one left now."""
        now = time.monotonic()
        self.tokens = self._level(now)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self) -> bool:
        """Every use is back: nothing would be lost by forgetting this bucket."""
        return self._level(time.monotonic()) >= self.burst

    def _level(self, now: float) -> float:
        return min(self.burst, self.tokens + (now - self.stamp) * self.rate)


@dataclass
class Entry:
    rooms: TokenBucket
    sockets: int = 0


class AddressBook:
    def __init__(self, sockets: int, rooms: int, per_seconds: float = 600.0) -> None:
        self.max_sockets = sockets
        self.rooms, self.per_seconds = rooms, per_seconds
        self.entries: dict[str, Entry] = {}

    def _entry(self, address: str) -> Entry:
        entry = self.entries.get(address)
        if entry is None:
            if len(self.entries) >= PRUNE_AT:
                self.prune()
            bucket = TokenBucket(self.rooms / self.per_seconds, self.rooms)
            entry = self.entries[address] = Entry(bucket)
        return entry

    def open(self, address: str) -> bool:
        """A socket from ``address`` opens; False (and nothing counted) past the limit."""
        entry = self._entry(address)
        if entry.sockets >= self.max_sockets:
            return False
        entry.sockets += 1
        return True

    def close(self, address: str) -> None:
        entry = self.entries.get(address)
        if entry is not None:
            entry.sockets = max(0, entry.sockets - 1)

    def create(self, address: str) -> bool:
        """``address`` makes a room: False past its share of rooms for now."""
        return self._entry(address).rooms.take()

    def prune(self) -> None:
        """Forget addresses with no socket open whose room allowance is whole again."""
        for address, e in list(self.entries.items()):
            if e.sockets == 0 and e.rooms.full():
                del self.entries[address]
