// The Gin Rummy table, drawn from one audience's view (live or replayed). Everything shown
// comes from the view the server sent; the client only arranges it (hand order, meld bars).
// Its parts are modules of their own: the seats (table_seats.js), the piles
// (table_center.js), the player's hand (table_own_hand.js), the side (table_side.js) and
// the end of a hand (table_result.js).
import { scoped } from "./dom.js";
import { tableCenter } from "./table_center.js";
import { backs, openHand } from "./table_hands.js";
import { ownHand } from "./table_own_hand.js";
import { resultPanel } from "./table_result.js";
import { bottomSeat, topSeat } from "./table_seats.js";
import { sidePanel } from "./table_side.js";
import { h } from "./vdom.js";

export { botName, seatName } from "./table_names.js";
export { forfeitText, resultPanel, scoreLine } from "./table_result.js";
export { awayText } from "./table_seats.js";
export { describeMove, statusText } from "./table_side.js";

/** Keep the player's own order of their cards; new cards go to the right. */
export function reconcile(order, hand) {
  const kept = order.filter((c) => hand.includes(c));
  return [...kept, ...hand.filter((c) => !kept.includes(c))];
}

/** Where a card that was hidden before a redraw of ``table`` comes from: a drawn card from
 * the stock, an opponent's discard from their hand; at the end of a hand, the cards laid
 * down (and laid off, which sit at the end of the defender's row) from the top hand (the
 * player's own are matched to their old places first). */
export function flightOrigin(table, el) {
  if (el.closest(".result")) return table.querySelector(".seat.top .hand");
  if (el.closest(".hand.mine")) return table.querySelector(".pile.stock");
  if (el.closest(".pile.discard")) return table.querySelector(".seat.top .hand");
  return null;
}

/**
 * The whole table. ``ui`` carries the local state and the handlers:
 * {me, order, selected, onCard, onStock, onDiscardPile, onAction, onSort, showPile, onTogglePile,
 *  resultActions, message, replay, scope (an id prefix), status (instead of the usual line),
 *  busy (an action is waiting for its answer)}
 */
export function renderTable(view, ui) {
  const { room, game } = view;
  const id = scoped(ui.scope);
  const me = ui.me;
  const turn = game.turn;
  const bottom = me ?? 0;
  const top = 1 - bottom;
  const mine = me != null && turn.to_act === me;
  const inPlay = room.status === "playing" && ["offer", "draw", "discard"].includes(turn.phase);
  const at = { me, top, bottom, inPlay };

  const opponent = topSeat(view, ui, id, at);
  const center = tableCenter(game, ui, id, mine);
  let hand;
  let controls = null;
  if (me != null && game.hand) {
    [hand, controls] = ownHand(view, ui, id, inPlay);
  } else {
    const open = game.open?.[bottom];
    hand = open ? openHand(open.hand, open.melds) : backs(turn.hand_counts[bottom]);
  }
  const player = bottomSeat(view, ui, id, at, hand, controls);
  const side = sidePanel(view, me, ui, id);

  // The end of a hand or of the match (a forfeit ends it in any phase); or, just after the
  // other player dealt the next hand, the result of the one before (ui.earlier), until closed.
  const ended = (game.result && ["hand_over", "match_over"].includes(turn.phase)) || (room.forfeit != null && !ui.replay);
  const overlay = ended
    ? resultPanel(game, room, me, ui.resultActions, id)
    : ui.earlier
      ? resultPanel(ui.earlier.game, ui.earlier.room, me, ui.earlierActions, id)
      : null;
  // Under a result the felt is covered (the panel is opaque, in the same cell) and out of
  // reach: inert, not hidden, so its cards stay as they were drawn.
  const felt = h("div", { class: "felt", inert: overlay != null }, opponent, center, player);
  // The phase and move number as attributes: styling hooks, and what browser tests wait on.
  const dataset = { phase: turn.phase, ply: turn.ply, mine: mine ? "1" : "0", hand: game.hand_no };
  return h("div", { class: "table", id: id("table"), dataset }, h("div", { class: "board" }, felt, overlay), side);
}
