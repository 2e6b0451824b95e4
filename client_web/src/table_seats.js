// The two seats of a Gin Rummy table: the other player's at the top (or seat 1 for a
// spectator) and the player's own at the bottom, with who is away, who is thinking, and the
// phrases just said.
import { t } from "./i18n.js";
import { phraseBubble } from "./phrases.js";
import { backs, openHand } from "./table_hands.js";
import { seatName } from "./table_names.js";
import { h } from "./vdom.js";

/** A seat's player is away: the time left of their grace while the match is on (the room's
 * clock tick writes it, from data-until), else just "away". */
function awayBadge(room, seat, live, id) {
  const s = room.seats[seat];
  if (s.kind !== "human" || s.connected || !s.name) return null;
  const until = live && room.status === "playing" ? s.away_until : null;
  // Keyed by what it shows: the tick rewrites the countdown's text, so "away" is a new element.
  const key = until ? `until-${until}` : "away";
  return h("span", { key, class: "badge warn away", id: id(`away-${seat}`), dataset: until ? { until } : {} }, until ? awayText(until) : t("table.away"));
}

export function awayText(until) {
  return t("table.away_for", { n: Math.max(0, Math.ceil((until - Date.now()) / 1000)) });
}

/** The seat at the top. ``at``: {me, top, inPlay} as renderTable worked them out. */
export function topSeat(view, ui, id, { me, top, inPlay }) {
  const { room, game } = view;
  const turn = game.turn;
  const opponentOpen = game.open?.[top];
  const thinking = !ui.replay && inPlay && turn.to_act === top && room.seats[top].kind === "bot";
  return h(
    "div",
    { class: `seat top${turn.to_act === top && inPlay ? " to-act" : ""}`, id: id("seat-top") },
    h(
      "div",
      { class: "seat-name" },
      h("strong", {}, seatName(room, top, me)),
      awayBadge(room, top, !ui.replay, id),
      h("span", { class: "badge", id: id("opponent-count") }, t("count.cards", { n: turn.hand_counts[top] })),
      thinking ? h("span", { class: "thinking", id: id("thinking") }, t("table.thinking"), h("i"), h("i"), h("i")) : null,
    ),
    phraseBubble(ui.bubbles?.get(top), top, id),
    opponentOpen ? openHand(opponentOpen.hand, opponentOpen.melds) : backs(turn.hand_counts[top]),
  );
}

/** The seat at the bottom around ``hand`` and ``controls`` (the player's own, or seat 0's
 * for a spectator, whose seat says its name). */
export function bottomSeat(view, ui, id, { me, bottom, inPlay }, hand, controls) {
  const { room, game } = view;
  const turn = game.turn;
  return h(
    "div",
    { class: `seat bottom${turn.to_act === bottom && inPlay ? " to-act" : ""}`, id: id("seat-bottom") },
    me == null
      ? h(
          "div",
          { class: "seat-name" },
          h("strong", {}, seatName(room, bottom, me)),
          awayBadge(room, bottom, !ui.replay, id),
          h("span", { class: "badge" }, t("count.cards", { n: turn.hand_counts[bottom] })),
          !ui.replay && inPlay && turn.to_act === bottom && room.seats[bottom].kind === "bot"
            ? h("span", { class: "thinking" }, t("table.thinking"), h("i"), h("i"), h("i"))
            : null,
        )
      : null,
    phraseBubble(ui.bubbles?.get(bottom), bottom, id),
    hand,
    controls,
  );
}
