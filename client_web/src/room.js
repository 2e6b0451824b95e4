// A live room: the seat this browser holds (or a spectator's seat at the rail), the local
// hand order and selection, drag to reorder, keyboard play, refusals, the turn clock.
import { sortedHand } from "./cards.js";
import { h, plural, replaceKeepingFocus } from "./dom.js";
import { isSolitaire, mountSolitaire } from "./solitaire.js";
import { reconcile, renderTable } from "./table.js";

const DRAG_THRESHOLD = 6;

export function mountRoom(root, app, id) {
  const conn = app.conn;
  const state = { order: [], selected: null, message: "", showPile: false, lost: null };
  let alive = true; // false once the page has moved on: late replies redraw nothing
  let drag = null;
  let suppressClick = false;
  let pendingRender = false;
  let clock = null;
  let rendering = false;

  const room = () => conn.rooms.get(id);
  const me = () => room()?.seat ?? null;

  async function act(action) {
    if (state.message) {
      state.message = "";
      render();
    }
    try {
      await conn.act(id, action);
      if (action.type === "discard" || action.type === "knock") state.selected = null;
    } catch (error) {
      state.message = error.message;
    }
    render();
  }

  function moveCard(card, to) {
    const order = state.order.filter((c) => c !== card);
    order.splice(Math.max(0, Math.min(order.length, to)), 0, card);
    state.order = order;
  }

  const ui = {
    onAction: act,
    onCard(card) {
      if (suppressClick) return;
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
        root.querySelector(`[data-focus="card-${card}"]`)?.focus();
      } else if (step) {
        event.preventDefault();
        const next = state.order[(i + step + state.order.length) % state.order.length];
        root.querySelector(`[data-focus="card-${next}"]`)?.focus();
      } else if (event.key === "d" || event.key === "Delete") {
        event.preventDefault();
        act({ type: "discard", card });
      } else if (event.key === "k") {
        event.preventDefault();
        act({ type: "knock", card });
      }
    },
    onPointerDown(event, card, slot) {
      if (event.button !== 0) return;
      drag = { card, slot, x: event.clientX, y: event.clientY, moved: false, pointer: event.pointerId };
      // Listened to on the window, not captured: a capture would send a tap's click to the
      // slot instead of the card's button.
      window.addEventListener("pointermove", onPointerMove);
      window.addEventListener("pointerup", onPointerUp);
      window.addEventListener("pointercancel", onPointerUp);
    },
    onSort() {
      const view = room()?.view;
      if (view?.game.hand) state.order = sortedHand(view.game.hand, view.game.melds);
      render();
    },
    onTogglePile() {
      state.showPile = !state.showPile;
      render();
    },
  };

  function onPointerMove(event) {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    if (!drag.moved && Math.abs(dx) + Math.abs(event.clientY - drag.y) < DRAG_THRESHOLD) return;
    drag.moved = true;
    drag.slot.classList.add("dragging");
    drag.slot.style.transform = `translate(${dx}px, ${event.clientY - drag.y}px)`;
  }

  function onPointerUp(event) {
    if (!drag) return;
    const { slot, card, moved } = drag;
    window.removeEventListener("pointermove", onPointerMove);
    window.removeEventListener("pointerup", onPointerUp);
    window.removeEventListener("pointercancel", onPointerUp);
    if (moved) {
      // The new place: after every other card whose middle is left of the pointer.
      const others = [...root.querySelectorAll("#hand .slot")].filter((s) => s !== slot);
      const to = others.filter((s) => {
        const r = s.getBoundingClientRect();
        return r.left + r.width / 2 < event.clientX;
      }).length;
      moveCard(card, to);
    }
    drag = null;
    // The click that follows a drag is not a selection.
    suppressClick = moved;
    setTimeout(() => {
      suppressClick = false;
    }, 0);
    // A tap changed nothing yet: redrawing now would remove the card its click goes to.
    if (moved || pendingRender) render();
  }

  async function rematch() {
    const view = room().view;
    const seats = view.room.seats.map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: "human" }));
    try {
      const fresh = await conn.create(seats, { public: view.room.public, target: view.game.target });
      await conn.join(fresh, me(), app.name());
      app.navigate(`#/room/${fresh}`);
    } catch (error) {
      state.message = error.message;
      render();
    }
  }

  function resultActions(view) {
    const turn = view.game.turn;
    if (me() == null) return h("p", { class: "muted" }, turn.phase === "match_over" ? "The match is over." : "Waiting for the next hand…");
    if (turn.phase === "match_over" || view.room.status === "finished") {
      return h(
        "div",
        { class: "row" },
        h("button", { class: "primary", id: "rematch", onclick: rematch }, "Rematch"),
        h("a", { class: "button", href: "#/" }, "Lobby"),
      );
    }
    return h("button", { class: "primary", id: "next-hand", autofocus: true, onclick: () => act({ type: "next_hand" }) }, "Next hand");
  }

  function header(view) {
    const link = `${location.origin}${location.pathname}#/room/${id}`;
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(link);
        copied.textContent = "Copied!";
      } catch {
        copied.textContent = link;
      }
    };
    const copied = h("span", { class: "muted", id: "copied", "aria-live": "polite" });
    const name = isSolitaire(view.room.game) ? view.game.name : "Gin Rummy";
    const title = view.room.daily ? `Today's ${name} (${view.room.daily})` : `${name} · room ${id}`;
    return h(
      "div",
      { class: "room-head" },
      h("h1", {}, title),
      me() == null ? h("span", { class: "badge", id: "spectating" }, "Spectating") : null,
      h("span", { class: "badge", id: "spectators" }, `${plural(view.room.spectators, "spectator")}`),
      view.room.deadline ? h("span", { class: "badge clock", id: "clock" }, "") : null,
      h("button", { class: "small", id: "invite", onclick: copy, "data-link": link }, "Copy invite link"),
      copied,
    );
  }

  function joinPanel(view) {
    const open = view.room.seats.findIndex((s) => s.kind === "human" && !s.name);
    if (me() != null || open < 0 || view.room.status !== "waiting") return null;
    const join = async () => {
      try {
        await conn.join(id, open, app.name());
      } catch (error) {
        state.message = error.message;
      }
      render();
    };
    return h("div", { class: "panel join" }, h("p", {}, "A seat is open at this table."), h("button", { class: "primary", id: "join", onclick: join }, "Take the seat"));
  }

  function tickClock() {
    const el = root.querySelector("#clock");
    const deadline = room()?.view?.room.deadline;
    if (el && deadline) el.textContent = `⏱ ${Math.max(0, Math.ceil((deadline - Date.now()) / 1000))} s`;
  }

  let solitaire = null;

  function render() {
    if (!alive) return;
    const kind = room()?.view?.room.game;
    if (isSolitaire(kind) && !state.lost) {
      solitaire = solitaire || mountSolitaire(root, app, id, header);
      solitaire.render();
      return;
    }
    if (rendering) return;
    if (drag) {
      pendingRender = true; // redrawn when the card is dropped (a redraw would drop the drag)
      return;
    }
    pendingRender = false;
    const current = room();
    if (state.lost) {
      root.replaceChildren(h("div", { class: "panel" }, h("h1", {}, "This room is not available"), h("p", { class: "refusal" }, state.lost), h("a", { class: "button", href: "#/" }, "Back to the lobby")));
      return;
    }
    if (!current?.view) {
      root.replaceChildren(h("p", { class: "muted" }, "Loading the table…"));
      return;
    }
    rendering = true;
    const view = current.view;
    if (view.game.hand) {
      state.order = reconcile(state.order, view.game.hand);
      if (!view.game.hand.includes(state.selected)) state.selected = null;
    }
    replaceKeepingFocus(
      root,
      header(view),
      joinPanel(view),
      renderTable(view, { ...ui, me: me(), order: state.order, selected: state.selected, message: state.message, showPile: state.showPile, resultActions: resultActions(view) }),
    );
    tickClock();
    rendering = false;
  }

  const off = conn.on((event) => {
    if (event.type === "room" && event.room === id) {
      render();
    } else if (event.type === "lost" && event.room === id) {
      state.lost = event.error.message;
      render();
    } else if (event.type === "notice" && event.notice.room === id) {
      const n = event.notice;
      const who = n.seat === me() ? "You" : "Your opponent";
      state.message = n.kind === "timeout" ? `${who} ran out of time: the server played a safe move.` : state.message;
      render();
    }
  });
  clock = setInterval(tickClock, 500);
  conn.open(id).then(render);
  render();
  return () => {
    alive = false;
    off();
    clearInterval(clock);
    solitaire?.destroy();
    if (me() == null) conn.close(id);
  };
}
