"""The web client's three languages: every key in every catalogue, plurals as Intl.PluralRules
has them, the server's refusals and errors covered by code, the learn pages with the same
shape in every language, and no words in the source that bypass the catalogues."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from catalogues import catalogues, messages
from jsliterals import literals

from server.examples import CATALOGUE
from server.games.gin_rummy import REFUSALS as GIN_REFUSALS
from server.games.solitaire import REFUSALS as SOLITAIRE_REFUSALS

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "client_web" / "src"
LANGUAGES = ("en", "ko", "pl")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def forms(value) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def sources() -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(SRC.glob("*.js"))}


def test_there_is_a_catalogue_file_per_language():
    assert sorted(catalogues()) == sorted(LANGUAGES)
    for lang in LANGUAGES:
        assert (SRC / "locales" / f"{lang}.js").exists()


@pytest.mark.parametrize("lang", ["ko", "pl"])
def test_every_key_is_in_every_language(lang):
    english, other = set(messages("en")), set(messages(lang))
    assert not english - other, f"missing in {lang}: {sorted(english - other)}"
    assert not other - english, f"only in {lang}: {sorted(other - english)}"
    for key, value in messages(lang).items():
        assert all(isinstance(f, str) and f.strip() for f in forms(value)), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_messages_have_exactly_the_forms_of_their_language(lang):
    categories = set(catalogues()[lang]["categories"])
    english = messages("en")
    for key, value in messages(lang).items():
        assert isinstance(value, dict) == isinstance(english[key], dict), key
        if isinstance(value, dict):
            assert set(value) == categories, (key, sorted(value), sorted(categories))


@pytest.mark.parametrize("lang", ["ko", "pl"])
def test_placeholders_are_the_same_in_every_language(lang):
    english = messages("en")
    for key, value in messages(lang).items():
        wanted = {p for f in forms(english[key]) for p in PLACEHOLDER.findall(f)}
        for form in forms(value):
            assert set(PLACEHOLDER.findall(form)) == wanted, (lang, key, form)


def test_polish_plurals_pick_the_right_form_in_node():
    # What the page does with them: Intl.PluralRules chooses, nothing is written by hand.
    script = (
        "const r = new Intl.PluralRules('pl');"
        "console.log(JSON.stringify([1, 2, 5, 12, 22, 25, 101].map(n => r.select(n))))"
    )
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == ["one", "few", "many", "many", "few", "many", "many"]
    cards = messages("pl")["count.cards"]
    assert len({cards["one"], cards["few"], cards["many"]}) == 3


def test_english_refusals_are_the_servers_sentences_and_every_code_is_translated():
    english = messages("en")
    for game, refusals in (("gin_rummy", GIN_REFUSALS), ("solitaire", SOLITAIRE_REFUSALS)):
        keys = {k.split(".", 2)[2] for k in english if k.startswith(f"refusal.{game}.")}
        assert keys == set(refusals), game
        for code, sentence in refusals.items():
            assert english[f"refusal.{game}.{code}"] == sentence, code


def test_every_error_code_of_the_protocol_has_a_sentence():
    readme = (ROOT / "protocol" / "README.md").read_text()
    table = readme.split("## Errors", 1)[1].split("\n## ", 1)[0]
    codes = set()
    for row in table.splitlines():
        if row.startswith("| `"):
            first = row.split("|")[1]
            codes |= set(re.findall(r"`(\w+)`", first))
    assert {"no_room", "room_full", "bad_deal", "flood"} <= codes  # the table was read
    english = messages("en")
    missing = sorted(c for c in codes if f"error.{c}" not in english)
    assert not missing, missing


def test_every_example_has_its_title_text_and_tries_and_nothing_more():
    english = messages("en")
    wanted = set()
    for example in CATALOGUE.values():
        base = f"ex.{example.game_slug}.{example.name}"
        wanted |= {f"{base}.title", f"{base}.text"}
        wanted |= {f"{base}.try.{t.name}" for t in example.tries}
    have = {k for k in english if k.startswith("ex.")}
    assert have == wanted, (sorted(wanted - have), sorted(have - wanted))


def _shape(text: str) -> tuple:
    lines = [line.strip() for line in text.strip().splitlines()]
    return (
        sum(line.startswith("## ") for line in lines),
        sum(line.startswith("### ") for line in lines),
        sum(line.startswith("- ") for line in lines),
        sum(line.startswith("|") for line in lines),
        [line.count("|") for line in lines if line.startswith("|")],
        sum(not line for line in lines),
        sorted(re.findall(r"\[([A2-9TJQK][SHDC])\]", text)),
        sorted(re.findall(r"\]\((#[^)]*)\)", text)),
    )


@pytest.mark.parametrize("lang", ["ko", "pl"])
def test_learn_pages_have_the_same_shape_and_cards_in_every_language(lang):
    english = messages("en")
    texts = ("learn.gin-rummy.", "learn.easy-harp.", "learn.reflechi.", "ex.")
    pages = [k for k in english if k.startswith(texts)]
    assert len(pages) > 60
    for key in pages:
        assert _shape(messages(lang)[key]) == _shape(english[key]), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_gin_rummy_faq_says_how_friends_work_in_the_client_s_own_words(lang):
    """Friends, presence, blocks, challenges and table phrases are asked about (issue 51), and
    the answers name the pages and settings by the words the client shows."""
    m = messages(lang)
    faq = m["learn.gin-rummy.faq"]
    hide = m["friends.hide"].split(" (")[0]  # the setting, without its explanation
    for words in (m["nav.friends"], m["lobby.more"], hide, m["nav.settings"]):
        assert words in faq, words


def test_every_game_has_all_five_pages():
    english = messages("en")
    for slug in ("gin-rummy", "easy-harp", "reflechi"):
        for page in ("summary", "rules", "tips", "history", "faq", "examples"):
            assert f"learn.{slug}.{page}" in english
        assert english[f"learn.{slug}.rules"].count("## ") >= 6


# ---- the source ------------------------------------------------------------------------------

VISIBLE_KEYS = {"aria-label", "title", "placeholder", "alt", "label"}
STOPWORDS = {
    *("the", "a", "an", "of", "to", "is", "in", "on", "your", "you", "no", "not", "and", "or"),
    *("for", "with", "from", "by", "this", "that", "it", "be", "are", "was", "can", "may"),
    *("will", "has", "have", "try", "again", "please", "card", "cards", "game", "seat", "player"),
}
NOT_TEXT_KEYS = {"class", "className", "id", "type", "href", "method", "rel", "target", "for"}


def _looks_like_words(text: str) -> bool:
    if re.search(r"[^\W\d_]", text) and re.search(r"[^\x00-\x7f]", re.sub(r"[^\w]", "", text)):
        return True  # letters beyond ASCII: Korean, Polish, accents
    words = [w.strip(".,;:!?…") for w in text.split()]
    words = [w for w in words if w.isalpha()]
    if len(words) < 2:
        return False
    return any(w.lower() in STOPWORDS or w[0].isupper() for w in words)


def _is_key_argument(lit) -> bool:
    # Every key has a dot ("room.rules"); a plain word there is a value (a ternary's test).
    keyish = lit.template or "." in lit.text
    return lit.callee in ("t", "about", "has") and lit.argument == 0 and keyish and not lit.compared


def words_outside_catalogues(source: str) -> list[tuple[int, str]]:
    """The literals of ``source`` that a person would read: an element's text or label with
    letters in it, or anything that reads like words of a sentence."""
    bad = []
    for lit in literals(source):
        if _is_key_argument(lit) or lit.before[-1:] in (("from",), ("import",)):
            continue
        if lit.callee == "import" or lit.compared or lit.before[-2:] == ("className", "="):
            continue
        text = lit.text.replace("\0", " ")
        visible = (lit.callee == "h" and lit.argument >= 2) or lit.key in VISIBLE_KEYS
        visible |= lit.before[-2:] in (("textContent", "="), ("innerText", "="))
        visible |= lit.callee == "setAttribute" and lit.argument == 1 and lit.first in VISIBLE_KEYS
        label = visible and re.search(r"[^\W\d_]{2,}", text)
        if label or (lit.key not in NOT_TEXT_KEYS and _looks_like_words(text)):
            bad.append((lit.line, text))
    return bad


def test_the_scanner_finds_words_written_in_code():
    sneaky = """
    // "a comment is not a string" and /* neither is this */
    const re = /^#\\/"x"/g;
    h("button", { id: "undo", class: "small primary" }, "Undo");
    h("p", {}, cond ? t("a.b") : `Score ${n}`);
    el.setAttribute("aria-label", "Close");
    el.setAttribute("role", "img");
    state.message = "You cannot do that now.";
    const label = { title: "Hint" };
    notice.textContent = "Copied";
    const kind = x === "Human player" ? 1 : 2;
    h("span", {}, "\u2660", "10", t(`bot.${level}`));
    const ko = "카드";
    """
    found = [text for _, text in words_outside_catalogues(sneaky)]
    wanted = ["Undo", "Score  ", "Close", "You cannot do that now.", "Hint", "Copied", "카드"]
    assert found == wanted


@pytest.mark.parametrize("name", sorted(sources()))
def test_no_words_for_people_are_written_in_the_source(name):
    """A string in the bundle that a person reads must come from a catalogue: no literal with
    letters is an element's text or label, and no literal anywhere reads like a sentence."""
    bad = words_outside_catalogues(sources()[name])
    assert not bad, f"{name}: words outside the catalogues: {bad}"


def test_the_source_names_only_keys_that_exist_and_uses_every_key():
    english = set(messages("en"))
    used, prefixes = set(), set()
    for name, source in sources().items():
        for lit in literals(source):
            if lit.template:
                if len(lit.head) >= 3:
                    prefixes.add(lit.head)
                if _is_key_argument(lit) and lit.callee == "t":
                    assert any(k.startswith(lit.head) for k in english), (name, lit.line, lit.head)
            elif lit.callee == "about" and _is_key_argument(lit):
                # about(base, seat, me): the key for the player, or the key for anyone else.
                for form in (f"{lit.text}.you", f"{lit.text}.other"):
                    assert form in english, (name, lit.line, form)
                    used.add(form)
            else:
                used.add(lit.text)
                if _is_key_argument(lit):
                    assert lit.text in english, (name, lit.line, lit.text)
    dynamic = tuple(prefixes)
    unused = sorted(k for k in english if k not in used and not k.startswith(dynamic))
    assert not unused, unused


# ---- the wording (issue 35, items 8 and 9) ---------------------------------------------------

# The formal 합니다 register: a sentence that ends in -ㅂ니다/-습니다 (입니다, 합니다, 없습니다...),
# its question -ㅂ니까?, or the formal imperative -십시오. The seeds speak in the 해요 register.
FORMAL_KOREAN = re.compile(r"니다(?![가-힣])|[가-힣]니까\?|십시오")
# A plain (해라체) sentence end: a syllable ending in 다 before a full stop, ! or ? or the end.
PLAIN_KOREAN = re.compile(r"[가-힣]다(?:[.!?]|$)", re.M)


def _korean_sentence_ends(pattern: re.Pattern) -> list[tuple[str, str]]:
    found = []
    for key, value in messages("ko").items():
        for form in forms(value):
            found += [
                (key, form[max(0, m.start() - 12) : m.end() + 2]) for m in pattern.finditer(form)
            ]
    return found


def test_the_korean_scanner_tells_the_registers_apart():
    formal = ["거부됩니다.", "규칙입니다", "할 수 있습니까?", "누르십시오.", "끝났다."]
    friendly = ["거부돼요.", "규칙이에요", "할 수 있나요?", "누르세요.", "그러니까 해요."]
    assert all(FORMAL_KOREAN.search(s) or PLAIN_KOREAN.search(s) for s in formal)
    assert not any(FORMAL_KOREAN.search(s) or PLAIN_KOREAN.search(s) for s in friendly)


def test_korean_speaks_in_the_seeds_friendly_register_everywhere():
    formal = _korean_sentence_ends(FORMAL_KOREAN)
    assert not formal, formal
    plain = _korean_sentence_ends(PLAIN_KOREAN)
    assert not plain, plain


AWKWARD = {
    "pl": [
        "Ile razy, tyle razy",
        "płaci raz na partię",
        "25 premii",
        "od którego się zaczyna",
        "tam, dokąd idą",
        # issue 50
        "możliwych rozdań:",  # a count written by hand: "4 możliwych rozdań"
        "Zagraj: ",
        "Poznaj: ",
        "oglądać albo dołączyć",
        "Gdzie była przegrana",
        "wygrywającą linię",
        "gra dnia",
        "Gra dnia",
        "najprawdziwszym sensie",
        "| różnicę |",
        "+ różnicę |",
    ],
    "ko": [
        "유일한 옵션",
        "기본으로 켜짐)가 켜져",
        # issue 50
        "점수가 되면 노크해도",
        "번째 판",
        "}번째",  # "1번째", "0번째 수": an ordinal written after a number
        "그대로 두었어요",
        "레이팅이 있는 두 사람의",
        "이동",  # a move is 수 everywhere
        "더미에서 뽑기",  # drawing in Gin Rummy is 가져오기 everywhere
    ],
    "en": ["the one option N", "slide to where they go"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_phrases_a_native_reader_stops_at_are_gone(lang):
    found = [
        (key, phrase)
        for key, value in messages(lang).items()
        for form in forms(value)
        for phrase in AWKWARD[lang]
        if phrase in form
    ]
    assert not found, found


# Nothing in Easy Harp takes points away (the stock is free, a card taken back costs nothing,
# Undo only removes what the undone move earned): a floor under the score names a rule that
# does not exist there.
SCORE_FLOOR = {
    "en": re.compile(r"below (0|zero)", re.I),
    "pl": re.compile(r"poniżej (0|zera)", re.I),
    "ko": re.compile(r"0(점)?\s*(아래|밑|보다 낮)|아무리 깎여도"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_easy_harp_pages_claim_no_score_floor(lang):
    prefixes = ("learn.easy-harp.", "ex.easy-harp.")
    pages = {k: v for k, v in messages(lang).items() if k.startswith(prefixes)}
    assert pages
    found = [k for k, v in pages.items() if SCORE_FLOOR[lang].search(v)]
    assert not found, found
    # Réfléchi's recycling costs 100, so there the floor is a rule and its pages keep it.
    assert SCORE_FLOOR[lang].search(messages(lang)["learn.reflechi.rules"])


def test_easy_harp_runs_are_taken_apart_from_the_bottom_as_the_seeds_say():
    # The seeds: 아래쪽 카드부터 (ko), zaczynając od dołu (pl); the same card English calls the top.
    for lang, words, wrong in (("ko", "아래쪽", "위에서부터"), ("pl", "od dołu", "od góry")):
        for key in ("learn.easy-harp.rules", "ex.easy-harp.built-run.text"):
            text = messages(lang)[key]
            assert words in text and wrong not in text, (lang, key)


SOLVER_KEYS = ("verdict.yes", "verdict.no", "verdict.unknown")
DEVELOPER_WORDS = {
    "en": ["budget", "positions", "explored", "searched", "proved", "line wins", "{searched}"],
    "pl": ["budżet", "pozycj", "udowodniono", "{searched}"],
    "ko": ["예산", "탐색", "국면", "증명", "{searched}"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_solver_answers_speak_to_the_player(lang):
    keys = [*SOLVER_KEYS, *(k for k in messages(lang) if k.startswith("hint.sure."))]
    assert len(keys) == 7
    for key in keys:
        for form in forms(messages(lang)[key]):
            used = [w for w in DEVELOPER_WORDS[lang] if w.lower() in form.lower()]
            assert not used, (key, form, used)
    # Sampled deals are said in player terms: the hidden cards, and the deals tried.
    samples = messages(lang)["hint.sure.samples"]
    hidden = {"en": "face down", "pl": "zakryt", "ko": "뒷면"}[lang]
    assert hidden in samples and "{wins}" in samples and "{samples}" in samples


def test_a_knock_before_drawing_is_refused_with_a_sentence_about_knocking():
    code = CATALOGUE["gin-rummy/melds"].tries[0]
    assert code.name == "knock" and code.expect == "must_draw_before_knock"
    assert "knock" in GIN_REFUSALS[code.expect]
    for lang, word in (("en", "knock"), ("ko", "노크"), ("pl", "zapuka")):
        assert word in messages(lang)[f"refusal.gin_rummy.{code.expect}"], lang


# One word per concept: the room is what you join by code or link, the table is what is drawn.
ROOM_WORDS = {"ko": ("방", "테이블"), "pl": ("pokój", "stół")}
ROOM_KEYS = (
    "room.title",
    "room.unavailable",
    "lobby.room_code",
    "lobby.rooms",
    "lobby.friend_text",
    "error.no_room",
    "error.not_joined",
    "player.unrated",
)


@pytest.mark.parametrize("lang", ["ko", "pl"])
def test_a_room_is_called_the_same_everywhere(lang):
    room, table = ROOM_WORDS[lang]
    stem = room[:3]  # pokój, pokoju, pokoje, pokoi
    for key in ROOM_KEYS:
        text = messages(lang)[key].lower()
        assert stem in text or (lang == "pl" and "pokoi" in text), (key, text)
        assert table[:3] not in text, (key, text)
    english = messages("en")
    for key in ROOM_KEYS:
        assert "room" in english[key].lower() and "table" not in english[key].lower(), key


# ---- issue 50: the words a Korean and a Polish reader stopped at, and the one formatter -------


def test_korean_findings_read_as_the_issue_asks():
    ko = messages("ko")
    assert "남은 카드가 10점 이하면 노크할 수도 있어요" in ko["status.your_discard"]
    assert ko["learn.allowed"].endswith("그대로 진행했어요.")
    assert ko["learn.page.faq"] == "자주 묻는 질문"
    assert ko["table.deadwood"] == "남은 카드 {n}점"
    assert ko["replay.hand"] == "{n}판" and "번째" not in ko["replay.position"]
    # 님 comes with a person's name (name.person), never from a message: a bot is never 님.
    assert ko["name.person"] == "{name} 님"
    with_honorific = [k for k, v in ko.items() if k != "name.person" and "님" in "".join(forms(v))]
    assert not with_honorific, with_honorific


def test_polish_findings_read_as_the_issue_asks():
    pl = messages("pl")
    assert pl["lobby.play_bot.easy"] == "Zagraj z łatwym botem"
    assert pl["lobby.learn_game"] == "Poznaj {game}"
    assert pl["lobby.public"].endswith("albo do niego dołączyć")
    assert "| pukający | różnica |" in pl["learn.gin-rummy.rules"]
    # Three words for three things: the day's boards, the rating, a rated match.
    assert "Ranking" not in pl["nav.boards"] + pl["board.title"]
    assert pl["nav.boards"] == pl["board.title"] == "Tabele wyników"
    assert pl["player.rating"].startswith("Ranking") and "rankingow" in pl["lobby.rated"]


DASH = "\u2013"  # the en dash between two scores, and for a missing number


def i18n_calls(*calls) -> list:
    """The results of the client's own i18n.js functions, run in Node (tests/i18n_calls.mjs):
    each call is (language, function name, *arguments)."""
    out = subprocess.run(
        ["node", str(ROOT / "tests" / "i18n_calls.mjs"), json.dumps(calls)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(out.stdout)


def test_numbers_are_written_the_languages_way_with_their_decimals():
    assert i18n_calls(
        ("pl", "formatNumber", 0, 1),
        ("pl", "formatNumber", 59.7),
        ("en", "formatNumber", 0, 1),
        ("ko", "formatNumber", 12345),
        ("en", "formatNumber", None),
    ) == ["0,0", "59,7", "0.0", "12,345", DASH]


def test_counts_go_through_the_plural_rules():
    samples = [("pl", "t", "count.deals", {"n": n}) for n in (1, 4, 5, 22, 1.5)]
    assert i18n_calls(*samples) == [
        "1 możliwe rozdanie",
        "4 możliwe rozdania",
        "5 możliwych rozdań",
        "22 możliwe rozdania",
        "1,5 możliwego rozdania",
    ]
    # The hint's sentence with its count (as solitaire.js builds it): no count by hand.
    deals = i18n_calls(("pl", "t", "count.deals", {"n": 4}))[0]
    hint = i18n_calls(("pl", "t", "hint.sure.samples", {"samples": deals, "wins": 3}))[0]
    assert "sprawdzono 4 możliwe rozdania:" in hint
    assert i18n_calls(
        ("ko", "t", "count.in_moves", {"n": 1234}), ("pl", "t", "count.in_moves", {"n": 1})
    ) == [
        "1,234수 만에",
        "w 1 ruchu",
    ]


def test_days_are_written_the_languages_way_never_as_iso():
    days = i18n_calls(*((lang, "formatDay", "2026-12-06") for lang in LANGUAGES))
    assert days == ["December 6, 2026", "2026년 12월 6일", "6 grudnia 2026"]
    # A moment (a profile's "since", in ms): its day where the reader is (noon UTC: the same
    # day in any zone Node may run in).
    noon = 1796558400000  # 2026-12-06 12:00 UTC
    assert i18n_calls(("pl", "formatDay", noon), ("ko", "formatDay", noon)) == [
        "6 grudnia 2026",
        "2026년 12월 6일",
    ]


def test_a_matchs_scores_put_the_winners_first():
    assert i18n_calls(
        ("en", "formatScores", [45, 130], 1),
        ("en", "formatScores", [130, 45], 0),
        ("ko", "formatScores", [1002, 3], 0),
        ("en", "formatScores", [7, 9], None),
    ) == [f"130{DASH}45", f"130{DASH}45", f"1,002{DASH}3", f"7{DASH}9"]


def test_a_persons_name_carries_the_korean_honorific_and_only_there():
    assert i18n_calls(
        ("ko", "personName", "Ann"), ("en", "personName", "Ann"), ("pl", "personName", "Ann")
    ) == ["Ann 님", "Ann", "Ann"]


def test_numbers_and_dates_are_formatted_in_one_place():
    """Every number, count and date a page shows goes through i18n.js (Intl by the page's
    language): no toFixed, toLocale* or Intl of its own elsewhere."""
    own = re.compile(r"\.toFixed\(|\.toLocale\w*\(|\bIntl\.")
    found = [
        (name, n + 1, line.strip())
        for name, source in sources().items()
        if name != "i18n.js"
        for n, line in enumerate(source.splitlines())
        if own.search(line)
    ]
    assert not found, found
