// A live room: the seat this browser holds (or a spectator's seat at the rail), the local
// hand order and selection, drag to reorder, keyboard play, refusals, the turn clock.
import { sortedHand } from "./cards.js";
import { follow } from "./drag.js";
import { Friendship } from "./friends.js";
import { describeError, formatDay, personName, t } from "./i18n.js";
import { openLearnDrawer } from "./learn.js";
import { atKeyboard } from "./modality.js";
import * as motion from "./motion.js";
import * as sound from "./sound.js";
import { loadReview, reviewPanel } from "./review.js";
import { phraseBubbles, phraseMenu } from "./phrases.js";
import { onSettings } from "./settings.js";
import { isSolitaire, mountSolitaire } from "./solitaire.js";
import { awayText, flightOrigin, reconcile, renderTable } from "./table.js";
import { draw, h, undraw } from "./vdom.js";
import { keepForRoom, keptPerRoom } from "./connection.js";

const ORDERS_KEY = "cardroom.orders";

/** Where a keyboard player acts next at ``table``: the result's button when a hand is over,
 * else on their turn the offer, the stock or the hand (the card just drawn), else the stock. */
export function nextPlace(table, view, me) {
  if (!table || me == null) return null;
  const turn = view.game.turn;
  const result = table.querySelector("#next-hand, #rematch, #rematch-accept, #earlier-close, #lobby-link");
  if (result) return result;
  if (turn.to_act === me && turn.phase === "offer") return table.querySelector("#take");
  if (turn.to_act === me && turn.phase === "discard") {
    return table.querySelector(`#hand button[data-card="${CSS.escape(turn.drawn ?? "")}"]`) || table.querySelector("#hand button.card");
  }
  return table.querySelector("#stock");
}

export function mountRoom(root, app, id) {
  const conn = app.conn;
  // The player's own order of their cards, kept in this browser for the room (a reload).
  const state = { order: keptPerRoom(ORDERS_KEY)[id]?.order || [], acting: false, selected: null, message: "", showPile: false, lost: null, copied: "", review: null, offer: null, moving: false, open: false, dealt: null, shownEnd: null, earlier: null, phrases: false, friendship: null };
  let alive = true; // false once the page has moved on: late replies redraw nothing
  let clock = null;

  const room = () => conn.rooms.get(id);
  const me = () => room()?.seat ?? null;
  const bubbles = phraseBubbles(() => render());

  // Two people at play may say a phrase to each other (not to a bot, not from the rail).
  const talks = (view) => me() != null && view.room.game === "gin_rummy" && view.room.status === "playing" && view.room.seats.every((s) => s.kind === "human");

  async function say(phrase) {
    state.phrases = false;
    try {
      await conn.request("say", { room: id, phrase });
      state.message = "";
    } catch (error) {
      state.message = describeError(error);
      sound.play("refuse");
    }
    render();
  }

  // One action at a time: until the server answers, another click (the second of a double
  // click on Discard) does nothing, and the table's buttons wait.
  async function act(action) {
    if (state.acting) return;
    state.acting = true;
    state.message = "";
    render();
    let done = false;
    try {
      await conn.act(id, action);
      done = true;
      if (action.type === "discard" || action.type === "knock") state.selected = null;
    } catch (error) {
      state.message = describeError(error, "gin_rummy");
      sound.play("refuse");
    }
    state.acting = false;
    render();
    // A drawn card is to be discarded next: the keyboard goes to it.
    const drew = ["draw_stock", "draw_discard", "take_upcard"].includes(action.type);
    if (done && drew && atKeyboard()) nextPlace(root.querySelector("#table"), room().view, me())?.focus();
  }

  let keptOrder = state.order.join(" ");
  function keepOrder() {
    const order = state.order.join(" ");
    if (order === keptOrder || me() == null) return;
    keptOrder = order;
    keepForRoom(ORDERS_KEY, id, { order: state.order });
  }

  function moveCard(card, to) {
    const order = state.order.filter((c) => c !== card);
    order.splice(Math.max(0, Math.min(order.length, to)), 0, card);
    state.order = order;
  }

  const ui = {
    onAction: act,
    onCard(card) {
      state.selected = state.selected === card ? null : card;
      render();
    },
    onCardKey(event, card) {
      const i = state.order.indexOf(card);
      const step = event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : 0;
      if (step && event.shiftKey) {
        event.preventDefault();
        moveCard(card, i + step);
        render();
        // Moving an element in the document can take the focus from it: the card keeps it.
        root.querySelector(`#hand [data-card="${CSS.escape(card)}"]`)?.focus();
      } else if (step) {
        event.preventDefault();
        const next = state.order[(i + step + state.order.length) % state.order.length];
        root.querySelector(`#hand [data-card="${CSS.escape(next)}"]`)?.focus();
      } else if (event.key === "d" || event.key === "Delete") {
        event.preventDefault();
        act({ type: "discard", card });
      } else if (event.key === "k") {
        event.preventDefault();
        act({ type: "knock", card });
      }
    },
    onPointerDown(event, card) {
      const slot = event.currentTarget;
      follow(event, [slot], (up) => {
        // The new place: after every other card whose middle is left of the pointer.
        const others = [...root.querySelectorAll("#hand .slot")].filter((s) => s !== slot);
        const to = others.filter((s) => {
          const r = s.getBoundingClientRect();
          return r.left + r.width / 2 < up.clientX;
        }).length;
        moveCard(card, to);
        render();
      });
    },
    onSort() {
      const view = room()?.view;
      if (view?.game.hand) state.order = sortedHand(view.game.hand, view.game.melds);
      render();
    },
    onTogglePile() {
      state.showPile = !state.showPile;
      render();
    },
  };

  async function rematch() {
    if (state.acting) return;
    state.acting = true;
    const view = room().view;
    const seats = view.room.seats.map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: "human" }));
    try {
      const fresh = await conn.create(seats, { public: view.room.public, target: view.game.target });
      await conn.join(fresh, me(), app.name());
      app.navigate(`#/room/${fresh}`);
    } catch (error) {
      state.message = describeError(error);
    }
    state.acting = false;
    render();
  }

  // Between two people, a rematch is offered and answered (protocol/README.md, Rematch
  // offers): the new room is made once both agree, with the seats swapped.
  async function answerRematch(answer) {
    try {
      const reply = await conn.request("rematch", { room: id, answer });
      rematchState(reply.offer);
    } catch (error) {
      state.message = describeError(error);
      render();
    }
  }

  async function rematchState(offer) {
    state.offer = offer;
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

  function rematchOffer(view) {
    const offer = state.offer;
    const mine = me();
    const other = view.room.seats[1 - mine].name;
    const name = other ? personName(other) : t("lobby.player");
    const now = Date.now();
    const open = offer?.state === "offered" && now < offer.until;
    const n = open ? Math.ceil((offer.until - now) / 1000) : 0;
    const status = (text) => h("p", { id: "rematch-status", role: "status" }, text);
    if (open && offer.by === mine) {
      return [status(t("room.rematch_waiting", { name, n })), h("button", { id: "rematch-withdraw", onclick: () => answerRematch("withdraw") }, t("room.rematch_withdraw"))];
    }
    if (open) {
      return [
        status(t("room.rematch_offered", { name, n })),
        h("button", { class: "primary", id: "rematch-accept", onclick: () => answerRematch("accept") }, t("room.rematch_accept")),
        h("button", { id: "rematch-decline", onclick: () => answerRematch("decline") }, t("room.rematch_decline")),
      ];
    }
    let note = null;
    if (offer?.state === "declined" && offer.by === mine) note = t("room.rematch_declined", { name });
    else if (offer?.state === "ended" && offer.reason === "left") note = t("room.rematch_left", { name });
    else if (offer?.state === "offered") note = t("room.rematch_lapsed");
    return [h("button", { class: "primary", id: "rematch", onclick: () => answerRematch("offer") }, t("room.rematch_offer")), note ? status(note) : null];
  }

  /** After a match between two people, how this player stands with the other (a button to
   * ask them to be friends): read once the match is over, kept for the page's life. */
  function friendControl(view) {
    const other = view.room.seats[1 - me()];
    if (other?.kind !== "human" || !other.player || !conn.player || other.player === conn.player.id) return null;
    if (state.friendship?.player !== other.player) {
      state.friendship?.close();
      state.friendship = new Friendship(conn, other.player, () => alive && render());
    }
    return state.friendship.view(h, other.name || t("lobby.player"));
  }

  function resultActions(view) {
    const turn = view.game.turn;
    const over = turn.phase === "match_over" || view.room.status === "finished";
    if (me() == null) {
      if (!over) return h("p", { class: "muted" }, t("room.waiting_next"));
      // A spectator: back to the lobby, or on to the rematch once the players agree on one.
      const next = state.offer?.state === "accepted" ? state.offer.next : null;
      return h(
        "div",
        { class: "row result-actions" },
        h("p", { class: "muted", role: "status" }, next ? t("room.rematch_started") : t("room.match_over")),
        next ? h("a", { class: "button primary", id: "follow-rematch", href: `#/room/${next}` }, t("room.watch_rematch")) : null,
        h("a", { class: "button", id: "lobby-link", href: "#/" }, t("room.lobby")),
      );
    }
    if (over) {
      const slot = state.review;
      // A rematch needs the other player: not one who left the table for good.
      const left = view.room.forfeit != null && view.room.forfeit_reason !== "timeouts";
      const people = view.room.seats.every((s) => s.kind === "human");
      return [
        h(
          "div",
          { class: "row result-actions" },
          left
            ? null
            : people
              ? rematchOffer(view)
              : h("button", { class: "primary", id: "rematch", onclick: rematch }, t("room.rematch")),
          // The match is over: what each of the player's decisions cost.
          view.room.game === "gin_rummy" && !slot
            ? h("button", { id: "review-button", onclick: () => ((state.review = loadReview(id, me(), render, { wait: true, conn })), render()) }, t("review.button"))
            : null,
          h("a", { class: `button${left ? " primary" : ""}`, id: "lobby-link", href: "#/" }, t("room.lobby")),
        ),
        friendControl(view),
        slot?.state === "ready"
          ? reviewPanel(slot.review, { onJump: (d) => app.navigate(`#/replay/${id}/${d.at}/${me()}`) })
          : slot
            ? h("p", { class: slot.state === "failed" ? "refusal" : "muted", role: "status" }, slot.message)
            : null,
      ];
    }
    // Between two hands: the player's own review of the hands played so far.
    const slot = state.review;
    const people = view.room.seats.every((s) => s.kind === "human");
    return [
      h(
        "div",
        { class: "row result-actions" },
        // Either player deals the next hand, for both: said before it happens.
        people ? h("p", { class: "muted", id: "next-hand-note" }, t("room.next_hand_note")) : null,
        h(
          "button",
          {
            class: "primary",
            id: "next-hand",
            onclick: () => {
              state.review = null;
              state.dealt = view.game.hand_no;
              act({ type: "next_hand" });
            },
          },
          t("room.next_hand"),
        ),
        view.room.game === "gin_rummy" && !slot
          ? h("button", { id: "review-button", onclick: () => ((state.review = loadReview(id, me(), render, { conn })), render()) }, t("review.button"))
          : null,
      ),
      slot?.state === "ready"
        ? reviewPanel(slot.review)
        : slot
          ? h("p", { class: slot.state === "failed" ? "refusal" : "muted", role: "status" }, slot.message)
          : null,
    ];
  }

  // The other player dealt the next hand while this one read the result: that result stays,
  // over the new hand, until closed.
  function earlierActions(view) {
    const who = view.room.seats[1 - me()].name;
    const other = who ? personName(who) : t("lobby.player");
    const close = () => {
      state.earlier = null;
      state.review = null;
      render();
      if (atKeyboard()) nextPlace(root.querySelector("#table"), room().view, me())?.focus();
    };
    return h(
      "div",
      { class: "row result-actions" },
      h("p", { class: "muted", id: "earlier-note", role: "status" }, t("room.next_hand_dealt", { name: other })),
      h("button", { class: "primary", id: "earlier-close", onclick: close }, t("room.to_the_hand")),
    );
  }

  // Remember a hand's result as it is shown; once the next hand is dealt by the other player
  // (not from this page), it becomes the result shown over the new hand.
  function keepEarlier(view) {
    const turn = view.game.turn;
    if (me() == null) return;
    if (turn.phase === "hand_over" && view.game.result) {
      if (state.shownEnd?.game.hand_no !== view.game.hand_no) state.shownEnd = structuredClone(view);
      return;
    }
    const end = state.shownEnd;
    if (end && view.game.hand_no > end.game.hand_no && state.dealt !== end.game.hand_no) state.earlier = end;
    if (end && view.game.hand_no > end.game.hand_no) state.shownEnd = null;
    if (state.earlier && (view.room.status === "finished" || view.game.hand_no > state.earlier.game.hand_no + 1)) state.earlier = null;
  }

  function header(view, phraseButton) {
    const link = `${location.origin}${location.pathname}#/room/${id}`;
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(link);
        state.copied = t("room.copied");
      } catch {
        state.copied = link;
      }
      render();
    };
    const copied = h("span", { class: "muted", id: "copied", "aria-live": "polite" }, state.copied);
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
      me() == null ? h("span", { class: "badge", id: "spectating" }, t("room.spectating")) : null,
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

  function joinPanel(view) {
    const open = view.room.seats.findIndex((s) => s.kind === "human" && !s.name);
    if (me() != null || open < 0 || view.room.status !== "waiting") return null;
    const join = async () => {
      if (state.acting) return; // a double tap takes the seat once
      state.acting = true;
      render();
      try {
        await conn.join(id, open, app.name());
      } catch (error) {
        state.message = describeError(error);
      }
      state.acting = false;
      render();
    };
    return h("div", { class: "panel join" }, h("p", {}, t("room.seat_open")), h("button", { class: "primary", id: "join", disabled: state.acting, onclick: join }, t("room.take_seat")));
  }

  function tickClock() {
    const el = root.querySelector("#clock");
    const deadline = room()?.view?.room.deadline;
    if (el && deadline) el.textContent = t("room.clock", { n: Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) });
    for (const away of root.querySelectorAll(".away[data-until]")) away.textContent = awayText(Number(away.dataset.until));
  }

  let solitaire = null;

  function render() {
    if (!alive) return;
    const kind = room()?.view?.room.game;
    if (isSolitaire(kind) && !state.lost) {
      solitaire = solitaire || mountSolitaire(root, app, id, header);
      solitaire.render();
      return;
    }
    const current = room();
    if (state.lost) {
      draw(root, h("div", { class: "panel" }, h("h1", {}, t("room.unavailable")), h("p", { class: "refusal" }, state.lost), h("a", { class: "button", href: "#/" }, t("room.back"))));
      return;
    }
    if (!current?.view) {
      draw(root, h("p", { class: "muted" }, t("room.loading")));
      return;
    }
    const view = current.view;
    keepEarlier(view);
    if (view.game.hand) {
      state.order = reconcile(state.order, view.game.hand);
      if (!view.game.hand.includes(state.selected)) state.selected = null;
      keepOrder();
    }
    const before = motion.measure(root.querySelector("#table"));
    const shown = shownAs(view);
    const hadFocus = root.contains(document.activeElement);
    if (!talks(view)) state.phrases = false;
    const [phraseButton, phraseList] = talks(view) ? phraseMenu(state.phrases, () => ((state.phrases = !state.phrases), render()), say) : [null, null];
    draw(
      root,
      header(view, phraseButton),
      phraseList,
      joinPanel(view),
      renderTable(view, { ...ui, me: me(), busy: state.acting, bubbles: bubbles.update(view, me()), order: state.order, selected: state.selected, message: state.message, showPile: state.showPile, resultActions: resultActions(view), earlier: state.earlier, earlierActions: state.earlier ? earlierActions(view) : null }),
    );
    animate(before, shown);
    tickClock();
    // What had the keyboard is gone (a card discarded, the hand over): the keyboard goes to
    // where the player acts next, not back to the top of the page.
    if (atKeyboard() && hadFocus && !root.contains(document.activeElement)) nextPlace(root.querySelector("#table"), view, me())?.focus();
  }

  // What the last drawing showed: a new deal, a move, a finished hand (for slides and sounds).
  let last = null;
  function shownAs(view) {
    const turn = view.game.turn;
    return { hand: view.game.hand_no, ply: turn.ply, phase: turn.phase };
  }

  function animate(before, now) {
    const table = root.querySelector("#table");
    const previous = last;
    last = now;
    if (!previous || previous.hand !== now.hand) {
      motion.deal(table, table?.querySelector("#stock"));
      if (previous) sound.play("deal");
    } else if (previous.ply !== now.ply) {
      const ended = now.phase === "hand_over" || now.phase === "match_over";
      motion.slide(table, before, (el) => flightOrigin(table, el));
      sound.play(ended && previous.phase !== now.phase ? "knock" : "card");
    }
  }

  // A quick pairing's room that ended because the other player never came (protocol/
  // README.md, Quick pairing): the player who came goes back to looking, with the same
  // settings, at once. Only when the end is seen here (a page opened on such a room later
  // just shows it).
  function noShow() {
    const view = room()?.view;
    if (!view) return false;
    if (view.room.closed == null) state.open = true;
    if (view.room.closed !== "no_show" || !state.open || me() == null || state.moving) return false;
    state.moving = true;
    app.reseek = {
      settings: { target: view.game.target, turn_seconds: view.room.turn_seconds ?? null, rated: !!view.room.rated },
      note: "lobby.no_show",
    };
    app.navigate("#/");
    return true;
  }

  const off = conn.on((event) => {
    if (event.type === "room" && event.room === id) {
      if (noShow()) return;
      render();
    } else if (event.type === "lost" && event.room === id) {
      state.lost = describeError(event.error);
      render();
    } else if (event.type === "rematch" && event.info.room === id) {
      rematchState(event.info);
    } else if (event.type === "notice" && event.notice.room === id) {
      const n = event.notice;
      state.message = n.kind === "timeout" ? t(n.seat === me() ? "room.timeout.you" : "room.timeout.other") : state.message;
      render();
    }
  });
  const offSettings = onSettings((name) => name === "mutePhrases" && render());
  clock = setInterval(() => {
    tickClock();
    if (state.offer?.state === "offered") render(); // the offer's seconds left
  }, 500);
  root.replaceChildren(); // what the page before drew is not ours to update
  conn.open(id).then(() => noShow() || render());
  render();
  return () => {
    alive = false;
    off();
    offSettings();
    bubbles.stop();
    clearInterval(clock);
    state.friendship?.close();
    solitaire?.destroy();
    undraw(root);
    if (me() == null) conn.close(id);
  };
}
