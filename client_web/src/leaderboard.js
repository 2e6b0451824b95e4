// Leaderboards: a daily board (#/leaderboard/BOARD or #/leaderboard/BOARD/DATE) with the
// top 100, the player's own rank and, once the day is over, each game's replay; and the
// Glicko-2 ratings (#/leaderboard/ratings).
import { h } from "./dom.js";
import { describeError, formatDay, formatNumber, t } from "./i18n.js";
import { duration, lineName } from "./profile.js";

const BOARDS = ["gin_rummy", "easy_harp", "reflechi_draw1", "reflechi_draw3"];

function shiftDay(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function tabs(current, date) {
  const suffix = date ? `/${date}` : "";
  return h(
    "nav",
    { class: "board-tabs", "aria-label": t("nav.boards") },
    [...BOARDS, "ratings"].map((b) =>
      h(
        "a",
        { href: `#/leaderboard/${b}${b === "ratings" ? "" : suffix}`, class: b === current ? "current" : null, "aria-current": b === current ? "page" : null, id: `tab-${b}` },
        b === "ratings" ? t("board.ratings") : lineName(b),
      ),
    ),
  );
}

function playerLink(row) {
  return row.player ? h("a", { href: `#/player/${row.player}` }, row.name || "?") : row.name || "?";
}

function dailyRows(board, rows) {
  const gin = board === "gin_rummy";
  const cols = gin ? ["rank", "name", "result", "margin", "hands", "replay"] : ["rank", "name", "result", "score", "moves", "time", "replay"];
  const cells = (r) => {
    // A forfeited match (the player left, or ran out of time) ranks below every finished one.
    const result = r.forfeit ? t("board.left") : r.won ? t("player.won") : t("player.lost");
    const replay = r.game ? h("a", { href: `#/replay/${r.game}` }, t("player.replay")) : "";
    return gin ? [r.rank, playerLink(r), result, r.margin, r.hands, replay] : [r.rank, playerLink(r), result, r.score, r.moves, duration(r.ms), replay];
  };
  return h(
    "table",
    { class: "stats board", id: "board-rows" },
    h("thead", {}, h("tr", {}, cols.map((c) => h("th", { scope: "col" }, t(`board.col.${c}`))))),
    h("tbody", {}, rows.map((r) => h("tr", { dataset: { player: r.player || "" } }, cells(r).map((c) => h("td", {}, typeof c === "number" ? formatNumber(c) : c))))),
  );
}

export function mountLeaderboard(root, app, board, date) {
  let alive = true;
  const page = h("div", { class: "profile leaderboard", id: "leaderboard" });
  root.replaceChildren(page);
  const chosen = BOARDS.includes(board) || board === "ratings" ? board : "gin_rummy";

  function show(...children) {
    // replaceChildren writes a null as the text "null": what is not shown is left out
    if (alive) page.replaceChildren(h("h1", {}, t("board.title")), tabs(chosen, date), ...children.filter((c) => c != null));
  }

  async function get(url) {
    const response = await fetch(url);
    const body = await response.json();
    if (!response.ok) throw body;
    return body;
  }

  async function load() {
    show(h("p", { class: "muted" }, t("player.loading")));
    try {
      if (chosen === "ratings") {
        const body = await get("/api/leaderboards/ratings");
        show(
          h("p", { class: "muted" }, t("board.ratings_text", { rd: body.threshold })),
          body.rows.length
            ? h(
                "table",
                { class: "stats board", id: "board-rows" },
                h("thead", {}, h("tr", {}, ["rank", "name", "rating", "games"].map((c) => h("th", { scope: "col" }, t(`board.col.${c}`))))),
                h("tbody", {}, body.rows.map((r) => h("tr", {}, [r.rank, playerLink(r), `${formatNumber(r.rating)} ± ${formatNumber(r.rd)}`, r.games].map((c) => h("td", {}, typeof c === "number" ? formatNumber(c) : c))))),
              )
            : h("p", {}, t("board.empty")),
        );
        return;
      }
      const me = app.conn.player?.id;
      const query = new URLSearchParams();
      if (date) query.set("date", date);
      if (me) query.set("player", me);
      const body = await get(`/api/leaderboards/daily/${chosen}?${query}`);
      show(
        h(
          "p",
          { class: "day-nav" },
          h("a", { href: `#/leaderboard/${chosen}/${shiftDay(body.date, -1)}`, id: "previous-day" }, t("board.previous")),
          " ",
          h("strong", { id: "board-date", dataset: { date: body.date } }, formatDay(body.date)),
          " ",
          body.over ? h("a", { href: `#/leaderboard/${chosen}/${shiftDay(body.date, 1)}`, id: "next-day" }, t("board.next")) : null,
        ),
        body.me ? h("p", { class: "own-rank", id: "own-rank" }, t("board.you", { rank: body.me.rank, total: body.total })) : null,
        body.over ? null : h("p", { class: "muted" }, t("board.replays_later")),
        body.rows.length ? dailyRows(chosen, body.rows) : h("p", {}, t("board.empty")),
        h("p", { class: "muted board-rules", id: "board-rules" }, t(chosen === "gin_rummy" ? "board.rules.gin_rummy" : "board.rules.solitaire")),
      );
    } catch (error) {
      show(h("p", { class: "refusal", role: "alert" }, error?.code ? describeError(error) : t("net.offline")));
    }
  }

  load();
  return () => {
    alive = false;
  };
}
