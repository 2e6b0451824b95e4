"""Screenshots of every page of the web client, in each language, at a phone's and a laptop's
width, for people to look at (nothing here asserts anything).

    .venv/bin/python bench/screens.py                      # everything, to tests/artifacts/screens/
    .venv/bin/python bench/screens.py --only gin-room --lang ko --size 390

It starts a real server (the embedded store, a free loopback port, a temporary directory),
drives Debian's chromium (/usr/bin/chromium, never a downloaded browser) with Playwright,
makes each state once (a Gin Rummy hand against a bot, a finished one-point match, two bots
to watch, two solitaires with moves made, ...), then shows it in each language (the
``language`` of the ``cardroom.settings`` entry in localStorage, then a reload) at each size,
waits for the page to settle (fonts loaded, no animation running) and writes a full-page
screenshot ``{page}-{lang}-{width}.png`` (the settings dialog: the viewport). For each one it
also says whether the page is wider than the viewport (``document.documentElement.scrollWidth
> innerWidth``) and which elements of ``#app`` (and of an open dialog) reach past the right
edge: how many overflow the page, how many a clipping box that fits cuts off, how many sit in a
box that fits and scrolls sideways, and the five widest of them all, by selector.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from contextlib import suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from browser import (  # noqa: E402  (tests/browser.py)
    CHROMIUM,
    CHROMIUM_ARGS,
    discard_or_knock,
    table_state,
    wait_for_move,
)
from playwright.sync_api import Page, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402
from servers import ServerProcess, env_for  # noqa: E402  (tests/servers.py)

from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, IllegalMove, Solitaire  # noqa: E402
from server.games.solitaire.deals import encode  # noqa: E402

LANGUAGES = ("en", "ko", "pl")
SIZES = {390: {"width": 390, "height": 844}, 1440: {"width": 1440, "height": 900}}
SETTINGS_KEY = "cardroom.settings"
SET_LANGUAGE = """lang => { const s = JSON.parse(localStorage.getItem('cardroom.settings') || '{}');
    s.language = lang; localStorage.setItem('cardroom.settings', JSON.stringify(s)); }"""
# Settled: fonts loaded, no ghost card, no finite animation or transition running.
SETTLED = """() => document.fonts.status === 'loaded' && !document.querySelector('.ghost')
    && document.getAnimations().every(a => a.playState !== 'running'
        || a.effect?.getComputedTiming().iterations === Infinity)"""
TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
OVERFLOW = """() => {
  const W = document.documentElement.clientWidth;
  const name = (el) => {
    if (el.id) return '#' + el.id;
    let s = el.tagName.toLowerCase();
    const classes = [...el.classList].slice(0, 2);
    if (classes.length) s += '.' + classes.join('.');
    return s;
  };
  const path = (el) => {
    const parts = [];
    for (let e = el; e && parts.length < 3; e = e.parentElement) {
      parts.unshift(name(e));
      if (e.id) break;
    }
    return parts.join(' > ');
  };
  // 'scrolls': inside a scrolling box that fits (seen by scrolling that box sideways);
  // 'cut': inside a hidden or clipping box that fits (cut off); '': past the edge itself.
  const within = (el) => {
    for (let e = el.parentElement; e && e !== document.documentElement; e = e.parentElement) {
      const x = getComputedStyle(e).overflowX;
      if (x === 'visible' || e.getBoundingClientRect().right > W + 1) continue;
      return x === 'auto' || x === 'scroll' ? 'scrolls' : 'cut';
    }
    return '';
  };
  const found = [];
  const past = new Set();
  for (const el of document.querySelectorAll('#app *, dialog[open] *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= W + 1) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'contents') continue;
    past.add(el);
    // Listed: the outermost ones (not those inside one already listed).
    let inner = false;
    for (let e = el.parentElement; e && !inner; e = e.parentElement) inner = past.has(e);
    found.push({sel: path(el), how: within(el), width: Math.round(r.width),
                right: Math.round(r.right), inner});
  }
  found.sort((a, b) => b.width - a.width);
  const count = (how) => found.filter((f) => f.how === how).length;
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth,
          past: count(''), cut: count('cut'), scrolls: count('scrolls'),
          widest: found.filter((f) => !f.inner).slice(0, 5)};
}"""


# ---- playing Gin Rummy through the page (as tests/browser/test_browser.py does) ---------


def play_turn(page: Page) -> None:
    state = table_state(page)
    if state["mine"] != "1":
        return
    if state["phase"] == "offer":
        page.click("#pass")
    elif state["phase"] == "draw":
        page.click("#stock")
    elif state["phase"] == "discard":
        discard_or_knock(page)
    wait_for_move(page, int(state["ply"]))


def next_hand_if_shown(page: Page) -> bool:
    if page.locator("#next-hand").is_visible():
        with suppress(PlaywrightTimeoutError):  # the table moved on: look again
            page.click("#next-hand", timeout=5000)
        return True
    return False


def play_until(page: Page, selector: str) -> None:
    """Play the page's moves (and wait out the bot's) until ``selector`` shows."""
    for _ in range(1000):
        if page.locator(selector).is_visible():
            return
        if next_hand_if_shown(page):  # a dead hand (nobody scored): the next one
            continue
        state = table_state(page)
        if state["mine"] == "1":
            play_turn(page)
        else:
            wait_for_move(page, int(state["ply"]))
    raise RuntimeError(f"{selector} never showed")


def play_to_my_discard(page: Page) -> None:
    """Pass the upcard and draw from the stock until the page holds eleven cards."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if next_hand_if_shown(page):
            continue
        state = table_state(page)
        if state.get("mine") != "1":
            page.wait_for_timeout(50)
            continue
        if state["phase"] == "discard":
            return
        page.click("#pass" if state["phase"] == "offer" else "#stock")
        wait_for_move(page, int(state["ply"]))
    raise RuntimeError("never the page's turn to discard")


# ---- solitaire moves ---------------------------------------------------------------------------


def some_moves(game: Solitaire, count: int) -> list[dict]:
    """Up to ``count`` legal actions, column-to-column moves first (they build the runs that
    cover face-up cards), never back to a position already seen."""

    def priority(action: dict) -> int:
        source, target = action.get("from", ""), action.get("to", "")
        if source.startswith("c") and target.startswith("c"):
            return 0
        if source == "waste" and target.startswith("c"):
            return 1
        return 2 if target == "f" else 3

    v = game.variant
    seen = {repr(game.view())}
    line: list[dict] = []
    while len(line) < count:
        tries = [
            {"type": "move", "from": s, "to": "f"}
            for s in ["waste"] + [f"c{i}" for i in range(v.columns)]
        ]
        for i, column in enumerate(game.columns):
            up = len(column) - game.hidden[i]
            for n in range(up, 0, -1):
                tries += [
                    {"type": "move", "from": f"c{i}", "to": f"c{j}", "count": n}
                    for j in range(v.columns)
                    if j != i
                ]
        tries += [{"type": "move", "from": "waste", "to": f"c{j}"} for j in range(v.columns)]
        tries.append({"type": "stock"})
        for action in sorted(tries, key=priority):
            try:
                after = game.apply(action)
            except IllegalMove:
                continue
            key = repr(after.view())
            if key in seen:
                continue
            seen.add(key)
            game = after
            line.append(action)
            break
        else:
            break
    return line


ACT_ALL = (
    """async ([room, line]) => { for (const a of line) await window.cardroom.conn.act(room, a); }"""
)


# ---- the pages ---------------------------------------------------------------------------------


class Shooter:
    def __init__(self, page: Page, http: str, out: Path, langs, sizes) -> None:
        self.page = page
        self.http = http
        self.out = out
        self.langs = langs
        self.sizes = sizes
        self.written = 0
        self.overflowing: list[str] = []
        self.lang = None
        self.rooms: dict[str, str] = {}
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def goto(self, hash_: str) -> None:
        self.page.goto(f"{self.http}/{hash_}")

    def set_language(self, lang: str) -> None:
        self.page.evaluate(SET_LANGUAGE, lang)
        self.lang = lang

    def settle(self) -> bool:
        try:
            self.page.wait_for_function(SETTLED, timeout=2000, polling=50)
        except PlaywrightTimeoutError:
            return False
        self.page.evaluate(TWO_FRAMES)
        return True

    def shoot(self, name: str, ready: str, arrive=None, full_page: bool = True) -> None:
        """``ready``: a selector (or a JS predicate, starting with "() =>") that says the page
        has drawn its state; ``arrive``: what to do after each load (a click, keys)."""
        page = self.page
        for lang in self.langs:
            self.set_language(lang)
            page.reload()
            self._ready(ready)
            if arrive:
                arrive(page)
            for width in self.sizes:
                page.set_viewport_size(SIZES[width])
                settled = self.settle()
                path = self.out / f"{name}-{lang}-{width}.png"
                page.screenshot(path=str(path), full_page=full_page, animations="disabled")
                self.written += 1
                self._report(path, settled)
        page.set_viewport_size(SIZES[1440])

    def _ready(self, ready: str) -> None:
        page = self.page
        if ready.startswith("() =>"):
            page.wait_for_function(ready)
        else:
            page.wait_for_selector(ready)

    def _report(self, path: Path, settled: bool) -> None:
        o = self.page.evaluate(OVERFLOW)
        rel = os.path.relpath(path) if path.resolve().is_relative_to(Path.cwd()) else str(path)
        line = f"{rel}"
        if not settled:
            line += "  (still moving after 2 s)"
        wider = o["scrollWidth"] > o["innerWidth"]
        if wider or o["widest"]:
            self.overflowing.append(rel)
            head = (
                f"scrollWidth {o['scrollWidth']} > innerWidth {o['innerWidth']}; " if wider else ""
            )
            line += (
                f"\n    OVERFLOW: {head}past the right edge: {o['past']} element(s),"
                f" cut off by a clipping box: {o['cut']}, inside a box that scrolls sideways:"
                f" {o['scrolls']}; the widest (outermost):"
            )
            for w in o["widest"]:
                tag = {"cut": " (cut off)", "scrolls": " (scrolls)"}.get(w["how"], "")
                line += f"\n      {w['sel']}{tag}  width {w['width']}  right {w['right']}"
        else:
            line += "  fits"
        print(line, flush=True)
        if self.errors:
            print(f"    page errors: {self.errors}", flush=True)
            self.errors.clear()


def in_lobby(page: Page, http: str) -> None:
    page.goto(f"{http}/")
    page.wait_for_selector("#net[data-state=online]")


def run(args) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing"
    assert (ROOT / "client_web" / "dist" / "index.html").exists(), "run `make client` first"
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="screens-") as tmp:
        # Bots wait 0.2 s: quick to play against, and two bots to watch stay mid-match.
        server = ServerProcess(env_for(Path(tmp), CARDROOM_BOT_DELAY="0.2")).start()
        try:
            with sync_playwright() as p:
                chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    context = chromium.new_context(viewport=SIZES[1440], locale="en-US")
                    page = context.new_page()
                    page.set_default_timeout(20_000)
                    shooter = Shooter(page, server.http, out, args.lang, args.size)
                    shoot_all(shooter, server.http, set(args.only or PAGES))
                    context.close()
                finally:
                    chromium.close()
        finally:
            server.stop()
    took = time.monotonic() - started
    print(
        f"{shooter.written} screenshots in {out} in {took:.0f} s"
        f" ({len(shooter.overflowing)} with something past the right edge);"
        f" load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    return 0


PAGES = [
    "learn",
    "learn-gin-rummy",
    "learn-easy-harp",
    "learn-reflechi",
    "gin-room",
    "gin-result",
    "replay",
    "spectator",
    "easy-harp",
    "reflechi",
    "profile",
    "leaderboard",
    "lobby",
    "settings",
]
NEEDS = {"replay": "gin-result", "profile": "gin-result"}


def shoot_all(s: Shooter, http: str, only: set[str]) -> None:
    page = s.page
    wanted = lambda name: name in only  # noqa: E731
    needed = only | {NEEDS[n] for n in only if n in NEEDS}
    in_lobby(page, http)
    s.set_language("en")
    page.reload()
    # The name is the player's once the server has made the player (a first visit's hello).
    page.wait_for_function("() => window.cardroom.conn.player")
    page.fill("#name", "Alice")
    page.wait_for_function("() => window.cardroom.conn.player.name === 'Alice'")  # sent at rest

    if wanted("learn"):
        s.goto("#/learn")
        s.shoot("learn", ".learn-index")
    for slug in ("gin-rummy", "easy-harp", "reflechi"):
        if wanted(f"learn-{slug}"):
            s.goto(f"#/learn/{slug}/rules")
            s.shoot(f"learn-{slug}", ".learn .learn-text")

    if wanted("gin-room"):
        # From the lobby's tile, then to the widest hand: eleven cards, the page to discard.
        s.set_language("en")
        in_lobby(page, http)
        page.click("#play-easy")
        page.wait_for_selector("#hand .slot")
        play_to_my_discard(page)
        s.shoot("gin-room", "#hand .slot")

    if "gin-result" in needed:
        # A one-point match (the lobby offers 10 at least: created through the connection).
        s.set_language("en")
        in_lobby(page, http)
        room = page.evaluate(
            """async () => { const c = window.cardroom.conn;
            const seats = [{kind: 'human'}, {kind: 'bot', level: 'easy'}];
            const room = await c.create(seats, {target: 1});
            await c.join(room, 0, 'Alice'); location.hash = '#/room/' + room; return room; }"""
        )
        page.wait_for_selector("#hand .slot")
        play_until(page, "#rematch")
        s.rooms["gin-result"] = room
        if wanted("gin-result"):
            s.shoot("gin-result", "#result")

    if wanted("replay"):
        room = s.rooms["gin-result"]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if page.request.get(f"{http}/api/replays/{room}").ok:
                break
            time.sleep(0.1)

        def a_few_moves(page: Page) -> None:
            for _ in range(8):
                page.keyboard.press("ArrowRight")

        s.goto(f"#/replay/{room}")
        s.shoot("replay", "#replay-position", a_few_moves)

    if wanted("spectator"):
        # Two bots to watch, from the lobby's More options, public (the lobby lists it).
        in_lobby(page, http)
        page.click("#more-options > summary")
        page.check("#public")
        page.click("#watch-bots")
        page.wait_for_selector("#spectating")
        s.shoot("spectator", "#spectating")

    for name, game, variant, number in (
        ("easy-harp", "easy_harp", EASY_HARP, 5),
        ("reflechi", "reflechi:1", REFLECHI_DRAW1, 1),
    ):
        if not wanted(name):
            continue
        code = encode(variant, number)
        in_lobby(page, http)
        page.click("#more-options > summary")  # a deal by its code is one of "More options"
        page.select_option("#sol-game", game)
        page.fill("#sol-code", code)
        page.click("#sol-new")
        page.wait_for_selector("#columns .column")
        room = page.url.rsplit("/", 1)[1]
        page.evaluate(ACT_ALL, [room, some_moves(Solitaire.new(variant, number), 14)])
        s.shoot(name, "#columns .column")

    if wanted("profile"):
        s.goto("#/player/me")
        s.shoot("profile", "#player-name")
    if wanted("leaderboard"):
        s.goto("#/leaderboard/gin_rummy")
        s.shoot("leaderboard", "#board-rules, #leaderboard .refusal")
    if wanted("lobby"):
        in_lobby(page, http)
        s.shoot(
            "lobby",
            "() => document.querySelector('#net[data-state=online]')"
            " && document.querySelector('#replays a, #replays li.muted:only-child')"
            " && document.querySelector('#rooms .room-row, #rooms li.muted')",
        )
    if wanted("settings"):
        in_lobby(page, http)
        # The viewport only: a modal's backdrop covers the viewport, not the whole page.
        s.shoot(
            "settings",
            "#settings-button",
            lambda page: (
                page.click("#settings-button") or page.wait_for_selector("#settings-dialog[open]")
            ),
            full_page=False,
        )


def main() -> int:
    def listed(kind, choices):
        def parse(text: str):
            items = [kind(x) for x in text.replace(",", " ").split()]
            for item in items:
                if item not in choices:
                    raise argparse.ArgumentTypeError(
                        f"{item!r}: one of {', '.join(map(str, choices))}"
                    )
            return items

        return parse

    def flat(lists, default):
        return [x for xs in lists for x in xs] if lists else list(default)

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "tests" / "artifacts" / "screens"))
    parser.add_argument(
        "--lang",
        action="append",
        type=listed(str, LANGUAGES),
        help="en, ko, pl (repeat or comma-separate)",
    )
    parser.add_argument(
        "--size", action="append", type=listed(int, tuple(SIZES)), help="390 or 1440"
    )
    parser.add_argument(
        "--only", action="append", type=listed(str, PAGES), metavar="PAGE", help=", ".join(PAGES)
    )
    args = parser.parse_args()
    args.lang = flat(args.lang, LANGUAGES)
    args.size = flat(args.size, SIZES)
    args.only = flat(args.only, PAGES)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
