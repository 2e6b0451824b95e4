// The client's entry: one connection, a name kept in the browser, and a hash router
// (#/ lobby, #/room/CODE a table, #/replay/ID a replay) so links work as invites.
import { Connection } from "./connection.js";
import { mountLobby } from "./lobby.js";
import { mountReplay } from "./replay.js";
import { mountRoom } from "./room.js";

const NAME_KEY = "cardroom.name";
const NET_TEXT = { connecting: "Connecting…", online: "Online", offline: "Offline: reconnecting…" };

const scheme = location.protocol === "https:" ? "wss:" : "ws:";
const conn = new Connection(`${scheme}//${location.host}/ws`);
const root = document.getElementById("app");
const net = document.getElementById("net");

const app = {
  conn,
  name() {
    const saved = localStorage.getItem(NAME_KEY);
    if (saved) return saved;
    const made = `Player ${Math.floor(100 + Math.random() * 900)}`;
    localStorage.setItem(NAME_KEY, made);
    return made;
  },
  setName(name) {
    const clean = name.trim().slice(0, 32);
    if (clean) localStorage.setItem(NAME_KEY, clean);
  },
  navigate(hash) {
    if (location.hash === hash) route();
    else location.hash = hash;
  },
};

let unmount = null;
function route() {
  if (unmount) unmount();
  const [, page, id] = location.hash.replace(/^#/, "").split("/");
  if (page === "room" && id) unmount = mountRoom(root, app, decodeURIComponent(id));
  else if (page === "replay" && id) unmount = mountReplay(root, app, decodeURIComponent(id));
  else unmount = mountLobby(root, app);
  root.focus({ preventScroll: true });
}

conn.on((event) => {
  if (event.type !== "state") return;
  net.dataset.state = event.state;
  net.textContent = NET_TEXT[event.state];
});
window.addEventListener("hashchange", route);
window.cardroom = { conn }; // for tests and the curious: the connection and its rooms
conn.connect();
route();
