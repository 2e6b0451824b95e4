"""The learn pages, the settings, the lobby tiles and the three languages in a real browser
(Debian's chromium under Playwright) against a real server process.

Every live example is tried in chromium, with its buttons and by hand: a refused move shows
the engine's rule sentence in the page's language, an allowed one shows the position the
engine answers. One whole flow runs per language, and its screenshots (a table, a learn page,
the examples) land in tests/artifacts/ for people to look at. That the lobby and the learn
pages fit a phone (and a laptop), in each language, is the walk's (test_browser_walk.py).
"""

from __future__ import annotations

import re

import pytest
from browser import (
    LOCALES,
    PHONE,
    UNSEEN_CARDS,
    audit,
    play_to_my,
    seated,
    server_client,
    settled,
    shot,
    table_state,
    wait_for_my_move,
)
from catalogues import messages, pattern
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from waiting import until_sync

from server.examples import CATALOGUE, play
from server.games.gin_rummy import REFUSALS as GIN_REFUSALS
from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, Solitaire, encode
from server.games.solitaire import REFUSALS as SOLITAIRE_REFUSALS

# Bots answer after a short pause, as people would see them (but quickly).
SERVER_ENV = {"CARDROOM_BOT_DELAY": "0.05"}
GAMES = {"gin-rummy": "gin_rummy", "easy-harp": "easy_harp", "reflechi": "reflechi"}
PAGES = ("rules", "tips", "history", "faq", "examples")
ALL_ANIMATIONS = "() => document.getAnimations().map(a => a.effect.getComputedTiming())"
FREEZE_FLIGHTS = """
    window.flights = [];
    window.freeze = false;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (frames, options) {
        const flight = animate.call(this, frames, options);
        window.flights.push(options.duration + (options.delay || 0));
        if (window.freeze) flight.pause();
        return flight;
    };
"""


def sentence(lang: str, game: str, code: str) -> str:
    """What the page should say for a refusal: the server's sentence in English, the
    catalogue's translation of the code otherwise."""
    if lang == "en":
        return (GIN_REFUSALS if game == "gin_rummy" else SOLITAIRE_REFUSALS)[code]
    family = "gin_rummy" if game == "gin_rummy" else "solitaire"
    return messages(lang)[f"refusal.{family}.{code}"]


def section(page: Page, example_id: str):
    return page.locator(f"[data-example='{example_id}']")


def shown_solitaire(box) -> dict:
    """What an example board shows: each column's face-up cards, the waste, foundation tops."""
    return box.evaluate(
        """b => ({
            columns: [...b.querySelectorAll('.column')].map(c =>
                [...c.querySelectorAll('.stacked.up .card')].map(e => e.dataset.card)),
            waste: [...b.querySelectorAll('.waste .card[data-card]')].map(e => e.dataset.card),
            tops: [...b.querySelectorAll('.foundations > *')].map(e => e.dataset.card || null),
        })"""
    )


def expected_solitaire(view: dict) -> dict:
    return {
        "columns": [c["up"] for c in view["columns"]],
        "waste": view["waste"],
        "tops": [f["top"] for f in view["foundations"]],
    }


def check_answer(page: Page, lang: str, example, moves: list, expect_code: str | None) -> None:
    """The example's section shows the engine's answer to ``moves``: the rule's sentence for
    a refusal, else the position after them."""
    box = section(page, example.id)
    answer = play(example, moves)  # the engine's answer, asked without the page
    expect(box).to_have_attribute("data-applied", str(answer["applied"]))
    if expect_code is None:
        assert answer["refused"] is None
        expect(box.locator(".allowed")).to_have_text(messages(lang)["learn.allowed"])
        expect(box.locator(".example-refusal")).to_have_text("")
    else:
        assert answer["refused"]["code"] == expect_code
        expect(box.locator(".example-refusal")).to_have_text(
            sentence(lang, example.game, expect_code)
        )
    view = answer["view"]
    if example.game == "gin_rummy":
        # data-applied may already read the same from the try before: wait for the hand.
        until_sync(
            lambda: (
                sorted(
                    box.locator(".hand.mine .slot").evaluate_all(
                        "els => els.map(e => e.dataset.card)"
                    )
                )
                == sorted(view["hand"])
            ),
            what=f"{example.id} to show the engine's hand",
        )
        if view["result"]:
            points = view["result"]["points"]
            expect(box.locator(".score-line")).to_contain_text(str(points))
    else:
        until_sync(
            lambda: shown_solitaire(box.locator(".example-board")) == expected_solitaire(view),
            what=f"{example.id} to show the engine's position",
        )


def open_examples(page: Page, web, slug: str) -> None:
    page.goto(f"{web.http}/#/learn/{slug}/examples")
    for example in CATALOGUE.values():
        if example.game_slug == slug:
            expect(section(page, example.id).locator(".example-board .card").first).to_be_visible()


# ---- the examples ----------------------------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_example_answers_each_try_with_the_engines_sentence_or_position(web, open_page, slug):
    page = open_page()
    open_examples(page, web, slug)
    examples = [e for e in CATALOGUE.values() if e.game_slug == slug]
    assert len(examples) >= 4
    for example in examples:
        box = section(page, example.id)
        for attempt in example.tries:
            box.locator(f"[data-try='{attempt.name}']").click()
            check_answer(page, "en", example, list(attempt.moves), attempt.expect)
        box.locator(".reset").click()
        expect(box).to_have_attribute("data-applied", "0")
        expect(box.locator(".example-refusal")).to_have_text("")
    shot(page, f"examples-{slug}", full=True)


def drag(page: Page, source, target) -> None:
    """Drag ``source`` onto ``target`` with the mouse, both scrolled into sight first (a
    pointer outside the window finds no pile)."""
    settled(page)

    def boxes():
        """Both in sight and where they are, or None: a board redrawn meanwhile (a new
        view) has new elements, to look for again."""
        try:
            target.scroll_into_view_if_needed(timeout=2000)
            source.scroll_into_view_if_needed(timeout=2000)
            start, end = source.bounding_box(), target.bounding_box()
        except PlaywrightError:
            return None
        return (start, end) if start and end else None

    start, end = until_sync(boxes, 10, "the piles in sight", step=0.1)
    x, y = start["x"] + 12, start["y"] + 10  # the corner: what a fan or a column leaves in sight
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def test_the_solitaire_examples_are_played_by_hand_too(web, open_page):
    page = open_page()
    open_examples(page, web, "easy-harp")
    built = CATALOGUE["easy-harp/built-run"]
    box = section(page, built.id)
    # Drag the whole built run onto the nine: refused, one card at a time.
    drag(
        page,
        box.locator("[data-pile='c0'][data-count='3']"),
        box.locator("[data-pile='c1'] .card").last,
    )
    check_answer(
        page, "en", built, [{"type": "move", "from": "c0", "to": "c1", "count": 3}], "one_card"
    )
    # Then its top card onto the red seven: allowed.
    drag(
        page,
        box.locator("[data-pile='c0'][data-count='1']"),
        box.locator("[data-pile='c2'] .card").last,
    )
    check_answer(page, "en", built, [{"type": "move", "from": "c0", "to": "c2", "count": 1}], None)

    king = CATALOGUE["easy-harp/king-run"]
    box = section(page, king.id)
    drag(
        page, box.locator("[data-pile='c0'][data-count='3']"), box.locator("[data-pile='c1']").first
    )
    check_answer(page, "en", king, [{"type": "move", "from": "c0", "to": "c1", "count": 3}], None)

    # A double tap on the black six takes the longest column it fits on.
    six = CATALOGUE["easy-harp/four-places"]
    box = section(page, six.id)
    box.locator(".waste [data-pile='waste']").last.dblclick()
    check_answer(page, "en", six, [{"type": "double", "from": "waste"}], None)

    page.goto(f"{web.http}/#/learn/reflechi/examples")
    three = CATALOGUE["reflechi/draw-three"]
    box = section(page, three.id)
    expect(box.locator(".waste .card")).to_have_count(3)
    # The middle card of the fan, with the one on it: only the last card plays.
    drag(
        page,
        box.locator("[data-pile='waste'][data-count='2']"),
        box.locator("[data-pile='c2'] .card").last,
    )
    check_answer(
        page, "en", three, [{"type": "move", "from": "waste", "to": "c2", "count": 2}], "waste_top"
    )
    # By keyboard: Enter taps the last card of the fan up to its foundation.
    box.locator("[data-pile='waste'][data-count='1']").focus()
    page.keyboard.press("Enter")
    check_answer(page, "en", three, [{"type": "tap", "from": "waste"}], None)
    # Space picks a run up and Space on another column's card puts it there.
    ordered = CATALOGUE["reflechi/ordered-run"]
    box = section(page, ordered.id)
    box.locator("[data-pile='c0'][data-count='3']").focus()
    page.keyboard.press(" ")
    box.locator("[data-pile='c1'][data-count='1']").focus()
    page.keyboard.press(" ")
    check_answer(
        page, "en", ordered, [{"type": "move", "from": "c0", "to": "c1", "count": 3}], None
    )


def test_the_gin_examples_are_played_by_hand_too(web, open_page):
    page = open_page()
    open_examples(page, web, "gin-rummy")
    taken = CATALOGUE["gin-rummy/just-taken"]
    box = section(page, taken.id)
    box.locator("[id$='discard-pile']").click()
    check_answer(page, "en", taken, [{"type": "draw_discard"}], None)
    box.locator(".hand.mine .slot[data-card='9D'] button").click()
    box.locator("[id$='-discard']").click()
    check_answer(
        page,
        "en",
        taken,
        [{"type": "draw_discard"}, {"type": "discard", "card": "9D"}],
        "discard_just_taken",
    )
    knock = CATALOGUE["gin-rummy/knock"]
    box = section(page, knock.id)
    box.locator(".hand.mine .slot[data-card='KD'] button").click()
    box.locator("[id$='-knock']").click()
    check_answer(page, "en", knock, [{"type": "knock", "card": "KD"}], None)
    # The end-of-hand arithmetic, and the lay-offs on the defender's row.
    result = play(knock, [{"type": "knock", "card": "KD"}])["view"]["result"]
    for lay in result["layoffs"]:
        expect(
            box.locator(f".result .slot.laid-off .card[data-card='{lay['card']}']")
        ).to_have_count(1)
    dead = [h["deadwood"] for h in result["hands"]]
    expect(box.locator(".score-line")).to_have_text(
        f"You score {result['points']} points ({dead[1]} \u2212 {dead[0]} deadwood)."
    )


# ---- reaching the pages ----------------------------------------------------------------------


def test_learn_pages_are_reached_from_the_lobby_by_link_and_from_a_table(web, open_page):
    page = open_page()
    page.goto(f"{web.http}/")
    page.click("#learn-easy-harp")
    expect(page).to_have_url(re.compile(r"#/learn/easy-harp/rules$"))
    expect(page.locator("h1")).to_have_text("Easy Harp: Rules")
    for name in PAGES:
        page.click(f"#tab-{name}")
        expect(page.locator(f"#tab-{name}")).to_have_attribute("aria-current", "page")
        expect(page.locator(".learn")).to_have_attribute("data-page", name)
        if name == "examples":
            expect(page.locator(".example-board .card").first).to_be_visible()
        audit(page, f"learn: easy harp {name}")
    page.click("#nav-learn")
    expect(page.locator(".learn-index .learn-card")).to_have_count(3)
    audit(page, "learn: the index")

    # From a table: the game's rules beside it, and the game goes on.
    page.goto(f"{web.http}/")
    page.click("#play-easy")
    page.wait_for_selector("#hand .slot")
    table_url = page.url
    page.click("#rules-button")
    drawer = page.locator("#learn-drawer")
    expect(drawer).to_be_visible()
    expect(drawer).to_have_attribute("data-game", "gin-rummy")
    expect(drawer.locator("h2#drawer-title")).to_have_text("Gin Rummy: Rules")
    expect(drawer.locator(".learn-text h2").first).to_be_visible()
    page.click("#drawer-tab-examples")
    melds = drawer.locator("[data-example='gin-rummy/melds']")
    melds.locator("[data-try='knock']").click()
    expect(melds.locator(".example-refusal")).to_have_text(GIN_REFUSALS["must_draw_before_knock"])
    audit(page, "learn: the rules beside a table")
    assert page.url == table_url
    expect(page.locator("#table #hand .slot")).to_have_count(10)
    # The live table still plays while the panel is open.
    wait_for_my_move(page)
    ply = int(table_state(page)["ply"])
    page.click("#pass" if table_state(page)["phase"] == "offer" else "#stock")
    page.wait_for_function(
        "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=ply
    )
    # Escape inside the panel closes it, and the keyboard is back on the Rules button.
    page.locator("#drawer-tab-rules").focus()
    page.keyboard.press("Escape")
    expect(drawer).to_have_count(0)
    expect(page.locator("#rules-button")).to_be_focused()


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_every_page_of_every_game_has_its_text_in_each_language(web, open_page, lang):
    page = open_page(lang)
    page.goto(f"{web.http}/")
    text = messages(lang)
    expect(page.locator("h1")).to_have_text(text["lobby.title"])
    assert page.evaluate("document.documentElement.lang") == lang
    for slug, game in GAMES.items():
        for name in PAGES:
            page.goto(f"{web.http}/#/learn/{slug}/{name}")
            heading = text["learn.heading"].format(
                game=text[f"game.{game}"], page=text[f"learn.page.{name}"]
            )
            expect(page.locator("h1")).to_have_text(heading)
            body = page.locator(".learn-text").first
            expect(body).not_to_be_empty()
            if name != "examples":
                assert body.locator("h2, h3").count() >= 2, (slug, name)


# ---- one whole flow per language -------------------------------------------------------------

LATIN_NAMES = {
    *("Easy", "Harp", "Solitaire", "Réfléchi", "Cardroom", "Thoughtful", "English", "Polski"),
    *("Space", "Enter", "Shift", "Tab", "Escape", "UTC", "Player"),
}


def latin_words(text: str) -> set[str]:
    """Words in Latin letters that are not names, deal codes or room codes."""
    text = re.sub(r"\b[A-Z]{2}1-[A-Z0-9]+-[A-Z]{7}\b", "", text)  # deal codes
    text = re.sub(r"\b[a-z0-9]{10}\b", "", text)  # room codes
    return set(re.findall(r"[A-Za-zÀ-ž]{2,}", text)) - LATIN_NAMES


def play_one_turn(page: Page) -> None:
    wait_for_my_move(page)
    state = table_state(page)
    if state["phase"] == "offer":
        page.click("#pass")
    elif state["phase"] == "draw":
        page.click("#stock")
    else:
        card = page.locator("#hand .slot[data-deadwood='1']:not(.drawn)").first
        card.locator("button").click()
        page.click("#discard")
    page.wait_for_function(
        "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=int(state["ply"])
    )


@pytest.mark.parametrize("lang", ["en", "ko", "pl"])
def test_a_whole_flow_in_each_language(web, open_page, lang):
    text = messages(lang)
    page = open_page(lang)
    page.goto(f"{web.http}/")
    expect(page.locator("#play-easy .tile-title")).to_have_text(text["lobby.play_bot.easy"])
    shot(page, f"lobby-{lang}")
    audit(page, f"lobby ({lang})")
    page.click("#play-easy")
    page.wait_for_selector("#hand .slot")
    for _ in range(3):
        play_one_turn(page)
    wait_for_my_move(page)
    status = page.inner_text("#status")
    statuses = [pattern(v) for k, v in text.items() if k.startswith("status.")]
    assert any(p.match(status) for p in statuses), status
    expect(page.locator("#deadwood")).to_have_text(pattern(text["table.deadwood"]))
    if lang == "ko":
        assert not latin_words(page.inner_text("body")), latin_words(page.inner_text("body"))
    shot(page, f"table-{lang}")
    audit(page, f"gin table ({lang})")

    # A refusal in the player's language: a second draw.
    play_to_my(page, "discard")
    page.click("#stock")
    expect(page.locator("#refusal")).to_have_text(sentence(lang, "gin_rummy", "already_drew"))

    page.click("#rules-button")
    expect(page.locator("#drawer-title")).to_have_text(
        text["learn.heading"].format(game=text["game.gin_rummy"], page=text["learn.page.rules"])
    )
    shot(page, f"table-rules-{lang}")
    page.click("#drawer-close")

    page.goto(f"{web.http}/#/learn/easy-harp/rules")
    if lang == "ko":
        assert not latin_words(page.inner_text("main")), latin_words(page.inner_text("main"))
    shot(page, f"learn-{lang}")
    audit(page, f"learn: easy harp rules ({lang})")
    page.goto(f"{web.http}/#/learn/easy-harp/examples")
    built = CATALOGUE["easy-harp/built-run"]
    box = section(page, built.id)
    box.locator("[data-try='run']").click()
    check_answer(page, lang, built, list(built.tries[0].moves), "one_card")
    box.scroll_into_view_if_needed()
    shot(page, f"examples-{lang}")
    audit(page, f"learn: easy harp examples, a refusal ({lang})")

    # Counts in the page's plural forms (Intl.PluralRules): 1, 2 and 5 cards on the waste.
    start_reflechi(page, web)
    turned = 0
    for n in (1, 2, 5):
        while turned < n:
            page.click("#stock")
            turned += 1
            page.wait_for_function(
                "n => document.querySelector('#board').dataset.moves === String(n)", arg=turned
            )
        label = text["sol.waste_label"].replace("{cards}", t_plural(lang, "count.cards", n))
        expect(page.locator("#waste")).to_have_attribute("aria-label", label)

    # A live solitaire refusal, in the player's language, by its code.
    page.goto(f"{web.http}/")
    page.click("#more-options > summary")
    page.select_option("#sol-game", "easy_harp")
    page.fill("#sol-code", "EH1-N-AAAAAAF")
    page.click("#sol-new")
    expect(page.locator("#deal-code")).to_have_text("EH1-N-AAAAAAF")
    drag(
        page,
        page.locator("[data-pile='c4'][data-count='1']"),
        page.locator("[data-pile='c0'] .card").last,
    )
    expect(page.locator("#refusal")).to_have_text(sentence(lang, "easy_harp", "bad_build"))
    shot(page, f"easy-harp-{lang}")


def test_large_cards_still_fit_a_phone_with_eleven_in_hand(web, open_page):
    page = open_page(viewport=PHONE)
    page.goto(f"{web.http}/")
    page.click("#settings-button")
    page.select_option("#set-card-size", "large")
    page.click("#settings-close")
    page.click("#play-easy")
    page.wait_for_selector("#hand .slot")
    play_to_my(page, "discard")
    expect(page.locator("#hand .slot")).to_have_count(11)
    width = page.locator("#hand .card").first.evaluate("e => e.getBoundingClientRect().width")
    assert width > 50 * 1.15  # large: bigger than the phone's usual 50 px
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for box in page.locator("#hand .slot").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().toJSON())"
    ):
        assert box["left"] >= 0 and box["right"] <= PHONE["width"]
    shot(page, "phone-large-cards")


# ---- settings --------------------------------------------------------------------------------


def test_the_language_is_the_browsers_at_first_and_the_settings_choice_after(web, open_page):
    page = open_page("ko")
    page.goto(f"{web.http}/")
    expect(page.locator("h1")).to_have_text(messages("ko")["lobby.title"])
    page.click("#settings-button")
    expect(page.locator("#settings-dialog")).to_be_visible()
    audit(page, "settings")
    page.select_option("#set-language", "pl")
    expect(page.locator("h1")).to_have_text(messages("pl")["lobby.title"])
    expect(page.locator("#settings-title")).to_have_text(messages("pl")["settings.title"])
    page.click("#settings-close")
    page.reload()
    expect(page.locator("h1")).to_have_text(messages("pl")["lobby.title"])
    assert page.evaluate("document.documentElement.lang") == "pl"
    # Polish plurals from Intl.PluralRules: 2 karty, 5 kart (the match lengths and counts).
    page.click("#more-options > summary")
    options = page.locator("#target option").all_inner_texts()
    assert options == ["100 punktów", "50 punktów", "25 punktów", "10 punktów"]
    audit(page, "lobby, more options (Polish)")
    counts = messages("pl")["count.cards"]
    assert page.evaluate("n => new Intl.PluralRules('pl').select(n)", 2) == "few"
    assert counts["few"].format(n=2) == "2 karty" and counts["many"].format(n=5) == "5 kart"


def t_plural(lang: str, key: str, n: int) -> str:
    """A plural message for ``n``, with the form chosen here by CLDR's rule for whole numbers
    (written out as an oracle independent of the browser's Intl.PluralRules, which the page
    uses): Polish 1 one; 2-4, 22-24.. few (not 12-14); the rest many."""
    forms = messages(lang)[key]
    rule = {"en": lambda k: "one" if k == 1 else "other", "ko": lambda k: "other"}.get(lang)
    if lang == "pl":
        last, tens = n % 10, n % 100
        few = 2 <= last <= 4 and not 12 <= tens <= 14
        form = "one" if n == 1 else "few" if few else "many"
    else:
        form = rule(n)
    return forms[form].replace("{n}", str(n))


def card_colour(page: Page, selector: str) -> str:
    return page.locator(selector).first.evaluate("e => getComputedStyle(e).color")


def test_four_colour_suits_and_card_size(web, open_page):
    page = open_page()
    page.goto(f"{web.http}/#/learn/easy-harp/examples")
    diamond = "[data-example='easy-harp/built-run'] .example-board .card.suit-D"
    club = "[data-example='easy-harp/built-run'] .example-board .card.suit-C"
    heart = "[data-example='easy-harp/built-run'] .example-board .card.suit-H"
    expect(page.locator(diamond).first).to_be_visible()
    before = card_colour(page, diamond), card_colour(page, club)
    assert before[0] == card_colour(page, heart)  # red like hearts
    width = page.locator(diamond).first.evaluate("e => e.getBoundingClientRect().width")
    page.click("#settings-button")
    page.check("#set-four-colour")
    page.select_option("#set-card-size", "small")
    page.click("#settings-close")
    after = card_colour(page, diamond), card_colour(page, club)
    assert after[0] != before[0] and after[1] != before[1]
    assert after[0] != card_colour(page, heart)
    small = page.locator(diamond).first.evaluate("e => e.getBoundingClientRect().width")
    assert small < width
    page.reload()  # kept in localStorage
    expect(page.locator(diamond).first).to_be_visible()
    assert card_colour(page, diamond) == after[0]
    assert page.evaluate("document.documentElement.classList.contains('cards-small')")


def test_double_tap_is_a_setting(web, open_page):
    page = open_page()
    example = CATALOGUE["easy-harp/four-places"]
    page.goto(f"{web.http}/#/learn/easy-harp/examples")
    box = section(page, example.id)
    six = box.locator(".waste [data-pile='waste']").last
    six.dblclick()
    check_answer(page, "en", example, [{"type": "double", "from": "waste"}], None)
    box.locator(".reset").click()
    expect(box).to_have_attribute("data-applied", "0")
    page.click("#settings-button")
    expect(page.locator("#set-double-tap")).to_be_checked()  # on by default
    page.uncheck("#set-double-tap")
    page.click("#settings-close")
    box.locator(".waste [data-pile='waste']").last.dblclick()
    # Off: each tap only tries the foundations, and none takes the six.
    check_answer(page, "en", example, [{"type": "tap", "from": "waste"}], "no_foundation")


def slide_durations(page: Page) -> list[float]:
    return [t["duration"] for t in page.evaluate(ALL_ANIMATIONS)]


def start_reflechi(page: Page, web) -> str:
    page.goto(f"{web.http}/")
    page.click("#more-options > summary")
    page.select_option("#sol-game", "reflechi:1")
    page.fill("#sol-code", encode(REFLECHI_DRAW1, 1))
    page.click("#sol-new")
    expect(page.locator("#deal-code")).to_have_text("TF1-D1N-AAAAAAB")
    return page.url.rsplit("/", 1)[1]


def test_cards_slide_briefly_are_never_hidden_and_never_hold_up_the_next_move(web, open_page):
    page = open_page()
    # Every flight is logged, and once the deal is over held in the air, so the test sees the
    # cards mid-flight on any machine, however slow.
    page.add_init_script(FREEZE_FLIGHTS)
    room = start_reflechi(page, web)
    page.wait_for_function("() => document.getAnimations().length === 0")  # the deal is over
    page.evaluate("() => { window.freeze = true; window.flights = []; }")
    # The ace of hearts up; while it flies, the ten of hearts onto the jack.
    drag(page, page.locator("[data-pile='c4'][data-count='1']"), page.locator("#foundations"))
    page.wait_for_function("() => document.querySelector('#board').dataset.moves === '1'")
    flights = page.evaluate("() => window.flights")
    assert flights and max(flights) <= 250, flights
    # The ace in flight is the card itself, already in its new place in the page, and seen
    # whole all the way: nothing stands in for it, nothing is see-through.
    ace = page.locator("#foundations [data-card='AH']")
    expect(ace).to_have_count(1)
    assert ace.evaluate("e => e.getAnimations().length") == 1
    assert page.evaluate(UNSEEN_CARDS) == []
    drag(
        page,
        page.locator("[data-pile='c2'][data-count='1']"),
        page.locator("[data-pile='c4'] .card").last,
    )
    page.wait_for_function("() => document.querySelector('#board').dataset.moves === '2'")
    # The move did not wait for the ace to land.
    assert ace.evaluate("e => e.getAnimations().some(a => a.playState === 'paused')")
    assert page.evaluate(UNSEEN_CARDS) == []
    page.evaluate("() => document.getAnimations().forEach(a => a.play())")
    engine = Solitaire.new(REFLECHI_DRAW1, 1)
    engine = engine.apply({"type": "move", "from": "c4", "to": "f"})
    engine = engine.apply({"type": "move", "from": "c2", "to": "c4"})
    with server_client(web.ws) as server:
        assert server.watch(room)["game"] == engine.view()
    expect(page.locator("#refusal")).to_have_text("")
    page.wait_for_function("() => document.getAnimations().length === 0")  # every card landed


# The middle of the Pass button, and the first moment of the held flights at which a card's
# drawn box (mid-flight, transformed) covers it: each flight is moved to that moment.
PASS_POINT = """() => {
    const r = document.querySelector('#pass').getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2};
}"""
FLIGHT_OVER = """({x, y}) => {
    const flights = document.getAnimations();
    for (let t = 0; t <= 1000; t += 5) {
        for (const flight of flights) flight.currentTime = t;
        for (const flight of flights) {
            const r = flight.effect.target.getBoundingClientRect();
            if (r.left <= x && x <= r.right && r.top <= y && y <= r.bottom)
                return [t, flight.effect.target.getAttribute('aria-label')];
        }
    }
    return null;
}"""
HIT = """({x, y}) => document.elementFromPoint(x, y)?.closest('button')?.id ?? null"""


def test_a_card_in_the_air_never_takes_a_press_meant_for_the_table(web, open_page):
    """The deal's cards fly from the stock to the hand across the upcard offer. A card in the
    air is not in the way: Pass pressed before a card passes over it and released while it
    is over it still passes. (A release on the card sent the click to the parent the card
    and the button share, not to Pass: a browser test that passed as the hand was dealt
    waited for a move that was never made.) The flights are held and moved by hand, so the
    card is over the button at the release on any machine, however slow."""
    ann, bob = open_page(), open_page()
    seated(web, ann, bob)
    for page in (ann, bob):
        page.add_init_script(FREEZE_FLIGHTS)
        page.add_init_script("window.freeze = true;")  # every flight held at its start
        page.reload()  # the table drawn anew: the deal flies again
        page.wait_for_function("() => window.flights.length >= 10")  # the hand is in the air
    for page in (ann, bob):  # both back: no badge comes or goes to move the table meanwhile
        expect(page.locator(".away")).to_have_count(0)
    # The non-dealer is offered the upcard as the hand is dealt.
    page = next(p for p in (ann, bob) if table_state(p)["mine"] == "1")
    state = table_state(page)
    assert state["phase"] == "offer"
    point = page.evaluate(PASS_POINT)
    over = page.evaluate(FLIGHT_OVER, point)
    assert over, "no card of the deal flies over the Pass button"
    assert page.evaluate(HIT, point) == "pass"  # the card over it is not what is hit
    page.evaluate("() => document.getAnimations().forEach(f => { f.currentTime = 0; })")
    assert page.evaluate(HIT, point) == "pass"
    page.mouse.move(point["x"], point["y"])
    page.mouse.down()
    page.evaluate("t => document.getAnimations().forEach(f => { f.currentTime = t; })", over[0])
    page.mouse.up()
    expect(page.locator("#table")).to_have_attribute("data-ply", str(int(state["ply"]) + 1))
    expect(page.locator("#table")).to_have_attribute("data-mine", "0")


LOG_FLIGHTS = """
    window.flown = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (frames, options) {
        const length = options.duration + (options.delay || 0);
        window.flown.push([this.getAttribute('aria-label'), length]);
        return animate.call(this, frames, options);
    };
"""


def flown(page: Page) -> list[tuple[str, float]]:
    return [tuple(f) for f in page.evaluate("() => window.flown.splice(0)")]


def test_gin_cards_fly_at_the_deal_the_draw_the_discard_and_the_lay_offs(web, open_page):
    page = open_page()
    page.add_init_script(LOG_FLIGHTS)
    page.goto(f"{web.http}/")
    page.click("#play-easy")
    page.wait_for_selector("#hand .slot")
    dealt = until_sync(lambda: len(f := flown(page)) >= 10 and f, what="the deal")
    assert all(duration <= 250 for _, duration in dealt)
    mine = {
        n
        for n in page.locator("#hand .card").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        )
    }
    assert mine <= {name for name, _ in dealt}  # every card of the hand came out of the stock
    play_to_my(page, "draw")
    flown(page)
    page.click("#stock")
    page.wait_for_function("() => document.querySelector('#table').dataset.phase === 'discard'")
    drawn = page.locator("#hand .slot.drawn .card").get_attribute("aria-label")
    assert drawn in {name for name, _ in until_sync(lambda: flown(page), what="the draw")}
    card = page.locator("#hand .slot.drawn").get_attribute("data-card")
    page.locator(f"#hand .slot[data-card='{card}'] button").click()
    page.click("#discard")
    # Gone from the hand for good (the pile shows it only until the bot's move, a tenth of a
    # second: a wait for the pile's top missed it on a loaded machine).
    expect(page.locator(f"#hand .slot[data-card='{card}']")).to_have_count(0)
    names = {name for name, _ in until_sync(lambda: flown(page), what="the discard")}
    assert any(name and name.startswith(drawn.split(",")[0]) for name in names), names

    # The end of a hand: the defender's lay-offs fly to the end of their row.
    page.goto(f"{web.http}/#/learn/gin-rummy/examples")
    box = section(page, "gin-rummy/knock")
    expect(box.locator(".example-board .card").first).to_be_visible()
    flown(page)
    box.locator("[data-try='knock']").click()
    expect(box.locator(".result")).to_be_visible()
    laid = box.locator(".result .slot.laid-off .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert laid and set(laid) <= {
        name for name, _ in until_sync(lambda: flown(page), what="lay-offs")
    }


def test_a_table_drawn_again_in_another_language_deals_no_card_again(web, open_page):
    # A new language draws the page anew: the hand was dealt again, every card sliding out of
    # the stock (over a finished hand's buttons too).
    page = open_page()
    page.add_init_script(LOG_FLIGHTS)
    page.goto(f"{web.http}/")
    page.click("#play-easy")
    until_sync(lambda: len(flown(page)) >= 10, what="the deal")
    wait_for_my_move(page)  # the bot waits for this seat: nothing moves on the table
    page.wait_for_function("() => document.getAnimations().length === 0")
    flown(page)
    page.click("#settings-button")
    page.select_option("#set-language", "pl")
    expect(page.locator("#rules-button")).to_contain_text(messages("pl")["room.rules"])
    page.click("#settings-close")
    expect(page.locator("#table #hand .slot")).to_have_count(10)
    assert flown(page) == []
    # The next move still slides its card (the upcard taken, or the stock's top drawn).
    ply = int(table_state(page)["ply"])
    page.click("#take" if table_state(page)["phase"] == "offer" else "#stock")
    page.wait_for_function(
        "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=ply
    )
    assert until_sync(lambda: flown(page), what="the move's slide")


@pytest.mark.parametrize("how", ["setting", "reduced-motion"])
def test_no_slides_when_turned_off_or_the_system_asks_for_less_motion(web, open_page, how):
    page = open_page(reduced_motion="reduce" if how == "reduced-motion" else "no-preference")
    if how == "setting":
        page.goto(f"{web.http}/")
        page.click("#settings-button")
        page.uncheck("#set-animations")
        page.click("#settings-close")
    start_reflechi(page, web)
    drag(page, page.locator("[data-pile='c4'][data-count='1']"), page.locator("#foundations"))
    page.wait_for_function("() => document.querySelector('#board').dataset.moves === '1'")
    assert slide_durations(page) == []
    assert page.evaluate("() => document.getAnimations().length") == 0


def test_sounds_are_made_on_moves_and_refusals_only_when_sound_is_on(web, open_page):
    page = open_page()
    start_reflechi(page, web)
    drag(page, page.locator("[data-pile='c4'][data-count='1']"), page.locator("#foundations"))
    page.wait_for_function("() => window.cardroom.sounds.includes('card')")
    drag(
        page,
        page.locator("[data-pile='c5'][data-count='2']"),
        page.locator("[data-pile='c6'] .card").last,
    )
    page.wait_for_function("() => window.cardroom.sounds.includes('refuse')")
    assert page.evaluate("() => { const C = window.AudioContext; return typeof C; }") == "function"
    made = page.evaluate("() => window.cardroom.sounds.length")
    page.click("#settings-button")
    expect(page.locator("#set-sound")).to_be_checked()
    page.uncheck("#set-sound")
    page.click("#settings-close")
    drag(
        page,
        page.locator("[data-pile='c5'][data-count='2']"),
        page.locator("[data-pile='c6'] .card").last,
    )
    expect(page.locator("#refusal")).to_have_text(SOLITAIRE_REFUSALS["not_a_run"])
    assert page.evaluate("() => window.cardroom.sounds.length") == made


def test_interactive_rules_in_the_settings_is_the_boards_switch(web, open_page):
    page = open_page()
    page.goto(f"{web.http}/")
    page.click("#more-options > summary")
    page.select_option("#sol-game", "easy_harp")
    page.fill("#sol-code", encode(EASY_HARP, 5))
    page.click("#sol-new")
    expect(page.locator("#interactive-rules")).to_be_checked()
    page.click("#settings-button")
    page.uncheck("#set-rules")
    page.click("#settings-close")
    drag(
        page,
        page.locator("[data-pile='c4'][data-count='1']"),
        page.locator("[data-pile='c0'] .card").last,
    )
    page.wait_for_function("() => window.cardroom.sounds.includes('refuse')")
    expect(page.locator("#refusal")).to_have_text("")
    page.reload()
    expect(page.locator("#interactive-rules")).not_to_be_checked()


# ---- the lobby -------------------------------------------------------------------------------


def test_the_lobby_offers_large_tiles_and_keeps_the_rest_under_more_options(web, open_page):
    page = open_page()
    page.goto(f"{web.http}/")
    for tile in ("#play-easy", "#play-normal", "#play-hard", "#play-expert", "#play-friend"):
        expect(page.locator(tile)).to_be_visible()
        box = page.locator(tile).bounding_box()
        assert box["height"] >= 80 and box["width"] >= 180, tile
    for game in ("eh", "tf1", "tf3"):
        expect(page.locator(f"#{game}-daily")).to_be_visible()
        expect(page.locator(f"#{game}-new")).to_be_visible()
    # Two bots to watch, the match length, codes: only under "More options".
    for hidden in ("#bot-a", "#bot-b", "#target", "#sol-code", "#code"):
        expect(page.locator(hidden)).to_be_hidden()
    page.click("#more-options > summary")
    expect(page.locator("#bot-a")).to_be_visible()
    audit(page, "lobby, more options")
    # Keyboard: the tiles are reached with Tab and started with Enter; each has its words.
    page.locator("#name").focus()
    page.keyboard.press("Tab")
    expect(page.locator("#play-easy")).to_be_focused()
    # Described by its text, then by the line that says a refusal (placed when there is one).
    text, _ = page.locator("#play-easy").get_attribute("aria-describedby").split()
    expect(page.locator(f"#{text}")).to_have_text(messages("en")["lobby.bot_text.easy"])
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand .slot")
    expect(page.locator("#seat-top")).to_contain_text("Easy bot")

    # Today's Easy Harp deal from its tile: no code to show or copy until the day is over.
    status, daily = web.get("/api/daily")
    assert status == 200 and "easy_harp" in daily["solitaires"]
    page.goto(f"{web.http}/")
    page.click("#eh-daily")
    expect(page.locator("#deal-code")).to_have_text(messages("en")["sol.daily_code"])
    expect(page.locator("#copy-code")).to_have_count(0)


# ---- by keyboard alone -----------------------------------------------------------------------


def tab_to(page: Page, selector: str, limit: int = 120, key: str = "Tab") -> None:
    """Press Tab (or Shift+Tab) until ``selector`` has the focus: reachable by keyboard, in
    the page's order."""
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"{selector} is never reached with Tab")


def test_the_learn_pages_and_the_settings_by_keyboard_alone(web, open_page):
    page = open_page()
    page.goto(f"{web.http}/")
    expect(page.locator("#play-easy")).to_be_visible()
    # Learn, from the top bar: the index, a game's rules, its other pages by their tabs.
    tab_to(page, "#nav-learn")
    page.keyboard.press("Enter")
    expect(page.locator(".learn-index .learn-card")).to_have_count(3)
    tab_to(page, "a[href='#/learn/reflechi/rules']")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Solitaire Réfléchi: Rules")
    tab_to(page, "#tab-examples")
    page.keyboard.press("Enter")
    expect(page.locator(".learn")).to_have_attribute("data-page", "examples")
    # An example's try button, by keyboard: the engine answers.
    example = next(e for e in CATALOGUE.values() if e.game_slug == "reflechi")
    attempt = example.tries[0]
    tab_to(page, f"[data-example='{example.id}'] [data-try='{attempt.name}']")
    page.keyboard.press("Enter")
    check_answer(page, "en", example, list(attempt.moves), attempt.expect)
    # Settings: opened, changed and closed with the keyboard; the focus comes back.
    tab_to(page, "#settings-button", key="Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#settings-dialog")).to_be_visible()
    tab_to(page, "#set-four-colour")
    page.keyboard.press("Space")
    expect(page.locator("#set-four-colour")).to_be_checked()
    assert page.evaluate("document.documentElement.classList.contains('four-colour')")
    audit(page, "settings, four-colour suits on")
    page.keyboard.press("Escape")
    expect(page.locator("#settings-dialog")).to_be_hidden()
    expect(page.locator("#settings-button")).to_be_focused()
    audit(page, "learn: réfléchi examples, four-colour suits")
    # Back to the lobby by keyboard, from the top bar.
    tab_to(page, ".topbar .brand", key="Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#play-easy")).to_be_visible()
