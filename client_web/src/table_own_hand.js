// The player's own hand at a Gin Rummy table, in their own order, and its controls: the
// deadwood count, Sort, Discard and Knock (Gin).
import { cardFace, cardName, shortName } from "./cards.js";
import { t } from "./i18n.js";
import { meldBar, meldIndex } from "./table_hands.js";
import { h } from "./vdom.js";

/** The hand and its controls (none once the match is finished). ``ui``: {order, selected,
 * busy, onCard, onCardKey, onPointerDown, onSort, onAction}. */
export function ownHand(view, ui, id, inPlay) {
  const { room, game } = view;
  const turn = game.turn;
  const legal = new Set(turn.legal || []);
  const index = meldIndex(game.melds);
  const hand = h(
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
  const controls = room.status === "finished" ? null : h(
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
  return [hand, controls];
}
