"""Players' identities on this node's sockets: hello with a secret, a new player, a new
secret, a changed name or settings; and the sessions they open (the sockets signed in as
each player), which a new secret ends everywhere at once."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from server.logs import log
from server.players import identity
from server.rooms import RoomError
from server.services.connection import Connection
from server.store import Conflict, Unavailable
from server.store.base import fingerprint
from server.store.players import PlayerStore, allowance_window

PLAYERS_WINDOW = 3600
"""Seconds of the window in which an address makes at most CARDROOM_ADDRESS_PLAYERS."""


def signed_out() -> RoomError:
    return RoomError(
        "signed_out",
        "This device was signed out: the player's secret was changed. Sign in again with "
        "the new device link.",
    )


def mine(record: dict[str, Any]) -> dict[str, Any]:
    """What a player's own connections are told of their record."""
    return {**identity.public(record), "settings": record.get("settings", {})}


class Players:
    """Given the store, how many new players one address may make per hour, and ``key``:
    the deployment's secret (address tags are keyed hashes of it)."""

    def __init__(
        self, store: PlayerStore, address_players: int, key: Callable[[], Awaitable[bytes]]
    ) -> None:
        self.store = store
        self.address_players = address_players
        self.key = key
        self.sessions: dict[str, set[Connection]] = {}  # player id -> its signed-in sockets
        # told of each change of a player's sessions here (friends' presence: services.online)
        self.on_sessions: Callable[[str], None] = lambda player: None

    def forget_identity(self, conn: Connection) -> None:
        """``conn`` identifies nobody from now on (a new hello, before its secret is
        checked: a refused hello leaves no earlier identity behind)."""
        self.forget_session(conn)
        conn.player = conn.session = None
        conn.signed_out = False

    def _sign_in(self, conn: Connection, record: dict[str, Any], session: str) -> None:
        self.forget_session(conn)
        conn.player, conn.session, conn.signed_out = record, session, False
        self.sessions.setdefault(record["id"], set()).add(conn)
        self.on_sessions(record["id"])

    def forget_session(self, conn: Connection) -> None:
        if conn.player is None:
            return
        mates = self.sessions.get(conn.player["id"])
        if mates is not None:
            mates.discard(conn)
            if not mates:
                del self.sessions[conn.player["id"]]
            self.on_sessions(conn.player["id"])

    def _sign_out(self, conn: Connection) -> None:
        """End ``conn``'s session (its player's secret changed): told, and refused every
        player request until it says hello with the current secret."""
        if conn.player is None:
            return
        player = conn.player["id"]
        self.forget_session(conn)
        conn.player = conn.session = None
        conn.signed_out = True
        conn.send({"t": "signed_out", "player": player, "reason": "reset"})

    def end_sessions(self, player: str, keep: str) -> None:
        """Sign out every socket of ``player`` on this node but those on the secret whose
        fingerprint is ``keep`` (a ``signed_out`` event: its secret was reset)."""
        for conn in list(self.sessions.get(player, ())):
            if conn.session is None or fingerprint(conn.session) != keep:
                self._sign_out(conn)

    async def address_tag(self, conn: Connection) -> str:
        """The keyed hash of the socket's network: what the fair-play rules compare."""
        return identity.address_tag(await self.key(), conn.address)

    async def note_network(self, conn: Connection, player: str) -> str:
        """``player`` is used from ``conn``'s network now (a hello, a new identity, a seat
        held by its token): kept in their history, which the ratings compare. The tag."""
        tag = await self.address_tag(conn)
        await self.store.note_network(player, tag, time.time())
        return tag

    async def identify(self, conn: Connection, secret: Any) -> dict[str, Any]:
        """The player whose secret ``conn`` sent in its hello (refused: malformed, unknown)."""
        try:
            digest = identity.secret_hash(secret)
        except identity.BadSecret as bad:
            raise RoomError("bad_secret", str(bad)) from None
        record = await self.store.player_by_secret(digest)
        if record is not None:  # seen now (and from where): another PLAYER_TTL
            seen = {"seen": time.time(), "addr": await self.note_network(conn, record["id"])}
            record = await self.store.update_player(record["id"], seen, digest)
        if record is None:
            raise RoomError(
                "unknown_player",
                "No player has that secret (it was reset, or expired); start as a new player.",
            )
        self._sign_in(conn, record, digest)
        return mine(record)

    async def current(self, conn: Connection) -> str | None:
        """The id a seat taken by ``conn`` carries: its player's, if the session is still
        current in the store (a reset on another node ends it before its event arrives)."""
        if conn.player is None or conn.session is None:
            return None
        record = await self.store.player_by_secret(conn.session)
        if record is None or record["id"] != conn.player["id"]:
            self._sign_out(conn)
            return None
        return record["id"]

    async def new_player(self, conn: Connection, name: str) -> dict[str, Any]:
        """A new identity for ``conn``: the record, and the secret (shown to nobody else,
        stored only as its hash). Limited per client address across the deployment."""
        bucket = f"players:{identity.network(conn.address)}"
        allowed = await self.store.allow(bucket, self.address_players, PLAYERS_WINDOW)
        if not allowed:  # the address may make its next player when the window ends
            _, left = allowance_window(PLAYERS_WINDOW, time.time())
            raise RoomError(
                "too_many_players",
                f"Too many new players from your address; try again in about {-(-left // 60)} min.",
                retry_after=left,
            )
        secret = identity.new_secret()
        digest = identity.secret_hash(secret)
        address = await self.address_tag(conn)
        while True:
            record = identity.new_player(identity.new_player_id(), name)
            record["addr"] = address
            try:
                await self.store.create_player(record, digest)
                break
            except Conflict:
                continue
        await self.note_network(conn, record["id"])
        self._sign_in(conn, record, digest)
        log("player_created", player=record["id"])
        return {"player": mine(record), "secret": secret}

    def identified(self, conn: Connection) -> dict[str, Any]:
        if conn.player is None:
            if conn.signed_out:
                raise signed_out()
            raise RoomError("no_player", "Say hello with a player secret first.")
        return conn.player

    async def reset_player(self, conn: Connection) -> dict[str, Any]:
        """A new secret for the player; the old one stops working everywhere at once. Every
        other session of the player ends before the new secret is answered: the store
        refuses their player requests from the moment it holds the new secret (each is
        checked against the current one), this node's sockets are signed out now, and
        the other nodes' as the store's ``signed_out`` event reaches them."""
        record = self.identified(conn)
        current = conn.session
        assert current is not None
        secret = identity.new_secret()
        digest = identity.secret_hash(secret)
        # On the new secret already: the store's event may come back before its answer.
        conn.session = digest
        try:
            done = await self.store.reset_secret(record["id"], digest, current)
        except Unavailable:  # answered as unavailable by the transport
            conn.session = current
            raise
        if not done:  # reset meanwhile from another session: this one has ended
            self._sign_out(conn)
            raise signed_out()
        self.end_sessions(record["id"], fingerprint(digest))
        return {"player": mine(record), "secret": secret}

    async def update_player(
        self, conn: Connection, name: str | None, settings: Any
    ) -> dict[str, Any]:
        record = self.identified(conn)
        changes: dict[str, Any] = {}
        if name is not None:
            changes["name"] = name
        if settings is not None:
            try:
                changes["settings"] = identity.check_settings(settings)
            except ValueError as bad:
                raise RoomError("bad_settings", str(bad)) from None
        updated = await self.store.update_player(record["id"], changes, conn.session)
        if updated is None:  # its secret was reset: this session has ended
            self._sign_out(conn)
            raise signed_out()
        conn.player = updated
        self.on_sessions(updated["id"])  # a setting may hide their presence
        return {"player": mine(updated)}
