// The lobby: large tiles for the main choices (a bot of each level, someone now by quick
// pairing, a friend, today's game, each solitaire with today's deal or a new one, the learn
// pages), the rest under "More options" (match length, public rooms, two bots to watch, a
// deal code, a room code), then the public rooms live and the replays. Each panel is a
// module of its own: lobby_tiles.js, lobby_seek.js, lobby_options.js, lobby_rooms.js,
// lobby_replays.js.
import { answerGroup, formError, h } from "./dom.js";
import { describeError, t } from "./i18n.js";
import { moreOptions } from "./lobby_options.js";
import { replaysPanel } from "./lobby_replays.js";
import { publicRooms } from "./lobby_rooms.js";
import { seekPanel } from "./lobby_seek.js";
import { ginTiles, learnTiles, solitaireTiles } from "./lobby_tiles.js";

export { seatLabel } from "./lobby_rooms.js";
export { LEARN_SLUGS } from "./lobby_tiles.js";

export function mountLobby(root, app) {
  const name = h("input", {
    id: "name",
    maxlength: 24, // the server's rule for names (protocol/README.md, Names)
    autocomplete: "nickname",
    value: app.name(),
    oninput: (e) => app.setName(e.target.value, (refused) => (refused ? nameError.show(describeError(refused)) : nameError.clear())),
  });
  const nameError = formError("name-error", name);
  // Every button that makes a room waits for its answer: a double click makes one room.
  const waits = answerGroup();
  const more = moreOptions(app, waits, (...args) => solitaire(...args));
  const { rated, clock } = more.fields;

  // A new press takes away what an earlier one was told.
  const clearTiles = () => {
    gin.error.clear();
    sol.error.clear();
  };

  // ``tile``: the tile pressed, next to which a refusal is said.
  async function playGin(other, tile) {
    clearTiles();
    try {
      // Ratings and a turn clock: between people only.
      const friend = other.kind === "human" ? { rated: rated.checked, ...(clock.value ? { turn_seconds: Number(clock.value) } : {}) } : {};
      const room = await app.conn.create([{ kind: "human" }, other], { ...more.options(), ...friend });
      await app.conn.join(room, 0, app.name());
      app.navigate(`#/room/${room}`);
    } catch (e) {
      gin.error.fail(tile, e);
    }
  }

  async function daily(event) {
    const tile = event.currentTarget;
    clearTiles();
    try {
      app.navigate(`#/room/${await app.conn.daily(app.name())}`);
    } catch (e) {
      gin.error.fail(tile, e);
    }
  }

  // ``report``: where a refusal is written (a solitaire's tile, or the deal-code form).
  async function solitaire(game, draw, chosen, report) {
    clearTiles();
    try {
      const room = await app.conn.create([], { game, ...(draw ? { draw } : {}), ...chosen });
      await app.conn.join(room, 0, app.name());
      app.navigate(`#/room/${room}`);
    } catch (e) {
      report(e);
    }
  }

  const gin = ginTiles({
    bot: (level) => waits((e) => playGin({ kind: "bot", level }, e.currentTarget)),
    friend: waits((e) => playGin({ kind: "human" }, e.currentTarget)),
    daily: waits(daily),
    seek: () => seeker.seek(),
  });
  const seeker = seekPanel(app, more.fields, gin.playNow);
  const sol = solitaireTiles((game, draw, chosen, failed) => waits(() => solitaire(game, draw, chosen, failed)));
  const rooms = publicRooms(app);

  root.replaceChildren(
    h(
      "div",
      { class: "lobby" },
      h("h1", {}, t("lobby.title")),
      h("p", { class: "lead" }, t("lobby.lead"), " ", h("a", { href: "#/learn", id: "learn-link" }, t("lobby.learn_all"))),
      h("div", { class: "name-row" }, h("label", { for: "name" }, t("lobby.name")), name),
      nameError.el,
      h("section", { class: "tile-section", "aria-labelledby": "gin-title" }, h("h2", { id: "gin-title" }, t("game.gin_rummy")), ...seeker.els, gin.el),
      h("section", { class: "tile-section", "aria-labelledby": "solitaire-title" }, h("h2", { id: "solitaire-title" }, t("lobby.solitaire")), sol.el),
      h("section", { class: "tile-section", "aria-labelledby": "learn-title" }, h("h2", { id: "learn-title" }, t("lobby.learn")), learnTiles()),
      more.el,
      rooms.el,
      replaysPanel(),
    ),
  );
  rooms.update();
  app.conn.watchLobby();
  // Back from a quick pairing whose opponent never came: look again, with the same settings.
  const again = app.reseek;
  app.reseek = null;
  if (again) seeker.again(again);
  const off = app.conn.on((e) => {
    if (e.type === "lobby") rooms.update();
    else seeker.heard(e);
  });
  return () => {
    seeker.stop(true); // leaving the lobby ends the wait
    off();
  };
}
