"""Live games in a real browser (Debian's chromium under Playwright) against a real server: the
Watch page lists the public matches being played, best-rated first, and follows the lobby's
changes; TV shows the featured game (the live rated match with the highest-rated players)
and moves on to the next by itself when it ends."""

from __future__ import annotations

import contextlib

import pytest
from browser import audit, server_client
from e2e_play import established, put_rating
from playwright.sync_api import expect

HUMANS = [{"kind": "human"}, {"kind": "human"}]
# A player who leaves a match forfeits after 0.3 s: the featured match ends when a test says.
SERVER_ENV = {"CARDROOM_GRACE_SECONDS": "0.3"}


def rate(db: str, player: str, rating: int, provisional: bool = False) -> None:
    """Give ``player`` a rating, straight into the server's store (how it was earned is the
    ratings' tests' business; here the pages show what is stored): established, or
    provisional (it has met one network of the three it needs)."""
    networks = ("n1",) if provisional else ("n1", "n2", "n3")
    put_rating(db, player, established(float(rating), rd=80.0, networks=networks))


@pytest.fixture
def sockets():
    """Sockets of a test's players, closed after it."""
    with contextlib.ExitStack() as stack:
        yield stack


def rated_match(web, sockets, names: tuple[str, str], ratings: tuple[int, int], unsure=(0, 0)):
    """Two players with these ratings (``unsure``: which are provisional) seated in a public
    rated match: (room, clients)."""
    clients = [sockets.enter_context(server_client(web.ws)) for _ in names]
    for client, name, rating, provisional in zip(clients, names, ratings, unsure, strict=True):
        player = client.request("player_new", name=name)["player"]["id"]
        rate(web.env["CARDROOM_DB"], player, rating, bool(provisional))
    room = clients[0].request("create", seats=HUMANS, public=True, rated=True)["room"]
    for seat, (client, name) in enumerate(zip(clients, names, strict=True)):
        client.request("join", room=room, seat=seat, name=name)
    return room, clients


@pytest.mark.parametrize("language", ["ko", "pl"])
def test_the_watch_page_lists_live_games_best_rated_first_and_tv_shows_the_featured(
    web, open_page, sockets, language
):
    """In Korean and Polish; in English, the next test."""
    watch_and_tv(web, open_page(language), sockets, language)


def test_tv_moves_on_by_itself_when_the_featured_match_ends(web, open_page, sockets):
    """In English, after the Watch page and TV as the test above has them in the other
    languages: TV moving on (the end stays on the screen 4 s first) is the same in each."""
    page = open_page()
    low, high, high_clients = watch_and_tv(web, page, sockets, "en")
    # The featured match ends (a player leaves and forfeits): TV moves on by itself.
    high_clients[0].request("leave", room=high)
    expect(page.locator("#tv-stage")).to_have_attribute("data-room", low, timeout=30_000)
    expect(page.locator("#tv-head")).to_contain_text("Lee (1400)")


def watch_and_tv(web, page, sockets, language: str):
    """The Watch page with two live rated matches, best-rated first, then TV on the better:
    (the other room, the better room, the better room's clients)."""
    page.goto(f"{web.http}/#/watch")
    page.wait_for_selector("#net[data-state=online]")
    low, _ = rated_match(web, sockets, ("Lee", "Lou"), (1400, 1450), unsure=(0, 1))
    high, high_clients = rated_match(web, sockets, ("Hal", "Hun"), (1900, 1850))
    rows = page.locator("#live .room-row")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-room", high)  # the best-rated first
    expect(rows.nth(0)).to_contain_text("Hal (1900)")
    expect(rows.nth(1)).to_contain_text("Lou (1450?)")  # a provisional rating
    expect(page.locator("#featured-who")).to_contain_text("Hun (1850)")
    audit(page, f"the watch page ({language})")
    page.click("#watch-tv")
    stage = page.locator("#tv-stage")
    expect(stage).to_have_attribute("data-room", high)
    expect(stage.locator("#table")).to_be_visible()
    expect(page.locator("#tv-head")).to_contain_text("Hal (1900)")
    return low, high, high_clients


def test_the_watch_page_follows_games_as_they_start_and_end(web, open_page, sockets):
    page = open_page()
    page.goto(f"{web.http}/#/watch")
    page.wait_for_selector("#net[data-state=online]")
    room, clients = rated_match(web, sockets, ("Ann", "Bea"), (1500, 1500))
    expect(page.locator(f"#live .room-row[data-room='{room}']")).to_have_count(1)
    clients[1].request("leave", room=room)
    expect(page.locator(f"#live .room-row[data-room='{room}']")).to_have_count(0, timeout=30_000)
