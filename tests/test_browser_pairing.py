"""Quick pairing in a real browser (Debian's chromium under Playwright) against a real server:
two people who ask to play now meet in one room; one who stops looking is not paired.

Every page comes from 127.0.0.1, one address: a rated seek never pairs two identities from
one address (the fair-play rule), so these pages ask for casual matches."""

from __future__ import annotations

import pytest
from browser import Pages, audit, wait_until
from conftest import ServerProcess, _env
from playwright.sync_api import Page, expect

LOCALES = {"en": "en-US", "ko": "ko-KR", "pl": "pl-PL"}
ROOM = "() => location.hash.startsWith('#/room/') ? location.hash.slice(7) : null"


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    proc = ServerProcess(_env(tmp_path_factory.mktemp("pairing"))).start()
    yield proc
    proc.stop()


@pytest.fixture
def open_page(chromium):
    pages = Pages(chromium)
    yield lambda language="en": pages.open(
        viewport={"width": 1280, "height": 900}, locale=LOCALES[language]
    )
    pages.close()


def lobby(page: Page, web, target: str = "10") -> None:
    """The lobby, with a casual match to ``target`` chosen under More options."""
    page.goto(f"{web.http}/")
    page.wait_for_selector("#net[data-state=online]")
    wait_until(lambda: page.evaluate("() => !!window.cardroom.conn.player"), what="a player")
    page.click("#more-options summary")
    page.select_option("#target", target)
    page.uncheck("#rated")


@pytest.mark.parametrize("language", ["en", "ko", "pl"])
def test_two_people_who_ask_to_play_now_meet_in_one_room(web, open_page, language):
    ann, bob = open_page(language), open_page(language)
    lobby(ann, web)
    lobby(bob, web)
    ann.click("#play-now")
    waiting = ann.locator("#seeking")
    expect(waiting).to_be_visible()
    expect(waiting.locator("#seeking-text")).to_contain_text("10")
    audit(ann, f"waiting for an opponent ({language})")
    bob.click("#play-now")
    room = wait_until(lambda: ann.evaluate(ROOM), what="ann in a room")
    assert wait_until(lambda: bob.evaluate(ROOM), what="bob in a room") == room
    # Both are seated: the one who waited at seat 0, each with the cards of a hand.
    for page, seat in ((ann, 0), (bob, 1)):
        expect(page.locator("#hand .card")).to_have_count(10, timeout=20_000)
        assert page.evaluate(f"() => window.cardroom.conn.rooms.get('{room}').seat") == seat
    audit(bob, f"paired and playing ({language})")


def test_one_who_stops_looking_is_not_paired(web, open_page):
    ann, bob = open_page(), open_page()
    lobby(ann, web, "25")
    lobby(bob, web, "25")
    ann.click("#play-now")
    expect(ann.locator("#seeking")).to_be_visible()
    ann.click("#cancel-seek")
    expect(ann.locator("#seeking")).to_be_hidden()
    # The server has taken her seek out once her unseek is answered.
    wait_until(lambda: ann.evaluate("() => window.cardroom.conn.pending.size === 0"))
    bob.click("#play-now")
    expect(bob.locator("#seeking")).to_be_visible()
    # Ann looks again: now she meets Bob, who was waiting.
    ann.click("#play-now")
    room = wait_until(lambda: bob.evaluate(ROOM), what="bob in a room")
    assert wait_until(lambda: ann.evaluate(ROOM), what="ann in a room") == room
    assert bob.evaluate(f"() => window.cardroom.conn.rooms.get('{room}').seat") == 0
