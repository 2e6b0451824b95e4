// The client's entry: one connection, a name kept in the browser, the settings and the
// language, and a hash router (#/ lobby, #/room/CODE a table, #/replay/ID a replay,
// #/learn/GAME/PAGE the learn pages, #/replay/ID/N a replay at its position N,
// #/replay/ID/N/SEAT there with SEAT's review open (a mark's link), #/player/ID a profile,
// #/leaderboard/BOARD/DATE the leaderboards, #/watch live games, #/tv the featured game,
// #/device/SECRET a device link, #/friends the friends, #/friends/add/ID a friend link) so
// links work as invites.
import { Connection } from "./connection.js";
import { h } from "./dom.js";
import { browserLanguage, currentLanguage, setLanguage, t } from "./i18n.js";
import { closeLearnDrawer, mountLearn } from "./learn.js";
import { adoptDeviceLink, attachIdentity, followSettings, helloAsPlayer, rename } from "./identity.js";
import { mountChallengeBanner } from "./challenges.js";
import { mountLobby } from "./lobby.js";
import { applyLook, setSetting, setting } from "./settings.js";
import { settingsDialog } from "./settings_panel.js";
import { played } from "./sound.js";

const NAME_KEY = "cardroom.name";

const scheme = location.protocol === "https:" ? "wss:" : "ws:";
const conn = new Connection(`${scheme}//${location.host}/ws`, { hello: helloAsPlayer(() => app.name()) });
const root = document.getElementById("app");
const net = document.getElementById("net");
const actions = document.getElementById("top-actions");

attachIdentity(conn);
followSettings(conn);

const app = {
  conn,
  name() {
    const saved = localStorage.getItem(NAME_KEY);
    if (saved) return saved;
    const made = t("app.default_name", { n: Math.floor(100 + Math.random() * 900) });
    localStorage.setItem(NAME_KEY, made);
    return made;
  },
  // ``report``: hears the server's refusal of the name (the lobby shows it by the field).
  setName(name, report) {
    const clean = name.trim().slice(0, 24);
    if (clean) localStorage.setItem(NAME_KEY, clean);
    if (clean) rename(conn, clean, report);
  },
  navigate(hash) {
    if (location.hash === hash) route();
    else location.hash = hash;
  },
};

/** A part of the address, decoded; a broken escape (``abc%ZZ``, from a link cut or mangled
 * on its way) is kept as typed, so the page says the room is not available instead of
 * throwing "URI malformed" on a blank page. */
function decoded(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

// The pages a first visit to the lobby does not show come in their own chunks, loaded when
// first opened (the lobby's download stays within its budget as pages are added).
function lazyPage(load, name) {
  return (...args) => {
    let inner = null;
    let gone = false;
    load()
      .then((module) => {
        if (!gone) inner = module[name](...args);
      })
      .catch(() => {
        if (!gone) root.replaceChildren(h("p", { class: "error", role: "alert" }, t("app.page_load")));
      });
    return () => {
      gone = true;
      if (inner) inner();
    };
  };
}
const mountFriends = lazyPage(() => import("./friends.js"), "mountFriends");
const mountLeaderboard = lazyPage(() => import("./leaderboard.js"), "mountLeaderboard");
const mountProfile = lazyPage(() => import("./profile.js"), "mountProfile");
const mountReplay = lazyPage(() => import("./replay.js"), "mountReplay");
const mountRoom = lazyPage(() => import("./room.js"), "mountRoom");
const mountTv = lazyPage(() => import("./watch.js"), "mountTv");
const mountWatch = lazyPage(() => import("./watch.js"), "mountWatch");

let unmount = null;
function route() {
  if (unmount) unmount();
  closeLearnDrawer(false);
  const [, page, id, part, seat] = location.hash.replace(/^#/, "").split("/");
  document.title = t("app.name");
  if (page === "room" && id) unmount = mountRoom(root, app, decoded(id));
  else if (page === "replay" && id) unmount = mountReplay(root, app, decoded(id), Number(part) || 0, seat && Number(seat));
  else if (page === "learn") unmount = mountLearn(root, app, id, part);
  else if (page === "player" && id) unmount = mountProfile(root, app, decoded(id));
  else if (page === "leaderboard") unmount = mountLeaderboard(root, app, id, part);
  else if (page === "watch") unmount = mountWatch(root, app);
  else if (page === "friends") unmount = mountFriends(root, app, id === "add" && part ? decoded(part) : null);
  else if (page === "tv") unmount = mountTv(root, app);
  else if (page === "device" && id) {
    // The secret must not stay in the address bar or the history.
    adoptDeviceLink(conn, id);
    unmount = null;
    location.replace("#/player/me");
    return;
  }
  else unmount = mountLobby(root, app);
  root.focus({ preventScroll: true });
}

async function changeLanguage(code) {
  setSetting("language", code);
  await setLanguage(code);
  drawChrome();
  settings.fill();
  route();
  document.getElementById("set-language")?.focus();
}

const settings = settingsDialog(changeLanguage);
document.body.append(settings.dialog);

/** The top bar's words: the learn link, the settings button, the connection state. */
function drawChrome() {
  actions.replaceChildren(
    h("a", { class: "top-link", href: "#/learn", id: "nav-learn" }, t("nav.learn")),
    h(
      "a",
      { class: "top-link top-button", href: "#/watch", id: "nav-watch" },
      h("span", { "aria-hidden": "true" }, "\u25b6\ufe0e"),
      h("span", { class: "top-label" }, t("nav.watch")),
    ),
    // On a phone these two show only their symbols (the words stay for screen readers).
    h(
      "a",
      { class: "top-link top-button", href: "#/leaderboard/gin_rummy", id: "nav-boards" },
      h("span", { "aria-hidden": "true" }, "\u2605"),
      h("span", { class: "top-label" }, t("nav.boards")),
    ),
    h(
      "a",
      { class: "top-link top-button", href: "#/friends", id: "nav-friends" },
      h("span", { "aria-hidden": "true" }, "\u2665\ufe0e"),
      h("span", { class: "top-label" }, t("nav.friends")),
    ),
    h(
      "a",
      { class: "top-link top-button", href: "#/player/me", id: "nav-profile" },
      h("span", { "aria-hidden": "true" }, "\u263a"),
      h("span", { class: "top-label" }, t("nav.profile")),
    ),
    h(
      "button",
      { class: "top-button", id: "settings-button", "aria-haspopup": "dialog", onclick: () => settings.open() },
      h("span", { "aria-hidden": "true" }, "\u2699"),
      h("span", { class: "top-label" }, t("nav.settings")),
    ),
  );
  net.textContent = t(`net.${conn.state}`);
}

conn.on((event) => {
  if (event.type !== "state") return;
  net.dataset.state = event.state;
  net.textContent = t(`net.${event.state}`);
});
window.addEventListener("hashchange", route);
// For tests and the curious: the connection and its rooms, the language, the sounds made.
window.cardroom = { conn, language: currentLanguage, sounds: played };

async function start() {
  applyLook();
  let language = setting("language");
  if (!language) {
    language = browserLanguage();
    setSetting("language", language);
  }
  await setLanguage(language);
  drawChrome();
  mountChallengeBanner(app); // on every page: a challenge from a friend, or the answer to one's own
  conn.connect();
  route();
}

start();
