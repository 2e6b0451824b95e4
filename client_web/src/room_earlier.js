// The other player dealt the next hand while this one read the result: that result stays,
// over the new hand, until closed.
import { personName, t } from "./i18n.js";
import { h } from "./vdom.js";

/** The line under the earlier result: who dealt, and the button back to the hand. */
export function earlierActions(view, me, close) {
  const who = view.room.seats[1 - me].name;
  const other = who ? personName(who) : t("lobby.player");
  return h(
    "div",
    { class: "row result-actions" },
    h("p", { class: "muted", id: "earlier-note", role: "status" }, t("room.next_hand_dealt", { name: other })),
    h("button", { class: "primary", id: "earlier-close", onclick: close }, t("room.to_the_hand")),
  );
}

/** Remember a hand's result as it is shown; once the next hand is dealt by the other player
 * (not from this page), it becomes the result shown over the new hand. ``state``: the
 * room's {shownEnd, dealt, earlier}. */
export function keepEarlier(view, me, state) {
  const turn = view.game.turn;
  if (me == null) return;
  if (turn.phase === "hand_over" && view.game.result) {
    if (state.shownEnd?.game.hand_no !== view.game.hand_no) state.shownEnd = structuredClone(view);
    return;
  }
  const end = state.shownEnd;
  if (end && view.game.hand_no > end.game.hand_no && state.dealt !== end.game.hand_no) state.earlier = end;
  if (end && view.game.hand_no > end.game.hand_no) state.shownEnd = null;
  if (state.earlier && (view.room.status === "finished" || view.game.hand_no > state.earlier.game.hand_no + 1)) state.earlier = null;
}
