// What a live room offers under a result: to a spectator, the way back (or on to the
// rematch); to a player between two hands, the next hand and their review so far; at the
// end of the match, the rematch, the review, the friend button and the way back.
import { Friendship } from "./friends.js";
import { t } from "./i18n.js";
import { reviewPanel } from "./review.js";
import { h } from "./vdom.js";

/** A spectator's line: waiting for the next hand, or the match over (and its rematch,
 * once the players agree on one: ``offer``). */
export function spectatorActions(over, offer) {
  if (!over) return h("p", { class: "muted" }, t("room.waiting_next"));
  const next = offer?.state === "accepted" ? offer.next : null;
  return h(
    "div",
    { class: "row result-actions" },
    h("p", { class: "muted", role: "status" }, next ? t("room.rematch_started") : t("room.match_over")),
    next ? h("a", { class: "button primary", id: "follow-rematch", href: `#/room/${next}` }, t("room.watch_rematch")) : null,
    h("a", { class: "button", id: "lobby-link", href: "#/" }, t("room.lobby")),
  );
}

/** The player's review (``slot``: loading, failed or ready) under the result. */
function reviewShown(slot, options) {
  if (slot?.state === "ready") return reviewPanel(slot.review, options);
  return slot ? h("p", { class: slot.state === "failed" ? "refusal" : "muted", role: "status" }, slot.message) : null;
}

/** The end of the match for a player. ``ui``: {review (its slot), rematch() (the offer's
 * line and buttons between people), onRematch (against bots), friend (the friend button),
 * onReview, onJump(decision)}. */
export function matchEndActions(view, ui) {
  const slot = ui.review;
  // A rematch needs the other player: not one who left the table for good.
  const left = view.room.forfeit != null && view.room.forfeit_reason !== "timeouts";
  const people = view.room.seats.every((s) => s.kind === "human");
  return [
    h(
      "div",
      { class: "row result-actions" },
      left ? null : people ? ui.rematch() : h("button", { class: "primary", id: "rematch", onclick: ui.onRematch }, t("room.rematch")),
      // The match is over: what each of the player's decisions cost.
      view.room.game === "gin_rummy" && !slot ? h("button", { id: "review-button", onclick: ui.onReview }, t("review.button")) : null,
      h("a", { class: `button${left ? " primary" : ""}`, id: "lobby-link", href: "#/" }, t("room.lobby")),
    ),
    ui.friend,
    reviewShown(slot, { onJump: ui.onJump }),
  ];
}

/** Between two hands: the next hand (dealt by either player, for both) and the player's
 * own review of the hands played so far. ``ui``: {review, onNext, onReview}. */
export function handEndActions(view, ui) {
  const slot = ui.review;
  const people = view.room.seats.every((s) => s.kind === "human");
  return [
    h(
      "div",
      { class: "row result-actions" },
      // Either player deals the next hand, for both: said before it happens.
      people ? h("p", { class: "muted", id: "next-hand-note" }, t("room.next_hand_note")) : null,
      h("button", { class: "primary", id: "next-hand", onclick: ui.onNext }, t("room.next_hand")),
      view.room.game === "gin_rummy" && !slot ? h("button", { id: "review-button", onclick: ui.onReview }, t("review.button")) : null,
    ),
    reviewShown(slot),
  ];
}

/** After a match between two people, how this player stands with the other (a button to
 * ask them to be friends): read once the match is over, kept for the page's life (in
 * ``page.state.friendship``; ``page``: {conn, state, render}). */
export function friendControl(view, me, page) {
  const { conn, state } = page;
  const other = view.room.seats[1 - me];
  if (other?.kind !== "human" || !other.player || !conn.player || other.player === conn.player.id) return null;
  if (state.friendship?.player !== other.player) {
    state.friendship?.close();
    state.friendship = new Friendship(conn, other.player, page.render);
  }
  return state.friendship.view(h, other.name || t("lobby.player"));
}
