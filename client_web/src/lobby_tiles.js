// The lobby's large tiles: a Gin Rummy tile for each bot level, quick pairing, a friend and
// today's game; each solitaire with today's deal or a new one; the learn pages. A tile that
// fails says why right after itself.
import { formError, h } from "./dom.js";
import { describeError, t } from "./i18n.js";

export const LEVELS = ["easy", "normal", "hard", "expert"];
const SOLITAIRES = [
  { key: "eh", game: "easy_harp", titleKey: "game.easy_harp" },
  { key: "tf1", game: "reflechi", draw: 1, titleKey: "lobby.reflechi1" },
  { key: "tf3", game: "reflechi", draw: 3, titleKey: "lobby.reflechi3" },
];
export const LEARN_SLUGS = { gin_rummy: "gin-rummy", easy_harp: "easy-harp", reflechi: "reflechi" };

/** A large choice: a title and a line that says what it is. */
function tile(id, title, text, onclick, extra = {}) {
  const textId = `${id}-text`;
  return h(
    "button",
    { class: `tile ${extra.class || ""}`, id, type: "button", onclick, "aria-describedby": textId },
    h("span", { class: "tile-title" }, title),
    h("span", { class: "tile-text", id: textId }, text),
  );
}

/** One error line for a group of tiles (the formError pattern), written right after the
 * tile whose press failed: in sight of the finger, on a phone as on a laptop. */
function tilesError(id, tiles) {
  const error = formError(id, ...tiles);
  return {
    el: error.el,
    clear: error.clear,
    /** ``tile``'s refusal ``e``, said after it. */
    fail(tile, e) {
      tile.after(error.el);
      error.show(describeError(e));
    },
  };
}

/** The Gin Rummy tiles. ``on``: {bot(level) (the handler of its tile), friend, daily (handlers),
 * seek()}; ``playNow``: quick pairing's tile (its
 * own error line is the seek's); ``error.fail(tile, e)`` says another tile's refusal. */
export function ginTiles(on) {
  const playNow = tile("play-now", t("lobby.play_now"), t("lobby.play_now_text"), () => on.seek(), { class: "friend now" });
  const others = [
    ...LEVELS.map((level) => tile(`play-${level}`, t(`lobby.play_bot.${level}`), t(`lobby.bot_text.${level}`), on.bot(level), { class: `bot ${level}` })),
    tile("play-friend", t("lobby.friend"), t("lobby.friend_text"), on.friend, { class: "friend" }),
    tile("daily", t("lobby.daily"), t("lobby.daily_text"), on.daily, { class: "daily" }),
  ];
  // Every Gin Rummy tile but quick pairing (which has its own line) says a refusal after itself.
  const error = tilesError("gin-error", others);
  const el = h("div", { class: "tiles" }, others.slice(0, LEVELS.length), playNow, others.slice(LEVELS.length));
  return { el, playNow, error };
}

/** The solitaire tiles, two buttons each; ``start(game, draw, chosen, failed)``: the
 * handler of a button that plays one, ``failed(e)`` saying its refusal after its tile. */
export function solitaireTiles(start) {
  const el = h(
    "div",
    { class: "tiles" },
    SOLITAIRES.map((s) => {
      const card = h(
        "div",
        { class: `tile sol-tile ${s.game}`, role: "group", "aria-labelledby": `${s.key}-title` },
        h("span", { class: "tile-title", id: `${s.key}-title` }, t(s.titleKey)),
        h("span", { class: "tile-text" }, t(`lobby.sol_text.${s.key}`)),
      );
      const failed = (e) => error.fail(card, e);
      card.append(
        h(
          "span",
          { class: "tile-actions" },
          // Three tiles, the same two words: each button's name says its solitaire.
          h("button", { class: "primary", id: `${s.key}-daily`, "aria-label": t("lobby.todays_deal_of", { game: t(s.titleKey) }), onclick: start(s.game, s.draw, { daily: true }, failed) }, t("lobby.todays_deal")),
          h("button", { id: `${s.key}-new`, "aria-label": t("lobby.new_deal_of", { game: t(s.titleKey) }), onclick: start(s.game, s.draw, {}, failed) }, t("lobby.new_deal")),
        ),
      );
      return card;
    }),
  );
  const error = tilesError("sol-error", [...el.querySelectorAll("button")]);
  return { el, error };
}

/** The learn pages' tiles, a link to each game's rules. */
export function learnTiles() {
  return h(
    "div",
    { class: "tiles learn-tiles" },
    Object.entries(LEARN_SLUGS).map(([game, slug]) =>
      h(
        "a",
        { class: "tile learn", id: `learn-${slug}`, href: `#/learn/${slug}/rules` },
        h("span", { class: "tile-title" }, t("lobby.learn_game", { game: t(`game.${game}`) })),
        h("span", { class: "tile-text" }, t("lobby.learn_text")),
      ),
    ),
  );
}
