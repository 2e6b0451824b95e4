"""The lobby's refusals where the player looks (issue 50), in a real browser at phone and
laptop size: a tile whose room the server refuses says why right after itself (the formError
pattern: role="alert", named by the tile's aria-describedby, brought into view), never at the
top of the lobby. This module's server holds no room at all (``CARDROOM_MAX_ROOMS`` 0): every
room a tile asks for is refused with ``server_full``."""

from __future__ import annotations

import pytest
from browser import LAPTOP, PHONE, SEEN, assert_in_view
from playwright.sync_api import expect

SERVER_ENV = {"CARDROOM_MAX_ROOMS": "0"}

SIZES = pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
LANGUAGES = pytest.mark.parametrize("language", ["en", "pl"])
# Each tile or button that asks for a room, the error line that answers it, and the element
# the line follows (the tile, or the solitaire's tile holding the button).
PRESSED = [
    ("#play-easy", "#gin-error", "#play-easy"),
    ("#play-friend", "#gin-error", "#play-friend"),
    ("#daily", "#gin-error", "#daily"),
    ("#eh-new", "#sol-error", ".sol-tile:has(#eh-new)"),
    ("#tf3-daily", "#sol-error", ".sol-tile:has(#tf3-daily)"),
]
# Where an error line is in the page: right after ``after``.
FOLLOWS = "([line, after]) => document.querySelector(after).nextElementSibling"
FOLLOWS += " === document.querySelector(line)"


@SIZES
@LANGUAGES
def test_a_refused_tile_says_why_right_after_itself(web, open_page, viewport, language):
    page = open_page(language, viewport)
    page.goto(f"{web.http}/")
    page.wait_for_selector("#net[data-state=online]")
    said = set()
    for button, line, after in PRESSED:
        page.click(button)
        error = page.locator(line)
        expect(error).to_be_visible()
        expect(error).to_have_attribute("role", "alert")
        said.add(error.inner_text().strip())
        assert page.evaluate(FOLLOWS, [line, after]), f"{line} is not next to {button}"
        assert line[1:] in page.get_attribute(button, "aria-describedby").split()
        assert page.evaluate(SEEN, line) is True, button
        assert page.evaluate(SEEN, button) is True, button
        # One line for each group: the other group's says nothing.
        expect(page.locator(".lobby [role=alert]:visible")).to_have_count(1)
        assert_in_view(page, f"{button} refused ({language})", scroll=True)
    assert "" not in said and len(said) == 1  # the server's sentence, in the page's language
    assert "#/room/" not in page.url
    expect(page.locator("#lobby-error")).to_have_count(0)  # no line at the top any more
