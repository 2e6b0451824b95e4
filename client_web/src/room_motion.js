// The slides and sounds of a live Gin Rummy table between two drawings: the deal of a new
// hand, a move's card to where it went, the knock that ends a hand.
import * as motion from "./motion.js";
import * as sound from "./sound.js";
import { flightOrigin } from "./table.js";

/** ``after(before, view)`` after each drawing of ``root``'s table (``before``: what
 * ``measure()`` said before it). */
export function tableMotion(root) {
  // What the last drawing showed: a new deal, a move, a finished hand (for slides and sounds).
  let last = null;
  function shownAs(view) {
    const turn = view.game.turn;
    return { hand: view.game.hand_no, ply: turn.ply, phase: turn.phase };
  }

  function after(before, view) {
    const now = shownAs(view);
    const table = root.querySelector("#table");
    const previous = last;
    last = now;
    if (!previous || previous.hand !== now.hand) {
      motion.deal(table, table?.querySelector("#stock"));
      if (previous) sound.play("deal");
    } else if (previous.ply !== now.ply) {
      const ended = now.phase === "hand_over" || now.phase === "match_over";
      motion.slide(table, before, (el) => flightOrigin(table, el));
      sound.play(ended && previous.phase !== now.phase ? "knock" : "card");
    }
  }

  return { measure: () => motion.measure(root.querySelector("#table")), after };
}
