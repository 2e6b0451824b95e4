"""A player's identity: a random 128-bit secret the browser keeps, of which the server keeps
only the SHA-256 (a stolen store does not give anyone's secret). No password, no e-mail.

The secret travels as 22 characters of URL-safe base64 (16 bytes, no padding); anything else
is refused as malformed before the store is asked. A player is reached by a public id (the
profile page's address), never by the secret.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import ipaddress
import json
import math
import re
import secrets
import time
from typing import Any

SECRET_BYTES = 16
SECRET_CHARS = 22
_SECRET = re.compile(r"^[A-Za-z0-9_-]{22}$")
_PLAYER_ID = re.compile(r"^p[23456789abcdefghjkmnpqrstuvwxyz]{12}$")
MAX_SETTINGS_BYTES = 2048
"""A player's settings (what follows them between devices) fit in this much JSON."""
MAX_SETTINGS_KEYS = 32


class BadSecret(ValueError):
    """A secret that cannot be one the server issued; the message is the sentence."""


def new_secret() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(SECRET_BYTES)).decode().rstrip("=")


def secret_hash(secret: Any) -> str:
    """The stored form of a well-formed secret; :class:`BadSecret` for anything else."""
    if not isinstance(secret, str) or not _SECRET.match(secret):
        raise BadSecret("A player secret is 22 characters of URL-safe base64.")
    try:
        raw = base64.urlsafe_b64decode(secret + "==")
    except (binascii.Error, ValueError):
        raise BadSecret("A player secret is 22 characters of URL-safe base64.") from None
    if len(raw) != SECRET_BYTES or base64.urlsafe_b64encode(raw).decode()[:22] != secret:
        raise BadSecret("A player secret is 22 characters of URL-safe base64.")
    return hashlib.sha256(raw).hexdigest()


IPV6_NETWORK = 56
"""An IPv6 client is one network per /56: the prefix most providers delegate to one home (a
/64 to a phone, inside such a block), within which it may take a new address, or a new /64,
whenever it likes; one person with a /48 still has 256 of them, which the ratings' rules do
not rest on (a new identity's rating is provisional however many networks it has). An IPv4
address is one network by itself."""


def network(address: str) -> str:
    """The network of a client address, as the fair-play rules and the new-identity limit
    count them: an IPv4 address, or an IPv6 address's /56 (an IPv4-mapped IPv6 address is
    its IPv4 address). Anything else (a test client's name) is itself."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_NETWORK), strict=False))
    return str(ip)


def address_tag(key: bytes, address: str) -> str:
    """What the server keeps of the network a player connects from: a keyed hash (the
    deployment's secret) of :func:`network`, enough to tell that two identities used one
    network (they are then never rated against each other) without keeping the address."""
    tagged = f"cardroom-address:{network(address)}".encode()
    return hmac.new(key, tagged, hashlib.sha256).hexdigest()[:24]


def new_player_id() -> str:
    """``p`` and 12 letters of the room codes' alphabet (60 bits): public, not enumerable."""
    alphabet = "23456789abcdefghjkmnpqrstuvwxyz"
    return "p" + "".join(secrets.choice(alphabet) for _ in range(12))


def is_player_id(value: Any) -> bool:
    return isinstance(value, str) and bool(_PLAYER_ID.match(value))


def new_player(player_id: str, name: str, now: float | None = None) -> dict[str, Any]:
    """A new player record (what the store keeps besides the secret's hash)."""
    now = time.time() if now is None else now
    return {"id": player_id, "name": name, "created": now, "seen": now, "settings": {}}


def check_settings(settings: Any) -> dict[str, Any]:
    """Settings that follow a player: a flat map of short keys to booleans, numbers or short
    strings, at most :data:`MAX_SETTINGS_KEYS` of them and :data:`MAX_SETTINGS_BYTES` as
    JSON. Raises ValueError with the sentence."""
    if not isinstance(settings, dict) or len(settings) > MAX_SETTINGS_KEYS:
        raise ValueError(f"Settings are a map of at most {MAX_SETTINGS_KEYS} entries.")
    for key, value in settings.items():
        if not isinstance(key, str) or not 1 <= len(key) <= 32:
            raise ValueError("A setting's name is a string of 1 to 32 characters.")
        ok = isinstance(value, bool | int | float) or (isinstance(value, str) and len(value) <= 64)
        if isinstance(value, float) and not math.isfinite(value):
            ok = False
        if not ok or (isinstance(value, int) and not -(2**53) < value < 2**53):
            raise ValueError("A setting is a boolean, a number or a string of up to 64.")
    if len(json.dumps(settings)) > MAX_SETTINGS_BYTES:
        raise ValueError(f"Settings fit in {MAX_SETTINGS_BYTES} bytes.")
    return dict(settings)


def public(record: dict[str, Any]) -> dict[str, Any]:
    """What anyone may see of a player."""
    return {"id": record["id"], "name": record["name"], "created": record["created"]}
