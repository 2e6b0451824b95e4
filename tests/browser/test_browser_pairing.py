"""Quick pairing and rematch offers in a real browser (Debian's chromium under Playwright)
against a real server: two people who ask to play now meet in one room; one who stops
looking is not paired; a rematch offered and accepted seats both again, swapped.

Every page comes from 127.0.0.1, one address: a rated seek never pairs two identities from
one address (the fair-play rule), so these pages ask for casual matches."""

from __future__ import annotations

import pytest
from browser import audit, play_for, server_client
from playwright.sync_api import Page, expect
from waiting import until_sync

ROOM = "() => location.hash.startsWith('#/room/') ? location.hash.slice(7) : null"


def lobby(page: Page, web, target: str = "10") -> None:
    """The lobby, with a casual match to ``target`` chosen under More options."""
    page.goto(f"{web.http}/")
    page.wait_for_selector("#net[data-state=online]")
    until_sync(lambda: page.evaluate("() => !!window.cardroom.conn.player"), what="a player")
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
    room = until_sync(lambda: ann.evaluate(ROOM), what="ann in a room")
    assert until_sync(lambda: bob.evaluate(ROOM), what="bob in a room") == room
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
    until_sync(lambda: ann.evaluate("() => window.cardroom.conn.pending.size === 0"))
    bob.click("#play-now")
    expect(bob.locator("#seeking")).to_be_visible()
    # Ann looks again: now she meets Bob, who was waiting.
    ann.click("#play-now")
    room = until_sync(lambda: bob.evaluate(ROOM), what="bob in a room")
    assert until_sync(lambda: ann.evaluate(ROOM), what="ann in a room") == room
    assert bob.evaluate(f"() => window.cardroom.conn.rooms.get('{room}').seat") == 0


def finished_between(web, ann: Page, bob: Page) -> str:
    """A match to one point the two pages sat down at (seats 0 and 1, as P0 and P1), played
    to its end: its room."""
    lobby(ann, web)
    lobby(bob, web)
    with server_client(web.ws) as client:
        room = client.request("create", seats=[{"kind": "human"}] * 2, target=1)["room"]
    tokens = []
    for page, seat in ((ann, 0), (bob, 1)):
        page.evaluate(f"() => window.cardroom.conn.join('{room}', {seat}, 'P{seat}')")
        page.goto(f"{web.http}/#/room/{room}")
        tokens.append(page.evaluate(f"() => window.cardroom.conn.rooms.get('{room}').token"))
    play_for(web, room, tokens)
    return room


@pytest.mark.parametrize("language", ["en", "ko", "pl"])
def test_a_rematch_offered_and_accepted_seats_both_again_with_the_seats_swapped(
    web, open_page, language
):
    ann, bob = open_page(language), open_page(language)
    room = finished_between(web, ann, bob)
    ann.click("#rematch")
    expect(ann.locator("#rematch-withdraw")).to_be_visible()
    expect(bob.locator("#rematch-accept")).to_be_visible()
    expect(bob.locator("#rematch-status")).to_contain_text("P0")
    audit(bob, f"a rematch offered ({language})")
    bob.click("#rematch-accept")
    new = until_sync(lambda: (r := ann.evaluate(ROOM)) != room and r, what="ann in the new room")
    assert until_sync(lambda: (r := bob.evaluate(ROOM)) != room and r, what="bob moves") == new
    for page, seat in ((ann, 1), (bob, 0)):
        expect(page.locator("#hand .card")).to_have_count(10, timeout=20_000)
        assert page.evaluate(f"() => window.cardroom.conn.rooms.get('{new}').seat") == seat


def test_a_declined_rematch_says_so_to_the_one_who_offered(web, open_page):
    ann, bob = open_page(), open_page()
    finished_between(web, ann, bob)
    ann.click("#rematch")
    bob.click("#rematch-decline")
    expect(ann.locator("#rematch-status")).to_contain_text("declined")
    expect(ann.locator("#rematch")).to_be_visible()  # and may offer again


def test_one_whose_opponent_never_comes_goes_back_to_looking(web, open_page):
    """Ann looks for a match; Bob (a plain client) is paired with her and his socket closes
    before he joins. Within the period (5 s) the room ends ``no_show``: Ann's page goes back
    to the lobby, says why, and looks again with the same settings, for real (Cat meets her)."""
    ann = open_page()
    lobby(ann, web, "50")
    ann.click("#play-now")
    expect(ann.locator("#seeking")).to_be_visible()
    # Where her page goes, kept: she is in the paired room only until the no-show.
    ann.evaluate(
        "() => { window.went = [];"
        " addEventListener('hashchange', () => went.push(location.hash)); }"
    )
    with server_client(web.ws) as bob:
        bob.request("player_new", name="Bob")
        told = bob.request("seek", target=50, rated=False)
    assert told["seeking"] is False  # paired with Ann at once; his socket is gone now
    room = told["room"]
    until_sync(
        lambda: f"#/room/{room}" in ann.evaluate("() => window.went"), what="ann in the paired room"
    )
    expect(ann.locator("#seek-note")).to_contain_text("never arrived", timeout=15_000)
    assert ann.evaluate(ROOM) is None
    expect(ann.locator("#seeking")).to_be_visible()
    expect(ann.locator("#seeking-text")).to_contain_text("50")
    with server_client(web.ws) as cat:
        cat.request("player_new", name="Cat")
        cat.request("seek", target=50, rated=False)
        new = until_sync(lambda: (r := ann.evaluate(ROOM)) not in (None, room) and r, timeout=20)
        assert ann.evaluate(f"() => window.cardroom.conn.rooms.get('{new}').seat") in (0, 1)
