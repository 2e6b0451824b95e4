// Friends (#/friends): the player's friends, those playing and online first (a public table
// with a link to watch it), the requests waiting both ways, the players blocked; a friend
// link to share (#/friends/add/ID, opened like an invite link: it sends the request), and a
// switch that hides one's own presence. Kept current by the server's ``friends`` and
// ``friend`` messages (protocol/README.md, Friends and Presence).
import { challengeForm } from "./challenges.js";
import { formError, h } from "./dom.js";
import { describeError, personName, t } from "./i18n.js";
import { setSetting, setting } from "./settings.js";

const ORDER = { playing: 0, online: 1, offline: 2 };

/** The link that asks whoever opens it to be this player's friend. */
export function friendLink(id) {
  return `${location.origin}${location.pathname}#/friends/add/${id}`;
}

/**
 * How this player stands with one other ``player`` (``friends``, ``outgoing``, ``incoming``,
 * ``blocked`` or ``none``; null before the lists are read), and the button that asks them to
 * be friends: on their profile and on a finished match's end screen. ``onChange`` redraws
 * the page it is on; ``view`` builds with that page's ``h`` (dom.js or vdom.js, which take
 * the same arguments), so the state outlives the page's redraws.
 */
export class Friendship {
  constructor(conn, player, onChange) {
    this.conn = conn;
    this.player = player;
    this.onChange = onChange;
    this.lists = null;
    this.error = null;
    this.off = conn.on((event) => {
      if (event.type === "friends") {
        this.lists = event.info;
        this.onChange();
      } else if (event.type === "player" && conn.player) this.ask("friends"); // signed in now
    });
    if (conn.player) this.ask("friends");
  }

  async ask(kind, fields = {}) {
    try {
      this.lists = await this.conn.request(kind, fields);
      this.error = null;
    } catch (failure) {
      this.error = describeError(failure);
    }
    this.onChange();
  }

  standing() {
    if (!this.lists) return null;
    const has = (part) => this.lists[part].some((r) => r.id === this.player);
    if (has("blocked")) return "blocked";
    if (has("friends")) return "friends";
    if (has("outgoing")) return "outgoing";
    if (has("incoming")) return "incoming";
    return "none";
  }

  view(make, who) {
    const name = personName(who);
    const standing = this.standing();
    if (!this.conn.player || this.conn.player.id === this.player || standing == null || standing === "blocked") return null;
    const answer = (doing) => () => this.ask("friend", { player: this.player, do: doing });
    let body;
    if (standing === "friends") body = make("p", { class: "muted", role: "status", id: "friend-standing" }, t("friends.are_friends", { name }));
    else if (standing === "outgoing") body = make("p", { class: "muted", role: "status", id: "friend-standing" }, t("friends.request_sent", { name }));
    else if (standing === "incoming") body = make("button", { type: "button", id: "accept-friend", onclick: answer("accept") }, t("friends.accept_from", { name }));
    else body = make("button", { type: "button", id: "add-friend", onclick: answer("request") }, t("friends.add", { name }));
    const refusal = this.error ? make("p", { class: "refusal", role: "alert", id: "friend-refusal" }, this.error) : null;
    return make("div", { class: "friend-control" }, body, refusal);
  }

  close() {
    this.off();
  }
}

function sorted(rows) {
  return [...rows].sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.name.localeCompare(b.name));
}

export function mountFriends(root, app, adding) {
  const conn = app.conn;
  let lists = null;
  let gone = false;
  let challenging = null; // the friend whose challenge form is open
  const forms = new Map(); // friend -> their open form (kept across redraws: its choices stay)
  const error = formError("friends-error");

  async function ask(kind, fields = {}) {
    try {
      const reply = await conn.request(kind, fields);
      lists = reply;
      error.clear();
    } catch (failure) {
      error.show(describeError(failure));
    }
    draw();
  }

  function button(label, player, doing, extra = {}) {
    return h("button", { type: "button", "data-do": doing, onclick: () => ask("friend", { player, do: doing }), ...extra }, label);
  }

  function row(friend, ...actions) {
    return h(
      "li",
      { class: "friend", "data-player": friend.id, "data-status": friend.status || "" },
      h("a", { href: `#/player/${friend.id}`, class: "friend-name" }, friend.name),
      friend.status ? h("span", { class: `friend-status status-${friend.status}` }, t(`friends.status.${friend.status}`)) : null,
      friend.watch ? h("a", { class: "button", href: `#/room/${friend.watch}` }, t("friends.watch")) : null,
      h("span", { class: "friend-actions" }, actions),
    );
  }

  // A friend: challenge (its form opens under the row), remove, block.
  function friendRow(r, name) {
    const open = challenging === r.id;
    const toggle = () => {
      challenging = open ? null : r.id;
      forms.delete(r.id);
      draw();
    };
    const challenge = h("button", { type: "button", class: "primary", "data-do": "challenge", "aria-expanded": String(open), "aria-label": `${t("challenge.button")}: ${name}`, onclick: toggle }, t("challenge.button"));
    const item = row(r, challenge, button(t("friends.remove"), r.id, "remove", { "aria-label": `${t("friends.remove")}: ${name}` }), button(t("friends.block"), r.id, "block", { "aria-label": `${t("friends.block")}: ${name}` }));
    if (open) {
      if (!forms.has(r.id)) forms.set(r.id, challengeForm(app, r, toggle));
      item.append(forms.get(r.id));
    }
    return item;
  }

  function section(id, title, rows, empty) {
    return h(
      "section",
      { id, "aria-labelledby": `${id}-title` },
      h("h2", { id: `${id}-title` }, title),
      rows.length ? h("ul", { class: "friend-list" }, rows) : h("p", { class: "muted" }, empty),
    );
  }

  function linkBox() {
    const link = friendLink(conn.player.id);
    const field = h("input", { id: "friend-link", readonly: true, value: link, "aria-label": t("friends.link") });
    const copied = h("span", { role: "status", class: "muted" });
    const copy = async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(link);
        copied.textContent = t("friends.copied");
      } catch {
        copied.textContent = "";
      }
    };
    return h(
      "div",
      { class: "friend-link" },
      h("label", { for: "friend-link" }, t("friends.link")),
      h("div", { class: "row" }, field, h("button", { type: "button", id: "copy-friend-link", onclick: copy }, t("friends.copy")), copied),
    );
  }

  function hideBox() {
    const box = h("input", {
      type: "checkbox",
      id: "hide-presence",
      checked: setting("hidePresence"),
      onchange: (e) => setSetting("hidePresence", e.target.checked),
    });
    return h("p", { class: "check" }, box, h("label", { for: "hide-presence" }, t("friends.hide")));
  }

  function draw() {
    if (gone) return;
    const body = [h("h1", {}, t("friends.title"))];
    if (!conn.player) {
      body.push(h("p", {}, t("friends.no_player")));
    } else {
      body.push(linkBox(), hideBox(), error.el);
      if (lists) {
        const name = (r) => r.name;
        body.push(
          section("friends-incoming", t("friends.incoming"), lists.incoming.map((r) => row(r, button(t("friends.accept"), r.id, "accept"), button(t("friends.decline"), r.id, "decline"))), t("friends.none_incoming")),
          section("friends-list", t("friends.list"), sorted(lists.friends).map((r) => friendRow(r, name(r))), t("friends.none")),
          section("friends-outgoing", t("friends.outgoing"), lists.outgoing.map((r) => row(r, button(t("friends.withdraw"), r.id, "withdraw"))), t("friends.none_outgoing")),
          section("friends-blocked", t("friends.blocked"), lists.blocked.map((r) => row(r, button(t("friends.unblock"), r.id, "unblock"))), t("friends.none_blocked")),
        );
      }
    }
    root.replaceChildren(h("div", { class: "page friends-page" }, body));
  }

  const off = conn.on((event) => {
    if (event.type === "friends") {
      lists = event.info;
      draw();
    } else if (event.type === "friend" && lists) {
      const friend = lists.friends.find((r) => r.id === event.info.player);
      if (friend) {
        friend.status = event.info.status;
        friend.watch = event.info.watch;
        draw();
      }
    } else if (event.type === "player" || (event.type === "state" && event.state === "online")) {
      draw();
      if (conn.player) ask("friends");
    }
  });

  draw();
  // The link has done its work: a reload shows the page, and does not ask again.
  if (adding) history.replaceState(null, "", "#/friends");
  if (adding && conn.player && adding !== conn.player.id) ask("friend", { player: adding, do: "request" });
  else if (adding && !conn.player) {
    // The player is said hello with a moment after the page opens: ask once they are.
    const wait = conn.on((event) => {
      if (event.type !== "player" || !conn.player) return;
      wait();
      if (adding !== conn.player.id) ask("friend", { player: adding, do: "request" });
    });
  } else if (conn.player) ask("friends");
  return () => {
    gone = true;
    off();
  };
}
