// Hands as a table shows them: laid face up with their meld bars (the end of a hand, open
// hands, replays) or face down (the other player's, a spectator's).
import { cardBack, cardFace, cardName, sortedHand } from "./cards.js";
import { t } from "./i18n.js";
import { h } from "./vdom.js";

export function meldIndex(melds) {
  const index = new Map();
  melds.forEach((meld, i) => meld.forEach((c) => index.set(c, i)));
  return index;
}

export function meldBar(index) {
  return h("span", { class: `meldbar ${index == null ? "none" : `m${index % 4}`}`, "aria-hidden": "true" });
}

/** A hand laid face up (end of hand, open hands, replays), melds first with their bars.
 * Cards laid off on the other hand's melds come last, after a gap: where they went. */
export function openHand(cards, melds, { laidOff = new Map(), deadwood = [] } = {}) {
  const index = meldIndex(melds);
  const dead = new Set(deadwood);
  const sorted = sortedHand(cards, melds);
  const order = [...sorted.filter((c) => !laidOff.has(c)), ...sorted.filter((c) => laidOff.has(c))];
  return h(
    "div",
    { class: "hand open-hand" },
    order.map((card) => {
      const off = laidOff.has(card);
      const face = off ? cardFace(card, "div", { "aria-label": t("card.laid_off", { card: cardName(card) }) }) : cardFace(card);
      const kind = off ? " laid-off" : dead.has(card) ? " dead" : "";
      return h("div", { class: `slot${kind}`, key: card }, face, meldBar(off ? laidOff.get(card) : index.get(card)));
    }),
  );
}

export function backs(count) {
  return h(
    "div",
    { class: "hand backs", role: "img", "aria-label": t("hand.face_down", { n: count }) },
    Array.from({ length: count }, () => h("div", { class: "slot" }, cardBack())),
  );
}
