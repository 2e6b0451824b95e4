// Replays: the server sends the first position and a patch per action (hands open: the game
// is over); the player steps through them, plays them at a steady pace or jumps to a hand.
import { applyPatch, deepClone } from "fast-json-patch";
import { h } from "./dom.js";
import { isSolitaire, renderBoard } from "./solitaire.js";
import { renderTable } from "./table.js";

const PLAY_MS = 700;

export function mountReplay(root, app, id) {
  let frames = null;
  let seats = null;
  let kind = null;
  let at = 0;
  let timer = null;
  let alive = true;

  function stop() {
    clearInterval(timer);
    timer = null;
  }

  function go(i) {
    at = Math.max(0, Math.min(frames.length - 1, i));
    if (at === frames.length - 1) stop();
    render();
  }

  function play() {
    if (timer) {
      stop();
    } else {
      if (at === frames.length - 1) at = 0;
      timer = setInterval(() => go(at + 1), PLAY_MS);
    }
    render();
  }

  function handStarts() {
    const starts = new Map();
    frames.forEach((f, i) => {
      if (!starts.has(f.hand_no)) starts.set(f.hand_no, i);
    });
    return starts;
  }

  function render() {
    if (!frames) return;
    if (isSolitaire(kind)) {
      renderSolitaireReplay();
      return;
    }
    const game = frames[at];
    const last = at === frames.length - 1;
    const room = {
      id,
      seats: seats.map((s) => ({ ...s, connected: true })),
      status: last ? "finished" : "playing",
      spectators: 0,
      forfeit: null,
      deadline: null,
    };
    const starts = handStarts();
    const focus = document.activeElement?.id;
    root.replaceChildren(
      h(
        "div",
        { class: "room-head" },
        h("h1", {}, `Replay ${id}`),
        h("span", { class: "badge", id: "replay-position" }, `Move ${at} of ${frames.length - 1}`),
      ),
      controls(
        h(
          "select",
          { id: "hand-select", "aria-label": "Jump to hand", onchange: (e) => go(Number(e.target.value)) },
          [...starts].map(([hand, i]) => h("option", { value: i, selected: hand === game.hand_no }, `Hand ${hand}`)),
        ),
      ),
      renderTable({ room, game }, { me: null, replay: true, order: [], onAction() {}, onTogglePile() {}, resultActions: null }),
    );
    if (focus) document.getElementById(focus)?.focus();
  }

  function controls(extra) {
    const last = at === frames.length - 1;
    return h(
      "div",
      { class: "replay-controls row", role: "toolbar", "aria-label": "Replay controls" },
      h("button", { id: "first", onclick: () => go(0), "aria-label": "First move" }, "⏮"),
      h("button", { id: "back", onclick: () => go(at - 1), disabled: at === 0, "aria-label": "Step back" }, "◀"),
      h("button", { id: "play", class: "primary", onclick: play, "aria-label": timer ? "Pause" : "Play" }, timer ? "⏸" : "▶"),
      h("button", { id: "forward", onclick: () => go(at + 1), disabled: last, "aria-label": "Step forward" }, "▶▶"),
      h("button", { id: "last", onclick: () => go(frames.length - 1), "aria-label": "Last move" }, "⏭"),
      extra,
      h("input", { type: "range", id: "scrub", min: 0, max: frames.length - 1, value: at, "aria-label": "Position in the game", oninput: (e) => go(Number(e.target.value)) }),
    );
  }

  function renderSolitaireReplay() {
    const game = frames[at];
    const focus = document.activeElement?.id;
    root.replaceChildren(
      h("div", { class: "room-head" }, h("h1", {}, `Replay: ${game.name} ${game.code}`), h("span", { class: "badge", id: "replay-position" }, `Move ${at} of ${frames.length - 1}`)),
      controls(null),
      h("div", { class: "sol-bar row" }, h("span", { class: "badge" }, `Score ${game.score}`), h("span", { class: "badge" }, `Moves ${game.moves}`)),
      renderBoard(game, { readonly: true, picked: null }),
    );
    if (focus) document.getElementById(focus)?.focus();
  }

  function onKey(e) {
    if (!frames || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "ArrowLeft") go(at - 1);
    else return;
    e.preventDefault();
  }

  root.replaceChildren(h("p", { class: "muted" }, "Loading the replay…"));
  fetch(`/api/replays/${encodeURIComponent(id)}/frames`)
    .then(async (response) => {
      const body = await response.json();
      if (!alive) return;
      if (!response.ok) throw new Error(body.message);
      seats = body.seats;
      kind = body.game;
      frames = [body.first];
      for (const step of body.steps) frames.push(applyPatch(deepClone(frames[frames.length - 1]), step.ops, false, true).newDocument);
      render();
    })
    .catch((error) => {
      if (!alive) return;
      root.replaceChildren(h("div", { class: "panel" }, h("h1", {}, "No replay"), h("p", { class: "refusal" }, error.message), h("a", { class: "button", href: "#/" }, "Back to the lobby")));
    });
  document.addEventListener("keydown", onKey);
  return () => {
    alive = false;
    stop();
    document.removeEventListener("keydown", onKey);
  };
}
