// The solitaire boards (Easy Harp, Solitaire Réfléchi), drawn from the view the server sends.
// Tap a top card: to a foundation; double tap: then the tableau; drag: anywhere; the stock
// turns cards; Undo takes back. The server decides everything: a refused move shows the
// rule's sentence when "interactive rules" is on.
import { cardBack, cardFace, cardName, shortName, suitName } from "./cards.js";
import { scoped } from "./dom.js";
import { follow, under } from "./drag.js";
import { describeError, t } from "./i18n.js";
import { atKeyboard } from "./modality.js";
import * as motion from "./motion.js";
import { setSetting, setting } from "./settings.js";
import * as sound from "./sound.js";
import { draw, h } from "./vdom.js";

const SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const DOUBLE_MS = 280;

export const isSolitaire = (game) => game === "easy_harp" || game === "reflechi";

export const interactiveRules = () => setting("interactiveRules");

/** The board of one view. ``ui``: {readonly, picked, scope (an id prefix for a second
 * board on the page), onPile(pile, count, event), onStock, onKey, onPointerDown} */
export function renderBoard(game, ui) {
  const id = scoped(ui.scope);
  const pile = (name, count = 1) => ({ "data-pile": name, "data-count": count });
  const interactive = !ui.readonly;
  const isPicked = (name, count) => ui.picked && ui.picked.pile === name && ui.picked.count === count;
  const cards = (n) => t("count.cards", { n });

  const stock = h(
    "button",
    {
      class: "pile stock sol-stock",
      id: id("stock"),
      disabled: !interactive,
      "aria-label": game.stock ? t(game.draw === 3 ? "sol.stock_three" : "sol.stock_one", { cards: cards(game.stock) }) : t("sol.stock_empty"),
      onclick: ui.onStock,
    },
    game.stock ? cardBack("span") : h("span", { class: "card empty recycle" }, "\u21BB"),
    // The badge is drawn from data-glyph (the count is in the button's name already); an
    // empty stock shows only the arrow that turns the waste back.
    game.stock ? h("span", { class: "count", "aria-hidden": "true", "data-glyph": String(game.stock) }) : null,
  );

  // Only the top card of the waste plays; the others of a draw-3 fan can still be picked up
  // (with the cards on them), and the server says why that is refused.
  const face = (card, name, count, props = {}) =>
    cardFace(card, interactive ? "button" : "div", {
      ...pile(name, count),
      ...(interactive ? wire(ui, name, count) : {}),
      class: isPicked(name, count) ? "picked" : null,
      ...props,
    });
  const wasteCards = game.waste.map((card, i) => face(card, "waste", game.waste.length - i));
  const waste = h(
    "div",
    { class: `waste fan${game.waste.length}`, id: id("waste"), role: "group", "aria-label": t("sol.waste_label", { cards: cards(game.waste_count) }) },
    wasteCards.length ? wasteCards : h("span", { class: "card empty" }),
  );

  const foundations = h(
    "div",
    { class: "foundations", id: id("foundations"), ...pile("f"), role: "group", "aria-label": t("sol.foundations") },
    game.foundations.map((f, i) => {
      const name = `f${i}`;
      if (!f.top) {
        return h("span", { class: `card empty slot-${f.suit}`, ...pile(name), "aria-label": t("sol.empty_foundation", { n: i + 1, suit: suitName(f.suit) }) }, SUIT_SYMBOL[f.suit]);
      }
      return face(f.top, name, 1, { "aria-label": t("sol.on_foundation", { n: i + 1, card: cardName(f.top), cards: cards(f.count) }) });
    }),
  );

  const columns = h(
    "div",
    { class: `columns cols${game.columns.length}`, id: id("columns") },
    game.columns.map((col, i) => {
      const name = `c${i}`;
      const stacked = [];
      for (let d = 0; d < col.down; d += 1) stacked.push(h("div", { class: "stacked down", key: `down${d}` }, cardBack()));
      col.up.forEach((card, j) => {
        const count = col.up.length - j; // this card and every card on it
        stacked.push(h("div", { class: `stacked up${isPicked(name, count) ? " picked" : ""}`, key: card }, face(card, name, count, { class: null })));
      });
      return h(
        "div",
        { class: "column", ...pile(name, 0), role: "group", "aria-label": t("sol.column_label", { n: i + 1, down: col.down, up: col.up.length }) },
        stacked.length
          ? stacked
          : h("button", { class: "card empty", ...pile(name, 0), disabled: !interactive, "aria-label": t("sol.empty_column", { n: i + 1 }), onclick: (e) => ui.onPile(name, 0, e) }),
      );
    }),
  );

  return h(
    "div",
    { class: `board-sol ${game.game}`, id: id("board"), dataset: { moves: game.moves, score: game.score, won: game.won ? "1" : "0" } },
    h("div", { class: "top-row" }, h("div", { class: "stock-waste" }, stock, waste), foundations),
    columns,
  );
}

/** A playable card's handlers: tap, keys, drag. */
function wire(ui, pileName, count) {
  return {
    onclick: (e) => ui.onPile(pileName, count, e),
    onkeydown: (e) => ui.onKey(e, pileName, count),
    onpointerdown: (e) => ui.onPointerDown(e, pileName, count),
  };
}

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
      if (event?.detail > 1) return; // the tail of a slow double click: the tap went already
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

const pileKey = (pile, role) =>
  pile === "waste" ? [`pile.${role}.waste`, {}] : pile === "f" ? [`pile.${role}.foundation_any`, {}] : pile[0] === "f" ? [`pile.${role}.foundation`, { n: Number(pile.slice(1)) + 1 }] : [`pile.${role}.column`, { n: Number(pile.slice(1)) + 1 }];
const pileWords = (pile, role) => t(...pileKey(pile, role));

/** A hint in words: the move, and how sure it is (from what the player has seen). */
export function describeHint(reply, game) {
  const action = reply.action;
  let move = t("hint.none");
  if (action?.type === "stock") move = t(game?.stock ? "hint.stock" : "hint.recycle");
  else if (action) {
    const from = action.from;
    let cards = t("hint.cards.top");
    if (from === "waste" && game?.waste?.length) cards = t("hint.cards.one", { card: shortName(game.waste[game.waste.length - 1]) });
    else if (from[0] === "c" && game) {
      const up = game.columns[Number(from.slice(1))].up;
      const count = action.count || 1;
      const first = up[up.length - count];
      if (first) cards = count > 1 ? t("hint.cards.run", { n: count, card: shortName(first) }) : t("hint.cards.one", { card: shortName(first) });
    }
    move = t("hint.move", { cards, from: pileWords(from, "from"), to: pileWords(action.to, "to") });
  }
  let sure;
  if (reply.verdict === "winnable") sure = t("hint.sure.winnable");
  else if (reply.verdict === "not_winnable") sure = t("hint.sure.lost");
  else if (reply.samples > 1) sure = t("hint.sure.samples", { wins: reply.wins, samples: t("count.deals", { n: reply.samples }) });
  else sure = t("hint.sure.unknown");
  return t("hint.line", { move, sure });
}

/** "Can this still be won?" in words: a yes, a no or a "not sure", as a player says it. */
export function describeVerdict(reply) {
  return t(reply.verdict === "winnable" ? "verdict.yes" : reply.verdict === "not_winnable" ? "verdict.no" : "verdict.unknown");
}

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

  function newGamePanel(game) {
    if (!state.newGame) return null;
    const drawSelect = h(
      "select",
      { id: "new-draw", "aria-label": t("sol.draw_label") },
      h("option", { value: 1, selected: game.draw === 1 }, t("sol.draw1")),
      h("option", { value: 3, selected: game.draw === 3 }, t("sol.draw3")),
    );
    const code = h("input", { id: "new-code", placeholder: t("sol.code_placeholder"), autocomplete: "off", maxlength: 20, "aria-label": t("sol.code_placeholder") });
    const winnable = h("input", {
      type: "checkbox",
      id: "new-winnable",
      checked: setting("winnableOnly") === true,
      onchange: (e) => setSetting("winnableOnly", e.target.checked),
    });
    const field = (name) => root.querySelector(`#${name}`);
    const start = async (options) => {
      if (state.starting) return; // the second click of a double click: one new game
      const drawn = game.game === "reflechi" ? { draw: Number(field("new-draw").value) } : {};
      state.starting = true;
      render();
      try {
        const fresh = await conn.create([], { game: game.game, ...drawn, ...options });
        await conn.join(fresh, 0, app.name());
        app.navigate(`#/room/${fresh}`);
      } catch (error) {
        state.message = describeError(error);
      }
      state.starting = false;
      render();
    };
    return h(
      "div",
      { class: "panel new-game", id: "new-game", role: "dialog", "aria-label": t("sol.new_game") },
      game.game === "reflechi" ? drawSelect : null,
      h("button", { id: "new-random", class: "primary", disabled: state.starting, onclick: () => start(field("new-winnable").checked ? { winnable: true } : {}) }, t("sol.new_deal")),
      h("label", { class: "small-label", title: t("sol.winnable_title") }, winnable, " ", t("sol.winnable")),
      h("button", { id: "new-daily", disabled: state.starting, onclick: () => start({ daily: true }) }, t("sol.today")),
      h("button", { id: "new-same", disabled: state.starting, onclick: () => start(game.code === null ? { daily: true } : game.number === null ? { code: game.code } : { number: game.number }) }, t("sol.same")),
      h("form", { class: "row", onsubmit: (e) => (e.preventDefault(), start({ code: field("new-code").value.trim() })) }, code, h("button", { type: "submit", id: "new-code-go", disabled: state.starting }, t("sol.play_code"))),
    );
  }

  function render() {
    if (!alive) return;
    const view = room()?.view;
    if (!view) return;
    const game = view.game;
    const rules = h("input", {
      type: "checkbox",
      id: "interactive-rules",
      checked: interactiveRules(),
      onchange: (e) => {
        setSetting("interactiveRules", e.target.checked);
        if (!e.target.checked) state.message = "";
        render();
      },
    });
    const copyCode = async () => {
      try {
        await navigator.clipboard.writeText(game.code);
      } catch {
        /* the code is on screen anyway */
      }
    };
    // Today's ranked attempt: the board ranks what the player finds alone (no solver).
    const ranked = seated() && view.room.seats[0]?.ranked;
    const helped = seated() && !game.won && !ranked;
    const bar = h(
      "div",
      { class: "sol-bar row" },
      // Today's game names no deal until the day is over (its daily code then rebuilds it).
      h("span", { class: "deal-code", id: "deal-code" }, game.code ?? t("sol.daily_code")),
      game.code ? h("button", { class: "small", id: "copy-code", onclick: copyCode, "aria-label": t("sol.copy_label", { code: game.code }) }, t("sol.copy")) : null,
      h("span", { class: "badge", id: "sol-score" }, t("sol.score", { n: game.score })),
      h("span", { class: "badge", id: "sol-moves" }, t("sol.moves", { n: game.moves })),
      seated() ? h("button", { id: "undo", disabled: !game.undo, onclick: () => act({ type: "undo" }) }, t("sol.undo")) : null,
      seated() ? h("button", { id: "new", onclick: () => ((state.newGame = !state.newGame), render()) }, t("sol.new_game")) : null,
      helped ? h("button", { id: "hint", disabled: state.asking, onclick: () => ask("hint") }, t("sol.hint")) : null,
      helped ? h("button", { id: "can-win", disabled: state.asking, onclick: () => ask("winnable") }, t("sol.can_win")) : null,
      ranked && !game.won ? h("span", { class: "muted", id: "ranked-note" }, t("sol.ranked_no_help")) : null,
      h("label", { class: "small-label" }, rules, " ", t("sol.interactive")),
    );
    const won = game.won
      ? h(
          "section",
          { class: "result win", id: "result", role: "dialog", "aria-labelledby": "win-title", tabindex: "0" },
          h("h2", { id: "win-title" }, t(seated() ? "sol.won_you" : "sol.won")),
          h("p", { class: "score-line", id: "score-line" }, t("sol.win_line", { score: game.score, moves: t("count.moves", { n: game.moves }), code: game.code ?? t("sol.today") })),
          seated() ? h("button", { class: "primary", onclick: () => ((state.newGame = true), render()) }, t("sol.new_game")) : null,
        )
      : null;
    const before = motions.measure(root.querySelector("#board"));
    const hadFocus = root.contains(document.activeElement);
    draw(
      root,
      header(view),
      bar,
      newGamePanel(game),
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
