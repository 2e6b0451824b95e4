// The end-of-hand screen of a Gin Rummy table (and the end of a match, by its score or a
// forfeit): what the server's result says, in words and laid-out hands.
import { shortName } from "./cards.js";
import { scoped } from "./dom.js";
import { t } from "./i18n.js";
import { openHand } from "./table_hands.js";
import { about, seatName } from "./table_names.js";
import { h } from "./vdom.js";

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

/** Who forfeited the match, why, and who won it (to the winner, the loser, a spectator). */
export function forfeitText(room, me) {
  const reason = room.forfeit_reason === "timeouts" ? "timeouts" : "left";
  const winner = 1 - room.forfeit;
  const side = me == null ? "watch" : winner === me ? "you_win" : "you_lose";
  return t(`status.forfeit.${reason}.${side}`, { loser: seatName(room, room.forfeit, me), winner: seatName(room, winner, me) });
}
