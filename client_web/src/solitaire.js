// The solitaire boards (Easy Harp, Solitaire Réfléchi), drawn from the view the server sends.
// Tap a top card: to a foundation; double tap: then the tableau; drag: anywhere; the stock
// turns cards; Undo takes back. The server decides everything: a refused move shows the
// rule's sentence when "interactive rules" is on.
import { cardBack, cardFace, cardName } from "./cards.js";
import { h, replaceKeepingFocus } from "./dom.js";

const SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RULES_KEY = "cardroom.interactiveRules";
const DOUBLE_MS = 280;

export const isSolitaire = (game) => game === "easy_harp" || game === "reflechi";

export function interactiveRules() {
  return localStorage.getItem(RULES_KEY) !== "off";
}

/** The board of one view. ``ui``: {readonly, picked, onPile(pile, count, event), onStock,
 * onPointerDown(event, pile, count)} */
export function renderBoard(game, ui) {
  const pile = (name, count = 1) => ({ "data-pile": name, "data-count": count });
  const interactive = !ui.readonly;
  const isPicked = (name, count) => ui.picked && ui.picked.pile === name && ui.picked.count === count;

  const stock = h(
    "button",
    {
      class: "pile stock sol-stock",
      id: "stock",
      "data-focus": "stock",
      disabled: !interactive,
      "aria-label": game.stock ? `Stock, ${game.stock} cards: turn ${game.draw === 3 ? "three" : "one"}` : "Stock empty: turn the waste back",
      onclick: ui.onStock,
    },
    game.stock ? cardBack("span") : h("span", { class: "card empty recycle" }, "\u21BB"),
    h("span", { class: "count" }, String(game.stock)),
  );

  const wasteCards = game.waste.map((card, i) => {
    const top = i === game.waste.length - 1;
    const el = cardFace(card, top && interactive ? "button" : "div");
    if (top) Object.entries(pile("waste")).forEach(([k, v]) => el.setAttribute(k, v));
    if (top && interactive) wire(el, ui, "waste", 1);
    if (top && isPicked("waste", 1)) el.classList.add("picked");
    return el;
  });
  const waste = h(
    "div",
    { class: `waste fan${game.waste.length}`, id: "waste", "aria-label": `Waste, ${game.waste_count} cards` },
    wasteCards.length ? wasteCards : h("span", { class: "card empty" }),
  );

  const foundations = h(
    "div",
    { class: "foundations", id: "foundations", ...pile("f"), role: "group", "aria-label": "Foundations" },
    game.foundations.map((f, i) => {
      const name = `f${i}`;
      if (!f.top) {
        return h("span", { class: `card empty slot-${f.suit}`, ...pile(name), "aria-label": `Empty ${cardName("A" + f.suit).split(" of ")[1]} foundation` }, SUIT_SYMBOL[f.suit]);
      }
      const el = cardFace(f.top, interactive ? "button" : "div");
      Object.entries(pile(name)).forEach(([k, v]) => el.setAttribute(k, v));
      el.setAttribute("aria-label", `${cardName(f.top)} on a foundation (${f.count} cards)`);
      if (interactive) wire(el, ui, name, 1);
      if (isPicked(name, 1)) el.classList.add("picked");
      return el;
    }),
  );

  const columns = h(
    "div",
    { class: `columns cols${game.columns.length}`, id: "columns" },
    game.columns.map((col, i) => {
      const name = `c${i}`;
      const cards = [];
      for (let d = 0; d < col.down; d += 1) cards.push(h("div", { class: "stacked down" }, cardBack()));
      col.up.forEach((card, j) => {
        const count = col.up.length - j; // this card and every card on it
        const el = cardFace(card, interactive ? "button" : "div");
        Object.entries(pile(name, count)).forEach(([k, v]) => el.setAttribute(k, v));
        if (interactive) wire(el, ui, name, count);
        const wrap = h("div", { class: `stacked up${isPicked(name, count) ? " picked" : ""}` }, el);
        cards.push(wrap);
      });
      return h(
        "div",
        { class: "column", ...pile(name, 0), role: "group", "aria-label": `Column ${i + 1}: ${col.down} face down, ${col.up.length} face up` },
        cards.length ? cards : h("button", { class: "card empty", ...pile(name, 0), disabled: !interactive, "aria-label": `Empty column ${i + 1}`, onclick: (e) => ui.onPile(name, 0, e) }),
      );
    }),
  );

  return h(
    "div",
    { class: `board-sol ${game.game}`, id: "board", dataset: { moves: game.moves, score: game.score, won: game.won ? "1" : "0" } },
    h("div", { class: "top-row" }, h("div", { class: "stock-waste" }, stock, waste), foundations),
    columns,
  );
}

function wire(el, ui, pileName, count) {
  el.dataset.focus = `${pileName}-${count}`;
  el.addEventListener("click", (e) => ui.onPile(pileName, count, e));
  el.addEventListener("keydown", (e) => ui.onKey(e, pileName, count));
  el.addEventListener("pointerdown", (e) => ui.onPointerDown(e, pileName, count));
}

const WINNABLE_KEY = "cardroom.winnableOnly";

const pileName = (pile) =>
  pile === "waste" ? "the waste" : pile === "f" ? "a foundation" : pile[0] === "f" ? `foundation ${Number(pile.slice(1)) + 1}` : `column ${Number(pile.slice(1)) + 1}`;

/** A hint in words: the move, and how sure it is (from what the player has seen). */
export function describeHint(reply, game) {
  const action = reply.action;
  let move = "No move helps now.";
  if (action?.type === "stock") move = game?.stock ? "Turn the stock." : "Turn the waste back into the stock.";
  else if (action) {
    const from = action.from;
    let cards = "the top card";
    if (from === "waste" && game?.waste?.length) cards = `the ${cardName(game.waste[game.waste.length - 1])}`;
    else if (from[0] === "c" && game) {
      const up = game.columns[Number(from.slice(1))].up;
      const count = action.count || 1;
      const first = up[up.length - count];
      if (first) cards = count > 1 ? `the ${count} cards from the ${cardName(first)}` : `the ${cardName(first)}`;
    }
    move = `Move ${cards} from ${pileName(from)} to ${pileName(action.to)}.`;
  }
  let sure;
  if (reply.verdict === "winnable") sure = "It is the next move of a win.";
  else if (reply.verdict === "not_winnable") sure = "No line wins from here; it is the best-looking move.";
  else if (reply.samples > 1) sure = `Some cards are unseen: it wins in ${reply.wins} of ${reply.samples} deals matching what you have seen.`;
  else sure = "No win was found in time; it is the best-looking move.";
  return `Hint: ${move} ${sure}`;
}

/** "Can this still be won?" in words, with the budget the solver used. */
export function describeVerdict(reply) {
  const searched = `${reply.nodes.toLocaleString("en")} positions in ${reply.seconds.toFixed(2)} s of a ${reply.budget_seconds} s budget`;
  if (reply.verdict === "winnable") return `Yes: a winning line exists from here (${searched}).`;
  if (reply.verdict === "not_winnable") return `No: no line wins from here, proved (${searched}).`;
  return `Unknown: not decided within the budget (${searched}).`;
}

/** The live board: taps, double taps, drags, keyboard, undo, new game, win screen. */
export function mountSolitaire(root, app, id, header) {
  const conn = app.conn;
  const state = { message: "", picked: null, newGame: false, answer: "", asking: false };
  let alive = true;
  let tapTimer = null; // {pile, timer}: a tap waiting to see if a second one follows
  let drag = null;
  let suppressClick = false;

  const room = () => conn.rooms.get(id);
  const seated = () => room()?.seat != null;

  async function act(action) {
    if (state.message || state.picked || state.answer) {
      state.message = "";
      state.picked = null;
      state.answer = "";
      render();
    }
    try {
      await conn.act(id, action);
    } catch (error) {
      if (interactiveRules()) state.message = error.message;
    }
    render();
  }

  const ui = {
    onStock: () => act({ type: "stock" }),
    onPile(pileName, count, event) {
      if (!seated() || suppressClick) return;
      if (state.picked) {
        // Keyboard (or tap) move: the picked cards go to this pile.
        const { pile, count: n } = state.picked;
        if (pile !== pileName) {
          act({ type: "move", from: pile, to: pileName.startsWith("f") ? "f" : pileName, count: n });
          return;
        }
        state.picked = null;
        render();
        return;
      }
      if (count !== 1 || pileName === "f") return; // only a top card taps
      if (tapTimer && tapTimer.pile === pileName) {
        clearTimeout(tapTimer.timer);
        tapTimer = null;
        act({ type: "double", from: pileName });
        return;
      }
      if (event?.detail > 1) return; // the tail of a slow double click: the tap went already
      if (tapTimer) {
        // Another card was tapped: the first tap goes now, on its own.
        clearTimeout(tapTimer.timer);
        act({ type: "tap", from: tapTimer.pile });
      }
      const timer = setTimeout(() => {
        tapTimer = null;
        act({ type: "tap", from: pileName });
      }, DOUBLE_MS);
      tapTimer = { pile: pileName, timer };
    },
    onKey(event, pileName, count) {
      if (event.key === " ") {
        // Space picks these cards (or drops the picked ones here); Enter taps.
        event.preventDefault();
        if (state.picked) ui.onPile(pileName, count);
        else {
          state.picked = { pile: pileName, count };
          render();
        }
      } else if (event.key === "Enter" && event.shiftKey) {
        event.preventDefault();
        act({ type: "double", from: pileName });
      } else if (event.key === "Escape") {
        state.picked = null;
        render();
      }
    },
    onPointerDown(event, pileName, count) {
      if (!seated() || event.button !== 0) return;
      const el = event.currentTarget.closest(".stacked") || event.currentTarget;
      const moving = [el];
      for (let next = el.nextElementSibling; next; next = next.nextElementSibling) moving.push(next);
      drag = { pile: pileName, count, x: event.clientX, y: event.clientY, moving, moved: false };
      window.addEventListener("pointermove", onMove);
      window.addEventListener("pointerup", onUp);
      window.addEventListener("pointercancel", onUp);
    },
  };

  function onMove(event) {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 6) return;
    drag.moved = true;
    for (const el of drag.moving) {
      el.classList.add("dragging");
      el.style.transform = `translate(${dx}px, ${dy}px)`;
    }
  }

  function onUp(event) {
    window.removeEventListener("pointermove", onMove);
    window.removeEventListener("pointerup", onUp);
    window.removeEventListener("pointercancel", onUp);
    const current = drag;
    drag = null;
    if (!current?.moved) return;
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    }, 0);
    for (const el of current.moving) el.style.visibility = "hidden";
    const under = document.elementFromPoint(event.clientX, event.clientY);
    for (const el of current.moving) el.style.visibility = "";
    const target = under?.closest("[data-pile]")?.dataset.pile;
    if (!target || target === current.pile) {
      render();
      return;
    }
    act({ type: "move", from: current.pile, to: target.startsWith("f") ? "f" : target, count: current.count });
  }

  /** Ask the server's solver: a hint, or whether the game can still be won. */
  async function ask(kind) {
    state.asking = true;
    state.answer = kind === "hint" ? "Thinking…" : "Searching…";
    render();
    try {
      const reply = await conn.request(kind, { room: id });
      const game = room()?.view?.game;
      state.answer = kind === "hint" ? describeHint(reply, game) : describeVerdict(reply);
    } catch (error) {
      state.answer = error.message;
    }
    state.asking = false;
    render();
  }

  function newGamePanel(game) {
    if (!state.newGame) return null;
    const draw = h(
      "select",
      { id: "new-draw", "aria-label": "Cards turned from the stock" },
      h("option", { value: 1, selected: game.draw === 1 }, "Draw 1"),
      h("option", { value: 3, selected: game.draw === 3 }, "Draw 3"),
    );
    const code = h("input", { id: "new-code", placeholder: "deal code", autocomplete: "off", maxlength: 20 });
    const winnable = h("input", {
      type: "checkbox",
      id: "new-winnable",
      checked: localStorage.getItem(WINNABLE_KEY) === "on",
      onchange: (e) => localStorage.setItem(WINNABLE_KEY, e.target.checked ? "on" : "off"),
    });
    const start = async (options) => {
      try {
        const drawn = game.game === "reflechi" ? { draw: Number(draw.value) } : {};
        const fresh = await conn.create([], { game: game.game, ...drawn, ...options });
        await conn.join(fresh, 0, app.name());
        app.navigate(`#/room/${fresh}`);
      } catch (error) {
        state.message = error.message;
        render();
      }
    };
    return h(
      "div",
      { class: "panel new-game", id: "new-game", role: "dialog", "aria-label": "New game" },
      game.game === "reflechi" ? draw : null,
      h("button", { id: "new-random", class: "primary", onclick: () => start(winnable.checked ? { winnable: true } : {}) }, "New deal"),
      h("label", { class: "small-label", title: "The server's solver has found a win for the deal" }, winnable, " winnable deals only"),
      h("button", { id: "new-daily", onclick: () => start({ daily: true }) }, "Today's deal"),
      h("button", { id: "new-same", onclick: () => start({ number: game.number }) }, "Same deal"),
      h("form", { class: "row", onsubmit: (e) => (e.preventDefault(), start({ code: code.value.trim() })) }, code, h("button", { type: "submit", id: "new-code-go" }, "Play this code")),
    );
  }

  function render() {
    if (!alive || drag?.moved) return;
    const view = room()?.view;
    if (!view) return;
    const game = view.game;
    const rules = h("input", {
      type: "checkbox",
      id: "interactive-rules",
      checked: interactiveRules(),
      onchange: (e) => {
        localStorage.setItem(RULES_KEY, e.target.checked ? "on" : "off");
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
    const bar = h(
      "div",
      { class: "sol-bar row" },
      h("span", { class: "deal-code", id: "deal-code" }, game.code),
      h("button", { class: "small", id: "copy-code", onclick: copyCode, "aria-label": `Copy the deal code ${game.code}` }, "Copy"),
      h("span", { class: "badge", id: "sol-score" }, `Score ${game.score}`),
      h("span", { class: "badge", id: "sol-moves" }, `Moves ${game.moves}`),
      seated() ? h("button", { id: "undo", disabled: !game.undo, onclick: () => act({ type: "undo" }) }, "Undo") : null,
      seated() ? h("button", { id: "new", onclick: () => ((state.newGame = !state.newGame), render()) }, "New game") : null,
      seated() && !game.won ? h("button", { id: "hint", disabled: state.asking, onclick: () => ask("hint") }, "Hint") : null,
      seated() && !game.won ? h("button", { id: "can-win", disabled: state.asking, onclick: () => ask("winnable") }, "Can this still be won?") : null,
      h("label", { class: "small-label" }, rules, " interactive rules"),
    );
    const won = game.won
      ? h(
          "section",
          { class: "result win", id: "result", role: "dialog", "aria-labelledby": "win-title" },
          h("h2", { id: "win-title" }, seated() ? "You won!" : "Won!"),
          h("p", { class: "score-line", id: "score-line" }, `Score ${game.score} in ${game.moves} moves (${game.code}).`),
          seated() ? h("button", { class: "primary", onclick: () => ((state.newGame = true), render()) }, "New game") : null,
        )
      : null;
    replaceKeepingFocus(
      root,
      header(view),
      bar,
      newGamePanel(game),
      h("p", { class: "refusal", id: "refusal", role: "alert" }, state.message),
      h("p", { class: "solver-answer", id: "solver-answer", role: "status" }, state.answer),
      h("div", { class: "sol-wrap" }, renderBoard(game, { ...ui, readonly: !seated(), picked: state.picked }), won),
    );
  }

  function destroy() {
    alive = false;
    if (tapTimer) clearTimeout(tapTimer.timer);
    tapTimer = null;
    window.removeEventListener("pointermove", onMove);
    window.removeEventListener("pointerup", onUp);
    window.removeEventListener("pointercancel", onUp);
  }

  return { render, destroy };
}
