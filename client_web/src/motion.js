// Cards slide to where they go: positions are measured before a redraw, and each card that
// moved flies from its old place to its new one (FLIP with the Web Animations API). Short (at
// most 250 ms), never when animations are off or the system asks for reduced motion, and never
// in the way: what flies is a copy that takes no clicks, while the real card already sits, live,
// where it went (see-through until the copy lands), so the next tap or drag hits it at once.
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

/** A copy of ``el`` laid over the page at ``el``'s place: seen, but not clickable, not
 * focusable, unseen by screen readers and tests (no ids or data attributes). */
function ghostOf(el) {
  const ghost = el.cloneNode(true);
  for (const node of [ghost, ...ghost.querySelectorAll("*")]) {
    node.removeAttribute("id");
    for (const name of Object.keys(node.dataset || {})) delete node.dataset[name];
  }
  ghost.classList.add("ghost");
  ghost.setAttribute("aria-hidden", "true");
  ghost.setAttribute("inert", "");
  const r = el.getBoundingClientRect();
  const width = el.offsetWidth || r.width;
  const height = el.offsetHeight || r.height;
  ghost.style.left = `${r.left + r.width / 2 - width / 2}px`;
  ghost.style.top = `${r.top + r.height / 2 - height / 2}px`;
  ghost.style.width = `${width}px`;
  ghost.style.height = `${height}px`;
  ghost.style.setProperty("--card-w", `${width}px`); // the card's own size, not the page's
  ghost.style.setProperty("--card-h", `${height}px`);
  document.body.append(ghost);
  return ghost;
}

// Cards in the air: the card, where it lands (in the window) and the element waiting there.
const flights = new Set();

function slideFrom(el, dx, dy, delay = 0) {
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  const ghost = ghostOf(el);
  el.classList.add("landing");
  const flight = { card: el.dataset.card, at: el.getBoundingClientRect(), el };
  flights.add(flight);
  const animation = ghost.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
    duration: SLIDE_MS,
    delay,
    easing: EASING,
    fill: "backwards",
  });
  const land = () => {
    ghost.remove();
    flight.el.classList.remove("landing");
    flights.delete(flight);
  };
  animation.finished.then(land, land);
}

/** After any redraw of ``board``: a card still in the air keeps its place see-through in the
 * new drawing too (else it would show twice, landed and flying). */
export function settle(board) {
  if (!board) return;
  for (const flight of flights) {
    if (flight.el.isConnected) continue;
    for (const el of board.querySelectorAll(`.card[data-card="${CSS.escape(flight.card)}"]`)) {
      const r = el.getBoundingClientRect();
      if (Math.abs(r.left - flight.at.left) < 2 && Math.abs(r.top - flight.at.top) < 2) {
        el.classList.add("landing");
        flight.el = el;
        break;
      }
    }
  }
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
