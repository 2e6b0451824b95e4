"""Helpers for the browser tests: Debian's chromium under Playwright, a blocking protocol
client to ask the server what is true, and readers of what a page shows."""

from __future__ import annotations

import asyncio
import base64
import json
import re
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import msgpack
from e2e_play import play
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from waiting import until_sync
from websockets.sync.client import connect

from protocol.client import Client, RoomState
from protocol.diff import apply
from server.games.gin_rummy.melds import VALUES

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
# This machine has no internet: keep chromium from trying to reach Google's services.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=MediaRouter,OptimizationHints,Translate",
]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
AXE = ROOT / "client_web" / "node_modules" / "axe-core" / "axe.min.js"
JSQR = ROOT / "client_web" / "node_modules" / "jsqr" / "dist" / "jsQR.js"
AUDIT_JS = Path(__file__).resolve().parent / "audit.js"
LAPTOP = {"width": 1440, "height": 900}
"""The screen of every browser test's laptop (a page opens at it unless told otherwise)."""
PHONE = {"width": 390, "height": 844}
"""The screen of every browser test's phone (a page opened at it also has touch, as a phone)."""
AUDIT_WIDTHS = (PHONE["width"], LAPTOP["width"])
# Every policy violation is also said in the console (the page hears of CSP's too).
REPORT_VIOLATIONS = """addEventListener('securitypolicyviolation', e => console.error(
    `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`));"""
POLICY_WORDS = (
    "Content Security Policy",
    "CSP violation",
    "Permissions-Policy",
    "Permissions policy",
)
# Is every card of the page seen whole: drawn (not see-through, not hidden), with its rank and
# suit (the corners' glyphs) on its face? The cards that are not.
UNSEEN_CARDS = """() => [...document.querySelectorAll('.card.face')].filter(card => {
    for (let e = card; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (Number(s.opacity) < 0.5 || s.visibility === 'hidden') return true;
        if (s.display === 'none') return true;
    }
    const glyphs = [...card.querySelectorAll('.corner [data-glyph]')].map(g => g.dataset.glyph);
    return glyphs.length < 4 || glyphs.some(g => !g);
}).map(card => card.dataset.card || card.outerHTML.slice(0, 80))"""
# Whether the element a selector names is on the screen, whole (true), or where it is (JSON).
SEEN = """sel => {
    const r = document.querySelector(sel).getBoundingClientRect();
    const [w, h] = [innerWidth, innerHeight];
    const inside = r.top >= -1 && r.bottom <= h + 1 && r.left >= 0 && r.right <= w;
    return r.height > 0 && inside ? true : JSON.stringify([r, innerWidth, innerHeight]);
}"""
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_NAMES = dict(
    zip(
        "A23456789TJQK",
        [
            "Ace",
            "Two",
            "Three",
            "Four",
            "Five",
            "Six",
            "Seven",
            "Eight",
            "Nine",
            "Ten",
            "Jack",
            "Queen",
            "King",
        ],
        strict=True,
    )
)


def settled(page) -> None:
    """Wait until no card is sliding: a card in flight is drawn on its way, not where it now
    is, so a drag by coordinates must wait for it (a click on a locator waits by itself)."""
    # A spinner turns for ever (iterations: Infinity): it is not a card on its way.
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect?.getTiming().iterations === Infinity)"
    )


class Server:
    """A blocking protocol client: what the server says, to check the page against."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.n = 0
        self.views: dict[str, Any] = {}
        self.at: dict[tuple[str, int], Any] = {}  # (room, seq) -> the view at that seq
        self.request("hello", v=1)

    def _read(self, timeout: float) -> dict[str, Any]:
        message = msgpack.unpackb(self.ws.recv(timeout=timeout), raw=False)
        if message["t"] == "snapshot":
            self.views[message["room"]] = message["view"]
        elif message["t"] == "patch" and message["room"] in self.views:
            self.views[message["room"]] = apply(self.views[message["room"]], message["ops"])
        else:
            return message
        self.at[message["room"], message["seq"]] = self.views[message["room"]]
        return message

    def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        self.n += 1
        self.ws.send(msgpack.packb({"t": kind, "id": self.n, **fields}))
        while True:
            message = self._read(10)
            if message.get("id") == self.n:
                assert message["t"] == "ok", message
                return message

    def watch(self, room: str) -> dict[str, Any]:
        self.request("watch", room=room)
        return self.views[room]

    def view_at(self, room: str, seq: int) -> dict[str, Any]:
        """The spectator view of ``room`` at sequence number ``seq`` (read up to it)."""

        def seen() -> bool:
            if (room, seq) not in self.at:
                self._read(10)
            return (room, seq) in self.at

        until_sync(seen, 10, f"the view of {room} at {seq}", step=0)
        return self.at[room, seq]

    def view(self, room: str) -> dict[str, Any]:
        """The spectator view of ``room`` after every message already sent is read."""
        try:
            while True:
                self._read(0.2)
        except TimeoutError:
            pass
        return self.views[room]


def play_for(web, room: str, tokens: list[str], hands: int | None = None) -> None:
    """Play ``room`` from both seats (the tokens the pages hold) as bots, to its end or to
    the end of ``hands`` hands."""

    async def both() -> None:
        clients = []
        for seat, token in enumerate(tokens):
            client = await Client(web.ws).connect()
            client.rooms[room] = RoomState(seat=seat, token=token)
            await client.resume(room)
            clients.append(client)
        await asyncio.gather(
            *(play(c, room, "easy", hands=hands, seed=s) for s, c in enumerate(clients))
        )
        for client in clients:
            await client.close()

    # Playwright's sync API runs a loop on this thread: the clients get one of their own.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, both()).result()


def seated(web, ann, bob, target: int = 1) -> tuple[str, list[str]]:
    """A match between two people to ``target`` that the two pages sat down at (seats 0 and
    1, as P0 and P1): its room and the pages' seat tokens."""
    for page in (ann, bob):
        page.goto(f"{web.http}/")
        page.wait_for_selector("#net[data-state=online]")
    with server_client(web.ws) as client:
        room = client.request("create", seats=[{"kind": "human"}] * 2, target=target)["room"]
    tokens = []
    for page, seat in ((ann, 0), (bob, 1)):
        page.evaluate(f"() => window.cardroom.conn.join('{room}', {seat}, 'P{seat}')")
        page.goto(f"{web.http}/#/room/{room}")
        page.wait_for_selector("#table")
        tokens.append(page.evaluate(f"() => window.cardroom.conn.rooms.get('{room}').token"))
    return room, tokens


@contextmanager
def server_client(ws_url: str):
    with connect(ws_url, max_size=2**22) as ws:
        yield Server(ws)


def hand_of(page) -> list[str]:
    """The player's cards in the order the page shows them."""
    return page.locator("#hand .slot").evaluate_all("els => els.map(e => e.dataset.card)")


def table_state(page) -> dict[str, str]:
    return page.locator("#table").evaluate("e => ({...e.dataset})")


def wait_for_move(page, ply: int, timeout: float = 20) -> None:
    """Wait until the page shows a move after ``ply`` (or the end of the hand)."""
    page.wait_for_function(
        "ply => { const t = document.querySelector('#table');"
        " return t && (Number(t.dataset.ply) > ply || document.querySelector('#result')); }",
        arg=ply,
        timeout=timeout * 1000,
    )


def tap(page, card: str) -> None:
    """Tap a card of the hand where a person would: on its visible part. In the fan each card
    covers the right of the one before it, and a selected card, raised, covers the left of the
    next; the bottom middle of a card is always its own."""
    button = card_button(page, card)
    box = button.bounding_box()
    button.click(position={"x": box["width"] / 2, "y": box["height"] - 6})


def card_button(page, card: str):
    return page.locator(f"#hand .slot[data-card='{card}'] button")


def discard_or_knock(page) -> None:
    """Knock when the page allows it, else discard the highest deadwood card."""
    slots = page.locator("#hand .slot").evaluate_all(
        "els => els.map(e => ({card: e.dataset.card, dead: e.dataset.deadwood === '1',"
        " drawn: e.classList.contains('drawn')}))"
    )
    dead = [s for s in slots if s["dead"]] or slots
    dead.sort(key=lambda s: card_value(s["card"]), reverse=True)
    # The knock button has a title (why it is off) when some discard would allow a knock
    # (its label then asks for a card): the same in every language.
    if page.get_attribute("#knock", "title"):
        for s in dead:
            tap(page, s["card"])
            if page.is_enabled("#knock"):
                page.click("#knock")
                return
    choice = next((s for s in dead if not s["drawn"]), dead[0])
    tap(page, choice["card"])
    page.click("#discard")


def card_value(card: str) -> int:
    return VALUES[card]


def card_words(card: str) -> list[str]:
    """Every way the page could write a card: its code, its name, its short name."""
    rank = "10" if card[0] == "T" else card[0]
    return [card, f"{RANK_NAMES[card[0]]} of {SUITS[card[1]]}", f"{rank}{SYMBOLS[card[1]]}"]


def cards_shown(page) -> str:
    """Everything on the page a card could hide in: text, card codes, labels, titles."""
    return page.evaluate(
        """() => [document.body.innerText,
            ...[...document.querySelectorAll('*')].flatMap(e =>
                [e.dataset.card, e.getAttribute('aria-label'), e.getAttribute('title')])
        ].filter(Boolean).join('\\n')"""
    )


def leaked(text: str, hidden: set[str]) -> set[str]:
    found = set()
    for card in hidden:
        for word in card_words(card):
            if re.search(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])", text):
                found.add(card)
    return found


def wait_for_my_move(page, timeout: float = 20) -> None:
    """Wait until the page may act in a hand in play. A bot can end a hand before the page's
    second or fourth move (the easy bot knocks as soon as its deadwood is 5 or less: 103 of
    20 000 simulated hands ended within the player's first four actions): then the page deals
    the next one."""

    def mine() -> bool:
        if page.locator("#next-hand").is_visible():
            with suppress(PlaywrightTimeoutError):  # the table moved on: look again
                page.click("#next-hand", timeout=5000)
            return False
        return table_state(page)["mine"] == "1"

    until_sync(mine, timeout, what="my move")


def play_to_my(page, phase: str) -> None:
    """Pass the upcard and draw from the stock until it is the page's move in ``phase``
    (``draw`` or ``discard``)."""
    while True:
        wait_for_my_move(page)
        state = table_state(page)
        if state["phase"] == phase:
            return
        page.click("#pass" if state["phase"] == "offer" else "#stock")
        page.wait_for_function(
            "ply => Number(document.querySelector('#table').dataset.ply) > ply",
            arg=int(state["ply"]),
        )


LOCALES = {"en": "en-US", "ko": "ko-KR", "pl": "pl-PL"}
"""The browser locale each of the client's languages is tested under."""


def watch_policies(page, errors: list[str]) -> None:
    """Count any Content-Security-Policy or Permissions-Policy violation the page reports (in
    its console, or as a ``securitypolicyviolation`` event) as an error of the page."""
    page.add_init_script(REPORT_VIOLATIONS)

    def heard(message) -> None:
        if any(word in message.text for word in POLICY_WORDS):
            errors.append(f"policy: {message.text}")

    page.on("console", heard)


AUDITS: list[dict[str, Any]] = []
"""Every axe-core finding of this run (the minor and moderate ones are listed, not failed)."""
AUDITED: list[str] = []
"""Every state audited in this run, in order."""


# What a page's connection holds, for the file written after each test (see Pages.dump).
DUMP_CONNECTION = """() => { const c = window.cardroom && window.cardroom.conn;
    if (!c) return 'no connection';
    return JSON.stringify({state: c.state, rooms: [...c.rooms].map(([id, r]) =>
        ({id, seq: r.seq, seat: r.seat, status: r.view?.room.status}))}); }"""


class Pages:
    """A test's browser pages, each in a context of its own (its own storage: another
    person), watched for page errors and policy violations; :meth:`close` fails the test on
    any. A confirm() is answered yes (reset, sign out)."""

    def __init__(self, chromium) -> None:
        self.chromium = chromium
        self.contexts: list = []
        self.pages: list = []
        self.errors: list[str] = []

    def open(
        self, language: str = "en", viewport: dict = LAPTOP, reduced_motion: str = "no-preference"
    ):
        """A new page: a person whose browser speaks ``language`` (one of LOCALES), on a
        screen of ``viewport`` (LAPTOP or PHONE), who may prefer reduced motion."""
        phone = viewport["width"] <= PHONE["width"]  # a phone's screen: touch, as on a phone
        context = self.chromium.new_context(
            viewport=viewport,
            locale=LOCALES[language],
            reduced_motion=reduced_motion,
            has_touch=phone,
            is_mobile=phone,
        )
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("dialog", lambda d: d.accept())
        watch_policies(page, self.errors)
        page.set_default_timeout(20_000)
        self.pages.append(page)
        return page

    def dump(self, path: Path) -> None:
        """Write what each page shows and its connection's rooms to ``path`` (what to read
        when a browser test fails)."""
        path.parent.mkdir(exist_ok=True)
        with open(path, "w") as out:
            for n, page in enumerate(self.pages):
                try:
                    shown = f"{page.inner_text('body')}\n{page.evaluate(DUMP_CONNECTION)}"
                except PlaywrightError as error:  # closed, or gone to another document
                    shown = f"(not read: {error})"
                out.write(f"--- page {n}: {page.url}\n{shown}\n")

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        assert not self.errors, f"errors in the page: {self.errors}"


def shot(page, name: str, full: bool = False) -> None:
    """A screenshot in tests/artifacts/ for people to look at, once no card is in the air;
    ``full``: the whole page, not only the screen."""
    ARTIFACTS.mkdir(exist_ok=True)
    settled(page)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


# A PNG (base64) -> the text of the QR code in it (jsQR, once the page has it), or null.
READ_QR = """async png => {
    const bytes = Uint8Array.from(atob(png), c => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height);
    return jsQR(pixels.data, image.width, image.height)?.data ?? null;
}"""


def read_qr(page, selector: str) -> str | None:
    """What a camera reads from the QR code that ``selector`` shows: the picture as the
    screen draws it, decoded by jsQR (an npm devDependency, loaded into the page only by
    this, as axe is). None when no QR code can be read from it."""
    assert JSQR.exists(), "jsQR is missing: `make client` installs client_web's packages"
    png = page.locator(selector).screenshot()
    if not page.evaluate("() => !!window.jsQR"):
        page.evaluate(JSQR.read_text())
    return page.evaluate(READ_QR, base64.b64encode(png).decode())


def audit(page, state: str) -> list[dict[str, Any]]:
    """Run axe-core (from npm, injected here) on what the page shows, at a phone's width and a
    laptop's, with the contrast axe leaves undecided measured by tests/audit.js: fails on any
    serious or critical finding, and writes every finding to tests/artifacts/axe.json. The
    page's own viewport is put back after."""
    assert AXE.exists(), "axe-core is missing: `make client` installs client_web's packages"
    # A value the page forgot to leave out shows as a word (replaceChildren writes null so).
    shown = page.locator("body").inner_text()
    assert not re.search(r"\b(null|undefined|NaN)\b", shown), f"{state} shows: {shown[:400]}"
    size = page.viewport_size
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(AXE.read_text())
    found = []
    try:
        for width in AUDIT_WIDTHS:
            page.set_viewport_size({"width": width, "height": size["height"]})
            settled(page)  # no card in the air: each is where it lies
            result = page.evaluate(AUDIT_JS.read_text())
            for violation in result:
                found.append({"state": state, "width": width, **violation})
    finally:
        page.set_viewport_size(size)
    AUDITS.extend(found)
    AUDITED.append(state)
    ARTIFACTS.mkdir(exist_ok=True)
    report = {"widths": AUDIT_WIDTHS, "states": AUDITED, "findings": AUDITS}
    (ARTIFACTS / "axe.json").write_text(json.dumps(report, indent=1))
    serious = [f for f in found if f["impact"] in ("serious", "critical")]
    assert not serious, f"accessibility violations in {state}: {json.dumps(serious, indent=1)}"
    return found


# Every visible enabled control (button, link) and every error message shown, with where it
# is not seen whole: out of the window, or cut by an ancestor that clips or scrolls its
# content (overflow other than visible: the part outside that box is hidden or must be
# scrolled to within it). ``scroll``: the document may be scrolled to reach it (below the fold
# is not "out"), only across is.
OUT_OF_VIEW = """scroll => {
    const classes = e => typeof e.className === 'string' && e.className.trim()
        ? '.' + e.className.trim().split(/\\s+/).join('.') : '';
    const name = e => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${classes(e)}`;
    const out = [];
    const W = document.documentElement.clientWidth, H = innerHeight;
    const shown = [...document.querySelectorAll('button, a[href], [role=button],'
        + ' input:not([type=hidden]), select, .refusal, .error, [role=alert]')];
    for (const e of shown) {
        if (e.disabled || e.closest('[inert]')) continue;
        if (!e.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
        const message = e.matches('.refusal, .error, [role=alert]') && !e.matches('button, a');
        if (message && !e.textContent.trim()) continue;
        const r = e.getBoundingClientRect();
        if (r.width < 1 || r.height < 1) continue;
        const label = (e.innerText || e.getAttribute('aria-label') || '').trim();
        const what = `${name(e)} "${label.slice(0, 40)}"`;
        const top = scroll ? -scrollY : 0;
        const bottom = scroll ? document.documentElement.scrollHeight - scrollY : H;
        if (r.left < -0.5 || r.right > W + 0.5 || r.top < top - 0.5 || r.bottom > bottom + 0.5) {
            out.push(`${what} is out of the window (${Math.round(r.left)},${Math.round(r.top)}`
                + `..${Math.round(r.right)},${Math.round(r.bottom)} of ${W}x${H})`);
            continue;
        }
        if (getComputedStyle(e).position === 'fixed') continue;
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            const s = getComputedStyle(a);
            if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
            const b = a.getBoundingClientRect();
            const left = b.left + a.clientLeft, up = b.top + a.clientTop;
            if (r.left < left - 0.5 || r.right > left + a.clientWidth + 0.5
                || r.top < up - 0.5 || r.bottom > up + a.clientHeight + 0.5) {
                out.push(`${what} is cut by ${name(a)} (overflow ${s.overflowX} ${s.overflowY})`);
                break;
            }
            if (s.position === 'fixed') break;
        }
    }
    return out;
}"""


def out_of_view(page, scroll: bool = False) -> list[str]:
    """What of the page's controls and error messages is not seen whole (see OUT_OF_VIEW)."""
    return page.evaluate(OUT_OF_VIEW, scroll)


def assert_in_view(page, state: str = "", scroll: bool = False) -> None:
    """Fail if any visible enabled button, link, field or error message of the page lies
    outside the window or is cut by an ancestor that clips or scrolls (overflow hidden, auto,
    scroll, clip): a person would not see it, or would have to find a box that scrolls. With
    ``scroll``, below the fold is allowed (the page itself scrolls down to it); across never
    is. For a walk of every screen at each size and language."""
    found = out_of_view(page, scroll)
    size = page.viewport_size
    assert not found, f"{state} at {size['width']}x{size['height']}: " + "; ".join(found)
