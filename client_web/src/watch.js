// Live games worth watching: the Watch page (#/watch) lists the public Gin Rummy matches
// being played, best-rated first, from the lobby's stream of changes (never the whole list
// again), with the featured game on top; TV (#/tv) follows the featured game, the live rated
// match with the highest-rated players, and moves on to the next one by itself when it ends.
import { h } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { seatLabel } from "./lobby.js";
import { mountRoom } from "./room.js";
import * as vdom from "./vdom.js";

const PAUSE_MS = 4000; // the end of a featured match stays on screen this long

/** "Ann (1720)": a seat's name with the rating it sat down with ("1500?" while provisional). */
export function seatWithRating(seat) {
  const name = seatLabel(seat);
  if (seat.rating == null) return name;
  const rating = seat.provisional ? t("watch.provisional_rating", { rating: String(seat.rating) }) : String(seat.rating); // no grouping: 1900
  return t("watch.rated_name", { name, rating });
}

const strength = (room) => room.seats.reduce((sum, s) => sum + (s.rating ?? 0), 0);

function liveGames(conn) {
  return (conn.lobby || [])
    .filter((r) => r.game === "gin_rummy" && r.status === "playing")
    .sort((a, b) => strength(b) - strength(a) || (b.created_at || 0) - (a.created_at || 0));
}

function progress(room) {
  const parts = [room.scores.map((s) => formatNumber(s)).join("–"), t("watch.hand", { n: (room.hands ?? 0) + 1 }), t("watch.to", { n: room.target ?? 100 })];
  if (room.rated) parts.push(t("watch.rated"));
  return parts.join(" · ");
}

export function mountWatch(root, app) {
  const featured = h("section", { class: "panel featured", id: "featured", "aria-live": "polite" });
  const list = h("ul", { class: "rooms", id: "live" });

  function render() {
    const top = app.conn.featured;
    featured.replaceChildren(
      h("h2", {}, t("watch.featured")),
      top?.seats
        ? h("p", { id: "featured-who" }, t("lobby.vs", { a: seatWithRating(top.seats[0]), b: seatWithRating(top.seats[1]) }), " · ", progress(top))
        : h("p", { class: "muted" }, t(top ? "watch.featured_soon" : "watch.no_featured")),
      h("a", { class: "button primary", id: "watch-tv", href: "#/tv" }, t("watch.tv")),
    );
    const games = liveGames(app.conn);
    if (app.conn.lobby == null) vdom.draw(list, vdom.h("li", { class: "muted" }, t("lobby.loading")));
    else if (!games.length) vdom.draw(list, vdom.h("li", { class: "muted" }, t("watch.none")));
    else {
      vdom.draw(
        list,
        ...games.map((room) =>
          vdom.h(
            "li",
            { class: "room-row", key: room.id, dataset: { room: room.id } },
            vdom.h("span", { class: "who" }, t("lobby.vs", { a: seatWithRating(room.seats[0]), b: seatWithRating(room.seats[1]) })),
            vdom.h("span", { class: "muted" }, `${progress(room)} · ${t("count.spectators", { n: room.spectators })}`),
            vdom.h("a", { class: "button", href: `#/room/${room.id}` }, t("lobby.watch")),
          ),
        ),
      );
    }
  }

  root.replaceChildren(h("div", { class: "watch" }, h("h1", {}, t("watch.title")), h("p", { class: "lead" }, t("watch.lead")), featured, h("section", { class: "panel" }, h("h2", {}, t("watch.live")), list)));
  app.conn.watchLobby();
  render();
  const off = app.conn.on((e) => e.type === "lobby" && render());
  return () => {
    off();
    vdom.undraw(list);
  };
}

export function mountTv(root, app) {
  const head = h("p", { class: "tv-head", id: "tv-head", role: "status" });
  const stage = h("div", { id: "tv-stage" });
  root.replaceChildren(h("div", { class: "tv" }, h("h1", {}, t("watch.tv_title")), head, stage));
  let current = null;
  let unmount = null;
  let pause = null;

  function show(id) {
    if (unmount) unmount();
    unmount = null;
    current = id;
    stage.dataset.room = id || "";
    if (id) unmount = mountRoom(stage, app, id);
    else stage.replaceChildren();
    describe();
  }

  function describe() {
    const top = app.conn.featured;
    if (!current) head.textContent = t("watch.tv_waiting");
    else if (top?.id === current && top.seats) head.textContent = t("lobby.vs", { a: seatWithRating(top.seats[0]), b: seatWithRating(top.seats[1]) });
  }

  function follow() {
    const next = app.conn.featured?.id ?? null;
    if (next === current || pause) return describe();
    if (!current) return show(next);
    // The match shown ended (or was overtaken): let its end be seen, then the next one.
    pause = setTimeout(() => {
      pause = null;
      show(app.conn.featured?.id ?? null);
    }, PAUSE_MS);
  }

  app.conn.watchLobby();
  follow();
  const off = app.conn.on((e) => e.type === "lobby" && follow());
  return () => {
    off();
    clearTimeout(pause);
    if (unmount) unmount();
  };
}
