"""What every HTTP answer carries and how the browser client's files are served.

- :class:`SecurityHeaders`, the outermost layer: one place for the headers of every response
  (pages, assets, APIs, errors, 304s and 500s alike): a strict Content-Security-Policy, no
  sniffing, no referrer, no framing, the browser features the client never uses denied, and
  HSTS when the operator switches it on (``CARDROOM_HSTS_SECONDS``).
- :class:`Representations`: a GET answered by a route (JSON APIs, metrics) gets a weak ETag
  (a 304 when the browser already holds it) and, above :data:`MIN_COMPRESS` bytes, gzip when
  the client accepts it.
- :class:`Client`: the built client (``client_web/dist``): content-hashed files cached for a
  year (``immutable``), ``index.html`` revalidated every time (``no-cache``), each served
  precompressed (brotli or gzip files from the build; gzip made here when the build has
  none) with an ETag of its own.
- :func:`error`: the small JSON (or, for a browser, HTML) body of a 404 or 405.

Nothing here compresses a response that mixes a secret with what a visitor sent (the
BREACH attack): the APIs are public data, and no page carries a cookie or a token.
"""

from __future__ import annotations

import gzip
import hashlib
import html
import mimetypes
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",  # fetch() and the WebSocket, to this host only
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
# Every feature a page can be granted, denied, but the two the client uses: writing to the
# clipboard (copy the invite link, the deal code) and sound (Web Audio after a move).
PERMISSIONS = ", ".join(
    [
        "accelerometer=()",
        "autoplay=(self)",
        "camera=()",
        "clipboard-read=()",
        "clipboard-write=(self)",
        "display-capture=()",
        "encrypted-media=()",
        "fullscreen=()",
        "geolocation=()",
        "gyroscope=()",
        "hid=()",
        "magnetometer=()",
        "microphone=()",
        "midi=()",
        "payment=()",
        "picture-in-picture=()",
        "publickey-credentials-get=()",
        "screen-wake-lock=()",
        "serial=()",
        "usb=()",
        "xr-spatial-tracking=()",
    ]
)
SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "permissions-policy": PERMISSIONS,
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "x-frame-options": "DENY",  # frame-ancestors, for browsers that predate it
}

MIN_COMPRESS = 1024
"""Bytes under which a body is sent as it is (gzip saves little there, and costs a header)."""
THREAD_COMPRESS = 64 * 1024  # bodies from this size are compressed off the event loop
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
HASHED = re.compile(r"-[A-Z0-9]{8}\.[a-z0-9.]+$")
"""A file name with the bundler's content hash (``app-5QZ7XK2B.js``): what it holds never
changes under that name."""
COMPRESSIBLE = re.compile(r"^(text/|application/(json|javascript|manifest\+json)|image/svg)")


def _add_headers(message: Message, extra: list[tuple[bytes, bytes]]) -> Message:
    raw = list(message.get("headers", []))
    present = {name.lower() for name, _ in raw}
    raw += [(name, value) for name, value in extra if name not in present]
    return {**message, "headers": raw}


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` (and HSTS when ``hsts_seconds`` > 0) to every HTTP
    response, and ``Cache-Control: no-cache`` to those that do not say how to cache them.
    A response that sets one of these headers itself keeps its own."""

    def __init__(self, app: ASGIApp, hsts_seconds: int = 0) -> None:
        self.app = app
        headers = dict(SECURITY_HEADERS)
        if hsts_seconds > 0:
            headers["strict-transport-security"] = f"max-age={hsts_seconds}"
        headers["cache-control"] = REVALIDATE
        self.headers = [(k.encode(), v.encode()) for k, v in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = _add_headers(message, self.headers)
            await send(message)

        await self.app(scope, receive, send_with_headers)


def accepted_codings(accept_encoding: str) -> set[str]:
    """The content codings an Accept-Encoding header accepts (``q=0`` refuses one)."""
    codings = set()
    for part in accept_encoding.lower().split(","):
        name, *params = (p.strip() for p in part.split(";"))
        q = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    q = float(param[2:])
                except ValueError:
                    q = 0.0
        if name and q > 0:
            codings.add(name)
    return codings


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    """If-None-Match's weak comparison: any listed tag (or ``*``) that names ``etag``."""
    if not if_none_match:
        return False
    wanted = etag.removeprefix("W/")
    for tag in if_none_match.split(","):
        tag = tag.strip()
        if tag == "*" or tag.removeprefix("W/") == wanted:
            return True
    return False


def body_etag(body: bytes) -> str:
    """Weak: the same tag for every content coding of the same body (RFC 9110 8.8.1)."""
    return f'W/"{hashlib.blake2b(body, digest_size=12).hexdigest()}"'


def not_modified(etag: str, cache_control: str | None, vary: bool) -> list[Message]:
    headers = [(b"etag", etag.encode())]
    if cache_control:
        headers.append((b"cache-control", cache_control.encode()))
    if vary:
        headers.append((b"vary", b"Accept-Encoding"))
    return [
        {"type": "http.response.start", "status": 304, "headers": headers},
        {"type": "http.response.body", "body": b""},
    ]


class Representations:
    """ETags and gzip for what routes answer to GET (the JSON APIs, metrics). A response
    that has an ETag or a Content-Encoding of its own (the client's files) is left alone, as
    is anything streamed, and anything but a 200."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        asked = Headers(scope=scope)
        start: Message | None = None
        passing = False

        async def represent(message: Message) -> None:
            nonlocal start, passing
            if passing:
                await send(message)
                return
            if message["type"] == "http.response.start":
                headers = Headers(raw=message.get("headers", []))
                if message["status"] != 200 or "etag" in headers or "content-encoding" in headers:
                    passing = True
                    await send(message)
                else:
                    start = message
                return
            if message["type"] != "http.response.body" or start is None:
                await send(message)
                return
            if message.get("more_body", False):  # streamed: send it as it comes
                passing = True
                await send(start)
                await send(message)
                return
            for out in await self._whole(start, message.get("body", b""), asked):
                await send(out)

        await self.app(scope, receive, represent)

    async def _whole(self, start: Message, body: bytes, asked: Headers) -> list[Message]:
        headers = MutableHeaders(raw=list(start.get("headers", [])))
        etag = body_etag(body)
        compressible = bool(COMPRESSIBLE.match(headers.get("content-type", "")))
        if compressible:
            headers.add_vary_header("Accept-Encoding")
        if etag_matches(asked.get("if-none-match"), etag):
            return not_modified(etag, headers.get("cache-control"), compressible)
        headers["etag"] = etag
        codings = accepted_codings(asked.get("accept-encoding", ""))
        if compressible and len(body) >= MIN_COMPRESS and "gzip" in codings:
            if len(body) >= THREAD_COMPRESS:
                body = await run_in_threadpool(gzip.compress, body, 6, mtime=0)
            else:
                body = gzip.compress(body, 6, mtime=0)
            headers["content-encoding"] = "gzip"
            headers["content-length"] = str(len(body))
        return [
            {**start, "headers": headers.raw},
            {"type": "http.response.body", "body": body},
        ]


# ---- the client's files ------------------------------------------------------------------


@dataclass
class Asset:
    content_type: str
    cache_control: str
    etag: str
    bodies: dict[str, bytes] = field(default_factory=dict)  # content coding -> bytes

    def pick(self, codings: set[str]) -> str:
        for coding in ("br", "gzip"):
            if coding in self.bodies and coding in codings:
                return coding
        return "identity"


CODING_FILES = {".br": "br", ".gz": "gzip"}
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".map": "application/json"}


def _content_type(path: Path) -> str:
    kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0]
    kind = kind or "application/octet-stream"
    if kind.startswith("text/") or kind in ("application/json", "image/svg+xml"):
        kind += "; charset=utf-8"
    return kind


def load_assets(root: Path) -> dict[str, Asset]:
    """Every file of the built client by its URL path, with its compressed variants."""
    assets: dict[str, Asset] = {}
    if not root.is_dir():
        return assets
    for path in sorted(root.rglob("*")):
        if not path.is_file() or (path.suffix in CODING_FILES and path.with_suffix("").is_file()):
            continue
        identity = path.read_bytes()
        kind = _content_type(path)
        asset = Asset(
            content_type=kind,
            cache_control=IMMUTABLE if HASHED.search(path.name) else REVALIDATE,
            etag=body_etag(identity),
            bodies={"identity": identity},
        )
        if COMPRESSIBLE.match(kind) and len(identity) >= MIN_COMPRESS:
            for suffix, coding in CODING_FILES.items():
                variant = path.with_name(path.name + suffix)
                if variant.is_file():
                    asset.bodies[coding] = variant.read_bytes()
            if "gzip" not in asset.bodies:
                asset.bodies["gzip"] = gzip.compress(identity, 9, mtime=0)
            for coding in ("br", "gzip"):  # a variant no smaller than the file is no use
                if len(asset.bodies.get(coding, identity)) >= len(identity):
                    asset.bodies.pop(coding, None)
        assets["/" + path.relative_to(root).as_posix()] = asset
    if "/index.html" in assets:
        assets["/"] = assets["/index.html"]
    return assets


class Client:
    """The built browser client at ``/``: the router's answer to every path no route has.

    The files are read once into memory (a few hundred KB) and again whenever the build
    directory is made anew (``node build.mjs`` replaces it whole). A path that is not one
    of them, or any path while the client is not built, is a 404; another method than GET
    or HEAD on a file is a 405."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.stamp: tuple[int, int] | None = None
        self.assets: dict[str, Asset] = {}

    def _current(self) -> dict[str, Asset]:
        try:
            info = os.stat(self.root)
            stamp = (info.st_ino, info.st_mtime_ns)
        except OSError:
            stamp = None
        if stamp != self.stamp:
            self.assets, self.stamp = load_assets(self.root), stamp
        return self.assets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # a WebSocket through ASGI (server.transport.wire serves /ws)
            await send({"type": "websocket.close", "code": 1008})
            return
        assets = self._current()
        asset = assets.get(scope["path"])
        request = Request(scope)
        if asset is None:
            if not assets:
                response = error(request, 404, "no_client", "The browser client is not built.")
            else:
                response = error(request, 404, "not_found", "There is nothing at this address.")
            await response(scope, receive, send)
            return
        if scope["method"] not in ("GET", "HEAD"):
            response = error(request, 405, "method_not_allowed", "Only GET reads this file.")
            response.headers["allow"] = "GET, HEAD"
            await response(scope, receive, send)
            return
        vary = len(asset.bodies) > 1
        if etag_matches(request.headers.get("if-none-match"), asset.etag):
            for message in not_modified(asset.etag, asset.cache_control, vary):
                await send(message)
            return
        coding = asset.pick(accepted_codings(request.headers.get("accept-encoding", "")))
        headers = {"etag": asset.etag, "cache-control": asset.cache_control}
        if vary:
            headers["vary"] = "Accept-Encoding"
        if coding != "identity":
            headers["content-encoding"] = coding
        response = Response(asset.bodies[coding], headers=headers, media_type=None)
        response.headers["content-type"] = asset.content_type
        await response(scope, receive, send)


# ---- errors --------------------------------------------------------------------------------

ERROR_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{title} · Cardroom</title></head>
<body><main><h1>{title}</h1><p>{message}</p><p><a href="/">Go to the lobby</a></p></main></body>
</html>
"""
TITLES = {404: "Not found", 405: "Method not allowed"}


def error(request: Request, status: int, code: str, message: str) -> Response:
    """A small error body: HTML for a browser that asks for a page, JSON (a stable code and
    a sentence, as every refusal of this server) for everyone else."""
    if "text/html" in request.headers.get("accept", ""):
        title = TITLES.get(status, "Error")
        page = ERROR_PAGE.format(title=title, message=html.escape(message))
        return HTMLResponse(page, status_code=status)
    return JSONResponse({"code": code, "message": message}, status_code=status)


async def http_error(request: Request, exc: Exception) -> Response:
    """The handler of the router's own 404s and 405s (a known API path, another method)."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 405:
        response = error(
            request, 405, "method_not_allowed", "This address does not take that method."
        )
    elif exc.status_code == 404:
        response = error(request, 404, "not_found", "There is nothing at this address.")
    else:
        response = error(request, exc.status_code, "http_error", str(exc.detail))
    for name, value in (exc.headers or {}).items():
        response.headers[name] = value
    return response
