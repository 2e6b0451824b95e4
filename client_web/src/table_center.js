// The middle of a Gin Rummy table: the stock, the discard pile (and the whole pile on
// demand) and, on the player's turn to answer it, the upcard offer.
import { cardBack, cardFace, cardName, shortName } from "./cards.js";
import { t } from "./i18n.js";
import { h } from "./vdom.js";

/** ``ui``: {me, replay, showPile, onAction, onTogglePile}; ``mine``: the player is to act. */
export function tableCenter(game, ui, id, mine) {
  const me = ui.me;
  const turn = game.turn;
  const topCard = game.discard_pile[game.discard_pile.length - 1];
  const stock = h(
    "button",
    {
      class: "pile stock",
      id: id("stock"),
      "aria-label": t("table.stock_label", { cards: t("count.cards", { n: turn.stock_count }) }),
      disabled: ui.replay || me == null,
      onclick: () => ui.onAction({ type: "draw_stock" }),
    },
    cardBack("span"),
    // The badge is drawn from data-glyph: the count is in the button's name already.
    h("span", { class: "count", "aria-hidden": "true", "data-glyph": String(turn.stock_count) }),
  );
  const discard = h(
    "button",
    {
      class: "pile discard",
      id: id("discard-pile"),
      "aria-label": topCard ? t("table.pile_label", { card: cardName(topCard) }) : t("table.pile_empty"),
      disabled: ui.replay || me == null || !topCard,
      onclick: () => ui.onAction({ type: turn.phase === "offer" ? "take_upcard" : "draw_discard" }),
    },
    topCard ? cardFace(topCard, "span") : h("span", { class: "card empty" }),
  );
  const offer =
    mine && turn.phase === "offer"
      ? h(
          "div",
          { class: "offer", id: id("offer") },
          h("button", { class: "primary", id: id("take"), onclick: () => ui.onAction({ type: "take_upcard" }) }, t("table.take", { card: shortName(topCard) })),
          h("button", { id: id("pass"), onclick: () => ui.onAction({ type: "pass" }) }, t("table.pass")),
        )
      : null;
  const pileList = ui.showPile
    ? h(
        "div",
        { class: "pile-list", id: id("pile-list"), role: "region", "aria-label": t("table.whole_pile") },
        game.discard_pile.length ? game.discard_pile.map((c) => cardFace(c)) : h("span", { class: "muted" }, t("table.empty")),
      )
    : null;
  return h(
    "div",
    { class: "center" },
    h("div", { class: "piles" }, stock, discard),
    h(
      "button",
      { class: "small", id: id("show-pile"), "aria-expanded": String(!!ui.showPile), onclick: ui.onTogglePile },
      ui.showPile ? t("table.hide_pile") : t("table.show_pile", { n: game.discard_pile.length }),
    ),
    offer,
    pileList,
  );
}
