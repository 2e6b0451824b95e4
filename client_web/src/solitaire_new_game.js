// The solitaire's New game panel: a new deal (winnable only, if asked), today's deal, the
// same deal again, or a deal by its code; for Réfléchi, one card or three at a time.
import { repeatedClick } from "./dom.js";
import { t } from "./i18n.js";
import { setSetting, setting } from "./settings.js";
import { h } from "./vdom.js";

/** The panel for ``game``. ``starting``: a new game is on its way (the buttons wait);
 * ``start(options)``: make the game ``options`` ask for (the draw chosen here included). */
export function newGamePanel(game, { starting, start }) {
  const drawSelect = h(
    "select",
    { id: "new-draw", "aria-label": t("sol.draw_label") },
    h("option", { value: 1, selected: game.draw === 1 }, t("sol.draw1")),
    h("option", { value: 3, selected: game.draw === 3 }, t("sol.draw3")),
  );
  const code = h("input", { id: "new-code", placeholder: t("sol.code_placeholder"), autocomplete: "off", maxlength: 20, "aria-label": t("sol.code_placeholder") });
  const winnable = h("input", {
    type: "checkbox",
    id: "new-winnable",
    checked: setting("winnableOnly") === true,
    onchange: (e) => setSetting("winnableOnly", e.target.checked),
  });
  const field = (name) => document.querySelector(`#${name}`);
  // ``event``: the press (the second click of a double click is the first one's).
  const go = (event, options) => repeatedClick(event) || start({ ...(game.game === "reflechi" ? { draw: Number(field("new-draw").value) } : {}), ...options });
  return h(
    "div",
    { class: "panel new-game", id: "new-game", role: "dialog", "aria-label": t("sol.new_game") },
    game.game === "reflechi" ? drawSelect : null,
    h("button", { id: "new-random", class: "primary", disabled: starting, onclick: (e) => go(e, field("new-winnable").checked ? { winnable: true } : {}) }, t("sol.new_deal")),
    h("label", { class: "small-label", title: t("sol.winnable_title") }, winnable, " ", t("sol.winnable")),
    h("button", { id: "new-daily", disabled: starting, onclick: (e) => go(e, { daily: true }) }, t("sol.today")),
    h("button", { id: "new-same", disabled: starting, onclick: (e) => go(e, game.code === null ? { daily: true } : game.number === null ? { code: game.code } : { number: game.number }) }, t("sol.same")),
    h("form", { class: "row", onsubmit: (e) => (e.preventDefault(), go(e, { code: field("new-code").value.trim() })) }, code, h("button", { type: "submit", id: "new-code-go", disabled: starting }, t("sol.play_code"))),
  );
}
