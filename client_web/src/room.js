// A live room: the seat this browser holds (or a spectator's seat at the rail), the local
// hand order and selection, drag to reorder, keyboard play, refusals, the turn clock. Its
// parts are modules of their own: the head (room_header.js), the hand (room_hand.js), the
// panels under a result (room_result.js, room_rematch.js, room_earlier.js) and the slides
// (room_motion.js).
import { describeError, t } from "./i18n.js";
import { atKeyboard } from "./modality.js";
import * as sound from "./sound.js";
import { loadReview } from "./review.js";
import { phraseBubbles, phraseMenu } from "./phrases.js";
import { earlierActions, keepEarlier } from "./room_earlier.js";
import { handInput, keptOrder } from "./room_hand.js";
import { joinPanel, roomHeader } from "./room_header.js";
import { tableMotion } from "./room_motion.js";
import { rematchFlow, rematchOffer } from "./room_rematch.js";
import { noShow } from "./room_no_show.js";
import { friendControl, handEndActions, matchEndActions, spectatorActions } from "./room_result.js";
import { onSettings } from "./settings.js";
import { isSolitaire, mountSolitaire } from "./solitaire.js";
import { awayText, reconcile, renderTable } from "./table.js";
import { draw, h, undraw } from "./vdom.js";

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
  const state = { order: keptOrder(id), acting: false, actedAt: null, selected: null, message: "", showPile: false, lost: null, copied: "", review: null, moving: false, open: false, dealt: null, shownEnd: null, earlier: null, phrases: false, friendship: null };
  let alive = true; // false once the page has moved on: late replies redraw nothing
  let clock = null;

  const room = () => conn.rooms.get(id);
  const me = () => room()?.seat ?? null;
  const offer = () => room()?.offer ?? null; // how a rematch offer stands (connection.js)
  const bubbles = phraseBubbles(() => render());
  const motions = tableMotion(root, id);
  const focusNext = (view) => nextPlace(root.querySelector("#table"), view, me())?.focus();

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

  // One request at a time: until the server answers, another click (the second of a double
  // click on Discard) does nothing, and the table's buttons wait. An action's patch comes
  // as a message of its own just before its answer: once the table shows a move past the
  // one the action was sent at, it took effect, and the next request may go (a Discard
  // clicked as soon as the drawn card showed, or Rematch as soon as the match's end showed,
  // was dropped without a sign). Only the last request's answer ends the wait.
  let sent = 0;
  const at = () => { const g = room()?.view?.game; return g ? `${g.hand_no}/${g.turn.ply}` : ""; };
  const waiting = () => state.acting && !(state.actedAt != null && state.actedAt !== at());
  const busy = {
    waiting,
    /** A request starts (``move``: an action, which the table shows when made): its token. */
    begin(move = false) {
      state.acting = true;
      state.actedAt = move ? at() : null;
      return ++sent;
    },
    /** The request of ``token`` is answered: whether it was the last one (the wait is over). */
    end(token) {
      if (token !== sent) return false;
      state.acting = false;
      state.actedAt = null;
      return true;
    },
  };

  async function act(action) {
    if (waiting()) return;
    const mine = busy.begin(true);
    state.message = "";
    render();
    let done = false;
    try {
      await conn.act(id, action);
      done = true;
      if ((action.type === "discard" || action.type === "knock") && mine === sent) state.selected = null;
    } catch (error) {
      if (mine === sent) { // (a later request's page is not told of an earlier one's refusal)
        state.message = describeError(error, "gin_rummy");
        sound.play("refuse");
      }
    }
    if (!busy.end(mine)) return; // a later request is under way: its answer ends the wait
    render();
    // A drawn card is to be discarded next: the keyboard goes to it.
    const drew = ["draw_stock", "draw_discard", "take_upcard"].includes(action.type);
    if (done && drew && atKeyboard()) focusNext(room().view);
  }

  const hand = handInput(id, { root, state, act, render, me, view: () => room()?.view });
  const rematch = rematchFlow(id, { conn, app, state, busy, me, room, render });

  const review = (options) => () => ((state.review = loadReview(id, me(), render, { ...options, conn })), render());

  function resultActions(view) {
    const over = view.game.turn.phase === "match_over" || view.room.status === "finished";
    if (me() == null) return spectatorActions(over, offer());
    if (over) {
      return matchEndActions(view, {
        review: state.review,
        rematch: () => rematchOffer(view, me(), offer(), rematch.answer),
        onRematch: rematch.rematch,
        friend: friendControl(view, me(), { conn, state, render: () => alive && render() }),
        onReview: review({ wait: true }),
        onJump: (d) => app.navigate(`#/replay/${id}/${d.at}/${me()}`),
      });
    }
    const onNext = () => {
      state.review = null;
      state.dealt = view.game.hand_no;
      act({ type: "next_hand" });
    };
    return handEndActions(view, { review: state.review, onNext, onReview: review({}) });
  }

  function closeEarlier() {
    state.earlier = null;
    state.review = null;
    render();
    if (atKeyboard()) focusNext(room().view);
  }

  async function join(seat) {
    if (waiting()) return; // a double tap takes the seat once
    const mine = busy.begin();
    render();
    try {
      await conn.join(id, seat, app.name());
    } catch (error) {
      if (mine === sent) state.message = describeError(error);
    }
    if (busy.end(mine)) render();
  }

  function tickClock() {
    const el = root.querySelector("#clock");
    const deadline = room()?.view?.room.deadline;
    if (el && deadline) el.textContent = t("room.clock", { n: Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) });
    for (const away of root.querySelectorAll(".away[data-until]")) away.textContent = awayText(Number(away.dataset.until));
  }

  let solitaire = null;
  const header = (view, phraseButton) => roomHeader(view, id, { me: me(), copied: state.copied, onCopied: (text) => ((state.copied = text), render()) }, phraseButton);

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
    keepEarlier(view, me(), state);
    if (view.game.hand) {
      state.order = reconcile(state.order, view.game.hand);
      if (!view.game.hand.includes(state.selected)) state.selected = null;
      hand.keep();
    }
    const before = motions.measure();
    const hadFocus = root.contains(document.activeElement);
    if (!talks(view)) state.phrases = false;
    const [phraseButton, phraseList] = talks(view) ? phraseMenu(state.phrases, () => ((state.phrases = !state.phrases), render()), say) : [null, null];
    draw(
      root,
      header(view, phraseButton),
      phraseList,
      joinPanel(view, { me: me(), acting: state.acting, join }),
      renderTable(view, { ...hand.ui, me: me(), busy: waiting(), bubbles: bubbles.update(view, me()), order: state.order, selected: state.selected, message: state.message, showPile: state.showPile, resultActions: resultActions(view), earlier: state.earlier, earlierActions: state.earlier ? earlierActions(view, me(), closeEarlier) : null }),
    );
    motions.after(before, view);
    tickClock();
    // What had the keyboard is gone (a card discarded, the hand over): the keyboard goes to
    // where the player acts next, not back to the top of the page.
    if (atKeyboard() && hadFocus && !root.contains(document.activeElement)) focusNext(view);
  }

  const off = conn.on((event) => {
    if (event.type === "room" && event.room === id) {
      if (noShow(room()?.view, me(), state, app)) return;
      render();
    } else if (event.type === "lost" && event.room === id) {
      state.lost = describeError(event.error);
      render();
    } else if (event.type === "rematch" && event.info.room === id) {
      rematch.update(event.info);
    } else if (event.type === "notice" && event.notice.room === id) {
      const n = event.notice;
      state.message = n.kind === "timeout" ? t(n.seat === me() ? "room.timeout.you" : "room.timeout.other") : state.message;
      render();
    }
  });
  const offSettings = onSettings((name) => name === "mutePhrases" && render());
  clock = setInterval(() => {
    tickClock();
    if (offer()?.state === "offered") render(); // the offer's seconds left
  }, 500);
  root.replaceChildren(); // what the page before drew is not ours to update
  conn.open(id).then(() => noShow(room()?.view, me(), state, app) || render());
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
