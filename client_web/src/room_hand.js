// The player's hand at a live table, in their own order: tap to select, Shift+Left/Right
// or a drag to move a card, Left/Right between cards, ``d`` to discard, ``k`` to knock;
// Sort, the whole pile; the order kept in this browser for the room (a reload).
import { sortedHand } from "./cards.js";
import { keepForRoom, keptPerRoom } from "./connection.js";
import { follow } from "./drag.js";

const ORDERS_KEY = "cardroom.orders";

/** The order kept for room ``id`` (none: an empty list). */
export const keptOrder = (id) => keptPerRoom(ORDERS_KEY)[id]?.order || [];

/** The table's handlers of the hand (renderTable's ``ui``) and ``keep()``, which keeps the
 * order if it changed. ``page``: {root, state (its order, selected, showPile), act, render,
 * view(), me()}. */
export function handInput(id, page) {
  const { root, state, act, render } = page;
  let kept = state.order.join(" ");
  function keep() {
    const order = state.order.join(" ");
    if (order === kept || page.me() == null) return;
    kept = order;
    keepForRoom(ORDERS_KEY, id, { order: state.order });
  }

  function moveCard(card, to) {
    const order = state.order.filter((c) => c !== card);
    order.splice(Math.max(0, Math.min(order.length, to)), 0, card);
    state.order = order;
  }

  const ui = {
    onAction: act,
    onCard(card) {
      state.selected = state.selected === card ? null : card;
      render();
    },
    onCardKey(event, card) {
      const i = state.order.indexOf(card);
      const step = event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : 0;
      if (step && event.shiftKey) {
        event.preventDefault();
        moveCard(card, i + step);
        render();
        // Moving an element in the document can take the focus from it: the card keeps it.
        root.querySelector(`#hand button[data-card="${CSS.escape(card)}"]`)?.focus();
      } else if (step) {
        event.preventDefault();
        const next = state.order[(i + step + state.order.length) % state.order.length];
        root.querySelector(`#hand button[data-card="${CSS.escape(next)}"]`)?.focus();
      } else if (event.key === "d" || event.key === "Delete") {
        event.preventDefault();
        act({ type: "discard", card });
      } else if (event.key === "k") {
        event.preventDefault();
        act({ type: "knock", card });
      }
    },
    onPointerDown(event, card) {
      const slot = event.currentTarget;
      follow(event, [slot], (up) => {
        // The new place: after every other card whose middle is left of the pointer.
        const others = [...root.querySelectorAll("#hand .slot")].filter((s) => s !== slot);
        const to = others.filter((s) => {
          const r = s.getBoundingClientRect();
          return r.left + r.width / 2 < up.clientX;
        }).length;
        moveCard(card, to);
        render();
      });
    },
    onSort() {
      const view = page.view();
      if (view?.game.hand) state.order = sortedHand(view.game.hand, view.game.melds);
      render();
    },
    onTogglePile() {
      state.showPile = !state.showPile;
      render();
    },
  };
  return { ui, keep };
}
