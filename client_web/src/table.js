// The Gin Rummy table, drawn from one audience's view (live or replayed). Everything shown
// comes from the view the server sent; the client only arranges it (hand order, meld bars).
import { cardBack, cardFace, cardName, shortName, sortedHand } from "./cards.js";
import { scoped } from "./dom.js";
import { personName, t } from "./i18n.js";
import { phraseBubble } from "./phrases.js";
import { h } from "./vdom.js";

export const botName = (level) => t(`bot.${level}`);

export function seatName(room, seat, me) {
  if (me === seat) return t("seat.you");
  const s = room.seats[seat];
  if (s.kind === "bot") return botName(s.level);
  return s.name ? personName(s.name) : t("seat.waiting");
}

/** The key of a message said about a seat: ``base.you`` for the player, else ``base.other``. */
const about = (base, seat, me) => `${base}.${seat === me ? "you" : "other"}`;

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

function meldIndex(melds) {
  const index = new Map();
  melds.forEach((meld, i) => meld.forEach((c) => index.set(c, i)));
  return index;
}

const MOVES = new Set(["pass", "take_upcard", "draw_stock", "draw_discard", "discard", "knock"]);

export function describeMove(entry, room, me) {
  const who = seatName(room, entry.seat, me);
  const card = entry.card ? shortName(entry.card) : "";
  if (!MOVES.has(entry.type)) return t("move.unknown", { who, type: entry.type });
  return t(about(`move.${entry.type}`, entry.seat, me), { who, card });
}

function resultTitle(result, room, me) {
  if (!["gin", "undercut", "knock"].includes(result.kind)) return t("result.dead");
  const seat = result.kind === "undercut" ? result.winner : result.knocker;
  return t(about(`result.${result.kind}`, seat, me), { name: seatName(room, seat, me) });
}

/** The end-of-hand arithmetic, from the server's result: who scores what, and why. */
export function scoreLine(result, room, me) {
  if (result.winner == null) return t("score.dead");
  const d = result.hands.map((x) => x.deadwood);
  const kind = result.kind === "gin" || result.kind === "undercut" ? result.kind : "knock";
  return t(about(`score.${kind}`, result.winner, me), {
    name: seatName(room, result.winner, me),
    points: t("count.points", { n: result.points }),
    loser: d[1 - result.winner],
    winner: d[result.winner],
    knocker: d[result.knocker],
  });
}

function meldBar(index) {
  return h("span", { class: `meldbar ${index == null ? "none" : `m${index % 4}`}`, "aria-hidden": "true" });
}

/** A hand laid face up (end of hand, open hands, replays), melds first with their bars.
 * Cards laid off on the other hand's melds come last, after a gap: where they went. */
function openHand(cards, melds, { laidOff = new Map(), deadwood = [] } = {}) {
  const index = meldIndex(melds);
  const dead = new Set(deadwood);
  const sorted = sortedHand(cards, melds);
  const order = [...sorted.filter((c) => !laidOff.has(c)), ...sorted.filter((c) => laidOff.has(c))];
  return h(
    "div",
    { class: "hand open-hand" },
    order.map((card) => {
      const off = laidOff.has(card);
      const face = off ? cardFace(card, "div", { "aria-label": t("card.laid_off", { card: cardName(card) }) }) : cardFace(card);
      const kind = off ? " laid-off" : dead.has(card) ? " dead" : "";
      return h("div", { class: `slot${kind}`, key: card }, face, meldBar(off ? laidOff.get(card) : index.get(card)));
    }),
  );
}

function backs(count) {
  return h(
    "div",
    { class: "hand backs", role: "img", "aria-label": t("hand.face_down", { n: count }) },
    Array.from({ length: count }, () => h("div", { class: "slot" }, cardBack())),
  );
}

/** The end-of-hand screen: both hands, melds, lay-offs, deadwood, score line, match score.
 * A match that ended by a forfeit (a player left, or ran out of time too often) shows it too,
 * with the last hand's result only if the hand had ended. */
export function resultPanel(game, room, me, actions, id = scoped(null)) {
  const over = game.turn.phase === "match_over" || room.status === "finished";
  const result = ["hand_over", "match_over"].includes(game.turn.phase) ? game.result : null;
  const bottom = me ?? 0;
  const layoffs = new Map((result?.layoffs || []).map((l) => [l.card, l.meld]));
  const seats = !result
    ? []
    : [1 - bottom, bottom].map((seat) => {
        const hand = result.hands[seat];
        const defender = result.knocker != null && seat !== result.knocker;
        return h(
          "div",
          { class: "result-hand", dataset: { seat } },
          h("h3", {}, t("result.deadwood", { name: seatName(room, seat, me), n: hand.deadwood })),
          openHand(hand.cards, hand.melds, {
            laidOff: defender ? layoffs : new Map(),
            deadwood: hand.deadwood_cards,
          }),
        );
      });
  const forfeit = room.forfeit != null;
  return h(
    "section",
    { class: "result", id: id("result"), role: "dialog", "aria-labelledby": id("result-title"), tabindex: "0" },
    h("h2", { id: id("result-title") }, result ? resultTitle(result, room, me) : t("result.match_over")),
    forfeit ? h("p", { class: "winner forfeit", id: id("forfeit") }, forfeitText(room, me)) : null,
    result ? h("p", { class: "score-line", id: id("score-line") }, scoreLine(result, room, me)) : null,
    layoffs.size ? h("p", { class: "muted laid-off-line" }, t("result.laid_off", { cards: [...layoffs.keys()].map(shortName).join(" ") })) : null,
    ...seats,
    h(
      "p",
      { class: "match-score", id: id("match-score") },
      t("result.match", {
        me: seatName(room, bottom, me),
        a: game.scores[bottom],
        b: game.scores[1 - bottom],
        them: seatName(room, 1 - bottom, me),
        target: game.target,
      }),
    ),
    over && !forfeit && game.winner != null
      ? h("p", { class: "winner" }, t(about("result.match_winner", game.winner, me), { name: seatName(room, game.winner, me) }))
      : null,
    actions,
  );
}

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

/** Who forfeited the match, why, and who won it (to the winner, the loser, a spectator). */
export function forfeitText(room, me) {
  const reason = room.forfeit_reason === "timeouts" ? "timeouts" : "left";
  const winner = 1 - room.forfeit;
  const side = me == null ? "watch" : winner === me ? "you_win" : "you_lose";
  return t(`status.forfeit.${reason}.${side}`, { loser: seatName(room, room.forfeit, me), winner: seatName(room, winner, me) });
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
  const legal = new Set(turn.legal || []);
  const topCard = game.discard_pile[game.discard_pile.length - 1];
  const inPlay = room.status === "playing" && ["offer", "draw", "discard"].includes(turn.phase);

  // --- the opponent (or seat 1 for spectators) --------------------------------------------
  const opponentOpen = game.open?.[top];
  const thinking = !ui.replay && inPlay && turn.to_act === top && room.seats[top].kind === "bot";
  const opponent = h(
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

  // --- stock, discard pile, upcard offer ------------------------------------------------------
  const stock = h(
    "button",
    {
      class: "pile stock",
      id: id("stock"),
      "aria-label": t("table.stock_label", { cards: t("count.cards", { n: turn.stock_count }) }),
      disabled: ui.replay || me == null,
      onclick: () => ui.onAction({ type: "draw_stock" }),
    },
    cardBack("span"),
    // The badge is drawn from data-glyph: the count is in the button's name already.
    h("span", { class: "count", "aria-hidden": "true", "data-glyph": String(turn.stock_count) }),
  );
  const discard = h(
    "button",
    {
      class: "pile discard",
      id: id("discard-pile"),
      "aria-label": topCard ? t("table.pile_label", { card: cardName(topCard) }) : t("table.pile_empty"),
      disabled: ui.replay || me == null || !topCard,
      onclick: () => ui.onAction({ type: turn.phase === "offer" ? "take_upcard" : "draw_discard" }),
    },
    topCard ? cardFace(topCard, "span") : h("span", { class: "card empty" }),
  );
  const offer =
    mine && turn.phase === "offer"
      ? h(
          "div",
          { class: "offer", id: id("offer") },
          h("button", { class: "primary", id: id("take"), onclick: () => ui.onAction({ type: "take_upcard" }) }, t("table.take", { card: shortName(topCard) })),
          h("button", { id: id("pass"), onclick: () => ui.onAction({ type: "pass" }) }, t("table.pass")),
        )
      : null;
  const pileList = ui.showPile
    ? h(
        "div",
        { class: "pile-list", id: id("pile-list"), role: "region", "aria-label": t("table.whole_pile") },
        game.discard_pile.length ? game.discard_pile.map((c) => cardFace(c)) : h("span", { class: "muted" }, t("table.empty")),
      )
    : null;
  const center = h(
    "div",
    { class: "center" },
    h("div", { class: "piles" }, stock, discard),
    h(
      "button",
      { class: "small", id: id("show-pile"), "aria-expanded": String(!!ui.showPile), onclick: ui.onTogglePile },
      ui.showPile ? t("table.hide_pile") : t("table.show_pile", { n: game.discard_pile.length }),
    ),
    offer,
    pileList,
  );

  // --- the player's hand (or seat 0 for spectators) ------------------------------------------
  let hand;
  let controls = null;
  if (me != null && game.hand) {
    const index = meldIndex(game.melds);
    hand = h(
      "div",
      { class: "hand mine", id: id("hand"), role: "group", "aria-label": t("table.your_hand") },
      ui.order.map((card, i) => {
        const meld = index.get(card);
        const face = cardFace(card, "button", {
          "aria-pressed": String(ui.selected === card),
          "aria-label": meld == null ? t("table.card_deadwood", { card: cardName(card) }) : t("table.card_meld", { card: cardName(card), n: meld + 1 }),
          onclick: () => ui.onCard(card),
          onkeydown: (e) => ui.onCardKey(e, card),
          "data-new": turn.drawn === card ? t("table.new") : null, // the badge's word
        });
        return h(
          "div",
          {
            key: card,
            class: `slot${ui.selected === card ? " selected" : ""}${turn.drawn === card ? " drawn" : ""}`,
            dataset: { card, index: i, meld: meld ?? "", deadwood: meld == null ? "1" : "" },
            style: `--i:${i};--n:${ui.order.length}`,
            onpointerdown: (e) => ui.onPointerDown(e, card),
          },
          face,
          meldBar(meld),
        );
      }),
    );
    const knockWith = ui.selected != null ? turn.knocks?.[ui.selected] : undefined;
    const anyKnock = turn.knocks && Object.keys(turn.knocks).length > 0;
    const canKnock = legal.has("knock") && knockWith !== undefined;
    // A finished match (a forfeit may end it mid-hand) has nothing left to sort or play.
    controls = room.status === "finished" ? null : h(
      "div",
      { class: "controls" },
      h("span", { class: "deadwood", id: id("deadwood") }, t("table.deadwood", { n: turn.deadwood })),
      h("button", { id: id("sort"), onclick: ui.onSort, title: t("table.sort_title") }, t("table.sort")),
      h(
        "button",
        {
          id: id("discard"),
          class: "primary",
          disabled: ui.selected == null || !inPlay,
          // Waiting for the answer (not disabled: the keyboard stays on it): room.js acts once.
          "aria-busy": ui.busy ? "true" : null,
          onclick: () => ui.onAction({ type: "discard", card: ui.selected }),
        },
        ui.selected ? t("table.discard_card", { card: shortName(ui.selected) }) : t("table.discard"),
      ),
      h(
        "button",
        {
          id: id("knock"),
          disabled: !canKnock,
          "aria-busy": ui.busy ? "true" : null,
          title: anyKnock && !canKnock ? t("table.knock_title") : null,
          onclick: () => ui.onAction({ type: "knock", card: ui.selected }),
        },
        canKnock ? (knockWith === 0 ? t("table.gin") : t("table.knock_with", { n: knockWith })) : anyKnock ? t("table.knock_select") : t("table.knock"),
      ),
    );
  } else {
    const open = game.open?.[bottom];
    hand = open ? openHand(open.hand, open.melds) : backs(turn.hand_counts[bottom]);
  }
  const player = h(
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

  // --- the side: status, scores, moves, refusals ---------------------------------------------
  const side = h(
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
