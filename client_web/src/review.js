// The review of a finished Gin Rummy match (GET /api/replays/{id}/review/{seat}): what each
// decision of a seat cost, judged by the server from that seat's view at the time. Shown in
// the end-of-match screen and beside the replay: the marked decisions with the better move
// and the expected points the one chosen gave up (judged from the seat's view, whatever the
// hand's outcome), a graph of the seat's chance to win the match after
// each decision, and a click on a mark goes to that position of the replay.
import { shortName } from "./cards.js";
import { describeError, formatNumber, formatPercent, t } from "./i18n.js";
import { h } from "./vdom.js";

const RETRIES = 10; // a match just over: its replay is being stored (409), ask again
const RETRY_MS = 800;

/** The review of ``seat`` in the finished game ``id``; an error (with its code) if none.
 * Asked on ``conn`` (the protocol's ``review``: a player's own review of today's game is
 * theirs at once) when given, else over HTTP. ``wait``: a match just over is being stored,
 * so ask again a few times. */
export async function fetchReview(id, seat, { wait = false, conn = null } = {}) {
  for (let attempt = 0; ; attempt += 1) {
    let body;
    try {
      if (conn) return await conn.request("review", { room: id, seat });
      const response = await fetch(`/api/replays/${encodeURIComponent(id)}/review/${seat}`);
      body = await response.json();
      if (response.ok) return body;
    } catch (error) {
      if (!conn) throw error;
      body = error;
    }
    const early = body.code === "in_progress" || body.code === "no_replay";
    if (!(wait && early && attempt < RETRIES)) throw body;
    await new Promise((done) => setTimeout(done, RETRY_MS));
  }
}

const points = (n) => formatNumber(Math.round(n * 10) / 10);

/** An action of the review in words ("discard K♣", "draw from the stock"...). */
export function actionWords(action) {
  const card = action.card ? shortName(action.card) : "";
  return t(`review.act.${action.type}`, { card });
}

/** The review's summary line and its marked decisions (``onJump(decision)``, if given,
 * makes each one a button that goes to its position). */
export function reviewPanel(review, { onJump = null, id = "review" } = {}) {
  const marked = review.decisions.filter((d) => d.mark);
  const line = (d) => [
    h("span", { class: `mark ${d.mark}` }, t(`review.mark.${d.mark}`)),
    " ",
    t("review.decision", {
      hand: d.hand_no,
      chosen: actionWords(d.chosen),
      best: actionWords(d.best),
      points: points(d.loss),
      margin: points(2 * (d.error || 0)), // about 95 % of the playouts' noise either side
    }),
  ];
  return h(
    "section",
    { class: "review", id, "aria-labelledby": `${id}-title` },
    h("h3", { id: `${id}-title` }, t("review.title")),
    h(
      "p",
      { class: "review-summary" },
      t("review.accuracy", { n: formatNumber(review.accuracy) }),
      " · ",
      t("review.lost", { draw: points(review.lost.draw), discard: points(review.lost.discard) }),
    ),
    // What the figure's scale is (server/games/gin_rummy/review.py's accuracy()): 100 when
    // every decision was the best found, lower as the expected points given up grow.
    h("p", { class: "review-scale muted" }, t("review.scale")),
    review.hands?.length > 1
      ? h(
          "p",
          { class: "review-hands muted" },
          review.hands.map((hand, i) => [i ? " · " : "", t("review.hand", { n: hand.hand_no, accuracy: formatNumber(hand.accuracy) })]),
        )
      : null,
    marked.length
      ? h(
          "ol",
          { class: "review-marks" },
          marked.map((d) =>
            h(
              "li",
              { key: d.at },
              onJump ? h("button", { class: "link-button", "data-at": d.at, onclick: () => onJump(d) }, line(d)) : line(d),
            ),
          ),
        )
      : h("p", { class: "muted" }, t("review.clean")),
  );
}

/** The seat's chance to win the match after each decision (the chosen option's, judged
 * by the playouts and the score), with the marks; ``at`` (a position of the replay) is shown
 * as the current one. Drawn in SVG (viewBox units: it scales with its box). A click on a
 * mark goes to it (the list of marks beside it is the keyboard's way there). */
export function reviewGraph(review, { onJump = null, at = null } = {}) {
  const decisions = review.decisions;
  const width = 320;
  const height = 110;
  const pad = { left: 34, right: 6, top: 8, bottom: 8 };
  if (!decisions.length) return null;
  const values = decisions.map((d) => 100 * d.chance);
  const x = (i) => pad.left + (decisions.length === 1 ? 0 : (i * (width - pad.left - pad.right)) / (decisions.length - 1));
  const y = (v) => pad.top + ((100 - v) * (height - pad.top - pad.bottom)) / 100;
  let now = -1; // the last decision made before the position shown
  if (at != null) decisions.forEach((d, i) => d.at <= at && (now = i));
  const label = (v) => h("text", { class: "chart-label", x: pad.left - 4, y: y(v) + (v === 100 ? 8 : v === 0 ? 0 : 4), "text-anchor": "end" }, formatPercent(v));
  return h(
    "svg",
    { class: "chart review-graph", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("review.graph") },
    h("title", {}, t("review.graph")),
    h("line", { class: "chart-axis", x1: pad.left, x2: width - pad.right, y1: y(50), y2: y(50) }),
    h("polyline", { class: "chart-line", points: values.map((v, i) => `${x(i)},${y(v)}`).join(" ") }),
    label(100),
    label(50),
    label(0),
    now >= 0 ? h("line", { class: "review-now", x1: x(now), x2: x(now), y1: pad.top, y2: height - pad.bottom }) : null,
    decisions.map((d, i) =>
      d.mark
        ? h("circle", {
            key: d.at,
            class: `review-dot ${d.mark}`,
            cx: x(i),
            cy: y(values[i]),
            r: 4,
            "data-at": d.at,
            onclick: onJump ? () => onJump(d) : null,
          })
        : null,
    ),
  );
}

/** A review being fetched: {state: "loading" | "ready" | "failed", review, message}. */
export function loadReview(id, seat, redraw, options) {
  const slot = { state: "loading", review: null, message: t("review.loading") };
  fetchReview(id, seat, options)
    .then((review) => Object.assign(slot, { state: "ready", review, message: "" }))
    .catch((error) => Object.assign(slot, { state: "failed", message: describeError(error) }))
    .finally(redraw);
  return slot;
}
