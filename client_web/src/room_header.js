// The head of a live room: its title (the game and the room, or today's game), whether the
// page only watches, the spectators, the turn clock, the Rules button, the phrase menu's
// button and the invitation link; and the panel that offers an open seat.
import { formatDay, t } from "./i18n.js";
import { openLearnDrawer } from "./learn.js";
import { h } from "./vdom.js";

/** The head of room ``id``. ``ui``: {me, copied (what the last copy said), onCopied(text)}. */
export function roomHeader(view, id, ui, phraseButton) {
  const link = `${location.origin}${location.pathname}#/room/${id}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      ui.onCopied(t("room.copied"));
    } catch {
      ui.onCopied(link);
    }
  };
  const copied = h("span", { class: "muted", id: "copied", "aria-live": "polite" }, ui.copied);
  const name = t(`game.${view.room.game}`);
  const title = view.room.daily ? t("room.daily_title", { game: name, date: formatDay(view.room.daily) }) : t("room.title", { game: name, id });
  const rules = h(
    "button",
    {
      class: "small rules-button",
      id: "rules-button",
      "aria-haspopup": "dialog",
      onclick: (e) => openLearnDrawer(view.room.game, "rules", e.currentTarget),
    },
    h("span", { class: "rules-mark", "aria-hidden": "true" }, "?"),
    t("room.rules"),
  );
  return h(
    "div",
    { class: "room-head" },
    h("h1", {}, title),
    ui.me == null ? h("span", { class: "badge", id: "spectating" }, t("room.spectating")) : null,
    h("span", { class: "badge", id: "spectators" }, t("count.spectators", { n: view.room.spectators })),
    view.room.deadline ? h("span", { class: "badge clock", id: "clock" }, "") : null,
    rules,
    phraseButton,
    h(
      "button",
      { class: "small", id: "invite", onclick: copy, "data-link": link, title: t("room.invite") },
      // A phone shows the short word; the one shown is the button's name (the other is
      // not displayed, so not read either).
      h("span", { class: "wide-only" }, t("room.invite")),
      h("span", { class: "narrow-only" }, t("room.invite_short")),
    ),
    copied,
  );
}

/** The open seat a spectator may take while the room waits (null when there is none).
 * ``ui``: {me, acting (a join is on its way), join(seat)}. */
export function joinPanel(view, ui) {
  const open = view.room.seats.findIndex((s) => s.kind === "human" && !s.name);
  if (ui.me != null || open < 0 || view.room.status !== "waiting") return null;
  return h("div", { class: "panel join" }, h("p", {}, t("room.seat_open")), h("button", { class: "primary", id: "join", disabled: ui.acting, onclick: () => ui.join(open) }, t("room.take_seat")));
}
