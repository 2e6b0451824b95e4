// Cards slide to where they go: positions are measured before a redraw and the new cards
// start from the old places (FLIP with the Web Animations API). Short (at most 250 ms),
// never when animations are off or the system asks for reduced motion, and never in the
// way: the new cards are live at once, an animation only draws them moving.
import { animationsOn } from "./settings.js";

export const SLIDE_MS = 170;
const DEAL_SPREAD_MS = 70; // the last card of a deal starts this much later: 240 ms in all
const EASING = "cubic-bezier(.2,.7,.3,1)";

function relative(el, frame) {
  const r = el.getBoundingClientRect();
  return { x: r.left - frame.left, y: r.top - frame.top };
}

/** Where every card of ``board`` is now, by card code, relative to the board. */
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

function slideFrom(el, dx, dy, delay = 0) {
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
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
    const at = relative(el, frame);
    slideFrom(el, from.x - at.x, from.y - at.y, cards.length > 1 ? (i * DEAL_SPREAD_MS) / (cards.length - 1) : 0);
  });
}
