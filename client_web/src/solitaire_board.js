// A solitaire board (Easy Harp, Solitaire Réfléchi) drawn from one view: the stock, the
// waste, the foundations and the columns, each card a button while the board is playable.
import { cardBack, cardFace, cardName, suitName } from "./cards.js";
import { scoped } from "./dom.js";
import { t } from "./i18n.js";
import { h } from "./vdom.js";

const SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

/** The board of one view. ``ui``: {readonly, picked, scope (an id prefix for a second
 * board on the page), onPile(pile, count, event), onStock, onKey, onPointerDown} */
export function renderBoard(game, ui) {
  const id = scoped(ui.scope);
  const pile = (name, count = 1) => ({ "data-pile": name, "data-count": count });
  const interactive = !ui.readonly;
  const isPicked = (name, count) => ui.picked && ui.picked.pile === name && ui.picked.count === count;
  const cards = (n) => t("count.cards", { n });

  const stock = h(
    "button",
    {
      class: "pile stock sol-stock",
      id: id("stock"),
      disabled: !interactive,
      "aria-label": game.stock ? t(game.draw === 3 ? "sol.stock_three" : "sol.stock_one", { cards: cards(game.stock) }) : t("sol.stock_empty"),
      onclick: ui.onStock,
    },
    game.stock ? cardBack("span") : h("span", { class: "card empty recycle" }, "\u21BB"),
    // The badge is drawn from data-glyph (the count is in the button's name already); an
    // empty stock shows only the arrow that turns the waste back.
    game.stock ? h("span", { class: "count", "aria-hidden": "true", "data-glyph": String(game.stock) }) : null,
  );

  // Only the top card of the waste plays; the others of a draw-3 fan can still be picked up
  // (with the cards on them), and the server says why that is refused.
  const face = (card, name, count, props = {}) =>
    cardFace(card, interactive ? "button" : "div", {
      ...pile(name, count),
      ...(interactive ? wire(ui, name, count) : {}),
      class: isPicked(name, count) ? "picked" : null,
      ...props,
    });
  const wasteCards = game.waste.map((card, i) => face(card, "waste", game.waste.length - i));
  const waste = h(
    "div",
    { class: `waste fan${game.waste.length}`, id: id("waste"), role: "group", "aria-label": t("sol.waste_label", { cards: cards(game.waste_count) }) },
    wasteCards.length ? wasteCards : h("span", { class: "card empty" }),
  );

  const foundations = h(
    "div",
    { class: "foundations", id: id("foundations"), ...pile("f"), role: "group", "aria-label": t("sol.foundations") },
    game.foundations.map((f, i) => {
      const name = `f${i}`;
      if (!f.top) {
        return h("span", { class: `card empty slot-${f.suit}`, ...pile(name), "aria-label": t("sol.empty_foundation", { n: i + 1, suit: suitName(f.suit) }) }, SUIT_SYMBOL[f.suit]);
      }
      return face(f.top, name, 1, { "aria-label": t("sol.on_foundation", { n: i + 1, card: cardName(f.top), cards: cards(f.count) }) });
    }),
  );

  const columns = h(
    "div",
    { class: `columns cols${game.columns.length}`, id: id("columns") },
    game.columns.map((col, i) => {
      const name = `c${i}`;
      const stacked = [];
      for (let d = 0; d < col.down; d += 1) stacked.push(h("div", { class: "stacked down", key: `down${d}` }, cardBack()));
      col.up.forEach((card, j) => {
        const count = col.up.length - j; // this card and every card on it
        stacked.push(h("div", { class: `stacked up${isPicked(name, count) ? " picked" : ""}`, key: card }, face(card, name, count, { class: null })));
      });
      return h(
        "div",
        { class: "column", ...pile(name, 0), role: "group", "aria-label": t("sol.column_label", { n: i + 1, down: col.down, up: col.up.length }) },
        stacked.length
          ? stacked
          : h("button", { class: "card empty", ...pile(name, 0), disabled: !interactive, "aria-label": t("sol.empty_column", { n: i + 1 }), onclick: (e) => ui.onPile(name, 0, e) }),
      );
    }),
  );

  return h(
    "div",
    { class: `board-sol ${game.game}`, id: id("board"), dataset: { moves: game.moves, score: game.score, won: game.won ? "1" : "0" } },
    h("div", { class: "top-row" }, h("div", { class: "stock-waste" }, stock, waste), foundations),
    columns,
  );
}

/** A playable card's handlers: tap, keys, drag. */
function wire(ui, pileName, count) {
  return {
    onclick: (e) => ui.onPile(pileName, count, e),
    onkeydown: (e) => ui.onKey(e, pileName, count),
    onpointerdown: (e) => ui.onPointerDown(e, pileName, count),
  };
}
