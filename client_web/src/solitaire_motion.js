// The slides and sounds of a solitaire board between two drawings.
import * as motion from "./motion.js";
import * as sound from "./sound.js";

/** Slides and sounds between two drawings of a board: the deal at the start, a move's cards
 * to where they go, a turned card out of the stock. */
export function boardMotion() {
  let last = null;
  return {
    measure: (board) => motion.measure(board),
    after(board, before, game) {
      const previous = last;
      last = { moves: game.moves, won: game.won, number: game.number, undo: game.undo };
      if (!board) return;
      const stock = board.querySelector(".sol-stock");
      if (!previous || previous.number !== last.number) {
        if (game.moves === 0) motion.deal(board, stock);
        return;
      }
      if (previous.moves === last.moves && previous.undo === last.undo) return;
      motion.slide(board, before, (el) => (el.closest(".waste") ? stock : null));
      sound.play(game.won && !previous.won ? "win" : "card");
    },
  };
}
