// The solitaire boards (Easy Harp, Solitaire Réfléchi), drawn from the view the server sends.
// Tap a top card: to a foundation; double tap: then the tableau; drag: anywhere; the stock
// turns cards; Undo takes back. The server decides everything: a refused move shows the
// rule's sentence when "interactive rules" is on. Its parts are modules of their own: the
// board (solitaire_board.js), how it is played (solitaire_input.js), its slides
// (solitaire_motion.js), the bar and win screen (solitaire_bar.js), the New game panel
// (solitaire_new_game.js) and the solver's answers (solitaire_words.js).
import { describeError, t } from "./i18n.js";
import { atKeyboard } from "./modality.js";
import * as sound from "./sound.js";
import { interactiveRules, solitaireBar, winPanel } from "./solitaire_bar.js";
import { renderBoard } from "./solitaire_board.js";
import { boardInput, nextCard } from "./solitaire_input.js";
import { boardMotion } from "./solitaire_motion.js";
import { newGamePanel } from "./solitaire_new_game.js";
import { describeHint, describeVerdict } from "./solitaire_words.js";
import { draw, h } from "./vdom.js";

export { interactiveRules } from "./solitaire_bar.js";
export { renderBoard } from "./solitaire_board.js";
export { boardInput, nextCard } from "./solitaire_input.js";
export { boardMotion } from "./solitaire_motion.js";
export { describeHint, describeVerdict } from "./solitaire_words.js";

export const isSolitaire = (game) => game === "easy_harp" || game === "reflechi";

/** The live board: taps, double taps, drags, keyboard, undo, new game, win screen. */
export function mountSolitaire(root, app, id, header) {
  const conn = app.conn;
  const state = { message: "", newGame: false, answer: "", asking: false, starting: false };
  let alive = true;
  const motions = boardMotion();

  const room = () => conn.rooms.get(id);
  const seated = () => room()?.seat != null;

  let lastFrom = null; // the pile the last move took cards from

  async function act(action) {
    lastFrom = action.from ?? null;
    if (state.message || state.answer) {
      state.message = "";
      state.answer = "";
    }
    render();
    try {
      await conn.act(id, action);
    } catch (error) {
      if (interactiveRules()) state.message = describeError(error, "solitaire");
      sound.play("refuse");
    }
    render();
  }

  const input = boardInput({ act, render, enabled: seated });

  /** Ask the server's solver: a hint, or whether the game can still be won. */
  async function ask(kind) {
    state.asking = true;
    state.answer = t(kind === "hint" ? "sol.thinking" : "sol.searching");
    render();
    try {
      const reply = await conn.request(kind, { room: id });
      const game = room()?.view?.game;
      state.answer = kind === "hint" ? describeHint(reply, game) : describeVerdict(reply);
    } catch (error) {
      state.answer = describeError(error);
    }
    state.asking = false;
    render();
  }

  // ``options``: the New game panel's (its draw included).
  async function start(game, options) {
    if (state.starting) return; // the second click of a double click: one new game
    state.starting = true;
    render();
    try {
      const fresh = await conn.create([], { game: game.game, ...options });
      await conn.join(fresh, 0, app.name());
      app.navigate(`#/room/${fresh}`);
    } catch (error) {
      state.message = describeError(error);
    }
    state.starting = false;
    render();
  }

  const bar = {
    act,
    ask,
    toggleNew: () => ((state.newGame = !state.newGame), render()),
    rulesChanged(on) {
      if (!on) state.message = "";
      render();
    },
  };

  function render() {
    if (!alive) return;
    const view = room()?.view;
    if (!view) return;
    const game = view.game;
    const won = winPanel(game, seated(), () => ((state.newGame = true), render()));
    const before = motions.measure(root.querySelector("#board"));
    const hadFocus = root.contains(document.activeElement);
    draw(
      root,
      header(view),
      solitaireBar(view, seated(), { ...bar, asking: state.asking }),
      state.newGame ? newGamePanel(game, { starting: state.starting, start: (options) => start(game, options) }) : null,
      // Over the page, not in its flow: a refusal or an answer never moves the board.
      h(
        "div",
        { class: "sol-messages" },
        h("p", { class: "refusal", id: "refusal", role: "alert" }, state.message),
        h("p", { class: "solver-answer", id: "solver-answer", role: "status" }, state.answer),
      ),
      h("div", { class: "sol-wrap" }, renderBoard(game, { ...input.ui, readonly: !seated(), picked: input.state.picked }), won),
    );
    motions.after(root.querySelector("#board"), before, game);
    // The card that had the keyboard went (to a foundation, a column): the keyboard goes on
    // to the card now on top where it was, not back to the top of the page.
    if (atKeyboard() && hadFocus && !root.contains(document.activeElement)) nextCard(root.querySelector("#board"), lastFrom)?.focus();
  }

  function destroy() {
    alive = false;
    input.destroy();
  }

  return { render, destroy };
}
