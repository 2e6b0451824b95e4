// The slides and sounds of a live Gin Rummy table between two drawings: the deal of a new
// hand, a move's card to where it went, the knock that ends a hand.
import * as motion from "./motion.js";
import * as sound from "./sound.js";
import { flightOrigin } from "./table.js";

// What the last table drawn showed, and of which room. A new page drawing the same table as
// it was (a new language) goes on from there: dealing the hand anew slid every card out of
// the stock, over a finished hand's buttons too. A table that moved on since (a way back from
// another page) is dealt as a first sight of it is; so is another room, or a reload.
let kept = { id: null, shown: null };

/** ``after(before, view)`` after each drawing of ``root``'s table of room ``id`` (``before``:
 * what ``measure()`` said before it). */
export function tableMotion(root, id) {
  // What the last drawing showed: a new deal, a move, a finished hand (for slides and sounds).
  let last = null;
  const seen = kept.id === id ? kept.shown : null;
  function shownAs(view) {
    const turn = view.game.turn;
    return { hand: view.game.hand_no, ply: turn.ply, phase: turn.phase };
  }
  const same = (a, b) => a.hand === b.hand && a.ply === b.ply && a.phase === b.phase;

  function after(before, view) {
    const now = shownAs(view);
    const table = root.querySelector("#table");
    const previous = last ?? (seen && same(seen, now) ? seen : null);
    last = now;
    kept = { id, shown: now };
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
