// The solver's answers in words: a hint (the move, and how sure it is) and whether a game
// can still be won.
import { shortName } from "./cards.js";
import { t } from "./i18n.js";

const pileKey = (pile, role) =>
  pile === "waste" ? [`pile.${role}.waste`, {}] : pile === "f" ? [`pile.${role}.foundation_any`, {}] : pile[0] === "f" ? [`pile.${role}.foundation`, { n: Number(pile.slice(1)) + 1 }] : [`pile.${role}.column`, { n: Number(pile.slice(1)) + 1 }];
const pileWords = (pile, role) => t(...pileKey(pile, role));

/** A hint in words: the move, and how sure it is (from what the player has seen). */
export function describeHint(reply, game) {
  const action = reply.action;
  let move = t("hint.none");
  if (action?.type === "stock") move = t(game?.stock ? "hint.stock" : "hint.recycle");
  else if (action) {
    const from = action.from;
    let cards = t("hint.cards.top");
    if (from === "waste" && game?.waste?.length) cards = t("hint.cards.one", { card: shortName(game.waste[game.waste.length - 1]) });
    else if (from[0] === "c" && game) {
      const up = game.columns[Number(from.slice(1))].up;
      const count = action.count || 1;
      const first = up[up.length - count];
      if (first) cards = count > 1 ? t("hint.cards.run", { n: count, card: shortName(first) }) : t("hint.cards.one", { card: shortName(first) });
    }
    move = t("hint.move", { cards, from: pileWords(from, "from"), to: pileWords(action.to, "to") });
  }
  let sure;
  if (reply.verdict === "winnable") sure = t("hint.sure.winnable");
  else if (reply.verdict === "not_winnable") sure = t("hint.sure.lost");
  else if (reply.samples > 1) sure = t("hint.sure.samples", { wins: reply.wins, samples: t("count.deals", { n: reply.samples }) });
  else sure = t("hint.sure.unknown");
  return t("hint.line", { move, sure });
}

/** "Can this still be won?" in words: a yes, a no or a "not sure", as a player says it. */
export function describeVerdict(reply) {
  return t(reply.verdict === "winnable" ? "verdict.yes" : reply.verdict === "not_winnable" ? "verdict.no" : "verdict.unknown");
}
