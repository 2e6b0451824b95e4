// Cards slide to where they go (FLIP with the Web Animations API): where every card is, is
// measured before a redraw; after it, each card that moved is drawn back at its old place and
// slides to its new one. Short (at most 250 ms), never when animations are off or the system
// asks for reduced motion, and never in the way. What slides is the card itself, live where it
// went (the keyed drawing keeps the element): no copy, nothing see-through, so no card is ever
// blank or hidden, whatever happens to the animation (a background tab, a redraw mid-flight).
import { animationsOn } from "./settings.js";

export const SLIDE_MS = 170;
const DEAL_SPREAD_MS = 70; // the last card of a deal starts this much later: 240 ms in all
const EASING = "cubic-bezier(.2,.7,.3,1)";

function relative(el, frame) {
  const r = el.getBoundingClientRect();
  return { x: r.left - frame.left, y: r.top - frame.top };
}

/** Where every card of ``board`` is now (as seen, mid-flight too), by card code, relative to
 * the board. */
export function measure(board) {
  if (!board || !animationsOn()) return null;
  const frame = board.getBoundingClientRect();
  const places = new Map();
  for (const el of board.querySelectorAll(".card[data-card]")) {
    const list = places.get(el.dataset.card) || [];
    list.push(relative(el, frame));
    places.set(el.dataset.card, list);
  }
  return places;
}

/** Stop a card's slide: it stands where the layout puts it. */
function land(el) {
  for (const animation of el.getAnimations()) animation.cancel();
}

function slideFrom(el, dx, dy, delay = 0) {
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  // Above its neighbours while it flies (a card is positioned: z-index applies), and never
  // what a pointer hits: a card passing over a button (the deal crosses the upcard offer)
  // would take the press or the release meant for it, and the click would be lost.
  const flying = { zIndex: 20, pointerEvents: "none" };
  el.animate([{ transform: `translate(${dx}px, ${dy}px)`, ...flying }, { transform: "none", ...flying }], {
    duration: SLIDE_MS,
    delay,
    easing: EASING,
    fill: "backwards",
  });
}

/**
 * Slide the cards of the redrawn ``board`` from their places in ``before`` (from
 * :func:`measure`). A card that was not there comes from ``origin(el)`` (an element, such
 * as the stock it was drawn from), if given. Copies of one card (two decks) keep their
 * places when they did not move.
 */
export function slide(board, before, origin = null) {
  if (!board || !before || !animationsOn()) return;
  const frame = board.getBoundingClientRect();
  const now = new Map();
  for (const el of board.querySelectorAll(".card[data-card]")) {
    land(el); // measured from where the layout puts it, not from where a slide has it now
    const list = now.get(el.dataset.card) || [];
    list.push(el);
    now.set(el.dataset.card, list);
  }
  for (const [card, els] of now) {
    const old = [...(before.get(card) || [])];
    const pending = [];
    for (const el of els) {
      const at = relative(el, frame);
      const same = old.findIndex((p) => Math.abs(p.x - at.x) < 1 && Math.abs(p.y - at.y) < 1);
      if (same >= 0) old.splice(same, 1);
      else pending.push([el, at]);
    }
    for (const [el, at] of pending) {
      const from = old.shift();
      if (from) {
        slideFrom(el, from.x - at.x, from.y - at.y);
      } else if (origin) {
        const source = origin(el);
        if (source) {
          const o = relative(source, frame);
          slideFrom(el, o.x - at.x, o.y - at.y);
        }
      }
    }
  }
}

/** The deal: every card slides out of ``source`` (the stock), one after the other. */
export function deal(board, source) {
  if (!board || !source || !animationsOn()) return;
  const frame = board.getBoundingClientRect();
  const from = relative(source, frame);
  const cards = [...board.querySelectorAll(".card")].filter((el) => !source.contains(el));
  cards.forEach((el, i) => {
    land(el);
    const at = relative(el, frame);
    slideFrom(el, from.x - at.x, from.y - at.y, cards.length > 1 ? (i * DEAL_SPREAD_MS) / (cards.length - 1) : 0);
  });
}
