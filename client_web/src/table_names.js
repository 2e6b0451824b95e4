// How a table names its seats (a bot by its level, a person by their name, the player as
// "you"): shared by the table's parts, the lobby's lists and the replays, in a module of its
// own so that the lobby (in the first download) needs nothing else of the table.
import { personName, t } from "./i18n.js";

export const botName = (level) => t(`bot.${level}`);

export function seatName(room, seat, me) {
  if (me === seat) return t("seat.you");
  const s = room.seats[seat];
  if (s.kind === "bot") return botName(s.level);
  return s.name ? personName(s.name) : t("seat.waiting");
}

/** The key of a message said about a seat: ``base.you`` for the player, else ``base.other``. */
export const about = (base, seat, me) => `${base}.${seat === me ? "you" : "other"}`;
