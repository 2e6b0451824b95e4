// A player's profile (#/player/ID): name, member since, today's ranks, the Glicko-2 rating
// with its history as a line chart, win shares as bars, the statistics as tables, the last
// games with their replays; on one's own profile, the identity's controls (a link for another
// device, reset, sign out); on someone else's, a button to ask them to be friends.
import { barChart, lineChart, qrImage } from "./charts.js";
import { formError, h } from "./dom.js";
import { Friendship } from "./friends.js";
import { describeError, formatDay, formatNumber, formatPercent, formatScores, t } from "./i18n.js";
import { deviceLink, linkRefusal, playerRefusal, resetSecret, signedOutByReset, signOut, startNewPlayer } from "./identity.js";

const SOLITAIRE_LINES = ["easy_harp", "reflechi_draw1", "reflechi_draw3"];
const OPPONENTS = ["easy", "normal", "hard", "expert", "human"];

export function percent(share) {
  return share == null ? "–" : formatPercent(share * 100);
}

export function duration(ms) {
  if (ms == null) return "–";
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}


export function lineName(line) {
  return t(`line.${line}`);
}

function table(id, columns, rows) {
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: "stats", id },
      h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, rows.map((cells) => h("tr", {}, cells.map((c, i) => (i === 0 ? h("th", { scope: "row" }, c) : h("td", { "data-label": columns[i] }, typeof c === "number" ? formatNumber(c) : c)))))),
    ),
  );
}

function solitaireTable(stats) {
  const lines = SOLITAIRE_LINES.filter((l) => stats[l]);
  if (!lines.length) return null;
  const cols = ["line", "played", "won", "share", "streak", "best_streak", "best_score", "mean_score", "fastest_moves", "fastest_time"];
  return [
    h("h2", {}, t("player.solitaires")),
    table(
      "stats-solitaire",
      cols.map((c) => t(`player.col.${c}`)),
      lines.map((l) => {
        const s = stats[l];
        return [lineName(l), s.played, s.won, percent(s.win_share), s.streak, s.best_streak, formatNumber(s.best_score, 0), formatNumber(s.mean_score, 0), formatNumber(s.fastest_moves, 0), duration(s.fastest_ms)];
      }),
    ),
  ];
}

function ginTable(stats) {
  const kinds = OPPONENTS.filter((o) => stats[`gin_rummy:${o}`]);
  if (!kinds.length) return null;
  const cols = ["opponent", "matches", "matches_won", "hands", "hands_won", "gins", "knocks", "undercuts_given", "undercuts_suffered", "mean_points"];
  return [
    h("h2", {}, t("game.gin_rummy")),
    table(
      "stats-gin",
      cols.map((c) => t(`player.col.${c}`)),
      kinds.map((o) => {
        const s = stats[`gin_rummy:${o}`];
        return [opponentName(o), s.matches, s.matches_won, s.hands, s.hands_won, s.gins, s.knocks, s.undercuts_given, s.undercuts_suffered, formatNumber(s.mean_points, 1)];
      }),
    ),
  ];
}

/** The shares and the tables, or nothing at all for a player with no game yet (an empty
 * panel would show as a white box). */
function stats(all) {
  const parts = [shares(all), solitaireTable(all), ginTable(all)].filter(Boolean);
  return parts.length ? h("section", { class: "panel", id: "stats" }, ...parts) : null;
}

function opponentName(kind) {
  return kind === "human" ? t("player.people") : t(`bot.${kind}`);
}

function shares(stats) {
  const items = [];
  for (const l of SOLITAIRE_LINES) if (stats[l]) items.push({ label: lineName(l), share: stats[l].win_share ?? 0 });
  for (const o of OPPONENTS) {
    const s = stats[`gin_rummy:${o}`];
    if (s) items.push({ label: `${t("line.gin_rummy")} · ${opponentName(o)}`, share: s.match_share ?? 0 });
  }
  if (!items.length) return null;
  return [h("h2", {}, t("player.shares")), h("div", { class: "chart-box", id: "share-chart" }, barChart(items, t("player.shares"), percent))];
}

function rating(profile) {
  const r = profile.rating;
  const history = profile.rating_history || [];
  return h(
    "section",
    { class: "panel", id: "rating" },
    h("h2", {}, t("player.rating")),
    r
      ? h("p", { class: "rating-value", id: "rating-value" }, t(r.provisional ? "player.rating_provisional" : "player.rating_value", { rating: Math.round(r.rating), rd: Math.round(r.rd) }))
      : h("p", {}, t("player.unrated")),
    r?.provisional ? h("p", { class: "muted", id: "rating-provisional" }, t("player.provisional_note")) : null,
    history.length
      ? h(
          "div",
          { class: "chart-box", id: "rating-chart" },
          lineChart(
            history.map((p) => p.rating),
            history.map((p) => p.rd),
            t("player.rating_chart"),
          ),
        )
      : null,
  );
}

function today(profile) {
  const ranks = Object.entries(profile.today?.ranks || {});
  return h(
    "section",
    { class: "panel", id: "today" },
    h("h2", {}, t("player.today")),
    ranks.length
      ? h(
          "ul",
          { class: "ranks" },
          ranks.map(([board, r]) =>
            h("li", {}, h("a", { href: `#/leaderboard/${board}` }, lineName(board)), " ", t("player.rank", { rank: r.rank, total: r.total })),
          ),
        )
      : h("p", {}, t("player.no_ranks")),
  );
}

function games(profile) {
  const todayDate = profile.today?.date;
  const list = profile.games || [];
  return h(
    "section",
    { class: "panel", id: "games" },
    h("h2", {}, t("player.games")),
    list.length
      ? h(
          "ul",
          { class: "games" },
          list.map((g) => {
            const withheld = !g.id || (g.daily && g.daily >= todayDate); // a daily's replay: the next day
            const result = g.won ? t("player.won") : t("player.lost");
            // The winner's score first, as every list of results says it.
            const detail = g.game === "gin_rummy" ? formatScores(g.scores, g.won ? g.seat : 1 - g.seat) : t("player.score", { points: g.score ?? 0 });
            // A rated room's match that moved no rating says why (fair play, FAQ).
            const unrated = g.unrated ? h("span", { class: "muted unrated" }, t(`player.unrated.${g.unrated}`)) : null;
            return h(
              "li",
              { dataset: g.id ? { game: g.id } : {} },
              h("span", { class: "game-line" }, lineName(g.line.startsWith("gin_rummy") ? "gin_rummy" : g.line)),
              " ",
              h("span", { class: g.won ? "won" : "lost" }, result),
              " ",
              h("span", {}, detail),
              " ",
              unrated,
              unrated ? " " : null,
              h("span", { class: "muted" }, formatDay(g.finished_at * 1000)),
              " ",
              withheld ? null : h("a", { href: `#/replay/${g.id}`, class: "replay-link" }, t("player.replay")),
            );
          }),
        )
      : h("p", {}, t("player.none")),
  );
}

function controls(app) {
  // What a button of these did, said under them (and brought into view): a status, or an
  // error next to the reset that failed.
  const note = h("p", { class: "note", role: "status", id: "identity-note" });
  const say = (text) => {
    note.textContent = text;
    note.scrollIntoView({ block: "nearest" });
  };
  const linkBox = h("div", { id: "device-box" });
  const showLink = () => {
    const link = deviceLink();
    if (!link) return;
    const field = h("input", { id: "device-link", readonly: true, value: link, "aria-label": t("player.device") });
    const qr = h("div", { class: "qr-box", id: "device-qr" });
    qrImage(link, t("player.device_qr")).then((image) => qr.replaceChildren(image));
    linkBox.replaceChildren(
      h("p", { class: "warning", role: "alert" }, t("player.device_warning")),
      qr,
      field,
      h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(link).then(() => say(t("player.copied"))) }, t("player.copy")),
    );
    field.select();
  };
  const reset = h(
    "button",
    {
      type: "button",
      id: "reset-secret",
      "aria-describedby": "identity-note",
      onclick: async () => {
        if (!confirm(t("player.reset_confirm"))) return;
        resetError.clear();
        try {
          await resetSecret(app.conn);
          linkBox.replaceChildren();
          say(t("player.reset_done"));
        } catch (error) {
          note.textContent = "";
          resetError.show(describeError(error));
        }
      },
    },
    t("player.reset"),
  );
  const resetError = formError("reset-secret-error", reset);
  return h(
    "section",
    { class: "panel", id: "identity" },
    h("h2", {}, t("player.you")),
    h("button", { type: "button", id: "device-show", onclick: showLink }, t("player.device")),
    linkBox,
    h(
      "div",
      { class: "row" },
      reset,
      h(
        "button",
        {
          type: "button",
          id: "sign-out",
          onclick: () => {
            if (!confirm(t("player.sign_out_confirm"))) return;
            signOut(app.conn);
            app.navigate("#/player/me");
          },
        },
        t("player.sign_out"),
      ),
    ),
    resetError.el,
    note,
  );
}

/** The refusal of a device link just opened, under the heading of the page the link leads
 * to (one's own profile): an empty, hidden line when there is none. */
function linkRefused(app, own = true) {
  const why = own ? linkRefusal(app.conn) : null;
  return h("p", { class: "refusal", role: "alert", id: "link-refused", hidden: !why }, why || "");
}

/** The page for someone with no identity on this device. */
function signedOut(app) {
  const button = h("button", { type: "button", class: "primary", id: "new-player", onclick: () => startNewPlayer(app.conn) }, t("player.new"));
  // The server's refusal of a new player (too many from this network), next to the button.
  const refused = formError("new-player-error", button);
  const section = h(
    "section",
    { class: "panel", id: "identity" },
    h("p", { id: "signed-out-note" }, t(signedOutByReset() ? "player.signed_out_reset" : "player.signed_out")),
    button,
    refused.el,
  );
  const why = playerRefusal(app.conn);
  if (why) {
    refused.el.textContent = why;
    refused.el.hidden = false;
  }
  return section;
}

export function mountProfile(root, app, id) {
  const own = id === "me";
  let alive = true;
  let profile = null;
  let error = null;
  // Someone else's profile: how the two stand, with a button to ask them to be friends.
  const friendship = own ? null : new Friendship(app.conn, id, () => render());
  const page = h("div", { class: "profile", id: "profile" });
  root.replaceChildren(page);

  function render() {
    if (!alive) return;
    const mine = app.conn.player && app.conn.player.id === id;
    if (id === "me" && !app.conn.player) {
      const waiting = app.conn.state !== "online";
      page.replaceChildren(h("h1", {}, t("player.title")), ...(waiting ? [h("p", { class: "muted" }, t("player.loading"))] : [linkRefused(app), signedOut(app)]));
      return;
    }
    if (error) {
      page.replaceChildren(h("h1", {}, t("player.title")), h("p", { class: "refusal", role: "alert" }, error));
      return;
    }
    if (!profile) {
      page.replaceChildren(h("p", { class: "muted" }, t("player.loading")));
      return;
    }
    document.title = `${profile.name} · ${t("app.name")}`;
    // replaceChildren writes a left-out part (null) as the word "null": only what is there.
    const parts = [
      h("h1", { id: "player-name" }, profile.name),
      linkRefused(app, mine),
      h("p", { class: "muted", id: "member-since" }, t("player.since", { date: formatDay(profile.created * 1000) })),
      mine || !friendship ? null : friendship.view(h, profile.name),
      today(profile),
      rating(profile),
      stats(profile.stats),
      games(profile),
      mine ? controls(app) : null,
      h("p", {}, h("a", { href: "#/leaderboard/gin_rummy" }, t("nav.boards"))),
    ];
    page.replaceChildren(...parts.filter((part) => part != null));
  }

  async function load() {
    if (id === "me") {
      if (!app.conn.player) return render();
      id = app.conn.player.id;
    }
    try {
      const response = await fetch(`/api/players/${encodeURIComponent(id)}`);
      const body = await response.json();
      if (!response.ok) error = describeError(body);
      else profile = body;
    } catch {
      error = t("net.offline");
    }
    render();
  }

  const off = app.conn.on((event) => {
    if (event.type === "player" && own) {
      // Signed in, out, or as someone else: this page is the new player's (or nobody's).
      id = "me";
      profile = null;
      error = null;
      load();
    }
    else if (event.type === "player" || (event.type === "state" && id === "me")) render();
  });
  render();
  load();
  return () => {
    alive = false;
    linkRefusal(app.conn, true); // said on this page: not again on the next
    off();
    friendship?.close();
  };
}
