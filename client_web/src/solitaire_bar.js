// The bar over a live solitaire board (the deal's code, score, moves, Undo, New game, the
// solver's Hint and "Can I win?", interactive rules) and the win screen.
import { t } from "./i18n.js";
import { setSetting, setting } from "./settings.js";
import { h } from "./vdom.js";

export const interactiveRules = () => setting("interactiveRules");

/** The bar of ``view``. ``seated``: the page plays (not a spectator); ``ui``: {asking (the
 * solver is asked), act(action), ask(kind), toggleNew(), rulesChanged(on)}. */
export function solitaireBar(view, seated, ui) {
  const game = view.game;
  const rules = h("input", {
    type: "checkbox",
    id: "interactive-rules",
    checked: interactiveRules(),
    onchange: (e) => {
      setSetting("interactiveRules", e.target.checked);
      ui.rulesChanged(e.target.checked);
    },
  });
  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(game.code);
    } catch {
      /* the code is on screen anyway */
    }
  };
  // Today's ranked attempt: the board ranks what the player finds alone (no solver).
  const ranked = seated && view.room.seats[0]?.ranked;
  const helped = seated && !game.won && !ranked;
  return h(
    "div",
    { class: "sol-bar row" },
    // Today's game names no deal until the day is over (its daily code then rebuilds it).
    h("span", { class: "deal-code", id: "deal-code" }, game.code ?? t("sol.daily_code")),
    game.code ? h("button", { class: "small", id: "copy-code", onclick: copyCode, "aria-label": t("sol.copy_label", { code: game.code }) }, t("sol.copy")) : null,
    h("span", { class: "badge", id: "sol-score" }, t("sol.score", { n: game.score })),
    h("span", { class: "badge", id: "sol-moves" }, t("sol.moves", { n: game.moves })),
    seated ? h("button", { id: "undo", disabled: !game.undo, onclick: () => ui.act({ type: "undo" }) }, t("sol.undo")) : null,
    seated ? h("button", { id: "new", onclick: ui.toggleNew }, t("sol.new_game")) : null,
    helped ? h("button", { id: "hint", disabled: ui.asking, onclick: () => ui.ask("hint") }, t("sol.hint")) : null,
    helped ? h("button", { id: "can-win", disabled: ui.asking, onclick: () => ui.ask("winnable") }, t("sol.can_win")) : null,
    ranked && !game.won ? h("span", { class: "muted", id: "ranked-note" }, t("sol.ranked_no_help")) : null,
    h("label", { class: "small-label" }, rules, " ", t("sol.interactive")),
  );
}

/** The win screen of a won ``game`` (null before); ``onNew``: the player's New game. */
export function winPanel(game, seated, onNew) {
  if (!game.won) return null;
  return h(
    "section",
    { class: "result win", id: "result", role: "dialog", "aria-labelledby": "win-title", tabindex: "0" },
    h("h2", { id: "win-title" }, t(seated ? "sol.won_you" : "sol.won")),
    h("p", { class: "score-line", id: "score-line" }, t("sol.win_line", { score: game.score, moves: t("count.moves", { n: game.moves }), code: game.code ?? t("sol.today") })),
    seated ? h("button", { class: "primary", onclick: onNew }, t("sol.new_game")) : null,
  );
}
