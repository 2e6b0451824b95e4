// The lobby's replays: the games played lately (``/api/replays``), each with its players,
// its result and a link to watch it again.
import { h } from "./dom.js";
import { formatDate, formatScores, t } from "./i18n.js";
import { botName } from "./table_names.js";

function replayRow(r) {
  const names = r.seats.map((s) => (s.kind === "bot" ? botName(s.level) : s.name));
  const link = h("a", { class: "button", href: `#/replay/${r.id}` }, t("lobby.replay"));
  if (r.seats.length === 1) {
    const moves = t("count.moves", { n: r.result.moves });
    return h(
      "li",
      { class: "room-row" },
      h("span", { class: "who" }, t("lobby.replay_solo", { code: r.result.code, name: names[0] })),
      h("span", { class: "muted" }, t(r.result.won ? "lobby.replay_won" : "lobby.replay_lost", { score: r.result.score, moves })),
      link,
    );
  }
  const winner = r.result.winner == null ? t("lobby.no_winner") : t("lobby.winner", { name: names[r.result.winner] });
  return h(
    "li",
    { class: "room-row" },
    h("span", { class: "who" }, t("lobby.vs", { a: names[0], b: names[1] })),
    h("span", { class: "muted" }, t("lobby.replay_info", { winner, scores: formatScores(r.result.scores, r.result.winner), when: formatDate(r.finished_at * 1000) })),
    link,
  );
}

/** The replays' panel: "loading" until ``/api/replays`` answers, then its list (or that
 * there is none, or that it could not be read). */
export function replaysPanel() {
  const replays = h("ul", { class: "rooms", id: "replays" }, h("li", { class: "muted" }, t("lobby.loading")));
  fetch("/api/replays")
    .then((r) => r.json())
    .then(({ replays: list }) => {
      if (!list.length) {
        replays.replaceChildren(h("li", { class: "muted" }, t("lobby.no_replays")));
        return;
      }
      replays.replaceChildren(...list.map(replayRow));
    })
    .catch(() => replays.replaceChildren(h("li", { class: "muted" }, t("lobby.replays_unavailable"))));
  return h("section", { class: "panel" }, h("h2", {}, t("lobby.replays")), replays);
}
