"""A walk through every screen with an action, at a phone's size (with touch) and a laptop's,
in English, Korean and Polish (issue 50): at each, every enabled button, link, field and
error message is in view (browser.assert_in_view), so a whole class of "a button or an error
out of sight on a phone" fails here, whatever the screen.

What "in view" means here: on a screen a player reads down (the lobby, More options, a form's
error, the profile, the friends page, a review, a solitaire) the page itself may scroll to a
control, never an inner box that scrolls or clips; at the table in play and at the ends of
hands and matches, every control is on the screen as it is, with no scrolling at all.

The player's own screens are Cat's: the lobby, More options, a mistyped deal code, a match
against the easy bot that she starts and acts in (the draw, the discard, a card selected; a
knock ready when a card allows one) and that a protocol client holding her seat plays to the
end of that hand, both solitaires with their new-game choices, the profile, the friends
page, Watch, the boards and the settings. The screens between two people are Ann's and
Bob's, in a match to 1 point made for them: the upcard offered, the end of the match, a
rematch offered (Withdraw) and answered (Accept, Decline), the review from the end panel, and
in the rematch, Bob gone, his grace counting down and the match won by forfeit; then the
first match's replay. The two pairs' waits overlap."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from browser import (
    ARTIFACTS,
    LAPTOP,
    PHONE,
    SEEN,
    Pages,
    hand_of,
    out_of_view,
    play_for,
    play_to_my,
    server_client,
    settled,
    table_state,
    tap,
)
from playwright.sync_api import Page, expect
from waiting import until_sync

# Bots answer at once; a player whose page is gone forfeits after 3 s.
SERVER_ENV = {"CARDROOM_BOT_DELAY": "0.02", "CARDROOM_GRACE_SECONDS": "3"}
ROOM = "() => location.hash.startsWith('#/room/') ? location.hash.slice(7) : null"


def go(page: Page, address: str) -> None:
    """Go to ``address`` (``#/...``) as a link in the page does: no page load."""
    page.evaluate("address => { location.hash = address; }", address)


class Walk:
    """What was out of view on each screen of one walk, said all at once at the end."""

    def __init__(self, language: str, screen: dict) -> None:
        self.case = f"{language} {screen['width']}x{screen['height']}"
        self.found: list[str] = []
        self.seen: list[str] = []

    def check(self, page: Page, where: str, scroll: bool = False, *on_screen: str) -> None:
        """``where``: the screen's name; ``scroll``: the page may scroll to a control;
        ``on_screen``: selectors of what must be in the window as it is all the same (an
        error, next to the button just pressed)."""
        settled(page)
        self.seen.append(where)
        self.found += [f"{where}: {what}" for what in out_of_view(page, scroll)]
        for selector in on_screen:
            if (where_it_is := page.evaluate(SEEN, selector)) is not True:
                self.found.append(f"{where}: {selector} is not on the screen: {where_it_is}")

    def verdict(self) -> None:
        walked = f"{len(self.seen)} screens walked, {self.case}"
        assert not self.found, f"out of view ({walked}):\n" + "\n".join(self.found)


def lobby(walk: Walk, page: Page) -> None:
    """The lobby, More options open, and a mistyped deal code refused next to its form."""
    walk.check(page, "the lobby", scroll=True)
    page.click("#more-options summary")
    walk.check(page, "More options", scroll=True)
    page.fill("#sol-code", "EH1-nonsense")
    page.click("#sol-new")
    expect(page.locator("#sol-code-error")).to_be_visible()
    walk.check(page, "a mistyped deal code", True, "#sol-code-error", "#sol-new")


def bot_match(walk: Walk, page: Page, web) -> None:
    """A match against the easy bot: the draw, the discard, a card selected (Discard, and
    Knock when the card allows it), and the end of the hand."""
    go(page, "#/")
    page.click("#play-easy")
    page.wait_for_selector("#hand .slot")
    room = page.evaluate(ROOM)
    play_to_my(page, "draw")
    walk.check(page, "the table: a draw")
    ply = int(table_state(page)["ply"])
    page.click("#stock")
    page.wait_for_function(
        "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=ply
    )
    walk.check(page, "the table: a discard")
    tap(page, page.locator("#hand .slot").last.get_attribute("data-card"))
    walk.check(page, "the table: a card selected to discard or knock")
    if page.get_attribute("#knock", "title"):  # some card allows a knock: select it
        for card in hand_of(page):
            tap(page, card)
            if page.is_enabled("#knock"):
                walk.check(page, "the table: a knock ready")
                break
    token = page.evaluate(f"() => window.cardroom.conn.rooms.get('{room}').token")
    # To the end of this hand (the bot may have ended the first before the page's draw).
    play_for(web, room, [token], hands=int(table_state(page)["hand"]))
    expect(page.locator("#next-hand")).to_be_visible()
    walk.check(page, "the end of a hand")


def solitaires(walk: Walk, page: Page) -> None:
    for tile, name in (("#eh-new", "Easy Harp"), ("#tf1-new", "Solitaire Réfléchi")):
        go(page, "#/")
        page.click(tile)
        page.wait_for_selector("#undo")
        walk.check(page, name, scroll=True)
        page.click("#new")
        expect(page.locator("#new-game")).to_be_visible()
        walk.check(page, f"{name}: a new game's choices", scroll=True)


def pages_of_the_player(walk: Walk, page: Page) -> None:
    """The profile, the friends page, Watch, the boards and the settings."""
    for route, shown, name in (
        ("#/player/me", "#identity", "the profile"),
        ("#/friends", "#friend-link", "the friends page"),
        ("#/watch", "#watch-tv", "Watch"),
        ("#/leaderboard/gin_rummy", "#previous-day", "the boards"),
    ):
        go(page, route)
        page.wait_for_selector(shown)
        walk.check(page, name, scroll=True)
    page.click("#settings-button")
    expect(page.locator("#settings-dialog")).to_be_visible()
    walk.check(page, "the settings", scroll=True)
    page.click("#settings-close")


def two_seated(walk: Walk, ann: Page, bob: Page, web) -> tuple[str, list[str]]:
    """A match to 1 point between two pages: the upcard offered to one of them."""
    with server_client(web.ws) as client:
        room = client.request("create", seats=[{"kind": "human"}] * 2, target=1)["room"]
    tokens = []
    for seat, page in enumerate((ann, bob)):
        page.evaluate(
            "([room, seat]) => window.cardroom.conn.join(room, seat, `P${seat}`)", [room, seat]
        )
        go(page, f"#/room/{room}")
        tokens.append(page.evaluate("room => window.cardroom.conn.rooms.get(room).token", room))
    for page in (ann, bob):
        page.wait_for_selector("#hand .slot")
    offered = until_sync(
        lambda: next((p for p in (ann, bob) if table_state(p)["mine"] == "1"), None),
        what="the upcard offered",
    )
    assert table_state(offered)["phase"] == "offer"
    walk.check(offered, "the table: the upcard offered")
    return room, tokens


def two_ended(walk: Walk, ann: Page, bob: Page, room: str) -> None:
    """The end of the match, a rematch offered (Withdraw) and answered (Accept, Decline), the
    review from the end panel; then Bob, in the rematch, leaves for good."""
    for page in (ann, bob):
        expect(page.locator("#rematch")).to_be_visible()
        walk.check(page, "the end of a match")
    ann.click("#rematch")
    expect(bob.locator("#rematch-accept")).to_be_visible()
    expect(ann.locator("#rematch-withdraw")).to_be_visible()
    walk.check(ann, "a rematch offered: the offerer")
    walk.check(bob, "a rematch offered: the other player")
    bob.click("#review-button")
    expect(bob.locator("#result .review, #result .refusal")).to_be_visible(timeout=20_000)
    walk.check(bob, "the review from the end of a match", True, "#rematch-accept")
    bob.click("#rematch-accept")
    for page in (ann, bob):  # both at the rematch's table
        until_sync(lambda p=page: (r := p.evaluate(ROOM)) != room and r, what="the rematch")
        expect(page.locator("#result")).to_have_count(0)
        expect(page.locator("#hand .slot")).to_have_count(10)
    bob.goto("about:blank")  # gone for good: his grace runs out
    expect(ann.locator(".away[data-until]")).to_be_visible()
    walk.check(ann, "the opponent away")


@pytest.fixture(scope="module")
def people(chromium):
    """``people(screen)``: Ann, Bob and Cat on pages of ``screen``'s size (with touch on a
    phone's), kept loaded from one language's walk to the next; no card slides on them (the
    walk is about where things lie, not how they move there)."""
    made: dict[int, tuple[Pages, Page, Page, Page]] = {}

    def at(screen: dict) -> tuple[Pages, Page, Page, Page]:
        if screen["width"] not in made:
            pages = Pages(chromium)
            three = [pages.open("en", screen, reduced_motion="reduce") for _ in range(3)]
            made[screen["width"]] = (pages, *three)
        return made[screen["width"]]

    yield at
    for pages, *_ in made.values():
        pages.close()


def speak(web, language: str, *pages: Page) -> None:
    """Each page in the lobby in ``language``, chosen in its settings (no page load)."""
    for page in pages:
        if page.url.startswith("about:"):
            page.goto(f"{web.http}/", wait_until="commit")  # the loads run side by side
        else:
            go(page, "#/")
    for page in pages:
        page.wait_for_selector("#net[data-state=online]")
        page.click("#settings-button")
        page.select_option("#set-language", language)
        page.click("#settings-close")


@pytest.mark.parametrize(
    "language,screen",
    [(lang, size) for size in (PHONE, LAPTOP) for lang in ("en", "ko", "pl")],
    ids=[f"{lang}-{size}" for size in ("phone", "laptop") for lang in ("en", "ko", "pl")],
)
def test_every_button_and_error_of_every_screen_is_in_view(web, people, request, language, screen):
    """Cat walks the screens of one player while Ann and Bob's match is played and while
    Bob's grace runs out, each waiting on the other's time."""
    walk = Walk(language, screen)
    pages, ann, bob, cat = people(screen)
    try:
        speak(web, language, ann, bob, cat)
        room, tokens = two_seated(walk, ann, bob, web)
        with ThreadPoolExecutor(1) as thread:
            played = thread.submit(play_for, web, room, tokens)
            lobby(walk, cat)
            played.result()
        two_ended(walk, ann, bob, room)
        bot_match(walk, cat, web)
        solitaires(walk, cat)
        pages_of_the_player(walk, cat)
        expect(ann.locator("#forfeit")).to_be_visible(timeout=10_000)
        walk.check(ann, "a match won by a forfeit")
        go(ann, f"#/replay/{room}")
        ann.wait_for_selector("#scrub")
        walk.check(ann, "the replay of a match", scroll=True)
    finally:
        pages.dump(ARTIFACTS / f"{request.node.name}.txt")
    assert not pages.errors, f"errors in the pages: {pages.errors}"
    walk.verdict()
