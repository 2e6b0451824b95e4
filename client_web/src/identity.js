// The player's lasting identity (protocol/README.md, Players): a secret the server issued,
// kept in this browser's localStorage and said in every hello. The first visit makes one;
// "sign out" forgets it (and makes no new one until asked); "reset" asks the server for a new
// secret, which stops the old one everywhere and signs out every other device at once; a
// device link (#/device/SECRET) carries it to another browser.
import { PROTOCOL, RequestError } from "./connection.js";
import { onSettings, setSetting, setting } from "./settings.js";
import { describeError, t } from "./i18n.js";

const SECRET_KEY = "cardroom.player";
const SIGNED_OUT_KEY = "cardroom.signed_out";

export function savedSecret() {
  return localStorage.getItem(SECRET_KEY);
}

function keep(secret) {
  localStorage.setItem(SECRET_KEY, secret);
  localStorage.removeItem(SIGNED_OUT_KEY);
}

/** Follow what happens to the player's secret elsewhere (a reset on another device or in
 * another tab). ``conn.player`` is the player's record once said hello, or null for someone
 * playing without an identity. */
export function attachIdentity(conn) {
  conn.player = null;
  conn.secretInUse = null; // the secret this connection is signed in with
  conn.playerRefused = null; // the server's refusal of a new player ({error, at}), while there is none
  conn.deviceLink = null; // the secret of a device link opened, until the server answers it
  conn.linkRefused = null; // the server's refusal of that link, until the profile has said it
  conn.on((event) => {
    if (event.type !== "signed_out") return;
    const saved = savedSecret();
    if (saved && saved !== conn.secretInUse) {
      conn.ws?.close(); // reset in another tab of this browser: hello again with the new secret
      return;
    }
    // Reset on another device: this one stays signed out (no new player is made unasked).
    localStorage.removeItem(SECRET_KEY);
    localStorage.setItem(SIGNED_OUT_KEY, "reset");
    announce(conn, null);
  });
}

/** The hello of a Connection (its ``hello`` option): as the player of a device link just
 * opened, else as the saved player, or as a new one on a first visit (named ``name()``), or
 * as nobody once signed out. A link the server refuses (reset, or expired) leaves this
 * device as it was, and the profile says so (``linkRefusal``). */
export function helloAsPlayer(name) {
  return async (conn, ws) => {
    const link = conn.deviceLink;
    for (const secret of [link, savedSecret()]) {
      if (!secret) continue;
      conn.secretInUse = secret;
      try {
        const reply = await conn.sendNow(ws, "hello", { v: PROTOCOL, secret });
        if (secret === link) {
          keep(secret); // only now: a link that works replaces this device's player
          conn.deviceLink = null;
          conn.linkRefused = null;
        }
        applySettings(reply.player.settings); // what this player chose, on any device
        conn.playerRefused = null;
        return announce(conn, reply.player);
      } catch (error) {
        if (error.code !== "unknown_player" && error.code !== "bad_secret") throw error;
        if (secret === link) {
          conn.deviceLink = null;
          conn.linkRefused = error;
        } else localStorage.removeItem(SECRET_KEY); // reset elsewhere, or expired: a new player
      }
    }
    conn.secretInUse = null;
    await conn.sendNow(ws, "hello", { v: PROTOCOL });
    if (localStorage.getItem(SIGNED_OUT_KEY)) return announce(conn, null);
    try {
      const reply = await conn.sendNow(ws, "player_new", { name: name() });
      keep(reply.secret);
      conn.secretInUse = reply.secret;
      conn.playerRefused = null;
      return announce(conn, reply.player);
    } catch (error) {
      if (error.code === "offline") throw error;
      // Too many new players from here: play without one, and the pages say why (playerRefusal).
      conn.playerRefused = { error, at: Date.now() };
      return announce(conn, null);
    }
  };
}

// Settings follow the player (all but the language, which is this browser's): the saved
// ones are applied when the player says hello, and a change is saved with the player.
const FOLLOWING = ["interactiveRules", "doubleTap", "fourColour", "cardSize", "animations", "sound", "winnableOnly", "hidePresence", "mutePhrases"];
let applying = false;
let saving = null;

function applySettings(saved) {
  applying = true;
  try {
    for (const name of FOLLOWING) {
      if (saved && name in saved && typeof saved[name] === typeof setting(name)) setSetting(name, saved[name]);
    }
  } finally {
    applying = false;
  }
}

export function followSettings(conn) {
  onSettings((name) => {
    if (applying || !conn.player || !FOLLOWING.includes(name)) return;
    clearTimeout(saving);
    saving = setTimeout(() => {
      const settings = Object.fromEntries(FOLLOWING.map((n) => [n, setting(n)]));
      conn
        .request("player_update", { settings })
        .then((reply) => {
          conn.player = reply.player;
        })
        .catch(() => {});
    }, 400);
  });
}

function announce(conn, player) {
  conn.player = player;
  conn.emit({ type: "player", player });
  return player;
}

/** Why this device has no player though it asked for one (a sentence), or null: the server
 * makes only so many new players an hour for one network (``too_many_players``), and says
 * when the next may be made (``retry_after`` seconds from its answer). */
export function playerRefusal(conn) {
  const refused = conn.playerRefused;
  if (conn.player || !refused) return null;
  const { error, at } = refused;
  if (error.code !== "too_many_players") return describeError(error);
  if (!(error.retryAfter > 0)) return t("player.too_many");
  const left = error.retryAfter * 1000 - (Date.now() - at);
  return t("player.too_many_for", { n: Math.max(1, Math.ceil(left / 60_000)) });
}

/** Why the device link just opened did not sign this device in (a sentence), or null; said
 * once (``forget``: it has been shown). */
export function linkRefusal(conn, forget = false) {
  const error = conn.linkRefused;
  if (forget) conn.linkRefused = null;
  return error ? t("player.link_refused") : null;
}

/** This device was signed out because its player's secret was changed elsewhere. */
export function signedOutByReset() {
  return localStorage.getItem(SIGNED_OUT_KEY) === "reset";
}

/** Start afresh as a new player on the next connection. */
export function startNewPlayer(conn) {
  localStorage.removeItem(SECRET_KEY);
  localStorage.removeItem(SIGNED_OUT_KEY);
  conn.ws?.close();
}

/** Forget the player on this device (the secret is gone unless a device link was kept). */
export function signOut(conn) {
  localStorage.removeItem(SECRET_KEY);
  localStorage.setItem(SIGNED_OUT_KEY, "1");
  announce(conn, null);
  conn.ws?.close();
}

/** A new secret: every other device signed in as this player is signed out. */
export async function resetSecret(conn) {
  if (!conn.player) throw new RequestError("no_player");
  const reply = await conn.request("player_reset");
  keep(reply.secret);
  conn.secretInUse = reply.secret;
  return reply.secret;
}

/** The link that signs another browser in as this player. */
export function deviceLink() {
  const secret = savedSecret();
  return secret ? `${location.origin}/#/device/${secret}` : null;
}

/** Arriving by a device link: say hello with its secret (kept once the server knows it); a
 * link that cannot be one (cut or mangled) is refused here, as the server would. */
export function adoptDeviceLink(conn, secret) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(secret || "")) {
    conn.linkRefused = new RequestError("bad_secret");
    return false;
  }
  conn.deviceLink = secret;
  conn.ws?.close(); // the reconnect says hello with it
  return true;
}

let renaming = null;

/** The name follows the player: a change made in the lobby goes to the server too, once
 * the typing pauses (a name the server refuses is kept only in this browser). ``report``
 * hears the server's refusal, or null once a name is taken. */
export function rename(conn, name, report = () => {}) {
  clearTimeout(renaming);
  renaming = setTimeout(() => {
    if (!conn.player || name === conn.player.name) return report(null);
    conn
      .request("player_update", { name })
      .then((reply) => {
        report(null);
        announce(conn, reply.player);
      })
      .catch((error) => report(error?.code === "offline" ? null : error));
  }, 600);
}
