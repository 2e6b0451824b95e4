// The Gin Rummy table, drawn from one audience's view (live or replayed). Everything shown
// comes from the view the server sent; the client only arranges it (hand order, meld bars).
import { cardBack, cardFace, cardName, shortName, sortedHand } from "./cards.js";
import { h, plural } from "./dom.js";

const cap = (s) => s[0].toUpperCase() + s.slice(1);

export function seatName(room, seat, me) {
  if (me === seat) return "You";
  const s = room.seats[seat];
  if (s.kind === "bot") return `${cap(s.level)} bot`;
  return s.name || "Waiting for a player";
}

/** Keep the player's own order of their cards; new cards go to the right. */
export function reconcile(order, hand) {
  const kept = order.filter((c) => hand.includes(c));
  return [...kept, ...hand.filter((c) => !kept.includes(c))];
}

function meldIndex(melds) {
  const index = new Map();
  melds.forEach((meld, i) => meld.forEach((c) => index.set(c, i)));
  return index;
}

function describeMove(entry, room, me) {
  const who = seatName(room, entry.seat, me);
  const card = entry.card ? shortName(entry.card) : "";
  switch (entry.type) {
    case "pass":
      return `${who} passed on the ${card}`;
    case "take_upcard":
      return `${who} took the upcard ${card}`;
    case "draw_stock":
      return `${who} drew from the stock`;
    case "draw_discard":
      return `${who} took the ${card}`;
    case "discard":
      return `${who} discarded the ${card}`;
    case "knock":
      return `${who} knocked with the ${card}`;
    default:
      return `${who}: ${entry.type}`;
  }
}

function resultTitle(result, room, me) {
  const name = (seat) => seatName(room, seat, me);
  const verb = (seat, yours, theirs) => (seat === me ? yours : theirs);
  switch (result.kind) {
    case "gin":
      return `${name(result.knocker)} ${verb(result.knocker, "go", "goes")} gin!`;
    case "undercut":
      return `${name(result.winner)} ${verb(result.winner, "undercut", "undercuts")}!`;
    case "knock":
      return `${name(result.knocker)} ${verb(result.knocker, "knock", "knocks")}`;
    default:
      return "Dead hand: nobody scores";
  }
}

export function scoreLine(result, room, me) {
  if (result.winner == null) return "The stock ran out: the hand is a draw, the same dealer deals again.";
  const d = result.hands.map((x) => x.deadwood);
  const winner = seatName(room, result.winner, me);
  const pts = plural(result.points, "point");
  if (result.kind === "gin") return `${winner} ${result.winner === me ? "score" : "scores"} ${pts} (25 gin bonus + ${d[1 - result.winner]} deadwood).`;
  if (result.kind === "undercut") {
    return `${winner} ${result.winner === me ? "score" : "scores"} ${pts} (25 undercut bonus + ${d[result.knocker]} − ${d[result.winner]} deadwood).`;
  }
  return `${winner} ${result.winner === me ? "score" : "scores"} ${pts} (${d[1 - result.winner]} − ${d[result.winner]} deadwood).`;
}

function meldBar(index) {
  return h("span", { class: `meldbar ${index == null ? "none" : `m${index % 4}`}`, "aria-hidden": "true" });
}

/** A hand laid face up (end of hand, open hands, replays), melds first with their bars. */
function openHand(cards, melds, { laidOff = new Map(), deadwood = [] } = {}) {
  const index = meldIndex(melds);
  const dead = new Set(deadwood);
  return h(
    "div",
    { class: "hand open-hand" },
    sortedHand(cards, melds).map((card) => {
      const face = cardFace(card);
      const slot = h("div", { class: "slot" }, face);
      if (laidOff.has(card)) {
        slot.classList.add("laid-off");
        face.setAttribute("aria-label", `${cardName(card)}, laid off`);
        slot.append(meldBar(laidOff.get(card)));
      } else {
        if (dead.has(card)) slot.classList.add("dead");
        slot.append(meldBar(index.get(card)));
      }
      return slot;
    }),
  );
}

function backs(count) {
  return h(
    "div",
    { class: "hand backs", role: "img", "aria-label": `${plural(count, "card")}, face down` },
    Array.from({ length: count }, () => h("div", { class: "slot" }, cardBack())),
  );
}

/** The end-of-hand screen: both hands, melds, lay-offs, deadwood, score line, match score. */
export function resultPanel(game, room, me, actions) {
  const result = game.result;
  const bottom = me ?? 0;
  const layoffs = new Map((result.layoffs || []).map((l) => [l.card, l.meld]));
  const seats = [1 - bottom, bottom].map((seat) => {
    const hand = result.hands[seat];
    const defender = result.knocker != null && seat !== result.knocker;
    return h(
      "div",
      { class: "result-hand", dataset: { seat } },
      h("h3", {}, `${seatName(room, seat, me)}: deadwood ${hand.deadwood}`),
      openHand(hand.cards, hand.melds, {
        laidOff: defender ? layoffs : new Map(),
        deadwood: hand.deadwood_cards,
      }),
    );
  });
  const over = game.turn.phase === "match_over";
  return h(
    "section",
    { class: "result", id: "result", role: "dialog", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, resultTitle(result, room, me)),
    h("p", { class: "score-line", id: "score-line" }, scoreLine(result, room, me)),
    layoffs.size ? h("p", { class: "muted" }, `Laid off: ${[...layoffs.keys()].map(shortName).join(" ")}`) : null,
    ...seats,
    h(
      "p",
      { class: "match-score", id: "match-score" },
      `Match: ${seatName(room, bottom, me)} ${game.scores[bottom]} – ${game.scores[1 - bottom]} ${seatName(room, 1 - bottom, me)} (to ${game.target})`,
    ),
    over && game.winner != null ? h("p", { class: "winner" }, `${seatName(room, game.winner, me)} ${game.winner === me ? "win" : "wins"} the match!`) : null,
    actions,
  );
}

/**
 * The whole table. ``ui`` carries the local state and the handlers:
 * {me, order, selected, onCard, onStock, onDiscardPile, onAction, onSort, showPile, onTogglePile,
 *  resultActions, message, replay}
 */
export function renderTable(view, ui) {
  const { room, game } = view;
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
  const thinking = inPlay && turn.to_act === top && room.seats[top].kind === "bot";
  const opponent = h(
    "div",
    { class: `seat top${turn.to_act === top && inPlay ? " to-act" : ""}`, id: "seat-top" },
    h(
      "div",
      { class: "seat-name" },
      h("strong", {}, seatName(room, top, me)),
      room.seats[top].kind === "human" && !room.seats[top].connected && room.seats[top].name
        ? h("span", { class: "badge warn" }, "away")
        : null,
      h("span", { class: "badge", id: "opponent-count" }, plural(turn.hand_counts[top], "card")),
      thinking ? h("span", { class: "thinking", id: "thinking" }, "thinking", h("i"), h("i"), h("i")) : null,
    ),
    opponentOpen ? openHand(opponentOpen.hand, opponentOpen.melds) : backs(turn.hand_counts[top]),
  );

  // --- stock, discard pile, upcard offer ------------------------------------------------------
  const stock = h(
    "button",
    {
      class: "pile stock",
      id: "stock",
      "aria-label": `Stock, ${plural(turn.stock_count, "card")}: draw from it`,
      disabled: ui.replay || me == null,
      onclick: () => ui.onAction({ type: "draw_stock" }),
    },
    cardBack("span"),
    h("span", { class: "count" }, String(turn.stock_count)),
  );
  const discard = h(
    "button",
    {
      class: "pile discard",
      id: "discard-pile",
      "aria-label": topCard ? `Discard pile, ${cardName(topCard)} on top: take it` : "Discard pile, empty",
      disabled: ui.replay || me == null || !topCard,
      onclick: () => ui.onAction({ type: turn.phase === "offer" ? "take_upcard" : "draw_discard" }),
    },
    topCard ? cardFace(topCard, "span") : h("span", { class: "card empty" }),
  );
  const offer =
    mine && turn.phase === "offer"
      ? h(
          "div",
          { class: "offer", id: "offer" },
          h("button", { class: "primary", id: "take", onclick: () => ui.onAction({ type: "take_upcard" }) }, `Take the ${shortName(topCard)}`),
          h("button", { id: "pass", onclick: () => ui.onAction({ type: "pass" }) }, "Pass"),
        )
      : null;
  const pileList = ui.showPile
    ? h(
        "div",
        { class: "pile-list", id: "pile-list", role: "region", "aria-label": "The whole discard pile" },
        game.discard_pile.length ? game.discard_pile.map((c) => cardFace(c)) : h("span", { class: "muted" }, "empty"),
      )
    : null;
  const center = h(
    "div",
    { class: "center" },
    h("div", { class: "piles" }, stock, discard),
    h(
      "button",
      { class: "small", id: "show-pile", "aria-expanded": String(!!ui.showPile), onclick: ui.onTogglePile },
      ui.showPile ? "Hide pile" : `Whole pile (${game.discard_pile.length})`,
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
      { class: "hand mine", id: "hand", role: "group", "aria-label": "Your hand" },
      ui.order.map((card, i) => {
        const face = cardFace(card, "button");
        const meld = index.get(card);
        face.setAttribute("aria-pressed", String(ui.selected === card));
        face.setAttribute("aria-label", `${cardName(card)}, ${meld == null ? "deadwood" : `meld ${meld + 1}`}`);
        face.dataset.focus = `card-${card}`;
        face.addEventListener("click", () => ui.onCard(card));
        face.addEventListener("keydown", (e) => ui.onCardKey(e, card));
        const slot = h(
          "div",
          {
            class: `slot${ui.selected === card ? " selected" : ""}${turn.drawn === card ? " drawn" : ""}`,
            dataset: { card, index: i, meld: meld ?? "", deadwood: meld == null ? "1" : "" },
            style: `--i:${i};--n:${ui.order.length}`,
          },
          face,
          meldBar(meld),
        );
        slot.addEventListener("pointerdown", (e) => ui.onPointerDown(e, card, slot));
        return slot;
      }),
    );
    const knockWith = ui.selected != null ? turn.knocks?.[ui.selected] : undefined;
    const anyKnock = turn.knocks && Object.keys(turn.knocks).length > 0;
    const canKnock = legal.has("knock") && knockWith !== undefined;
    controls = h(
      "div",
      { class: "controls" },
      h("span", { class: "deadwood", id: "deadwood" }, `Deadwood ${turn.deadwood}`),
      h("button", { id: "sort", onclick: ui.onSort, title: "Group melds, then the rest by rank" }, "Sort"),
      h(
        "button",
        {
          id: "discard",
          class: "primary",
          disabled: ui.selected == null || !inPlay,
          onclick: () => ui.onAction({ type: "discard", card: ui.selected }),
        },
        ui.selected ? `Discard ${shortName(ui.selected)}` : "Discard",
      ),
      h(
        "button",
        {
          id: "knock",
          disabled: !canKnock,
          title: anyKnock && !canKnock ? "Select a card you may knock with" : null,
          onclick: () => ui.onAction({ type: "knock", card: ui.selected }),
        },
        canKnock ? (knockWith === 0 ? "Gin!" : `Knock (deadwood ${knockWith})`) : anyKnock ? "Knock: select a card" : "Knock",
      ),
    );
  } else {
    const open = game.open?.[bottom];
    hand = open ? openHand(open.hand, open.melds) : backs(turn.hand_counts[bottom]);
  }
  const player = h(
    "div",
    { class: `seat bottom${turn.to_act === bottom && inPlay ? " to-act" : ""}`, id: "seat-bottom" },
    me == null
      ? h(
          "div",
          { class: "seat-name" },
          h("strong", {}, seatName(room, bottom, me)),
          h("span", { class: "badge" }, plural(turn.hand_counts[bottom], "card")),
          inPlay && turn.to_act === bottom && room.seats[bottom].kind === "bot"
            ? h("span", { class: "thinking" }, "thinking", h("i"), h("i"), h("i"))
            : null,
        )
      : null,
    hand,
    controls,
  );

  // --- the side: status, scores, moves, refusals ---------------------------------------------
  const side = h(
    "aside",
    { class: "side" },
    h("p", { class: "status", id: "status", "aria-live": "polite" }, statusText(view, me)),
    h("p", { class: "refusal", id: "refusal", role: "alert" }, ui.message || ""),
    h(
      "p",
      { class: "scores", id: "scores" },
      `${seatName(room, bottom, me)} ${game.scores[bottom]} · ${game.scores[top]} ${seatName(room, top, me)}`,
      h("span", { class: "muted" }, ` (hand ${game.hand_no}, to ${game.target})`),
    ),
    h(
      "ol",
      { class: "moves", id: "moves", "aria-label": "Moves this hand", start: Math.max(1, game.history.length - 7) },
      game.history.slice(-8).map((e) => h("li", {}, describeMove(e, room, me))),
    ),
  );

  const felt = h("div", { class: "felt" }, opponent, center, player);
  const overlay = game.result && ["hand_over", "match_over"].includes(turn.phase) ? resultPanel(game, room, me, ui.resultActions) : null;
  // The phase and move number as attributes: styling hooks, and what browser tests wait on.
  const dataset = { phase: turn.phase, ply: turn.ply, mine: mine ? "1" : "0", hand: game.hand_no };
  return h("div", { class: "table", id: "table", dataset }, h("div", { class: "board" }, felt, overlay), side);
}

export function statusText(view, me) {
  const { room, game } = view;
  const turn = game.turn;
  if (room.forfeit != null) {
    const reason = room.forfeit_reason === "timeouts" ? "ran out of time too often" : "left the game";
    return `${seatName(room, room.forfeit, me)} ${reason}: ${seatName(room, 1 - room.forfeit, me)} ${1 - room.forfeit === me ? "win" : "wins"} the match.`;
  }
  if (room.status === "waiting") return "Waiting for a second player: share the invite link.";
  if (turn.phase === "match_over") {
    return `${seatName(room, game.winner, me)} ${game.winner === me ? "win" : "wins"} the match ${Math.max(...game.scores)}–${Math.min(...game.scores)}.`;
  }
  if (turn.phase === "hand_over") return me == null ? "The hand is over." : "The hand is over: press Next hand when ready.";
  const who = seatName(room, turn.to_act, me);
  const top = game.discard_pile[game.discard_pile.length - 1];
  if (turn.to_act === me) {
    if (turn.phase === "offer") return `Your turn: take the upcard ${shortName(top)} or pass.`;
    if (turn.phase === "draw") return "Your turn: draw from the stock or take the top discard.";
    return "Select a card, then Discard it (or Knock, when your deadwood allows).";
  }
  if (turn.phase === "offer") return `${who} decides on the upcard…`;
  return turn.phase === "draw" ? `${who} to draw…` : `${who} to discard…`;
}
