"""Errors where the player looks (issue 50), in a real browser at phone and laptop size: a
form's refusal is written next to the form, in sight of the button just pressed, and named
by the form's fields (aria-describedby); a broken link shows the "not available" page like
any other bad room code, with no error in the page."""

from __future__ import annotations

import pytest
from browser import LAPTOP, PHONE, SEEN, assert_in_view
from playwright.sync_api import expect
from waiting import until_sync

SIZES = pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
LANGUAGES = pytest.mark.parametrize("language", ["en", "pl"])
# A refusal the walk also shows (test_browser_walk.py: in view at both sizes, in each
# language): here at one size in each of two languages.
TWO = pytest.mark.parametrize(
    "language,viewport", [("en", PHONE), ("pl", LAPTOP)], ids=["en-phone", "pl-laptop"]
)


def lobby(web, page):
    page.goto(f"{web.http}/")
    page.wait_for_selector("#net[data-state=online]")
    page.click("#more-options summary")


@TWO
def test_a_mistyped_deal_code_is_refused_next_to_its_form(web, open_page, viewport, language):
    page = open_page(language, viewport)
    lobby(web, page)
    page.fill("#sol-code", "EH1-nonsense")
    page.click("#sol-new")
    error = page.locator("#sol-code-error")
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    assert error.inner_text().strip()
    assert "sol-code-error" in page.get_attribute("#sol-code", "aria-describedby").split()
    # Seen where the player pressed Play, and the top of the lobby says nothing.
    assert page.evaluate(SEEN, "#sol-code-error") is True
    assert page.evaluate(SEEN, "#sol-new") is True
    expect(page.locator(".lobby [role=alert]:visible")).to_have_count(1)
    assert_in_view(page, f"a mistyped deal code ({language})", scroll=True)
    assert page.url.endswith("/") or "#/room/" not in page.url


@TWO
def test_an_empty_room_code_is_refused_next_to_its_form(web, open_page, viewport, language):
    page = open_page(language, viewport)
    lobby(web, page)
    page.click("#open-code")
    error = page.locator("#code-error")
    expect(error).to_be_visible()
    assert error.inner_text().strip()
    assert "code-error" in page.get_attribute("#code", "aria-describedby").split()
    assert page.evaluate(SEEN, "#code-error") is True
    assert_in_view(page, f"an empty room code ({language})", scroll=True)


@TWO
def test_a_broken_link_says_the_room_is_not_available(web, open_page, viewport, language):
    page = open_page(language, viewport)
    # What a bad room code shows...
    page.goto(f"{web.http}/#/room/zzzz")
    heading = page.locator("h1")
    expect(page.locator(".refusal")).to_be_visible(timeout=10_000)
    unavailable = heading.inner_text()
    # ...a link with a broken escape shows too, with no error in the page (open_page fails
    # the test on one).
    page.goto(f"{web.http}/#/room/abc%ZZ")
    page.reload()
    expect(page.locator(".refusal")).to_be_visible(timeout=10_000)
    expect(heading).to_have_text(unavailable)
    expect(page.locator("a.button[href='#/']")).to_be_visible()
    assert_in_view(page, f"a broken link ({language})")


@SIZES
@LANGUAGES
def test_a_rated_seek_says_one_address_is_never_paired_and_offers_casual(
    web, open_page, viewport, language
):
    page = open_page(language, viewport)
    lobby(web, page)
    page.select_option("#target", "25")
    expect(page.locator("#rated")).to_be_checked()
    page.click("#play-now")
    panel = page.locator("#seeking")
    expect(panel).to_be_visible()
    rule = panel.locator("#seek-rule")
    expect(rule).to_be_visible()
    assert rule.inner_text().strip()
    casual = panel.locator("#seek-casual")
    expect(casual).to_be_visible()
    assert page.evaluate(SEEN, "#seek-casual") is True
    assert_in_view(page, f"a rated seek ({language})", scroll=True)
    rated_text = panel.locator("#seeking-text").inner_text()
    casual.click()
    # Looking again, casual: the rule is no longer shown, the search goes on.
    expect(rule).to_be_hidden()
    expect(panel).to_be_visible()
    expect(panel.locator("#seeking-text")).not_to_have_text(rated_text)
    expect(page.locator("#rated")).not_to_be_checked()
    until_sync(lambda: page.evaluate("() => window.cardroom.conn.pending.size === 0"))
    page.click("#cancel-seek")
    expect(panel).to_be_hidden()


@SIZES
@LANGUAGES
def test_a_search_ended_elsewhere_is_said_next_to_quick_pairing(web, open_page, viewport, language):
    """The same player looking for a match in a second tab ends the first tab's search
    (``seek_ended``: replaced): the first tab says so under its quick-pairing tile."""
    page = open_page(language, viewport)
    page.goto(f"{web.http}/")
    until_sync(lambda: page.evaluate("() => !!window.cardroom.conn.player"), what="a player")
    page.click("#play-now")
    expect(page.locator("#seeking")).to_be_visible()
    until_sync(lambda: page.evaluate("() => window.cardroom.conn.pending.size === 0"))
    other = page.context.new_page()  # the same browser: the same player
    other.set_default_timeout(20_000)
    other.goto(f"{web.http}/")
    until_sync(lambda: other.evaluate("() => !!window.cardroom.conn.player"), what="a player")
    other.click("#play-now")
    error = page.locator("#play-now-error")
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    assert error.inner_text().strip()
    expect(page.locator("#seeking")).to_be_hidden()
    assert "play-now-error" in page.get_attribute("#play-now", "aria-describedby").split()
    assert page.evaluate(SEEN, "#play-now-error") is True
    expect(page.locator(".lobby [role=alert]:visible")).to_have_count(1)
    assert_in_view(page, f"a search ended elsewhere ({language})", scroll=True)
    other.click("#cancel-seek")


@TWO
def test_a_refused_name_is_said_next_to_the_name_field(web, open_page, viewport, language):
    page = open_page(language, viewport)
    page.goto(f"{web.http}/")
    page.wait_for_selector("#net[data-state=online]")
    until_sync(lambda: page.evaluate("() => !!window.cardroom.conn.player"), what="a player")
    # Three accents on one letter: the rules of Names allow two (protocol/README.md).
    page.fill("#name", "Ann\u0301\u0301\u0301")
    error = page.locator("#name-error")
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    assert "name-error" in page.get_attribute("#name", "aria-describedby").split()
    assert page.evaluate(SEEN, "#name-error") is True
    assert_in_view(page, f"a refused name ({language})", scroll=True)
    # A good name takes the error away.
    page.fill("#name", "Ann")
    expect(error).to_be_hidden()
