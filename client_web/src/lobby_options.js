// The lobby's "More options": the match's length, turn clock, public and rated; two bots to
// watch; a solitaire by its deal code; a room by its code. Each form says what went wrong
// next to itself.
import { formError, h } from "./dom.js";
import { describeError, t } from "./i18n.js";
import { botName } from "./table_names.js";
import { LEVELS } from "./lobby_tiles.js";

function levelSelect(id, value) {
  return h(
    "select",
    { id },
    LEVELS.map((level) => h("option", { value: level, selected: level === value }, botName(level))),
  );
}

/** The panel and its match options ({isPublic, rated, target, clock}: the fields, read by
 * the tiles and quick pairing). ``waits``: the lobby's answer group; ``solitaire(game,
 * draw, chosen, report)``: plays a solitaire (the deal-code form's). */
export function moreOptions(app, waits, solitaire) {
  const isPublic = h("input", { type: "checkbox", id: "public" });
  const rated = h("input", { type: "checkbox", id: "rated", checked: true });
  const target = h(
    "select",
    { id: "target" },
    [100, 50, 25, 10].map((points) => h("option", { value: points }, t("count.points", { n: points }))),
  );
  // A turn clock, between two people only (quick pairing offers these three).
  const clock = h(
    "select",
    { id: "clock" },
    h("option", { value: "" }, t("lobby.no_clock")),
    [20, 60].map((n) => h("option", { value: n }, t("lobby.seconds", { n }))),
  );
  const fields = { isPublic, rated, target, clock };
  const options = () => ({ public: isPublic.checked, target: Number(target.value) });
  const el = h(
    "details",
    { class: "panel more", id: "more-options" },
    h("summary", {}, t("lobby.more")),
    h(
      "fieldset",
      {},
      h("legend", {}, t("lobby.match_options")),
      h("div", { class: "row" }, h("label", { for: "target" }, t("lobby.match_to")), target),
      h("div", { class: "row" }, h("label", { for: "clock" }, t("lobby.turn_clock")), clock),
      h("div", { class: "row" }, h("label", {}, isPublic, " ", t("lobby.public"))),
      h("div", { class: "row" }, h("label", {}, rated, " ", t("lobby.rated"))),
    ),
    watchBotsForm(app, waits, options),
    dealCodeForm(waits, solitaire),
    roomCodeForm(app),
  );
  return { el, fields, options };
}

function watchBotsForm(app, waits, options) {
  const botA = levelSelect("bot-a", "hard");
  const botB = levelSelect("bot-b", "expert");
  const openHands = h("input", { type: "checkbox", id: "open-hands", checked: true });
  const watchError = formError("watch-bots-error", botA, botB);
  async function watchBots(event) {
    event.preventDefault();
    watchError.clear();
    try {
      const seats = [botA.value, botB.value].map((level) => ({ kind: "bot", level }));
      const room = await app.conn.create(seats, { ...options(), open_hands: openHands.checked });
      app.navigate(`#/room/${room}`);
    } catch (e) {
      watchError.show(describeError(e));
    }
  }
  return h(
    "form",
    { onsubmit: waits(watchBots) },
    h(
      "fieldset",
      {},
      h("legend", {}, t("lobby.watch_bots")),
      h("div", { class: "row" }, h("label", { for: "bot-a" }, t("lobby.first_bot")), botA, h("label", { for: "bot-b" }, t("lobby.second_bot")), botB),
      h("div", { class: "row" }, h("label", {}, openHands, " ", t("lobby.open_hands"))),
      h("button", { type: "submit", id: "watch-bots" }, t("lobby.watch_start")),
      watchError.el,
    ),
  );
}

function dealCodeForm(waits, solitaire) {
  const solitaireGame = h(
    "select",
    { id: "sol-game", "aria-label": t("lobby.solitaire") },
    h("option", { value: "easy_harp" }, t("game.easy_harp")),
    h("option", { value: "reflechi:1" }, t("lobby.reflechi1")),
    h("option", { value: "reflechi:3" }, t("lobby.reflechi3")),
  );
  const solitaireCode = h("input", { id: "sol-code", placeholder: t("lobby.deal_code"), "aria-label": t("lobby.deal_code"), autocomplete: "off", maxlength: 20 });
  const codeError = formError("sol-code-error", solitaireGame, solitaireCode);
  function byCode(event) {
    event.preventDefault();
    const [game, draw] = solitaireGame.value.split(":");
    const typed = solitaireCode.value.trim();
    codeError.clear();
    return solitaire(game, draw ? Number(draw) : null, typed ? { code: typed } : {}, (e) => codeError.show(describeError(e)));
  }
  return h(
    "form",
    { onsubmit: waits(byCode) },
    h("fieldset", {}, h("legend", {}, t("lobby.by_code")), h("div", { class: "row" }, solitaireGame, solitaireCode, h("button", { type: "submit", class: "primary", id: "sol-new" }, t("lobby.play"))), codeError.el),
  );
}

function roomCodeForm(app) {
  const code = h("input", { id: "code", placeholder: t("lobby.room_code"), "aria-label": t("lobby.room_code"), autocomplete: "off", maxlength: 64 });
  const roomCodeError = formError("code-error", code);
  const joinByCode = (event) => {
    event.preventDefault();
    const value = code.value.trim().split("/").pop();
    if (value) app.navigate(`#/room/${encodeURIComponent(value)}`);
    else roomCodeError.show(t("lobby.code_empty"));
  };
  return h(
    "form",
    { onsubmit: joinByCode },
    h("fieldset", {}, h("legend", {}, t("lobby.have_code")), h("div", { class: "row" }, code, h("button", { type: "submit", id: "open-code" }, t("lobby.open"))), roomCodeError.el),
  );
}
