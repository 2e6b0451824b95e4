// Replays: the server sends the first position and a patch per action (hands open: the game
// is over); the player steps through them, plays them at a steady pace or jumps to a hand.
import { applyPatch, deepClone } from "fast-json-patch";
import { describeError, t } from "./i18n.js";
import { loadReview, reviewGraph, reviewPanel } from "./review.js";
import { isSolitaire, renderBoard } from "./solitaire.js";
import { describeMove, renderTable, seatName, statusText } from "./table.js";
import { draw, h, undraw } from "./vdom.js";

const PLAY_MS = 700;

/** A solitaire's hindsight in words (server/games/solitaire/hindsight.py's verdicts). */
function hindsightWords(result) {
  switch (result.verdict) {
    case "lost_at":
      return t("hindsight.lost_at", { n: result.move_index + 1 });
    case "never_winnable":
      return t("hindsight.never");
    case "still_winnable":
      return t("hindsight.still");
    case "won":
      return result.comparison === "shorter"
        ? t("hindsight.won_shorter", { moves: t("count.in_moves", { n: result.moves }), best: t("count.in_moves", { n: result.solver_moves }) })
        : t("hindsight.won", { moves: t("count.in_moves", { n: result.moves }) });
    default:
      return t("hindsight.unknown");
  }
}

/** The replay of game ``id``, shown from its position ``start`` (a link to a decision), with
 * the review of ``reviewSeat`` open when given: a mark followed from the end of a match keeps
 * its list of marks beside the replay. */
export function mountReplay(root, app, id, start = 0, reviewSeat = null) {
  let frames = null;
  let seats = null;
  let said = []; // the phrases said at the table, each at its step (the frame it follows)
  let kind = null;
  let at = 0;
  let timer = null;
  let alive = true;
  let review = null; // {seat, slot}: the review asked for, of one seat
  let played = null; // the game's own frames while a solitaire's winning line is shown
  let mark = start; // the position of the mark last followed (or linked to)

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
    // Nothing is waited for in a replay: the line says what was just played (the end of a
    // hand says who scored), never whose turn it is.
    const played = game.history[game.history.length - 1];
    const over = ["hand_over", "match_over"].includes(game.turn.phase);
    const status = over ? statusText({ room, game }, null) : played ? describeMove(played, room, null) : t("replay.dealt");
    // The phrases said after this move (before the next), each by its seat, as at the table.
    const bubbles = new Map(said.filter((p) => p.step === at).map((p, i) => [p.seat, { phrase: p.phrase, key: `${at}:${i}` }]));
    draw(
      root,
      h(
        "div",
        { class: "room-head" },
        h("h1", {}, t("replay.title", { id })),
        h("span", { class: "badge", id: "replay-position" }, t("replay.position", { at, total: frames.length - 1 })),
      ),
      controls(
        marksLink(),
        h(
          "select",
          { id: "hand-select", "aria-label": t("replay.jump"), onchange: (e) => go(Number(e.target.value)) },
          [...starts].map(([hand, i]) => h("option", { value: i, selected: hand === game.hand_no }, t("replay.hand", { n: hand }))),
        ),
      ),
      renderTable({ room, game }, { me: null, replay: true, order: [], status, bubbles, onAction() {}, onTogglePile() {}, resultActions: null }),
      reviewArea(room),
    );
  }

  /** Under the table: a button per seat for its review; the review asked for, its graph
   * over the match and its marks, each a way to the position where it was made. */
  function reviewArea(room) {
    const ask = (seat) => {
      review = { seat, slot: loadReview(id, seat, () => alive && render()) };
      render();
    };
    const jump = (decision) => {
      mark = decision.at;
      go(decision.at);
    };
    const slot = review?.slot;
    return h(
      "div",
      { class: "replay-review", id: "replay-review" },
      h(
        "div",
        { class: "row" },
        [0, 1].map((seat) =>
          h(
            "button",
            { id: `review-${seat}`, "aria-pressed": String(review?.seat === seat), onclick: () => ask(seat) },
            t("review.of", { name: seatName(room, seat, null) }),
          ),
        ),
      ),
      slot?.state === "ready"
        ? [h("div", { class: "chart-box" }, reviewGraph(slot.review, { onJump: jump, at })), reviewPanel(slot.review, { onJump: jump })]
        : slot
          ? h("p", { class: slot.state === "failed" ? "refusal" : "muted", role: "status" }, slot.message)
          : null,
    );
  }

  /** Back to the list of marks (from the position a mark led to): the mark followed gets the
   * keyboard, the list is brought into view. */
  function marksLink() {
    const back = () => {
      const list = root.querySelector(".review-marks");
      list.scrollIntoView({ block: "center" });
      (list.querySelector(`[data-at="${mark}"]`) || list.querySelector("button")).focus({ preventScroll: true });
    };
    return review?.slot.review?.decisions.some((d) => d.mark) ? h("button", { id: "to-marks", onclick: back }, t("review.to_marks")) : null;
  }

  function controls(...extra) {
    const last = at === frames.length - 1;
    return h(
      "div",
      { class: "replay-controls row", role: "toolbar", "aria-label": t("replay.controls") },
      h("button", { id: "first", onclick: () => go(0), "aria-label": t("replay.first") }, "|◀\uFE0E"),
      h("button", { id: "back", onclick: () => go(at - 1), disabled: at === 0, "aria-label": t("replay.back") }, "◀\uFE0E"),
      h("button", { id: "play", class: "primary", onclick: play, "aria-label": t(timer ? "replay.pause" : "replay.play") }, timer ? "‖" : "▶\uFE0E"),
      h("button", { id: "forward", onclick: () => go(at + 1), disabled: last, "aria-label": t("replay.forward") }, "▶\uFE0E▶\uFE0E"),
      h("button", { id: "last", onclick: () => go(frames.length - 1), "aria-label": t("replay.last") }, "▶\uFE0E|"),
      extra,
      h("input", { type: "range", id: "scrub", min: 0, max: frames.length - 1, value: at, "aria-label": t("replay.scrub"), oninput: (e) => go(Number(e.target.value)) }),
    );
  }

  function renderSolitaireReplay() {
    const game = frames[at];
    draw(
      root,
      h(
        "div",
        { class: "room-head" },
        h("h1", {}, t("replay.sol_title", { game: t(`game.${game.game}`), code: game.code })),
        h("span", { class: "badge", id: "replay-position" }, t("replay.position", { at, total: frames.length - 1 })),
      ),
      controls(null),
      h("div", { class: "sol-bar row" }, h("span", { class: "badge" }, t("sol.score", { n: game.score })), h("span", { class: "badge" }, t("sol.moves", { n: game.moves }))),
      renderBoard(game, { readonly: true, picked: null }),
      hindsightArea(),
    );
  }

  /** Under a solitaire's board: where it was lost (in hindsight: every card known), and the
   * winning line shown on the same board, step by step with the replay's controls. */
  function hindsightArea() {
    const slot = review?.slot;
    const ask = () => {
      review = { seat: 0, slot: loadReview(id, 0, () => alive && render()) };
      render();
    };
    const result = slot?.state === "ready" ? slot.review : null;
    const playLine = () => {
      played = played || frames;
      frames = [...played.slice(0, result.line_from + 1), ...result.line_views];
      at = result.line_from;
      render();
    };
    const backToGame = () => {
      frames = played;
      played = null;
      at = Math.min(at, frames.length - 1);
      render();
    };
    return h(
      "div",
      { class: "replay-review", id: "replay-review" },
      // A won game was not lost anywhere: it is asked whether a shorter win was there.
      slot ? null : h("button", { id: "hindsight", onclick: ask }, t(frames.at(-1).won ? "hindsight.button_won" : "hindsight.button")),
      result
        ? [
            h("p", { id: "hindsight-verdict" }, hindsightWords(result)),
            h("p", { class: "muted" }, t("hindsight.note")),
            result.line_views.length && !played ? h("button", { class: "primary", id: "play-line", onclick: playLine }, t("hindsight.play")) : null,
            played ? h("button", { id: "back-to-game", onclick: backToGame }, t("hindsight.back")) : null,
          ]
        : slot
          ? h("p", { class: slot.state === "failed" ? "refusal" : "muted", role: "status" }, slot.message)
          : null,
    );
  }

  function onKey(e) {
    if (!frames || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "ArrowLeft") go(at - 1);
    else return;
    e.preventDefault();
  }

  root.replaceChildren(); // what the page before drew is not ours to update
  draw(root, h("p", { class: "muted" }, t("replay.loading")));
  fetch(`/api/replays/${encodeURIComponent(id)}/frames`)
    .then(async (response) => {
      const body = await response.json();
      if (!alive) return;
      if (!response.ok) throw body;
      seats = body.seats;
      said = body.phrases || [];
      kind = body.game;
      frames = [body.first];
      for (const step of body.steps) frames.push(applyPatch(deepClone(frames[frames.length - 1]), step.ops, false, true).newDocument);
      at = Math.max(0, Math.min(frames.length - 1, start));
      if (reviewSeat != null) review = { seat: reviewSeat, slot: loadReview(id, reviewSeat, () => alive && render()) };
      render();
    })
    .catch((error) => {
      if (!alive) return;
      draw(
        root,
        h("div", { class: "panel" }, h("h1", {}, t("replay.none")), h("p", { class: "refusal" }, describeError(error)), h("a", { class: "button", href: "#/" }, t("room.back"))),
      );
    });
  document.addEventListener("keydown", onKey);
  return () => {
    alive = false;
    stop();
    document.removeEventListener("keydown", onKey);
    undraw(root);
  };
}
