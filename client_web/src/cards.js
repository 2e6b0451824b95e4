// Cards as the protocol writes them ("QH", "TS") and as people read them (in their language).
import { t } from "./i18n.js";
import { h } from "./vdom.js";

export const RANKS = "A23456789TJQK";
const RANK_SHOWN = { T: "10" };
export const SUITS = {
  S: { symbol: "\u2660", red: false },
  H: { symbol: "\u2665", red: true },
  D: { symbol: "\u2666", red: true },
  C: { symbol: "\u2663", red: false },
};

export const rankOf = (card) => card[0];
export const suitOf = (card) => card[1];
export const shownRank = (card) => RANK_SHOWN[card[0]] || card[0];
export const suitName = (suit) => t(`suit.${suit}`);
export const cardName = (card) => t("card.name", { rank: t(`rank.${card[0]}`), suit: suitName(card[1]) });
export const shortName = (card) => `${shownRank(card)}${SUITS[card[1]].symbol}`;
export const deadwoodValue = (card) => Math.min(10, RANKS.indexOf(card[0]) + 1);

/** The face of a card: corners and a large pip, coloured by suit. The rank and suit are drawn
 * by the style sheet from data-glyph (generated content): a picture of the card, not text, so
 * the card's name (its aria-label) is all it says. ``props`` add to (or replace) the
 * element's own: handlers, a label, a class (added to the card's). Keyed by the card. */
export function cardFace(card, tag = "div", props = {}) {
  const suit = SUITS[card[1]];
  const { class: extra, ...rest } = props;
  const corner = (where) =>
    h(
      "span",
      { class: `corner ${where}`, "aria-hidden": "true" },
      h("span", { class: "rank", "data-glyph": shownRank(card) }),
      h("span", { class: "suit", "data-glyph": suit.symbol }),
    );
  return h(
    tag,
    {
      key: card,
      class: `card face ${suit.red ? "red" : "black"} suit-${card[1]}${extra ? ` ${extra}` : ""}`,
      "data-card": card,
      role: tag === "div" ? "img" : null,
      "aria-label": cardName(card),
      ...rest,
    },
    corner("tl"),
    h("span", { class: "pip", "aria-hidden": "true", "data-glyph": suit.symbol }),
    corner("br"),
  );
}

/** The back of a card: carries no information at all. */
export function cardBack(tag = "div") {
  return h(tag, { class: "card back", "aria-hidden": "true" });
}

/** Melds first (in the engine's order), then the rest by rank and suit. */
export function sortedHand(hand, melds) {
  const inMeld = new Set(melds.flat());
  const rest = hand
    .filter((c) => !inMeld.has(c))
    .sort((a, b) => RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]) || "SHDC".indexOf(a[1]) - "SHDC".indexOf(b[1]));
  return [...melds.flat().filter((c) => hand.includes(c)), ...rest];
}
