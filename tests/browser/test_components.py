"""The browser client's components, each on its own: tests/browser/components.js (bundled
here by esbuild, with the English catalogue) draws one component with given data in Debian's
chromium, and each test checks what it shows and what its buttons ask. One page for the whole
module, served from memory (no server): each test draws into the same #root."""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "client_web"
ORIGIN = "http://parts.test"
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="/style.css"></head>
<body><main id="root"></main><script type="module" src="/parts.js"></script></body></html>"""
REPLAYS: dict = {"replays": []}  # what /api/replays answers (test_replays_panel sets it)


def bundle() -> str:
    """components.js and the client's modules it names, as one script (esbuild's bundle)."""
    esbuild = CLIENT / "node_modules" / ".bin" / "esbuild"
    entry = Path(__file__).with_name("components.js")
    args = [str(esbuild), str(entry), "--bundle", "--format=esm", "--target=es2020"]
    return subprocess.run(args, check=True, capture_output=True, text=True, cwd=CLIENT).stdout


@pytest.fixture(scope="module")
def page(chromium):
    script = bundle()
    style = (CLIENT / "public" / "style.css").read_text()
    context = chromium.new_context(viewport={"width": 1440, "height": 900})
    errors: list[str] = []

    def serve(route) -> None:
        path = route.request.url.removeprefix(ORIGIN).split("?")[0]
        bodies = {
            "/": (PAGE, "text/html"),
            "/parts.js": (script, "text/javascript"),
            "/style.css": (style, "text/css"),
            "/api/replays": (json.dumps(REPLAYS), "application/json"),
        }
        body, kind = bodies.get(path, ("", "text/plain"))
        route.fulfill(status=200 if path in bodies else 404, body=body, content_type=kind)

    context.route(f"{ORIGIN}/**", serve)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{ORIGIN}/")
    page.evaluate("() => window.ready")
    page.errors = errors
    yield page
    context.close()


@pytest.fixture(autouse=True)
def clean(page):
    """Each test starts with an empty #root and no recorded call, and leaves no page error."""
    page.evaluate("() => { parts.show(); parts.calls.length = 0; localStorage.clear(); }")
    page.errors.clear()
    yield
    assert not page.errors, page.errors


def calls(page) -> list:
    return page.evaluate("() => parts.calls")


def text(page, selector: str) -> str:
    return page.locator(selector).inner_text()


HAND = ["2H", "3H", "4H", "KS", "9C", "7D", "5S", "JC", "QD", "AS", "6C"]


def gin_view(**room) -> dict:
    """A Gin Rummy view: Ann (seat 0) against Bob (seat 1), Ann to discard, KS just drawn."""
    view = {
        "room": {
            "id": "R1",
            "game": "gin_rummy",
            "status": "playing",
            "spectators": 2,
            "public": False,
            "forfeit": None,
            "seats": [
                {"kind": "human", "name": "Ann", "connected": True, "player": "p0"},
                {"kind": "human", "name": "Bob", "connected": True, "player": "p1"},
            ],
        },
        "game": {
            "turn": {
                "phase": "discard",
                "to_act": 0,
                "ply": 5,
                "legal": ["discard", "knock"],
                "hand_counts": [11, 10],
                "stock_count": 20,
                "deadwood": 12,
                "knocks": {"KS": 2},
                "drawn": "KS",
            },
            "discard_pile": ["3C", "7H"],
            "hand": HAND,
            "melds": [["2H", "3H", "4H"]],
            "scores": [10, 25],
            "target": 100,
            "hand_no": 2,
            "history": [{"seat": 1, "type": "discard", "card": "7H"}],
            "open": None,
            "result": None,
            "winner": None,
        },
    }
    view["room"].update(room)
    return view


def ended(view: dict, **game) -> dict:
    """``view`` at the end of its hand: Ann knocked with 2 against Bob's 20 (3S laid off)."""
    view = copy.deepcopy(view)
    view["game"]["turn"].update(phase="hand_over", to_act=None)
    view["game"]["result"] = {
        "kind": "knock",
        "knocker": 0,
        "winner": 0,
        "points": 18,
        "layoffs": [{"card": "5H", "meld": 0}],
        "hands": [
            {
                "cards": ["2H", "3H", "4H", "KS"],
                "melds": [["2H", "3H", "4H"]],
                "deadwood": 2,
                "deadwood_cards": ["KS"],
            },
            {
                "cards": ["9C", "5H", "QD"],
                "melds": [],
                "deadwood": 20,
                "deadwood_cards": ["9C", "QD"],
            },
        ],
    }
    view["game"].update(game)
    return view


# ---- the lobby -------------------------------------------------------------------------------


def test_gin_tiles_ask_for_their_game_and_say_a_refusal_after_the_tile(page):
    page.evaluate(
        """() => {
        const {record} = parts;
        const gin = parts.ginTiles({bot: (level) => record(`bot:${level}`),
            friend: record('friend'), daily: record('daily'), seek: record('seek')});
        window.gin = gin;
        parts.show(gin.el);
    }"""
    )
    ids = page.eval_on_selector_all("#root .tile", "ts => ts.map(t => t.id)")
    assert ids == [
        "play-easy",
        "play-normal",
        "play-hard",
        "play-expert",
        "play-now",
        "play-friend",
        "daily",
    ]
    assert text(page, "#play-hard .tile-title") == "Play the Hard bot"
    for tile in ("#play-hard", "#play-now", "#play-friend", "#daily"):
        page.click(tile)
    assert calls(page) == [["bot:hard", "click"], ["seek"], ["friend", "click"], ["daily", "click"]]
    page.evaluate(
        "() => gin.error.fail(document.getElementById('play-friend'), {message: 'No room'})"
    )
    assert (
        page.evaluate("() => document.getElementById('play-friend').nextElementSibling.id")
        == "gin-error"
    )
    assert text(page, "#gin-error") == "No room"
    page.evaluate("() => gin.error.clear()")
    assert page.locator("#gin-error").is_hidden()


def test_solitaire_tiles_play_each_deal_and_learn_tiles_link_the_rules(page):
    page.evaluate(
        """() => {
        window.failers = {};
        const start = (game, draw, chosen, failed) => {
            failers[`${game}${draw ?? ''}`] = failed;
            return parts.record(`start:${game}:${draw}:${JSON.stringify(chosen)}`);
        };
        window.sol = parts.solitaireTiles(start);
        parts.show(sol.el, parts.learnTiles());
    }"""
    )
    assert page.get_attribute("#tf3-new", "aria-label") == "New deal of Réfléchi, draw 3"
    page.click("#tf3-new")
    page.click("#eh-daily")
    assert calls(page) == [
        ["start:reflechi:3:{}", "click"],
        ['start:easy_harp:undefined:{"daily":true}', "click"],
    ]
    page.evaluate("() => failers.reflechi1({message: 'Too busy'})")
    assert (
        page.evaluate(
            "() => document.getElementById('sol-error').previousElementSibling"
            ".getAttribute('aria-labelledby')"
        )
        == "tf1-title"
    )
    assert text(page, "#sol-error") == "Too busy"
    links = page.eval_on_selector_all("#root a.learn", "as => as.map(a => a.getAttribute('href'))")
    assert links == ["#/learn/gin-rummy/rules", "#/learn/easy-harp/rules", "#/learn/reflechi/rules"]


APP = """(() => ({
    name: () => 'Ann',
    navigate: parts.record('navigate'),
    conn: {
        state: 'online', player: {id: 'p0'}, lobby: null,
        create: async (...a) => (parts.calls.push(['create', ...a]), 'R9'),
        join: async (...a) => {
            parts.calls.push(['join', ...a]);
            if (window.refuse) throw window.refuse;
        },
        request: async (kind, body) =>
            (parts.calls.push([kind, body ?? null]), window.answers?.[kind] ?? {}),
    },
}))()"""


def test_more_options_watch_bots_a_deal_code_and_a_room_code(page):
    page.evaluate(
        f"""() => {{
        window.app = {APP};
        window.more = parts.moreOptions(app, (f) => f, parts.record('solitaire'));
        parts.show(more.el);
        more.el.open = true;
    }}"""
    )
    page.select_option("#target", "25")
    page.check("#public")
    assert page.evaluate("() => more.options()") == {"public": True, "target": 25}
    page.select_option("#bot-a", "easy")
    page.click("#watch-bots")
    page.wait_for_function("() => parts.calls.length >= 2")
    assert calls(page) == [
        [
            "create",
            [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "expert"}],
            {"public": True, "target": 25, "open_hands": True},
        ],
        ["navigate", "#/room/R9"],
    ]
    page.evaluate("() => parts.calls.length = 0")
    page.select_option("#sol-game", "reflechi:3")
    page.fill("#sol-code", " TF3-N-AAAA ")
    page.click("#sol-new")
    assert calls(page)[0][:4] == ["solitaire", "reflechi", 3, {"code": "TF3-N-AAAA"}]
    page.click("#open-code")
    assert text(page, "#code-error") == "Type a room code or paste its link first."
    page.fill("#code", "http://x/#/room/AB C")
    page.click("#open-code")
    assert calls(page)[-1] == ["navigate", "#/room/AB%20C"]


def test_the_seek_panel_waits_switches_to_casual_and_stops(page):
    page.evaluate(
        f"""() => {{
        window.app = {APP};
        window.answers = {{seek: {{seeking: true, since: Date.now()}}}};
        window.fields = {{target: {{value: '50'}}, clock: {{value: '20'}},
                          rated: {{checked: true}}}};
        const tile = document.createElement('button');
        window.seeker = parts.seekPanel(app, fields, tile);
        parts.show(tile, ...seeker.els);
    }}"""
    )
    assert page.locator("#seeking").is_hidden()
    page.evaluate("() => seeker.seek()")
    assert page.locator("#seeking").is_visible()
    assert text(page, "#seeking-text").startswith("Looking for an opponent: a rated match to 50.")
    assert page.locator("#seek-rule").is_visible()
    assert calls(page) == [["seek", {"target": 50, "turn_seconds": 20, "rated": True}]]
    page.click("#seek-casual")
    assert page.evaluate("() => fields.rated.checked") is False
    assert calls(page)[1:] == [
        ["unseek", None],
        ["seek", {"target": 50, "turn_seconds": 20, "rated": False}],
    ]
    assert page.locator("#seek-rule").is_hidden()
    page.evaluate("() => seeker.heard({type: 'seek_ended', info: {reason: 'expired'}})")
    assert page.locator("#seeking").is_hidden()
    assert text(page, "#play-now-error").startswith("Nobody wanted that match in 5 minutes.")
    # Paired while waiting: the seat is taken and the page goes to the room.
    page.evaluate(
        "() => seeker.again({note: 'lobby.no_show',"
        " settings: {target: 10, turn_seconds: null, rated: false}})"
    )
    assert text(page, "#seek-note").startswith("Your opponent never arrived")
    assert calls(page)[-1] == ["seek", {"target": 10, "turn_seconds": None, "rated": False}]
    page.evaluate("() => seeker.heard({type: 'paired', info: {room: 'R5', seat: 1}})")
    page.wait_for_function("() => parts.calls.some(c => c[0] === 'navigate')")
    assert calls(page)[-2:] == [["join", "R5", 1, "Ann"], ["navigate", "#/room/R5"]]
    assert page.locator("#seeking").is_hidden()


def test_public_rooms_list_the_stream_and_join_an_open_seat(page):
    page.evaluate(
        f"""() => {{
        window.app = {APP};
        window.rooms = parts.publicRooms(app);
        parts.show(rooms.el);
        rooms.update();
    }}"""
    )
    assert text(page, "#rooms") == "Loading…"
    page.evaluate(
        """() => {
        app.conn.lobby = [
            {id: 'R1', game: 'gin_rummy', status: 'playing', scores: [10, 25], spectators: 1,
             seats: [{kind: 'human', name: 'Ann'}, {kind: 'bot', level: 'hard'}]},
            {id: 'R2', game: 'gin_rummy', status: 'waiting', scores: [0, 0], spectators: 0,
             seats: [{kind: 'human', name: 'Bob'}, {kind: 'human', open: true}]},
        ];
        rooms.update();
    }"""
    )
    rows = page.locator("#rooms .room-row")
    assert rows.count() == 2
    assert rows.nth(0).locator(".who").inner_text() == "Ann vs Hard bot"
    assert rows.nth(0).locator("button").count() == 0
    assert rows.nth(0).locator("a").get_attribute("href") == "#/room/R1"
    page.evaluate("() => window.refuse = {message: 'The seat was taken'}")
    rows.nth(1).locator("button").click()
    page.wait_for_selector("#rooms-error:not([hidden])")
    assert text(page, "#rooms-error") == "The seat was taken"
    assert calls(page) == [["join", "R2", 1, "Ann"]]
    page.evaluate("() => { window.refuse = null; app.conn.lobby = []; rooms.update(); }")
    assert text(page, "#rooms") == "No public rooms right now. Create one!"


def test_the_replays_panel_lists_what_the_server_kept(page):
    REPLAYS["replays"] = [
        {
            "id": "G1",
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}],
            "result": {"winner": 0, "scores": [104, 30]},
            "finished_at": 1_800_000_000,
        },
        {
            "id": "S1",
            "seats": [{"kind": "human", "name": "Bob"}],
            "result": {"code": "EH1-N-AAAA", "won": True, "score": 52, "moves": 80},
            "finished_at": 1_800_000_000,
        },
    ]
    page.evaluate("() => parts.show(parts.replaysPanel())")
    page.wait_for_selector("#replays .room-row")
    rows = page.locator("#replays .room-row")
    assert rows.count() == 2
    assert rows.nth(0).locator(".who").inner_text() == "Ann vs Easy bot"
    assert rows.nth(1).inner_text().startswith("EH1-N-AAAA: Bob")
    assert "won, score 52 in 80 moves" in rows.nth(1).inner_text()
    assert rows.nth(0).locator("a").get_attribute("href") == "#/replay/G1"
    REPLAYS["replays"] = []
    page.evaluate("() => parts.show(parts.replaysPanel())")
    page.wait_for_function(
        "() => !document.querySelector('#replays').textContent.includes('Loading')"
    )
    assert text(page, "#replays") == "No finished games yet."


# ---- the live room ---------------------------------------------------------------------------


def test_the_room_header_names_the_room_and_the_join_panel_offers_the_open_seat(page):
    waiting = gin_view(
        status="waiting", seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}]
    )
    page.evaluate(
        """view => {
        const ui = {me: null, copied: 'copied!', onCopied: parts.record('copied')};
        const join = {me: null, acting: false, join: parts.record('join')};
        parts.show(parts.roomHeader(view, 'R1', ui, null), parts.joinPanel(view, join));
    }""",
        waiting,
    )
    assert text(page, "h1") == "Gin Rummy · room R1"
    assert page.locator("#spectating").is_visible()
    assert text(page, "#spectators") == "2 spectators"
    assert text(page, "#copied") == "copied!"
    assert page.get_attribute("#invite", "data-link").endswith("#/room/R1")
    page.click("#invite")
    page.wait_for_function("() => parts.calls.length")
    assert calls(page)[0][0] == "copied"
    page.click("#join")
    assert calls(page)[-1] == ["join", 1]
    # A seated player sees no join panel and no "spectating" badge.
    page.evaluate(
        """view => parts.show(parts.roomHeader(view, 'R1', {me: 0, copied: ''}, null),
                              parts.joinPanel(view, {me: 0, acting: false}))""",
        waiting,
    )
    assert page.locator("#spectating").count() == 0 and page.locator("#join").count() == 0


def test_a_rematch_offer_is_made_answered_and_followed(page):
    over = gin_view(status="finished")
    offered = "{state: 'offered', by: 1, until: Date.now() + 30000}"
    page.evaluate(
        f"""view => parts.show(
            ...parts.rematchOffer(view, 0, {offered}, parts.record('answer')))""",
        over,
    )
    assert text(page, "#rematch-status").startswith("Bob offers a rematch (")
    page.click("#rematch-accept")
    page.click("#rematch-decline")
    assert calls(page) == [["answer", "accept"], ["answer", "decline"]]
    page.evaluate(
        "view => parts.show(...parts.rematchOffer(view, 0, null, parts.record('answer')))", over
    )
    assert text(page, "#rematch") == "Offer a rematch"
    page.click("#rematch")
    assert calls(page)[-1] == ["answer", "offer"]
    # Accepted: the page joins the new room in the other seat and goes there, once.
    page.evaluate(
        f"""view => {{
        parts.calls.length = 0;
        const app = {APP};
        const state = {{acting: false, message: '', offer: null, moving: false}};
        const flow = parts.rematchFlow('R1', {{conn: app.conn, app, state, me: () => 0,
            room: () => ({{view}}), render: parts.record('render')}});
        flow.update({{state: 'accepted', next: 'R2'}});
        flow.update({{state: 'accepted', next: 'R2'}});
    }}""",
        over,
    )
    page.wait_for_function("() => parts.calls.some(c => c[0] === 'navigate')")
    assert [c for c in calls(page) if c[0] != "render"] == [
        ["join", "R2", 1, "Ann"],
        ["navigate", "#/room/R2"],
    ]


def test_the_result_panels_of_a_spectator_a_hand_and_a_match(page):
    view = ended(gin_view())
    page.evaluate("() => parts.show(parts.spectatorActions(true, {state: 'accepted', next: 'R2'}))")
    assert text(page, "#root p") == "The players started a rematch."
    assert page.get_attribute("#follow-rematch", "href") == "#/room/R2"
    page.evaluate(
        """view => parts.show(...parts.handEndActions(view, {review: null,
            onNext: parts.record('next'), onReview: parts.record('review')}))""",
        view,
    )
    assert page.locator("#next-hand-note").is_visible()
    page.click("#next-hand")
    page.click("#review-button")
    assert calls(page) == [["next", "click"], ["review", "click"]]
    page.evaluate(
        """view => parts.show(...parts.handEndActions(view,
            {review: {state: 'loading', message: 'Reading…'}}))""",
        view,
    )
    assert page.locator("#review-button").count() == 0 and text(page, "[role=status]") == "Reading…"
    # The match over against a bot: a rematch at once; after a forfeit by leaving, none.
    bots = gin_view(
        status="finished",
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}],
    )
    page.evaluate(
        """view => parts.show(...parts.matchEndActions(view, {review: null,
            onRematch: parts.record('rematch'), onReview: parts.record('review'),
            friend: null}).filter(Boolean))""",
        bots,
    )
    page.click("#rematch")
    assert calls(page)[-1] == ["rematch", "click"]
    left = gin_view(status="finished", forfeit=1, forfeit_reason="left")
    page.evaluate(
        """view => parts.show(...parts.matchEndActions(view, {review: null,
            rematch: () => { throw new Error('asked'); }, friend: null}).filter(Boolean))""",
        left,
    )
    assert page.locator("#rematch").count() == 0
    assert page.get_attribute("#lobby-link", "class") == "button primary"


def test_the_earlier_result_is_kept_when_the_other_player_deals(page):
    end = ended(gin_view())
    nxt = gin_view()
    nxt["game"]["hand_no"] = 3
    result = page.evaluate(
        """([end, next]) => {
        const state = {shownEnd: null, dealt: null, earlier: null};
        parts.keepEarlier(end, 0, state);
        const kept = state.shownEnd?.game.hand_no;
        parts.keepEarlier(next, 0, state);
        const mine = {shownEnd: null, dealt: 2, earlier: null};
        parts.keepEarlier(end, 0, mine);
        parts.keepEarlier(next, 0, mine);
        parts.show(parts.earlierActions(next, 0, parts.record('close')));
        return [kept, state.earlier?.game.hand_no, state.shownEnd, mine.earlier];
    }""",
        [end, nxt],
    )
    assert result == [2, 2, None, None]  # dealt by this page: no earlier result kept
    assert (
        text(page, "#earlier-note")
        == "Bob has dealt the next hand. Here is how the last one ended."
    )
    page.click("#earlier-close")
    assert calls(page) == [["close", "click"]]


def test_the_hand_moves_selects_discards_and_keeps_its_order(page):
    view = gin_view()
    result = page.evaluate(
        """view => {
        const root = document.getElementById('root');
        const state = {order: [...view.game.hand], selected: null, showPile: false};
        let hand;
        const render = () => parts.show(parts.ownHand(view,
            {...hand.ui, order: state.order, selected: state.selected},
            parts.scoped(null), true)[0]);
        hand = parts.handInput('R1',
            {root, state, act: parts.record('act'), render, me: () => 0, view: () => view});
        window.handState = state;
        window.keepHand = hand.keep;
        render();
        return parts.keptOrder('R1');
    }""",
        view,
    )
    assert result == []
    page.click('#hand button[data-card="KS"]')
    assert page.evaluate("() => handState.selected") == "KS"
    page.focus('#hand button[data-card="2H"]')
    page.keyboard.press("Shift+ArrowRight")
    assert page.evaluate("() => handState.order.slice(0, 2)") == ["3H", "2H"]
    assert page.evaluate("() => document.activeElement.dataset.card") == "2H"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.card") == "4H"
    page.keyboard.press("d")
    page.keyboard.press("k")
    assert calls(page) == [
        ["act", {"type": "discard", "card": "4H"}],
        ["act", {"type": "knock", "card": "4H"}],
    ]
    page.evaluate("() => keepHand()")
    assert page.evaluate("() => parts.keptOrder('R1')")[:2] == ["3H", "2H"]


def test_the_table_slides_and_sounds_a_deal_a_move_and_a_knock(page):
    view = gin_view()
    played = page.evaluate(
        """([view, end]) => {
        const root = document.getElementById('root');
        const motions = parts.tableMotion(root);
        const shown = [];
        const step = (v) => {
            const before = motions.measure();
            parts.show(parts.h('div', {id: 'table'}, parts.h('button', {id: 'stock'})));
            motions.after(before, v);
            shown.push(parts.played.slice(-1)[0] ?? null);
        };
        parts.played.length = 0;
        step(view);
        step({...view, game: {...view.game, turn: {...view.game.turn, ply: 6}}});
        step(end);
        step({...view, game: {...view.game, hand_no: 3}});
        return shown;
    }""",
        [view, ended(view, turn={**view["game"]["turn"], "phase": "hand_over", "ply": 7})],
    )
    assert played == [None, "card", "knock", "deal"]


def test_a_no_show_sends_the_player_back_to_look_again(page):
    closed = gin_view(status="finished", closed="no_show", turn_seconds=20, rated=True)
    open_ = gin_view()
    result = page.evaluate(
        f"""([closed, open]) => {{
        const app = {APP};
        const state = {{open: false, moving: false}};
        const before = parts.noShow(closed, 0, {{open: false, moving: false}}, app);
        const seen = parts.noShow(open, 0, state, app);
        const then = parts.noShow(closed, 0, state, app);
        const again = parts.noShow(closed, 0, state, app);
        return [before, seen, then, again, app.reseek];
    }}""",
        [closed, open_],
    )
    assert result[:4] == [False, False, True, False]
    assert result[4] == {
        "settings": {"target": 100, "turn_seconds": 20, "rated": True},
        "note": "lobby.no_show",
    }
    assert calls(page) == [["navigate", "#/"]]


# ---- the Gin Rummy table ---------------------------------------------------------------------

UI = (
    "{me: 0, order: view.game.hand, selected: null, onAction: parts.record('action'),"
    " onTogglePile: parts.record('pile')}"
)


def test_the_center_offers_the_upcard_and_shows_the_whole_pile(page):
    offer = gin_view()
    offer["game"]["turn"].update(phase="offer", legal=["take_upcard", "pass"])
    page.evaluate(
        f"view => parts.show(parts.tableCenter(view.game, {UI}, parts.scoped(null), true))", offer
    )
    assert page.get_attribute("#stock", "aria-label") == "Stock, 20 cards: draw from it"
    assert text(page, "#take") == "Take the 7♥"
    assert text(page, "#show-pile") == "Whole pile (2)"
    for button in ("#take", "#pass", "#discard-pile", "#stock", "#show-pile"):
        page.click(button)
    actions = [c[1]["type"] if c[0] == "action" else c[0] for c in calls(page)]
    assert actions == ["take_upcard", "pass", "take_upcard", "draw_stock", "pile"]
    # A spectator: nothing to press; the pile shown whole.
    page.evaluate(
        "view => parts.show(parts.tableCenter(view.game, {me: null, showPile: true},"
        " parts.scoped('x-'), false))",
        offer,
    )
    assert page.locator("#x-offer").count() == 0 and page.is_disabled("#x-stock")
    assert (
        page.locator("#x-pile-list .card").count() == 2
        and text(page, "#x-show-pile") == "Hide pile"
    )


def test_hands_laid_open_and_face_down_and_seats_named(page):
    result = page.evaluate(
        """() => {
        parts.show(parts.openHand(['9C', '5H', '2H', '3H', '4H'], [['2H', '3H', '4H']],
            {laidOff: new Map([['5H', 0]]), deadwood: ['9C']}), parts.backs(3));
        const slots = [...document.querySelectorAll('.open-hand .slot')]
            .map(s => [s.querySelector('.card').dataset.card, s.className]);
        const room = {seats: [{kind: 'human', name: 'Ann'}, {kind: 'bot', level: 'hard'}]};
        return {slots, backs: document.querySelector('.backs').getAttribute('aria-label'),
                names: [parts.seatName(room, 0, 0), parts.seatName(room, 0, null),
                        parts.seatName(room, 1, 0)],
                about: [parts.about('x', 0, 0), parts.about('x', 1, 0)]};
    }"""
    )
    assert result["slots"] == [
        ["2H", "slot"],
        ["3H", "slot"],
        ["4H", "slot"],
        ["9C", "slot dead"],
        ["5H", "slot laid-off"],
    ]
    assert result["backs"] == "3 cards, face down"
    assert result["names"] == ["You", "Ann", "Hard bot"]
    assert result["about"] == ["x.you", "x.other"]


def test_the_own_hand_selects_discards_and_knocks(page):
    view = gin_view()
    draw = f"""([view, selected]) => parts.show(...parts.ownHand(view, {{...{UI}, selected,
        onCard: parts.record('card'), onSort: parts.record('sort'), onPointerDown: () => {{}}}},
        parts.scoped(null), true))"""
    page.evaluate(draw, [view, None])
    assert page.locator("#hand .slot").count() == 11
    assert page.get_attribute('#hand button[data-card="KS"]', "data-new") == "new"
    assert page.locator("#hand .slot.drawn .card").get_attribute("data-card") == "KS"
    assert text(page, "#deadwood") == "Deadwood 12"
    assert page.is_disabled("#discard") and text(page, "#knock") == "Knock: select a card"
    page.click('#hand button[data-card="9C"]')
    page.click("#sort")
    page.evaluate(draw, [view, "KS"])
    assert text(page, "#discard") == "Discard K♠" and text(page, "#knock") == "Knock (deadwood 2)"
    page.click("#discard")
    page.click("#knock")
    assert calls(page) == [
        ["card", "9C"],
        ["sort", "click"],
        ["action", {"type": "discard", "card": "KS"}],
        ["action", {"type": "knock", "card": "KS"}],
    ]
    page.evaluate(draw, [gin_view(status="finished"), None])
    assert page.locator("#knock").count() == 0  # a finished match: nothing left to play


def test_the_result_panel_says_the_hand_the_score_and_a_forfeit(page):
    view = ended(gin_view())
    page.evaluate(
        "view => parts.show(parts.resultPanel(view.game, view.room, 1,"
        " parts.h('button', {id: 'act'}, 'go'), parts.scoped(null)))",
        view,
    )
    assert text(page, "#result-title") == "Ann knocks"
    assert text(page, "#score-line") == "Ann scores 18 points (20 \u2212 2 deadwood)."
    assert text(page, "#match-score") == "Match: You 25 \u2013 10 Ann (to 100)"
    assert page.eval_on_selector_all(".result-hand h3", "hs => hs.map(h => h.textContent)") == [
        "Ann: deadwood 2",
        "You: deadwood 20",
    ]
    assert page.locator(".result-hand .laid-off").count() == 1 and page.locator("#act").is_visible()
    forfeit = gin_view(status="finished", forfeit=0, forfeit_reason="left")
    forfeit["game"]["winner"] = 1
    page.evaluate(
        "view => parts.show("
        "parts.resultPanel(view.game, view.room, null, null, parts.scoped(null)))",
        forfeit,
    )
    assert text(page, "#forfeit") == "Ann left the game: Bob wins the match."
    assert page.locator("#score-line").count() == 0


def test_the_seats_say_who_is_away_who_thinks_and_the_cards_held(page):
    view = gin_view(
        seats=[
            {"kind": "human", "name": "Ann", "connected": True},
            {"kind": "bot", "level": "easy"},
        ]
    )
    view["game"]["turn"]["to_act"] = 1
    page.evaluate(
        """view => parts.show(
            parts.topSeat(view, {}, parts.scoped(null), {me: 0, top: 1, inPlay: true}),
            parts.bottomSeat(view, {}, parts.scoped(null), {me: 0, bottom: 0, inPlay: true},
                             parts.h('p', {id: 'mine'}), null))""",
        view,
    )
    assert text(page, "#seat-top strong") == "Easy bot" and page.locator("#thinking").is_visible()
    assert (
        text(page, "#opponent-count") == "10 cards"
        and page.locator("#seat-top .backs .slot").count() == 10
    )
    assert "to-act" in page.get_attribute("#seat-top", "class")
    assert (
        page.locator("#seat-bottom .seat-name").count() == 0 and page.locator("#mine").count() == 1
    )
    away = gin_view(
        seats=[
            {"kind": "human", "name": "Ann", "connected": True},
            {"kind": "human", "name": "Bob", "connected": False, "away_until": 4102444800000},
        ]
    )
    page.evaluate(
        """view => parts.show(
            parts.topSeat(view, {}, parts.scoped(null), {me: 0, top: 1, inPlay: true}),
            parts.bottomSeat(view, {replay: true}, parts.scoped(null),
                             {me: null, bottom: 0, inPlay: true}, null, null))""",
        away,
    )
    assert text(page, "#away-1").startswith("away: forfeits in ")
    assert page.get_attribute("#away-1", "data-until") == "4102444800000"
    assert text(page, "#seat-bottom strong") == "Ann"


def test_the_side_says_the_status_the_scores_and_the_moves(page):
    view = gin_view()
    page.evaluate(
        "view => parts.show(parts.sidePanel(view, 0, {message: 'Not now'}, parts.scoped(null)))",
        view,
    )
    assert (
        text(page, "#status")
        == "Select a card, then Discard it (or Knock, when your deadwood allows)."
    )
    assert text(page, "#refusal") == "Not now"
    assert text(page, "#scores").startswith("You 10 · 25 Bob")
    assert page.eval_on_selector_all("#moves li", "ls => ls.map(l => l.textContent)") == [
        "Bob discarded the 7♥"
    ]
    view["game"]["turn"].update(to_act=1, phase="draw")
    page.evaluate(
        "view => parts.show(parts.sidePanel(view, null, {status: null}, parts.scoped(null)))", view
    )
    assert text(page, "#status") == "Bob to draw…" and text(page, "#scores").startswith(
        "Ann 10 · 25 Bob"
    )


# ---- the solitaires --------------------------------------------------------------------------


def harp(**over) -> dict:
    """An Easy Harp game: a card in the waste, an empty column, a foundation started."""
    game = {
        "game": "easy_harp",
        "draw": 1,
        "stock": 10,
        "waste": ["7H"],
        "waste_count": 1,
        "foundations": [
            {"suit": s, "top": "AS" if s == "S" else None, "count": 1 if s == "S" else 0}
            for s in "SHDC"
        ],
        "columns": [{"down": 2, "up": ["KC", "QH"]}, {"down": 0, "up": []}],
        "moves": 3,
        "score": 40,
        "won": False,
        "undo": True,
        "code": "EH1-N-AAAA",
        "number": 7,
    }
    game.update(over)
    return game


def test_the_board_draws_every_pile_and_its_cards_ask_by_pile(page):
    page.evaluate(
        """game => parts.show(parts.renderBoard(game, {picked: {pile: 'c0', count: 2},
            onPile: parts.record('pile'), onStock: parts.record('stock'),
            onKey: parts.record('key'), onPointerDown: () => {}}))""",
        harp(),
    )
    assert page.get_attribute("#stock", "aria-label") == "Stock, 10 cards: turn one"
    assert page.get_attribute("#board", "data-moves") == "3"
    assert page.locator(".column").nth(0).locator(".stacked.down").count() == 2
    assert page.locator(".stacked.picked .card").get_attribute("data-card") == "KC"
    page.click('#waste [data-card="7H"]')
    page.click('[data-card="QH"]')
    page.click("#stock")
    page.click("[aria-label='Empty column 2']")
    assert calls(page) == [
        ["pile", "waste", 1, "click"],
        ["pile", "c0", 1, "click"],
        ["stock", "click"],
        ["pile", "c1", 0, "click"],
    ]
    page.evaluate("game => parts.show(parts.renderBoard(game, {readonly: true}))", harp())
    assert page.locator("#board button:not([disabled])").count() == 0
    assert page.locator("#board .card[data-card]").count() == 4  # drawn all the same


def test_board_input_taps_double_taps_picks_and_drops(page):
    page.evaluate(
        """game => {
        window.seated = true;
        const render = () =>
            parts.show(parts.renderBoard(game, {...input.ui, picked: input.state.picked}));
        window.input = parts.boardInput({act: parts.record('act'), render, enabled: () => seated});
        parts.show(parts.renderBoard(game, {...input.ui, picked: null}));
    }""",
        harp(),
    )
    page.focus('[data-card="QH"]')
    page.keyboard.press("Space")
    assert page.evaluate("() => input.state.picked") == {"pile": "c0", "count": 1}
    page.focus("[aria-label='Empty column 2']")
    page.click("[aria-label='Empty column 2']")
    page.dblclick('#waste [data-card="7H"]')
    page.keyboard.press("Shift+Enter")  # on the empty column: a double tap asked of it
    page.wait_for_function("() => parts.calls.length >= 2")
    assert calls(page)[:2] == [
        ["act", {"type": "move", "from": "c0", "to": "c1", "count": 1}],
        ["act", {"type": "double", "from": "waste"}],
    ]
    # Without double taps a tap goes at once: the page's own, not a spectator's.
    page.evaluate("() => { parts.calls.length = 0; parts.setSetting('doubleTap', false); }")
    page.click('#waste [data-card="7H"]')
    assert calls(page) == [["act", {"type": "tap", "from": "waste"}]]
    page.evaluate("() => { parts.calls.length = 0; window.seated = false; }")
    page.click('#waste [data-card="7H"]')
    page.click("#stock")
    page.evaluate("() => parts.setSetting('doubleTap', true)")
    assert calls(page) == []
    assert (
        page.evaluate("() => parts.nextCard(document.getElementById('board'), 'c0').dataset.card")
        == "QH"
    )


def test_the_solitaire_bar_and_the_win_screen(page):
    view = {"room": {"seats": [{"kind": "human", "ranked": False}]}, "game": harp()}
    bar = """([view, seated]) => parts.show(parts.solitaireBar(view, seated, {asking: false,
        act: parts.record('act'), ask: parts.record('ask'), toggleNew: parts.record('new'),
        rulesChanged: parts.record('rules')}),
        parts.winPanel(view.game, seated, parts.record('again')))"""
    page.evaluate(bar, [view, True])
    assert text(page, "#deal-code") == "EH1-N-AAAA" and text(page, "#sol-score") == "Score 40"
    for button in ("#undo", "#new", "#hint", "#can-win", "#interactive-rules"):
        page.click(button)
    assert calls(page) == [
        ["act", {"type": "undo"}],
        ["new", "click"],
        ["ask", "hint"],
        ["ask", "winnable"],
        ["rules", False],
    ]
    assert page.evaluate("() => parts.interactiveRules()") is False
    page.click("#interactive-rules")
    assert page.locator("#result").count() == 0
    # Today's ranked attempt: no solver while it is played.
    view["room"]["seats"][0]["ranked"] = True
    page.evaluate(bar, [view, True])
    assert page.locator("#hint").count() == 0 and page.locator("#can-win").count() == 0
    assert text(page, "#ranked-note") == "Ranked attempt: no hints"
    view["game"].update(won=True, code=None)
    page.evaluate(bar, [view, True])
    assert text(page, "#deal-code") == "Today's deal: its code is public tomorrow (UTC)"
    assert page.locator("#hint").count() == 0 and page.locator("#ranked-note").count() == 0
    assert (
        text(page, "#win-title") == "You won!"
        and text(page, "#score-line") == "Score 40 in 3 moves (Today's deal)."
    )
    page.click("#result button")
    assert calls(page)[-1] == ["again", "click"]
    page.evaluate(bar, [view, False])
    assert page.locator("#undo").count() == 0 and page.locator("#result button").count() == 0


def test_the_new_game_panel_starts_each_kind_of_deal(page):
    draw = (
        "game => parts.show(parts.newGamePanel(game,"
        " {starting: false, start: parts.record('start')}))"
    )
    page.evaluate(draw, harp(game="reflechi", draw=3))
    assert page.input_value("#new-draw") == "3"
    page.select_option("#new-draw", "1")
    page.click("#new-daily")
    page.click("#new-same")
    page.check("#new-winnable")
    page.click("#new-random")
    page.fill("#new-code", " TF1-N-BBBB ")
    page.click("#new-code-go")
    assert calls(page) == [
        ["start", {"draw": 1, "daily": True}],
        ["start", {"draw": 1, "number": 7}],
        ["start", {"draw": 1, "winnable": True}],
        ["start", {"draw": 1, "code": "TF1-N-BBBB"}],
    ]
    page.evaluate(draw, harp(code=None))
    assert page.locator("#new-draw").count() == 0
    page.click("#new-same")
    assert calls(page)[-1] == ["start", {"daily": True}]
    page.evaluate("game => parts.show(parts.newGamePanel(game, {starting: true}))", harp())
    assert page.is_disabled("#new-random") and page.is_disabled("#new-code-go")


def test_the_solver_s_answers_in_words(page):
    words = page.evaluate(
        """game => [
        parts.describeHint({action: {type: 'move', from: 'waste', to: 'f'}, verdict: 'winnable'},
                           game),
        parts.describeHint({action: {type: 'move', from: 'c0', to: 'c1', count: 2}, samples: 5,
                            wins: 3}, game),
        parts.describeHint({action: null, verdict: 'unknown'}, game),
        parts.describeVerdict({verdict: 'winnable'}),
        parts.describeVerdict({verdict: 'unknown'}),
    ]""",
        harp(),
    )
    assert (
        words[0]
        == "Hint: Move the 7♥ from the waste to a foundation. After it, this deal can still be won."
    )
    assert words[1].startswith("Hint: Move the 2 cards from the K♣ from column 1 to column 2.")
    assert "5 possible deals" in words[1] and "won in 3 of them" in words[1]
    assert words[2] == (
        "Hint: No move helps now. Not sure: too many possibilities to check in time,"
        " but this move looks best."
    )
    assert words[3:] == [
        "Yes, this deal can still be won.",
        "Not sure: too many possibilities to check in time.",
    ]


def test_the_board_slides_and_sounds_a_move_and_a_win(page):
    played = page.evaluate(
        """game => {
        const motions = parts.boardMotion();
        const shown = [];
        const step = (g) => {
            const before = motions.measure(document.getElementById('board'));
            parts.show(parts.renderBoard(g, {readonly: true}));
            motions.after(document.getElementById('board'), before, g);
            shown.push(parts.played.slice(-1)[0] ?? null);
            parts.played.length = 0;
        };
        parts.played.length = 0;
        step(game);
        step({...game, moves: 4});
        step({...game, moves: 4});
        step({...game, moves: 5, won: true});
        return shown;
    }""",
        harp(),
    )
    assert played == [None, "card", None, "win"]
