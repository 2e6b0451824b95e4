// One WebSocket to the server (protocol/README.md): requests matched to their replies by
// command id, rooms kept up to date from snapshots and RFC 6902 patches, and a reconnect with
// backoff that resumes every seat and watched room from the last sequence seen. An action
// sent just before the network dropped is sent again with the same id after the reconnect;
// the server applies a command id at most once, so nothing is lost or doubled.
import { decode, encode } from "@msgpack/msgpack";
import { applyPatch } from "fast-json-patch";

export const PROTOCOL = 1;
const SEATS_KEY = "cardroom.seats";
const MAX_BACKOFF_MS = 8000;

/** A refused request: ``code`` is stable (the page shows its sentence in the player's
 * language); ``message`` is the server's English sentence, empty for the client's own;
 * ``retryAfter``, for a refusal that passes with time (``too_many_players``), the seconds
 * until the same request may work. */
export class RequestError extends Error {
  constructor(code, message = "", retryAfter = null) {
    super(message);
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

function randomPrefix() {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What this browser keeps per room under ``key`` (localStorage): the newest 50 rooms'. */
export function keptPerRoom(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}");
  } catch {
    return {};
  }
}

export function keepForRoom(key, room, value) {
  const all = keptPerRoom(key);
  all[room] = { ...value, at: Date.now() };
  const kept = Object.entries(all)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, 50);
  localStorage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
}

/** Seat tokens survive a page reload, so a player can come back to their seat. */
export const savedSeats = () => keptPerRoom(SEATS_KEY);

function saveSeat(room, seat, token) {
  keepForRoom(SEATS_KEY, room, { seat, token });
}

export class Connection {
  /** ``hello(conn, ws)`` says hello on a new socket and resolves once it is answered (the
   * player's identity says it with its secret: identity.js); by default a plain hello. */
  constructor(url, { hello = null } = {}) {
    this.url = url;
    this.hello = hello;
    this.ws = null;
    this.state = "connecting"; // connecting | online | offline
    this.rooms = new Map(); // room id -> {view, seq, epoch, seat, token, offer}
    this.lobby = null;
    this.featured = null; // the featured game's lobby summary ({id} alone if not in the page)
    this.wantLobby = false;
    this.prefix = randomPrefix();
    this.counter = 0;
    this.pending = new Map(); // command id -> {frame, resolve, reject, retry, sent}
    this.listeners = new Set();
    this.attempt = 0;
    this.timer = null;
    this.reconnectAfter = 0;
    this.moving = false; // going to the node where our rooms live (moveHome)
  }

  on(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event) {
    for (const listener of [...this.listeners]) listener(event);
  }

  setState(state) {
    this.state = state;
    this.emit({ type: "state", state });
  }

  connect() {
    clearTimeout(this.timer);
    this.moving = false; // this socket opens at the URL the move asked for
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    this.setState("connecting");
    ws.onopen = () => this.opened(ws);
    ws.onmessage = (event) => {
      if (this.ws === ws) this.receive(decode(new Uint8Array(event.data)));
    };
    ws.onclose = () => this.closed(ws);
  }

  async opened(ws) {
    try {
      await (this.hello ? this.hello(this, ws) : this.sendNow(ws, "hello", { v: PROTOCOL }));
      const subscriptions = [...this.rooms.keys()].map((id) => this.subscribe(id));
      if (this.wantLobby) subscriptions.push(this.sendNow(ws, "lobby", {}).then((r) => this.setLobby(r.rooms, r.featured)));
      await Promise.allSettled(subscriptions);
      if (this.ws !== ws) return;
      this.attempt = 0;
      this.setState("online");
      // Rooms opened while this connection was being set up.
      for (const [id, room] of this.rooms) if (!room.subscribed) this.subscribe(id);
      for (const p of this.pending.values()) {
        if (!p.sent) {
          p.sent = true;
          ws.send(p.frame);
        }
      }
    } catch {
      ws.close();
    }
  }

  closed(ws) {
    if (this.ws !== ws) return;
    this.ws = null;
    const moving = this.moving;
    this.moving = false;
    for (const [id, p] of this.pending) {
      if (p.retry) {
        p.sent = false; // sent again, with the same id, once back online
      } else if (p.sent) {
        this.pending.delete(id);
        p.reject(new RequestError("offline"));
      }
    }
    for (const room of this.rooms.values()) room.subscribed = false;
    if (moving) {
      this.connect(); // straight to the room's home: nothing was lost
      return;
    }
    this.setState("offline");
    const backoff = Math.min(MAX_BACKOFF_MS, 250 * 2 ** this.attempt);
    const delay = Math.max(this.reconnectAfter, backoff * (0.5 + Math.random() / 2));
    this.attempt += 1;
    this.reconnectAfter = 0;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Send a request on ``ws`` now, whatever the state (hello and subscriptions). */
  sendNow(ws, t, fields) {
    const id = `${this.prefix}-${++this.counter}`;
    return new Promise((resolve, reject) => {
      const frame = encode({ t, id, ...fields });
      this.pending.set(id, { frame, resolve, reject, retry: false, sent: true });
      ws.send(frame);
    });
  }

  /** A request: sent now when online, else as soon as the connection is back. */
  request(t, fields = {}, { retry = false } = {}) {
    const id = `${this.prefix}-${++this.counter}`;
    return new Promise((resolve, reject) => {
      const frame = encode({ t, id, ...fields });
      const online = this.state === "online" && this.ws && this.ws.readyState === 1;
      this.pending.set(id, { frame, resolve, reject, retry, sent: online });
      if (online) this.ws.send(frame);
    });
  }

  receive(message) {
    switch (message.t) {
      case "ok":
      case "error": {
        const p = this.pending.get(message.id);
        if (!p) {
          if (message.t === "error") this.emit({ type: "error", error: message });
          return;
        }
        this.pending.delete(message.id);
        if (message.t === "ok") p.resolve(message);
        else p.reject(new RequestError(message.code, message.message, message.retry_after ?? null));
        if (message.home) this.moveHome(message.home);
        else if (this.moving) this.moveWhenIdle();
        return;
      }
      case "snapshot": {
        const room = this.rooms.get(message.room);
        if (!room) return;
        room.view = message.view;
        room.seq = message.seq;
        room.epoch = message.epoch;
        this.emit({ type: "room", room: message.room });
        return;
      }
      case "patch": {
        const room = this.rooms.get(message.room);
        if (!room || room.view == null || message.seq <= room.seq) return;
        if (message.seq !== room.seq + 1) {
          // A gap: ask once for what is missing (the patches after it are ignored meanwhile).
          if (!room.resyncing) {
            room.resyncing = true;
            this.subscribe(message.room).finally(() => {
              room.resyncing = false;
            });
          }
          return;
        }
        room.view = applyPatch(room.view, message.ops, false, true).newDocument;
        room.seq = message.seq;
        this.emit({ type: "room", room: message.room });
        return;
      }
      case "lobby":
        if ("featured" in message) this.featureRoom(message.featured);
        this.changeLobby(message.changes);
        return;
      case "notice":
        this.emit({ type: "notice", notice: message });
        return;
      case "signed_out":
        // The player's secret was changed elsewhere: this socket identifies nobody now.
        this.emit({ type: "signed_out", info: message });
        return;
      case "home":
        this.moveHome(message.node);
        return;
      case "rematch": {
        // How a rematch offer stands, kept with its room: a page drawn again (another
        // language, the way back from another screen) shows it as it stands.
        const room = this.rooms.get(message.room);
        if (room) room.offer = message;
        this.emit({ type: message.t, info: message });
        return;
      }
      case "paired":
      case "seek_ended":
      case "friend":
      case "friends":
      case "challenge":
        // Quick pairing (the seek of this socket was paired, or ended unpaired), and how a
        // rematch offer of a finished room stands.
        this.emit({ type: message.t, info: message });
        return;
      case "reconnect":
        // The server is going away: it closes this socket; come back after it says.
        this.reconnectAfter = message.after_ms || 1000;
        return;
      default:
    }
  }

  /** Our rooms live on server node ``node`` (a reply's ``home``, or a ``home`` message):
   * open the socket again with ``?home=node``, which the balancer sends there, and resume
   * every room. It waits for the answers still due on this socket; a balancer that does not
   * route by home makes it one plain reconnect (the server then never asks again). */
  moveHome(node) {
    const url = new URL(this.url, location.href);
    if (url.searchParams.get("home") === node) return;
    url.searchParams.set("home", node);
    this.url = url.toString();
    this.moving = true;
    this.moveWhenIdle();
  }

  moveWhenIdle() {
    const waiting = [...this.pending.values()].some((p) => p.sent && !p.retry);
    if (this.moving && !waiting && this.ws) this.ws.close();
  }

  /** Resume a seat or watch a room from the last sequence seen (a snapshot otherwise). */
  subscribe(id) {
    const room = this.rooms.get(id);
    if (!room) return Promise.resolve();
    const since = room.view == null ? null : room.seq;
    const fields = { room: id, since, epoch: room.epoch };
    const ws = this.ws;
    if (!ws) return Promise.resolve();
    room.subscribed = true;
    const sent =
      room.token != null
        ? this.sendNow(ws, "resume", { ...fields, token: room.token })
        : this.sendNow(ws, "watch", fields);
    return sent.catch((error) => {
      if (error.code === "offline") {
        room.subscribed = false; // the socket dropped mid-way: resumed after the reconnect
        return;
      }
      this.rooms.delete(id);
      this.emit({ type: "lost", room: id, error });
    });
  }

  ensureRoom(id, seat = null, token = null) {
    let room = this.rooms.get(id);
    if (!room) {
      room = { view: null, seq: -1, epoch: null, seat, token, subscribed: false };
      this.rooms.set(id, room);
    }
    return room;
  }

  /** A new room. Its request id makes it once: sent again with the same id after a
   * reconnect, the create is answered with the room it made (protocol/README.md). */
  async create(seats, options = {}) {
    const request = `${this.prefix}-r${++this.counter}`;
    return (await this.request("create", { request, seats, ...options }, { retry: true })).room;
  }

  async join(id, seat, name) {
    this.ensureRoom(id);
    try {
      const reply = await this.request("join", { room: id, seat, name });
      this.adopt(id, reply.seat, reply.token);
      return reply;
    } catch (error) {
      if (this.rooms.get(id)?.token == null) this.rooms.delete(id);
      throw error;
    }
  }

  adopt(id, seat, token) {
    const room = this.ensureRoom(id);
    room.seat = seat;
    room.token = token;
    room.subscribed = true; // joining attached this socket to the seat
    saveSeat(id, seat, token);
  }

  async daily(name) {
    const reply = await this.request("daily", { name });
    this.adopt(reply.room, reply.seat, reply.token);
    await this.subscribe(reply.room);
    return reply.room;
  }

  /** Open a room: the seat saved for it in this browser, or as a spectator. */
  async open(id) {
    const saved = savedSeats()[id];
    const room = this.ensureRoom(id, saved?.seat ?? null, saved?.token ?? null);
    if (this.state === "online") await this.subscribe(id);
    return room;
  }

  async close(id) {
    if (!this.rooms.has(id)) return;
    this.rooms.delete(id);
    if (this.state === "online") await this.request("leave", { room: id }).catch(() => {});
  }

  /** An action. One action made while the network is down waits and is sent after the
   * reconnect (a click during a blip); more are refused until the connection is back, so a
   * burst of queued clicks never lands on a position the player has not seen. */
  act(id, action) {
    const queued = [...this.pending.values()].some((p) => p.retry && !p.sent);
    const online = this.state === "online" && this.ws && this.ws.readyState === 1;
    if (!online && queued) {
      return Promise.reject(new RequestError("reconnecting"));
    }
    return this.request("act", { room: id, action }, { retry: true });
  }

  // The lobby: a first page, then only the changes (a room listed, changed or gone), and
  // the featured game (the live rated match with the highest-rated players).
  setLobby(rooms, featured = null) {
    this.lobbyRooms = new Map(rooms.map((r) => [r.id, r]));
    this.featured = featured;
    this.showLobby();
  }

  featureRoom(id) {
    this.featured = id == null ? null : this.lobbyRooms?.get(id) || { id };
  }

  changeLobby(changes) {
    if (!this.lobbyRooms) return;
    for (const { id, room } of changes) {
      if (room) this.lobbyRooms.set(id, room);
      else this.lobbyRooms.delete(id);
      if (room && this.featured?.id === id) this.featured = room;
    }
    this.showLobby();
  }

  showLobby() {
    const newest = (a, b) => (b.created_at || 0) - (a.created_at || 0) || (a.id < b.id ? -1 : 1);
    this.lobby = [...this.lobbyRooms.values()].sort(newest);
    this.emit({ type: "lobby" });
  }

  watchLobby() {
    if (this.wantLobby) return;
    this.wantLobby = true;
    if (this.state === "online") this.request("lobby").then((r) => this.setLobby(r.rooms, r.featured));
  }
}
