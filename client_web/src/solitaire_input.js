// How a solitaire board is played by hand: taps, double taps, drags and the keyboard, the
// same for the live game and the learn pages' examples; and where the keyboard goes next.
import { repeatedClick } from "./dom.js";
import { follow, under } from "./drag.js";
import { setting } from "./settings.js";

const DOUBLE_MS = 280;

/**
 * How a board is played by hand, for the live game and the learn pages' examples alike:
 * taps (to a foundation), double taps (then the tableau, when the setting is on), drags,
 * and the keyboard (Space picks cards and drops them on a pile, Enter taps, Shift+Enter
 * double-taps, Escape drops the pick). ``act(action)`` sends a move; ``render()`` redraws;
 * ``enabled()`` says whether this page may move at all.
 */
export function boardInput({ act, render, enabled }) {
  const state = { picked: null };
  let tapTimer = null; // {pile, timer}: a tap waiting to see if a second one follows

  function send(action) {
    state.picked = null;
    return act(action);
  }

  const ui = {
    get picked() {
      return state.picked;
    },
    onStock: () => enabled() && send({ type: "stock" }),
    onPile(pileName, count, event) {
      if (!enabled()) return;
      if (state.picked) {
        // Keyboard (or tap) move: the picked cards go to this pile.
        const { pile, count: n } = state.picked;
        if (pile !== pileName) {
          send({ type: "move", from: pile, to: pileName.startsWith("f") ? "f" : pileName, count: n });
          return;
        }
        state.picked = null;
        render();
        return;
      }
      if (count !== 1 || pileName === "f") return; // only a top card taps
      if (!setting("doubleTap")) {
        send({ type: "tap", from: pileName });
        return;
      }
      if (tapTimer && tapTimer.pile === pileName) {
        clearTimeout(tapTimer.timer);
        tapTimer = null;
        send({ type: "double", from: pileName });
        return;
      }
      if (repeatedClick(event)) return; // the tail of a slow double click: the tap went already
      if (tapTimer) {
        // Another card was tapped: the first tap goes now, on its own.
        clearTimeout(tapTimer.timer);
        send({ type: "tap", from: tapTimer.pile });
      }
      const timer = setTimeout(() => {
        tapTimer = null;
        send({ type: "tap", from: pileName });
      }, DOUBLE_MS);
      tapTimer = { pile: pileName, timer };
    },
    onKey(event, pileName, count) {
      if (event.key === " ") {
        event.preventDefault();
        if (state.picked) ui.onPile(pileName, count);
        else if (enabled()) {
          state.picked = { pile: pileName, count };
          render();
        }
      } else if (event.key === "Enter" && event.shiftKey) {
        event.preventDefault();
        if (enabled()) send({ type: "double", from: pileName });
      } else if (event.key === "Escape") {
        state.picked = null;
        render();
      }
    },
    onPointerDown(event, pileName, count) {
      if (!enabled()) return;
      const el = event.currentTarget.closest(".stacked") || event.currentTarget;
      const moving = [el];
      for (let next = el.nextElementSibling; next; next = next.nextElementSibling) moving.push(next);
      follow(event, moving, (up) => {
        const target = under(up.clientX, up.clientY, moving)?.closest("[data-pile]")?.dataset.pile;
        if (target && target !== pileName) send({ type: "move", from: pileName, to: target.startsWith("f") ? "f" : target, count });
      });
    },
  };

  function destroy() {
    if (tapTimer) clearTimeout(tapTimer.timer);
    tapTimer = null;
  }

  return { ui, state, destroy };
}

/** Where a keyboard player acts next on ``board`` once the card they had is gone: the card
 * now on top of the pile it left (``from``), else the stock. */
export function nextCard(board, from) {
  if (!board) return null;
  const left = from ? [...board.querySelectorAll(`[data-pile="${CSS.escape(from)}"].card:not([disabled])`)] : [];
  return left[left.length - 1] || board.querySelector(".sol-stock");
}
