"""Players in a real browser (Debian's chromium under Playwright) against a real server: the
identity made on a first visit, the profile page with its tables and SVG charts, the daily
leaderboard, a device link carrying the identity to another browser, reset and sign out.

Screenshots land in tests/artifacts/ (git-ignored)."""

from __future__ import annotations

import asyncio
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from browser import server_client, shot
from e2e_play import tomorrow
from playwright.sync_api import Page, expect
from solitaire_play import todays_line
from waiting import until_sync

from server.host.settlement import record_game
from server.store.embedded import EmbeddedStore

SECRET = "() => localStorage.getItem('cardroom.player')"
PLAYER = "() => window.cardroom.conn.player && window.cardroom.conn.player.id"
# Today is tomorrow for this server: the players a first visit makes now are older than the
# day's start, so their first attempt at a daily board ranks (an identity made on the day
# itself ranks only once it has finished a game).
SERVER_ENV = {"CARDROOM_TODAY": tomorrow()}


def first_visit(page: Page, web) -> tuple[str, str]:
    """Open the lobby as a new person: the secret and player id the page got."""
    page.goto(f"{web.http}/")
    until_sync(lambda: page.evaluate(PLAYER), what="a player made on the first visit")
    return page.evaluate(SECRET), page.evaluate(PLAYER)


def rated_games(db: str, me: str, other: str, results: list[bool], prefix: str = "rated") -> None:
    """Rated Gin Rummy matches between two players, counted straight into the server's store
    (playing them out is the end-to-end tests' job; here the page draws what is stored), with
    ids ``prefix`` and a number (a game id is counted once)."""

    async def count() -> None:
        store = EmbeddedStore(db)
        try:
            for i, won in enumerate(results):
                hand = {"hand": 1, "dealer": 0, "kind": "knock", "winner": 0 if won else 1}
                await record_game(
                    store,
                    {
                        "id": f"{prefix}{i}",
                        "game": "gin_rummy",
                        "rated": True,
                        "seats": [
                            {"kind": "human", "level": None, "name": "Zoe", "player": me},
                            {"kind": "human", "level": None, "name": "Yan", "player": other},
                        ],
                        "result": {
                            "winner": 0 if won else 1,
                            "scores": [12, 0] if won else [0, 12],
                            "hands": [{**hand, "points": 12}],
                        },
                        "finished_at": time.time() - 86_400 * (len(results) - i),
                        "daily": None,
                    },
                )
        finally:
            await store.close()

    # Playwright's sync API runs a loop on this thread: the store's loop gets one of its own.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, count()).result()


def test_a_first_visit_makes_a_player_whose_profile_and_daily_rank_show(web, open_page):
    page = open_page()
    secret, me = first_visit(page, web)
    assert len(secret) == 22 and me.startswith("p")
    page.fill("#name", "Zoe")  # the name follows the player
    with server_client(web.ws) as client:
        until_sync(
            lambda: client.request("hello", v=1, secret=secret)["player"]["name"] == "Zoe",
            what="the new name on the server",
        )
        room = client.request("create", game="reflechi", daily=True)["room"]
        assert client.request("join", room=room, seat=0)["practice"] is False
        day = client.views[room]["room"]["daily"]
        for action in todays_line(web.env["CARDROOM_DB"], "reflechi", 1, day):
            client.request("act", room=room, action=action)
    until_sync(lambda: web.get(f"/api/players/{me}")[1]["games"], what="the game counted")
    rated_games(web.env["CARDROOM_DB"], me, "p333333333333", [True, True, False, True])

    page.goto(f"{web.http}/#/player/me")
    expect(page.locator("#player-name")).to_have_text("Zoe")
    row = page.locator("#stats-solitaire tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator("th")).to_have_text("Réfléchi, draw 1")
    expect(row.locator("td").nth(0)).to_have_text("1")  # played
    expect(row.locator("td").nth(2)).to_have_text("100%")  # win share
    expect(page.locator("#stats-gin tbody tr th")).to_have_text("People")
    points = page.locator("#rating-chart polyline").get_attribute("points")
    assert points is not None and len(points.split()) == 4  # one point per rated match
    expect(page.locator("#share-chart svg rect.chart-bar")).to_have_count(2)
    expect(page.locator("#rating-value")).to_contain_text("Rating")
    # Four matches against one player, who is on no network the server knows: provisional.
    expect(page.locator("#rating-value")).to_contain_text("?")
    expect(page.locator("#rating-provisional")).to_contain_text("three different networks")
    expect(page.locator("#today")).to_contain_text("rank 1 of 1")
    daily = page.locator("#games li").first  # the newest: today's, its id kept back
    expect(daily).to_contain_text("Won")
    expect(daily.locator("a.replay-link")).to_have_count(0)  # today's replay: not yet
    expect(page.locator("#games li[data-game='rated0'] a.replay-link")).to_have_count(1)
    expect(page.locator("#identity")).to_be_visible()  # one's own profile: its controls
    shot(page, "profile", full=True)

    page.goto(f"{web.http}/#/leaderboard/reflechi_draw1")
    expect(page.locator("#own-rank")).to_have_text("Your rank: 1 of 1")
    first = page.locator("#board-rows tbody tr").first
    expect(first).to_contain_text("Zoe")
    expect(first.locator("a[href^='#/replay/']")).to_have_count(0)
    first.locator(f"a[href='#/player/{me}']").click()
    expect(page.locator("#player-name")).to_have_text("Zoe")
    shot(page, "leaderboard", full=True)

    other = open_page()  # someone else looking: the profile without its controls
    other.goto(f"{web.http}/#/player/{me}")
    expect(other.locator("#player-name")).to_have_text("Zoe")
    expect(other.locator("#identity")).to_have_count(0)


def test_a_device_link_carries_the_player_and_a_reset_or_sign_out_ends_it(web, open_page):
    phone, laptop = open_page(), open_page()
    secret, me = first_visit(laptop, web)
    laptop.click("#settings-button")  # a setting follows the player to the other device
    laptop.select_option("#set-card-size", "large")
    laptop.click("#settings-close")
    with server_client(web.ws) as client:
        until_sync(
            lambda: (
                client.request("hello", v=1, secret=secret)["player"]["settings"].get("cardSize")
                == "large"
            ),
            what="the setting saved with the player",
        )
    laptop.goto(f"{web.http}/#/player/me")
    laptop.click("#device-show")
    expect(laptop.locator("#device-box .warning")).to_be_visible()
    expect(laptop.locator("#device-qr svg path")).to_have_count(1)  # the link as a QR code
    link = laptop.locator("#device-link").input_value()
    assert link.endswith(f"/#/device/{secret}")

    phone.goto(link)
    until_sync(lambda: phone.evaluate(PLAYER) == me, what="the phone signed in by the link")
    assert "/device/" not in phone.url  # the secret leaves the address bar
    settings = phone.evaluate("() => JSON.parse(localStorage.getItem('cardroom.settings'))")
    assert settings["cardSize"] == "large"
    expect(phone.locator("#player-name")).to_be_visible()

    laptop.click("#reset-secret")
    expect(laptop.locator("#identity-note")).to_contain_text("new secret")
    assert laptop.evaluate(SECRET) != secret
    # The phone, still connected on the old secret, is signed out at once, and says why.
    expect(phone.locator("#signed-out-note")).to_contain_text("changed on another device")
    assert phone.evaluate(PLAYER) is None and phone.evaluate(SECRET) is None
    phone.reload()  # signed out it stays: no new player made unasked
    expect(phone.locator("#signed-out-note")).to_be_visible()
    phone.click("#new-player")
    until_sync(lambda: phone.evaluate(PLAYER) not in (None, me), what="a new player")
    assert phone.evaluate(SECRET) not in (secret, laptop.evaluate(SECRET))
    assert laptop.evaluate(PLAYER) == me  # the laptop that reset stays signed in

    laptop.click("#sign-out")
    expect(laptop.locator("#new-player")).to_be_visible()
    assert laptop.evaluate(SECRET) is None
    laptop.reload()  # signed out stays signed out
    expect(laptop.locator("#new-player")).to_be_visible()
    laptop.click("#new-player")
    until_sync(lambda: laptop.evaluate(PLAYER) not in (None, me), what="a new player")


def test_a_ranked_daily_attempt_offers_no_solver_and_the_board_states_its_rules(web, open_page):
    page = open_page()
    first_visit(page, web)
    page.click("#tf1-daily")
    expect(page.locator("#ranked-note")).to_contain_text("no hints")
    expect(page.locator("#undo")).to_be_visible()  # the table is there, without the solver
    expect(page.locator("#hint")).to_have_count(0)
    expect(page.locator("#can-win")).to_have_count(0)
    page.goto(f"{web.http}/#/leaderboard/reflechi_draw1")
    expect(page.locator("#board-rules")).to_contain_text("first attempt, timed from sitting down")
    page.goto(f"{web.http}/#/leaderboard/gin_rummy")
    expect(page.locator("#board-rules")).to_contain_text("then forfeits")
    # No rank on this board yet: nothing is said of it (it once printed "null").
    expect(page.locator("#own-rank")).to_have_count(0)
    expect(page.locator("body")).not_to_contain_text("null")


# ---- issue 50: numbers, dates and scores the Korean and Polish way -------------------------

PL_MONTHS = [
    "stycznia",
    "lutego",
    "marca",
    "kwietnia",
    "maja",
    "czerwca",
    "lipca",
    "sierpnia",
    "września",
    "października",
    "listopada",
    "grudnia",
]
DAY = {  # a day as each language writes it (Intl's long date), from its parts
    "ko": lambda y, m, d: f"{y}년 {m}월 {d}일",
    "pl": lambda y, m, d: f"{d} {PL_MONTHS[m - 1]} {y}",
}
DAY_PATTERN = {
    "ko": re.compile(r"\d{4}년 \d{1,2}월 \d{1,2}일"),
    "pl": re.compile(r"\d{1,2} (" + "|".join(PL_MONTHS) + r") \d{4}"),
}
ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


@pytest.mark.parametrize("language", ["ko", "pl"])
def test_a_profile_and_the_boards_write_numbers_dates_and_scores_the_readers_way(
    web, open_page, language
):
    page = open_page(language)
    _, me = first_visit(page, web)
    rated_games(web.env["CARDROOM_DB"], me, "p444444444444", [True, False, True], language)
    page.goto(f"{web.http}/#/player/me")
    # A mean with one decimal, in the language's way: 0,0 in Polish (never toFixed's 0.0).
    mean = page.locator("#stats-gin tbody tr td").last
    expect(mean).to_have_text(re.compile(r"^\d+,\d$" if language == "pl" else r"^\d+\.\d$"))
    # The match this player lost, 0 to 12: the winner's score first.
    expect(page.locator(f"#games li[data-game='{language}1']")).to_contain_text("12\u20130")
    since = page.locator("#member-since").inner_text()
    assert DAY_PATTERN[language].search(since) and not ISO_DAY.search(since), since
    games = page.locator("#games").inner_text()
    assert DAY_PATTERN[language].search(games) and not ISO_DAY.search(games), games

    page.goto(f"{web.http}/#/leaderboard/gin_rummy")
    day = page.locator("#board-date")
    expect(day).to_have_attribute("data-date", ISO_DAY)
    y, m, d = map(int, day.get_attribute("data-date").split("-"))
    expect(day).to_have_text(DAY[language](y, m, d))

    # Today's game: its title names the day the same way.
    page.goto(f"{web.http}/")
    page.click("#daily")
    title = page.locator(".room-head h1")
    expect(title).to_have_text(DAY_PATTERN[language])
    assert not ISO_DAY.search(title.inner_text())
