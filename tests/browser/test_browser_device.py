"""The identity's controls in a real browser at phone and laptop size (issue 50): the device
link's QR code reads as the link (decoded from the screen by jsQR) and is the matrix the npm
package lean-qr computes for it; a reset is answered next to its button; a device link that
does not work (reset, expired, cut short) says so on the page it leads to, and leaves this
device's player as it was."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from browser import LAPTOP, PHONE, ROOT, SEEN, assert_in_view, read_qr
from playwright.sync_api import expect
from waiting import until_sync

# Each of these screens is also the walk's (test_browser_walk.py: in view at both sizes, in
# each language): here at one size in each of two languages.
TWO = pytest.mark.parametrize(
    "language,viewport", [("en", PHONE), ("pl", LAPTOP)], ids=["en-phone", "pl-laptop"]
)
SECRET = "() => localStorage.getItem('cardroom.player')"
PLAYER = "() => window.cardroom.conn.player && window.cardroom.conn.player.id"


def first_visit(page, web) -> str:
    """Open the lobby as a new person: the id of the player the page got."""
    page.goto(f"{web.http}/")
    until_sync(lambda: page.evaluate(PLAYER), what="a player made on the first visit")
    return page.evaluate(PLAYER)


def lean_qr(text: str) -> set[tuple[int, int]]:
    """The dark modules lean-qr (client_web's package, run in Node) puts in ``text``'s code
    at error correction M: (x, y) from the top left."""
    script = (
        "import { generate, correction } from 'lean-qr';"
        "const code = generate(process.argv[1], { minCorrectionLevel: correction.M });"
        "const dark = [];"
        "for (let y = 0; y < code.size; y++) for (let x = 0; x < code.size; x++)"
        " if (code.get(x, y)) dark.push([x, y]);"
        "console.log(JSON.stringify(dark));"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script, text],
        cwd=ROOT / "client_web",
        capture_output=True,
        text=True,
        check=True,
    )
    return {(x, y) for x, y in json.loads(out.stdout)}


def drawn(path: str) -> set[tuple[int, int]]:
    """The modules an SVG path of unit squares (``M{x} {y}h1v1h-1z``, a quiet zone of four)
    draws."""
    return {(int(x) - 4, int(y) - 4) for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", path)}


@TWO
def test_the_device_links_qr_code_reads_as_the_link(web, open_page, viewport, language):
    page = open_page(language, viewport)
    first_visit(page, web)
    page.goto(f"{web.http}/#/player/me")
    page.click("#device-show")
    link = page.locator("#device-link").input_value()
    image = page.locator("#device-qr svg")
    expect(image).to_have_attribute("role", "img")
    assert image.get_attribute("aria-label").strip()
    assert drawn(page.get_attribute("#device-qr svg path", "d")) == lean_qr(link)
    assert read_qr(page, "#device-qr svg") == link  # what the other device's camera reads
    assert page.evaluate(SEEN, "#device-qr svg") is True


@TWO
def test_a_reset_is_answered_next_to_its_button(web, open_page, viewport, language):
    page = open_page(language, viewport)
    first_visit(page, web)
    secret = page.evaluate(SECRET)
    page.goto(f"{web.http}/#/player/me")
    reset = page.locator("#reset-secret")
    reset.scroll_into_view_if_needed()
    # The button at the bottom edge of the screen, where a thumb finds it on a phone.
    page.evaluate(
        "() => scrollBy(0, document.querySelector('#reset-secret').getBoundingClientRect()"
        ".bottom - innerHeight + 2)"
    )
    reset.click()
    until_sync(lambda: page.evaluate(SECRET) != secret, what="a new secret")
    note = page.locator("#identity-note")
    expect(note).to_have_attribute("role", "status")
    expect(note).not_to_be_empty()
    assert "identity-note" in reset.get_attribute("aria-describedby").split()
    assert page.evaluate(SEEN, "#identity-note") is True
    assert page.evaluate(SEEN, "#reset-secret") is True
    expect(page.locator("#reset-secret-error")).to_be_hidden()
    assert_in_view(page, f"a reset ({language})", scroll=True)


@TWO
def test_a_device_link_that_does_not_work_says_so_and_keeps_the_player(
    web, open_page, viewport, language
):
    page = open_page(language, viewport)
    me = first_visit(page, web)
    secret = page.evaluate(SECRET)
    # Well formed, but no player's: reset since, or forgotten.
    page.goto(f"{web.http}/#/device/AAAAAAAAAAAAAAAAAAAAAA")
    refused = page.locator("#link-refused")
    expect(refused).to_be_visible()
    expect(refused).to_have_attribute("role", "alert")
    said = refused.inner_text().strip()
    assert said
    assert page.evaluate(SEEN, "#link-refused") is True
    assert "/device/" not in page.url  # the secret leaves the address bar all the same
    assert page.evaluate(PLAYER) == me and page.evaluate(SECRET) == secret
    expect(page.locator("#player-name")).to_be_visible()  # this device's player, as it was
    assert_in_view(page, f"a device link that does not work ({language})", scroll=True)
    # Said once: the next visit of the page is the plain profile.
    page.goto(f"{web.http}/#/")
    page.goto(f"{web.http}/#/player/me")
    expect(page.locator("#player-name")).to_be_visible()
    expect(refused).to_be_hidden()
    # Cut short on its way: the same answer, and nothing changes.
    page.goto(f"{web.http}/#/device/AAAAAAAAAA")
    expect(refused).to_have_text(said)
    assert page.evaluate(PLAYER) == me and page.evaluate(SECRET) == secret
