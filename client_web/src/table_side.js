// The side of a Gin Rummy table: the status line, the refusal, the scores, the last moves.
import { shortName } from "./cards.js";
import { t } from "./i18n.js";
import { forfeitText } from "./table_result.js";
import { about, seatName } from "./table_names.js";
import { h } from "./vdom.js";

const MOVES = new Set(["pass", "take_upcard", "draw_stock", "draw_discard", "discard", "knock"]);

export function describeMove(entry, room, me) {
  const who = seatName(room, entry.seat, me);
  const card = entry.card ? shortName(entry.card) : "";
  if (!MOVES.has(entry.type)) return t("move.unknown", { who, type: entry.type });
  return t(about(`move.${entry.type}`, entry.seat, me), { who, card });
}

/** The side panel of ``view`` as ``me`` sees it; ``ui``: {message, status}; ``id`` scopes
 * its ids. */
export function sidePanel(view, me, ui, id) {
  const { room, game } = view;
  const bottom = me ?? 0;
  const top = 1 - bottom;
  return h(
    "aside",
    { class: "side" },
    h("p", { class: "status", id: id("status"), "aria-live": "polite" }, ui.status ?? statusText(view, me)),
    h("p", { class: "refusal", id: id("refusal"), role: "alert" }, ui.message || ""),
    h(
      "p",
      { class: "scores", id: id("scores") },
      t("table.scores", { me: seatName(room, bottom, me), a: game.scores[bottom], b: game.scores[top], them: seatName(room, top, me) }),
      h("span", { class: "muted" }, t("table.hand_info", { hand: game.hand_no, target: game.target })),
    ),
    h(
      "ol",
      { class: "moves", id: id("moves"), "aria-label": t("table.moves_label"), start: Math.max(1, game.history.length - 7) },
      game.history.slice(-8).map((e) => h("li", {}, describeMove(e, room, me))),
    ),
  );
}

export function statusText(view, me) {
  const { room, game } = view;
  const turn = game.turn;
  if (room.forfeit != null) return forfeitText(room, me);
  if (room.closed === "no_show") return t("status.no_show");
  if (room.status === "waiting") return t("status.waiting");
  if (turn.phase === "match_over") {
    return t(about("status.match_over", game.winner, me), {
      name: seatName(room, game.winner, me),
      a: Math.max(...game.scores),
      b: Math.min(...game.scores),
    });
  }
  if (turn.phase === "hand_over") return t(me == null ? "status.hand_over" : "status.hand_over_next");
  const name = seatName(room, turn.to_act, me);
  const top = game.discard_pile[game.discard_pile.length - 1];
  if (turn.to_act === me) {
    if (turn.phase === "offer") return t("status.your_offer", { card: shortName(top) });
    // Both passed the upcard: the non-dealer's first draw is from the stock only.
    if (turn.phase === "draw") return t(turn.legal && !turn.legal.includes("draw_discard") ? "status.your_draw_stock" : "status.your_draw");
    return t("status.your_discard");
  }
  return t(`status.their_${turn.phase === "offer" ? "offer" : turn.phase === "draw" ? "draw" : "discard"}`, { name });
}
