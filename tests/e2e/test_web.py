"""The web side against a real server process: the security headers on every kind of
response, the client's files (content-hashed, cached for a year, precompressed, ETags and
304s), gzip on the JSON APIs, 404/405 bodies (with and without a built client), HSTS behind
its switch, and WebSocket upgrades from another site's page refused with 403 by a real
WebSocket client."""

from __future__ import annotations

import gzip
import http.client
import json
import re
from pathlib import Path

import msgpack
import pytest
from servers import ServerProcess
from waiting import until_sync
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from server.transport.web import CSP, IMMUTABLE, MIN_COMPRESS

DIST = Path(__file__).resolve().parents[2] / "client_web" / "dist"
SECURITY = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "x-frame-options": "DENY",
}


@pytest.fixture(scope="module")
def web(web_server):
    assert (DIST / "index.html").exists(), "the client is not built: `make client`"
    return web_server()


@pytest.fixture(scope="module")
def behind_tls(web_server, tmp_path_factory):
    """A node as an operator runs it behind a TLS proxy with its public name, HSTS on, and
    (to see the 404s without a client) no client built."""
    return web_server(
        CARDROOM_CLIENT_DIR=str(tmp_path_factory.mktemp("empty") / "dist"),
        CARDROOM_HSTS_SECONDS="63072000",
        CARDROOM_ALLOWED_ORIGINS="https://cards.example, https://www.cards.example:8443",
    )


def fetch(server: ServerProcess, path: str, method: str = "GET", **headers: str):
    """(status, headers with lower-case names, the body as sent: not decompressed)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.request(method, path, headers=headers)
        response = conn.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        conn.close()


def built(pattern: str) -> str:
    """The URL path of the one built file whose name matches ``pattern``."""
    found = [p for p in DIST.rglob("*") if re.fullmatch(pattern, p.name)]
    assert len(found) == 1, found
    return "/" + found[0].relative_to(DIST).as_posix()


def assert_secure(headers: dict[str, str]) -> None:
    for name, value in SECURITY.items():
        assert headers.get(name) == value, (name, headers)
    policy = headers["permissions-policy"]
    assert "camera=()" in policy and "microphone=()" in policy and "geolocation=()" in policy


def test_every_kind_of_response_carries_the_security_headers(web):
    app_js = built(r"app-[A-Z0-9]{8}\.js")
    examples = fetch(web, "/api/examples")
    cases = [
        fetch(web, "/"),  # the page
        fetch(web, app_js),  # an asset
        fetch(web, app_js, **{"If-None-Match": fetch(web, app_js)[1]["etag"]}),  # a 304
        examples,  # a JSON API
        fetch(web, "/api/examples", **{"If-None-Match": examples[1]["etag"]}),
        fetch(web, "/health"),
        fetch(web, "/metrics"),
        fetch(web, "/api/replays/nope"),  # an API's own 404
        fetch(web, "/no/such/page"),  # the router's 404
        fetch(web, "/api/lobby", "POST"),  # 405
        fetch(web, "/api/lobby?limit=0"),  # 400
    ]
    assert [status for status, _, _ in cases] == [
        200,
        200,
        304,
        200,
        304,
        200,
        200,
        404,
        404,
        405,
        400,
    ]
    for _, headers, _ in cases:
        assert_secure(headers)
        assert "strict-transport-security" not in headers  # off unless switched on
    csp = dict(d.strip().split(" ", 1) for d in CSP.split(";"))
    assert csp["default-src"] == csp["connect-src"] == csp["script-src"] == "'self'"
    assert csp["style-src"] == "'self'"  # no 'unsafe-inline' anywhere
    assert csp["frame-ancestors"] == csp["object-src"] == csp["base-uri"] == "'none'"


def test_hashed_files_are_cached_for_a_year_and_the_page_is_revalidated(web):
    status, headers, body = fetch(web, "/")
    assert status == 200 and headers["cache-control"] == "no-cache"
    assert headers["content-type"] == "text/html; charset=utf-8"
    page = body.decode()
    assert "<script>" not in page and "style=" not in page and "data:" not in page
    named = re.findall(r'(?:src|href)="([^"#]+)"', page)
    # The app's entry, the style sheet, the icon and the chunks the entry imports at once
    # (preloaded): all hashed.
    kinds = sorted({name.split("-")[0] for name in named})
    assert kinds == ["app", "chunks/chunk", "favicon", "style"], named
    assert sum(name.startswith("app-") for name in named) == 1, named
    for name in named:
        assert re.search(r"-[A-Z0-9]{8}\.(js|css|svg)$", name), name
        status, headers, _ = fetch(web, f"/{name}")
        assert status == 200 and headers["cache-control"] == IMMUTABLE, (name, headers)
    chunk = built(r"en-[A-Z0-9]{8}\.js")
    assert fetch(web, chunk)[1]["cache-control"] == IMMUTABLE
    assert fetch(web, chunk)[1]["content-type"] == "text/javascript; charset=utf-8"


def test_assets_are_sent_precompressed_as_the_browser_accepts_with_etags(web):
    app_js = built(r"app-[A-Z0-9]{8}\.js")
    original = (DIST / app_js[1:]).read_bytes()
    _, plain, body = fetch(web, app_js)
    assert body == original and "content-encoding" not in plain
    _, gz, body = fetch(web, app_js, **{"Accept-Encoding": "gzip"})
    assert gz["content-encoding"] == "gzip" and gzip.decompress(body) == original
    assert int(gz["content-length"]) == len(body) < len(original) / 2
    _, br, body = fetch(web, app_js, **{"Accept-Encoding": "gzip, deflate, br"})
    assert br["content-encoding"] == "br" and body == (DIST / f"{app_js[1:]}.br").read_bytes()
    assert len(body) < int(gz["content-length"])
    _, refused, _ = fetch(web, app_js, **{"Accept-Encoding": "br;q=0, gzip"})
    assert refused["content-encoding"] == "gzip"
    for headers in (plain, gz, br):
        assert headers["vary"] == "Accept-Encoding"
        assert headers["etag"] == plain["etag"]  # weak: one tag for every coding
    for tag in (plain["etag"], f'"x", {plain["etag"]}', plain["etag"].removeprefix("W/")):
        status, headers, body = fetch(web, app_js, **{"If-None-Match": tag})
        assert (status, body) == (304, b"")
        assert headers["etag"] == plain["etag"] and headers["cache-control"] == IMMUTABLE
    assert fetch(web, app_js, **{"If-None-Match": 'W/"other"'})[0] == 200
    status, headers, body = fetch(web, app_js, "HEAD", **{"Accept-Encoding": "gzip"})
    assert status == 200 and body == b"" and headers["content-encoding"] == "gzip"


def test_json_apis_are_gzipped_above_the_threshold_and_answer_304(web):
    _, plain, body = fetch(web, "/api/examples")
    assert len(body) >= MIN_COMPRESS and "content-encoding" not in plain
    status, gz, zipped = fetch(web, "/api/examples", **{"Accept-Encoding": "gzip"})
    assert status == 200 and gz["content-encoding"] == "gzip" and gz["vary"] == "Accept-Encoding"
    assert json.loads(gzip.decompress(zipped)) == json.loads(body)
    assert gz["etag"] == plain["etag"].strip() and plain["etag"].startswith('W/"')
    status, headers, body = fetch(web, "/api/examples", **{"If-None-Match": gz["etag"]})
    assert (status, body) == (304, b"") and headers["etag"] == gz["etag"]
    status, headers, body = fetch(web, "/api/examples", "HEAD", **{"Accept-Encoding": "gzip"})
    assert (status, body) == (200, b"") and headers["etag"] == gz["etag"]
    assert headers["content-length"] == gz["content-length"]
    # Under the threshold, nothing gained: sent as it is.
    _, small, body = fetch(web, "/health", **{"Accept-Encoding": "gzip"})
    assert len(body) < MIN_COMPRESS and "content-encoding" not in small
    assert json.loads(body)["status"] == "ok"


def test_unknown_paths_and_methods_answer_404_and_405_with_a_small_body(web):
    status, headers, body = fetch(web, "/no/such/page")
    assert status == 404 and json.loads(body) == {
        "code": "not_found",
        "message": "There is nothing at this address.",
    }
    status, headers, body = fetch(web, "/no/such/page", Accept="text/html,*/*")
    assert status == 404 and headers["content-type"].startswith("text/html")
    assert b"<h1>Not found</h1>" in body and b"<script" not in body and b"style" not in body
    status, headers, body = fetch(web, "/api/lobby", "DELETE")
    assert status == 405 and json.loads(body)["code"] == "method_not_allowed"
    assert "GET" in headers["allow"]
    status, headers, body = fetch(web, "/", "POST")
    assert status == 405 and headers["allow"] == "GET, HEAD"
    assert json.loads(body)["code"] == "method_not_allowed"
    for path in ("/../server/app.py", "/chunks", "/chunks/", "/%2e%2e/README.md", "/index.html/"):
        assert fetch(web, path)[0] == 404, path


def test_without_a_built_client_every_path_is_a_404_never_a_500(behind_tls):
    for path in ("/", "/index.html", "/app.js", "/anything"):
        status, headers, body = fetch(behind_tls, path)
        assert status == 404, path
        assert json.loads(body)["code"] == "no_client"
        assert_secure(headers)
    assert fetch(behind_tls, "/", "PUT")[0] == 404
    assert fetch(behind_tls, "/health")[0] == 200


def test_hsts_is_sent_when_switched_on(behind_tls):
    for path in ("/health", "/api/examples", "/nope"):
        _, headers, _ = fetch(behind_tls, path)
        assert headers["strict-transport-security"] == "max-age=63072000"


# ---- the WebSocket's Origin ---------------------------------------------------------------


def hello(ws) -> dict:
    ws.send(msgpack.packb({"t": "hello", "id": 1, "v": 1}))
    return msgpack.unpackb(ws.recv(timeout=5), raw=False)


def refused(url: str, **options) -> int:
    with pytest.raises(InvalidStatus) as caught, connect(url, **options):
        pass
    return caught.value.response.status_code


def test_a_page_of_another_site_may_not_open_a_socket(web):
    assert refused(web.ws, origin="http://evil.example") == 403
    assert refused(web.ws, origin=f"http://evil.example:{web.port}") == 403
    assert refused(web.ws, origin="null") == 403
    # The server's own pages, and clients that are no page at all (no Origin), are served.
    with connect(web.ws, origin=f"http://127.0.0.1:{web.port}") as ws:
        assert hello(ws)["t"] == "ok"
    with connect(web.ws) as ws:
        assert hello(ws)["t"] == "ok"
    # The same host by another name is another origin.
    assert refused(web.ws, origin=f"http://localhost:{web.port}") == 403
    _, _, text = fetch(web, "/metrics")
    assert re.search(rb'cardroom_refusals_total\{code="bad_origin"\} [1-9]', text)


def gc_pauses(server: ServerProcess) -> dict[str, float]:
    _, _, text = fetch(server, "/metrics")
    found = re.findall(rb'cardroom_gc_pause_seconds_count\{generation="(\d)"\} ([0-9.e+]+)', text)
    return {generation.decode(): float(count) for generation, count in found}


def test_the_server_collects_its_young_generations_on_its_own_clock(web):
    """server.host.collector runs in the real server: with nothing to do, its young and
    middle generations are still collected together, a step every 50 ms (counted in
    /metrics as collections of generation 1), and never by CPython's count alone."""
    before = gc_pauses(web)
    now = until_sync(
        lambda: gc_pauses(web),
        what="ten collections of generation 1",
        check=lambda now: now.get("1", 0) - before.get("1", 0) >= 10,
        step=0.2,
    )
    assert now.get("0", 0) == before.get("0", 0), (before, now)


def test_behind_a_proxy_the_allowed_origins_are_the_public_ones(behind_tls):
    with connect(behind_tls.ws, origin="https://cards.example") as ws:
        assert hello(ws)["t"] == "ok"
    with connect(behind_tls.ws, origin="https://www.cards.example:8443") as ws:
        assert hello(ws)["t"] == "ok"
    with connect(behind_tls.ws, origin="HTTPS://CARDS.example:443") as ws:  # the same origin
        assert hello(ws)["t"] == "ok"
    # The list replaces the default: even the node's own address is refused to pages.
    assert refused(behind_tls.ws, origin=f"http://127.0.0.1:{behind_tls.port}") == 403
    assert refused(behind_tls.ws, origin="http://cards.example") == 403  # not over TLS
    assert refused(behind_tls.ws, origin="https://cards.example.evil.example") == 403


def test_a_new_build_is_served_at_once_and_files_without_a_compressed_copy_get_one(tmp_path):
    """The client's files as server.transport.web.Client reads them, without a server: the directory
    made anew (as `node build.mjs` does) is read again at the next request."""
    from starlette.testclient import TestClient

    from server.transport.web import Client

    root = tmp_path / "dist"
    root.mkdir()
    (root / "index.html").write_text('<!doctype html><script src="app-AAAAAAAA.js"></script>')
    (root / "app-AAAAAAAA.js").write_text("console.log('one');\n" * 200)
    (root / "tiny-BBBBBBBB.css").write_text("p{}")
    client = TestClient(Client(root))
    response = client.get("/app-AAAAAAAA.js", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"  # made here: the build had none
    assert response.text == "console.log('one');\n" * 200
    tiny = client.get("/tiny-BBBBBBBB.css", headers={"Accept-Encoding": "gzip, br"})
    assert "content-encoding" not in tiny.headers and "vary" not in tiny.headers
    assert tiny.headers["cache-control"] == IMMUTABLE
    assert client.get("/").headers["cache-control"] == "no-cache"

    old = tmp_path / "old"
    root.rename(old)
    root.mkdir()
    (root / "index.html").write_text('<!doctype html><script src="app-CCCCCCCC.js"></script>')
    (root / "app-CCCCCCCC.js").write_text("console.log('two');")
    assert "app-CCCCCCCC.js" in client.get("/").text
    assert client.get("/app-CCCCCCCC.js").text == "console.log('two');"
    assert client.get("/app-AAAAAAAA.js").status_code == 404


def test_a_500_carries_the_security_headers_too():
    """Starlette's error middleware answers a crash: the headers are added outside it."""
    from starlette.routing import Route
    from starlette.testclient import TestClient

    from server.app import App

    async def boom(request):
        raise RuntimeError("broken on purpose")

    app = App(routes=[Route("/boom", boom)])
    app.hsts_seconds = 600
    response = TestClient(app, raise_server_exceptions=False).get("/boom")
    assert response.status_code == 500
    assert_secure({k.lower(): v for k, v in response.headers.items()})
    assert response.headers["strict-transport-security"] == "max-age=600"
