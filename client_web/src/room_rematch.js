// A rematch at the end of a match: against bots, a new room at once; between two people an
// offer that the other accepts or declines (protocol/README.md, Rematch offers), the new
// room made once both agree, with the seats swapped.
import { describeError, personName, t } from "./i18n.js";
import { h } from "./vdom.js";

/** The offer's line and buttons as ``me`` sees ``offer`` (none yet, made, answered, lapsed);
 * ``answer(word)``: offer, withdraw, accept or decline. */
export function rematchOffer(view, me, offer, answer) {
  const other = view.room.seats[1 - me].name;
  const name = other ? personName(other) : t("lobby.player");
  const now = Date.now();
  const open = offer?.state === "offered" && now < offer.until;
  const n = open ? Math.ceil((offer.until - now) / 1000) : 0;
  const status = (text) => h("p", { id: "rematch-status", role: "status" }, text);
  if (open && offer.by === me) {
    return [status(t("room.rematch_waiting", { name, n })), h("button", { id: "rematch-withdraw", onclick: () => answer("withdraw") }, t("room.rematch_withdraw"))];
  }
  if (open) {
    return [
      status(t("room.rematch_offered", { name, n })),
      h("button", { class: "primary", id: "rematch-accept", onclick: () => answer("accept") }, t("room.rematch_accept")),
      h("button", { id: "rematch-decline", onclick: () => answer("decline") }, t("room.rematch_decline")),
    ];
  }
  let note = null;
  if (offer?.state === "declined" && offer.by === me) note = t("room.rematch_declined", { name });
  else if (offer?.state === "ended" && offer.reason === "left") note = t("room.rematch_left", { name });
  else if (offer?.state === "offered") note = t("room.rematch_lapsed");
  return [h("button", { class: "primary", id: "rematch", onclick: () => answer("offer") }, t("room.rematch_offer")), note ? status(note) : null];
}

/** The rematch's requests for room ``id``: ``rematch()`` (against bots), ``answer(word)``
 * and ``update(offer)`` (the server's news of the offer). ``page``: {conn, app, state (its
 * message, moving), busy (the page's one request at a time: waiting(), begin(), end(token)),
 * me(), room(), render()}. */
export function rematchFlow(id, page) {
  const { conn, app, state, busy, me, room, render } = page;
  async function rematch() {
    if (busy.waiting()) return;
    const mine = busy.begin();
    const view = room().view;
    const seats = view.room.seats.map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: "human" }));
    try {
      const fresh = await conn.create(seats, { public: view.room.public, target: view.game.target });
      await conn.join(fresh, me(), app.name());
      app.navigate(`#/room/${fresh}`);
    } catch (error) {
      state.message = describeError(error);
    }
    if (busy.end(mine)) render();
  }

  async function answer(word) {
    try {
      const reply = await conn.request("rematch", { room: id, answer: word });
      update(reply.offer);
    } catch (error) {
      state.message = describeError(error);
      render();
    }
  }

  async function update(offer) {
    if (room()) room().offer = offer; // kept with the room, as the message's (connection.js)
    render();
    if (offer.state !== "accepted" || !offer.next || state.moving || me() == null) return;
    state.moving = true; // both the reply and the message say so: join once
    try {
      await conn.join(offer.next, 1 - me(), app.name());
      app.navigate(`#/room/${offer.next}`);
    } catch (error) {
      state.moving = false;
      state.message = describeError(error);
      render();
    }
  }

  return { rematch, answer, update };
}
