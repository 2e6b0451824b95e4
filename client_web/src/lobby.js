// The lobby: large tiles for the main choices (a bot of each level, someone now by quick
// pairing, a friend, today's game,
// each solitaire with today's deal or a new one, the learn pages), the rest under "More
// options" (match length, public rooms, two bots to watch, a deal code, a room code), then
// the public rooms live and the replays.
import { answerGroup, formError, h } from "./dom.js";
import * as vdom from "./vdom.js";
import { describeError, formatDate, formatScores, t } from "./i18n.js";
import { botName } from "./table_names.js";
import { playerRefusal } from "./identity.js";

const LEVELS = ["easy", "normal", "hard", "expert"];
const SOLITAIRES = [
  { key: "eh", game: "easy_harp", titleKey: "game.easy_harp" },
  { key: "tf1", game: "reflechi", draw: 1, titleKey: "lobby.reflechi1" },
  { key: "tf3", game: "reflechi", draw: 3, titleKey: "lobby.reflechi3" },
];
export const LEARN_SLUGS = { gin_rummy: "gin-rummy", easy_harp: "easy-harp", reflechi: "reflechi" };

export function seatLabel(seat) {
  if (seat.kind === "bot") return botName(seat.level);
  return seat.open ? t("lobby.open_seat") : seat.name || t("lobby.player");
}

function levelSelect(id, value) {
  return h(
    "select",
    { id },
    LEVELS.map((level) => h("option", { value: level, selected: level === value }, botName(level))),
  );
}

/** A large choice: a title and a line that says what it is. */
function tile(id, title, text, onclick, extra = {}) {
  const textId = `${id}-text`;
  return h(
    "button",
    { class: `tile ${extra.class || ""}`, id, type: "button", onclick, "aria-describedby": textId },
    h("span", { class: "tile-title" }, title),
    h("span", { class: "tile-text", id: textId }, text),
  );
}

/** One error line for a group of tiles (the formError pattern), written right after the
 * tile whose press failed: in sight of the finger, on a phone as on a laptop. */
function tilesError(id, tiles) {
  const error = formError(id, ...tiles);
  return {
    el: error.el,
    clear: error.clear,
    /** ``tile``'s refusal ``e``, said after it. */
    fail(tile, e) {
      tile.after(error.el);
      error.show(describeError(e));
    },
  };
}

export function mountLobby(root, app) {
  const name = h("input", {
    id: "name",
    maxlength: 24, // the server's rule for names (protocol/README.md, Names)
    autocomplete: "nickname",
    value: app.name(),
    oninput: (e) => app.setName(e.target.value, (refused) => (refused ? nameError.show(describeError(refused)) : nameError.clear())),
  });
  const nameError = formError("name-error", name);

  // ---- More options --------------------------------------------------------------------
  const isPublic = h("input", { type: "checkbox", id: "public" });
  const rated = h("input", { type: "checkbox", id: "rated", checked: true });
  const target = h(
    "select",
    { id: "target" },
    [100, 50, 25, 10].map((points) => h("option", { value: points }, t("count.points", { n: points }))),
  );
  // A turn clock, between two people only (quick pairing offers these three).
  const clock = h(
    "select",
    { id: "clock" },
    h("option", { value: "" }, t("lobby.no_clock")),
    [20, 60].map((n) => h("option", { value: n }, t("lobby.seconds", { n }))),
  );
  const botA = levelSelect("bot-a", "hard");
  const botB = levelSelect("bot-b", "expert");
  const openHands = h("input", { type: "checkbox", id: "open-hands", checked: true });
  const solitaireGame = h(
    "select",
    { id: "sol-game", "aria-label": t("lobby.solitaire") },
    h("option", { value: "easy_harp" }, t("game.easy_harp")),
    h("option", { value: "reflechi:1" }, t("lobby.reflechi1")),
    h("option", { value: "reflechi:3" }, t("lobby.reflechi3")),
  );
  const solitaireCode = h("input", { id: "sol-code", placeholder: t("lobby.deal_code"), "aria-label": t("lobby.deal_code"), autocomplete: "off", maxlength: 20 });
  const code = h("input", { id: "code", placeholder: t("lobby.room_code"), "aria-label": t("lobby.room_code"), autocomplete: "off", maxlength: 64 });
  // Each form of More options says what went wrong next to itself.
  const watchError = formError("watch-bots-error", botA, botB);
  const codeError = formError("sol-code-error", solitaireGame, solitaireCode);
  const roomCodeError = formError("code-error", code);

  const options = () => ({ public: isPublic.checked, target: Number(target.value) });
  // Every button that makes a room waits for its answer: a double click makes one room.
  const waits = answerGroup();

  // A new press takes away what an earlier one was told.
  const clearTiles = () => {
    ginError.clear();
    solError.clear();
  };

  // ``tile``: the tile pressed, next to which a refusal is said.
  async function playGin(other, tile) {
    clearTiles();
    try {
      // Ratings and a turn clock: between people only.
      const friend = other.kind === "human" ? { rated: rated.checked, ...(clock.value ? { turn_seconds: Number(clock.value) } : {}) } : {};
      const room = await app.conn.create([{ kind: "human" }, other], { ...options(), ...friend });
      await app.conn.join(room, 0, app.name());
      app.navigate(`#/room/${room}`);
    } catch (e) {
      ginError.fail(tile, e);
    }
  }

  async function watchBots(event) {
    event.preventDefault();
    watchError.clear();
    try {
      const seats = [botA.value, botB.value].map((level) => ({ kind: "bot", level }));
      const room = await app.conn.create(seats, { ...options(), open_hands: openHands.checked });
      app.navigate(`#/room/${room}`);
    } catch (e) {
      watchError.show(describeError(e));
    }
  }

  async function daily(event) {
    const tile = event.currentTarget;
    clearTiles();
    try {
      app.navigate(`#/room/${await app.conn.daily(app.name())}`);
    } catch (e) {
      ginError.fail(tile, e);
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

  function byCode(event) {
    event.preventDefault();
    const [game, draw] = solitaireGame.value.split(":");
    const typed = solitaireCode.value.trim();
    codeError.clear();
    return solitaire(game, draw ? Number(draw) : null, typed ? { code: typed } : {}, (e) => codeError.show(describeError(e)));
  }

  const joinByCode = (event) => {
    event.preventDefault();
    const value = code.value.trim().split("/").pop();
    if (value) app.navigate(`#/room/${encodeURIComponent(value)}`);
    else roomCodeError.show(t("lobby.code_empty"));
  };

  // ---- quick pairing: wait for the next player who wants the same match ---------------
  const seekPanel = h("div", { class: "panel seeking", id: "seeking", role: "status", hidden: true });
  const note = h("p", { class: "muted", id: "seek-note", role: "status" }); // why a seek began again
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
  seekPanel.append(
    h("span", { class: "spinner", "aria-hidden": "true" }),
    seekText,
    h("button", { id: "cancel-seek", onclick: () => stopSeeking(true) }, t("lobby.cancel_seek")),
    seekRule,
  );

  function showSeeking() {
    if (!seeking) {
      seekPanel.hidden = true;
      return;
    }
    const waited = Math.max(0, Math.floor((Date.now() - seeking.since) / 1000));
    const time = `${Math.floor(waited / 60)}:${String(waited % 60).padStart(2, "0")}`;
    const kind = t(seeking.settings.rated ? "lobby.seek_rated" : "lobby.seek_casual");
    seekPanel.hidden = false;
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
    seekPanel.scrollIntoView({ block: "nearest" }); // above the tile pressed, maybe out of sight
    try {
      const reply = await app.conn.request("seek", settings);
      if (!reply.seeking) await paired(reply);
      else if (seeking) seeking.since = Date.now() - Math.max(0, Date.now() - reply.since);
    } catch (e) {
      stopSeeking(false);
      seekError.show(playerRefusal(app.conn) || describeError(e));
    }
  }

  // ---- the tiles -----------------------------------------------------------------------
  const playNow = tile("play-now", t("lobby.play_now"), t("lobby.play_now_text"), () => seek(), { class: "friend now" });
  const seekError = formError("play-now-error", playNow);
  const others = [
    ...LEVELS.map((level) => tile(`play-${level}`, t(`lobby.play_bot.${level}`), t(`lobby.bot_text.${level}`), waits((e) => playGin({ kind: "bot", level }, e.currentTarget)), { class: `bot ${level}` })),
    tile("play-friend", t("lobby.friend"), t("lobby.friend_text"), waits((e) => playGin({ kind: "human" }, e.currentTarget)), { class: "friend" }),
    tile("daily", t("lobby.daily"), t("lobby.daily_text"), waits(daily), { class: "daily" }),
  ];
  // Every Gin Rummy tile but quick pairing (which has its own line) says a refusal after itself.
  const ginError = tilesError("gin-error", others);
  const ginTiles = h("div", { class: "tiles" }, others.slice(0, LEVELS.length), playNow, others.slice(LEVELS.length));
  const solitaireTiles = h(
    "div",
    { class: "tiles" },
    SOLITAIRES.map((s) => {
      const card = h(
        "div",
        { class: `tile sol-tile ${s.game}`, role: "group", "aria-labelledby": `${s.key}-title` },
        h("span", { class: "tile-title", id: `${s.key}-title` }, t(s.titleKey)),
        h("span", { class: "tile-text" }, t(`lobby.sol_text.${s.key}`)),
      );
      const failed = (e) => solError.fail(card, e);
      card.append(
        h(
          "span",
          { class: "tile-actions" },
          // Three tiles, the same two words: each button's name says its solitaire.
          h("button", { class: "primary", id: `${s.key}-daily`, "aria-label": t("lobby.todays_deal_of", { game: t(s.titleKey) }), onclick: waits(() => solitaire(s.game, s.draw, { daily: true }, failed)) }, t("lobby.todays_deal")),
          h("button", { id: `${s.key}-new`, "aria-label": t("lobby.new_deal_of", { game: t(s.titleKey) }), onclick: waits(() => solitaire(s.game, s.draw, {}, failed)) }, t("lobby.new_deal")),
        ),
      );
      return card;
    }),
  );
  const solError = tilesError("sol-error", [...solitaireTiles.querySelectorAll("button")]);
  const learnTiles = h(
    "div",
    { class: "tiles learn-tiles" },
    Object.entries(LEARN_SLUGS).map(([game, slug]) =>
      h(
        "a",
        { class: "tile learn", id: `learn-${slug}`, href: `#/learn/${slug}/rules` },
        h("span", { class: "tile-title" }, t("lobby.learn_game", { game: t(`game.${game}`) })),
        h("span", { class: "tile-text" }, t("lobby.learn_text")),
      ),
    ),
  );

  const more = h(
    "details",
    { class: "panel more", id: "more-options" },
    h("summary", {}, t("lobby.more")),
    h(
      "fieldset",
      {},
      h("legend", {}, t("lobby.match_options")),
      h("div", { class: "row" }, h("label", { for: "target" }, t("lobby.match_to")), target),
      h("div", { class: "row" }, h("label", { for: "clock" }, t("lobby.turn_clock")), clock),
      h("div", { class: "row" }, h("label", {}, isPublic, " ", t("lobby.public"))),
      h("div", { class: "row" }, h("label", {}, rated, " ", t("lobby.rated"))),
    ),
    h(
      "form",
      { onsubmit: waits(watchBots) },
      h(
        "fieldset",
        {},
        h("legend", {}, t("lobby.watch_bots")),
        h("div", { class: "row" }, h("label", { for: "bot-a" }, t("lobby.first_bot")), botA, h("label", { for: "bot-b" }, t("lobby.second_bot")), botB),
        h("div", { class: "row" }, h("label", {}, openHands, " ", t("lobby.open_hands"))),
        h("button", { type: "submit", id: "watch-bots" }, t("lobby.watch_start")),
        watchError.el,
      ),
    ),
    h(
      "form",
      { onsubmit: waits(byCode) },
      h("fieldset", {}, h("legend", {}, t("lobby.by_code")), h("div", { class: "row" }, solitaireGame, solitaireCode, h("button", { type: "submit", class: "primary", id: "sol-new" }, t("lobby.play"))), codeError.el),
    ),
    h(
      "form",
      { onsubmit: joinByCode },
      h("fieldset", {}, h("legend", {}, t("lobby.have_code")), h("div", { class: "row" }, code, h("button", { type: "submit", id: "open-code" }, t("lobby.open"))), roomCodeError.el),
    ),
  );

  // ---- public rooms and replays ------------------------------------------------------------
  const rooms = h("ul", { class: "rooms", id: "rooms", "aria-live": "polite" });
  // A refused join, under the list of the row pressed (the rows' Join buttons name it).
  const roomsError = formError("rooms-error");
  // The rows are drawn by keyed rendering (vdom.js), as the tables are.
  function renderRooms() {
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
    vdom.draw(
      rooms,
      ...list.map((room) => {
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
      }),
    );
  }

  const replays = h("ul", { class: "rooms", id: "replays" }, h("li", { class: "muted" }, t("lobby.loading")));
  fetch("/api/replays")
    .then((r) => r.json())
    .then(({ replays: list }) => {
      if (!list.length) {
        replays.replaceChildren(h("li", { class: "muted" }, t("lobby.no_replays")));
        return;
      }
      replays.replaceChildren(
        ...list.map((r) => {
          const names = r.seats.map((s) => (s.kind === "bot" ? botName(s.level) : s.name));
          const link = h("a", { class: "button", href: `#/replay/${r.id}` }, t("lobby.replay"));
          if (r.seats.length === 1) {
            const moves = t("count.moves", { n: r.result.moves });
            return h(
              "li",
              { class: "room-row" },
              h("span", { class: "who" }, t("lobby.replay_solo", { code: r.result.code, name: names[0] })),
              h("span", { class: "muted" }, t(r.result.won ? "lobby.replay_won" : "lobby.replay_lost", { score: r.result.score, moves })),
              link,
            );
          }
          const winner = r.result.winner == null ? t("lobby.no_winner") : t("lobby.winner", { name: names[r.result.winner] });
          return h(
            "li",
            { class: "room-row" },
            h("span", { class: "who" }, t("lobby.vs", { a: names[0], b: names[1] })),
            h("span", { class: "muted" }, t("lobby.replay_info", { winner, scores: formatScores(r.result.scores, r.result.winner), when: formatDate(r.finished_at * 1000) })),
            link,
          );
        }),
      );
    })
    .catch(() => replays.replaceChildren(h("li", { class: "muted" }, t("lobby.replays_unavailable"))));

  root.replaceChildren(
    h(
      "div",
      { class: "lobby" },
      h("h1", {}, t("lobby.title")),
      h("p", { class: "lead" }, t("lobby.lead"), " ", h("a", { href: "#/learn", id: "learn-link" }, t("lobby.learn_all"))),
      h("div", { class: "name-row" }, h("label", { for: "name" }, t("lobby.name")), name),
      nameError.el,
      h("section", { class: "tile-section", "aria-labelledby": "gin-title" }, h("h2", { id: "gin-title" }, t("game.gin_rummy")), note, seekPanel, seekError.el, ginTiles),
      h("section", { class: "tile-section", "aria-labelledby": "solitaire-title" }, h("h2", { id: "solitaire-title" }, t("lobby.solitaire")), solitaireTiles),
      h("section", { class: "tile-section", "aria-labelledby": "learn-title" }, h("h2", { id: "learn-title" }, t("lobby.learn")), learnTiles),
      more,
      h("section", { class: "panel" }, h("h2", {}, t("lobby.rooms")), rooms, roomsError.el),
      h("section", { class: "panel" }, h("h2", {}, t("lobby.replays")), replays),
    ),
  );
  renderRooms();
  app.conn.watchLobby();
  // Back from a quick pairing whose opponent never came: look again, with the same settings.
  const again = app.reseek;
  app.reseek = null;
  if (again) {
    note.textContent = t(again.note);
    seek(again.settings);
  }
  const off = app.conn.on((e) => {
    if (e.type === "lobby") renderRooms();
    else if (e.type === "paired" && seeking) paired(e.info);
    else if (e.type === "seek_ended" && seeking) {
      stopSeeking(false);
      seekError.show(t(`lobby.seek_${e.info.reason}`));
    } else if (e.type === "state" && e.state === "online" && seeking) {
      // The socket was lost, and its seek with it: seek again on the new one.
      app.conn.request("seek", seeking.settings).then((r) => (r.seeking ? null : paired(r)), (e) => seekError.show(describeError(e)));
    }
  });
  return () => {
    stopSeeking(true); // leaving the lobby ends the wait
    off();
  };
}
