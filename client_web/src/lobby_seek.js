// Quick pairing in the lobby: wait for the next player who wants the same match, shown as a
// panel with the time waited (and, for a rated seek, the fair-play rule with a switch to a
// casual one), a Cancel button, and a line that says why a seek ended or began again.
import { formError, h } from "./dom.js";
import { describeError, t } from "./i18n.js";
import { playerRefusal } from "./identity.js";

/** The seek of ``app``'s lobby. ``fields``: More options' {target, clock, rated}; ``tile``:
 * quick pairing's tile (its error line is said by it). ``els``: the note, the panel and the
 * error line; ``seek(given)``, ``stop(tell)``, ``again(reseek)`` (look again after a no-show)
 * and ``heard(event)`` (the connection's news). */
export function seekPanel(app, fields, tile) {
  const { target, clock, rated } = fields;
  const panel = h("div", { class: "panel seeking", id: "seeking", role: "status", hidden: true });
  const note = h("p", { class: "muted", id: "seek-note", role: "status" }); // why a seek began again
  const seekError = formError("play-now-error", tile);
  let seeking = null; // {settings, since, timer} while this page waits for an opponent

  // Built once: the timer rewrites the text only, so a button is not replaced under a finger.
  const seekText = h("span", { id: "seeking-text" });
  const seekCasual = h(
    "button",
    {
      id: "seek-casual",
      onclick: () => {
        if (!seeking) return;
        rated.checked = false;
        seek({ ...seeking.settings, rated: false });
      },
    },
    t("lobby.seek_switch_casual"),
  );
  // The fair-play rule: a rated seek is never paired with a player from this address.
  const seekRule = h("div", { class: "seek-rule", id: "seek-rule" }, h("p", { class: "muted" }, t("lobby.seek_rated_rule")), seekCasual);
  panel.append(
    h("span", { class: "spinner", "aria-hidden": "true" }),
    seekText,
    h("button", { id: "cancel-seek", onclick: () => stopSeeking(true) }, t("lobby.cancel_seek")),
    seekRule,
  );

  function showSeeking() {
    if (!seeking) {
      panel.hidden = true;
      return;
    }
    const waited = Math.max(0, Math.floor((Date.now() - seeking.since) / 1000));
    const time = `${Math.floor(waited / 60)}:${String(waited % 60).padStart(2, "0")}`;
    const kind = t(seeking.settings.rated ? "lobby.seek_rated" : "lobby.seek_casual");
    panel.hidden = false;
    seekText.textContent = t("lobby.seeking", { target: seeking.settings.target, kind, time });
    seekRule.hidden = !seeking.settings.rated;
  }

  function stopSeeking(tell) {
    if (!seeking) return;
    clearInterval(seeking.timer);
    seeking = null;
    showSeeking();
    if (tell && app.conn.state === "online") {
      // A pairing that came before the cancel stands: the answer says so, and the seat is ours.
      app.conn.request("unseek").then((r) => (r.paired ? paired(r.paired) : null), () => {});
    }
  }

  async function paired(info) {
    stopSeeking(false);
    try {
      await app.conn.join(info.room, info.seat, app.name());
      app.navigate(`#/room/${info.room}`);
    } catch (e) {
      if (e?.code !== "room_finished") return seekError.show(describeError(e));
      // Too late: the opponent did not come (no_show) before this join did. Look again.
      note.textContent = t("lobby.no_show");
      seek({ target: info.target, turn_seconds: info.turn_seconds ?? null, rated: !!info.rated });
    }
  }

  // ``given``: the settings of a pairing whose opponent never came (room.js), else the form's.
  async function seek(given) {
    seekError.clear();
    // No player, as the server would make none for this network: say so, not "reload".
    const why = !app.conn.player && playerRefusal(app.conn);
    if (why) return seekError.show(why);
    const settings = given?.target ? given : { target: Number(target.value), turn_seconds: clock.value ? Number(clock.value) : null, rated: rated.checked };
    if (!given?.target) note.textContent = "";
    stopSeeking(true);
    seeking = { settings, since: Date.now(), timer: setInterval(showSeeking, 1000) };
    showSeeking();
    panel.scrollIntoView({ block: "nearest" }); // above the tile pressed, maybe out of sight
    try {
      const reply = await app.conn.request("seek", settings);
      if (!reply.seeking) await paired(reply);
      else if (seeking) seeking.since = Date.now() - Math.max(0, Date.now() - reply.since);
    } catch (e) {
      stopSeeking(false);
      seekError.show(playerRefusal(app.conn) || describeError(e));
    }
  }

  function again(reseek) {
    note.textContent = t(reseek.note);
    seek(reseek.settings);
  }

  function heard(e) {
    if (e.type === "paired" && seeking) paired(e.info);
    else if (e.type === "seek_ended" && seeking) {
      stopSeeking(false);
      seekError.show(t(`lobby.seek_${e.info.reason}`));
    } else if (e.type === "state" && e.state === "online" && seeking) {
      // The socket was lost, and its seek with it: seek again on the new one.
      app.conn.request("seek", seeking.settings).then((r) => (r.seeking ? null : paired(r)), (e) => seekError.show(describeError(e)));
    }
  }

  return { els: [note, panel, seekError.el], seek, stop: stopSeeking, again, heard };
}
