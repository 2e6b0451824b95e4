"""The ends of hands and matches in a real browser (Debian's chromium under Playwright)
against a real server: the other player's result stays when one player deals the next hand;
a match won because the opponent left ends like any other; a spectator of a finished match
has a way out, and into the rematch. That every button of the end-of-match panel (a rematch
offer's answers and the review too) is on the screen of a phone and of a laptop, in each
language, is the walk's (test_browser_walk.py).

Two pages sit down in a room made here and plain protocol clients holding their seats play
it (as bots) to where a test wants it: the pages only watch the ends."""

from __future__ import annotations

import re
import time

import pytest
from browser import LAPTOP, PHONE, assert_in_view, audit, play_for, seated, shot
from playwright.sync_api import expect
from waiting import until_sync

# A player whose page is gone forfeits after 3 s; bots answer at once.
SERVER_ENV = {"CARDROOM_GRACE_SECONDS": "3", "CARDROOM_BOT_DELAY": "0.05"}
ROOM = "() => location.hash.startsWith('#/room/') ? location.hash.slice(7) : null"


@pytest.mark.parametrize("language,screen", [("en", PHONE), ("pl", LAPTOP)], ids=["en", "pl"])
def test_the_result_stays_for_the_player_who_did_not_deal_the_next_hand(
    web, open_page, language, screen
):
    ann, bob = open_page(language, screen), open_page(language, screen)
    room, tokens = seated(web, ann, bob, target=500)
    play_for(web, room, tokens, hands=1)
    for page in (ann, bob):
        expect(page.locator("#next-hand")).to_be_visible()
        # Both are told the truth: one press deals the next hand for both.
        expect(page.locator("#next-hand-note")).to_be_visible()
        assert_in_view(page, f"the end of a hand ({language})")
    score = bob.locator("#score-line").inner_text()
    ann.click("#next-hand")
    expect(ann.locator("#result")).to_be_hidden()
    expect(ann.locator("#table")).to_have_attribute("data-hand", "2")
    # Bob still reads the hand that ended, over the new one, until he closes it.
    expect(bob.locator("#table")).to_have_attribute("data-hand", "2")
    bob.wait_for_timeout(1500)
    expect(bob.locator("#score-line")).to_have_text(score)
    expect(bob.locator("#earlier-note")).to_contain_text("P0")
    assert_in_view(bob, f"the last hand's result over the next ({language})")
    audit(bob, f"the last hand's result over the next ({language})")
    bob.click("#earlier-close")
    expect(bob.locator("#result")).to_be_hidden()
    expect(bob.locator("#hand .card")).to_have_count(10)


@pytest.mark.parametrize("language,screen", [("en", PHONE), ("pl", LAPTOP)], ids=["en", "pl"])
def test_a_match_won_because_the_opponent_left_ends_like_any_other(
    web, open_page, language, screen
):
    ann, bob = open_page(language, screen), open_page(language, screen)
    seated(web, ann, bob, target=500)
    expect(ann.locator("#hand .card")).to_have_count(10)
    bob.close()  # Bob's page is gone: his grace (3 s here) runs out
    # Meanwhile Ann sees how long he has to come back, counting down.
    away = ann.locator("#away-1")
    expect(away).to_have_attribute("data-until", re.compile(r"^\d+$"))
    until = int(away.get_attribute("data-until"))
    assert 0 < until - time.time() * 1000 <= 3000 + 500
    expect(away).to_contain_text(re.compile(r"\b[123]\b"))
    assert_in_view(ann, f"an opponent away ({language})")
    result = ann.locator("#result")
    expect(result).to_be_visible(timeout=10_000)
    expect(ann.locator("#forfeit")).to_contain_text("P1")
    for gone in ("#sort", "#discard", "#knock", "#rematch"):
        expect(ann.locator(gone)).to_have_count(0)
    expect(ann.locator("#lobby-link")).to_be_visible()
    expect(ann.locator("#review-button")).to_be_visible()
    assert_in_view(ann, f"a match won by a forfeit ({language})")
    audit(ann, f"a match won by a forfeit ({language})")
    shot(ann, f"ends-forfeit-{language}")
    ann.click("#lobby-link")
    expect(ann.locator("#play-now")).to_be_visible()


@pytest.mark.parametrize("language,screen", [("en", PHONE), ("pl", LAPTOP)], ids=["en", "pl"])
def test_a_spectator_of_a_finished_match_can_leave_or_follow_the_rematch(
    web, open_page, language, screen
):
    ann, bob = open_page(language, screen), open_page(language, screen)
    room, tokens = seated(web, ann, bob)
    cat = open_page(language, screen)
    cat.goto(f"{web.http}/#/room/{room}")
    expect(cat.locator("#spectating")).to_be_visible()
    play_for(web, room, tokens)
    expect(cat.locator("#lobby-link")).to_be_visible()
    assert_in_view(cat, f"a spectator at a finished match ({language})")
    ann.click("#rematch")
    bob.click("#rematch-accept")
    new = until_sync(lambda: (r := ann.evaluate(ROOM)) != room and r, what="ann in the rematch")
    follow = cat.locator("#follow-rematch")
    expect(follow).to_be_visible()
    assert_in_view(cat, f"a spectator told of the rematch ({language})")
    audit(cat, f"a spectator told of the rematch ({language})")
    follow.click()
    until_sync(lambda: cat.evaluate(ROOM) == new, what="cat watching the rematch")
    expect(cat.locator("#spectating")).to_be_visible()
    expect(cat.locator("#table")).to_have_attribute("data-hand", "1")
