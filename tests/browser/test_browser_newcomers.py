"""Past the new-player limit of an address (issue 50), in a real browser at phone and laptop
size: a visitor the server made no player for is told why and when it will work, where they
look: on the player page next to "Start as a new player", and under the quick-pairing tile.

Every page comes from 127.0.0.1, one address, and the limit is one new player an hour: the
first page of each test's server takes it (a module's server is shared, so each test makes
sure it is spent before looking)."""

from __future__ import annotations

import re
import time

import pytest
from browser import LAPTOP, PHONE, SEEN, assert_in_view
from playwright.sync_api import expect
from waiting import until_sync

from server.services.players import PLAYERS_WINDOW
from server.store.players import allowance_window

SERVER_ENV = {"CARDROOM_ADDRESS_PLAYERS": "1"}

SIZES = pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
LANGUAGES = pytest.mark.parametrize("language", ["en", "pl"])


def nobody(web, open_page, language, viewport):
    """A page the server made no player for: pages are opened until one is refused (the
    address's one new player is spent by the first page of the module's first test). New
    players are counted per hour (allowance_window): if the hour turns between the page
    that spent it and the next, that one is given a player too, and one more page asks
    (seen once, at 02:00, on both workers)."""
    for _ in range(3):
        page = open_page(language, viewport)
        page.goto(f"{web.http}/")
        page.wait_for_selector("#net[data-state=online]")
        made = until_sync(
            lambda p=page: p.evaluate(
                "() => window.cardroom.conn.playerRefused ? 'refused'"
                " : window.cardroom.conn.player ? 'made' : null"
            ),
            what="a player or a refusal",
        )
        if made == "refused":
            assert page.evaluate("() => window.cardroom.conn.player") is None
            return page
    raise AssertionError("three pages in a row were each given a player")


def says_when(text: str) -> None:
    """``text`` says in how many minutes a new player may be made: those left of the window
    the server counts new players in (one minute either way: the page rounds up, and a
    minute may turn between its answer and this look)."""
    _, left = allowance_window(PLAYERS_WINDOW, time.time())
    said = [int(n) for n in re.findall(r"\d+", text)] or [1]  # "about a minute"
    assert len(said) == 1 and abs(said[0] - -(-left // 60)) <= 1, (text, left)


def same_but_a_minute(text: str) -> re.Pattern:
    """``text`` exactly (but for the space around it), but for its count of minutes, which
    may be one fewer."""
    text = text.strip()
    found = re.search(r"\d+", text)
    if found is None:  # "about a minute": no count to turn
        return re.compile(rf"^\s*{re.escape(text)}\s*$")
    k = int(found.group())
    head, tail = re.escape(text[: found.start()]), re.escape(text[found.end() :])
    return re.compile(rf"^\s*{head}({k}|{k - 1}){tail}\s*$")


@SIZES
@LANGUAGES
def test_start_as_a_new_player_says_why_not_and_when(web, open_page, viewport, language):
    page = nobody(web, open_page, language, viewport)
    page.goto(f"{web.http}/#/player/me")
    page.click("#new-player")
    page.wait_for_selector("#net[data-state=online]")
    error = page.locator("#new-player-error")
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    assert "new-player-error" in page.get_attribute("#new-player", "aria-describedby").split()
    assert page.evaluate(SEEN, "#new-player-error") is True
    says_when(error.inner_text())
    assert_in_view(page, f"no new player ({language})")


@SIZES
@LANGUAGES
def test_quick_pairing_without_a_player_says_why_and_when(web, open_page, viewport, language):
    page = nobody(web, open_page, language, viewport)
    page.click("#play-now")
    error = page.locator("#play-now-error")
    expect(error).to_be_visible()
    assert "play-now-error" in page.get_attribute("#play-now", "aria-describedby").split()
    assert page.evaluate(SEEN, "#play-now-error") is True
    says_when(error.inner_text())
    expect(page.locator("#seeking")).to_be_hidden()
    assert_in_view(page, f"quick pairing with no player ({language})", scroll=True)
    # The same sentence as the player page's: why, and when it will work (asked again: a
    # minute may have turned meanwhile, so one minute fewer is the same sentence too).
    said = error.inner_text()
    page.goto(f"{web.http}/#/player/me")
    expect(page.locator("#new-player-error")).to_have_text(same_but_a_minute(said))
