"""Friends in a real browser (issue 51): a friend link opened in another browser sends the
request, the request shows on the Friends page of the one who shared it, who accepts it, and
each then sees the other online; once one closes their page, the other sees them offline.
At phone and laptop size, in the three languages."""

from __future__ import annotations

import pytest
from browser import LAPTOP, PHONE, SEEN, assert_in_view, audit, play_for, seated, shot
from playwright.sync_api import expect
from waiting import until_sync

PLAYER = "() => window.cardroom.conn.player && window.cardroom.conn.player.id"


def first_visit(page, web) -> str:
    page.goto(f"{web.http}/")
    return until_sync(lambda: page.evaluate(PLAYER), what="a player made on the first visit")


@pytest.mark.parametrize(
    ("viewport", "language"),
    [(PHONE, "ko"), (LAPTOP, "en"), (PHONE, "pl")],
    ids=["phone-ko", "laptop-en", "phone-pl"],
)
def test_a_friend_added_by_link_is_accepted_and_seen_online_then_offline(
    web, open_page, viewport, language
):
    ann_page, bob_page = open_page(language, viewport), open_page(language, viewport)
    ann = first_visit(ann_page, web)
    ann_page.click("#nav-friends")
    link = ann_page.input_value("#friend-link")
    assert link.endswith(f"#/friends/add/{ann}")
    bob = first_visit(bob_page, web)
    bob_page.goto(link)
    waiting = bob_page.locator(f"#friends-outgoing [data-player='{ann}']")
    expect(waiting).to_be_visible()
    assert bob_page.url.endswith("#/friends")  # a reload does not ask again
    asking = ann_page.locator(f"#friends-incoming [data-player='{bob}']")
    expect(asking).to_be_visible()  # pushed to her open page
    assert ann_page.evaluate(SEEN, f"#friends-incoming [data-player='{bob}'] [data-do=accept]")
    asking.locator("[data-do=accept]").click()
    mine = ann_page.locator(f"#friends-list [data-player='{bob}']")
    expect(mine).to_have_attribute("data-status", "online")
    theirs = bob_page.locator(f"#friends-list [data-player='{ann}']")
    expect(theirs).to_have_attribute("data-status", "online")
    expect(bob_page.locator("#friends-outgoing .friend")).to_have_count(0)
    assert_in_view(ann_page, f"the friends page ({language})", scroll=True)
    shot(ann_page, f"friends-{language}-{viewport['width']}", full=True)
    audit(ann_page, f"the friends page ({language})")  # axe: no violation
    bob_page.close()
    expect(mine).to_have_attribute("data-status", "offline", timeout=10_000)


@pytest.mark.parametrize(
    ("viewport", "language"),
    [(PHONE, "pl"), (LAPTOP, "ko"), (PHONE, "en")],
    ids=["phone-pl", "laptop-ko", "phone-en"],
)
def test_a_friend_added_from_a_finished_match_and_from_a_profile(
    web, open_page, viewport, language
):
    """Bob asks Ann from the end of their match, and she accepts there; Cat asks Ann from
    Ann's profile, and the request waits on Ann's Friends page."""
    ann, bob = open_page(language, viewport), open_page(language, viewport)
    room, tokens = seated(web, ann, bob)
    ann_id = until_sync(lambda: ann.evaluate(PLAYER), what="Ann's player")
    play_for(web, room, tokens)
    add = bob.locator("#add-friend")
    expect(add).to_be_visible()
    assert bob.evaluate(SEEN, "#add-friend")
    assert_in_view(bob, f"the end of a match, with a friend to add ({language})")
    add.click()
    expect(bob.locator("#friend-standing")).to_be_visible()  # the request sent
    accept = ann.locator("#accept-friend")
    expect(accept).to_be_visible()  # pushed to her end screen
    assert ann.evaluate(SEEN, "#accept-friend")
    accept.click()
    for page in (ann, bob):
        expect(page.locator("#friend-standing")).to_be_visible()
        expect(page.locator("#add-friend, #accept-friend, #friend-refusal")).to_have_count(0)
    shot(bob, f"friends-end-{language}-{viewport['width']}")
    cat = open_page(language, viewport)
    first_visit(cat, web)
    cat.goto(f"{web.http}/#/player/{ann_id}")
    expect(cat.locator("#player-name")).to_be_visible()
    cat.click("#add-friend")
    expect(cat.locator("#friend-standing")).to_be_visible()
    assert_in_view(cat, f"a profile, a friend request sent ({language})", scroll=True)
    audit(cat, f"a profile, a friend request sent ({language})")
    shot(cat, f"friends-profile-{language}-{viewport['width']}")
    ann.click("#nav-friends")
    expect(ann.locator("#friends-incoming .friend")).to_have_count(1)
    expect(ann.locator("#friends-list .friend")).to_have_count(1)
