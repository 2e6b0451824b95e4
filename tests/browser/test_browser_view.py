"""What players see in the browser, as they would notice it (issue 35): no card blank or
hidden while cards move, nothing cut off on a phone, every covered solitaire card readable,
the keyboard kept where the player acts next, a replay that does not pretend to be live, no
empty box on a profile, and messages that never move the board."""

from __future__ import annotations

import math

import pytest
from browser import (
    LAPTOP,
    PHONE,
    SEEN,
    UNSEEN_CARDS,
    audit,
    play_for,
    play_to_my,
    server_client,
    settled,
    table_state,
    wait_for_move,
)
from playwright.sync_api import Page, expect
from solitaire_play import win
from waiting import until_sync

from server.games.solitaire import REFLECHI_DRAW1, Solitaire, encode

# A solitaire nobody watches ends after half a second (abandoned): a game left off, to
# analyse. The pages watch theirs until their test ends.
SERVER_ENV = {"CARDROOM_BOT_DELAY": "0.05", "CARDROOM_ABANDONED_SECONDS": "0.5"}


# Looks at every card on every animation frame, and keeps the cards seen unwhole (see
# UNSEEN_CARDS) and the frames where an animation ran, until window.watching is over.
WATCH_CARDS = (
    """() => {
    const unseen = """
    + UNSEEN_CARDS
    + """;
    window.unseenCards = new Set();
    window.animatedFrames = 0;
    window.framesSeen = 0;
    window.maxRight = 0;
    const look = () => {
        for (const card of unseen()) window.unseenCards.add(card);
        if (document.getAnimations().length) window.animatedFrames += 1;
        for (const card of document.querySelectorAll('#table .card')) {
            if (card.getAnimations().length) continue;  // at rest only: where it lies
            window.maxRight = Math.max(window.maxRight, card.getBoundingClientRect().right);
        }
        window.framesSeen += 1;
        if (!window.stopWatching) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
}"""
)


def watch_bots_play(page: Page, web, moves: int) -> tuple[list[str], int, int]:
    """Open a room of two bots playing with open hands, watch ``moves`` moves, and say which
    cards were ever not seen whole, in how many frames cards moved, and how many frames."""
    with server_client(web.ws) as server:
        room = server.request(
            "create",
            seats=[{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "normal"}],
            open_hands=True,
            target=500,
        )["room"]
    page.goto(f"{web.http}/#/room/{room}")
    page.wait_for_selector("#seat-top .card.face")
    page.evaluate(WATCH_CARDS)
    start = int(table_state(page)["ply"])
    wait_for_move(page, start + moves, timeout=60)
    page.evaluate("() => { window.stopWatching = true; }")
    unseen = page.evaluate("() => [...window.unseenCards]")
    return (
        unseen,
        page.evaluate("() => window.animatedFrames"),
        page.evaluate("() => window.framesSeen"),
    )


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_no_card_is_blank_or_hidden_while_bots_play(web, open_page, viewport):
    page = open_page(viewport=viewport)
    unseen, animated, frames = watch_bots_play(page, web, moves=12)
    assert animated > 0, "no card moved: the test saw nothing"
    assert unseen == [], f"cards not seen whole in some of {frames} frames: {unseen}"
    # At rest, every card lay within the page (none spilled past the right edge).
    assert 0 < page.evaluate("() => window.maxRight") <= viewport["width"]


def test_with_reduced_motion_nothing_slides_and_no_card_is_hidden(web, open_page):
    page = open_page()
    page.emulate_media(reduced_motion="reduce")
    unseen, animated, _ = watch_bots_play(page, web, moves=8)
    assert animated == 0
    assert unseen == []


def test_the_keyboard_stays_where_the_player_acts_next(web, open_page):
    page = open_page()
    page.goto(f"{web.http}/")
    page.click("#play-easy")
    page.wait_for_selector("#hand .slot")
    for _ in range(2):
        play_to_my(page, "draw")
        page.locator("#stock").focus()
        page.keyboard.press("Enter")  # draw from the stock
        page.wait_for_function(
            "() => document.querySelector('#table').dataset.phase !== 'draw'"
            " || document.querySelector('#result')"
        )
        if page.locator("#result").count():
            return  # the bot ended the hand meanwhile: nothing more to see in it
        # Next: discard. The keyboard is on the card just drawn.
        drawn = page.locator("#hand .slot.drawn").get_attribute("data-card")
        expect(page.locator(f"#hand button[data-card='{drawn}']")).to_be_focused()
        # A discard with D; the card is gone, and the keyboard is on the stock (the next draw),
        # not back at the top of the page.
        ply = int(table_state(page)["ply"])
        page.keyboard.press("d")
        wait_for_move(page, ply)
        if page.locator("#result").count():
            expect(page.locator("#next-hand")).to_be_focused()
            return
        expect(page.locator("#stock")).to_be_focused()


def seat_against_the_easy_bot(page: Page, web, target: int) -> str:
    """A room of the page's player against the easy bot, in a match to ``target``; its id."""
    with server_client(web.ws) as server:
        room = server.request(
            "create", seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}], target=target
        )["room"]
    page.goto(f"{web.http}/#/room/{room}")
    page.click("#join")
    page.wait_for_selector("#hand .slot")
    return room


def play_for_the_page(page: Page, web, room: str, hands: int | None = None) -> None:
    """Play the page's seat with the easy bot's choices from a protocol client holding its
    token, to the match's end or that of ``hands`` hands, the page showing each move as it
    comes (the page's own clicks at play are test_browser.py's)."""
    token = page.evaluate("room => window.cardroom.conn.rooms.get(room).token", room)
    play_for(web, room, [token], hands=hands)
    expect(page.locator("#result")).to_be_visible()


def finished_replay(web) -> str:
    """A finished one-point match of two bots: its replay's id."""
    with server_client(web.ws) as server:
        room = server.request(
            "create",
            seats=[{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "normal"}],
            target=1,
        )["room"]
    until_sync(lambda: web.get(f"/api/replays/{room}")[0] == 200, timeout=60)
    return room


# Does a string render with a glyph of some font? Each character is drawn in the button's
# font and compared with a private-use character, which no font has (the "missing" box).
MISSING_GLYPHS = """el => {
    const canvas = document.createElement('canvas');
    canvas.width = 80; canvas.height = 40;
    const g = canvas.getContext('2d');
    const font = getComputedStyle(el).font;
    const draw = s => { g.clearRect(0, 0, 80, 40); g.font = font; g.fillText(s, 4, 28);
        return g.getImageData(0, 0, 80, 40).data.join(); };
    const missing = draw('\\uE000');
    return [...el.textContent].filter(c => c !== '\\uFE0E' && draw(c) === missing);
}"""


def test_a_replay_shows_its_controls_and_never_looks_live(web, open_page, marked_replay):
    page = open_page()
    room = marked_replay[0]
    page.goto(f"{web.http}/#/replay/{room}")
    expect(page.locator("#replay-position")).to_be_visible()
    for control in ("#first", "#back", "#play", "#forward", "#last"):
        assert page.locator(control).evaluate(MISSING_GLYPHS) == [], control
    # Step through the first moves: the line says what was played, never whose turn it is,
    # and no bot is "thinking". Short of the last move, where the line gives the result
    # instead (a dealt hand can be knocked within six moves).
    total = int(page.locator("#replay-position").inner_text().split()[-1])  # Move 0 of N
    assert total >= 2
    for _ in range(min(6, total - 1)):
        page.click("#forward")
        expect(page.locator("#thinking, .thinking")).to_have_count(0)
        status = page.locator("#status").inner_text()
        last = page.locator("#moves li").last.inner_text()
        assert status == last, (status, last)
        assert "…" not in status


def test_a_new_players_profile_has_no_empty_box(web, open_page):
    page = open_page()
    page.goto(f"{web.http}/#/player/me")
    expect(page.locator("#player-name")).to_be_visible()
    empty = page.locator("section.panel").evaluate_all(
        "els => els.filter(e => !e.innerText.trim()).map(e => e.id)"
    )
    assert empty == []
    expect(page.locator("#stats")).to_have_count(0)


def test_the_end_of_a_hand_fits_a_phone(web, open_page):
    page = open_page(viewport=PHONE)
    room = seat_against_the_easy_bot(page, web, target=1)
    play_for_the_page(page, web, room, hands=1)
    settled(page)
    result = page.locator("#result").bounding_box()
    cards = page.locator("#result .card").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " const rank = e.querySelector('.corner.tl .rank').getBoundingClientRect();"
        " const hit = document.elementFromPoint(rank.x + rank.width / 2, rank.y + rank.height / 2);"
        " return {card: e.dataset.card, right: r.right, left: r.left, index: e.contains(hit)}; })"
    )
    assert len(cards) >= 20
    for card in cards:
        assert card["left"] >= result["x"] and card["right"] <= result["x"] + result["width"], card
        assert card["index"], f"{card['card']}: its index is covered"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    audit(page, "end of a hand on a phone")


def open_solitaire(page: Page, web, game: str, code: str) -> None:
    page.goto(f"{web.http}/")
    page.click("#more-options > summary")
    page.select_option("#sol-game", game)
    page.fill("#sol-code", code)
    page.click("#sol-new")
    expect(page.locator("#deal-code")).to_have_text(code)
    settled(page)


# Each covered face-up card of the columns: is the middle of its rank and of its suit (the
# index at its top left) the card itself, or something covering it?
COVERED_INDICES = """() => [
    ...document.querySelectorAll('#columns .stacked.up:not(:last-child) .card')
].map(card => {
    const seen = sel => {
        const r = card.querySelector(sel).getBoundingClientRect();
        return card.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    };
    const tl = '.corner.tl ';
    return {card: card.dataset.card, rank: seen(tl + '.rank'), suit: seen(tl + '.suit')};
})"""


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_every_covered_reflechi_card_shows_its_rank_and_suit(web, open_page, viewport):
    page = open_page(viewport=viewport)
    open_solitaire(page, web, "reflechi:1", encode(REFLECHI_DRAW1, 1))
    covered = page.evaluate(COVERED_INDICES)
    assert len(covered) >= 10
    assert [c for c in covered if not (c["rank"] and c["suit"])] == []


@pytest.mark.parametrize("language", ["en", "ko", "pl"])
def test_on_a_phone_the_solitaire_board_starts_high_and_messages_never_move_it(
    web, open_page, language
):
    page = open_page(language, PHONE)
    open_solitaire(page, web, "reflechi:1", encode(REFLECHI_DRAW1, 1))
    board = page.locator("#board")
    top = board.bounding_box()["y"]
    assert top <= 230, f"the board starts {top} px down"
    # A refusal (a long sentence: three lines on a phone) and a hint appear: the board stays.
    page.locator("[data-pile='c5'][data-count='2']").press(" ")  # a broken run does not move
    page.locator("[data-pile='c0'] .card").last.press(" ")
    expect(page.locator("#refusal")).not_to_be_empty()
    assert board.bounding_box()["y"] == top
    page.click("#hint")
    expect(page.locator("#solver-answer")).not_to_be_empty()
    assert board.bounding_box()["y"] == top
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_language_menu_stands_clear_of_its_label(web, open_page, viewport):
    page = open_page("pl", viewport)
    page.goto(f"{web.http}/")
    page.click("#settings-button")
    label = page.locator("label[for='set-language']").bounding_box()
    menu = page.locator("#set-language")
    box = menu.bounding_box()
    # The menu's focus ring (its outline and offset) must not reach the label either.
    ring = menu.evaluate(
        "e => { const s = getComputedStyle(e);"
        " return parseFloat(s.outlineWidth) + Math.max(0, parseFloat(s.outlineOffset)); }"
    )
    menu.focus()
    ring = max(
        ring,
        menu.evaluate(
            "e => { const s = getComputedStyle(e);"
            " return parseFloat(s.outlineWidth) + Math.max(0, parseFloat(s.outlineOffset)); }"
        ),
    )
    same_line = abs((label["y"] + label["height"] / 2) - (box["y"] + box["height"] / 2)) < 12
    if same_line:
        assert box["x"] - (label["x"] + label["width"]) >= ring + 2
    else:
        assert box["y"] - (label["y"] + label["height"]) >= ring + 2


def test_a_lobby_change_leaves_the_keyboard_where_it_was(web, open_page):
    page = open_page()
    page.goto(f"{web.http}/")
    page.wait_for_selector("#net[data-state=online]")
    bots = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    with server_client(web.ws) as server:
        # Rooms to 500 are still listed at the end (a match to 100 can end in 3 s here).
        first = server.request("create", seats=bots, public=True, target=500)["room"]
        watch = page.locator(f".room-row[data-room='{first}'] a")
        watch.focus()
        expect(watch).to_be_focused()
        # Another room opens: its row comes in, the focused one stays (and keeps the focus).
        second = server.request("create", seats=bots, public=True, target=500)["room"]
        expect(page.locator(f".room-row[data-room='{second}']")).to_have_count(1)
        expect(watch).to_be_focused()


def test_after_a_solitaire_move_by_keyboard_the_keyboard_stays_on_the_board(web, open_page):
    page = open_page()
    open_solitaire(page, web, "reflechi:1", encode(REFLECHI_DRAW1, 1))
    # Enter on the ace of hearts (the top of column 5): it goes up, and the keyboard is on
    # the card now on top of that column, not back at the top of the page.
    ace = page.locator("[data-pile='c4'][data-count='1']")
    expect(ace).to_have_attribute("data-card", "AH")
    ace.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#foundations [data-card='AH']")).to_have_count(1)
    top = page.locator("[data-pile='c4'][data-count='1']")
    expect(top).to_be_focused()
    assert top.get_attribute("data-card") != "AH"


@pytest.mark.parametrize("language", ["en", "ko", "pl"])
def test_a_replay_shows_each_seats_review_and_a_mark_leads_to_its_position(
    web, open_page, language, marked_replay
):
    room = marked_replay[0]
    status, review = web.get(f"/api/replays/{room}/review/0")
    assert status == 200
    marked = [d for d in review["decisions"] if d["mark"]]
    page = open_page(language)
    page.goto(f"{web.http}/#/replay/{room}")
    expect(page.locator("#replay-position")).to_be_visible()
    page.click("#review-0")
    panel = page.locator("#replay-review .review")
    expect(panel).to_be_visible()
    expect(page.locator("#review-0")).to_have_attribute("aria-pressed", "true")
    expect(panel.locator(".review-marks li")).to_have_count(len(marked))
    expect(page.locator(".review-graph .review-dot")).to_have_count(len(marked))
    # The graph is the seat's chance to win the match: one point per decision, higher where
    # the review's chance is higher.
    points = page.locator(".review-graph .chart-line").get_attribute("points").split()
    heights = [float(p.split(",")[1]) for p in points]
    chances = [d["chance"] for d in review["decisions"]]
    assert len(heights) == len(chances)
    assert all(
        heights[i] < heights[j]
        for i in range(len(chances))
        for j in range(len(chances))
        if chances[i] > chances[j]
    )
    titles = {"en": "What each decision cost", "ko": "결정마다 잃은 점수", "pl": "Ile kosztowała"}
    expect(panel.locator("h3")).to_contain_text(titles[language])
    assert marked  # the module's replay has marks: a mark's way is always taken
    # A mark says its loss with the playouts' margin ("about 6.5 points (±1.2)").
    first = marked[0]
    tenths = math.floor(2 * first["error"] * 10 + 0.5) / 10  # as the page rounds it
    margin = f"±{tenths:g}".replace(".", "," if language == "pl" else ".")
    expect(panel.locator(".review-marks li").first).to_contain_text(margin)
    # A mark is a way to the position where the decision was made.
    panel.locator(".review-marks button").first.click()
    expect(page.locator("#replay-position")).to_contain_text(str(first["at"]))
    assert page.evaluate("at => document.querySelector('#scrub').value", first["at"]) == str(
        first["at"]
    )
    audit(page, f"replay with its review ({language})")


def test_the_end_of_a_match_offers_the_players_review(web, open_page):
    page = open_page()
    room = seat_against_the_easy_bot(page, web, target=1)
    play_for_the_page(page, web, room)
    page.click("#review-button")
    panel = page.locator("#result .review")
    # The page shows the review once the server has made it, which it does from the stored
    # replay (the page asks again while the replay is being stored): the replay is there.
    expect(panel.locator(".review-summary")).to_be_visible(timeout=60_000)
    assert web.get(f"/api/replays/{room}")[0] == 200
    status, review = web.get(f"/api/replays/{room}/review/0")
    assert status == 200
    # The page writes 14.0 as 14, as numbers are written.
    expect(panel.locator(".review-summary")).to_contain_text(f"{review['accuracy']:g}")
    expect(panel.locator(".review-summary")).to_contain_text("out of 100")
    marks = sum(1 for d in review["decisions"] if d["mark"])
    if marks:
        expect(panel.locator(".review-marks li")).to_have_count(marks)
    else:
        expect(panel).to_contain_text("well played")
    audit(page, "end of a match with the review")
    if marks:
        # A mark opens the replay at its position with the same list of marks beside it.
        first = next(d for d in review["decisions"] if d["mark"])
        panel.locator(".review-marks button").first.click()
        expect(page.locator("#replay-position")).to_contain_text(str(first["at"]))
        expect(page.locator("#replay-review .review-marks li")).to_have_count(marks)
        expect(page.locator("#to-marks")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_solitaire_left_off_shows_in_hindsight_the_line_that_still_won(web, open_page, language):
    game = Solitaire.new(REFLECHI_DRAW1, 1)
    with server_client(web.ws) as server:
        room = server.request("create", seats=[], game="reflechi", number=1)["room"]
        server.request("join", room=room, seat=0, name="Ann")
        for action in win(game)[:4]:
            server.request("act", room=room, action=action)
    until_sync(lambda: web.get(f"/api/replays/{room}")[0] == 200, timeout=60)
    page = open_page(language)
    page.goto(f"{web.http}/#/replay/{room}")
    expect(page.locator("#replay-position")).to_contain_text("4")
    page.click("#hindsight")
    words = {"en": "When the game stopped, it could still be won.", "pl": "wciąż dało się wygrać"}
    expect(page.locator("#hindsight-verdict")).to_contain_text(words[language])
    page.click("#play-line")
    page.click("#last")
    expect(page.locator("#board")).to_have_attribute("data-won", "1")
    audit(page, f"a solitaire's hindsight ({language})")
    page.click("#back-to-game")
    page.click("#last")
    expect(page.locator("#board")).to_have_attribute("data-won", "0")


def test_the_end_of_a_hand_offers_the_players_review_of_the_hands_so_far(web, open_page):
    page = open_page()
    room = seat_against_the_easy_bot(page, web, target=500)
    play_for_the_page(page, web, room, hands=1)
    expect(page.locator("#next-hand")).to_be_visible()
    page.click("#review-button")
    panel = page.locator("#result .review")
    expect(panel).to_be_visible(timeout=30_000)
    expect(panel.locator(".review-summary")).to_contain_text("Accuracy")
    # The next hand: the panel goes with the result.
    page.click("#next-hand")
    expect(page.locator("#result")).to_have_count(0)
    audit(page, "the table after a hand's review")


# ---- issue 50: the review's words, a mark's way back, and what Korean and Polish readers saw --


def replay_with_marks(web) -> tuple[str, dict]:
    """A finished bot match whose seat 0 has a marked decision, and that review (most such
    matches have one: a few tries at most)."""
    for _ in range(6):
        room = finished_replay(web)
        status, review = web.get(f"/api/replays/{room}/review/0")
        assert status == 200
        if any(d["mark"] for d in review["decisions"]):
            return room, review
    raise AssertionError("six bot matches without a marked decision")


@pytest.fixture(scope="module")
def marked_replay(web) -> tuple[str, dict]:
    """``replay_with_marks``, made once for the module's tests that only read a finished
    match's replay and its reviews (none changes either; each review is kept once made)."""
    return replay_with_marks(web)


# The review's scale and its marks in each language: what 100 means, and a mark's cost said of
# the choice (expected points), never as points it "would have saved" in a hand maybe won.
REVIEW_WORDS = {
    "ko": {"scale": "/100", "means": "100은 모든 결정이", "mark": "기대 점수가", "not": "아꼈을"},
    "pl": {"scale": "na 100", "means": "100 znaczy", "mark": "oczekiwany wynik", "not": "(około +"},
}


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
@pytest.mark.parametrize("language", ["ko", "pl"])
def test_a_marks_replay_keeps_the_list_of_marks_and_comes_back_to_it(
    web, open_page, language, viewport, marked_replay
):
    room, review = marked_replay
    marked = [d for d in review["decisions"] if d["mark"]]
    first = marked[0]
    page = open_page(language, viewport)
    # The link a mark of the end-of-match review leads to (room.js): its position, its seat.
    page.goto(f"{web.http}/#/replay/{room}/{first['at']}/0")
    expect(page.locator("#replay-position")).to_contain_text(str(first["at"]))
    panel = page.locator("#replay-review .review")
    expect(panel.locator(".review-marks li")).to_have_count(len(marked))
    expect(page.locator("#review-0")).to_have_attribute("aria-pressed", "true")
    words = REVIEW_WORDS[language]
    summary = panel.locator(".review-summary")
    expect(summary).to_contain_text(words["scale"])
    accuracy = f"{review['accuracy']:g}".replace(".", "," if language == "pl" else ".")
    expect(summary).to_contain_text(accuracy)
    expect(panel.locator(".review-scale")).to_contain_text(words["means"])
    expect(panel.locator(".review-marks li").first).to_contain_text(words["mark"])
    expect(panel).not_to_contain_text(words["not"])
    # Another mark followed, then back to the list: the mark followed has the keyboard, seen.
    last = marked[-1]
    panel.locator(f".review-marks button[data-at='{last['at']}']").click()
    expect(page.locator("#replay-position")).to_contain_text(str(last["at"]))
    page.evaluate("() => window.scrollTo(0, 0)")
    page.click("#to-marks")
    mark = f"#replay-review .review-marks button[data-at='{last['at']}']"
    expect(page.locator(mark)).to_be_focused()
    assert page.evaluate(SEEN, mark) is True
    audit(page, f"a mark's replay with its list ({language})")


@pytest.mark.parametrize("language", ["ko", "pl"])
def test_a_won_solitaires_replay_asks_for_a_shorter_win_not_where_it_was_lost(
    web, open_page, language
):
    game = Solitaire.new(REFLECHI_DRAW1, 1)
    with server_client(web.ws) as server:
        room = server.request("create", seats=[], game="reflechi", number=1)["room"]
        server.request("join", room=room, seat=0, name="Ann")
        for action in win(game):
            server.request("act", room=room, action=action)
    until_sync(lambda: web.get(f"/api/replays/{room}")[0] == 200, timeout=60)
    page = open_page(language)
    page.goto(f"{web.http}/#/replay/{room}")
    asked = {"ko": "더 빨리 이길 수 있었을까요?", "pl": "Czy dało się wygrać szybciej?"}
    lost = {"ko": "어디서 졌을까요?", "pl": "W którym momencie gra została przegrana?"}
    expect(page.locator("#hindsight")).to_have_text(asked[language])
    expect(page.locator("body")).not_to_contain_text(lost[language])
    page.click("#hindsight")
    won = {"ko": "수 만에 이겼어요", "pl": "Wygrana w "}
    expect(page.locator("#hindsight-verdict")).to_contain_text(won[language])


@pytest.mark.parametrize("language", ["ko", "pl"])
def test_the_solitaire_tiles_buttons_and_the_eight_foundations_have_distinct_names(
    web, open_page, language
):
    page = open_page(language)
    page.goto(f"{web.http}/")
    expect(page.locator(".sol-tile button")).to_have_count(6)
    names = """sel => [...document.querySelectorAll(sel)].map(
        e => e.getAttribute('aria-label') || e.textContent.trim())"""
    buttons = page.evaluate(names, ".sol-tile button")
    assert len(buttons) == 6 and len(set(buttons)) == 6, buttons
    # Each name keeps the words the button shows (what a voice user says to press it).
    shown = page.evaluate(
        "() => [...document.querySelectorAll('.sol-tile button')].map(e => e.textContent.trim())"
    )
    assert all(text in name for text, name in zip(shown, buttons, strict=True)), buttons
    open_solitaire(page, web, "easy_harp", "EH1-N-AAAAAAF")
    foundations = page.evaluate(names, "#foundations [data-pile^='f']")
    assert len(foundations) == 8 and len(set(foundations)) == 8, foundations


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_lobbys_replays_list_the_winners_score_first(web, open_page, language):
    # A match the second seat won: seat order would put the loser's score first.
    for _ in range(8):
        room = finished_replay(web)
        result = web.get(f"/api/replays/{room}")[1]["result"]
        if result["winner"] == 1:
            break
    scores, winner = result["scores"], result["winner"]
    assert winner == 1 and scores[1] > scores[0], result
    page = open_page(language)
    page.goto(f"{web.http}/")
    row = page.locator("#replays li", has=page.locator(f"a[href='#/replay/{room}']"))
    expect(row).to_contain_text(f"{scores[winner]}\u2013{scores[1 - winner]}")
