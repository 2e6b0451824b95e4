"""Table phrases in a real browser (Debian's chromium under Playwright) against a real
server, at a phone's size and a laptop's: a Polish player says a phrase from the phrase
button's list; the Korean player across the table reads it in Korean near the Polish
player's seat, and the Polish player reads it in Polish near their own; a phrase too soon is
refused in Polish; once the Korean player hides the opponent's phrases (a setting), the next
one is not shown to them."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from browser import LAPTOP, PHONE, SEEN, assert_in_view, audit, play_for, server_client, shot
from catalogues import messages
from playwright.sync_api import Page, expect
from waiting import until_sync


def seated(web, ola: Page, min_: Page) -> str:
    """A match between two people that the two pages sat down at (seats 0 and 1)."""
    for page in (ola, min_):
        page.goto(f"{web.http}/")
        page.wait_for_selector("#net[data-state=online]")
    with server_client(web.ws) as client:
        room = client.request("create", seats=[{"kind": "human"}] * 2)["room"]
    for page, seat in ((ola, 0), (min_, 1)):
        page.evaluate(f"() => window.cardroom.conn.join('{room}', {seat}, 'P{seat}')")
        page.goto(f"{web.http}/#/room/{room}")
        page.wait_for_selector("#table")
    return room


def said_in_view(page: Page, room: str) -> list[str]:
    """The phrases the page's connection holds for ``room`` (what the server sent it)."""
    script = f"() => window.cardroom.conn.rooms.get('{room}').view.room.phrases.map(p => p.phrase)"
    return page.evaluate(script)


@pytest.mark.parametrize("screen", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_polish_players_phrase_is_read_in_korean_across_the_table_and_can_be_hidden(
    web, open_page, screen
):
    pl, ko = messages("pl"), messages("ko")
    ola, min_ = open_page("pl", screen), open_page("ko", screen)
    room = seated(web, ola, min_)
    ola.click("#phrase-button")
    expect(ola.locator("#phrase-list button")).to_have_count(20)
    assert_in_view(ola, "the phrase list", scroll=True)
    shot(ola, f"phrases-list-pl-{screen['width']}")
    if screen == PHONE:
        audit(ola, "the phrase list (pl)")
    ola.click("#phrase-list [data-phrase=good_luck]")
    expect(ola.locator("#phrase-list")).to_have_count(0)  # closed once said
    expect(ola.locator("#phrase-0")).to_have_text(pl["phrase.good_luck"])
    # Across the table (seat 0 is the top seat for seat 1), in the reader's language (looked
    # at first: a phrase shows for five seconds).
    expect(min_.locator("#phrase-0")).to_have_text(ko["phrase.good_luck"])
    assert min_.evaluate(SEEN, "#phrase-0") is True
    # Again at once: too soon (within two seconds), refused in Polish next to the table.
    ola.click("#phrase-button")
    ola.click("#phrase-list [data-phrase=thanks]")
    expect(ola.locator("#refusal")).to_have_text(pl["error.phrase_too_soon"])
    shot(min_, f"phrases-said-ko-{screen['width']}")
    if screen == PHONE:  # (the audit measures both widths)
        audit(min_, "a phrase said at the table (ko)")
    # The Korean player hides the opponent's phrases: the next one reaches the page (its
    # connection holds it) and is not shown; the Polish player still sees their own.
    min_.click("#settings-button")
    min_.check("#set-mute-phrases")
    min_.click("#settings-close")
    expect(min_.locator("#phrase-0")).to_have_count(0)
    # The rate is the server's, on its clock (this machine's): 2 s after the first phrase.
    first = ola.evaluate(f"() => window.cardroom.conn.rooms.get('{room}').view.room.phrases[0].at")
    ola.wait_for_function("at => Date.now() >= at + 2100", arg=first)
    ola.click("#phrase-button")
    ola.click("#phrase-list [data-phrase=thanks]")
    until_sync(lambda: said_in_view(min_, room)[-1:] == ["thanks"], 10, "the phrase arrived")
    expect(min_.locator("#phrase-0")).to_have_count(0)
    expect(ola.locator("#phrase-0")).to_have_text(pl["phrase.thanks"])


def test_the_replay_shows_a_phrase_at_the_move_it_was_said(web, open_page):
    """Said before the first move: the replay's first frame shows it by its seat, in the
    reader's language; the next frame no longer does."""
    with server_client(web.ws) as ola, server_client(web.ws) as min_:
        room = ola.request("create", seats=[{"kind": "human"}] * 2, target=1)["room"]
        tokens = [c.request("join", room=room, seat=s)["token"] for s, c in enumerate((ola, min_))]
        min_.request("say", room=room, phrase="one_more")
    play_for(web, room, tokens)
    until_sync(lambda: http_status(f"{web.http}/api/replays/{room}") == 200, 20, "the replay")
    page = open_page("ko", LAPTOP)
    page.goto(f"{web.http}/#/replay/{room}")
    expect(page.locator("#phrase-1")).to_have_text(messages("ko")["phrase.one_more"])
    page.click("#forward")
    expect(page.locator("#phrase-1")).to_have_count(0)


def http_status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
