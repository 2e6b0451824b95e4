"""Challenges in a real browser (issue 51): two friends; one challenges the other from the
Friends page with More options' settings; the friend, on another page (the lobby) and in a
second tab, sees the banner at once in both; accepts in one; both players are taken to the
table (the challenger at seat 0), and the other tab is told. At phone and laptop size, in
English and Korean or Polish."""

from __future__ import annotations

import pytest
from browser import LAPTOP, PHONE, SEEN, assert_in_view, audit, shot
from playwright.sync_api import expect
from test_browser_friends import first_visit
from waiting import until_sync

ROOM = "() => location.hash"


def befriend(ann_page, bob_page, web) -> tuple[str, str]:
    """Bob opens Ann's friend link; she accepts."""
    ann = first_visit(ann_page, web)
    bob = first_visit(bob_page, web)
    ann_page.click("#nav-friends")
    bob_page.goto(ann_page.input_value("#friend-link"))
    ann_page.locator(f"#friends-incoming [data-player='{bob}'] [data-do=accept]").click()
    expect(bob_page.locator(f"#friends-list [data-player='{ann}']")).to_be_visible()
    return ann, bob


@pytest.mark.parametrize(
    ("viewport", "language"),
    [(PHONE, "pl"), (LAPTOP, "en"), (PHONE, "ko")],
    ids=["phone-pl", "laptop-en", "phone-ko"],
)
def test_a_challenge_banner_is_seen_on_another_page_and_accepted(
    web, open_page, viewport, language
):
    ann_page, bob_page = open_page(language, viewport), open_page(language, viewport)
    _ann, bob = befriend(ann_page, bob_page, web)
    bob_page.goto(f"{web.http}/#/")  # Bob is in the lobby, not on the Friends page
    other = bob_page.context.new_page()  # and has a second tab open, on the learn pages
    other.goto(f"{web.http}/#/learn")
    row = ann_page.locator(f"#friends-list [data-player='{bob}']")
    row.locator("[data-do=challenge]").click()
    ann_page.select_option(f"#challenge-target-{bob}", "25")
    ann_page.select_option(f"#challenge-clock-{bob}", "60")
    ann_page.uncheck(f"#challenge-rated-{bob}")
    assert_in_view(ann_page, f"the challenge form ({language})", scroll=True)
    ann_page.click(f"#challenge-send-{bob}")
    waiting = ann_page.locator("#challenge-banner [data-state=offered]")
    expect(waiting).to_be_visible()
    expect(waiting.locator("[data-do=withdraw]")).to_be_visible()
    for page in (bob_page, other):
        banner = page.locator("#challenge-banner [data-state=offered]")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("25")
        assert page.evaluate(SEEN, "#challenge-banner [data-do=accept]")
    assert_in_view(bob_page, f"the challenge banner ({language})", scroll=True)
    shot(bob_page, f"challenge-{language}-{viewport['width']}")
    audit(bob_page, f"the challenge banner ({language})")  # axe: no violation
    bob_page.locator("#challenge-banner [data-do=accept]").click()
    # The other tab is told (the answer shows for six seconds: looked at first, not after
    # both pages have gone to the room), and stays.
    expect(other.locator("#challenge-banner [data-state=accepted]")).to_be_visible()
    for page, seat in ((bob_page, 1), (ann_page, 0)):
        until_sync(lambda page=page: page.evaluate(ROOM).startswith("#/room/"), what="the room")
        expect(page.locator(".table").first).to_be_visible()
        assert page.evaluate(
            f"() => [...window.cardroom.conn.rooms.values()].some(r => r.seat === {seat})"
        )
    assert ann_page.evaluate(ROOM) == bob_page.evaluate(ROOM)
    assert other.evaluate(ROOM) == "#/learn"
