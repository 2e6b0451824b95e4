"""A walk through every screen with an action, at a phone's size (with touch) and a laptop's,
in English, Korean and Polish (issue 50): at each, every enabled button, link, field and
error message is in view (browser.assert_in_view), and no page is wider than the screen, so
a whole class of "a button or an error out of sight on a phone" fails here, whatever the
screen.

What "in view" means here: on a screen a player reads down (the lobby, More options, a form's
error, the profile, the friends page, a review, a solitaire) the page itself may scroll to a
control, never an inner box that scrolls or clips; at the table in play and at the ends of
hands and matches, every control is on the screen as it is, with no scrolling at all.

The player's own screens are Cat's: the lobby, More options, a mistyped deal code, an empty
room code, a refused name, a match against the easy bot that she starts and acts in (the
draw, the discard, a card selected; a knock ready when a card allows one) and that a
protocol client holding her seat plays to the end of that hand, both solitaires with their
new-game choices, a room not available (what a bad or broken link shows), the learn pages'
index, a game's rules and a game's examples, the profile, the friends page, Watch, the
boards, the settings, the profile's device link (its QR code), a device link that does not
work and a reset of the player's secret. The screens between two people are Ann's and
Bob's, in a match to 1 point made for them: the upcard offered, the end of the match, a
rematch offered (Withdraw) and answered (Accept, Decline), the review from the end panel, and
in the rematch, Bob gone, his grace counting down and the match won by forfeit; then the
first match's replay. The two pairs' waits overlap.

One walk a kind of device (touch and a phone's screen are the browser context's own): each
screen, once reached, is checked in each language, chosen in the page's settings as a player
would (the client draws the screen it is on again in it; its words must differ from one
language to the next), with what a new drawing forgets brought back first (a card selected,
More options opened, the review asked for). A rematch offer is not: it is kept with the
room, and shown again as it stands."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from browser import (
    ARTIFACTS,
    LAPTOP,
    OUT_OF_VIEW,
    PHONE,
    SEEN,
    Pages,
    hand_of,
    play_for,
    play_to_my,
    server_client,
    table_state,
    tap,
)
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from waiting import until_sync

# Bots answer at once; a player whose page is gone forfeits after 15 s: time enough to see
# him away in three languages on a machine as busy as a whole run keeps it (6 s left
# little room), and Cat's own walk runs meanwhile (the walk then waits out the rest).
SERVER_ENV = {"CARDROOM_BOT_DELAY": "0.02", "CARDROOM_GRACE_SECONDS": "15"}
ROOM = "() => location.hash.startsWith('#/room/') ? location.hash.slice(7) : null"


def go(page: Page, address: str) -> None:
    """Go to ``address`` (``#/...``) as a link in the page does: no page load."""
    page.evaluate("address => { location.hash = address; }", address)


LANGUAGES = ("en", "ko", "pl")


# Choose a language in the page's settings as a player does, in one step of the page: open
# them (unless open), pick the language, wait until the client has drawn the screen again in
# it (it names the page's language in that step), close them (unless they were open).
SPEAK = """async language => {
    const open = document.querySelector('#settings-dialog').open;
    if (!open) document.querySelector('#settings-button').click();
    const select = document.querySelector('#set-language');
    select.value = language;
    select.dispatchEvent(new Event('change', {bubbles: true}));
    for (let waited = 0; document.documentElement.lang !== language; waited += 5) {
        if (waited > 10000) throw new Error(`the page never took ${language}`);
        await new Promise(r => setTimeout(r, 5));
    }
    await new Promise(r => setTimeout(r));
    if (!open) document.querySelector('#settings-close').click();
}"""
# Whether the element a selector names is shown and no card is sliding (browser.settled).
READY = """sel => {
    const e = document.querySelector(sel);
    return !!e && e.checkVisibility({visibilityProperty: true}) && e.getClientRects().length > 0
        && document.getAnimations().every(a => a.playState !== 'running'
            || a.effect?.getTiming().iterations === Infinity);
}"""
# What a check reads of a page, in one step: its words, what of it is out of view
# (browser.OUT_OF_VIEW), and whether each of some selectors is on the screen (browser.SEEN).
LOOK = f"""([scroll, selectors]) => ({{
    text: document.body.innerText,
    wide: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    out: ({OUT_OF_VIEW})(scroll),
    seen: selectors.map({SEEN}),
}})"""


def speak(page: Page, language: str) -> None:
    """Choose ``language`` in the page's settings (SPEAK): the client draws the screen it is
    on again, in that language (no page load)."""
    page.evaluate(SPEAK, language)


class Walk:
    """What was out of view on each screen of one walk, in each language, said all at once at
    the end."""

    def __init__(self, screen: dict, languages: tuple[str, ...] = LANGUAGES) -> None:
        self.screen = screen
        self.languages = languages
        self.case = f"{screen['width']}x{screen['height']}"
        self.found: list[str] = []
        self.seen: list[str] = []

    def check(
        self,
        page: Page,
        where: str,
        shows: str,
        scroll: bool = False,
        on_screen: tuple[str, ...] = (),
        again: Callable[[], None] | None = None,
    ) -> None:
        """Check the screen ``where`` in each language, the page's own first: a language
        chosen in the settings draws the screen again (``again``: what brings back what a
        new drawing forgets, a card selected, a panel opened), and ``shows`` (a selector)
        must be visible each time, so that each language is checked on the same state.
        ``scroll``: the page may scroll to a control; ``on_screen``: selectors of what must
        be in the window as it is all the same (an error, next to the button just pressed)."""
        first = page.evaluate("() => document.documentElement.lang")
        texts = {}
        for language in sorted(self.languages, key=lambda lang: lang != first):
            here = f"{where} ({language})"
            if language != first:
                speak(page, language)
                if again is not None:
                    again()
            try:
                page.wait_for_function(READY, arg=shows, timeout=15_000)
            except PlaywrightTimeoutError:
                raise AssertionError(f"{here}: {shows} is not shown") from None
            look = page.evaluate(LOOK, [scroll, list(on_screen)])
            self.seen.append(here)
            texts[language] = look["text"]
            self.found += [f"{here}: {what}" for what in look["out"]]
            if look["wide"] > 0:
                self.found.append(f"{here}: the page is {look['wide']} px wider than the screen")
            for selector, where_it_is in zip(on_screen, look["seen"], strict=True):
                if where_it_is is not True:
                    self.found.append(f"{here}: {selector} is not on the screen: {where_it_is}")
        if len(set(texts.values())) < len(self.languages):
            self.found.append(f"{where}: the same words in two languages (not drawn again?)")

    def verdict(self) -> None:
        walked = f"{len(self.seen)} screens walked, {self.case}"
        assert not self.found, f"out of view ({walked}):\n" + "\n".join(self.found)


def lobby(walk: Walk, page: Page) -> None:
    """The lobby, More options open, a mistyped deal code and an empty room code refused
    next to their forms, and a name refused next to its field."""
    walk.check(page, "the lobby", "#play-easy", scroll=True)

    def more() -> None:
        if not page.locator("#more-options").evaluate("d => d.open"):
            page.click("#more-options summary")

    def mistyped() -> None:
        more()
        page.fill("#sol-code", "EH1-nonsense")
        page.click("#sol-new")

    more()
    walk.check(page, "More options", "#sol-code", scroll=True, again=more)
    mistyped()
    walk.check(
        page,
        "a mistyped deal code",
        "#sol-code-error",
        scroll=True,
        on_screen=("#sol-code-error", "#sol-new"),
        again=mistyped,
    )

    def empty_code() -> None:
        more()
        page.click("#open-code")

    empty_code()
    walk.check(
        page,
        "an empty room code",
        "#code-error",
        scroll=True,
        on_screen=("#code-error",),
        again=empty_code,
    )

    def refused_name() -> None:  # three accents on one letter: Names allow two
        page.fill("#name", "Cat\u0301\u0301\u0301")

    refused_name()
    walk.check(
        page,
        "a refused name",
        "#name-error",
        scroll=True,
        on_screen=("#name-error",),
        again=refused_name,
    )
    page.fill("#name", "Cat")
    expect(page.locator("#name-error")).to_be_hidden()


def bot_match(walk: Walk, page: Page, web) -> None:
    """A match against the easy bot: the draw, the discard, a card selected (Discard, and
    Knock when the card allows it), and the end of the hand."""
    go(page, "#/")
    page.click("#play-easy")
    page.wait_for_selector("#hand .slot")
    room = page.evaluate(ROOM)
    play_to_my(page, "draw")
    walk.check(page, "the table: a draw", "#table[data-phase=draw][data-mine='1']")
    ply = int(table_state(page)["ply"])
    page.click("#stock")
    page.wait_for_function(
        "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=ply
    )
    walk.check(page, "the table: a discard", "#table[data-phase=discard][data-mine='1']")

    def select(card: str) -> Callable[[], None]:
        def again() -> None:
            if not page.locator(f"#hand .slot.selected[data-card='{card}']").count():
                tap(page, card)

        return again

    last = page.locator("#hand .slot").last.get_attribute("data-card")
    select(last)()
    selected = f"#hand .slot.selected[data-card='{last}']"
    walk.check(page, "the table: a card selected", selected, again=select(last))
    if page.get_attribute("#knock", "title"):  # some card allows a knock: select it
        for card in hand_of(page):
            select(card)()
            if page.is_enabled("#knock"):
                walk.check(page, "the table: a knock ready", "#knock:enabled", again=select(card))
                break
    token = page.evaluate(f"() => window.cardroom.conn.rooms.get('{room}').token")
    # To the end of this hand (the bot may have ended the first before the page's draw).
    play_for(web, room, [token], hands=int(table_state(page)["hand"]))
    # A hand that scores 100 (a gin against 75 points of deadwood: seen once) ends the match.
    walk.check(page, "the end of a hand", "#next-hand, #rematch")


def solitaires(walk: Walk, page: Page) -> None:
    for tile, name in (("#eh-new", "Easy Harp"), ("#tf1-new", "Solitaire Réfléchi")):
        go(page, "#/")
        page.click(tile)
        page.wait_for_selector("#undo")
        walk.check(page, name, "#undo", scroll=True)

        def choices() -> None:
            page.wait_for_selector("#undo")
            page.click("#new")

        choices()
        walk.check(page, f"{name}: a new game's choices", "#new-game", scroll=True, again=choices)


def pages_of_the_player(walk: Walk, page: Page) -> None:
    """A room that is not available, the learn pages, the profile, the friends page, Watch,
    the boards and the settings."""
    go(page, "#/room/zzzz")
    walk.check(page, "a room not available", ".refusal")
    for route, shown, name in (
        ("#/learn", ".learn-index .learn-card", "the learn pages' index"),
        ("#/learn/gin-rummy/rules", ".learn-text h2", "Gin Rummy's rules"),
        ("#/learn/reflechi/examples", ".example-board .card", "Solitaire Réfléchi's examples"),
    ):
        go(page, route)
        walk.check(page, name, shown, scroll=True)
    for route, shown, name in (
        ("#/player/me", "#identity", "the profile"),
        ("#/friends", "#friend-link", "the friends page"),
        ("#/watch", "#watch-tv", "Watch"),
        ("#/leaderboard/gin_rummy", "#previous-day", "the boards"),
    ):
        go(page, route)
        walk.check(page, name, shown, scroll=True)

    page.click("#settings-button")
    walk.check(page, "the settings", "#settings-dialog", scroll=True)
    page.click("#settings-close")
    this_device(walk, page)


def this_device(walk: Walk, page: Page) -> None:
    """The profile's device link shown as a QR code, a device link that does not work, and
    a reset of the player's secret answered next to its button (last: it changes Cat's
    secret)."""
    go(page, "#/player/me")

    def show() -> None:  # and scrolled to, as a camera is held up to it: whole on the screen
        page.click("#device-show")
        page.locator("#device-qr svg").scroll_into_view_if_needed()

    show()
    walk.check(page, "a device link", "#device-qr svg", True, ("#device-qr svg",), again=show)

    def broken() -> None:  # well formed, but no player's
        go(page, "#/device/AAAAAAAAAAAAAAAAAAAAAA")

    broken()
    walk.check(
        page, "a device link that does not work", "#link-refused", True, ("#link-refused",), broken
    )

    def reset() -> None:  # the button at the bottom of the screen, where a thumb finds it
        page.locator("#reset-secret").scroll_into_view_if_needed()
        page.evaluate(
            "() => scrollBy(0, document.querySelector('#reset-secret')"
            ".getBoundingClientRect().bottom - innerHeight + 2)"
        )
        page.click("#reset-secret")

    reset()
    walk.check(
        page,
        "a reset answered",
        "#identity-note:not(:empty)",
        True,
        ("#identity-note", "#reset-secret"),
        again=reset,
    )


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
    walk.check(offered, "the table: the upcard offered", "#table[data-phase=offer] #take")
    return room, tokens


def two_ended(walk: Walk, ann: Page, bob: Page, room: str, web) -> None:
    """The end of the match, a rematch offered (Withdraw) and answered (Accept, Decline), the
    review from the end panel; then Bob, in the rematch, leaves for good.

    Ann offers once: the screens drawn again in each language show the offer as it stands
    (it is kept with the room, not with the screen that heard it). Then she withdraws it and
    offers again, and Bob accepts."""
    for page in (ann, bob):
        expect(page.locator("#result .winner")).to_be_visible()
        walk.check(page, "the end of a match", "#rematch")
    # Bob's review is made before the offer, which lapses in a minute: the first review is
    # made as it is asked for, and on a machine as busy as a whole run keeps it that can
    # take most of a minute (the end panel then shows the one kept with the replay).
    until_sync(lambda: web.get(f"/api/replays/{room}/review/1")[0] == 200, 120, what="Bob's review")
    ann.click("#rematch")
    for language in LANGUAGES:
        only = Walk(walk.screen, (language,))  # each language seen as it is drawn again
        for page in (ann, bob):
            if page.evaluate("() => document.documentElement.lang") != language:
                speak(page, language)
        expect(bob.locator("#rematch-accept")).to_be_visible()
        expect(ann.locator("#rematch-withdraw")).to_be_visible()
        only.check(ann, "a rematch offered: the offerer", "#rematch-withdraw")
        only.check(bob, "a rematch offered: the other player", "#rematch-accept")
        bob.click("#review-button")
        expect(bob.locator("#result .review, #result .refusal")).to_be_visible()
        only.check(
            bob,
            "the review from the end of a match",
            "#result .review, #result .refusal",
            scroll=True,
            on_screen=("#rematch-accept",),
        )
        walk.found += only.found
        walk.seen += only.seen
    ann.click("#rematch-withdraw")
    expect(bob.locator("#rematch-accept")).to_have_count(0)
    ann.click("#rematch")
    bob.click("#rematch-accept")
    for page in (ann, bob):  # both at the rematch's table
        until_sync(lambda p=page: (r := p.evaluate(ROOM)) != room and r, what="the rematch")
        expect(page.locator("#result")).to_have_count(0)
        expect(page.locator("#hand .slot")).to_have_count(10)
    bob.goto("about:blank")  # gone for good: his grace runs out
    walk.check(ann, "the opponent away", ".away[data-until]")


@pytest.fixture
def people(chromium, web, request):
    """Ann, Bob and Cat on pages of the test's screen (with touch on a phone's), in the
    lobby; no card slides on them (the walk is about where things lie, not how they move
    there)."""
    pages = Pages(chromium)
    three = [pages.open("en", request.param, reduced_motion="reduce") for _ in range(3)]
    for page in three:
        page.goto(f"{web.http}/", wait_until="commit")  # the loads run side by side
    for page in three:
        page.wait_for_selector("#net[data-state=online]")
    try:
        yield three
    finally:
        pages.dump(ARTIFACTS / f"{request.node.name}.txt")
        pages.close()


@pytest.mark.parametrize("people", [PHONE, LAPTOP], ids=["phone", "laptop"], indirect=True)
def test_every_button_and_error_of_every_screen_is_in_view(web, people, request):
    """Cat walks the screens of one player while Ann and Bob's match is played and while
    Bob's grace runs out, each waiting on the other's time; each screen is checked in each
    language."""
    ann, bob, cat = people
    walk = Walk(ann.viewport_size)
    room, tokens = two_seated(walk, ann, bob, web)
    with ThreadPoolExecutor(1) as thread:
        played = thread.submit(play_for, web, room, tokens)
        lobby(walk, cat)
        played.result()
    two_ended(walk, ann, bob, room, web)
    bot_match(walk, cat, web)
    solitaires(walk, cat)
    pages_of_the_player(walk, cat)
    expect(ann.locator("#forfeit")).to_be_visible(timeout=30_000)
    walk.check(ann, "a match won by a forfeit", "#forfeit")
    go(ann, f"#/replay/{room}")
    walk.check(ann, "the replay of a match", "#scrub", scroll=True)
    walk.verdict()
