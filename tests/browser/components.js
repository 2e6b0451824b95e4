// The browser client's components one at a time, for tests/browser/test_components.py: this
// entry (bundled by esbuild, with the English catalogue in it) puts each component on
// ``window.parts``, with ``show(...)`` to draw one into #root (a DOM element or Preact
// nodes) and ``calls`` to record what its handlers were asked.
import { setLanguage } from "../../client_web/src/i18n.js";
import * as vdom from "../../client_web/src/vdom.js";
import * as lobbyOptions from "../../client_web/src/lobby_options.js";
import * as lobbyReplays from "../../client_web/src/lobby_replays.js";
import * as lobbyRooms from "../../client_web/src/lobby_rooms.js";
import * as lobbySeek from "../../client_web/src/lobby_seek.js";
import * as lobbyTiles from "../../client_web/src/lobby_tiles.js";
import * as roomEarlier from "../../client_web/src/room_earlier.js";
import * as roomHand from "../../client_web/src/room_hand.js";
import * as roomHeader from "../../client_web/src/room_header.js";
import * as roomMotion from "../../client_web/src/room_motion.js";
import * as roomNoShow from "../../client_web/src/room_no_show.js";
import * as roomRematch from "../../client_web/src/room_rematch.js";
import * as roomResult from "../../client_web/src/room_result.js";
import * as solitaireBar from "../../client_web/src/solitaire_bar.js";
import * as solitaireBoard from "../../client_web/src/solitaire_board.js";
import * as solitaireInput from "../../client_web/src/solitaire_input.js";
import * as solitaireMotion from "../../client_web/src/solitaire_motion.js";
import * as solitaireNewGame from "../../client_web/src/solitaire_new_game.js";
import * as solitaireWords from "../../client_web/src/solitaire_words.js";
import * as tableCenter from "../../client_web/src/table_center.js";
import * as tableHands from "../../client_web/src/table_hands.js";
import * as tableNames from "../../client_web/src/table_names.js";
import * as tableOwnHand from "../../client_web/src/table_own_hand.js";
import * as tableResult from "../../client_web/src/table_result.js";
import * as tableSeats from "../../client_web/src/table_seats.js";
import * as tableSide from "../../client_web/src/table_side.js";
import { scoped } from "../../client_web/src/dom.js";
import { setSetting } from "../../client_web/src/settings.js";
import { played } from "../../client_web/src/sound.js";

const root = document.getElementById("root");
const calls = [];

let drawn = false; // #root holds Preact's drawing (a redraw changes only what differs)

/** Draw ``parts`` into #root: DOM elements as they are; anything else through Preact, as
 * the pages do (a second drawing in a row updates the first, keyed). ``show()`` empties it. */
function show(...parts) {
  const preact = parts.length > 0 && !parts.every((p) => p instanceof Node);
  if (preact && drawn) return vdom.draw(root, ...parts);
  if (drawn) vdom.undraw(root);
  root.replaceChildren();
  drawn = preact;
  if (preact) vdom.draw(root, ...parts);
  else root.append(...parts);
}

/** A handler that records its name and arguments (events as their type) and answers ``value``. */
const record = (name, value) => (...args) => {
  calls.push([name, ...args.map((a) => (a instanceof Event ? a.type : a))]);
  return value;
};

window.parts = {
  ...lobbyOptions, ...lobbyReplays, ...lobbyRooms, ...lobbySeek, ...lobbyTiles,
  ...roomEarlier, ...roomHand, ...roomHeader, ...roomMotion, ...roomNoShow, ...roomRematch, ...roomResult,
  ...solitaireBar, ...solitaireBoard, ...solitaireInput, ...solitaireMotion, ...solitaireNewGame, ...solitaireWords,
  ...tableCenter, ...tableHands, ...tableNames, ...tableOwnHand, ...tableResult, ...tableSeats, ...tableSide,
  h: vdom.h, scoped, played, setSetting, show, calls, record,
};
window.ready = setLanguage("en");
