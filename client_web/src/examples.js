// The learn pages' live examples: positions built by the server's engines
// (server/examples/README.md), drawn by the same board code as the real game. The reader
// plays on them by hand (or with the "try" buttons); every move goes to the server, which
// answers with the engine's refusal and its rule sentence, or the position after it. The
// page keeps only the moves accepted so far, and sends them again with each new one.
import { sortedHand } from "./cards.js";
import { h } from "./dom.js";
import { describeError, t } from "./i18n.js";
import * as markup from "./markup.js";
import * as motion from "./motion.js";
import { boardInput, boardMotion, renderBoard } from "./solitaire.js";
import * as sound from "./sound.js";
import { flightOrigin, reconcile, renderTable } from "./table.js";
import * as vdom from "./vdom.js";

let catalogue = null;

/** The examples of every game, in the server's order (fetched once). */
export function examples() {
  catalogue =
    catalogue ||
    fetch("/api/examples")
      .then((r) => (r.ok ? r.json() : Promise.reject(r)))
      .then((body) => body.examples)
      .catch((error) => {
        catalogue = null;
        throw error;
      });
  return catalogue;
}

async function post(id, moves) {
  const response = await fetch(`/api/examples/${id}/moves`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ moves }),
  });
  const body = await response.json();
  if (!response.ok) throw body;
  return body;
}

const key = (id, part) => `ex.${id.replace("/", ".")}.${part}`;

/** The examples page of one game (``slug``: gin-rummy, easy-harp, reflechi). ``scope``
 * prefixes the boards' element ids (the page may hold a live table too). */
export function renderExamples(slug, scope = "ex") {
  const list = h("div", { class: "examples" }, h("p", { class: "muted" }, t("learn.loading")));
  const mounted = [];
  examples()
    .then((all) => {
      const mine = all.filter((e) => e.id.startsWith(`${slug}/`));
      list.replaceChildren(...mine.map((entry, i) => mountExample(entry, `${scope}${i}-`, mounted)));
    })
    .catch(() => list.replaceChildren(h("p", { class: "refusal" }, t("learn.unavailable"))));
  list.destroy = () => mounted.forEach((m) => m.destroy());
  return list;
}

function mountExample(entry, scope, mounted) {
  const state = { moves: [], view: null, message: "", allowed: false, busy: false };
  const board = h("div", { class: "example-board" }, h("p", { class: "muted" }, t("learn.loading")));
  const message = h("p", { class: "refusal example-refusal", role: "alert" });
  const outcome = h("p", { class: "allowed", role: "status" });
  const tries = h(
    "div",
    { class: "tries row" },
    entry.tries.map((attempt) =>
      h(
        "button",
        { class: attempt.expect ? "try refused-try" : "try allowed-try", dataset: { try: attempt.name }, onclick: () => send(attempt.moves, true) },
        t(key(entry.id, `try.${attempt.name}`)),
      ),
    ),
    h("button", { class: "small reset", onclick: reset }, t("learn.reset")),
  );
  const section = h(
    "section",
    { class: "example", id: `example-${entry.id.replace("/", "-")}`, dataset: { example: entry.id, applied: "0" }, "aria-labelledby": `${scope}title` },
    h("h2", { id: `${scope}title` }, t(key(entry.id, "title"))),
    h("div", { class: "example-text" }, markup.render(t(key(entry.id, "text")))),
    tries,
    message,
    outcome,
    board,
  );
  const drawer = entry.game === "gin_rummy" ? ginBoard(entry, scope, state, act, reset) : solitaireBoard(scope, state, act);
  mounted.push(drawer);

  function show() {
    section.dataset.applied = String(state.moves.length);
    message.textContent = state.message;
    outcome.textContent = state.allowed ? t("learn.allowed") : "";
    drawer.render(board);
  }

  async function send(moves, fromStart = false) {
    if (state.busy) return;
    state.busy = true;
    const base = fromStart ? [] : state.moves;
    try {
      const answer = await post(entry.id, [...base, ...moves]);
      state.view = answer.view;
      state.moves = [...base, ...moves].slice(0, answer.applied);
      state.message = answer.refused ? describeError(answer.refused, entry.game) : "";
      state.allowed = !answer.refused;
      sound.play(answer.refused ? "refuse" : "card");
    } catch (error) {
      state.message = describeError(error);
      state.allowed = false;
    }
    state.busy = false;
    show();
  }

  function act(move) {
    return send([move]);
  }

  async function reset() {
    state.moves = [];
    state.message = "";
    state.allowed = false;
    try {
      const response = await fetch(`/api/examples/${entry.id}`);
      const body = await response.json();
      if (!response.ok) throw body;
      state.view = body.view;
    } catch (error) {
      state.message = describeError(error);
    }
    show();
  }

  reset();
  return section;
}

/** A solitaire example: the live board's drawing and input, moves sent to the examples
 * endpoint instead of a room. */
function solitaireBoard(scope, state, act) {
  const motions = boardMotion();
  let host = null;
  const input = boardInput({ act, render: () => host && draw(host), enabled: () => !state.busy });
  function draw(into) {
    if (host !== into) into.replaceChildren(); // the loading line was not drawn by us
    host = into;
    if (!state.view) return;
    const before = motions.measure(into.querySelector(".board-sol"));
    vdom.draw(into, renderBoard(state.view, { ...input.ui, scope, readonly: false, picked: input.state.picked }));
    motions.after(into.querySelector(".board-sol"), before, state.view);
  }
  return { render: draw, destroy: input.destroy };
}

/** A Gin Rummy example: the real table, the reader in seat 0 (tap to select, Discard,
 * Knock, the stock and the pile, the upcard offer), the opponent named "Opponent". */
function ginBoard(entry, scope, state, act, reset) {
  const local = { order: [], selected: null, showPile: false };
  let host = null;
  let shownPly = null;
  const seat = entry.seat ?? 0;
  const redraw = () => host && draw(host);
  const ui = {
    scope,
    me: seat,
    onAction: async (action) => {
      await act(action);
      if (!state.message && (action.type === "discard" || action.type === "knock")) local.selected = null;
    },
    onCard(card) {
      local.selected = local.selected === card ? null : card;
      redraw();
    },
    onCardKey(event, card) {
      const i = local.order.indexOf(card);
      const step = event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : 0;
      if (step) {
        event.preventDefault();
        const next = local.order[(i + step + local.order.length) % local.order.length];
        host?.querySelector(`.hand.mine [data-card="${CSS.escape(next)}"]`)?.focus();
      } else if (event.key === "d" || event.key === "Delete") {
        event.preventDefault();
        ui.onAction({ type: "discard", card });
      } else if (event.key === "k") {
        event.preventDefault();
        ui.onAction({ type: "knock", card });
      }
    },
    onPointerDown() {},
    onSort() {
      const game = state.view;
      if (game?.hand) local.order = sortedHand(game.hand, game.melds);
      redraw();
    },
    onTogglePile() {
      local.showPile = !local.showPile;
      redraw();
    },
  };
  function draw(into) {
    if (host !== into) into.replaceChildren(); // the loading line was not drawn by us
    host = into;
    const game = state.view;
    if (!game) return;
    local.order = reconcile(local.order, game.hand || []);
    if (!(game.hand || []).includes(local.selected)) local.selected = null;
    const over = ["hand_over", "match_over"].includes(game.turn.phase);
    const room = {
      id: entry.id,
      game: "gin_rummy",
      status: over ? "finished" : "playing",
      public: false,
      seats: [
        { kind: "human", name: null, connected: true },
        { kind: "human", name: t("learn.opponent"), connected: true },
      ],
      spectators: 0,
      forfeit: null,
      deadline: null,
    };
    const before = motion.measure(into.querySelector(".table"));
    vdom.draw(
      into,
      renderTable(
        { room, game },
        {
          ...ui,
          order: local.order,
          selected: local.selected,
          message: "",
          showPile: local.showPile,
          resultActions: vdom.h("button", { class: "primary", onclick: reset }, t("learn.again")),
          status: over ? t("learn.hand_over") : undefined,
        },
      ),
    );
    const now = into.querySelector(".table");
    if (shownPly != null && shownPly !== game.turn.ply) motion.slide(now, before, (el) => flightOrigin(now, el));
    shownPly = game.turn.ply;
  }
  return { render: draw, destroy() {} };
}
