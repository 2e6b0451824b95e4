// The lobby's public rooms, live: who plays, the score, the spectators; join an open seat,
// or watch. The rows are drawn by keyed rendering (vdom.js), as the tables are.
import { formError, h } from "./dom.js";
import * as vdom from "./vdom.js";
import { describeError, t } from "./i18n.js";
import { botName } from "./table_names.js";

export function seatLabel(seat) {
  if (seat.kind === "bot") return botName(seat.level);
  return seat.open ? t("lobby.open_seat") : seat.name || t("lobby.player");
}

/** The panel of the rooms ``app.conn.lobby`` lists; ``update()`` redraws it (the lobby's
 * stream changed). */
export function publicRooms(app) {
  const rooms = h("ul", { class: "rooms", id: "rooms", "aria-live": "polite" });
  // A refused join, under the list of the row pressed (the rows' Join buttons name it).
  const roomsError = formError("rooms-error");
  function update() {
    const list = app.conn.lobby;
    if (list == null) {
      vdom.draw(rooms, vdom.h("li", { class: "muted" }, t("lobby.loading")));
      return;
    }
    if (list.length === 0) {
      vdom.draw(rooms, vdom.h("li", { class: "muted" }, t("lobby.no_rooms")));
      return;
    }
    // Keyed by room: a change in the lobby's stream changes that row only (a button that has
    // the keyboard keeps it).
    vdom.draw(rooms, ...list.map((room) => roomRow(app, room, roomsError)));
  }
  const el = h("section", { class: "panel" }, h("h2", {}, t("lobby.rooms")), rooms, roomsError.el);
  return { el, update };
}

function roomRow(app, room, roomsError) {
  const open = room.seats.findIndex((s) => s.open);
  const join = async () => {
    roomsError.clear();
    try {
      await app.conn.join(room.id, open, app.name());
      app.navigate(`#/room/${room.id}`);
    } catch (e) {
      roomsError.show(describeError(e));
    }
  };
  const who =
    room.seats.length === 1
      ? t("lobby.solo_row", { game: t(`game.${room.game}`), who: seatLabel(room.seats[0]) })
      : t("lobby.vs", { a: seatLabel(room.seats[0]), b: seatLabel(room.seats[1]) });
  return vdom.h(
    "li",
    { class: "room-row", key: room.id, dataset: { room: room.id } },
    vdom.h("span", { class: "who" }, who),
    vdom.h(
      "span",
      { class: "muted" },
      t("lobby.row_info", { status: t(`lobby.status.${room.status}`), scores: room.scores.join("–"), spectators: t("count.spectators", { n: room.spectators }) }),
    ),
    vdom.h(
      "span",
      { class: "actions" },
      open >= 0 ? vdom.h("button", { onclick: join, "aria-describedby": "rooms-error" }, t("lobby.join")) : null,
      vdom.h("a", { class: "button", href: `#/room/${room.id}` }, t("lobby.watch")),
    ),
  );
}
