// Table phrases (protocol/README.md, Table phrases): the ids the server knows (the same list
// as server/rooms/phrases.py, a test keeps them equal), the menu that says one, and which
// were just said, shown near their seats for a few seconds in this page's language.
import { t } from "./i18n.js";
import { setting } from "./settings.js";
import { h } from "./vdom.js";

export const PHRASES = [
  "hello",
  "good_luck",
  "have_fun",
  "nice_move",
  "nice_hand",
  "well_played",
  "thanks",
  "sorry",
  "oops",
  "wow",
  "close_one",
  "thinking",
  "no_rush",
  "be_right_back",
  "back",
  "lucky",
  "unlucky",
  "good_game",
  "one_more",
  "have_to_go",
];

/** How long a phrase shows near its seat. */
export const SHOWN_MS = 5000;

/** The phrases to show near their seats: new ones in ``view.room.phrases`` (not those said
 * before this page saw the room), each for SHOWN_MS; the opponent's none while the player
 * mutes them (a spectator has no opponent: they see both). ``redraw`` is called when one
 * goes. */
export function phraseBubbles(redraw) {
  const seen = new Set();
  const shown = new Map(); // seat -> {phrase, key}
  let first = true;
  const timers = new Set();
  return {
    update(view, me) {
      const muted = (seat) => me != null && seat !== me && setting("mutePhrases");
      for (const said of view.room.phrases || []) {
        const key = `${said.seat}:${said.at}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (first && Date.now() - said.at > SHOWN_MS) continue; // said before this page came
        shown.set(said.seat, { phrase: said.phrase, key });
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (shown.get(said.seat)?.key !== key) return;
          shown.delete(said.seat);
          redraw();
        }, SHOWN_MS);
        timers.add(timer);
      }
      first = false;
      return new Map([...shown].filter(([seat]) => !muted(seat)));
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

/** A phrase said near its seat (a live region: read out as it comes). */
export function phraseBubble(said, seat, id) {
  if (!said) return null;
  return h("p", { key: said.key, class: "phrase-bubble", id: id(`phrase-${seat}`), role: "status" }, t(`phrase.${said.phrase}`));
}

/** The phrase button and, when open, the list to choose from (large buttons: a thumb's). */
export function phraseMenu(open, onToggle, onSay) {
  const button = h(
    "button",
    { class: "small", id: "phrase-button", "aria-expanded": String(open), "aria-controls": "phrase-list", onclick: onToggle },
    t("phrase.button"),
  );
  const list = open
    ? h(
        "div",
        { class: "phrase-list", id: "phrase-list", role: "group", "aria-label": t("phrase.menu") },
        PHRASES.map((phrase) => h("button", { key: phrase, "data-phrase": phrase, onclick: () => onSay(phrase) }, t(`phrase.${phrase}`))),
      )
    : null;
  return [button, list];
}
