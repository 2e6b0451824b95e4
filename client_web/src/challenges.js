// Challenges between friends (protocol/README.md, Challenges): the form a friend's row on the
// Friends page opens (More options' settings), and a banner on every page, on every tab and
// device of the player: a challenge received, with Accept and Decline, until it is answered
// or its minute runs out; and the challenger's own, waiting, then how it was answered.
// Accepting takes both players to the room (the challenger at seat 0, the friend at 1).
import { formError, h } from "./dom.js";
import { describeError, personName, t } from "./i18n.js";

const SHOW_ANSWER_MS = 6000; // how long the challenger sees how their challenge ended
// The challenges sent from this tab, and those it accepted: it goes to their room (another
// tab or device of the same player is told, and stays where it is).
const sentHere = new Set();
const acceptedHere = new Set();

/** The form that challenges ``friend`` (a row of the Friends page), as More options has it. */
export function challengeForm(app, friend, done) {
  const id = (part) => `challenge-${part}-${friend.id}`;
  const target = h("select", { id: id("target") }, [100, 50, 25, 10].map((n) => h("option", { value: n }, t("count.points", { n }))));
  const clock = h(
    "select",
    { id: id("clock") },
    h("option", { value: "" }, t("lobby.no_clock")),
    [20, 60].map((n) => h("option", { value: n }, t("lobby.seconds", { n }))),
  );
  const rated = h("input", { type: "checkbox", id: id("rated"), checked: true });
  const isPublic = h("input", { type: "checkbox", id: id("public") });
  const error = formError(id("error"));
  async function send(event) {
    event.preventDefault();
    error.clear();
    try {
      const reply = await app.conn.request("challenge", {
        player: friend.id,
        target: Number(target.value),
        turn_seconds: clock.value ? Number(clock.value) : null,
        rated: rated.checked,
        public: isPublic.checked,
      });
      sentHere.add(reply.challenge.id);
      done();
    } catch (failure) {
      error.show(describeError(failure));
    }
  }
  return h(
    "form",
    { class: "challenge-form", id: id("form"), onsubmit: send, "aria-label": t("challenge.title", { name: personName(friend.name) }) },
    h("div", { class: "row" }, h("label", { for: id("target") }, t("lobby.match_to")), target),
    h("div", { class: "row" }, h("label", { for: id("clock") }, t("lobby.turn_clock")), clock),
    h("p", { class: "check" }, rated, h("label", { for: id("rated") }, t("challenge.rated"))),
    h("p", { class: "check" }, isPublic, h("label", { for: id("public") }, t("challenge.public"))),
    error.el,
    h("div", { class: "row" }, h("button", { type: "submit", class: "primary", id: id("send") }, t("challenge.send")), h("button", { type: "button", onclick: done }, t("challenge.cancel"))),
  );
}

/** What a challenge is: its length, clock and kind, in words. */
function terms(c) {
  const parts = [t("count.points", { n: c.target })];
  if (c.turn) parts.push(t("lobby.seconds", { n: c.turn }));
  parts.push(t(c.rated ? "challenge.kind_rated" : "challenge.kind_casual"));
  return parts.join(" · ");
}

/** The banner: mounted once, above every page; kept by the server's ``challenge`` messages. */
export function mountChallengeBanner(app) {
  const conn = app.conn;
  const shown = new Map(); // challenge id -> the challenge as last told
  const errors = new Map(); // challenge id -> the refusal of this tab's answer
  const banner = h("div", { id: "challenge-banner", class: "challenge-banner", role: "region", "aria-live": "polite", "aria-label": t("challenge.region"), hidden: true });
  document.body.append(banner);
  let timer = null;

  const me = () => conn.player?.id;

  async function answer(c, doing) {
    errors.delete(c.id);
    try {
      if (doing === "accept") acceptedHere.add(c.id);
      const reply = await conn.request("challenge_answer", { challenge: c.id, do: doing });
      told(reply.challenge);
      if (doing === "accept") go(reply.challenge, 1);
    } catch (failure) {
      acceptedHere.delete(c.id);
      errors.set(c.id, describeError(failure));
      draw();
    }
  }

  async function go(c, seat) {
    try {
      await conn.join(c.room, seat, app.name());
    } catch {
      // (the seat is ours: the room page joins it again if this was cut short)
    }
    app.navigate(`#/room/${c.room}`);
  }

  function told(c) {
    const before = shown.get(c.id);
    shown.set(c.id, { ...c, seenAt: Date.now() });
    if (c.state === "accepted" && before?.state !== "accepted" && c.room && sentHere.has(c.id)) go(c, 0);
    draw();
  }

  function card(c) {
    const incoming = c.to === me();
    const who = personName(incoming ? c.from_name : c.to_name);
    const rating = incoming ? h("span", { class: "muted" }, ` (${c.rating}${c.provisional ? "?" : ""})`) : null;
    const error = errors.get(c.id);
    let text;
    let actions = [];
    if (c.state === "offered" && incoming) {
      text = h("span", {}, t("challenge.from", { name: who }), rating, " · ", terms(c));
      actions = [
        h("button", { type: "button", class: "primary", "data-do": "accept", onclick: () => answer(c, "accept") }, t("challenge.accept")),
        h("button", { type: "button", "data-do": "decline", onclick: () => answer(c, "decline") }, t("challenge.decline")),
      ];
    } else if (c.state === "offered") {
      text = h("span", {}, t("challenge.waiting", { name: who }), " · ", terms(c));
      actions = [h("button", { type: "button", "data-do": "withdraw", onclick: () => answer(c, "withdraw") }, t("challenge.withdraw"))];
    } else if (c.state === "accepted" && incoming && !acceptedHere.has(c.id)) {
      text = t("challenge.accepted_elsewhere");
    } else if (c.state === "accepted" && !incoming && !sentHere.has(c.id)) {
      // Sent from another tab (or before a reload): this one may take the seat too.
      text = t("challenge.state.accepted", { name: who });
      actions = [h("button", { type: "button", class: "primary", "data-do": "go", onclick: () => go(c, 0) }, t("challenge.go"))];
    } else {
      text = t(`challenge.state.${c.state}`, { name: who });
    }
    return h(
      "div",
      { class: "challenge", "data-challenge": c.id, "data-state": c.state },
      h("p", {}, text),
      error ? h("p", { class: "form-error", role: "alert" }, error) : null,
      actions.length ? h("div", { class: "row" }, actions) : null,
    );
  }

  /** Open challenges until their minute is out; answers for a few seconds after. */
  function live(c, now) {
    if (c.state === "offered") return now < c.until;
    return now - c.seenAt < SHOW_ANSWER_MS;
  }

  // A card is made again only when what it says changed: the timer that takes lapsed ones
  // away never replaces a button under a finger.
  const made = new Map(); // challenge id -> {key, el}
  function draw() {
    const now = Date.now();
    for (const [id, c] of shown) if (!live(c, now)) shown.delete(id);
    const cards = [...shown.values()].sort((a, b) => a.at - b.at).map((c) => {
      const key = `${c.state}|${errors.get(c.id) || ""}|${acceptedHere.has(c.id)}`;
      const kept = made.get(c.id);
      if (kept && kept.key === key) return kept.el;
      const el = card(c);
      made.set(c.id, { key, el });
      return el;
    });
    for (const id of made.keys()) if (!shown.has(id)) made.delete(id);
    if (cards.length !== banner.children.length || cards.some((el, i) => banner.children[i] !== el)) banner.replaceChildren(...cards);
    banner.hidden = cards.length === 0;
    clearTimeout(timer);
    if (cards.length) timer = setTimeout(draw, 1000);
  }

  async function reload() {
    if (!conn.player) return;
    try {
      const open = await conn.request("challenges");
      for (const c of [...open.incoming, ...open.outgoing]) shown.set(c.id, { ...c, seenAt: Date.now() });
      draw();
    } catch {
      // (no player yet: nothing to show)
    }
  }

  conn.on((event) => {
    if (event.type === "challenge") told(event.info);
    else if (event.type === "player" || (event.type === "state" && event.state === "online")) reload();
  });
  return { redraw: draw };
}
