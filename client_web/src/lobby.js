// The lobby: a name, a new game, today's game, join by code, public rooms live, replays.
import { h, plural } from "./dom.js";

const LEVELS = ["easy", "normal", "hard", "expert"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

export function seatLabel(seat) {
  if (seat.kind === "bot") return `${cap(seat.level)} bot`;
  return seat.open ? "open seat" : seat.name || "player";
}

function levelSelect(id, value) {
  return h(
    "select",
    { id },
    LEVELS.map((level) => h("option", { value: level, selected: level === value }, `${cap(level)} bot`)),
  );
}

export function mountLobby(root, app) {
  const error = h("p", { class: "refusal", role: "alert", id: "lobby-error" });
  const fail = (e) => {
    error.textContent = e.message || String(e);
  };

  const name = h("input", {
    id: "name",
    maxlength: 32,
    autocomplete: "nickname",
    value: app.name(),
    oninput: (e) => app.setName(e.target.value),
  });

  const opponent = h(
    "select",
    { id: "opponent" },
    LEVELS.map((l) => h("option", { value: `bot:${l}`, selected: l === "easy" }, `${cap(l)} bot`)),
    h("option", { value: "friend" }, "A friend (invite link)"),
    h("option", { value: "watch" }, "Two bots (watch them play)"),
  );
  const botA = levelSelect("bot-a", "hard");
  const botB = levelSelect("bot-b", "expert");
  const openHands = h("input", { type: "checkbox", id: "open-hands", checked: true });
  const watchOptions = h(
    "div",
    { class: "row", id: "watch-options", hidden: true },
    h("label", { for: "bot-a" }, "Bot 1 "),
    botA,
    h("label", { for: "bot-b" }, " Bot 2 "),
    botB,
    h("label", {}, openHands, " show both hands"),
  );
  opponent.addEventListener("change", () => {
    watchOptions.hidden = opponent.value !== "watch";
  });
  const isPublic = h("input", { type: "checkbox", id: "public" });
  const target = h(
    "select",
    { id: "target" },
    [100, 50, 25, 10].map((points) => h("option", { value: points }, `${points} points`)),
  );

  async function create(event) {
    event.preventDefault();
    error.textContent = "";
    try {
      const choice = opponent.value;
      if (choice === "watch") {
        const seats = [botA.value, botB.value].map((level) => ({ kind: "bot", level }));
        const room = await app.conn.create(seats, { public: isPublic.checked, open_hands: openHands.checked, target: Number(target.value) });
        app.navigate(`#/room/${room}`);
        return;
      }
      const other = choice === "friend" ? { kind: "human" } : { kind: "bot", level: choice.slice(4) };
      const room = await app.conn.create([{ kind: "human" }, other], { public: isPublic.checked, target: Number(target.value) });
      await app.conn.join(room, 0, app.name());
      app.navigate(`#/room/${room}`);
    } catch (e) {
      fail(e);
    }
  }

  async function daily() {
    error.textContent = "";
    try {
      app.navigate(`#/room/${await app.conn.daily(app.name())}`);
    } catch (e) {
      fail(e);
    }
  }

  // Solitaires: a new deal, today's deal, or a deal code.
  const solitaireGame = h(
    "select",
    { id: "sol-game", "aria-label": "Solitaire" },
    h("option", { value: "easy_harp" }, "Easy Harp"),
    h("option", { value: "reflechi:1" }, "Solitaire Réfléchi, draw 1"),
    h("option", { value: "reflechi:3" }, "Solitaire Réfléchi, draw 3"),
  );
  const solitaireCode = h("input", { id: "sol-code", placeholder: "deal code (optional)", autocomplete: "off", maxlength: 20 });
  async function solitaire(options) {
    error.textContent = "";
    const [game, draw] = solitaireGame.value.split(":");
    const typed = solitaireCode.value.trim();
    try {
      const chosen = typed ? { code: typed } : options;
      const room = await app.conn.create([], { game, ...(draw ? { draw: Number(draw) } : {}), ...chosen });
      await app.conn.join(room, 0, app.name());
      app.navigate(`#/room/${room}`);
    } catch (e) {
      fail(e);
    }
  }

  const code = h("input", { id: "code", placeholder: "room code", autocomplete: "off", maxlength: 64 });
  const joinByCode = (event) => {
    event.preventDefault();
    const value = code.value.trim().split("/").pop();
    if (value) app.navigate(`#/room/${encodeURIComponent(value)}`);
  };

  const rooms = h("ul", { class: "rooms", id: "rooms", "aria-live": "polite" });
  function renderRooms() {
    const list = app.conn.lobby;
    if (list == null) {
      rooms.replaceChildren(h("li", { class: "muted" }, "Loading…"));
      return;
    }
    if (list.length === 0) {
      rooms.replaceChildren(h("li", { class: "muted" }, "No public rooms right now. Create one!"));
      return;
    }
    rooms.replaceChildren(
      ...list.map((room) => {
        const open = room.seats.findIndex((s) => s.open);
        const join = async () => {
          try {
            await app.conn.join(room.id, open, app.name());
            app.navigate(`#/room/${room.id}`);
          } catch (e) {
            fail(e);
          }
        };
        return h(
          "li",
          { class: "room-row", dataset: { room: room.id } },
          h(
            "span",
            { class: "who" },
            room.seats.length === 1
              ? `${room.game === "easy_harp" ? "Easy Harp" : "Réfléchi"}: ${seatLabel(room.seats[0])}`
              : `${seatLabel(room.seats[0])} vs ${seatLabel(room.seats[1])}`,
          ),
          h("span", { class: "muted" }, `${room.status} · ${room.scores.join("–")} · ${plural(room.spectators, "spectator")}`),
          h(
            "span",
            { class: "actions" },
            open >= 0 ? h("button", { onclick: join }, "Join") : null,
            h("a", { class: "button", href: `#/room/${room.id}` }, "Watch"),
          ),
        );
      }),
    );
  }

  const replays = h("ul", { class: "rooms", id: "replays" }, h("li", { class: "muted" }, "Loading…"));
  fetch("/api/replays")
    .then((r) => r.json())
    .then(({ replays: list }) => {
      if (!list.length) {
        replays.replaceChildren(h("li", { class: "muted" }, "No finished games yet."));
        return;
      }
      replays.replaceChildren(
        ...list.map((r) => {
          const names = r.seats.map((s) => (s.kind === "bot" ? `${cap(s.level)} bot` : s.name));
          if (r.seats.length === 1) {
            return h(
              "li",
              { class: "room-row" },
              h("span", { class: "who" }, `${r.result.code}: ${names[0]}`),
              h("span", { class: "muted" }, `${r.result.won ? "won" : "not won"}, score ${r.result.score} in ${r.result.moves} moves`),
              h("a", { class: "button", href: `#/replay/${r.id}` }, "Replay"),
            );
          }
          const winner = r.result.winner == null ? "no winner" : `${names[r.result.winner]} won`;
          const when = new Date(r.finished_at * 1000).toLocaleString();
          return h(
            "li",
            { class: "room-row" },
            h("span", { class: "who" }, `${names[0]} vs ${names[1]}`),
            h("span", { class: "muted" }, `${winner} ${r.result.scores.join("–")} · ${when}`),
            h("a", { class: "button", href: `#/replay/${r.id}` }, "Replay"),
          );
        }),
      );
    })
    .catch(() => replays.replaceChildren(h("li", { class: "muted" }, "Replays are unavailable.")));

  root.replaceChildren(
    h(
      "div",
      { class: "lobby" },
      h("h1", {}, "Cardroom: Gin Rummy and solitaires"),
      h(
        "section",
        { class: "panel" },
        h("label", { for: "name" }, "Your name "),
        name,
      ),
      h(
        "form",
        { class: "panel", onsubmit: create, "aria-labelledby": "new-game" },
        h("h2", { id: "new-game" }, "New game"),
        h("div", { class: "row" }, h("label", { for: "opponent" }, "Play against "), opponent),
        watchOptions,
        h("div", { class: "row" }, h("label", { for: "target" }, "Match to "), target),
        h("div", { class: "row" }, h("label", {}, isPublic, " public (listed below for anyone to watch or join)")),
        h(
          "div",
          { class: "row" },
          h("button", { type: "submit", class: "primary", id: "create" }, "Create room"),
          h("button", { type: "button", id: "daily", onclick: daily }, "Play today's game"),
        ),
      ),
      h(
        "section",
        { class: "panel", "aria-labelledby": "solitaire-title" },
        h("h2", { id: "solitaire-title" }, "Solitaire"),
        h(
          "div",
          { class: "row" },
          solitaireGame,
          solitaireCode,
          h("button", { id: "sol-new", class: "primary", onclick: () => solitaire({}) }, "Play"),
          h("button", { id: "sol-daily", onclick: () => solitaire({ daily: true }) }, "Today's deal"),
        ),
      ),
      h(
        "form",
        { class: "panel row", onsubmit: joinByCode },
        h("label", { for: "code" }, "Have a code or link? "),
        code,
        h("button", { type: "submit" }, "Open"),
      ),
      error,
      h("section", { class: "panel" }, h("h2", {}, "Public rooms"), rooms),
      h("section", { class: "panel" }, h("h2", {}, "Replays"), replays),
    ),
  );
  renderRooms();
  app.conn.watchLobby();
  const off = app.conn.on((e) => {
    if (e.type === "lobby") renderRooms();
  });
  return off;
}
